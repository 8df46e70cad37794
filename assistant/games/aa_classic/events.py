"""Axis & Allies (Milton Bradley, 2nd edition): the facts a table produces, tag prefix "aa.".

Every event names the power it concerns; money events carry the amount so the IPC ledger can link each credit
and debit to the event that caused it. Dice themselves are ``core.dice_rolled``; the events below record what
the rules made of them (hits, breakthroughs, damage).
"""

from __future__ import annotations

import msgspec

from events.base import Event


class UnitLine(msgspec.Struct, frozen=True):
    """A new piece on the board (set-up edits and placement): its id, kind, owner and space."""

    id: int
    kind: str
    owner: str
    space: str
    aboard: int = 0


# ---------------------------------------------------------------- turn flow


class TurnStarted(Event, tag="aa.turn_started"):
    """A power's turn began; ``controlled`` is its start-of-turn snapshot (placement and canals use it)."""

    round: int
    power: str
    controlled: tuple[str, ...]


class TurnEnded(Event, tag="aa.turn_ended"):
    round: int
    power: str


class RoundEnded(Event, tag="aa.round_ended"):
    """All five powers have played; ``axis_production`` is checked against the economic victory level."""

    round: int
    axis_production: int


# ---------------------------------------------------------------- step 1: research and purchase


class ResearchPaid(Event, tag="aa.research_paid"):
    power: str
    dice: int
    cost: int


class ResearchRolled(Event, tag="aa.research_rolled"):
    """The research dice were read: each 6 is a breakthrough still to be rolled on the technology table."""

    power: str
    breakthroughs: int
    ref: str = ""  # the throw's ref, so a correction finds what it decided


class BreakthroughsRecounted(Event, tag="aa.breakthroughs_recounted"):
    """A corrected research or technology throw: ``waiting`` breakthroughs are now still to be rolled."""

    power: str
    waiting: int
    sixes: int = -1  # the research dice's sixes after the correction (-1: a technology die was corrected)


class TechnologyAcquired(Event, tag="aa.technology_acquired"):
    power: str
    technology: str
    face: int
    ref: str = ""


class TechnologyRevoked(Event, tag="aa.technology_revoked"):
    """A corrected throw no longer gives this technology (A&A §5.1 read with the corrected faces)."""

    power: str
    technology: str
    reason: str


class BreakthroughDuplicated(Event, tag="aa.breakthrough_duplicated"):
    """The technology die named a technology the power already has: it must be rolled again (A&A §5.1)."""

    power: str
    technology: str
    face: int


class BreakthroughsWasted(Event, tag="aa.breakthroughs_wasted"):
    """Every technology is already owned, so the remaining breakthroughs give nothing."""

    power: str
    count: int


class UnitsPurchased(Event, tag="aa.units_purchased"):
    power: str
    units: dict[str, int]
    cost: int
    industrial_technology: bool = False


# ---------------------------------------------------------------- steps 2 and 4: movement


class UnitsMoved(Event, tag="aa.units_moved"):
    """Units went along ``path``; ``step`` is combat_move or noncombat_move; ``mission`` says why."""

    power: str
    units: tuple[int, ...]
    path: tuple[str, ...]
    step: str
    mission: str = "move"  # move | attack | blitz | bombing | land | capture | violation
    aboard: dict[int, int] = {}  # fighter -> carrier it landed on
    kinds: dict[str, int] = {}  # the units named by kind, for the log's sentence (older logs: none)


class UnitsLoaded(Event, tag="aa.units_loaded"):
    power: str
    transport: int
    cargo: tuple[int, ...]
    territory: str
    zone: str
    kinds: dict[str, int] = {}  # the units named by kind, for the log's sentence (older logs: none)


