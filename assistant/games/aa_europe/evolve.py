"""evolve(state, event) -> state: applies facts, never re-checks them (the rules live in ``moves``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from msgspec.structs import replace

from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.state import Battle, Mark, Pending, State, Unit, Victory
from events.core import PhaseBegan


def _marks(s: State, ids: Iterable[int], **changes: Any) -> dict[int, Mark]:
    marks = dict(s.marks)
    for i in ids:
        marks[i] = replace(marks.get(i, Mark()), **changes)
    return marks


def _without(s: State, ids: Iterable[int]) -> dict[int, Unit]:
    gone = set(ids)
    gone |= {i for i, u in s.units.items() if u.aboard in gone}  # cargo sinks with its transport or carrier
    return {i: u for i, u in s.units.items() if i not in gone}


def _battle(s: State, key: str, **changes: Any) -> dict[str, Battle]:
    return {**s.battles, key: replace(s.battles[key], **changes)}


def _add(s: State, lines: Iterable[ev.UnitLine]) -> tuple[dict[int, Unit], int]:
    units, nxt = dict(s.units), s.next_id
    for line in lines:
        units[line.id] = Unit(line.kind, line.owner, line.space, line.aboard)
        nxt = max(nxt, line.id + 1)
    return units, nxt


def _money(s: State, changes: dict[str, int]) -> dict[str, int]:
    t = dict(s.treasury)
    for p, n in changes.items():
        t[p] = t.get(p, 0) + n
    return t


def phase_began(s: State, e: PhaseBegan) -> State:
    return replace(s, phase=e.phase, round=e.round, power=e.side)


def advance_granted(s: State, e: ev.AdvanceGranted) -> State:
    return replace(s, treasury=_money(s, e.amounts), advance={**s.advance, **e.amounts})


def advance_closed(s: State, e: ev.AdvanceClosed) -> State:
    return replace(s, advance_side="allies" if e.side == "axis" else "")


def starting_income(s: State, e: ev.StartingIncomePaid) -> State:
    return replace(s, treasury=_money(s, e.amounts))


def turn_started(s: State, e: ev.TurnStarted) -> State:
    held = frozenset() if e.power == "ussr" else s.held_until_soviet_turn
    return replace(
        s, round=e.round, power=e.power, controlled_at_start=frozenset(e.controlled), purchased={}, marks={},
        battles={}, captured_this_turn=frozenset(), placed={}, held_until_soviet_turn=held,
    )


def purchased(s: State, e: ev.UnitsPurchased) -> State:
    bought = dict(s.purchased)
    if not e.advance:
        for k, n in e.units.items():
            bought[k] = bought.get(k, 0) + n
    return replace(s, treasury=_money(s, {e.power: -e.cost}), purchased=bought)


def placed(s: State, e: ev.UnitsPlaced) -> State:
    units, nxt = _add(s, e.units)
    bought = dict(s.purchased)
    if e.complex:
        for line in e.units:
            bought[line.kind] = bought.get(line.kind, 0) - 1
    counts = dict(s.placed)
    if e.complex:
        counts[e.complex] = counts.get(e.complex, 0) + len(e.units)
    return replace(s, units=units, next_id=nxt, purchased={k: n for k, n in bought.items() if n > 0}, placed=counts)


def forfeited(s: State, e: ev.UnitsForfeited) -> State:
    return replace(s, purchased={})


def moved(s: State, e: ev.UnitsMoved) -> State:
    end, steps = e.path[-1], len(e.path) - 1
    movers = set(e.units)
    units = dict(s.units)
    for i, u in s.units.items():
        if i in movers:
            units[i] = replace(u, space=end, aboard=e.aboard.get(i, 0))
        elif u.aboard in movers:
            units[i] = replace(u, space=end)  # cargo and fighters aboard go with their ship
    marks = dict(s.marks)
    for i in e.units:
        m = s.mark(i)
        marks[i] = replace(m, used=m.used + steps, phase=e.phase)
    for carrier in set(e.aboard.values()):
        if s.units[carrier].owner == e.power:  # a fighter landed on it in its owner's turn [T L98]
            marks[carrier] = replace(marks.get(carrier, Mark()), done=True)
    # an ally's AA gun moved in the Middle East: once per round [T L82]
    guns = {i: s.round for i in e.units if s.units[i].owner != e.power}
    return replace(s, units=units, marks=marks, middle_east_guns={**s.middle_east_guns, **guns} if guns else s.middle_east_guns)


def loaded(s: State, e: ev.UnitsLoaded) -> State:
    units = dict(s.units)
    for i in e.cargo:
        units[i] = replace(units[i], space=e.zone, aboard=e.transport)
    return replace(s, units=units, marks=_marks(s, e.cargo, boarded=True, phase=s.phase))


def unloaded(s: State, e: ev.UnitsUnloaded) -> State:
    if e.waiting:
        return replace(s, marks=_marks(replace(s, marks=_marks(s, e.cargo, landing=e.territory)), e.transports, done=True))
    units = dict(s.units)
    for i in e.cargo:
        units[i] = replace(units[i], space=e.territory, aboard=0)
    marks = _marks(replace(s, marks=_marks(s, e.cargo, done=True, phase=s.phase)), e.transports, done=True)
    return replace(s, units=units, marks=marks)


def landing_made(s: State, e: ev.LandingMade) -> State:
    units = dict(s.units)
    for i in e.cargo:
        units[i] = replace(units[i], space=e.territory, aboard=0)
    return replace(s, units=units, marks=_marks(s, e.cargo, done=True, landing=""))


def units_lost(s: State, e: ev.AircraftShotDown | ev.AircraftLost) -> State:
    return replace(s, units=_without(s, e.units))


def convoy_raided(s: State, e: ev.ConvoyRaided) -> State:
    return replace(s, control={**s.control, e.zone: e.raider})


def convoy_liberated(s: State, e: ev.ConvoyLiberated) -> State:
    return replace(s, control={**s.control, e.zone: e.owner})


def captured(s: State, e: ev.TerritoryCaptured) -> State:
    units = dict(s.units)
    for i in e.aa_guns:
        units[i] = replace(units[i], owner=e.by)
    return replace(
        s, control={**s.control, e.territory: e.controller}, units=units,
        captured_this_turn=s.captured_this_turn | {e.territory}, marks=_marks(s, e.aa_guns, captured=True),
    )


def capital_captured(s: State, e: ev.CapitalCaptured) -> State:
    return replace(s, treasury=_money(s, {e.owner: -e.seized, e.captor: e.seized}))


def battle_joined(s: State, e: ev.BattleJoined) -> State:
    old = s.battles.get(e.battle)
    land_overland = tuple(i for i in e.units if s.world.domain(s.units[i].kind) == "land" and not e.amphibious)
    if old is None:
        b = Battle(key=e.battle, space=e.space, kind=e.kind, attacker=e.attacker, units=e.units,
                   came_from=(e.came_from,), amphibious=e.amphibious, overland=land_overland)
    else:
        came = old.came_from if e.came_from in old.came_from else (*old.came_from, e.came_from)
        b = replace(old, units=(*old.units, *e.units), came_from=came, amphibious=old.amphibious or e.amphibious,
                    overland=(*old.overland, *land_overland))
    fought = e.kind == "naval"
    units = s.units
    if fought:  # the defender's fighters take off from their carriers to fight [T L98]
        w = s.world
        units = {i: replace(u, aboard=0) if u.space == e.space and u.aboard and w.domain(u.kind) == "air"
                 and w.enemies(u.owner, e.attacker) else u for i, u in s.units.items()}
    return replace(s, units=units, battles={**s.battles, e.battle: b},
                   marks=_marks(s, e.units, battle=e.battle, fought_at_sea=fought))


def interceptors(s: State, e: ev.InterceptorsDeclared) -> State:
    return replace(s, battles=_battle(s, e.battle, interceptors=e.units), marks=_marks(s, e.units, battle=e.battle))


def hits_scored(s: State, e: ev.HitsScored) -> State:
    b = s.battles[e.battle]
    fired = (*b.fired, e.fire)
    if e.fire in ("aa", "intercept") and b.kind == "bombing":
        return replace(s, battles=_battle(s, e.battle, fired=fired, raid_hits=b.raid_hits + e.hits))
    victim = "defender" if e.side == "attacker" else "attacker"
    pending = Pending(side=victim, hits=e.hits, fire=e.fire, no_air=e.no_air, no_sub=e.no_sub, line=e.line,
                      ref=e.ref, kinds=e.kinds)
    return replace(s, battles=_battle(s, e.battle, fired=fired, pending=pending if e.hits else None))


def recounted(s: State, e: ev.HitsRecounted) -> State:
    p = s.battles[e.battle].pending
    new = replace(p, hits=e.hits, no_air=e.no_air, no_sub=e.no_sub) if p is not None and e.hits else None
    return replace(s, battles=_battle(s, e.battle, pending=new))


def casualties(s: State, e: ev.CasualtiesChosen) -> State:
    b = s.battles[e.battle]
    units = dict(s.units)
    for i in e.damaged:
        units[i] = replace(units[i], damaged=True)
    s2 = replace(s, units=units)
    extra = {"raid_hits": 0} if b.kind == "bombing" and e.side == "attacker" else {}
    if e.removed:
        return replace(s2, units=_without(s2, e.units), battles=_battle(s2, e.battle, pending=None, **extra))
    return replace(s2, battles=_battle(s2, e.battle, pending=None, casualty_line=(*b.casualty_line, *e.units), **extra))


def line_cleared(s: State, e: ev.LineCleared) -> State:
    b = s.battles[e.battle]
    s2 = replace(s, units=_without(s, e.units))
    if e.round_over:
        return replace(s2, battles=_battle(s2, e.battle, casualty_line=(), round=b.round + 1, fired=()))
    return replace(s2, battles=_battle(s2, e.battle, casualty_line=(), fired=(*b.fired, "clear")))


def submerged(s: State, e: ev.SubmarinesSubmerged) -> State:
    units = dict(s.units)
    for i in e.units:
        units[i] = replace(units[i], submerged=True)
    return replace(s, units=units)


def retreated(s: State, e: ev.AttackerRetreated) -> State:
    units = dict(s.units)
    for i in e.units:
        units[i] = replace(units[i], space=e.to)
    for i, u in s.units.items():
        if u.aboard in e.units:
            units[i] = replace(u, space=e.to)
    return replace(s, units=units, marks=_marks(s, e.aircraft, retreated=True))


def battle_ended(s: State, e: ev.BattleEnded) -> State:
    return replace(s, battles=_battle(s, e.battle, outcome=e.outcome, pending=None))


def bombing_damage(s: State, e: ev.BombingDamage) -> State:
    return replace(s, treasury=_money(s, {e.owner: -e.paid}))


def transferred(s: State, e: ev.UnitsTransferred) -> State:
    units = dict(s.units)
    for i in e.units:
        units[i] = replace(units[i], owner="ussr")
    return replace(s, units=units, held_until_soviet_turn=s.held_until_soviet_turn | set(e.units))


def surfaced(s: State, e: ev.SurfacedAndRepaired) -> State:
    units = dict(s.units)
    for i in (*e.submarines, *e.battleships):
        if i in units:
            units[i] = replace(units[i], submerged=False, damaged=False)
    return replace(s, units=units)


def income(s: State, e: ev.IncomeCollected) -> State:
    return replace(s, treasury=_money(s, {e.power: e.amount}))


def middle_east_paid(s: State, e: ev.MiddleEastPaid) -> State:
    changes = {p: -n for p, n in e.payers.items()}
    changes["germany"] = changes.get("germany", 0) + sum(e.payers.values())
    return replace(s, treasury=_money(s, changes))


def armed(s: State, e: ev.VictoryArmed) -> State:
    return replace(s, armed={**s.armed, e.power: e.capital})


def lapsed(s: State, e: ev.VictoryLapsed) -> State:
    return replace(s, armed={p: c for p, c in s.armed.items() if p != e.power})


def declared(s: State, e: ev.VictoryDeclared) -> State:
    return replace(s, victory=Victory(side=e.side, winners=e.winners, reason=e.reason))


def units_edited(s: State, e: ev.UnitsEdited) -> State:
    units, nxt = _add(replace(s, units=_without(s, e.removed)), e.added)
    return replace(s, units=units, next_id=nxt)


def control_edited(s: State, e: ev.ControlEdited) -> State:
    return replace(s, control={**s.control, e.space: e.controller})


def treasury_edited(s: State, e: ev.TreasuryEdited) -> State:
    return replace(s, treasury={**s.treasury, e.power: e.amount})


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    PhaseBegan: phase_began,
    ev.AdvanceGranted: advance_granted,
    ev.AdvanceClosed: advance_closed,
    ev.StartingIncomePaid: starting_income,
    ev.TurnStarted: turn_started,
    ev.UnitsPurchased: purchased,
    ev.UnitsPlaced: placed,
    ev.UnitsForfeited: forfeited,
    ev.UnitsMoved: moved,
    ev.UnitsLoaded: loaded,
    ev.UnitsUnloaded: unloaded,
    ev.LandingMade: landing_made,
    ev.AircraftShotDown: units_lost,
    ev.AircraftLost: units_lost,
    ev.ConvoyRaided: convoy_raided,
    ev.ConvoyLiberated: convoy_liberated,
    ev.TerritoryCaptured: captured,
    ev.CapitalCaptured: capital_captured,
    ev.BattleJoined: battle_joined,
    ev.InterceptorsDeclared: interceptors,
    ev.HitsScored: hits_scored,
    ev.HitsRecounted: recounted,
    ev.CasualtiesChosen: casualties,
    ev.LineCleared: line_cleared,
    ev.SubmarinesSubmerged: submerged,
    ev.AttackerRetreated: retreated,
    ev.BattleEnded: battle_ended,
    ev.BombingDamage: bombing_damage,
    ev.UnitsTransferred: transferred,
    ev.SurfacedAndRepaired: surfaced,
    ev.IncomeCollected: income,
    ev.MiddleEastPaid: middle_east_paid,
    ev.VictoryArmed: armed,
    ev.VictoryLapsed: lapsed,
    ev.VictoryDeclared: declared,
    ev.UnitsEdited: units_edited,
    ev.ControlEdited: control_edited,
    ev.TreasuryEdited: treasury_edited,
}


def evolve(state: State, event: Any) -> State:
    handler = HANDLERS.get(type(event))
    return state if handler is None else handler(state, event)
