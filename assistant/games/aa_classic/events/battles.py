"""Axis & Allies (2nd edition), step 3: battles, strategic raids and rockets, and corrected throws ("aa.")."""

from assistant.families.axis_allies import facts
from assistant.families.axis_allies.facts import UnitLine
from events.base import Event


class BattleJoined(facts.BattleJoined, Event, tag="aa.battle_joined"):
    """Attacking units entered a battle (key = space, or space + "/bombing" for a strategic raid)."""

    kinds: dict[str, int] = {}  # the units named by kind, for the log's sentence (older logs: none)


class HitsScored(facts.HitsScored, Event, tag="aa.hits_scored"):
    """What a throw did: ``hits`` on the other side, of which ``ships_only`` cannot be taken by aircraft; ``fire``:
    aa | support | first_strike | attack | defence."""

    ships_only: int = 0
    units: tuple[int, ...] = ()  # the firing units when they matter later (battleships' support shot)
    targets: tuple[int, ...] = ()  # what each die needed, so a corrected throw can be recounted
    restricted: tuple[int, ...] = ()  # indexes of dice whose hits aircraft cannot take
    ref: str = ""  # the throw's ref (core.dice_rolled), so a correction finds the hits it decided
    round: int = 0  # the battle round of the throw


class HitsRecounted(facts.HitsRecounted, Event, tag="aa.hits_recounted"):
    """A physical throw was corrected: it scores ``hits`` now. Hits still waiting for a choice are replaced; hits
    beyond the casualties already taken wait for the owner's choice (``extra``)."""

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


class CasualtiesChosen(facts.CasualtiesChosen, Event, tag="aa.casualties_chosen"):
    """Hit units: removed at once, or (defender under attacker's fire) put behind the casualty line."""

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


class SubmarinesSubmerged(facts.SubmarinesSubmerged, Event, tag="aa.submarines_submerged"):
    zone: str
    kinds: dict[str, int] = {}  # the units named by kind, for the log's sentence (older logs: none)


class AttackerRetreated(facts.AttackerRetreated, Event, tag="aa.attacker_retreated"):
    pass


class BattleEnded(facts.BattleEnded, Event, tag="aa.battle_ended"):
    """``outcome``: attacker_won | defender_held | attacker_retreated | both_destroyed | bombed | shot_down (a raid)."""


class LandingMade(facts.LandingMade, Event, tag="aa.landing_made"):
    """Cargo waiting aboard went ashore after its sea zone was cleared."""

    kinds: dict[str, int] = {}  # the units named by kind, for the log's sentence (older logs: none)


class BombingDamage(facts.BombingDamage, Event, tag="aa.bombing_damage"):
    """A strategic raid: the complex's owner pays the dice total from its treasury (never more than it has)."""

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


class CorrectionOutstanding(facts.CorrectionOutstanding, Event, tag="aa.correction_outstanding"):
    """A corrected throw whose consequences the rules engine no longer changes by itself (the battle is over or
    the turn has passed): the table rolls back to the throw or edits the board."""


class BattleOddsRecorded(facts.BattleOddsRecorded, Event, tag="aa.battle_odds_recorded"):
    """Exact odds of a battle for the forces at its first die (assistant.families.axis_allies.odds), kept in the log."""

    retreat: float
    captures: float
    bombarding: dict[str, int] = {}
    expected_attacker_survivors: dict[str, float] = {}
    expected_defender_survivors: dict[str, float] = {}
    expected_attacker_loss: float = 0.0
    expected_defender_loss: float = 0.0
    expected_rounds: float = 0.0
