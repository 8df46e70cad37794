"""Questions about places on the table: who is where, contested zones, neighbours, ports, national zones."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from assistant.games.asia_engulfed import data
from assistant.games.asia_engulfed.board.format import Board
from assistant.games.asia_engulfed.scenario.format import AIR, FLEET, LAND, Piece
from assistant.games.asia_engulfed.state import AEState

HOME_ISLANDS = ("honshu", "kyushu", "shikoku")


def per_board(fn: Callable[[Board], Any]) -> Callable[[Board], Any]:
    """Cache a graph built from a board while that (immutable) board object lives."""
    memo: dict[int, tuple[Board, Any]] = {}

    def wrapper(board: Board) -> Any:
        hit = memo.get(id(board))
        if hit is not None and hit[0] is board:
            return hit[1]
        if len(memo) > 16:
            memo.clear()
        value = fn(board)
        memo[id(board)] = (board, value)
        return value

    return wrapper


def side(piece: Piece) -> str:
    return data.side_of(piece.nation)


def enemy(side_: str) -> str:
    return "allies" if side_ == "japan" else "japan"


def is_land(p: Piece) -> bool:
    return p.kind in LAND


def is_fleet(p: Piece) -> bool:
    return p.kind in FLEET


def is_air(p: Piece) -> bool:
    return p.kind in AIR


def is_kamikaze(s: AEState, p: Piece) -> bool:
    """A Japanese non-elite LBA once the Kamikaze marker is at 0 attacks as a kamikaze (AE 9.13)."""
    return s.set_up and s.track("kamikaze") <= 0 and p.nation == "japan" and p.kind == "lba" and not p.elite


@per_board
def _borders(board: Board) -> dict[str, tuple[tuple[str, str], ...]]:
    out: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for b in board.borders:
        out[b.a].append((b.b, b.kind))
        out[b.b].append((b.a, b.kind))
    return {k: tuple(v) for k, v in out.items()}


def neighbours(board: Board, zone: str, for_land_units: bool = False) -> tuple[str, ...]:
    """Land neighbours; supply crosses impassable borders and straits (AE 3.1), land units do not cross the first."""
    return tuple(n for n, kind in _borders(board).get(zone, ()) if not (for_land_units and kind == "impassable"))


def border_kind(board: Board, a: str, b: str) -> str | None:
    for n, kind in _borders(board).get(a, ()):
        if n == b:
            return kind
    return None


@per_board
def _ports_on(board: Board) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = defaultdict(list)
    for zid, z in board.zones.items():
        if z.port not in (None, "none"):
            for s in z.seas or ():
                out[s].append(zid)
    return {k: tuple(v) for k, v in out.items()}


def ports_on(board: Board, sea: str) -> tuple[str, ...]:
    return _ports_on(board).get(sea, ())


@per_board
def _coasts_on(board: Board) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = defaultdict(list)
    for zid, z in board.zones.items():
        for s in z.seas or ():
            out[s].append(zid)
    return {k: tuple(v) for k, v in out.items()}


def zones_on(board: Board, sea: str) -> tuple[str, ...]:
    """Land zones in or bordering a sea zone."""
    return _coasts_on(board).get(sea, ())


def pieces_at(s: AEState, where: str) -> list[Piece]:
    return [p for p in s.pieces.values() if p.at == where]


def land_at(s: AEState, zone: str, side_: str | None = None) -> list[Piece]:
    return [p for p in s.pieces.values() if p.at == zone and is_land(p) and (side_ is None or side(p) == side_)]


def contested(s: AEState, zone: str) -> bool:
    """Land units of both sides (AE Glossary); a contested home island counts its Home Defense Force."""
    sides = {side(p) for p in land_at(s, zone)}
    if zone in HOME_ISLANDS and s.track(f"hdf_{zone}") > 0:
        sides.add("japan")
    return len(sides) == 2


def newly_contested(s: AEState, zone: str, movers: list[Piece]) -> bool:
    """AE 6.1: moving these pieces in makes the zone contested (the enemy's land units there, none of the movers'
    side): a newly contested zone."""
    if contested(s, zone) or not any(is_land(p) for p in movers):
        return False
    after = replace(s, pieces={**s.pieces, **{p.id: replace(p, at=zone) for p in movers}})
    return contested(after, zone)


def friendly_uncontested(s: AEState, zone: str, side_: str) -> bool:
    return s.control.get(zone) == side_ and not contested(s, zone)


def country(board: Board, zone: str) -> str:
    z = board.zones.get(zone)
    return (z.country or "") if z else ""


def in_japan(board: Board, zone: str) -> bool:
    """AE 4.11 "en dehors du Japon": decision, the Japanese-coloured national zones (docs/rulings.md)."""
    z = board.zones.get(zone)
    return bool(z and z.colour == "japan" and z.national)


def has_port(board: Board, zone: str) -> bool:
    z = board.zones.get(zone)
    return bool(z and z.port not in (None, "none"))


def cv_room(s: AEState, fleet: str) -> int:
    """CBA steps a CV fleet may still carry: 2 per step, 1 per damaged step (AE 4.24, 8.42g)."""
    cv = s.pieces[fleet]
    damaged = s.damaged.get(fleet, 0)
    capacity = 2 * (cv.steps - damaged) + damaged
    carried = sum(p.steps for p in s.pieces.values() if p.kind == "cba" and p.at == fleet)
    return capacity - carried


def fleet_zone(s: AEState, piece: Piece) -> str:
    """Where a piece really is: a CBA is where its carrier is."""
    if piece.kind == "cba" and piece.at in s.pieces:
        return s.pieces[piece.at].at
    return piece.at


@per_board
def _sea_links(board: Board) -> tuple[dict[str, frozenset[str]], frozenset[str]]:
    """Sea zone -> the sea zones it touches, either sea listing the other; and the sea zones whose links are not
    entered yet (any of them might touch any sea zone)."""
    links: dict[str, set[str]] = defaultdict(set)
    unknown = set()
    for sid, sea in board.seas.items():
        if sea.adjacent is None:
            unknown.add(sid)
        for other in sea.adjacent or ():
            if other in board.seas:
                links[sid].add(other)
                links[other].add(sid)
    return {k: frozenset(v) for k, v in links.items()}, frozenset(unknown)


def least_sea_zones(board: Board, start: str, to: str) -> int | None:
    """The fewest sea zones a move from ``start`` (a land zone, its coast leading to sea, or a sea zone) enters to
    reach the sea zone ``to`` (or the coast of the land zone ``to``): leaving a coast counts as entering the first
    sea zone (AE 8.22, ruling [37]). Sea zones whose links are unknown count as touching every sea zone, so the
    answer never exceeds the true distance; None when the start's or destination's coast is not entered."""
    if start in board.seas:
        frontier = {start}
        steps = 0
    elif start in board.zones and board.zones[start].seas is not None:
        frontier = {sea for sea in board.zones[start].seas if sea in board.seas}
        steps = 1
    else:
        return None
    if to in board.seas:
        goal = {to}
    elif to in board.zones and board.zones[to].seas is not None:
        goal = set(board.zones[to].seas)
    else:
        return None
    links, unknown = _sea_links(board)
    seen = set(frontier)
    while frontier:
        if frontier & goal:
            return steps
        nxt: set[str] = set()
        for sea in frontier:
            nxt |= links.get(sea, frozenset())
            if sea in unknown:
                nxt |= set(board.seas)  # its links are not entered: it might touch any sea zone
        nxt |= unknown  # any sea zone might touch one whose links are not entered
        frontier = nxt - seen
        seen |= frontier
        steps += 1
    return None
