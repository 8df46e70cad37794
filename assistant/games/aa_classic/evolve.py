"""evolve(state, event) -> state: applies facts, never re-checks them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

import assistant.games.aa_classic.events as ev
from assistant.games.aa_classic.state import Battle, Damage, Fire, Flight, Mark, Pending, State, Unit, Victory
from events.core import DiceRolled, PhaseBegan


def _add(d: dict[str, int], deltas: dict[str, int]) -> dict[str, int]:
    out = dict(d)
    for power, amount in deltas.items():
        out[power] = out.get(power, 0) + amount
    return out


def _marked(state: State, ids, **changes: Any) -> dict[int, Mark]:
    marks = dict(state.marks)
    for i in ids:
        marks[i] = replace(marks.get(i, Mark()), **changes)
    return marks


def _without(state: State, ids) -> dict[int, Unit]:
    gone = set(ids)
    return {i: u for i, u in state.units.items() if i not in gone and u.aboard not in gone}


def _battle(state: State, key: str, **changes: Any) -> dict[str, Battle]:
    battles = dict(state.battles)
    battles[key] = replace(battles[key], **changes)
    return battles


def phase_began(s: State, e: PhaseBegan) -> State:
    return replace(s, round=e.round, power=e.side, step=e.phase)


def turn_started(s: State, e: ev.TurnStarted) -> State:
    # The round and the power move on with the phase that follows (core.phase_began), as the turn clock does:
    # looking at the table between the two, the banner's chips and its text name the same turn.
    return replace(
        s,
        controlled_at_start=frozenset(e.controlled),
        research_done=False,
        breakthroughs=0,
        purchased={},
        marks={},
        battles={},
        captured_this_turn=frozenset(),
        placed={},
        new_complexes=frozenset(),
        rocket_fired=False,
        research_ref="",
        research_sixes=0,
        tech_rolls={},
        flights={},
    )


def dice_rolled(s: State, e: DiceRolled) -> State:
    if e.ref.startswith("breakthrough:"):  # a technology throw, even one that gives nothing
        return replace(s, tech_rolls={**s.tech_rolls, e.ref: ()})
    return s


def research_paid(s: State, e: ev.ResearchPaid) -> State:
    return replace(s, treasury=_add(s.treasury, {e.power: -e.cost}), research_done=True)


def research_rolled(s: State, e: ev.ResearchRolled) -> State:
    return replace(s, breakthroughs=e.breakthroughs, research_ref=e.ref, research_sixes=e.breakthroughs)


def breakthroughs_recounted(s: State, e: ev.BreakthroughsRecounted) -> State:
    sixes = e.sixes if e.sixes >= 0 else s.research_sixes
    return replace(s, breakthroughs=e.waiting, research_sixes=sixes)


def technology_acquired(s: State, e: ev.TechnologyAcquired) -> State:
    techs = dict(s.technologies)
    techs[e.power] = (*techs.get(e.power, ()), e.technology)
    rolls = s.tech_rolls
    if e.ref:
        rolls = {**rolls, e.ref: (*rolls.get(e.ref, ()), e.technology)}
    return replace(s, technologies=techs, breakthroughs=max(0, s.breakthroughs - 1), tech_rolls=rolls)


def technology_revoked(s: State, e: ev.TechnologyRevoked) -> State:
    techs = dict(s.technologies)
    techs[e.power] = tuple(t for t in techs.get(e.power, ()) if t != e.technology)
    rolls = {ref: tuple(t for t in given if t != e.technology) for ref, given in s.tech_rolls.items()}
    return replace(s, technologies=techs, tech_rolls=rolls)


def breakthroughs_wasted(s: State, e: ev.BreakthroughsWasted) -> State:
    return replace(s, breakthroughs=0)


def units_purchased(s: State, e: ev.UnitsPurchased) -> State:
    return replace(
        s, treasury=_add(s.treasury, {e.power: -e.cost}), purchased=_add(s.purchased, e.units), research_done=True
    )


def units_moved(s: State, e: ev.UnitsMoved) -> State:
    end = e.path[-1]
    steps = len(e.path) - 1
    moving = set(e.units)
    units = dict(s.units)
    marks = dict(s.marks)
    for i, u in s.units.items():
        if i in moving:
            units[i] = Unit(u.kind, u.owner, end, e.aboard.get(i, 0))
            m = marks.get(i, Mark())
            marks[i] = replace(m, used=m.used + steps, step=e.step)
        elif u.aboard in moving:
            units[i] = replace(u, space=end)
            if s.world.units[u.kind].domain == "air":  # rode its carrier: it can no longer take off this turn
                marks[i] = replace(marks.get(i, Mark()), done=True)
    for carrier in e.aboard.values():  # a carrier a fighter landed on cannot move any more this turn
        marks[carrier] = replace(marks.get(carrier, Mark()), done=True)
    return replace(s, units=units, marks=marks)


def units_loaded(s: State, e: ev.UnitsLoaded) -> State:
    units = dict(s.units)
    for i in e.cargo:
        units[i] = Unit(units[i].kind, units[i].owner, e.zone, e.transport)
    return replace(s, units=units, marks=_marked(replace(s, units=units), e.cargo, boarded=True, step=s.step))


def units_unloaded(s: State, e: ev.UnitsUnloaded) -> State:
    if e.waiting:
        return replace(s, marks=_marked(s, e.cargo, landing=e.territory))
    units = dict(s.units)
    for i in e.cargo:
        units[i] = Unit(units[i].kind, units[i].owner, e.territory, 0)
    marks = _marked(s, e.cargo, done=True, landing="", step=s.step)
    s = replace(s, marks=marks)
    return replace(s, units=units, marks=_marked(s, e.transports, done=True))


def landing_made(s: State, e: ev.LandingMade) -> State:
    return units_unloaded(s, ev.UnitsUnloaded(power="", transports=(), cargo=e.cargo, zone=e.zone, territory=e.territory))


def neutrality_violated(s: State, e: ev.NeutralityViolated) -> State:
    return replace(s, treasury=_add(s.treasury, {e.power: -e.penalty}))


def units_gone(s: State, e: ev.AircraftShotDown | ev.AircraftLost) -> State:
    return replace(s, units=_without(s, e.units))


def aircraft_shot_down(s: State, e: ev.AircraftShotDown) -> State:
    s = units_gone(s, e)
    if not e.ref or e.context != "overflight":
        return s
    known = s.flights.get(e.ref)
    if known is None:
        flight = Flight(e.power, e.space, e.aircraft, e.preference, e.end, e.came, e.arrival, e.lines)
    else:
        flight = replace(known, down=(*known.down, *e.lines))
    return replace(s, flights={**s.flights, e.ref: flight})


def aircraft_restored(s: State, e: ev.AircraftRestored) -> State:
    units, top = _new_units(s, e.units)
    s = replace(s, units=units, next_id=top)
    flight = s.flights.get(e.ref)
    if flight is None:
        return s
    back = {line.id for line in e.units}
    flight = replace(flight, down=tuple(line for line in flight.down if line.id not in back))
    return replace(s, flights={**s.flights, e.ref: flight})


def battle_joined(s: State, e: ev.BattleJoined) -> State:
    battles = dict(s.battles)
    b = battles.get(e.battle) or Battle(key=e.battle, space=e.space, kind=e.kind, attacker=e.attacker)
    came = b.came_from if not e.came_from or e.came_from in b.came_from else (*b.came_from, e.came_from)
    battles[e.battle] = replace(b, units=(*b.units, *e.units), came_from=came, amphibious=b.amphibious or e.amphibious)
    marks = _marked(s, e.units, battle=e.battle)
    if e.kind == "naval":
        marks = _marked(replace(s, marks=marks), e.units, fought_at_sea=True)
    return replace(s, battles=battles, marks=marks)


def territory_captured(s: State, e: ev.TerritoryCaptured) -> State:
    control = dict(s.control)
    control[e.territory] = e.controller
    units = dict(s.units)
    for i in e.aa_guns:
        units[i] = replace(units[i], owner=e.controller)
    return replace(
        s,
        control=control,
        units=units,
        production=_add(s.production, e.production),
        captured_this_turn=s.captured_this_turn | {e.territory},
        marks=_marked(s, e.aa_guns, captured=True),
    )


def capital_captured(s: State, e: ev.CapitalCaptured) -> State:
    return replace(s, treasury=_add(s.treasury, {e.owner: -e.seized, e.captor: e.seized}))


def capital_liberated(s: State, e: ev.CapitalLiberated) -> State:
    control = dict(s.control)
    for t in e.returned:
        control[t] = e.owner
    return replace(s, control=control, production=_add(s.production, e.production))


def hits_scored(s: State, e: ev.HitsScored) -> State:
    b = s.battles[e.battle]
    fired = b.fired
    changes: dict[str, Any] = {}
    if e.fire == "aa":
        changes["aa_done"] = True
    elif e.fire == "support":
        changes["support_done"] = True
    else:
        fired = (*fired, e.fire)
    pending = None
    if e.hits:
        loser = "defender" if e.side == "attacker" else "attacker"
        line = e.fire in ("attack", "support")
        pending = Pending(
            side=loser,
            hits=e.hits,
            ships_only=e.ships_only,
            line=line,
            fire=e.fire,
            targets=e.targets,
            restricted=e.restricted,
            ref=e.ref,
        )
    marks = _marked(s, e.units, battle=e.battle) if e.fire == "support" else s.marks
    if e.ref:
        fire = Fire(e.fire, e.side, e.round, e.hits, e.ships_only, e.targets, e.restricted)
        changes["fires"] = {**b.fires, e.ref: fire}
    return replace(s, marks=marks, battles=_battle(s, e.battle, fired=fired, pending=pending, **changes))


def hits_recounted(s: State, e: ev.HitsRecounted) -> State:
    b = s.battles[e.battle]
    changes: dict[str, Any] = {}
    fire = b.fires.get(e.ref)
    if fire is not None:
        changes["fires"] = {**b.fires, e.ref: replace(fire, hits=e.hits, ships_only=e.ships_only)}
    pending = b.pending
    if e.extra and fire is not None:
        extra_ships = min(e.extra, max(0, e.ships_only - fire.ships_only))
        loser = "defender" if fire.side == "attacker" else "attacker"
        changes["pending"] = Pending(
            side=loser, hits=e.extra, ships_only=extra_ships, line=e.line, fire=fire.fire,
            targets=fire.targets, restricted=fire.restricted, ref=e.ref,
        )
    elif pending is not None and (pending.ref == e.ref or not e.ref):
        changes["pending"] = replace(pending, hits=e.hits, ships_only=e.ships_only)
    return replace(s, battles=_battle(s, e.battle, **changes)) if changes else s


def _lines(s: State, ids) -> tuple[ev.UnitLine, ...]:
    return tuple(ev.UnitLine(i, s.units[i].kind, s.units[i].owner, s.units[i].space, s.units[i].aboard) for i in ids)


def casualties_chosen(s: State, e: ev.CasualtiesChosen) -> State:
    b = s.battles[e.battle]
    changes: dict[str, Any] = {"pending": None}
    ref = b.pending.ref if b.pending is not None else ""
    fire = b.fires.get(ref)
    if fire is not None:
        cargo = e.cargo or tuple(i for i, u in s.units.items() if u.aboard in set(e.units))
        taken = _lines(s, (*e.units, *(i for i in cargo if i not in e.units)))
        changes["fires"] = {**b.fires, ref: replace(fire, taken=(*fire.taken, *taken))}
    if e.removed:
        s = replace(s, units=_without(s, e.units))
        return replace(s, battles=_battle(s, e.battle, **changes))
    return replace(s, battles=_battle(s, e.battle, casualty_line=(*b.casualty_line, *e.units), **changes))


def casualties_restored(s: State, e: ev.CasualtiesRestored) -> State:
    b = s.battles[e.battle]
    back = {line.id for line in e.units}
    units = dict(s.units)
    for line in e.units:
        units.setdefault(line.id, Unit(line.kind, line.owner, line.space, line.aboard))
    changes: dict[str, Any] = {"casualty_line": tuple(i for i in b.casualty_line if i not in back)}
    fire = b.fires.get(e.ref)
    if fire is not None:
        kept = tuple(line for line in fire.taken if line.id not in back)
        changes["fires"] = {**b.fires, e.ref: replace(fire, taken=kept)}
    s = replace(s, units=units)
    return replace(s, battles=_battle(s, e.battle, **changes))


def battle_round_ended(s: State, e: ev.BattleRoundEnded) -> State:
    s = replace(s, units=_without(s, e.removed))
    return replace(s, battles=_battle(s, e.battle, round=e.round + 1, fired=(), casualty_line=()))


def _leave_battle(s: State, key: str, ids: tuple[int, ...], to: str) -> State:
    units = dict(s.units)
    for i in ids:
        if to:
            units[i] = replace(units[i], space=to)
    for i, u in s.units.items():
        if u.aboard in ids and to:
            units[i] = replace(u, space=to)
    b = s.battles[key]
    left = set(ids)
    return replace(s, units=units, battles=_battle(s, key, units=tuple(i for i in b.units if i not in left)))


def submarines_submerged(s: State, e: ev.SubmarinesSubmerged) -> State:
    if e.side == "attacker":
        return _leave_battle(s, e.battle, e.units, e.zone)
    units = dict(s.units)
    for i in e.units:
        units[i] = replace(units[i], space=e.zone)
    return replace(s, units=units)


def attacker_retreated(s: State, e: ev.AttackerRetreated) -> State:
    s = _leave_battle(s, e.battle, e.units, e.to)
    return replace(s, battles=_battle(s, e.battle, outcome="attacker_retreated"))


def battle_ended(s: State, e: ev.BattleEnded) -> State:
    b = s.battles[e.battle]
    marks = s.marks
    if b.kind == "naval" and e.outcome != "attacker_won":  # cargo waiting to land in this zone stays aboard
        waiting = [i for i, m in s.marks.items() if m.landing and s.units.get(i) and s.units[i].space == b.space]
        marks = _marked(s, waiting, landing="")
    return replace(s, marks=marks, battles=_battle(s, e.battle, outcome=e.outcome, pending=None))


def _damage(s: State, ref: str, territory: str, owner: str, total: int, paid: int) -> dict[str, Damage]:
    if not ref:
        return s.damages
    return {**s.damages, ref: Damage(territory, owner, total, paid, s.treasury.get(owner, 0))}


def bombing_damage(s: State, e: ev.BombingDamage) -> State:
    damages = _damage(s, e.ref, e.territory, e.owner, e.total, e.paid)
    return replace(s, treasury=_add(s.treasury, {e.owner: -e.paid}), damages=damages)


def rocket_fired(s: State, e: ev.RocketFired) -> State:
    damages = _damage(s, e.ref, e.target, e.owner, e.damage, e.paid)
    marks = _marked(s, (e.gun,), fired_rocket=True) if e.gun else s.marks
    return replace(s, treasury=_add(s.treasury, {e.owner: -e.paid}), rocket_fired=True, damages=damages, marks=marks)


def damage_corrected(s: State, e: ev.DamageCorrected) -> State:
    damages = dict(s.damages)
    known = damages.get(e.ref)
    if known is not None:
        damages[e.ref] = replace(known, total=e.total, paid=known.paid + e.change)
    return replace(s, treasury=_add(s.treasury, {e.owner: -e.change}), damages=damages)


def _new_units(s: State, lines: tuple[ev.UnitLine, ...]) -> tuple[dict[int, Unit], int]:
    units = dict(s.units)
    top = s.next_id
    for line in lines:
        units[line.id] = Unit(line.kind, line.owner, line.space, line.aboard)
        top = max(top, line.id + 1)
    return units, top


def units_placed(s: State, e: ev.UnitsPlaced) -> State:
    units, top = _new_units(s, e.units)
    purchased = _add(s.purchased, {})
    for line in e.units:
        purchased[line.kind] -= 1
    placed = _add(s.placed, {e.complex: len(e.units)}) if e.complex else s.placed
    return replace(s, units=units, next_id=top, purchased={k: v for k, v in purchased.items() if v}, placed=placed)


def complex_placed(s: State, e: ev.ComplexPlaced) -> State:
    purchased = _add(s.purchased, {"industrial_complex": -1})
    complexes = dict(s.complexes)
    complexes[e.territory] = False
    return replace(
        s,
        complexes=complexes,
        new_complexes=s.new_complexes | {e.territory},
        purchased={k: v for k, v in purchased.items() if v},
    )


def units_forfeited(s: State, e: ev.UnitsForfeited) -> State:
    return replace(s, purchased={})


def income_collected(s: State, e: ev.IncomeCollected) -> State:
    return replace(s, treasury=_add(s.treasury, {e.power: e.amount}))


def victory_declared(s: State, e: ev.VictoryDeclared) -> State:
    return replace(
        s,
        victory=Victory(
            side=e.side,
            kind=e.kind,
            reason=e.reason,
            individual_winner=e.individual_winner,
            percentages=e.percentages,
        ),
    )


def units_edited(s: State, e: ev.UnitsEdited) -> State:
    s = replace(s, units=_without(s, e.removed))
    units, top = _new_units(s, e.added)
    return replace(s, units=units, next_id=top)


def control_edited(s: State, e: ev.ControlEdited) -> State:
    control = dict(s.control)
    control[e.territory] = e.controller
    return replace(s, control=control, production=_add(s.production, e.production))


def treasury_edited(s: State, e: ev.TreasuryEdited) -> State:
    return replace(s, treasury=_add(s.treasury, {e.power: e.amount}))


def technologies_edited(s: State, e: ev.TechnologiesEdited) -> State:
    return replace(s, technologies={**s.technologies, e.power: e.technologies})


def production_edited(s: State, e: ev.ProductionEdited) -> State:
    return replace(s, production=_add(s.production, {e.power: e.amount}))


APPLY: dict[type, Callable[[State, Any], State]] = {
    PhaseBegan: phase_began,
    DiceRolled: dice_rolled,
    ev.TurnStarted: turn_started,
    ev.BreakthroughsRecounted: breakthroughs_recounted,
    ev.TechnologyRevoked: technology_revoked,
    ev.AircraftRestored: aircraft_restored,
    ev.CasualtiesRestored: casualties_restored,
    ev.DamageCorrected: damage_corrected,
    ev.ResearchPaid: research_paid,
    ev.ResearchRolled: research_rolled,
    ev.TechnologyAcquired: technology_acquired,
    ev.BreakthroughsWasted: breakthroughs_wasted,
    ev.UnitsPurchased: units_purchased,
    ev.UnitsMoved: units_moved,
    ev.UnitsLoaded: units_loaded,
    ev.UnitsUnloaded: units_unloaded,
    ev.LandingMade: landing_made,
    ev.NeutralityViolated: neutrality_violated,
    ev.AircraftShotDown: aircraft_shot_down,
    ev.AircraftLost: units_gone,
    ev.BattleJoined: battle_joined,
    ev.TerritoryCaptured: territory_captured,
    ev.CapitalCaptured: capital_captured,
    ev.CapitalLiberated: capital_liberated,
    ev.HitsScored: hits_scored,
    ev.HitsRecounted: hits_recounted,
    ev.CasualtiesChosen: casualties_chosen,
    ev.BattleRoundEnded: battle_round_ended,
    ev.SubmarinesSubmerged: submarines_submerged,
    ev.AttackerRetreated: attacker_retreated,
    ev.BattleEnded: battle_ended,
    ev.BombingDamage: bombing_damage,
    ev.RocketFired: rocket_fired,
    ev.UnitsPlaced: units_placed,
    ev.ComplexPlaced: complex_placed,
    ev.UnitsForfeited: units_forfeited,
    ev.IncomeCollected: income_collected,
    ev.VictoryDeclared: victory_declared,
    ev.UnitsEdited: units_edited,
    ev.ControlEdited: control_edited,
    ev.TreasuryEdited: treasury_edited,
    ev.ProductionEdited: production_edited,
    ev.TechnologiesEdited: technologies_edited,
}


def evolve(state: State, event: Any) -> State:
    """Apply one fact; events this game does not track (dice, notes, other bookkeeping) leave the state as is."""
    apply = APPLY.get(type(event))
    return apply(state, event) if apply else state
