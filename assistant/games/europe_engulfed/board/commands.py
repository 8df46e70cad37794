"""Commands players give about the board (tags "ee.*")."""

from __future__ import annotations

from assistant.games.europe_engulfed.board.amend import Amendment
from events.base import Command


class AmendBoard(Command, tag="ee.amend_board"):
    """Complete or correct the board from the physical map; kept in the game's log (``ee.board_amended``)."""

    amendments: tuple[Amendment, ...]
    reason: str = ""


BOARD_COMMANDS = (AmendBoard,)
