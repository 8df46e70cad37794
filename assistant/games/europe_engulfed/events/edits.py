"""Europe Engulfed edit mode: the table corrects the record by hand when the physical board and the assistant
disagree, always with a reason; and the rules the table chose to override (the refusal stays on the record)."""

import msgspec

from events.base import Event


class EditedBlock(msgspec.Struct, frozen=True, kw_only=True):
    """A block put on the map by an edit."""

    id: str
    nation: str
    kind: str  # infantry | armor | cavalry | militia | airborne | gsu
    max_steps: int
    steps: int
    area: str
    elite: bool = False
    from_pool: bool = False  # a matching block was taken from the force pool


class UnitsEdited(Event, tag="ee.units_edited"):
    """Blocks added to the map or removed from it (removed blocks go back to the force pool unless ``for_good``)."""

    reason: str
    added: tuple[EditedBlock, ...] = ()
    removed: tuple[str, ...] = ()
    for_good: bool = False


class StepsEdited(Event, tag="ee.steps_edited"):
    """Blocks set to a number of steps (1 to their maximum)."""

    reason: str
    steps: dict[str, int]  # unit id -> steps after the edit


class ControlEdited(Event, tag="ee.control_edited"):
    """An area set to Axis, Allied or neutral control."""

    reason: str
    area: str
    side: str  # "Axis" | "Allied" | "neutral"
    by: str = ""  # the major power whose units hold it, when the table says so (EE 4.7)


class WerpEdited(Event, tag="ee.werp_edited"):
    """WERP added to (or taken from) a nation's ledger of the current turn: booked as an "edit" line."""

    reason: str
    nation: str
    amount: int


class TracksEdited(Event, tag="ee.tracks_edited"):
    """General Information Track values, Special Actions held and fleet points set to what the table shows."""

    reason: str
    track: dict[str, int] = {}  # uboats, asw, v1, v2, flak_germany, flak_britain, bombers_axis, ... fighters_allied
    special_actions: dict[str, int] = {}  # major power -> markers held
    fleets: dict[str, dict[str, int]] = {}  # sea -> nation -> fleet points


class WeatherEdited(Event, tag="ee.weather_edited"):
    """This turn's weather set by hand, zone by zone."""

    reason: str
    weather: dict[str, str]


class RuleOverridden(Event, tag="ee.rule_overridden"):
    """The table chose to do what the rules refuse; the refusal, its rule and the table's reason stay on record."""

    command: str
    refusal: str
    rule: str
    reason: str


class MinorForcesDeployed(Event, tag="ee.minor_forces_deployed"):
    """EE 9.61: war declared on a minor power, the attacked side deploys its forces at once (deployment as the
    players entered it: table 19 is not in the rule book)."""

    minor: str
    blocks: tuple[EditedBlock, ...]


EDIT_EVENTS = (UnitsEdited, StepsEdited, ControlEdited, WerpEdited, TracksEdited, WeatherEdited, RuleOverridden,
               MinorForcesDeployed)


class CorrectionOutstanding(Event, tag="ee.correction_outstanding"):
    """A physical throw was corrected after the assistant had already applied it (every Europe Engulfed throw is
    settled by the command that throws it: a combat round's losses, the U-boat war, a raid, the weather). The
    corrected faces are shown in the log, but the facts drawn from the old faces stand until the table rolls back
    to the throw or corrects the board (ee.edit)."""

    dice_seq: int
    purpose: str
    original: tuple[int, ...]
    faces: tuple[int, ...]
