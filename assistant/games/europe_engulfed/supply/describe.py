"""One plain sentence per supply event (logs, replays, the table banner): ``SENTENCES[type(event)](event)``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from assistant.games.europe_engulfed.wording import adjective, nation, place, units
from assistant.games.europe_engulfed.events import supply as ev


def _ids(ids: tuple[str, ...], named: tuple[str, ...] = ()) -> str:
    """The blocks by name ("German infantry (3/4 steps) in Kiev"); an event from before blocks were named counts
    them (the map shows which)."""
    if named and len(named) == len(ids):
        return "; ".join(named)
    return units(len(ids))


def _determined(e: ev.SupplyDetermined) -> str:
    counts = Counter(r.status for r in e.results)
    parts = ", ".join(f"{n} {s.replace('_', ' ')}" for s, n in sorted(counts.items())) or "no units"
    sea = "; ".join(f"{place(c.sea)} {c.used}/{c.capacity}" for c in e.capacity if c.used)
    return f"{e.side} {e.phase} supply (EE 3.0): {parts}" + (f"; fleet capacity used: {sea}." if sea else ".")


def _limited(e: ev.LimitedSupplyApplied) -> str:
    why = "in a friendly fortress" if e.cause == "fortress" else f"a {nation(e.nation)} Special Action"
    lost = f"; eliminated: {_ids(e.eliminated, e.eliminated_named)}" if e.eliminated else ""
    return f"Limited Supply in {place(e.area)} ({why}, EE 7.9): {len(e.reduced)} unit(s) lose a step{lost}."


SENTENCES: dict[type, Callable[[Any], str]] = {
    ev.SupplyDetermined: _determined,
    ev.UnitsMarkedOutOfSupply: lambda e: f"Out of supply (EE 1.21): {_ids(e.unit_ids, e.named)}.",
    ev.OutOfSupplyMarkerFlipped: lambda e: (
        f"Out-of-supply marker turned to 'moved' (EE 3.5): {_ids(e.unit_ids, e.named)}."),
    ev.SupplyRestored: lambda e: f"Supply restored (EE 3.6): {_ids(e.unit_ids, e.named)}.",
    ev.LimitedSupplyApplied: _limited,
    ev.UnitsEliminatedOutOfSupply: lambda e: f"Eliminated for lack of supply (EE 3.6): {_ids(e.unit_ids, e.named)}.",
    ev.FleetPointsEliminatedUnsupplied: lambda e: (
        f"{e.count} {adjective(e.nation)} fleet point(s) in the {place(e.sea)} eliminated: no supplied port (EE 8.3)."
    ),
    ev.SupplyVerdictRecorded: lambda e: (
        f"Players' verdict: {_ids(e.unit_ids, e.named)} {'supplied' if e.supplied else 'out of supply'} — {e.reason}."
    ),
    ev.SeaSupplyAllocationChosen: lambda e: f"{e.side} sea supply routes chosen for {len(e.choices)} unit(s) (EE 3.31).",
}
