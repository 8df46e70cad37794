"""What the players enter when they start a game: the scenario set-up and the tables the rule book lacks.

The rule book has no scenario set-ups, no Table 20.3 (strategic moves), no printed weather and no U-boat/ASW
tables (digest §11.3). None of that is invented here: every such number is an input, validated and embedded
in the game's definition so a game file replays anywhere (docs/games/europe_engulfed.md lists the fields).
"""

from __future__ import annotations

from typing import Any

import msgspec

from assistant.games.europe_engulfed.scenario.format import Scenario
from events.bounds import Name, amount, count, items, mapping


class VariableBox(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A variable-weather box as printed on the turn track (EE 1.11): zone -> condition per winner."""

    german: mapping(Name, Name, 10)
    soviet: mapping(Name, Name, 10)


class Options(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    scenario: Scenario = Scenario()
    # Table 20.3 "National Limits" (strategic moves per phase) is not in the rule book: entered per nation.
    strategic_moves: mapping(Name, count(99), 20) = {}
    # The weather printed on the turn track for fixed turns: "YYYY-MM" -> zone -> condition.
    weather_track: mapping(Name, mapping(Name, Name, 10), 200) = {}
    # The two variable-weather boxes: "Mar/Apr" / "Nov/Dec" -> VariableBox.
    variable_weather: mapping(Name, VariableBox, 10) = {}
    # U-boat losses table 20.5 / ASW table and U-boat attack table, when the players have them as data:
    # asw_table[level][die-1] = percent lost; uboat_attack_table: list of [min U-boats, [WERP by die 1..6]].
    asw_table: mapping(Name, items(count(100), 12), 50) = {}
    uboat_attack_table: items(tuple[count(999), items(count(999), 12)], 50) = ()
    # 10.5 bidding: signed steps added to (+) or removed from (-) the Soviet emergency conscription.
    conscription_bid: amount(-99, 99) = 0
    players: mapping(Name, Name, 20) = {}  # side or nation -> player name
    board: dict[str, Any] | None = None  # a board definition instead of the bundled data/board.toml
