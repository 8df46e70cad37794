"""Victory [T L13]: occupy an enemy capital and hold it until your next turn while keeping your own home.

Rulings (docs/rulings.md): the hold is checked when the capturing power's next turn starts (R1); the Allies' win is
collective and Germany may be held by any Ally then (R3), but the capturing power must keep its own home (R2: the
USSR only Moscow); the individual winner is the largest absolute rise of the chart's level since the start (R4).
"""

from __future__ import annotations

from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.state import State


def targets(s: State, power: str) -> tuple[str, ...]:
    v = s.world.tables.victory
    return tuple(v["german_targets"] if s.world.side_of(power) == "axis" else v["allied_targets"])


def arm(s: State, power: str, territory: str) -> list:
    """A capture of an enemy capital arms the power's win, to be checked at its next turn."""
    if territory in targets(s, power) and s.armed.get(power) != territory:
        return [ev.VictoryArmed(power=power, capital=territory, round=s.round)]
    return []


def broken(s: State, by: str, territory: str) -> list:
    """An enemy retaking an occupied capital breaks the hold at once [T L13: "hold it until your next turn"]: a
    later recapture by an ally arms that ally's own win, it does not carry the first capture's."""
    w = s.world
    return [
        ev.VictoryLapsed(power=p, capital=capital, reason=f"{w.name(by)} took {capital} from {w.name(p)}")
        for p, capital in sorted(s.armed.items())
        if capital == territory and w.enemies(by, p)
    ]


def check_armed(s: State, power: str) -> list:
    capital = s.armed.get(power)
    if not capital:
        return []
    w = s.world
    holder = s.controller(capital)
    variant = bool(s.options.get("western_variant"))
    held = holder == power if variant or w.side_of(power) == "axis" else w.allied(holder, power)
    home = [t for t in w.tables.victory["home"][power] if s.controller(t) != power]
    if not held:
        return [ev.VictoryLapsed(power=power, capital=capital, reason=f"{capital} is no longer held")]
    if home:
        return [ev.VictoryLapsed(power=power, capital=capital, reason=f"{w.name(power)} lost {', '.join(home)}")]
    side = w.side_of(power)
    if side == "axis":
        winners, mode = tuple(w.tables.sides["axis"]), "collective"
    elif variant and power == "ussr":
        winners, mode = ("ussr",), "soviet_alone"
    elif variant:
        winners, mode = tuple(p for p in w.tables.sides["allies"] if p != "ussr"), "western_joint"
    else:
        winners, mode = tuple(w.tables.sides["allies"]), "collective"
    increases = {p: s.income(p) - s.start_income.get(p, 0) for p in winners}
    best = max(increases.values())
    reason = f"{w.name(power)} held {capital} until its next turn and kept its home"
    return [
        ev.VictoryDeclared(
            side=side, winners=winners, mode=mode, reason=reason, round=s.round, increases=increases,
            individual_winner=tuple(p for p, n in increases.items() if n == best) if len(winners) > 1 else (),
        )
    ]
