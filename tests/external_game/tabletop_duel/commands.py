"""What players ask for."""

from __future__ import annotations

from typing import Annotated

import msgspec

from events.base import Command

Face = Annotated[int, msgspec.Meta(ge=1, le=6)]


class Start(Command, tag="duel.start"):
    """Start the first round."""


class Roll(Command, tag="duel.roll"):
    """Roll this side's die (type the face of a real die, or leave it empty)."""

    side: Annotated[str, msgspec.Meta(max_length=40)]
    faces: Annotated[tuple[Face, ...], msgspec.Meta(max_length=1)] | None = None


class Concede(Command, tag="duel.concede"):
    """Give up the duel."""

    side: Annotated[str, msgspec.Meta(max_length=40)]


COMMANDS = (Start, Roll, Concede)
