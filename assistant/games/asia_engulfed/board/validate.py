"""Board validation: references resolve, values are in range; a board marked complete has no unknown fact."""

from __future__ import annotations

from assistant.games.asia_engulfed.board.format import Board

# Places the rules name: rule code refers to these ids, so every board keeps them (facts may stay unknown).
NAMED_ZONES = ("honshu", "kyushu", "shikoku", "hawaii", "usa", "luzon", "french_indochina", "manchukuo")


class BoardInvalid(ValueError):
    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("; ".join(problems))


def problems(board: Board) -> list[str]:
    out: list[str] = []
    for zid in NAMED_ZONES:
        if zid not in board.zones:
            out.append(f"the rules name land zone {zid!r}: it must stay on the board")
    for zid, z in board.zones.items():
        for s in (z.seas or ()) + z.impassable_coasts:
            if s not in board.seas:
                out.append(f"{zid}: sea zone {s!r} is not on the board")
        for v, what in ((z.resource, "resource"), (z.oil, "oil")):
            if v is not None and not 0 <= v <= 30:
                out.append(f"{zid}: {what} {v} is out of range 0-30")
    for sid, s in board.seas.items():
        if s.transports is not None and s.transports not in (1, 2, 3):
            out.append(f"{sid}: a sea zone shows 1, 2 or 3 transport icons, not {s.transports}")
        for a in s.adjacent or ():
            if a not in board.seas:
                out.append(f"{sid}: adjacent sea zone {a!r} is not on the board")
    for b in board.borders:
        for end in (b.a, b.b):
            if end not in board.zones:
                out.append(f"border {b.a}–{b.b}: {end!r} is not a land zone on the board")
        if b.a == b.b:
            out.append(f"border {b.a}–{b.b} joins a zone to itself")
    for pair, what in ((board.wrap_route, "wrap route"), (board.leyte_passage, "Leyte passage")):
        if pair and (len(pair) != 2 or any(p not in board.seas for p in pair)):
            out.append(f"the {what} names two sea zones on the board")
    if board.complete:
        from assistant.games.asia_engulfed.board.gaps import gaps

        missing = gaps(board)
        if missing:
            out.append(f"the board is marked complete but {len(missing)} fact(s) are unknown, e.g. "
                       + missing[0].sentence())
    return out


def check(board: Board) -> None:
    found = problems(board)
    if found:
        raise BoardInvalid(found)
