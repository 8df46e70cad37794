"""Asia Engulfed events (tags "ae.*"): facts at the table. Economic events carry their ledger ``books`` lines."""


import msgspec

from assistant.families.engulfed.ledger import Booking
from assistant.games.asia_engulfed.board.amend import Amendment
from assistant.games.asia_engulfed.scenario.format import Marker, Piece, PoolAddition, Scenario
from events.base import Event

Books = tuple[Booking, ...]


class BoardAmended(Event, tag="ae.board_amended"):
    amendments: tuple[Amendment, ...]  # type: ignore[valid-type]
    reason: str = ""


class ScenarioSetUp(Event, tag="ae.scenario_set_up"):
    scenario: Scenario
    books: Books = ()


class SidesBid(Event, tag="ae.sides_bid"):
    """AE 10.4: the winning bid N for the Allies: Japan's pre-game production of N WERP and N more Oil."""

    bids: dict[str, int]
    allied_player: str
    amount: int
    books: Books = ()


class TurnBegan(Event, tag="ae.turn_began"):
    turn: int
    label: str
    books: Books = ()  # Transports Available reset to the Transport Capacity (AE 1.1)


class TrackMoved(Event, tag="ae.track_moved"):
    """A General Information Track marker moved: asw, dud_torpedoes, kamikaze, jp_sr, us_level, hdf_<island>."""

    track: str
    before: int
    after: int
    rule: str
    cause: str


class ZoneIncome(msgspec.Struct, frozen=True, kw_only=True):
    zone: str
    werp: int = 0
    oil: int = 0
    counted: bool = True
    reason: str = ""


class IncomeAssessed(Event, tag="ae.income_assessed"):
    """A nation opens its production: base, zones counted or not (with why), Europe drain... (AE 4.1, 4.14)."""

    nation: str
    zones: tuple[ZoneIncome, ...] = ()
    books: Books = ()


class AswRolled(Event, tag="ae.asw_rolled"):
    die: int
    level: int
    lost: int
    books: Books = ()


class SubmarineAttackRolled(Event, tag="ae.submarine_attack_rolled"):
    die: int
    modified: int
    points: int
    result: int
    books: Books = ()  # Japanese WERP and Oil received this turn (Honshu immune) and Transport Capacity (AE 2.12)


class StrategicBombing(Event, tag="ae.strategic_bombing"):
    bases: tuple[str, ...]
    points: int
    dice: tuple[int, ...]
    hits: int
    books: Books = ()


class Purchased(Event, tag="ae.purchased"):
    """One item bought in production (AE 4.0): the WERP (and Japanese TP) it cost, what it adds."""

    nation: str
    item: str
    target: str = ""  # piece, zone, marker or sea zone
    steps: int = 0
    piece: Piece | None = None  # a new unit placed
    books: Books = ()
    private: bool = False  # AE 4.6: which land steps were bought is the producer's secret


class ConstructionAdvanced(Event, tag="ae.construction_advanced"):
    """A construction marker placed or moved one box (AE 4.7); ``free`` = the kamikaze free advance (9.13)."""

    marker: str
    nation: str
    build: str  # the face chosen: cv, bb, ca, tr, lba, cba, asw
    box: int
    needed: int
    free: bool = False
    books: Books = ()


class ConstructionCompleted(Event, tag="ae.construction_completed"):
    """End of production: what the completed marker gives (a naval step, an air unit, ASW +1, TC +1)."""

    marker: str
    nation: str
    build: str
    target: str = ""  # the fleet that takes the step, or the new piece id
    piece: Piece | None = None
    waiting: bool = False  # nothing can take it yet: it stays in the Built box (AE 4.74-4.75)
    books: Books = ()


class LendLease(Event, tag="ae.lend_lease"):
    to: str
    werp: int
    books: Books = ()


class ProductionClosed(Event, tag="ae.production_closed"):
    nation: str
    unspent: int
    books: Books = ()


class SpecialActionSpent(Event, tag="ae.special_action_spent"):
    nation: str
    use: str
    target: str = ""


class NetworkSet(Event, tag="ae.network_set"):
    """AE 3.5: the Japanese Supply Network for this turn, its TP cost (submarine zone not counted)."""

    markers: dict[str, int]
    submarine_zone: str = ""
    removed: tuple[str, ...] = ()
    books: Books = ()


class Verdict(msgspec.Struct, frozen=True, kw_only=True):
    piece: str
    status: str  # full, partial, none
    route: tuple[str, ...] = ()
    reason: str = ""


class SupplyDetermined(Event, tag="ae.supply_determined"):
    side: str
    phase: str  # initial, final
    verdicts: tuple[Verdict, ...] = ()
    eliminated: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()  # board facts that would change a verdict, in words


