"""Europe Engulfed supply events (EE 3.0, 7.9, 4.2/8.3 for fleets), tags "ee.*"."""

from typing import Literal

import msgspec

from assistant.games.europe_engulfed.board.gaps import BoardGap
from assistant.games.europe_engulfed.supply.capacity import SeaCapacity
from assistant.games.europe_engulfed.supply.trace import SeaOption
from events.base import Event

Side = Literal["Axis", "Allied"]
Phase = Literal["initial", "final"]
Status = Literal["supplied", "out_of_supply", "limited", "eliminated"]
Via = Literal["land", "sea", "cape", "beachhead", "fortress", "special_action", "verdict", "always", "none"]


class UnitSupply(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One unit's verdict and why, with the rule that decided it."""

    unit_id: str
    area: str
    status: Status
    via: Via
    reason: str
    rule: str
    route: SeaOption | None = None


class SeaChoice(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The players' route for one unit: the sea areas crossed, in order from the unit; ``cape`` for the Cape."""

    unit_id: str
    seas: tuple[str, ...] = ()  # () = the players leave this unit without a sea line
    cape: bool = False


class StepChange(msgspec.Struct, frozen=True, kw_only=True):
    unit_id: str
    from_steps: int
    to_steps: int


class SupplyDetermined(Event, tag="ee.supply_determined"):
    """The Initial or Final Supply determination of one side: every unit's status and the sea capacity used."""

    side: Side
    phase: Phase
    results: tuple[UnitSupply, ...]
    capacity: tuple[SeaCapacity, ...] = ()


class UnitsMarkedOutOfSupply(Event, tag="ee.units_marked_out_of_supply"):
    """Initial Supply Phase: these units get an Out of Supply marker until the Final Supply Phase (EE 1.21)."""

    side: Side
    unit_ids: tuple[str, ...]
    named: tuple[str, ...] = ()  # each block as the table calls it, in the order of unit_ids (empty: older event)


class OutOfSupplyMarkerFlipped(Event, tag="ee.out_of_supply_marker_flipped"):
    """These out-of-supply units moved: their marker shows its "moved" side (EE 3.5)."""

    unit_ids: tuple[str, ...]
    named: tuple[str, ...] = ()  # each block as the table calls it, in the order of unit_ids (empty: older event)


class SupplyRestored(Event, tag="ee.supply_restored"):
    """Final Supply Phase: these units count as supplied until their next Initial Supply Phase (EE 3.6)."""

    side: Side
    unit_ids: tuple[str, ...]
    named: tuple[str, ...] = ()  # each block as the table calls it, in the order of unit_ids (empty: older event)


class LimitedSupplyApplied(Event, tag="ee.limited_supply_applied"):
    """EE 7.9: units of one area lose a step instead of being eliminated; GSUs and cadres are eliminated.
    ``cause`` "special_action" spends one Special Action of ``nation``; "fortress" is automatic."""

    area: str
    cause: Literal["fortress", "special_action"]
    nation: str = ""
    reduced: tuple[StepChange, ...] = ()
    eliminated: tuple[str, ...] = ()
    eliminated_named: tuple[str, ...] = ()  # the eliminated blocks as the table calls them (empty: older event)


class UnitsEliminatedOutOfSupply(Event, tag="ee.units_eliminated_out_of_supply"):
    """EE 3.6: units without even Limited Supply go back to their force pool."""

    side: Side
    unit_ids: tuple[str, ...]
    named: tuple[str, ...] = ()  # each block as the table calls it, in the order of unit_ids (empty: older event)


class FleetPointsEliminatedUnsupplied(Event, tag="ee.fleet_points_eliminated_unsupplied"):
    """EE 4.2, 8.3: fleet points with no supplied friendly port in their sea area at Final Supply."""

    sea: str
    nation: str
    count: int


class SupplyVerdictRecorded(Event, tag="ee.supply_verdict_recorded"):
    """The board lacked facts to trace these units' lines; the players read their map and decided."""

    side: Side
    unit_ids: tuple[str, ...]
    supplied: bool
    reason: str
    gaps: tuple[BoardGap, ...] = ()
    named: tuple[str, ...] = ()  # each block as the table calls it, in the order of unit_ids (empty: older event)


class SeaSupplyAllocationChosen(Event, tag="ee.sea_supply_allocation_chosen"):
    """Which units use which sea route when fleet capacity is short (EE 3.31–3.33); checked when chosen."""

    side: Side
    choices: tuple[SeaChoice, ...]


SUPPLY_EVENTS = (
    SupplyDetermined,
    UnitsMarkedOutOfSupply,
    OutOfSupplyMarkerFlipped,
    SupplyRestored,
    LimitedSupplyApplied,
    UnitsEliminatedOutOfSupply,
    FleetPointsEliminatedUnsupplied,
    SupplyVerdictRecorded,
    SeaSupplyAllocationChosen,
)
