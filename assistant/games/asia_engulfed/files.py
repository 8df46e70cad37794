"""Files players take from a game to reuse: the board as amended so far and the set-up entered."""

from __future__ import annotations

from assistant.games.asia_engulfed.board.loader import export
from assistant.games.asia_engulfed.scenario.loader import SCENARIO_FILES
from assistant.games.asia_engulfed.state import AEState
from assistant.families.engulfed.board_files import OPTION_FILES  # noqa: F401  (the same files in both games)

TOML = "application/toml"


def board_file(state: AEState) -> tuple[str, str, str]:
    return "board.toml", export(state.board), TOML


def scenario_file(state: AEState) -> tuple[str, str, str]:
    return "scenario.toml", SCENARIO_FILES.export(state.scenario), TOML


FILES = {"board": board_file, "scenario": scenario_file}
