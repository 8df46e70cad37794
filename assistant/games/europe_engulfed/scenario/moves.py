"""Entering the scenario set-up into a game, once, before play begins."""

from __future__ import annotations

from typing import Any

from assistant.decider import Context, Refused
from assistant.families.engulfed.setup import check_scenario
from assistant.games.europe_engulfed.board.format import Board
from assistant.games.europe_engulfed.scenario.commands import SetUpScenario
from assistant.games.europe_engulfed.scenario.validate import problems
from events.base import Event
from assistant.games.europe_engulfed.events.board import ScenarioSetUp


def decide_set_up(cmd: SetUpScenario, board: Board, play_begun: bool) -> list[Event]:
    if play_begun:
        raise Refused("the set-up is entered before the first turn begins", rule="EE 1.0")
    check_scenario(problems(cmd.scenario, board), "EE scenario format")
    return [ScenarioSetUp(scenario=cmd.scenario)]


def set_up_scenario(command: SetUpScenario, state: Any, ctx: Context) -> list[Event]:
    """Play has begun once the turn clock moved (``state.phase`` set by core.phase_began)."""
    return decide_set_up(command, state.board, bool(getattr(state, "phase", "")))
