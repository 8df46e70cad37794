"""Scenario validation against a board: every problem found, each in a sentence (EE 5.5, Glossary, 2.22)."""

from __future__ import annotations

import re
from collections import Counter

from assistant.games.europe_engulfed.board.format import Board
from assistant.games.europe_engulfed.scenario.format import Scenario

_TURN = re.compile(r"^19(39|4[0-5])-(01|03|05|07|09|11)$")
TRACK_MAX = {"bombers_axis": 30, "bombers_allied": 30, "fighters_axis": 30, "fighters_allied": 30, "uboats": 60,
             "flak_germany": 4, "flak_britain": 4}  # Glossary "Éléments Stratégiques", EE 2.22  # fmt: skip


class ScenarioInvalid(ValueError):
    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("the scenario is not valid:\n- " + "\n- ".join(problems))


def problems(sc: Scenario, board: Board) -> list[str]:
    out: list[str] = []
    if not _TURN.match(sc.start_turn):
        out.append(f"start turn {sc.start_turn!r}: write YYYY-MM with the month opening a turn, 1939-1945 (e.g. 1939-09)")
    out += [f"control: {a!r} is not a land area on the board" for a in sc.control if a not in board.areas]
    ids = Counter(u.id for u in sc.units)
    out += [f"unit id {i!r} is used {n} times" for i, n in ids.items() if n > 1]
    in_fortress: Counter[tuple[str, str]] = Counter()
    for u in sc.units:
        where = f"unit {u.id}"
        area = board.areas.get(u.area)
        if area is None:
            out.append(f"{where}: {u.area!r} is not a land area on the board (amend the board first)")
        if u.max_steps < 1:
            out.append(f"{where}: a unit has at least one step")
        if u.kind == "gsu" and u.max_steps != 1:
            out.append(f"{where}: a ground support unit has one step")
        if u.steps < 0 or u.steps > u.max_steps:
            out.append(f"{where}: {u.steps} steps, but it has {u.max_steps} at full strength (0 = full)")
        if area is not None and area.kind == "fortress" and u.kind != "gsu":
            in_fortress[(u.area, u.nation)] += 1
    for (fortress, nation), n in in_fortress.items():
        limit = 2 if nation == "ussr" else 1
        if n > limit:
            out.append(f"fortress {fortress}: {n} {nation} land units; at most {limit} may stay in it (EE 5.5)")
    for nation, entries in sc.pools.items():
        out += [f"force pool {nation}: {e.count} is not a number of blocks" for e in entries if e.count < 0]
        out += [f"force pool {nation}: a block has at least one step" for e in entries if e.max_steps < 1]
    for sea, by in sc.fleets.items():
        if sea not in board.seas:
            out.append(f"fleet points in {sea!r}, which is not a sea area on the board")
        out += [f"fleet points in {sea}: {nation} has {n}" for nation, n in by.items() if n < 0]
    for name, limit in TRACK_MAX.items():
        value = getattr(sc.track, name)
        if not 0 <= value <= limit:
            out.append(f"track {name}: {value} is outside 0–{limit}")
    out += [f"special actions of {n}: {k} is not a number of markers" for n, k in sc.special_actions.items() if k < 0]
    out += [f"conquered_by: {a!r} is not a land area on the board" for a in sc.conquered_by if a not in board.areas]
    return out


def check(sc: Scenario, board: Board) -> None:
    found = problems(sc, board)
    if found:
        raise ScenarioInvalid(found)
