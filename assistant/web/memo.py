"""Small bounded caches for answers that only change with the log (keyed by game and event number).

A report, the teaching steps or a battle's exact odds take from tens of milliseconds to about a second to build;
keyed by the game's head (or the event shown) they are built once per change of the log and shared by every
device and request. The threaded server answers requests in parallel, hence the lock; a value is computed outside
it (two requests may build the same value once each, never a wrong one).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any


class Memo:
    def __init__(self, size: int = 32):
        self.size = size
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, build: Callable[[], Any]) -> Any:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        value = build()
        with self._lock:
            self._items[key] = value
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
