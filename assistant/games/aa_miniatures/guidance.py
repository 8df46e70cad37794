"""What to do now, in plain words, for the table's banner."""

from __future__ import annotations

from assistant.games.aa_miniatures.describe import ADJ, PHASE, cap, side
from assistant.games.aa_miniatures.state import SIDES, State


def guidance(s: State) -> str:
    if s.victory is not None:
        if s.victory.winner == "draw":
            return f"The game is over: a draw ({s.victory.reason})."
        return f"The game is over: {side(s.victory.winner)} won in turn {s.victory.turn} ({s.victory.reason})."
    if s.stage == "build":
        parts = []
        for x in SIDES:
            state = "fixed" if x in s.final else "building"
            parts.append(f"{ADJ[x]} {s.points(x)}/{s.scenario.budgets[x]} points, "
                         f"{len(s.army(x))}/{s.scenario.max_units} units ({state})")
        return "Army building: " + "; ".join(parts) + "."
    if s.stage == "map":
        if not s.objectives:
            how = {"standard": "roll for the map configuration",
                   "assault": "the defender chooses the configuration"}.get(s.scenario.name,
                                                                         "choose the map configuration")
            return f"Choose the battlefield: {how} and place the objective marker."
        return "Toss a coin: the winner says who deploys first."
    if s.stage == "deploy":
        left = sum(1 for u in s.army(s.deploying) if not u.hex)
        return f"{cap(side(s.deploying))} deploy: {left} unit(s) still to place, then end the phase."
    if s.cover is not None:
        u = s.units[s.cover.target]
        return f"{u.label} may roll for cover ({s.cover.needed}+): {side(u.side)} roll for it."
    if s.window is not None:
        u = s.units[s.window.unit]
        return (f"{u.label} is moving ({' → '.join(s.window.path)}): {side('allies' if u.side == 'axis' else 'axis')} "
                "may fire defensively, or hold fire.")
    if s.phase == "initiative":
        if s.initiative_winner:
            return f"Turn {s.turn}: {side(s.initiative_winner)} won the initiative and choose who plays first."
        return f"Turn {s.turn}: both players roll 2 dice for initiative."
    acted = [u for u in s.on_map(s.owner) if (u.moved or u.action)]
    return (f"Turn {s.turn}, {ADJ.get(s.owner, s.owner)} {PHASE.get(s.phase, s.phase)}: "
            f"{len(acted)} of {len(s.on_map(s.owner))} units have acted.")