class UnitsUnloaded(Event, tag="aa.units_unloaded"):
    """Cargo went ashore (or, with ``waiting``, will go ashore once the naval battle in ``zone`` is won)."""

    power: str
    transports: tuple[int, ...]
    cargo: tuple[int, ...]
    zone: str
    territory: str
    amphibious: bool = False
    waiting: bool = False
    kinds: dict[str, int] = {}  # the units named by kind, for the log's sentence (older logs: none)


class NeutralityViolated(Event, tag="aa.neutrality_violated"):
    power: str
    territory: str
    penalty: int


class AircraftShotDown(Event, tag="aa.aircraft_shot_down"):
    """AA fire destroyed aircraft flying over ``space`` (``context``: overflight, battle, bombing)."""

    power: str
    units: tuple[int, ...]
    space: str
    context: str
    ref: str = ""  # the AA throw
    lines: tuple[UnitLine, ...] = ()  # the aircraft as they were, so a corrected throw can bring them back
    # Overflight fire (recorded even when it hits nothing, so a corrected throw can be re-read):
    aircraft: tuple[int, ...] = ()  # the aircraft fired at
    preference: tuple[int, ...] = ()  # the losses the owner named, in order
    end: str = ""  # where their move ends
    came: str = ""  # the space before the end
    arrival: str = ""  # land | naval | bombing
    kinds: dict[str, int] = {}  # the units named by kind, for the log's sentence (older logs: none)


class AircraftRestored(Event, tag="aa.aircraft_restored"):
    """A corrected AA throw over ``space`` hit fewer aircraft: these fly on to the end of their move."""

    power: str
    units: tuple[UnitLine, ...]
    space: str
    ref: str = ""


class AircraftLost(Event, tag="aa.aircraft_lost"):
    power: str
    units: tuple[int, ...]
    reason: str
    kinds: dict[str, int] = {}  # the units named by kind, for the log's sentence (older logs: none)


class BattleJoined(Event, tag="aa.battle_joined"):
    """Attacking units entered a battle (key = space, or space + "/bombing" for a strategic raid)."""

    battle: str
    space: str
    kind: str  # land | naval | bombing
    attacker: str
    units: tuple[int, ...]
    came_from: str
    amphibious: bool = False
    kinds: dict[str, int] = {}  # the units named by kind, for the log's sentence (older logs: none)


# ---------------------------------------------------------------- captures and capitals


class TerritoryCaptured(Event, tag="aa.territory_captured"):
    """Control changed; production levels move at once (``production`` = change per power)."""

    territory: str
    by: str
    previous: str
    controller: str
    method: str  # battle | blitz | unoccupied | neutral | amphibious
    liberated: bool = False
    production: dict[str, int] = {}
    aa_guns: tuple[int, ...] = ()


class CapitalCaptured(Event, tag="aa.capital_captured"):
    """The captor seizes the whole treasury of the capital's owner (A&A §8.4)."""

    capital: str
    owner: str
    captor: str
    seized: int


class CapitalLiberated(Event, tag="aa.capital_liberated"):
    """Territories of the owner held by its allies during the capital's captivity go back to it."""

    capital: str
    owner: str
    returned: tuple[str, ...] = ()
    production: dict[str, int] = {}


# ---------------------------------------------------------------- step 3: battles


class HitsScored(Event, tag="aa.hits_scored"):
    """What a throw did: ``hits`` on the other side, of which ``ships_only`` cannot be taken by aircraft."""

    battle: str
    side: str  # attacker | defender
    firer: str
    fire: str  # aa | support | first_strike | attack | defence
    hits: int
    ships_only: int = 0
    units: tuple[int, ...] = ()  # the firing units when they matter later (battleships' support shot)
    targets: tuple[int, ...] = ()  # what each die needed, so a corrected throw can be recounted
    restricted: tuple[int, ...] = ()  # indexes of dice whose hits aircraft cannot take
    ref: str = ""  # the throw's ref (core.dice_rolled), so a correction finds the hits it decided
    round: int = 0  # the battle round of the throw


