"""Axis & Allies: Europe: the facts a table produces, tag prefix "aae.".

Every event names the power it concerns; money events carry their amount so the IPC ledger links each credit and
debit (purchase, income line by line, convoy loss, Middle East payment, bombing, capital seizure) to its cause.
Dice are ``core.dice_rolled``; the events below record what the rules made of them.
"""

from assistant.families.axis_allies import facts
from assistant.families.axis_allies.facts import UnitLine as UnitLine  # the family's piece line, named here too
from events.base import Event


# ---------------------------------------------------------------- before play: the special cash advance


class AdvanceGranted(Event, tag="aae.advance_granted"):
    """The banker pays the special cash advance [T L26]: ``amounts`` per power (the Allies' split as agreed)."""

    amounts: dict[str, int]


class AdvanceClosed(Event, tag="aae.advance_closed"):
    """A side finished buying and placing with its advance (Germany first, then the Allies [T L26])."""

    side: str


class StartingIncomePaid(Event, tag="aae.starting_income_paid"):
    """At the start of round 1 each power receives its starting income, convoys included [T L17, L28]."""

    amounts: dict[str, int]


# ---------------------------------------------------------------- turn flow


class TurnStarted(facts.TurnStarted, Event, tag="aae.turn_started"):
    """A power's turn began; ``controlled`` is its start-of-turn snapshot (placement, landing, retreats use it)."""


class TurnEnded(facts.TurnEnded, Event, tag="aae.turn_ended"):
    pass


class UnitsPurchased(facts.UnitsPurchased, Event, tag="aae.units_purchased"):
    advance: bool = False  # bought with the special cash advance, placed where the buyer has a unit [T L26]


class UnitsPlaced(facts.UnitsPlaced, Event, tag="aae.units_placed"):
    """``complex``: the complex producing them ("" with the cash advance, "Canada" under the Canada rule)."""


class UnitsForfeited(facts.UnitsForfeited, Event, tag="aae.units_forfeited"):
    pass


# ---------------------------------------------------------------- movement


class UnitsMoved(facts.UnitsMoved, Event, tag="aae.units_moved"):
    """Units went along ``path`` in ``phase``; ``mission``: move | attack | blitz | capture | bombing | escort | land."""

    phase: str
    mission: str = "move"
    aboard: dict[int, int] = {}  # fighter -> carrier it landed on


class UnitsLoaded(facts.UnitsLoaded, Event, tag="aae.units_loaded"):
    pass


class UnitsUnloaded(facts.UnitsUnloaded, Event, tag="aae.units_unloaded"):
    """Cargo went ashore (``waiting``: it lands once the naval battle in ``zone`` is won [E L52])."""


class AircraftShotDown(facts.AircraftShotDown, Event, tag="aae.aircraft_shot_down"):
    """AA fire destroyed aircraft over ``space``: ``context`` overflight | battle | bombing [T L31, L32, L56, L82]."""


class AircraftLost(facts.AircraftLost, Event, tag="aae.aircraft_lost"):
    pass


class ConvoyRaided(Event, tag="aae.convoy_raided"):
    """A German warship took an Allied convoy centre: its owner loses the income, Germany gains nothing [T L61]."""

    zone: str
    owner: str
    raider: str
    value: int
    by: tuple[int, ...] = ()


class ConvoyLiberated(Event, tag="aae.convoy_liberated"):
    """An Allied warship freed a German-held convoy centre: the income returns to its owner [T L61, E L63]."""

    zone: str
    owner: str
    liberator: str
    value: int


class TerritoryCaptured(facts.TerritoryCaptured, Event, tag="aae.territory_captured"):
    """Control changed at once (battle, empty territory, blitz) [T L86]; AA guns and the complex change hands."""

    aa_guns: tuple[int, ...] = ()


class CapitalCaptured(facts.CapitalCaptured, Event, tag="aae.capital_captured"):
    """The captor takes every IPC the capital's owner holds [E L44]."""


# ---------------------------------------------------------------- battles


class BattleJoined(facts.BattleJoined, Event, tag="aae.battle_joined"):
    """Attacking units entered a battle (key: the space, or space + "/bombing" for a strategic raid)."""

    escort: bool = False


class InterceptorsDeclared(Event, tag="aae.interceptors_declared"):
    battle: str
    units: tuple[int, ...]


class HitsScored(facts.HitsScored, Event, tag="aae.hits_scored"):
    """What a throw did to the other side. ``no_air``: hits aircraft cannot take (submarine fire [T L98]);
    ``no_sub``: hits submarines cannot take (aircraft without a friendly destroyer [T L106]). ``fire``: aa | support |
    surprise | attack | defence | intercept | escort."""

    no_air: int = 0
    no_sub: int = 0
    line: bool = True  # the victims stay behind the casualty line (they still fire) until it is cleared
    round: int = 0
    ref: str = ""
    kinds: tuple[str, ...] = ()  # per die: any | no_air | no_sub | air_only (a corrected throw is recounted with them)


class HitsRecounted(facts.HitsRecounted, Event, tag="aae.hits_recounted"):
    """A corrected physical throw whose hits were still waiting for the casualty choice: they are now these."""

    no_air: int = 0
    no_sub: int = 0
    ref: str = ""


class CorrectionOutstanding(facts.CorrectionOutstanding, Event, tag="aae.correction_outstanding"):
    """A corrected throw whose consequences were already acted on: the table rolls back to it or edits."""


