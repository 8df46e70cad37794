"""evolve(state, event) -> state: applies facts, never re-checks them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

import assistant.games.aa_miniatures.events as ev
from assistant.games.aa_miniatures.state import CoverDue, MoveWindow, ShotRecord, State, Unit, Victory, hexside
from events.core import PhaseBegan


def _unit(s: State, uid: int, **changes: Any) -> dict[int, Unit]:
    return {**s.units, uid: replace(s.units[uid], **changes)}


def _units(s: State, ids, **changes: Any) -> dict[int, Unit]:
    out = dict(s.units)
    for i in ids:
        out[i] = replace(out[i], **changes)
    return out


def phase_began(s: State, e: PhaseBegan) -> State:
    if e.round == 0:  # set-up stages: build, map, deploy
        return replace(s, stage=e.phase, deploying=e.side if e.phase == "deploy" else "")
    new_phase = (e.round, e.phase, e.side) != (s.turn, s.phase, s.owner)
    units = s.units
    if new_phase:  # per-phase flags: moves, assault actions, defensive fire, the road bonus (p.11, p.21, p.24)
        units = {i: replace(u, moved=False, action="", fired=False) for i, u in s.units.items()}
    return replace(s, stage="play", deploying="", turn=e.round, phase=e.phase, owner=e.side if e.phase != "initiative" else "",
                   units=units, road_bonus_used=frozenset() if new_phase else s.road_bonus_used,
                   initiative_winner="" if e.phase == "initiative" else s.initiative_winner)


def cards_registered(s: State, e: ev.CardsRegistered) -> State:
    return replace(s, catalogue={**s.catalogue, **{c.id: c for c in e.cards}})


def units_enlisted(s: State, e: ev.UnitsEnlisted) -> State:
    units = dict(s.units)
    for line in e.units:
        units[line.id] = Unit(id=line.id, card=line.card, side=e.side, label=line.label)
    return replace(s, units=units, next_id=max(s.next_id, max(line.id for line in e.units) + 1))


def unit_discharged(s: State, e: ev.UnitDischarged) -> State:
    return replace(s, units={i: u for i, u in s.units.items() if i != e.unit})


def army_finalised(s: State, e: ev.ArmyFinalised) -> State:
    return replace(s, final=tuple(sorted({*s.final, e.side})))


def hex_recorded(s: State, e: ev.HexRecorded) -> State:
    return replace(s, terrain={**s.terrain, e.hex: e.terrain})


def hexside_recorded(s: State, e: ev.HexsideRecorded) -> State:
    key = hexside(e.a, e.b)
    rivers = s.rivers | {key} if e.river else s.rivers - {key}
    roads = s.roads | {key} if e.road else s.roads - {key}
    return replace(s, rivers=rivers, roads=roads)


def objective_placed(s: State, e: ev.ObjectivePlaced) -> State:
    return replace(s, objectives=e.hexes, configuration=e.configuration or s.configuration)


def deployment_order_chosen(s: State, e: ev.DeploymentOrderChosen) -> State:
    return replace(s, deploy_order=(e.first, e.second))


def unit_deployed(s: State, e: ev.UnitDeployed) -> State:
    return replace(s, units=_unit(s, e.unit, hex=e.hex, facing=e.facing, aboard=e.aboard))


def initiative_rolled(s: State, e: ev.InitiativeRolled) -> State:
    return replace(s, initiative_winner=e.winner)


def order_chosen(s: State, e: ev.OrderChosen) -> State:
    return replace(s, first=e.first, second=e.second)


def move_started(s: State, e: ev.MoveStarted) -> State:
    u = s.units[e.unit]
    in_assault = s.phase == "assault"
    units = _unit(s, e.unit, moved=True, action="move" if in_assault else u.action)
    bonus = s.road_bonus_used | {e.unit} if e.road_bonus else s.road_bonus_used
    window = MoveWindow(unit=e.unit, path=e.path, facing=e.facing, blocked=e.blocked)
    return replace(s, units=units, window=window, road_bonus_used=bonus)


def move_ended(s: State, e: ev.MoveEnded) -> State:
    units = _unit(s, e.unit, hex=e.hex, facing=e.facing or s.units[e.unit].facing)
    carried = [i for i, u in s.units.items() if u.aboard == e.unit]
    units = {**units, **{i: replace(units[i], hex=e.hex) for i in carried}}
    return replace(s, units=units, window=None)


def boarded(s: State, e: ev.Boarded) -> State:
    return replace(s, units=_unit(s, e.soldier, aboard=e.transport, moved=True))


def disembarked(s: State, e: ev.Disembarked) -> State:
    return replace(s, units=_unit(s, e.soldier, aboard=0, hex=e.hex, moved=True))


def attack_rolled(s: State, e: ev.AttackRolled) -> State:
    if e.kind == "defensive":
        units = _unit(s, e.attacker, fired=True)
        window = s.window
        if window is not None:
            window = replace(window, shot_step=e.step, shot_where=e.where)
        return replace(s, units=units, window=window)
    return replace(s, units=_unit(s, e.attacker, action="attack"))


def cover_rolled(s: State, e: ev.CoverRolled) -> State:
    return replace(s, cover=None)


def counters_placed(s: State, e: ev.CountersPlaced) -> State:
    u = s.units[e.target]
    shots = {**s.shots, e.ref: ShotRecord(e.target, e.hits, e.defense, e.limited_by_cover, e.attacker, e.cover,
                                                 e.cover_needed, e.cover_rolled)} if e.ref else s.shots
    return replace(s, units=_unit(s, e.target, hidden=u.hidden + e.counters), cover=None, shots=shots)


def mover_disrupted(s: State, e: ev.MoverDisrupted) -> State:
    return replace(s, units=_unit(s, e.unit, disrupted=True), cover=None)


def defensive_fire_failed(s: State, e: ev.DefensiveFireFailed) -> State:
    return replace(s, cover=None)


def bridge_demolished(s: State, e: ev.BridgeDemolished) -> State:
    return replace(s, roads=s.roads - {hexside(e.a, e.b)}, units=_unit(s, e.unit, action="demolish"))


def casualties_applied(s: State, e: ev.CasualtiesApplied) -> State:
    units = {i: replace(u, hidden=(), disrupted=False) if u.hex and not u.destroyed else u for i, u in s.units.items()}
    gone = set(e.destroyed)
    units = {i: replace(u, destroyed=e.turn) if i in gone else u for i, u in units.items()}
    units = {i: replace(u, damaged=True) if i in e.damaged else u for i, u in units.items()}
    units = {i: replace(u, disrupted=True) if i in e.disrupted else u for i, u in units.items()}
    return replace(s, units=units, shots={})


def turn_ended(s: State, e: ev.TurnEnded) -> State:
    return replace(s, control=(*s.control, e.control))


def game_won(s: State, e: ev.GameWon) -> State:
    return replace(s, victory=Victory(e.winner, e.reason, e.turn), stage="over")


def unit_edited(s: State, e: ev.UnitEdited) -> State:
    return replace(s, units=_unit(s, e.unit, hex=e.hex, facing=e.facing, disrupted=e.disrupted, damaged=e.damaged,
                                  hidden=e.hidden))


def counters_revised(s: State, e: ev.CountersRevised) -> State:
    shots = dict(s.shots)
    if e.ref in shots:
        shots[e.ref] = replace(shots[e.ref], hits=e.hits, covered=e.covered,
                               rolled=shots[e.ref].rolled or e.cover_rolled)
    return replace(s, units=_unit(s, e.target, hidden=e.counters), shots=shots)


def cover_awaited(s: State, e: ev.CoverAwaited) -> State:
    return replace(s, cover=CoverDue(attacker=e.attacker, target=e.target, kind=e.kind, hits=e.hits,
                                     successes=e.successes, defense=e.defense, needed=e.needed, ref=e.ref,
                                     step=e.step, where=e.where))


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    PhaseBegan: phase_began,
    ev.CardsRegistered: cards_registered,
    ev.UnitsEnlisted: units_enlisted,
    ev.UnitDischarged: unit_discharged,
    ev.ArmyFinalised: army_finalised,
    ev.HexRecorded: hex_recorded,
    ev.HexsideRecorded: hexside_recorded,
    ev.ObjectivePlaced: objective_placed,
    ev.DeploymentOrderChosen: deployment_order_chosen,
    ev.UnitDeployed: unit_deployed,
    ev.InitiativeRolled: initiative_rolled,
    ev.OrderChosen: order_chosen,
    ev.MoveStarted: move_started,
    ev.MoveEnded: move_ended,
    ev.Boarded: boarded,
    ev.Disembarked: disembarked,
    ev.AttackRolled: attack_rolled,
    ev.CoverAwaited: cover_awaited,
    ev.CoverRolled: cover_rolled,
    ev.CountersPlaced: counters_placed,
    ev.MoverDisrupted: mover_disrupted,
    ev.DefensiveFireFailed: defensive_fire_failed,
    ev.BridgeDemolished: bridge_demolished,
    ev.CasualtiesApplied: casualties_applied,
    ev.TurnEnded: turn_ended,
    ev.GameWon: game_won,
    ev.UnitEdited: unit_edited,
    ev.CountersRevised: counters_revised,
}


def evolve(state: State, event: Any) -> State:
    handler = HANDLERS.get(type(event))
    return handler(state, event) if handler else state
