"""Europe Engulfed events at sea and of landings (EE 5.3, 7.2, 7.3, 8.0): fleet transfers, naval combat,
naval interdiction, beachheads."""

import msgspec

from events.base import Event
from assistant.games.europe_engulfed.events.military import Fire


class FleetPointsTransferred(Event, tag="ee.fleet_points_transferred"):
    """Fleet points moved between sea areas in a supply phase (EE 8.3); they arrive "w/out Transport". An Axis
    point crossing between the Atlantic and the Mediterranean changes nationality (8.323): ``to_nation``."""

    nation: str
    to_nation: str
    from_sea: str
    to_sea: str
    count: int
    rule: str


class FleetLoss(msgspec.Struct, frozen=True, kw_only=True):
    """Fleet points of one nation sunk, by their transport state this game turn (EE 8.14)."""

    nation: str
    state: str  # "unused" | "carrying" | "used"
    count: int


class NavalCombatResolved(Event, tag="ee.naval_combat_resolved"):
    """A naval combat (EE 8.1) against a sea transport: dice of both sides, fleet points sunk in the 8.14 order,
    and the transported units lost with the carrying fleet points (chosen by their owner)."""

    sea: str
    initiator: str  # side
    fleets: dict[str, int]  # side -> fleet points engaged
    fires: tuple[Fire, ...]
    losses: tuple[FleetLoss, ...]
    units_lost: tuple[str, ...] = ()


class NavalInterdictionResolved(Event, tag="ee.naval_interdiction_resolved"):
    """Naval interdiction of one unit moving strategically by sea (EE 8.21-8.23): steps lost (a GSU dies on one
    hit). Fleet points are never hit (8.23)."""

    unit_id: str
    sea: str
    fleet_points: int
    hit_on: int
    faces: tuple[int, ...]
    steps_lost: int


class BeachheadEstablished(Event, tag="ee.beachhead_established"):
    """A beachhead marker placed (EE 7.22): a friendly port for the invader in ``sea``."""

    area: str
    side: str
    sea: str
    rule: str


class BeachheadRemoved(Event, tag="ee.beachhead_removed"):
    """A beachhead marker removed (EE 7.22): alone with enemy land units, or by its owner once no longer needed."""

    area: str
    side: str
    reason: str
    rule: str


NAVAL_EVENTS = (
    FleetPointsTransferred,
    NavalCombatResolved,
    NavalInterdictionResolved,
    BeachheadEstablished,
    BeachheadRemoved,
)
