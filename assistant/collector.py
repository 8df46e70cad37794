"""Pausing Python's cyclic garbage collector while work makes many objects and no reference cycles.

A fold reads, decodes and builds hundreds of thousands of short-lived objects (rows, events, states); importing a
game builds thousands of long-lived ones (classes, tables). None is in a reference cycle worth collecting, but the
collector would walk them again and again: a third of a long replay's time, a tenth of a short command's. Reference
counting still frees each object at once.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_pausing = threading.Lock()
# pauses running now (a server's threads at once); whether to resume; whether what was made is kept for good;
# whether the command line's start-up holds one (``hold``)
_pause = {"holders": 0, "resume": False, "keep": False, "held": False}


@contextmanager
def paused(*, keep: bool = False) -> Iterator[None]:
    """Pause the collector, then resume it (it runs then if due). Nested and concurrent pauses resume it when the
    last ends, and only if it was running before the first began.

    ``keep``: what the work makes lives as long as the program (modules, classes, an opened database), so it is
    moved out of the collector's sight when the pause ends (``gc.freeze``): the full collection that would
    otherwise follow walked all of it once more, a few milliseconds of a short command."""
    _begin(keep)
    try:
        yield
    finally:
        _end()


def hold() -> None:
    """Pause the collector until ``release``, with no block around it: the command line's start-up holds it from
    its first import (``assistant/entry.py``), and a short command ends with it still held."""
    with _pausing:
        if _pause["held"]:
            return
        _pause["held"] = True
    _begin(keep=True)


def release() -> None:
    """End ``hold`` (nothing if none): a command that runs on (a server, a measurement) collects as any program does.
    What was made while held is kept for good (``paused(keep=True)``)."""
    with _pausing:
        if not _pause["held"]:
            return
        _pause["held"] = False
    _end()


def _begin(keep: bool) -> None:
    with _pausing:
        if _pause["holders"] == 0:
            _pause["resume"] = gc.isenabled()
            _pause["keep"] = False
            gc.disable()
        _pause["holders"] += 1
        _pause["keep"] = _pause["keep"] or keep


def _end() -> None:
    with _pausing:
        _pause["holders"] -= 1
        if _pause["holders"] == 0:
            if _pause["keep"]:
                gc.freeze()
            if _pause["resume"]:
                gc.enable()
