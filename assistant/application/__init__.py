"""The application layer: commands in, events out, for the CLI and the web alike.

It owns what is the same for every game: creating games, idempotent command handling, undo/redo/roll back/dice
corrections/notes, who may act, reading views at any point of the log, game files and verification. Rules are the
games' own (``GameKind.decide``); this layer never second-guesses them. One part per file:

* ``opening.py``: finding and opening games, checking them (``events/selfcheck.py``), ``verify``, accepting a
  restored copy;
* ``reading.py``: the table now or at any event, the moves possible, the log;
* ``writing.py``: a new game, one command decided and appended;
* ``seating.py``: whom a command may be recorded as (``assistant/actors.py``), adding players;
* ``takeback.py``: undo, roll back, redo, dice corrections;
* ``files.py``: game files out and in;
* ``outcomes.py``: what these hand back (outcomes, log entries, game files) and the clock.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from assistant.application.files import GameFiles
from assistant.application.opening import OpenGame, Opening
from assistant.application.outcomes import (Clock, Expected, GameFile, LogEntry, Outcome, Stale, timestamp,
                                            utc_now)
from assistant.application.reading import Reading
from assistant.application.seating import Seating
from assistant.application.takeback import TakingBack
from assistant.application.writing import Writing
from assistant.decider import DiceRoller
from assistant.kinds import KindRegistry
from assistant.replay import CHECKPOINT_EVERY
from events.store import EventStore

__all__ = ["Assistant", "Clock", "Expected", "GameFile", "LogEntry", "Outcome", "Stale", "timestamp", "utc_now"]


class Assistant(Opening, Reading, Writing, Seating, TakingBack, GameFiles):
    """The one application layer the CLI, the web and the club call."""

    def __init__(
        self,
        store: EventStore,
        registry: KindRegistry | None = None,
        *,
        clock: Clock = utc_now,
        dice: DiceRoller | None = None,
        checkpoint_every: int = CHECKPOINT_EVERY,
    ):
        self.store = store
        self.registry = registry or KindRegistry()
        self.clock = clock
        self.dice = dice or DiceRoller()
        self.checkpoint_every = checkpoint_every
        self._games: dict[str, OpenGame] = {}
        # Who else may act in a game (the club: the members seated at it); the log's players are always accepted.
        self.seated: Callable[[str], Sequence[str]] | None = None
