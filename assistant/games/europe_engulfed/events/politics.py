"""Europe Engulfed events of politics, conquest and victory (EE 9.0, 10.0)."""

from events.base import Event


class WarDeclared(Event, tag="ee.war_declared"):
    """A declaration of war; ``forced_by`` names the rule when the rules make it automatic (9.15, 9.23, 9.32, 9.42)."""

    aggressor: str
    target: str
    forced_by: str = ""


class PactActivated(Event, tag="ee.pact_activated"):
    """The Nazi-Soviet non-aggression pact takes effect the turn Germany conquers Poland (EE 9.25)."""

    turn: int


class VichyEstablished(Event, tag="ee.vichy_established"):
    """Germany accepts the French armistice (EE 9.521-9.522); France counts as conquered (10.12)."""

    turn: int
    placements: tuple[str, ...]  # areas of the three 2-step Vichy units


class MoraleCollapsed(Event, tag="ee.italian_morale_collapsed"):
    """Italian morale collapse at the start of a game turn (EE 9.45); irreversible."""

    turn: int


class PowerConquered(Event, tag="ee.power_conquered"):
    """A major or minor power is conquered (EE 10.1, 10.2, 9.46, 9.521)."""

    power: str
    turn: int
    rule: str
    cause: str


class ConscriptionStepsDue(Event, tag="ee.conscription_steps_due"):
    """Reminder fact: free Soviet conscription steps available this production phase (EE 9.24f)."""

    steps: int


class FreeFrenchJoined(Event, tag="ee.free_french_joined"):
    """Free French blocks enter the U.S. force pool (EE 9.531-9.532): pool key -> count."""

    blocks: dict[str, int]
    rule: str


class GameEnded(Event, tag="ee.game_ended"):
    """The game is over (EE 10.4): the result, the rule and why."""

    result: str
    rule: str
    reason: str
    turn: int


class FrenchFleetEscaped(Event, tag="ee.french_fleet_escaped"):
    """France conquered without Vichy: one French fleet point in the Allied player's chosen sea becomes British;
    every other French fleet point is removed (EE 9.522)."""

    sea: str


class VichyOccupied(Event, tag="ee.vichy_occupied"):
    """A German unit entered Marseille (EE 9.527): the Vichy units are removed for good and every remaining Vichy
    area becomes Axis-controlled."""

    turn: int
    removed: tuple[str, ...]
    areas: tuple[str, ...]


class LebanonOccupied(Event, tag="ee.lebanon_occupied"):
    """German units entered Vichy Lebanon from 1942 (EE 9.524): its Vichy unit is removed without a fight, the Axis
    controls Lebanon (and Syria if it is still Vichy)."""

    turn: int
    removed: tuple[str, ...]
    areas: tuple[str, ...]
