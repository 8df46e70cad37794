"""Entering a set-up at the table, piece by piece, before the first turn: blocks chosen from lists, start lines,
wars at the start. Each entry records the whole set-up as it now stands (``ee.scenario_set_up`` with the change in
words), so a game replays, exports its scenario file and checks it exactly as if it had been loaded whole."""

from __future__ import annotations

import tomllib
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

import msgspec

from assistant.decider import Context, Refused
from assistant.families.engulfed.setup import check_scenario, free_ids
from assistant.games.europe_engulfed import data
from assistant.games.europe_engulfed.events.board import ScenarioSetUp
from assistant.games.europe_engulfed.scenario.format import Side, UnitKind, UnitSetup
from assistant.games.europe_engulfed.scenario.validate import problems
from events.base import Command, Event

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
MIX = Path(__file__).resolve().parent.parent / "data" / "counter_mix.toml"
AXIS_MINORS = ("finland", "romania", "hungary", "bulgaria")


class PlaceSetUpBlocks(Command, tag="ee.place_set_up_blocks"):
    """Blocks of one nation, kind and strength standing in one area at the start (the scenario's set-up)."""

    nation: Name
    kind: UnitKind
    area: Name
    max_steps: Annotated[int, msgspec.Meta(ge=1, le=4)] = 4
    steps: Annotated[int, msgspec.Meta(ge=0, le=4)] = 0  # 0 = full strength
    count: Annotated[int, msgspec.Meta(ge=1, le=20)] = 1
    elite: bool = False


class SetStartControl(Command, tag="ee.set_start_control"):
    """The start lines: the areas a side controls when the scenario begins (Glossary "Zone contrôlée")."""

    side: Side
    areas: Annotated[tuple[Name, ...], msgspec.Meta(min_length=1, max_length=200)]


class SetStartWar(Command, tag="ee.set_start_war"):
    """Two powers already at war when the scenario begins."""

    aggressor: Name
    target: Name


ENTRY_COMMANDS = (PlaceSetUpBlocks, SetStartControl, SetStartWar)


@cache
def counter_mix() -> dict[str, int]:
    return tomllib.loads(MIX.read_text(encoding="utf-8"))


def colour(nation: str, elite: bool) -> str:
    if nation in ("germany", "ussr") and elite:
        return "german_elite" if nation == "germany" else "soviet_elite"
    if nation in AXIS_MINORS:
        return "axis_minors"
    return nation if nation in data.MAJORS else "neutrals"


def on_map(units) -> dict[str, int]:
    """Blocks standing at the start per colour of the box (ground support units are counters, not blocks)."""
    return dict(Counter(colour(u.nation, u.elite) for u in units if u.kind != "gsu"))


def _before_play(s) -> None:
    if s.phase:
        raise Refused("the set-up is entered before the first turn begins", rule="EE 1.0")


def _recorded(s, scenario, change: str) -> list[Event]:
    check_scenario(problems(scenario, s.board), "EE scenario format")
    return [ScenarioSetUp(scenario=scenario, change=change)]


def place_blocks(cmd: PlaceSetUpBlocks, s, ctx: Context) -> list[Event]:
    _before_play(s)
    if cmd.steps > cmd.max_steps:
        raise Refused(f"{cmd.steps} steps, but the block has {cmd.max_steps} at full strength (0 = full)")
    area = s.board.areas.get(cmd.area)
    if area is None:
        raise Refused(f"{cmd.area!r} is not a land area on the board: add it under the board facts first")
    sc = s.options.scenario
    taken = {u.id for u in sc.units}
    prefix = f"{cmd.nation[:3]}_{'e' if cmd.elite else ''}{cmd.kind[:3]}"
    ids = free_ids(taken, prefix, cmd.count)
    kind_steps = 1 if cmd.kind == "gsu" else cmd.max_steps
    new = tuple(UnitSetup(id=i, nation=cmd.nation, kind=cmd.kind, area=cmd.area, max_steps=kind_steps,
                          steps=cmd.steps if cmd.kind != "gsu" else 0, elite=cmd.elite) for i in ids)
    strength = "" if cmd.kind == "gsu" else f" ({cmd.steps or cmd.max_steps} of {cmd.max_steps} steps)"
    who = f"{'elite ' if cmd.elite else ''}{nation_name(cmd.nation)} {cmd.kind.replace('gsu', 'ground support unit')}"
    change = f"{cmd.count} {who}{strength} in {area.name}"
    return _recorded(s, msgspec.structs.replace(sc, units=sc.units + new), change)


def set_control(cmd: SetStartControl, s, ctx: Context) -> list[Event]:
    _before_play(s)
    unknown = [a for a in cmd.areas if a not in s.board.areas]
    if unknown:
        raise Refused(f"not land areas on the board: {', '.join(unknown)}")
    sc = s.options.scenario
    control = {**sc.control, **{a: cmd.side for a in cmd.areas}}
    names = ", ".join(s.board.areas[a].name for a in cmd.areas)
    return _recorded(s, msgspec.structs.replace(sc, control=control), f"{names} {cmd.side}-controlled")


def set_war(cmd: SetStartWar, s, ctx: Context) -> list[Event]:
    _before_play(s)
    if cmd.aggressor == cmd.target:
        raise Refused("a power is not at war with itself")
    sc = s.options.scenario
    pair = (cmd.aggressor, cmd.target)
    if pair in sc.wars or pair[::-1] in sc.wars:
        raise Refused(f"{nation_name(cmd.aggressor)} and {nation_name(cmd.target)} are already at war in this set-up")
    change = f"{nation_name(cmd.aggressor)} at war with {nation_name(cmd.target)}"
    return _recorded(s, msgspec.structs.replace(sc, wars=(*sc.wars, pair)), change)


def nation_name(nation: str) -> str:
    try:
        return data.nation(nation).title
    except KeyError:
        return nation.replace("_", " ").title()


NATIONS = (*data.MAJORS, *AXIS_MINORS)
SIDES: tuple[Literal["Axis", "Allied"], ...] = ("Axis", "Allied")
