"""A board file merged into a game's board: the amendments that bring in what the file knows and the game does
not (or knows otherwise). Nothing is removed: a place or border the file lacks stays as the players entered it."""

from __future__ import annotations

from typing import Any

import msgspec

from assistant.games.asia_engulfed.board.format import Board

SKIP = ("sources",)  # where a fact was read travels as the amendment's source instead


def _facts(old: msgspec.Struct | None, new: msgspec.Struct) -> dict[str, Any]:
    out = {}
    for f in msgspec.structs.fields(new):
        if f.name in SKIP:
            continue
        value = getattr(new, f.name)
        if old is None:
            if value != f.default or f.name == "name":
                out[f.name] = msgspec.to_builtins(value)
        elif value != getattr(old, f.name) and value != f.default:
            out[f.name] = msgspec.to_builtins(value)  # what the file leaves unsaid does not erase the game's facts
    return out


def amendments(old: Board, new: Board, source: str) -> list[dict[str, Any]]:
    src = {"source": source} if source else {}
    out: list[dict[str, Any]] = []
    for zid, zone in sorted(new.zones.items()):
        facts = _facts(old.zones.get(zid), zone)
        if facts:
            out.append({"op": "set_zone", "zone": zid, **facts, **src})
    for sid, sea in sorted(new.seas.items()):
        facts = _facts(old.seas.get(sid), sea)
        if facts:
            out.append({"op": "set_sea_zone", "sea": sid, **facts, **src})
    known = {frozenset((b.a, b.b)) for b in old.borders}
    for b in new.borders:
        if frozenset((b.a, b.b)) not in known:
            out.append({"op": "add_border", "a": b.a, "b": b.b, "kind": b.kind, **src})
    info = {k: msgspec.to_builtins(getattr(new, k)) for k in ("wrap_route", "leyte_passage")
            if getattr(new, k) and getattr(new, k) != getattr(old, k)}
    if new.complete and not old.complete:
        info["complete"] = True
    if info:
        out.append({"op": "set_board_info", **info})
    return out
