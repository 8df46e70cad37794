"""Exact odds of a battle as it stands, recorded before its first die (filled in by the family's odds engine)."""

from __future__ import annotations

from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.state import Battle, State


def record_odds(state: State, b: Battle) -> list[ev.BattleOddsRecorded]:
    return []
