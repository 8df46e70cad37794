"""One plain sentence per event, in the table's words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import assistant.games.aa_miniatures.events as ev
from events.core import PhaseBegan

SIDE = {"axis": "the Axis", "allies": "the Allies", "draw": "nobody", "none": "nobody",
        "contested": "neither side alone"}
ADJ = {"axis": "Axis", "allies": "Allied"}
PHASE = {"initiative": "Initiative Phase", "movement": "Movement Phase", "assault": "Assault Phase",
         "casualty": "Casualty Phase"}


def side(x: str) -> str:
    return SIDE.get(x, x)


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _names(ids, names: dict[int, str]) -> str:
    return ", ".join(names.get(i, f"unit {i}") for i in ids)


def _phase(e: PhaseBegan) -> str:
    if e.round == 0:
        return {"map": "Both armies are fixed: choose the battlefield.",
                "deploy": f"Deployment of the {ADJ.get(e.side, e.side)} army."}.get(e.phase, "")
    if e.phase == "initiative":
        return f"Turn {e.round} begins: roll for initiative."
    if e.phase == "casualty":
        return f"Turn {e.round}: Casualty Phase."
    return f"Turn {e.round}: {ADJ.get(e.side, e.side)} {PHASE.get(e.phase, e.phase)}."


def _attack(e: ev.AttackRolled) -> str:
    a, t = e.labels
    where = f" at {e.distance} {'hex' if e.distance == 1 else 'hexes'}" if e.distance is not None else ""
    arc = f", {e.arc} defense" if e.arc else ""
    mod = f" at {e.modifier:+d} a die" if e.modifier else ""
    what = "defensive fire" if e.kind == "defensive" else "attack"
    hits = {0: "no hit", 1: "1 hit"}.get(e.hits, f"{e.hits} hits")
    return (f"{a} {what} on {t}{where} ({e.band} range): {e.dice} dice{mod}, {e.successes} successes against "
            f"defense {e.defense}{arc}: {hits}.")


def _casualties(e: ev.CasualtiesApplied) -> str:
    parts = []
    if e.destroyed:
        parts.append(f"destroyed: {_names(e.destroyed, e.names)}")
    if e.damaged:
        parts.append(f"damaged: {_names(e.damaged, e.names)}")
    if e.disrupted:
        parts.append(f"disrupted: {_names(e.disrupted, e.names)}")
    if e.recovered:
        parts.append(f"recovered: {_names(e.recovered, e.names)}")
    return f"Casualty Phase of turn {e.turn}: " + ("; ".join(parts) if parts else "no effect") + "."


def _move(e: ev.MoveStarted) -> str:
    if e.pivot:
        return f"{e.label} pivots to face {e.facing}."
    route = " → ".join(e.path)
    blocked = f", failing the movement roll into {e.blocked}" if e.blocked else ""
    return f"{e.label} moves {route}{blocked}."


def _ended(e: ev.MoveEnded) -> str:
    facing = f", facing {e.facing}" if e.facing else ""
    why = f" ({e.reason})" if e.reason else ""
    back = f", retracing from {', '.join(e.passed)}" if e.passed else ""
    return f"{e.label} stops in {e.hex}{facing}{why}{back}."


SENTENCES: dict[type, Callable[[Any], str]] = {
    PhaseBegan: _phase,
    ev.CardsRegistered: lambda e: (f"Card registered: {e.cards[0].name} ({e.cards[0].cost} points)." if len(e.cards) == 1
                                   else f"{len(e.cards)} cards imported from a {e.origin.upper()} file."),
    ev.UnitsEnlisted: lambda e: (f"{', '.join(u.label for u in e.units)} join{'s' if len(e.units) == 1 else ''} "
                                 f"the {ADJ[e.side]} army: {e.points} points."),
    ev.UnitDischarged: lambda e: f"A unit leaves the {ADJ[e.side]} army: {e.points} points.",
    ev.ArmyFinalised: lambda e: (f"The {ADJ[e.side]} army is fixed: {e.units} unit{'' if e.units == 1 else 's'}, "
                                 f"{e.points} points."),
    ev.HexRecorded: lambda e: f"{e.hex} is {e.terrain}.",
    ev.HexsideRecorded: lambda e: (f"Between {e.a} and {e.b}: "
                                   + (" and ".join(x for x, on in (("a river", e.river), ("a road", e.road)) if on)
                                      or "nothing") + ("" if not (e.river and e.road) else " (a bridge)") + "."),
    ev.ObjectivePlaced: lambda e: (f"Map configuration {e.configuration}; " if e.configuration else "")
    + f"the objective is {', '.join(e.hexes)}.",
    ev.DeploymentOrderChosen: lambda e: f"{cap(side(e.first))} deploy first, {side(e.second)} second.",
    ev.UnitDeployed: lambda e: (f"{e.label} starts aboard a Transport in {e.hex}." if e.aboard else
                                f"{e.label} deploys in {e.hex}" + (f" facing {e.facing}." if e.facing else ".")),
    ev.InitiativeRolled: lambda e: (f"Initiative, turn {e.turn}: the Axis {e.totals['axis']}, the Allies "
                                    f"{e.totals['allies']}: " + (f"{side(e.winner)} win" + (" on the higher bonus"
                                    if e.by == "bonus" else "") + "." if e.winner else "tied, roll again.")),
    ev.OrderChosen: lambda e: f"{cap(side(e.first))} play first in turn {e.turn}.",
    ev.MoveStarted: _move,
    ev.MoveEnded: _ended,
    ev.Boarded: lambda e: f"{e.labels[0]} boards {e.labels[1]}.",
    ev.Disembarked: lambda e: f"{e.labels[0]} gets off {e.labels[1]} in {e.hex}.",
    ev.AttackRolled: _attack,
    ev.CoverAwaited: lambda e: f"{e.label} may roll for cover: {e.needed}+.",
    ev.CoverRolled: lambda e: (f"{e.label} rolls {e.face} for cover ({e.needed}+): "
                               f"{'covered' if e.success else 'no cover'}." if e.how == "rolled" else
                               f"{e.label} is covered automatically." if e.how == "automatic" else
                               f"The attack ignores {e.label}'s cover."),
    ev.CountersPlaced: lambda e: (f"Face-down counters on {e.label}: {', '.join(e.counters)}"
                                  + (" (limited by cover)." if e.limited_by_cover else ".")) if e.counters
    else f"No counter on {e.label}" + (" (cover)." if e.limited_by_cover else "."),
    ev.MoverDisrupted: lambda e: (f"{e.labels[0]} is disrupted by {e.labels[1]}'s defensive fire and stops in {e.hex}."
                                  if e.moving else f"{e.labels[0]} in {e.hex} is disrupted by the blast of "
                                  f"{e.labels[1]}'s defensive fire."),
    ev.DefensiveFireFailed: lambda e: (f"{e.labels[1]}'s defensive fire at {e.labels[0]} "
                                       + ("is cancelled by cover." if e.reason == "cover" else "has no effect.")),
    ev.BridgeDemolished: lambda e: f"{e.label} blows the bridge between {e.a} and {e.b}.",
    ev.CasualtiesApplied: _casualties,
    ev.TurnEnded: lambda e: (f"End of turn {e.turn}: objective held by {side(e.control)}; on the map the Axis "
                             f"{e.points['axis']} points, the Allies {e.points['allies']}."),
    ev.GameWon: lambda e: (f"The game ends in a draw: {e.reason}." if e.winner == "draw"
                           else f"{cap(side(e.winner))} win in turn {e.turn}: {e.reason}."),
    ev.UnitEdited: lambda e: f"Edit: {e.label} set by hand ({e.reason}): " + _edited(e) + ".",
    ev.CountersRevised: lambda e: f"Corrected dice: {e.label}'s face-down counters are now {', '.join(e.counters) or 'none'}.",
}


def _edited(e: ev.UnitEdited) -> str:
    """What the unit now is, so that the log shows the correction itself and not only its reason."""
    parts = [f"in {e.hex}" if e.hex else "off the map"]
    if e.facing:
        parts[0] += f" facing {e.facing}"
    parts += [w for w, on in (("disrupted", e.disrupted), ("damaged", e.damaged)) if on]
    parts.append(f"face down: {', '.join(e.hidden)}" if e.hidden else "no face-down counter")
    return "; ".join(parts)


def describe(event: Any) -> str:
    f = SENTENCES.get(type(event))
    return f(event) if f else ""