class NavalMoved(Event, tag="ae.naval_moved"):
    """Fleets, troop transports and Marines moved (mode move, react, rebase, return, flee); oil and TP paid."""

    pieces: tuple[str, ...]
    to: str
    mode: str
    zones: int = 0
    oil_paid: tuple[str, ...] = ()  # Japanese blocks that paid their Oil for this player turn
    books: Books = ()


class Crossing(msgspec.Struct, frozen=True, kw_only=True):
    """The border a land unit crossed by Operational Movement into the zone it entered, as the board gave it when
    the unit moved (AE 5.16, 6.73)."""

    piece: str
    origin: str  # the zone it left
    border: str  # normal | river | strait | impassable; "" = the board had no border between them (a move overridden)


class PiecesMoved(Event, tag="ae.pieces_moved"):
    pieces: tuple[str, ...]
    to: str
    mode: str  # operational, strategic, landing, invasion
    books: Books = ()
    # The border each land unit crossed into ``to`` (operational movement; none recorded before this field existed).
    crossings: tuple[Crossing, ...] = ()
    # The move made ``to`` contested: the enemy's land units held it, none of the mover's side (AE 6.1: a newly
    # contested zone; False in moves recorded before this field existed).
    newly_contested: bool = False


class ControlChanged(Event, tag="ae.control_changed"):
    zone: str
    side: str
    cause: str


class UnitFire(msgspec.Struct, frozen=True, kw_only=True):
    piece: str
    dice: int
    bonus: int
    hits: int = 0
    bonuses: tuple[str, ...] = ()


class LandFire(Event, tag="ae.land_fire"):
    zone: str
    side: str
    round: int
    assault: bool = False  # the round's type (AE 6.2, 6.3): two dice a step
    fire: tuple[UnitFire, ...] = ()
    hits: int = 0
    # The defenders' river or strait Hit-bonus (AE 6.4d, 6.73), given: "crossings" (the borders the attackers' moves
    # recorded) or "table" (the table's word where the board lacks a border); "" = not given this fire.
    river: str = ""
    river_from: tuple[str, ...] = ()  # the zones the attackers left across a river or strait ("crossings")


class LossesApplied(Event, tag="ae.losses_applied"):
    zone: str
    losses: dict[str, int]
    eliminated: tuple[str, ...] = ()
    hdf: dict[str, int] = {}  # Home Defense Force steps lost per island (AE 9.16)
    cause: str = "combat"


class InterceptionRolled(Event, tag="ae.interception_rolled"):
    sea: str
    attempt: int
    choices: dict[str, str]
    dice: dict[str, int]
    modified: dict[str, int]
    outcome: str  # day, night, bad_weather, avoid
    winner: str = ""
    surprise: bool = False


class NavalFired(Event, tag="ae.naval_fired"):
    sea: str
    kind: str
    shots: tuple[tuple[str, str, int, int, str], ...]  # (firer, target, die, modifier, destroy|damage|miss)


class AirCombatFought(Event, tag="ae.air_combat_fought"):
    where: str
    hits: dict[str, int]  # side -> hits it scored
    dice: dict[str, tuple[int, ...]]
    units: tuple[str, ...] = ()  # the air units that fought (they take the losses)


class DamageResolved(Event, tag="ae.damage_resolved"):
    """Damaged steps leave the fleet: repair markers on the Naval Production Track, or destroyed (DEI, AE 9.52)."""

    fleet: str
    repairs: tuple[tuple[str, str, int, int], ...] = ()  # (marker, build, box, needed)
    destroyed: int = 0
    orphaned: tuple[str, ...] = ()  # CBA sent to the Orphan box
    non_elite: bool = False


class KamikazeAttack(Event, tag="ae.kamikaze_attack"):
    sea: str
    attacks: tuple[tuple[str, str, int, str], ...]  # (lba, fleet, die, result: destroy|damage|miss)


class FleetDamaged(Event, tag="ae.fleet_damaged"):
    """Steps of a fleet destroyed, and how many of its remaining steps are damaged now (AE 8.41, 8.42f, 9.13)."""

    fleet: str
    destroyed: int = 0
    damaged: int = 0  # damaged steps after this event
    cause: str = ""


class PortDamaged(Event, tag="ae.port_damaged"):
    zone: str
    before: int
    after: int
    cause: str


class FortificationRemoved(Event, tag="ae.fortification_removed"):
    zone: str
    cause: str  # no friendly unit at the end of a player turn (AE 6.83), breached (AE 6.84)


class NationConquered(Event, tag="ae.nation_conquered"):
    nation: str
    rule: str
    removed: tuple[str, ...] = ()
    control: dict[str, str] = {}


class VictoryDetermined(Event, tag="ae.victory_determined"):
    when: str  # end of allied turn, final
    vp_zones: tuple[str, ...] = ()
    vp_seas: tuple[str, ...] = ()
    result: str = ""  # "" = play on; else japanese_decisive ... allied_decisive
    rule: str = ""
    missing: tuple[str, ...] = ()


