"""One plain sentence per board or set-up event: ``SENTENCES[type(event)](event)``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.games.europe_engulfed.events.board import BoardAmended, ScenarioSetUp


def _amended(e: BoardAmended) -> str:
    what = ", ".join(sorted({type(a).__name__ for a in e.amendments}))
    why = f" ({e.reason})" if e.reason else ""
    return f"Board amended from the players' map: {len(e.amendments)} edit(s), {what}{why}."


def _set_up(e: ScenarioSetUp) -> str:
    sc = e.scenario
    return f"Scenario set up: {sc.name}, from {sc.start_turn}, {len(sc.units)} units on the map."


SENTENCES: dict[type, Callable[[Any], str]] = {BoardAmended: _amended, ScenarioSetUp: _set_up}
