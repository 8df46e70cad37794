""""What if": a new game that starts from any point of an existing log, linked to the original.

The fork's log is a copy of the original's first ``at_seq`` events, kept with
their numbers, actors, times and command ids (so every reference inside them,
undo targets, corrected dice, notes, still points at the right event), stored
under a new game id with its own hash chain. Its view at ``at_seq`` is exactly
the original's view at ``at_seq``. The link is two annotations, themselves
events: one in the fork naming its origin, one in the original naming the fork
(left out when the original is archived: nothing more is written to it);
nothing else in the original changes.
"""

from __future__ import annotations

import secrets
from itertools import groupby
from typing import Any

from assistant.replay import CANCEL_TAG, decode_cancel
from events.core import FORK_NOTE, AddNote
from events.store import NewEvent

def fork_game(app: Any, game_id: str, at_seq: int, *, title: str | None = None, actor: str = "table",
              link_original: bool = True) -> str:
    """The new game's id. ``link_original=False`` leaves the original untouched (an archived game takes no more
    events): the fork still names its origin."""
    row = app.game(game_id)
    head = app.head(row.game_id)
    if not 1 <= at_seq <= head:
        raise ValueError(f"event {at_seq} does not exist; this game's log runs from 1 to {head}")
    if link_original:
        actor = app.actor_at_table(row.game_id, actor)  # refused before anything is written
    store = app.store
    at_seq = _command_end(app, row.game_id, at_seq)
    new_id = secrets.token_hex(6)
    name = title or f"{row.title} — what if (from event {at_seq})"
    rows = list(app.checked_rows(row.game_id, 0, at_seq))  # copied into a new chain: checked first
    expected = 0
    for (command_id, actor_, recorded_at), group in groupby(rows, key=lambda r: (r.command_id, r.actor, r.recorded_at)):
        batch = [NewEvent(r.type, r.version, r.payload, _rewinds(r)) for r in group]
        store.append(
            new_id, expected, batch, actor=actor_, command_id=command_id, recorded_at=recorded_at,
            kind=row.kind if expected == 0 else None, title=name if expected == 0 else None,
        )
        expected += len(batch)
    in_fork = actor if actor.casefold() in {a.casefold() for a in app.actors(new_id)} else "table"  # joined later
    app.handle(new_id, AddNote(about_seq=at_seq, text=f"{FORK_NOTE}{row.game_id} from its event {at_seq}."),
               actor=in_fork)
    if link_original:
        app.handle(row.game_id, AddNote(about_seq=at_seq, text=f"What-if fork: game {new_id} starts from here."),
                   actor=actor)
    return new_id


def _command_end(app: Any, game_id: str, seq: int) -> int:
    """The last event of the command ``seq`` belongs to: a fork starts between two commands, never inside one (a
    battle's throw without the hits it scored would leave the fork waiting for a choice the game makes itself)."""
    rows = list(app.checked_rows(game_id, seq - 1, seq))
    if not rows:
        return seq
    span = app.store.command_span(game_id, rows[0].command_id)
    return span[1] if span and span[0] <= seq <= span[1] else seq


def fork_origin(app: Any, game_id: str) -> tuple[str, int] | None:
    """(original game id, event) when ``game_id`` is a what-if fork.

    The first table page asks it: the database's index of notes holding the fork's words finds them, and only notes
    that may be it are decoded (worded and checked for cancellation), not the whole log of a long game."""
    gid = app.game(game_id).game_id
    for seq in app.store.fork_notes(gid):
        entry = app.log(gid, after=seq - 1, limit=1)[0]
        text = getattr(entry.event, "text", "")
        if text.startswith(FORK_NOTE) and not entry.cancelled:
            origin = text.removeprefix(FORK_NOTE).split(" ", 1)[0]
            return origin, entry.event.about_seq
    return None


def _rewinds(row: Any) -> int | None:
    return decode_cancel(row.payload).rewinds_to if row.type == CANCEL_TAG else None
