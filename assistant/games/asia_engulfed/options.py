"""What players choose when they start a game: the scenario (or enter it later), a board file, player names."""

from __future__ import annotations

from typing import Any

import msgspec

from assistant.games.asia_engulfed.scenario.format import Scenario


class Options(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    scenario: Scenario | None = None  # None: entered with ae.set_up_scenario
    players: dict[str, str] = {}  # side -> player name
    board: dict[str, Any] | None = None  # a board definition instead of the bundled data/board.toml
