"""Views of one game at many points of its log, for a report: each built from the nearest view already built.

``app.view(game_id, at=seq)`` folds from the last checkpoint every time, so a
report that reads a view per round and per battle replays most of the log many
times. ``Views`` keeps the views it built and hands the closest earlier one to
the timeline as its base, so asking in log order is one pass over the log. The
timeline still checks that no undo between the base and the requested event
reaches back before the base (it then starts from a checkpoint), so every view
is exactly the application's view at that event.
"""

from __future__ import annotations

import bisect
from typing import Any

from assistant.replay import Timeline, View


class Views:
    """``view(game_id, at=seq)`` as the application answers it, for one game; everything else is the app's."""

    def __init__(self, app: Any, game_id: str):
        self.app = app
        self.game_id = app.game(game_id).game_id
        self.timeline = Timeline(app.store, app.kind_of(self.game_id), self.game_id, app.definition(self.game_id),
                                 app.checkpoint_every)
        self._seqs: list[int] = []
        self._views: dict[int, View] = {}

    def view(self, game_id: str, at: int | None = None) -> View:
        if at is None or app_game(self.app, game_id) != self.game_id:
            return self.app.view(game_id, at=at)
        if at in self._views:
            return self._views[at]
        head = self.app.head(self.game_id)
        if not 1 <= at <= head:
            return self.app.view(game_id, at=at)  # the application's refusal
        i = bisect.bisect_right(self._seqs, at)
        known = [self._views[s] for s in self._seqs[max(0, i - 2):i]]
        built = self.timeline.view_at(at, known)
        self._seqs.insert(i, at)
        self._views[at] = built
        return built

    def __getattr__(self, name: str) -> Any:
        return getattr(self.app, name)


def app_game(app: Any, game_id: str) -> str:
    return app.game(game_id).game_id
