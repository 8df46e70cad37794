"""Pure map queries the movement rules call: who borders whom for a moving unit, distances, reach, path checks.

A ``mode`` is the domain of the moving unit (``UnitType.domain``): ``"land"`` units step from territory to
territory, ``"sea"`` units from sea zone to sea zone (through a canal only when it is open to them), ``"air"`` units
over any border, canals included (A&A §7.5: the canal restriction does not apply to aircraft). Every space entered
costs one move, so an aircraft flying to an island pays for the sea zone and the island (A&A §7.8), and one taking
off from a carrier does not pay for the carrier's own zone.

The rules decide which spaces a unit may not enter (``blocked``) and which it must stop in (``stop_at``: an
enemy-occupied sea zone for ships, an enemy-occupied or neutral territory for armour, ...) and which canals are open
(``open_canals``, usually from ``canals_open``); these functions only walk the map. Space names are board names
(``Board.resolve`` turns French names and aliases into them).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Sequence
from typing import Literal

import msgspec

from assistant.games.aa_classic.board import Board

Mode = Literal["land", "sea", "air"]
NOTHING: frozenset[str] = frozenset()


class PathProblem(msgspec.Struct, frozen=True):
    """Why a path is not a legal move, with the rule that says so (for ``Refused(reason, rule)``)."""

    reason: str
    rule: str


def canals_open(board: Board, controlled: Collection[str]) -> frozenset[str]:
    """The canals whose every territory is in ``controlled`` (the territories the moving side controls).

    When control is measured (Panama: at the start of the turn, src L375; Suez: see docs/rulings.md) is the
    caller's choice.
    """
    held = set(controlled)
    return frozenset(canal.name for canal in board.canals if all(t in held for t in canal.territories))


def neighbours(board: Board, name: str, mode: Mode, open_canals: Collection[str] = NOTHING) -> tuple[str, ...]:
    """The spaces a unit moving in ``mode`` can step to from ``name``."""
    if mode == "air":
        return board.neighbours(name)
    kind = "land" if mode == "land" else "sea"
    steps = []
    for other in board.neighbours(name):
        if board.spaces[other].kind != kind:
            continue
        canal = board.canal_between(name, other) if kind == "sea" else None
        if canal is not None and canal.name not in open_canals:
            continue
        steps.append(other)
    return tuple(steps)


def reachable(
    board: Board,
    start: str,
    moves: int,
    mode: Mode,
    blocked: Collection[str] = NOTHING,
    stop_at: Collection[str] = NOTHING,
    open_canals: Collection[str] = NOTHING,
) -> dict[str, int]:
    """Every space a unit in ``start`` can end in within ``moves`` moves, with the fewest moves to get there.

    ``blocked`` spaces are never entered; ``stop_at`` spaces may be entered but not left. The start itself (cost 0)
    is always included and may always be left.
    """
    _check_start(board, start, mode)
    return _walk(board, start, moves, mode, blocked, stop_at, open_canals)[0]


def distance(
    board: Board,
    start: str,
    goal: str,
    mode: Mode,
    blocked: Collection[str] = NOTHING,
    stop_at: Collection[str] = NOTHING,
    open_canals: Collection[str] = NOTHING,
) -> int | None:
    """The fewest moves from ``start`` to ``goal`` in ``mode``, or None if the goal cannot be reached."""
    path = shortest_path(board, start, goal, mode, blocked, stop_at, open_canals)
    return None if path is None else len(path) - 1


def shortest_path(
    board: Board,
    start: str,
    goal: str,
    mode: Mode,
    blocked: Collection[str] = NOTHING,
    stop_at: Collection[str] = NOTHING,
    open_canals: Collection[str] = NOTHING,
) -> tuple[str, ...] | None:
    """A shortest path from ``start`` to ``goal`` (both included), or None. Ties go to board order."""
    _check_start(board, start, mode)
    if goal not in board.spaces:
        raise KeyError(goal)
    costs, came_from = _walk(board, start, len(board.spaces), mode, blocked, stop_at, open_canals, goal=goal)
    if goal not in costs:
        return None
    path = [goal]
    while path[-1] != start:
        path.append(came_from[path[-1]])
    return tuple(reversed(path))


def path_problem(
    board: Board,
    path: Sequence[str],
    mode: Mode,
    moves: int | None = None,
    blocked: Collection[str] = NOTHING,
    stop_at: Collection[str] = NOTHING,
    open_canals: Collection[str] = NOTHING,
) -> PathProblem | None:
    """What is wrong with moving along ``path`` (start first) in ``mode``, or None if it is a legal route.

    Checks: known spaces, each step crosses a border, the unit stays in its element, closed canals, blocked
    spaces, stopping where it must, and (if ``moves`` is given) the unit's movement.
    """
    if not path:
        return PathProblem("a move needs at least a starting space", "A&A §7.1")
    for name in path:
        if name not in board.spaces:
            return PathProblem(f"there is no space called {name!r} on the board", "A&A §7.1")
    start_problem = _start_problem(board, path[0], mode)
    if start_problem is not None:
        return start_problem
    if moves is not None and len(path) - 1 > moves:
        return PathProblem(f"{len(path) - 1} moves, more than the {moves} this unit has", "A&A §7.3")
    for i, (here, there) in enumerate(zip(path, path[1:])):
        if not board.adjacent(here, there):
            return PathProblem(f"{here} and {there} do not share a border", "A&A §7.1")
        if mode != "air" and board.spaces[there].kind != ("land" if mode == "land" else "sea"):
            what = "land units cannot enter the sea zone" if mode == "land" else "ships cannot enter the territory"
            return PathProblem(f"{what} {there}", "A&A §7.1")
        canal = board.canal_between(here, there) if mode == "sea" else None
        if canal is not None and canal.name not in open_canals:
            return PathProblem(f"the {canal.name} is closed to this side", "A&A §7.5")
        if there in blocked:
            return PathProblem(f"{there} cannot be entered", "A&A §7.3")
        if here in stop_at and i > 0:
            return PathProblem(f"the move must stop in {here}", "A&A §7.3")
    return None


def path_is_valid(
    board: Board,
    path: Sequence[str],
    mode: Mode,
    moves: int | None = None,
    blocked: Collection[str] = NOTHING,
    stop_at: Collection[str] = NOTHING,
    open_canals: Collection[str] = NOTHING,
) -> bool:
    """True if ``path_problem`` finds nothing wrong."""
    return path_problem(board, path, mode, moves, blocked, stop_at, open_canals) is None


def landings_in_reach(
    board: Board,
    position: str,
    moves_left: int,
    landings: Collection[str],
    blocked: Collection[str] = NOTHING,
) -> tuple[str, ...]:
    """The landing spots (friendly territories, carriers' zones: the rules say which) an aircraft at ``position``
    can still reach with ``moves_left``, in board order. Empty means the flight would be a kamikaze (A&A §7.8)."""
    reach = reachable(board, position, moves_left, "air", blocked=blocked)
    return tuple(name for name in board.spaces if name in reach and name in landings)


def sea_zones_touching(board: Board, territory: str) -> tuple[str, ...]:
    """The sea zones a territory borders: where its transports load and unload, where ships built there go."""
    return tuple(n for n in board.neighbours(territory) if board.spaces[n].kind == "sea")


def territories_touching(board: Board, sea_zone: str) -> tuple[str, ...]:
    """The territories (coasts and islands) a sea zone borders: where its transports may unload."""
    return tuple(n for n in board.neighbours(sea_zone) if board.spaces[n].kind == "land")


def is_coastal(board: Board, territory: str) -> bool:
    return bool(sea_zones_touching(board, territory))


def crosses_edge(board: Board, a: str, b: str) -> bool:
    """True if moving between ``a`` and ``b`` goes off one side of the map and on at the other (A&A §7.1)."""
    return board.crosses_edge(a, b)


def _check_start(board: Board, start: str, mode: Mode) -> None:
    if start not in board.spaces:
        raise KeyError(start)
    problem = _start_problem(board, start, mode)
    if problem is not None:
        raise ValueError(problem.reason)


def _start_problem(board: Board, start: str, mode: Mode) -> PathProblem | None:
    kind = board.spaces[start].kind
    if mode == "land" and kind != "land":
        return PathProblem(f"a land move starts in a territory, not in {start}", "A&A §7.1")
    if mode == "sea" and kind != "sea":
        return PathProblem(f"a ship starts in a sea zone, not in {start}", "A&A §7.1")
    return None


def _walk(
    board: Board,
    start: str,
    moves: int,
    mode: Mode,
    blocked: Collection[str],
    stop_at: Collection[str],
    open_canals: Collection[str],
    goal: str | None = None,
) -> tuple[dict[str, int], dict[str, str]]:
    """Breadth-first search: fewest moves to each space, and the step each was first reached from."""
    costs = {start: 0}
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal or costs[here] >= moves or (here != start and here in stop_at):
            continue
        for there in neighbours(board, here, mode, open_canals):
            if there in costs or there in blocked:
                continue
            costs[there] = costs[here] + 1
            came_from[there] = here
            queue.append(there)
    return costs, came_from
