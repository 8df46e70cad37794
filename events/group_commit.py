"""Group commit: appends made at the same moment by several threads share one transaction and one disk flush.

A durable commit waits for the disk (``fdatasync``: a fraction of a millisecond on a quiet disk, several under
load). One writer at a time would cap a busy server (several devices at a table, several tables) at one command
per flush. Here the first thread to arrive writes: it takes every request waiting, writes them in one
transaction, commits (one flush), then hands each its own result. Requests arriving meanwhile wait and are
written together by the next of them. A lone writer is never delayed: there is no timer, only requests that came
while the disk was busy ride together. Nothing is acknowledged before the transaction holding it is durable.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any


class Request:
    """One append waiting for its batch: filled in by the thread that writes the batch."""

    __slots__ = ("game_id", "expected_seq", "events", "actor", "command_id", "recorded_at", "kind", "title",
                 "result", "error", "done", "before", "after", "point")

    def __init__(self, game_id: str, expected_seq: int, events: tuple[Any, ...], actor: str, command_id: str,
                 recorded_at: str, kind: str | None, title: str | None):
        self.game_id = game_id
        self.expected_seq = expected_seq
        self.events = events
        self.actor = actor
        self.command_id = command_id
        self.recorded_at = recorded_at
        self.kind = kind
        self.title = title
        self.result: Any = None
        self.error: BaseException | None = None
        self.done = False
        self.before: tuple[int, str] = (0, "")  # the game's head before the request, and its new last hash
        self.after = ""
        self.point = False  # the transaction moved the game's verified point to this request's last event


class GroupCommit:
    """Leader and followers: ``submit`` returns the request's result once the batch holding it is committed."""

    def __init__(self, write_batch: Callable[[Sequence[Request]], None]):
        self._write_batch = write_batch
        self._lock = threading.Condition()
        self._queue: list[Request] = []
        self._writing = False
        self.batches = 0  # figures for the benchmark: transactions written, requests in them
        self.requests = 0

    def submit(self, request: Request) -> Any:
        with self._lock:
            self._queue.append(request)
            while self._writing and not request.done:
                self._lock.wait()
            if not request.done:  # this thread writes the next batch: every request waiting now
                batch, self._queue = self._queue, []
                self._writing = True
            else:
                batch = []
        if batch:
            try:
                self._write_batch(batch)
            except BaseException as exc:
                for waiting in batch:
                    if waiting.error is None and waiting.result is None:
                        waiting.error = exc
                raise
            finally:
                with self._lock:
                    for waiting in batch:
                        waiting.done = True
                    self.batches += 1
                    self.requests += len(batch)
                    self._writing = False
                    self._lock.notify_all()
        if request.error is not None:
            raise request.error
        return request.result
