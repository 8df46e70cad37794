"""The table's reading of its own map where the board lacks a fact that production needs (EE 3.1, 4.12).

Whether a resource area traces supply for its nation decides its WERP. When the trace touched an unknown fact
(an area whose borders are not all entered, an unknown port or home flag), the assistant neither counts the
area nor drops it: opening that nation's production is refused with the list of facts, until the players enter
them or say, for this turn, whether the area traces supply (``ee.read_resource_supply``).
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec.structs import replace

from assistant.decider import Context, Refused
from assistant.games.europe_engulfed import data
from events.base import Command, Event

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=60)]
Reason = Annotated[str, msgspec.Meta(max_length=200)]


class ReadResourceSupply(Command, tag="ee.read_resource_supply"):
    """Where the board cannot tell, the players say whether a resource area traces supply for its nation this
    turn (EE 4.12), reading the line on their map."""

    nation: Name
    area: Name
    supplied: bool
    reason: Reason = ""


class ResourceSupplyRead(Event, tag="ee.resource_supply_read"):
    """The players said whether a resource area traces supply for a nation this turn (EE 4.12)."""

    turn: int
    nation: str
    area: str
    supplied: bool
    reason: str = ""


def key(turn: int, nation: str, area: str) -> str:
    return f"{turn}:{nation}:{area}"


def read(state, nation: str, area: str) -> bool | None:
    """The players' reading for this turn, if they gave one."""
    return state.readings.get(key(state.turn, nation, area))


def read_resource_supply(cmd: ReadResourceSupply, state, ctx: Context) -> list[Event]:
    from assistant.games.europe_engulfed.rules.supplied import undetermined_resource_areas

    if cmd.nation not in data.MAJORS:
        raise Refused(f"{cmd.nation!r} is not a major power", rule="EE 4.12")
    if state.phase not in ("initial_supply", "production"):
        raise Refused("a resource area's supply is read before or during its nation's production", rule="EE 4.12")
    open_ = undetermined_resource_areas(state, cmd.nation)
    if cmd.area not in open_:
        area = state.board.areas.get(cmd.area)
        name = area.name if area else cmd.area
        raise Refused(f"the board already decides whether {name} traces supply for {data.nation(cmd.nation).title}; "
                      "a reading is only for what it cannot decide", rule="EE 3.1")
    return [ResourceSupplyRead(turn=state.turn, nation=cmd.nation, area=cmd.area, supplied=cmd.supplied,
                               reason=cmd.reason.strip())]


def evolve_read(state, event: ResourceSupplyRead):
    return replace(state, readings={**state.readings, key(event.turn, event.nation, event.area): event.supplied})


def describe(event: ResourceSupplyRead, area_name: str, nation_title: str) -> str:
    said = "traces supply" if event.supplied else "does not trace supply"
    why = f" ({event.reason})" if event.reason else ""
    return f"The players read their map: {area_name} {said} for {nation_title} this turn{why}."
