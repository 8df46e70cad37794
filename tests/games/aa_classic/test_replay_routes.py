"""A replay hands each event only to the read models that declare its type, and the board keeps only what the game's
state lacks (its complexes): the views are byte-equal to the plain fold of every read model on every event."""

from __future__ import annotations

import inspect
import random
import re

import msgspec

from assistant.application import Assistant
from assistant.games.aa_classic import events as ev
from assistant.games.aa_classic.read_models import PROJECTIONS
from assistant.games.aa_classic.web_bench import _long_game
from assistant.kinds import KindRegistry
from events.core import DiceCorrected, DiceRolled, NoteAdded, PhaseBegan
from events.store import EventStore
from projections.turn_clock import TURN_CLOCK
from tests.core.test_properties import encode, naive_states


def test_every_event_type_a_read_model_names_is_declared():
    """A declared list that forgot a type would silently drop facts: each type a fold's module names is listed."""
    every = [*ev.EVENTS, DiceRolled, NoteAdded, PhaseBegan, DiceCorrected]
    for p in (*PROJECTIONS, TURN_CLOCK):
        if p.events is None:
            continue
        source = inspect.getsource(inspect.getmodule(p.apply))
        named = {cls for cls in every if re.search(rf"\b{cls.__name__}\b", source)}
        assert named and {cls for cls in named if not p.handles(cls)} == set(), p.name


def test_views_at_random_events_equal_the_plain_fold(tmp_path):
    store = EventStore(tmp_path / "game.sqlite3")
    app = Assistant(store, KindRegistry(), checkpoint_every=250)
    gid = _long_game(app, store, 3000)  # a real game, its events interleaved with notes
    loaded = app.kind_of(gid)
    definition = app.definition(gid)
    head = app.head(gid)
    app.view(gid)  # writes the checkpoints
    fresh = Assistant(store, KindRegistry(), checkpoint_every=250)  # from checkpoints only
    for seq in [head, 2, 251, *random.Random(5).sample(range(2, head), 12)]:
        expected = naive_states(store, loaded, gid, definition, seq)
        for a in (app, fresh):
            view = a.view(gid, at=seq)
            assert view.states == expected, seq
            assert [encode(s) for s in view.states] == [encode(s) for s in expected], seq
    store.close()


def test_a_checkpoint_holds_the_games_state_once(tmp_path):
    """The board read model keeps the complexes' history only: a copy of the game's state in it doubled every
    checkpoint. Its questions are asked of the game's state."""
    store = EventStore(tmp_path / "game.sqlite3")
    app = Assistant(store, KindRegistry())
    gid = _long_game(app, store, 600)
    view = app.view(gid)
    board, game = (msgspec.msgpack.encode(view.read("board")), msgspec.msgpack.encode(view.game))
    assert len(board) * 10 < len(game), (len(board), len(game))
    assert view.read("board").units(view.game) and view.read("board").control(view.game) == dict(view.game.control)
    store.close()
