"""The moments of the past a table has travelled to, kept in memory per open game: the views asked for and those
their folds passed on the way (``replay.STONE_EVERY``). A view of the log at an event never changes (the log only
grows, and what was undone later still stood then), so each stays a true base for the next: a step forward folds
one event, a step back or a jump nearby at most ``STONE_EVERY``, instead of up to a checkpoint's distance."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable

from assistant.replay import View

# Some 70 KB each on a long A&A game (the states share every unit and space a move left alone): 64 of a
# 100,000-event game held 4.4 MB.
KEPT = 64


class Travelled:
    """The views kept, the most recently used last; the oldest go first beyond ``KEPT``."""

    def __init__(self, kept: int = KEPT):
        self._kept = kept
        self._views: OrderedDict[int, View] = OrderedDict()
        self._lock = threading.Lock()  # a server's threads travel at once

    def views(self) -> list[View]:
        with self._lock:
            return list(self._views.values())

    def keep(self, views: Iterable[View]) -> None:
        with self._lock:
            for view in views:
                self._views[view.seq] = view
                self._views.move_to_end(view.seq)
            while len(self._views) > self._kept:
                self._views.popitem(last=False)
