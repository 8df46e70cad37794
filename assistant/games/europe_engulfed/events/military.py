"""Europe Engulfed events of movement, combat and special actions (EE 5.0, 6.0, 7.0)."""

import msgspec

from events.base import Event


class SeaLeg(msgspec.Struct, frozen=True, kw_only=True):
    """Sea transport used by a move in one sea area (EE 5.34): whose fleet points, and how many ("cape": 4)."""

    sea: str
    nation: str
    fleet_points: int = 1


class UnitMoved(Event, tag="ee.unit_moved"):
    """A block or ground support unit moved; ``mode`` says which kind of movement (EE 5.1-5.4, 7.2, 7.3)."""

    unit_id: str
    path: tuple[str, ...]  # areas entered, in order (sea areas crossed by sea transport too); the last is where it stops
    origin: str
    mode: str  # "operational" | "strategic" | "breakthrough_operational" | "breakthrough_strategic" | "retreat" |
    # "reinforcement" | "front_defense" | "amphibious" | "airborne" | "relocation"
    nation: str
    west: bool = False  # a strategic move starting in, crossing or ending in the West weather zone (EE 2.27)
    sea: tuple[SeaLeg, ...] = ()  # sea transport used (EE 5.3); fleet points turn "w/out Transport"
    cape: bool = False  # the Cape of Good Hope route (EE 5.33): all British strategic moves of the phase
    # What players see of the block, for its sentence ("German armor (3 steps)"); empty in older logs.
    kind: str = ""
    steps: int = 0
    # The players named only where it goes (or left gaps): how the assistant chose the path it records (EE 5.1,
    # 5.2), e.g. "the first by name of 2 shortest routes"; empty when the path was typed whole.
    route: str = ""


class ControlChanged(Event, tag="ee.control_changed"):
    """An area changed hands (Glossary "controlled area", EE 10.3)."""

    area: str
    side: str  # "Axis" | "Allied" | "neutral"
    cause: str
    by: str = ""  # the nation of the unit that took it (EE 4.7: who must occupy a conquered resource area)


class Fire(msgspec.Struct, frozen=True, kw_only=True):
    """One throw of a combat round: who fired, at what, with how many dice and what each die needed."""

    side: str
    units: tuple[str, ...]
    target: str  # "armor" | "infantry" | "gsu"
    dice: int
    hit_on: int
    faces: tuple[int, ...]
    hits: int
    bonuses: tuple[str, ...] = ()  # the 6.4 letters that applied, e.g. ("a", "d")


class CombatRoundFought(Event, tag="ee.combat_round_fought"):
    """One combat round in one area (EE 6.2-6.29): air combat, the defender's fire, then the attacker's."""

    area: str
    kind: str  # "initial" | "breakthrough" | "mandatory" | "counterattack"
    round_type: str  # "normal" | "assault"
    attacker: str  # side
    fires: tuple[Fire, ...]
    losses: dict[str, int]  # unit id -> steps lost this round (units at 0 are eliminated)
    fortification_breached: bool = False


class SpecialActionSpent(Event, tag="ee.special_action_spent"):
    """A Special Action marker spent (EE 7.0): back to the force pool, or removed for good (7.11 note, 9.45c)."""

    nation: str
    purpose: str
    rule: str
    area: str = ""
    removed_for_good: bool = False


class StepsLost(Event, tag="ee.steps_lost"):
    """Steps lost outside a combat round (Russian Winter 9.13, limited supply 7.9, interdiction 8.21)."""

    losses: dict[str, int]
    cause: str
    rule: str


class UnitsEliminated(Event, tag="ee.units_eliminated"):
    """Units removed: to the force pool, or for good when their power is conquered (EE 10.1, 10.2)."""

    unit_ids: tuple[str, ...]
    cause: str
    rule: str
    permanent: bool = False


class FortificationRemoved(Event, tag="ee.fortification_removed"):
    """A fortification breached (EE 6.97b) or left without a friendly land unit (6.96)."""

    area: str
    reason: str
    rule: str
