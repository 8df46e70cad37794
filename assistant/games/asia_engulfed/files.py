"""Files players take from a game to reuse: the board as amended so far and the set-up entered."""

from __future__ import annotations

import msgspec

from assistant.families.engulfed.toml_writer import dumps
from assistant.games.asia_engulfed.board.loader import to_dict
from assistant.games.asia_engulfed.state import AEState

TOML = "application/toml"


def board_file(state: AEState) -> tuple[str, str, str]:
    header = ("# Asia Engulfed board exported by the assistant (format: assistant/games/asia_engulfed/docs.md).\n"
              + ("# Marked complete by the players.\n" if state.board.complete
                 else "# INCOMPLETE: some map facts are still unknown.\n"))
    return "board.toml", header + dumps(to_dict(state.board)), TOML


def scenario_file(state: AEState) -> tuple[str, str, str]:
    return "scenario.toml", dumps(msgspec.to_builtins(state.scenario)), TOML


FILES = {"board": board_file, "scenario": scenario_file}
OPTION_FILES = {
    "board": "Board file (.toml or .json, e.g. the board exported from another game)",
    "scenario": "Scenario file (.toml or .json, a set-up saved from another game)",
}