class FreeStepsGranted(Event, tag="ae.free_steps_granted"):
    """Chinese free steps to place: the Communist step (AE 9.42) or up to 5 emergency militia steps (AE 9.45)."""

    force: str
    steps: int
    zone: str = ""
    rule: str = ""


class FreeStepsPlaced(Event, tag="ae.free_steps_placed"):
    """Free steps placed: Chinese free steps (``force``), or a garrison made from a unit's step (no force)."""

    force: str
    steps: int
    target: str
    piece: Piece | None = None


class AirBaseLost(Event, tag="ae.air_base_lost"):
    """AE 2.5: Japan captured an Allied strategic air base; the USA loses a Bomber Point if any remain."""

    zone: str
    books: Books = ()


class UsEscalationEarned(Event, tag="ae.us_escalation_earned"):
    """AE 9.22: a qualifying US naval move or reaction, with the force that proves it."""

    fleets: tuple[str, ...]
    steps: int
    cv_steps: int
    trigger: str


class RuleOverridden(Event, tag="ae.rule_overridden"):
    """The table carried out a command the rules refused: the refusal, its rule and the table's reason."""

    command: str
    refusal: str
    rule: str
    reason: str


class Edited(Event, tag="ae.edited"):
    """A correction the table makes to match the physical board (kept and shown as such)."""

    what: str
    key: str
    value: str
    reason: str
    books: Books = ()


GAME_EVENTS = (BoardAmended, ScenarioSetUp, SidesBid, TurnBegan, TrackMoved, IncomeAssessed, AswRolled,
               SubmarineAttackRolled, StrategicBombing, Purchased, ConstructionAdvanced, ConstructionCompleted,
               LendLease, ProductionClosed, SpecialActionSpent, NetworkSet, SupplyDetermined, NavalMoved,
               PiecesMoved, ControlChanged, LandFire, LossesApplied, KamikazeAttack, FleetDamaged, PortDamaged,
               NationConquered, VictoryDetermined, UsEscalationEarned, Edited, AirBaseLost, FreeStepsGranted, FreeStepsPlaced,
               InterceptionRolled, NavalFired, DamageResolved, FortificationRemoved, RuleOverridden,
               AirCombatFought)


# Land, carrier-air and force-pool rules (rules/submarine_replacement.py, carrier_air.py, chinese_attack.py,
# force_pool.py).


class SubmarineReplacementMerged(Event, tag="ae.submarine_replacement_merged"):
    """AE 4.61, 8.53: the submarine Replacement marker bought while the 1-step unit was at sea joins the unit back in
    its holding box (a 2-step unit), or, the unit destroyed, becomes a 1-step unit there (``new_piece``)."""

    nation: str
    piece: str
    steps: int  # the unit's steps after the merge
    new_piece: Piece | None = None


class OrphanCbaBased(Event, tag="ae.orphan_cba_based"):
    """AE 4.42, 5.22: CBA leave the Orphan CBA box for a CV fleet with room on its decks, by Strategic Movement
    (``strategic``, counted in the nation's limit, AE 5.24) or because the CV is in its national port."""

    pieces: tuple[str, ...]
    fleet: str
    strategic: bool = True


class ChineseAttackerChosen(Event, tag="ae.chinese_attacker_chosen"):
    """AE 9.43: where Nationalist and Communist units are together, one force (the Allied player's choice) attacks
    and alone takes the losses."""

    zone: str
    force: str


class AirCommitted(Event, tag="ae.air_committed"):
    """AE 6.21: air units committed to air combat or to ground support in a land combat round at a zone."""

    zone: str
    round: int
    use: str  # "air combat" | "ground support"
    units: tuple[str, ...]


class ForcePoolAdditionsEntered(Event, tag="ae.force_pool_additions_entered"):
    """The players entered one year's US Force Pool additions from the scenario card (AE 9.22)."""

    year: str
    addition: PoolAddition


class ForcePoolAdditionsReceived(Event, tag="ae.force_pool_additions_received"):
    """AE 9.22: a year's additions join the US Force Pool (1943 with the first production increase, 1944 with the
    second, 1945 at the start of Jan/Feb 1945). ``entered`` False: the card's list was not entered yet."""

    year: str
    cause: str
    units: dict[str, int] = {}
    markers: tuple[Marker, ...] = ()
    entered: bool = True


GAME_EVENTS = GAME_EVENTS + (SubmarineReplacementMerged, OrphanCbaBased, ChineseAttackerChosen, AirCommitted,
                             ForcePoolAdditionsEntered, ForcePoolAdditionsReceived)

from assistant.games.asia_engulfed.events_air import EVENTS as AIR_NAVAL_EVENTS  # noqa: E402 (AE 8.23-8.8, 9.11)

GAME_EVENTS = GAME_EVENTS + AIR_NAVAL_EVENTS
