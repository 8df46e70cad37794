"""The command that enters a scenario set-up into a game (tag "ee.set_up_scenario")."""

from __future__ import annotations

from assistant.games.europe_engulfed.scenario.format import Scenario
from events.base import Command


class SetUpScenario(Command, tag="ee.set_up_scenario"):
    """The set-up the players are playing, entered once (or loaded from a scenario file) before play begins."""

    scenario: Scenario


SCENARIO_COMMANDS = (SetUpScenario,)