class HitsRecounted(Event, tag="aa.hits_recounted"):
    """A physical throw was corrected: it scores ``hits`` now. Hits still waiting for a choice are replaced; hits
    beyond the casualties already taken wait for the owner's choice (``extra``)."""

    battle: str
    hits: int
    ships_only: int
    ref: str = ""
    extra: int = 0  # hits more than the casualties already taken: a new casualty choice
    line: bool = False  # the extra casualties go behind the casualty line (the round is still open)


class CasualtiesRestored(Event, tag="aa.casualties_restored"):
    """A corrected throw scored fewer hits than the casualties taken: these units come back (ruling: the costliest
    first, each transport with its cargo)."""

    battle: str
    side: str
    units: tuple[UnitLine, ...]
    ref: str = ""


class CasualtiesChosen(Event, tag="aa.casualties_chosen"):
    """Hit units: removed at once, or (defender under attacker's fire) put behind the casualty line."""

    battle: str
    side: str
    units: tuple[int, ...]
    cargo: tuple[int, ...] = ()
    removed: bool = True
    chosen_by: str = ""
    kinds: dict[str, int] = {}  # the units named by kind, for the log's sentence (older logs: none)


class BattleRoundEnded(Event, tag="aa.battle_round_ended"):
    """The casualty line was cleared; the battle goes on to another round unless it ended."""

    battle: str
    round: int
    removed: tuple[int, ...] = ()
    cargo: tuple[int, ...] = ()


class SubmarinesSubmerged(Event, tag="aa.submarines_submerged"):
    battle: str
    side: str
    units: tuple[int, ...]
    zone: str
    kinds: dict[str, int] = {}  # the units named by kind, for the log's sentence (older logs: none)


class AttackerRetreated(Event, tag="aa.attacker_retreated"):
    battle: str
    units: tuple[int, ...]
    to: str
    aircraft: tuple[int, ...] = ()


class BattleEnded(Event, tag="aa.battle_ended"):
    battle: str
    outcome: str  # attacker_won | defender_held | attacker_retreated | both_destroyed | bombed | shot_down (a raid)
    survivors: tuple[int, ...] = ()


class LandingMade(Event, tag="aa.landing_made"):
    """Cargo waiting aboard went ashore after its sea zone was cleared."""

    zone: str
    territory: str
    cargo: tuple[int, ...]
    kinds: dict[str, int] = {}  # the units named by kind, for the log's sentence (older logs: none)


class BombingDamage(Event, tag="aa.bombing_damage"):
    """A strategic raid: the complex's owner pays the dice total from its treasury (never more than it has)."""

    battle: str
    territory: str
    owner: str
    total: int
    paid: int
    ref: str = ""


class RocketFired(Event, tag="aa.rocket_fired"):
    power: str
    launcher: str
    target: str
    owner: str
    damage: int
    paid: int
    gun: int = 0  # the AA gun that fired: it cannot move in the non-combat move (memo (5))
    ref: str = ""


class DamageCorrected(Event, tag="aa.damage_corrected"):
    """A corrected raid or rocket throw: the complex's owner pays ``change`` more (negative: gets it back).
    Ruling: the payment is recomputed against the treasury the owner had when it was hit."""

    ref: str
    territory: str
    owner: str
    total: int
    change: int


class CorrectionOutstanding(Event, tag="aa.correction_outstanding"):
    """A corrected throw whose consequences the rules engine no longer changes by itself (the battle is over or
    the turn has passed): the table rolls back to the throw or edits the board."""

    ref: str
    reason: str


class BattleOddsRecorded(Event, tag="aa.battle_odds_recorded"):
    """Exact odds of a battle for the forces at its first die (assistant.families.axis_allies.odds), kept in the log."""

    battle: str
    space: str
    attacker: str
    defender: str
    attacking: dict[str, int]
    defending: dict[str, int]
    attacker_wins: float
    defender_wins: float
    draw: float
    retreat: float
    captures: float
    bombarding: dict[str, int] = {}
    expected_attacker_survivors: dict[str, float] = {}
    expected_defender_survivors: dict[str, float] = {}
    expected_attacker_loss: float = 0.0
    expected_defender_loss: float = 0.0
    expected_rounds: float = 0.0


