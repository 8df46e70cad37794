"""Scenario files: load one (TOML) into a ``Scenario``, or save the set-up the players entered."""

from __future__ import annotations

from pathlib import Path

from assistant.families.engulfed.board_files import Files, unchecked
from assistant.games.europe_engulfed.scenario.format import Scenario
from assistant.games.europe_engulfed.scenario.validate import ScenarioInvalid

# Checked against the board when a game starts (scenario/validate.py), not on reading.
SCENARIO_FILES = Files(Scenario, unchecked, ScenarioInvalid, what="scenario", header=(
    "Europe Engulfed scenario set-up saved by the assistant (format: assistant/games/europe_engulfed/data/README.md)."))

loads = SCENARIO_FILES.loads
load = SCENARIO_FILES.load
dumps = SCENARIO_FILES.export


def save(scenario: Scenario, path: str | Path) -> None:
    Path(path).write_text(dumps(scenario), encoding="utf-8")
