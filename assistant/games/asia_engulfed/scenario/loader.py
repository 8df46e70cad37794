"""Scenario files: a set-up saved from a game or written by a club (TOML), read into a ``Scenario``; checked against
the board when it is set up (scenario/validate.py), not on reading."""

from __future__ import annotations

from assistant.families.engulfed.board_files import Files, unchecked
from assistant.games.asia_engulfed.scenario.format import Scenario


class ScenarioInvalid(ValueError):
    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("the scenario is not valid:\n- " + "\n- ".join(problems))


SCENARIO_FILES = Files(Scenario, unchecked, ScenarioInvalid, what="scenario", header=(
    "Asia Engulfed scenario set-up saved by the assistant (format: assistant/games/asia_engulfed/scenario/format.py)."))
