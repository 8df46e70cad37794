"""The report's views, built from one another in log order, are exactly the application's views, undos included."""

from assistant.analysis.views import Views
from assistant.application import Assistant
from events.core import RollBack, Undo


def test_incremental_views_equal_the_application_views_across_undos(store, registry, toy_game):
    app = Assistant(store, registry, checkpoint_every=4)  # checkpoints inside the game, too
    gid = toy_game
    app.handle(gid, '{"type": "toy.buy", "count": 2}')
    app.handle(gid, '{"type": "toy.buy", "count": 1}')
    app.handle(gid, Undo())  # cancels the second purchase: views after it no longer count it
    app.handle(gid, '{"type": "toy.end_phase"}')
    app.handle(gid, '{"type": "toy.attack", "faces": [1, 6]}')
    before_attack = app.head(gid) - 2
    app.handle(gid, RollBack(to_seq=before_attack, reason="the dice fell off the table"))  # reaches back past views
    app.handle(gid, '{"type": "toy.attack", "faces": [2, 2]}')
    app.handle(gid, '{"type": "toy.end_phase"}')
    views = Views(app, gid)
    head = app.head(gid)
    for seq in [*range(1, head + 1), 3, head, 1]:  # in order, then back to earlier ones
        assert views.view(gid, at=seq).states == app.view(gid, at=seq).states, seq
    assert views.view(gid).seq == head and views.head(gid) == head  # everything else is the application's
