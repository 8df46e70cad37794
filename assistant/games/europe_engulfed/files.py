"""Files players take from a game to reuse in later ones: the board as amended so far, the set-up entered.

Both are written in the formats ``tabletop new europe_engulfed --option-file board=... scenario=...`` reads back
(data/README.md), so a board completed over several games keeps its facts and their sources.
"""

from __future__ import annotations

from assistant.games.europe_engulfed.board import loader
from assistant.games.europe_engulfed.scenario import loader as scenario_loader
from assistant.games.europe_engulfed.state import EEState
from assistant.families.engulfed.board_files import OPTION_FILES  # noqa: F401  (the same files in both games)

TOML = "application/toml"


def board_file(state: EEState) -> tuple[str, str, str]:
    return "board.toml", loader.export(state.board), TOML


def scenario_file(state: EEState) -> tuple[str, str, str]:
    """The set-up entered at the start of the game (options or ee.set_up_scenario), not the table now."""
    return "scenario.toml", scenario_loader.dumps(state.options.scenario), TOML


FILES = {"board": board_file, "scenario": scenario_file}
