"""Who may act for which power or side, and what each seat sees. The server decides both, never the device.

A command acts for the powers the game says (``GameKind.acting_for(command, state)`` when a game declares
it), else for the side on the turn clock. A seat holding one of those powers may send it; the table's
host may send anything. A step no side owns (set-up, a shared weather roll) may be sent by any seated player,
and notes by anyone seated. A member without a seat watches: read-only, and sees what spectators see.
"""

from __future__ import annotations

from collections.abc import Callable

from assistant.club.accounts import Seat
from assistant.decider import Refused
from assistant.kinds import LoadedKind
from assistant.replay import View
from events.base import Command, tag_of

ANY_SEAT = {"core.add_note"}


def acting_for(loaded: LoadedKind, command: Command, view: View) -> tuple[str, ...]:
    declared = loaded.kind.acting_for
    if declared is not None:
        return tuple(declared(command, view.game))
    side = getattr(view.clock, "side", "")
    return (side,) if side else ()


def authorizer(seat: Seat | None) -> Callable[[LoadedKind, Command, View], None]:
    """The check ``Assistant.handle`` runs before deciding a command sent from this seat."""

    def authorize(loaded: LoadedKind, command: Command, view: View) -> None:
        if seat is None:
            raise Refused("you are watching this game: only its seated players act (ask the host for a seat)")
        if seat.host or tag_of(type(command)) in ANY_SEAT:
            return
        powers = acting_for(loaded, command, view)
        if not powers or any(seat.holds(p) for p in powers):
            return
        held = ", ".join(seat.powers) or "no power"
        raise Refused(f"this is for {', '.join(powers)} to do; {seat.name} plays {held} here "
                      "(the host, or that power's player, may send it)")

    return authorize
