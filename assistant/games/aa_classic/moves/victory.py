"""Who won and why (A&A §1.2 victory conditions, Annex IV total victory, individual winner tables)."""

from __future__ import annotations

import assistant.games.aa_classic.events as ev
from assistant.games.aa_classic.state import State


def percentage(start: int, final: int) -> float:
    """Increase of the production level in % of the start, truncated to one decimal (src L1052-L1054)."""
    tenths = abs(1000 * (final - start)) // start
    return (tenths if final >= start else -tenths) / 10


def individual(s: State, side: str) -> tuple[dict[str, float], str]:
    """Each power's percentage, and the power of the winning side with the best one (ties joined with ' and ')."""
    w = s.world
    pct = {p: percentage(s.start_production[p], s.production.get(p, 0)) for p in w.tables.turn_order}
    mine = {p: v for p, v in pct.items() if w.side_of(p) == side}
    best = max(mine.values())
    return pct, " and ".join(p for p, v in mine.items() if v == best)


def _capitals_held(s: State, side: str) -> list[str]:
    """Enemy capitals ``side`` holds now."""
    w = s.world
    return [
        w.capital_of(p)
        for p in w.tables.turn_order
        if w.side_of(p) != side and w.side_of(s.controller(w.capital_of(p))) == side
    ]


def _own_capitals_lost(s: State, side: str) -> bool:
    w = s.world
    return any(s.capital_held_by_enemy(p) for p in w.tables.sides[side])


def military(s: State) -> ev.VictoryDeclared | None:
    """At the end of a turn (ruling: capitals counted as held at that moment)."""
    w = s.world
    total = s.options.get("total_victory", False)
    for side, needed in (("allies", len(w.tables.sides["axis"])), ("axis", 2)):
        held = _capitals_held(s, side)
        if len(held) < needed or (total and _own_capitals_lost(s, side)):
            continue
        kind = "total" if total else "military"
        reason = f"the {'Allies' if side == 'allies' else 'Axis'} hold {', '.join(held)}"
        return _declare(s, side, kind, reason)
    return None


def economic(s: State) -> ev.VictoryDeclared | None:
    """At the end of a full round: Germany + Japan production level at the economic victory level (>= 84)."""
    level = s.world.tables.economic_victory_level
    axis = sum(s.production.get(p, 0) for p in s.world.tables.sides["axis"])
    if axis < level:
        return None
    return _declare(s, "axis", "economic", f"Axis production level {axis} at the end of round {s.round} (>= {level})")


def _declare(s: State, side: str, kind: str, reason: str) -> ev.VictoryDeclared:
    pct, winner = individual(s, side)
    return ev.VictoryDeclared(
        side=side, kind=kind, reason=reason, round=s.round, power=s.power, percentages=pct, individual_winner=winner
    )