# ---------------------------------------------------------------- step 5: placement


class UnitsPlaced(Event, tag="aa.units_placed"):
    power: str
    space: str
    complex: str
    units: tuple[UnitLine, ...]


class ComplexPlaced(Event, tag="aa.complex_placed"):
    power: str
    territory: str


class UnitsForfeited(Event, tag="aa.units_forfeited"):
    power: str
    units: dict[str, int]
    reason: str


# ---------------------------------------------------------------- step 6: income and the end


class IncomeCollected(Event, tag="aa.income_collected"):
    power: str
    amount: int


class IncomeWithheld(Event, tag="aa.income_withheld"):
    power: str
    reason: str


class VictoryDeclared(Event, tag="aa.victory_declared"):
    side: str
    kind: str  # military | economic | total
    reason: str
    round: int
    power: str
    percentages: dict[str, float] = {}
    individual_winner: str = ""


# ---------------------------------------------------------------- edits and overrides


class UnitsEdited(Event, tag="aa.units_edited"):
    reason: str
    added: tuple[UnitLine, ...] = ()
    removed: tuple[int, ...] = ()
    kinds: dict[str, int] = {}  # the units removed, by kind, for the log's sentence (older logs: none)


class ControlEdited(Event, tag="aa.control_edited"):
    reason: str
    territory: str
    controller: str
    production: dict[str, int] = {}


class TreasuryEdited(Event, tag="aa.treasury_edited"):
    reason: str
    power: str
    amount: int  # the change (the ledger books it)
    to: int = -1  # the value the table set, when it set one rather than a change


class ProductionEdited(Event, tag="aa.production_edited"):
    reason: str
    power: str
    amount: int  # the change
    to: int = -1  # the value the table set, when it set one rather than a change


class TechnologiesEdited(Event, tag="aa.technologies_edited"):
    """The table set a power's technologies by hand (e.g. after a research throw corrected turns later)."""

    reason: str
    power: str
    technologies: tuple[str, ...]


class RuleOverridden(Event, tag="aa.rule_overridden"):
    """The table chose to do what the rules refuse; the refusal and the reason stay on the record."""

    command: str
    refusal: str
    rule: str
    reason: str


EVENTS: tuple[type[Event], ...] = (
    TurnStarted,
    TurnEnded,
    RoundEnded,
    ResearchPaid,
    ResearchRolled,
    TechnologyAcquired,
    BreakthroughDuplicated,
    BreakthroughsWasted,
    UnitsPurchased,
    UnitsMoved,
    UnitsLoaded,
    UnitsUnloaded,
    NeutralityViolated,
    AircraftShotDown,
    AircraftLost,
    BattleJoined,
    TerritoryCaptured,
    CapitalCaptured,
    CapitalLiberated,
    HitsScored,
    HitsRecounted,
    CasualtiesRestored,
    CasualtiesChosen,
    BattleRoundEnded,
    SubmarinesSubmerged,
    AttackerRetreated,
    BattleEnded,
    LandingMade,
    BombingDamage,
    RocketFired,
    DamageCorrected,
    CorrectionOutstanding,
    BattleOddsRecorded,
    BreakthroughsRecounted,
    TechnologyRevoked,
    AircraftRestored,
    UnitsPlaced,
    ComplexPlaced,
    UnitsForfeited,
    IncomeCollected,
    IncomeWithheld,
    VictoryDeclared,
    UnitsEdited,
    ControlEdited,
    TreasuryEdited,
    ProductionEdited,
    TechnologiesEdited,
    RuleOverridden,
)
