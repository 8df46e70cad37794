"""Live push in the club mode: PostgreSQL LISTEN/NOTIFY wakes this server process, Server-Sent Events tell devices.

Every append notifies ``tabletop_events`` with "<game> <head>" inside its transaction (``events.pgstore``), so
whichever server process wrote it, each process's listener hears it once committed. A device's event stream
then tells it "changed" and the device fetches the fragment it shows (htmx's SSE extension triggers the same
``/live`` request the local mode polls for). A stream also re-reads the head when it (re)connects and every
few seconds, so a notification lost with a dropped listener connection costs at most ``CATCH_UP`` seconds.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

import psycopg

from events.pgstore import CHANNEL

CATCH_UP = 3.0  # seconds between a stream's own reads of the head
KEEP_ALIVE = 15.0  # a comment line this often lets the server notice a device that went away
STREAM_LIFE = 600.0  # a stream ends after this long and the browser reconnects (threads are recycled)


class Heads:
    """The heads this process heard of, per game, and a way for a stream to wait for its game to move."""

    def __init__(self, dsn: str):
        self.dsn = dsn
        self._lock = threading.Lock()
        self._heads: dict[str, int] = {}
        self._waiting: dict[str, threading.Condition] = {}
        self._stop = threading.Event()
        self.listening = threading.Event()
        self.heard = 0
        self._thread = threading.Thread(target=self._listen, name="tabletop-listen", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)

    def _listen(self) -> None:
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.dsn, autocommit=True, connect_timeout=10) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    self._wake_all()  # whatever was missed while not listening: every stream reads its head again
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=1.0):
                            game_id, _, head = note.payload.rpartition(" ")
                            self._heard(game_id, int(head))
            except (psycopg.Error, ValueError):
                self.listening.clear()
                self._stop.wait(1.0)  # the database restarted or the network dropped: listen again soon

    def _heard(self, game_id: str, head: int) -> None:
        with self._lock:
            self.heard += 1
            if head > self._heads.get(game_id, 0):
                self._heads[game_id] = head
            waiting = self._waiting.get(game_id)
            if waiting is not None:
                waiting.notify_all()

    def _wake_all(self) -> None:
        with self._lock:
            for condition in self._waiting.values():
                condition.notify_all()

    def wait(self, game_id: str, known: int, timeout: float) -> int | None:
        """The game's head once it is past ``known`` (None after ``timeout`` or a listener reconnect)."""
        with self._lock:
            condition = self._waiting.setdefault(game_id, threading.Condition(self._lock))
            if self._heads.get(game_id, 0) <= known:
                condition.wait(timeout)
            head = self._heads.get(game_id, 0)
            return head if head > known else None


def event_stream(heads: Heads, game_id: str, known: int, read_head: Callable[[str], int],
                 clock: Callable[[], float] = time.monotonic) -> Iterator[str]:
    """Server-Sent Events for one device: "changed" with the head, each time the game moves past ``known``."""
    yield "retry: 1000\n\n"  # the browser reconnects after a second; the reconnect reads the head at once
    head = read_head(game_id)
    start = last_read = last_sent = clock()
    while clock() - start < STREAM_LIFE:
        if head != known:
            known = head
            last_sent = clock()
            yield f"id: {head}\nevent: changed\ndata: {head}\n\n"
        elif clock() - last_sent >= KEEP_ALIVE:
            last_sent = clock()
            yield ": still here\n\n"
        heard = heads.wait(game_id, known, max(0.05, CATCH_UP - (clock() - last_read)))
        if heard is not None:
            head = heard
        elif clock() - last_read >= CATCH_UP:
            head, last_read = read_head(game_id), clock()
