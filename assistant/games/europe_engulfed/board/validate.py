"""Board validation: every problem found, each in a sentence a player can act on."""

from __future__ import annotations

import re
from collections import Counter

from assistant.games.europe_engulfed.board import places
from assistant.games.europe_engulfed.board.format import Board
from assistant.games.europe_engulfed.board.gaps import gaps

_ID = re.compile(r"^[a-z][a-z0-9_]*$")

# Places the rules give a role; a board without them cannot run those rules (digest §11.5).
REQUIRED_AREAS = (
    places.LENINGRAD, places.LADOGA, places.NOVGOROD, places.KARELIA, places.USA_BOX, places.URALS,
    places.BAKU, places.GIBRALTAR, places.MOROCCO, places.MALTA, places.SICILY, places.SARDINIA,
    places.CRETE, places.ALEXANDRIA, places.SINAI, places.UPPER_EGYPT, places.PERSIA, places.RUHR,
    places.DENMARK,
)  # fmt: skip


class BoardInvalid(ValueError):
    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("the board is not valid:\n- " + "\n- ".join(problems))


def problems(board: Board) -> list[str]:
    out: list[str] = []
    areas, seas = board.areas, board.seas
    for kind, ids in (("area", areas), ("sea area", seas)):
        out += [f"{kind} id {i!r}: use lower-case letters, digits and _ (e.g. 'upper_egypt')" for i in ids if not _ID.match(i)]
    clash = sorted(set(areas) & set(seas))
    out += [f"{i!r} is both a land area and a sea area" for i in clash]
    out += [f"the rules name {i!r} (digest §11.5) but the board has no such area" for i in REQUIRED_AREAS if i not in areas]
    out += [f"the rules name the sea area {i!r} but the board has none" for i in places.NAMED_SEAS if i not in seas]
    for i, a in areas.items():
        if a.ports is not None:
            out += [f"area {i!r}: port on {s!r}, which is not a sea area on the board" for s in a.ports if s not in seas]
        if a.kind == "fortress":
            if a.container is not None and a.container not in areas:
                out.append(f"fortress {i!r}: its surrounding area {a.container!r} is not on the board")
            elif a.container is not None and areas[a.container].kind != "area":
                out.append(f"fortress {i!r}: its surrounding area {a.container!r} must be an ordinary area")
            if a.standalone and a.container is not None:
                out.append(f"fortress {i!r}: a standalone fortress (like Malta) has no surrounding area")
        elif a.container is not None or a.standalone:
            out.append(f"area {i!r}: only a fortress has a surrounding area ('container'/'standalone')")
        if a.home and not a.nation:
            out.append(f"area {i!r}: a home area needs its nation ('nation')")
        if a.capital and not a.nation:
            out.append(f"area {i!r}: a capital needs its nation ('nation')")
        if a.resource_value is not None and a.resource is False:
            out.append(f"area {i!r}: has a resource value but is marked as not a resource area")
        if a.resource_value is not None and a.resource_value < 0:
            out.append(f"area {i!r}: a resource value cannot be negative")
    for i, s in seas.items():
        for j in s.adjacent or ():
            if j not in seas:
                out.append(f"sea area {i!r}: adjacent to {j!r}, which is not a sea area on the board")
            elif seas[j].adjacent is not None and i not in seas[j].adjacent:
                out.append(f"sea areas {i!r} and {j!r}: adjacency must be listed on both ({j!r} lacks {i!r})")
            if j == i:
                out.append(f"sea area {i!r} cannot be adjacent to itself")
    pairs: Counter[frozenset[str]] = Counter()
    for b in board.borders:
        where = f"border {b.a}–{b.b}"
        for end in (b.a, b.b):
            if end not in areas:
                out.append(f"{where}: {end!r} is not a land area on the board")
            elif areas[end].kind == "fortress":
                out.append(f"{where}: a fortress joins only its surrounding area (set 'container'), not a border")
        if b.a == b.b:
            out.append(f"{where}: an area cannot border itself")
        if (b.kind == "strait") != bool(b.strait):
            out.append(f"{where}: a strait border names its strait ('strait'), and only a strait border does")
        pairs[frozenset((b.a, b.b))] += 1
    out += [f"border {'–'.join(sorted(p))} is listed {n} times" for p, n in pairs.items() if n > 1]
    for r in board.air_routes:
        out += [f"air route {r.a}–{r.b}: {e!r} is not a land area on the board" for e in (r.a, r.b) if e not in areas]
    for arrow in board.invasion_arrows:
        if arrow.sea not in seas:
            out.append(f"invasion arrow {arrow.sea}→{arrow.area}: {arrow.sea!r} is not a sea area on the board")
        if arrow.area not in areas:
            out.append(f"invasion arrow {arrow.sea}→{arrow.area}: {arrow.area!r} is not a land area on the board")
    cape = board.cape_route
    if cape is not None:
        out += [f"Cape route: port {p!r} is not a land area on the board" for p in cape.ports if p not in areas]
        out += [f"Cape route: {s!r} is not a sea area on the board" for s in (cape.ocean, cape.suez_sea) if s not in seas]
        out += [f"Cape route: Suez needs {a!r}, not a land area on the board" for a in cape.suez_needs if a not in areas]
        if cape.cost < 1:
            out.append("Cape route: each unit uses at least 1 of the ocean's capacity")
    if board.complete and not out:
        missing = gaps(board)
        if missing:
            out.append(
                f"the board is marked complete but {len(missing)} facts are still unknown, e.g. "
                + "; ".join(g.sentence() for g in missing[:5])
            )
    return out


def check(board: Board) -> None:
    found = problems(board)
    if found:
        raise BoardInvalid(found)
