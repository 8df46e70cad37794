"""Which events still count: undo appends ``core.events_cancelled``; this works out its effect.

A cancelling event only counts if it is not itself cancelled (a redo cancels an
undo), so the pass runs from the newest event backwards.
"""

from __future__ import annotations

from collections.abc import Iterable


def cancelled_set(cancels: Iterable[tuple[int, tuple[int, ...]]]) -> set[int]:
    """``cancels``: (seq, targets) of cancelling events in ascending order. Returns the cancelled seqs."""
    out: set[int] = set()
    for seq, targets in reversed(list(cancels)):
        if seq in out:
            continue
        out.update(targets)
    return out
