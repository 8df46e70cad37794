"""Army building (rulebook p.10, p.27-28): what a side may field, checked as each unit joins."""

from __future__ import annotations

from collections.abc import Sequence

from assistant.decider import Refused
from assistant.games.aa_miniatures.cards import Card
from assistant.games.aa_miniatures.state import Scenario
from assistant.games.aa_miniatures.tables import load


def refuse_addition(scenario: Scenario, side: str, army: Sequence[Card], card: Card, count: int) -> None:
    """Refuse ``count`` copies of ``card`` joining ``side``'s army when a rule forbids it, naming the rule."""
    t = load()
    if card.side != side:
        raise Refused(f"{card.name} is a{'n Axis' if card.side == 'axis' else 'n Allied'} unit; only "
                      f"{'Axis' if side == 'axis' else 'Allied'} units may join this army", "AAM p.7, p.10")
    units = len(army) + count
    if units > scenario.max_units:
        raise Refused(f"an army holds at most {scenario.max_units} units; this would make {units}", "AAM p.10")
    points = sum(c.cost for c in army) + card.cost * count
    budget = scenario.budgets[side]
    if points > budget:
        raise Refused(f"{count} × {card.name} ({card.cost} points each) would bring the army to {points} of "
                      f"{budget} points", "AAM p.10" if scenario.name == "standard" else "AAM p.27")
    if scenario.year:
        ok = card.year < scenario.year if scenario.year_rule == "before" else card.year <= scenario.year
        if not ok:
            said = "before" if scenario.year_rule == "before" else "in or before"
            raise Refused(f"{card.name} entered service in {card.year}; this scenario allows units introduced "
                          f"{said} {scenario.year}", "AAM p.28")
    if scenario.historical_limits:
        nations = {c.nationality for c in army} | {card.nationality}
        if not any(nations <= set(group) for group in t.groups):
            names = ", ".join(sorted(t.nationalities[n] for n in nations))
            raise Refused(f"historical army limits: {names} may not serve in one army", "AAM p.28")


def refuse_final(scenario: Scenario, side: str, army: Sequence[Card]) -> None:
    """Check the whole army again before it is fixed: a card typed again since a unit joined (another cost,
    nationality or year) may have taken the army past a limit that was met when each unit joined."""
    if not army:
        raise Refused("an army needs at least one unit", "AAM p.10")
    rule = "AAM p.10" if scenario.name == "standard" else "AAM p.27"
    points = sum(c.cost for c in army)
    if points > scenario.budgets[side]:
        raise Refused(f"this army has {points} points, more than its {scenario.budgets[side]}: take a unit out "
                      f"(its cards' costs as now recorded)", rule)
    if scenario.exact.get(side) and points != scenario.budgets[side]:
        raise Refused(f"this army is composed of {scenario.budgets[side]} points; it has {points}", "AAM p.27")
    for i, card in enumerate(army):  # side, year and historical limits, unit by unit
        refuse_addition(scenario, side, army[:i], card, 1)


def best_initiative_bonus(cards: Sequence[Card]) -> int:
    return max((c.initiative_bonus for c in cards), default=0)