class CasualtiesChosen(facts.CasualtiesChosen, Event, tag="aae.casualties_chosen"):
    """Hit units: ``damaged`` battleships turned on their side [T L34]; ``units`` lost (behind the casualty line when
    ``removed`` is false: they still fire back); ``cargo`` lost with its transport or carrier [T L106]."""

    damaged: tuple[int, ...] = ()
    cargo: tuple[int, ...] = ()
    removed: bool = True
    chosen_by: str = ""


class LineCleared(Event, tag="aae.line_cleared"):
    """Units behind the casualty line are removed (after the surprise strikes, and at the end of each round)."""

    battle: str
    units: tuple[int, ...]
    cargo: tuple[int, ...] = ()
    round_over: bool = True


class SubmarinesSubmerged(facts.SubmarinesSubmerged, Event, tag="aae.submarines_submerged"):
    """Laid on their side, out of the battle; they surface in phase 6 [E L66, L104]."""


class AttackerRetreated(facts.AttackerRetreated, Event, tag="aae.attacker_retreated"):
    pass


class BattleEnded(facts.BattleEnded, Event, tag="aae.battle_ended"):
    """``outcome``: attacker_won | defender_held | attacker_retreated | both_destroyed | cleared | stalemate | bombed |
    bombers_shot_down (a raid whose bombers were all lost before they could bomb)."""


class LandingMade(facts.LandingMade, Event, tag="aae.landing_made"):
    pass


class BombingDamage(facts.BombingDamage, Event, tag="aae.bombing_damage"):
    """Each surviving bomber's die; the sum is returned to the bank from the treasury, all it has at most [T L56]."""


class BattleOddsRecorded(facts.BattleOddsRecorded, Event, tag="aae.battle_odds_recorded"):
    """Exact odds of a battle for the forces at its first die, kept in the log."""

    captures: float
    supporting: dict[str, int] = {}
    expected_rounds: float = 0.0


# ---------------------------------------------------------------- phases 4 to 7


class UnitsTransferred(Event, tag="aae.units_transferred"):
    """The Great Patriotic War: British or U.S. units in Soviet territory become Soviet for good; they cannot move
    before the next Soviet turn [T L68, E L70]."""

    territory: str
    units: tuple[int, ...]
    previous: str


class SurfacedAndRepaired(Event, tag="aae.surfaced_and_repaired"):
    """Phase 6: every submerged submarine and damaged battleship, of any nationality, is set upright [T L78]."""

    submarines: tuple[int, ...] = ()
    battleships: tuple[int, ...] = ()


class IncomeCollected(facts.IncomeCollected, Event, tag="aae.income_collected"):
    """The production chart's level [T L78]; ``lines`` shows it space by space and ``convoy_losses`` each convoy centre
    held by Germany with the income its owner does not receive [T L61]."""

    lines: dict[str, int] = {}
    convoy_losses: dict[str, int] = {}


class IncomeWithheld(facts.IncomeWithheld, Event, tag="aae.income_withheld"):
    amount: int = 0


class MiddleEastPaid(Event, tag="aae.middle_east_paid"):
    """In Germany's income phase the Allies pay it the Middle East column [T L78, E L80]; ``decided_by`` agreement or
    germany; ``shortfall``: what the payers could not cover."""

    total: int
    payers: dict[str, int]
    decided_by: str
    shortfall: int = 0


# ---------------------------------------------------------------- victory


class VictoryArmed(Event, tag="aae.victory_armed"):
    """A power occupies an enemy capital: it wins if it still holds it (and its home) at its next turn [T L13]."""

    power: str
    capital: str
    round: int


class VictoryLapsed(Event, tag="aae.victory_lapsed"):
    power: str
    capital: str
    reason: str


class VictoryDeclared(Event, tag="aae.victory_declared"):
    side: str
    winners: tuple[str, ...]
    mode: str  # collective | soviet_alone | western_joint
    reason: str
    round: int
    increases: dict[str, int] = {}
    individual_winner: tuple[str, ...] = ()


# ---------------------------------------------------------------- edits


class UnitsEdited(facts.UnitsEdited, Event, tag="aae.units_edited"):
    pass


class ControlEdited(Event, tag="aae.control_edited"):
    reason: str
    space: str
    controller: str


class TreasuryEdited(facts.TreasuryEdited, Event, tag="aae.treasury_edited"):
    pass


class RuleOverridden(facts.RuleOverridden, Event, tag="aae.rule_overridden"):
    """The table chose to do what the rules refuse; the refusal and the reason stay on the record."""


EVENTS: tuple[type[Event], ...] = (
    AdvanceGranted, AdvanceClosed, StartingIncomePaid, TurnStarted, TurnEnded, UnitsPurchased, UnitsPlaced,
    UnitsForfeited, UnitsMoved, UnitsLoaded, UnitsUnloaded, AircraftShotDown, AircraftLost, ConvoyRaided,
    ConvoyLiberated, TerritoryCaptured, CapitalCaptured, BattleJoined, InterceptorsDeclared, HitsScored,
    HitsRecounted, CorrectionOutstanding, CasualtiesChosen, LineCleared, SubmarinesSubmerged, AttackerRetreated, BattleEnded, LandingMade, BombingDamage,
    BattleOddsRecorded, UnitsTransferred, SurfacedAndRepaired, IncomeCollected, IncomeWithheld, MiddleEastPaid,
    VictoryArmed, VictoryLapsed, VictoryDeclared, UnitsEdited, ControlEdited, TreasuryEdited, RuleOverridden,
)
