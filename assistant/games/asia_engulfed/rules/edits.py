"""Corrections that bring the assistant back in line with the physical table (kept in the log as such)."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.families.engulfed.ledger import Booking
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import Edit
from assistant.games.asia_engulfed.state import AEState

TRACKS = ("asw", "dud_torpedoes", "kamikaze", "jp_sr", "us_level", "hdf_honshu", "hdf_kyushu", "hdf_shikoku")


def edit(cmd: Edit, s: AEState, ctx: Context) -> list[ev.Edited]:
    books: tuple[Booking, ...] = ()
    if cmd.what in ("track", "steps", "oil", "tc", "ta"):
        try:
            value = int(cmd.value)
        except ValueError:
            raise Refused(f"{cmd.value!r} is not a whole number") from None
        if value < 0 or value > 99:
            raise Refused("a value from 0 to 99")
    if cmd.what == "track" and cmd.key not in TRACKS:
        raise Refused(f"no track {cmd.key!r}; one of {', '.join(TRACKS)}")
    if cmd.what == "control":
        if cmd.key not in s.board.zones or cmd.value not in ("japan", "allies"):
            raise Refused("control: a land zone of the board and japan or allies")
    if cmd.what in ("steps", "place"):
        p = s.pieces.get(cmd.key)
        if p is None:
            raise Refused(f"no piece {cmd.key!r}")
        if cmd.what == "steps" and not 1 <= int(cmd.value) <= p.top:
            raise Refused(f"{p.id} has 1 to {p.top} steps")
        if cmd.what == "place" and cmd.value not in s.board.zones and cmd.value not in s.board.seas:
            raise Refused(f"{cmd.value!r} is not a place of the board")
    if cmd.what in ("oil", "tc", "ta"):
        books = (Booking(nation="japan", account=cmd.what, amount=int(cmd.value) - s.balance("japan", cmd.what),
                         rule="correction", cause=cmd.reason),)
    return [ev.Edited(what=cmd.what, key=cmd.key, value=cmd.value, reason=cmd.reason, books=books)]
