"""Steps 2 and 4: moving units along a path on the board (A&A §7), with what each move sets off:
blitz captures, unopposed captures, neutrality violations, AA fire at aircraft flying over, battles."""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace

import assistant.games.aa_classic.events as ev
from assistant.decider import Context, Refused
from assistant.games.aa_classic import commands as cmd
from assistant.games.aa_classic import geography as geo
from assistant.games.aa_classic.describe import power_words
from assistant.games.aa_classic.moves.capture import capture
from assistant.games.aa_classic.moves.common import (
    Emitter,
    contested_zones,
    known_space,
    movement_of,
    open_canals,
    pick,
    require_step,
    throw_ref,
)
from assistant.games.aa_classic.state import Flight, State, Unit


def move(c: cmd.Move, s: State, ctx: Context) -> list:
    require_step(s, "combat_move", "noncombat_move")
    board = s.world.board
    path = tuple(c.path)
    if not path or any(p not in board.spaces for p in path):
        unknown = [p for p in path if p not in board.spaces]
        if unknown:
            known_space(s, unknown[0])
        raise Refused("a move needs a path", "A&A §7.1")
    ids = pick(s, path[0], s.power, c.units, c.ids, lambda i, u: can_move(s, i, u), "move now")
    groups: dict[str, tuple[int, ...]] = {}
    for i in ids:
        domain = s.world.domain(s.units[i].kind)
        groups[domain] = (*groups.get(domain, ()), i)
    if "sea" in groups and len(groups) > 1:
        # Fighters on a carrier ride it when the carrier moves; flown on their own they are a move of their own.
        raise Refused("move ships apart from aircraft (fighters aboard ride their carrier)", "A&A §7.3")
    if len(path) == 2 and not board.adjacent(*path):
        _suggest_route(s, path, "air" if set(groups) == {"air"} else "sea" if "sea" in groups else "land")
    if c.bombing and "land" in groups:
        raise Refused("only bombers fly strategic bombing raids: move the land units apart", "A&A §6.6")
    _check_aa_losses(s, ids, c)
    out = Emitter(s)
    # Land units and aircraft leaving one territory along one path are one move at the table: each kind is
    # checked by its own rules against the board as it was, then moved (land units first, as the log tells it).
    order = [d for d in ("land", "air", "sea") if d in groups]
    for domain in order:
        try:
            check = COMBAT_CHECKS[domain] if s.step == "combat_move" else NONCOMBAT_CHECKS[domain]
            check(s, groups[domain], path, c)
        except Refused as refusal:
            if not c.override.strip():
                raise
            out(ev.RuleOverridden(command="aa.move", refusal=refusal.reason, rule=refusal.rule or "", reason=c.override))
    for domain in order:
        if s.step == "combat_move":
            _combat_effects(out, groups[domain], path, domain, c, ctx)
        else:
            _noncombat_effects(out, groups[domain], path, domain)
    return out.events


def _suggest_route(s: State, path: tuple[str, ...], mode: str) -> None:
    """A move named by its two ends only, which do not touch: the table names the spaces in between (they decide AA
    fire on the way, neutrals crossed, blitzes), and the refusal offers the shortest route to copy."""
    try:
        route = geo.shortest_path(s.world.board, path[0], path[1], mode, open_canals=open_canals(s))
    except (KeyError, ValueError):
        route = None
    hint = f": name the spaces in between, e.g. through {', '.join(route[1:-1])}" if route else ""
    raise Refused(f"{path[0]} and {path[1]} do not share a border{hint}", "A&A §7.1")


def _check_aa_losses(s: State, ids: tuple[int, ...], c: cmd.Move) -> None:
    """The aircraft named as AA losses are aircraft of this move, each named once, in the combat move."""
    if not c.aa_losses:
        return
    if s.step != "combat_move":
        raise Refused("AA guns fire only in the enemy's combat move: no AA losses to name", "A&A §3.3 (AA gun)")
    if len(set(c.aa_losses)) != len(c.aa_losses):
        raise Refused("name each aircraft lost to AA fire once", "A&A §6.2")
    for i in c.aa_losses:
        if i not in ids or s.world.domain(s.units[i].kind) != "air":
            raise Refused(f"unit #{i} is not an aircraft of this move: it cannot be an AA loss", "A&A §6.2")


def declare_attack(c: cmd.DeclareAttack, s: State, ctx: Context) -> list:
    """Annex IV O2: the enemy placed ships among the mover's; the mover attacks them where they are."""
    require_step(s, "combat_move")
    if not s.options.get("enemy_zone_placement"):
        raise Refused("attacking without moving needs optional rule O2 (ships placed in enemy waters)", "A&A Annex IV")
    _restricted(s)
    if c.zone not in contested_zones(s, s.power):
        raise Refused(f"{power_words(s.power)} has no units sharing {c.zone} with enemy ships", "A&A Annex IV")
    w = s.world
    units = tuple(
        sorted(
            i
            for i, u in s.units.items()
            if u.space == c.zone
            and u.owner == s.power
            and not (u.aboard and w.units[s.units[u.aboard].kind].transport_capacity)
        )
    )
    return [ev.BattleJoined(battle=c.zone, space=c.zone, kind="naval", attacker=s.power, units=units, came_from=c.zone)]


# ---------------------------------------------------------------- who may move


def can_move(s: State, i: int, u: Unit) -> bool:
    w = s.world
    if u.aboard and w.units[s.units[u.aboard].kind].transport_capacity:
        return False  # cargo goes where its transport goes, and ashore with aa.unload
    m = s.mark(i)
    if m.done or m.boarded or m.captured or m.fired_rocket:
        return False
    domain = w.domain(u.kind)
    if domain == "air":
        return m.step == "" or (s.step == "noncombat_move" and m.step == "combat_move")
    if domain == "sea":
        return not m.battle and m.step in ("", s.step) and m.used < movement_of(s, u.kind, u.owner)
    if u.kind not in w.units or w.units[u.kind].movement == 0:
        return False
    if "never_attacks" in w.units[u.kind].flags and s.step == "combat_move":
        return s.has_tech(u.owner, "rockets")  # a rocket AA gun may move before combat (memo)
    return m.step == ""


def _remaining(s: State, ids: tuple[int, ...]) -> int:
    return min(movement_of(s, s.units[i].kind, s.power) - s.mark(i).used for i in ids)


def _problem(s: State, path, mode, ids, **kw) -> None:
    problem = geo.path_problem(s.world.board, path, mode, _remaining(s, ids), open_canals=open_canals(s), **kw)
    if problem is not None:
        raise Refused(problem.reason, problem.rule)
    if len(path) < 2 and mode != "air":
        raise Refused("a move needs at least two spaces", "A&A §7.3")


def _untouched_neutral(s: State, name: str) -> bool:
    return s.world.board.spaces[name].is_neutral and s.controller(name) == ""


def _enemy_controlled(s: State, name: str) -> bool:
    return s.world.enemies(s.controller(name), s.power)


# ---------------------------------------------------------------- combat move checks


def _restricted(s: State) -> None:
    if s.options.get("restricted_attack") and s.power == "ussr" and s.round == 1:
        raise Refused("optional rule 'restricted attack': the USSR may not attack before its second turn", "A&A Annex IV")


def _check_land_combat(s: State, ids, path, c: cmd.Move) -> None:
    _restricted(s)
    w = s.world
    _problem(s, path, "land", ids)
    blitzers = all("blitz" in w.units[s.units[i].kind].flags for i in ids)
    blitzed = False
    for p in path[1:-1]:
        if s.friendly_territory(p, s.power):
            continue
        # Say which of the three reasons holds: the table needs to know what to change.
        if _untouched_neutral(s, p):
            raise Refused(f"the move must stop in {p}: it is neutral", "A&A §3.3 (blitz)")
        if s.enemy_units_in(p, s.power):
            raise Refused(f"the move must stop in {p}: it holds enemy units", "A&A §3.3 (blitz)")
        if not blitzers:
            raise Refused(f"the move must stop in {p}, an enemy territory: only armour blitzes through", "A&A §3.3 (blitz)")
        blitzed = True
    end = path[-1]
    aa_only = all("never_attacks" in w.units[s.units[i].kind].flags for i in ids)
    if aa_only:
        if not s.friendly_territory(end, s.power):
            raise Refused(f"{end} is not friendly: an AA gun never enters enemy territory", "A&A §3.3 (AA gun)")
        _aa_room(s, ids, end)
        return
    if any("never_attacks" in w.units[s.units[i].kind].flags for i in ids):
        raise Refused("AA guns never take part in an attack", "A&A §3.3 (AA gun)")
    if s.enemy_units_in(end, s.power) or _enemy_controlled(s, end):
        return
    if _untouched_neutral(s, end):
        _can_pay_penalty(s)
        return
    if not blitzed:
        raise Refused(f"{end} is friendly: moves into friendly territory are non-combat moves", "A&A §7.4")


def _can_pay_penalty(s: State) -> None:
    penalty = s.world.tables.neutrality_penalty
    if s.treasury.get(s.power, 0) < penalty:
        raise Refused(f"violating a neutral costs {penalty} IPC; {power_words(s.power)} cannot pay it", "A&A §7.7")


def _aa_there(s: State, territory: str) -> bool:
    w = s.world
    return any(u.space == territory and "one_per_territory" in w.units[u.kind].flags for u in s.units.values())


def _aa_room(s: State, ids, end: str) -> None:
    """One AA gun per territory (A&A §4.5), also when two guns that stood together (one of them captured) move on
    together."""
    guns = sum("one_per_territory" in s.world.units[s.units[i].kind].flags for i in ids)
    if not guns:
        return
    if _aa_there(s, end):
        raise Refused(f"{end} already has an AA gun: one per territory", "A&A §3.3 (AA gun)")
    if guns > 1:
        raise Refused(f"{guns} AA guns cannot end in {end}: one per territory", "A&A §3.3 (AA gun)")


def _check_sea_combat(s: State, ids, path, c: cmd.Move) -> None:
    _restricted(s)
    stop = [p for p in path[1:-1] if s.enemy_units_in(p, s.power)]
    _problem(s, path, "sea", ids)
    if stop:
        raise Refused(f"ships entering {stop[0]} must stop there: it holds enemy units", "A&A §7.5")


def _check_air_combat(s: State, ids, path, c: cmd.Move) -> None:
    _restricted(s)
    w = s.world
    _problem(s, path, "air", ids)
    if len(path) < 2:
        raise Refused("a move needs at least two spaces", "A&A §7.3")
    end = path[-1]
    if any(_untouched_neutral(s, p) for p in path[1:]):
        _can_pay_penalty(s)
    if c.bombing:
        if not all("strategic_bombing" in w.units[s.units[i].kind].flags for i in ids):
            raise Refused("only bombers fly strategic bombing raids", "A&A §6.6")
        if w.is_sea(end) or not _enemy_controlled(s, end) or end not in s.complexes:
            raise Refused(f"a strategic raid needs an enemy industrial complex; {end} has none", "A&A §6.6")
    elif not s.enemy_units_in(end, s.power):
        raise Refused(
            f"aircraft fly to battles in the combat move and cannot capture: {end} holds no enemy unit", "A&A §6.2"
        )
    for i in ids:
        left = movement_of(s, s.units[i].kind, s.power) - s.mark(i).used - (len(path) - 1)
        if not landing_within(s, s.units[i].kind, end, left):
            raise Refused(f"no friendly landing within reach of {end} after the battle (no kamikaze)", "A&A §7.8")


def landing_within(s: State, kind: str, start: str, moves: int) -> bool:
    """A legal landing exists within ``moves`` of ``start`` (ruling: carriers anywhere count, with their moves)."""
    return bool(landings(s, kind, start, moves))


def landings(s: State, kind: str, start: str, moves: int) -> list[str]:
    """The spaces within ``moves`` of ``start`` where an aircraft of ``kind`` could land, nearest first: friendly
    territories not captured this turn, and (fighters) zones with an allied carrier or one of the mover's carriers
    able to get there."""
    w = s.world
    blocked = [n for n in w.board.spaces if _untouched_neutral(s, n)]
    reach = geo.reachable(w.board, start, max(moves, 0), "air", blocked=blocked)
    carriers = "lands_on_carrier" in w.units[kind].flags
    found = []
    for space, d in sorted(reach.items(), key=lambda kv: (kv[1], kv[0])):
        if space == start and not w.is_sea(space):
            continue  # the battle territory: captured this turn or still enemy
        if not w.is_sea(space):
            if s.friendly_territory(space, s.power) and space not in s.captured_this_turn:
                found.append(space)
        elif carriers and _carrier_could_be(s, space, moves - d):
            found.append(space)
    return found


def _carrier_could_be(s: State, zone: str, spare: int) -> bool:
    w = s.world
    for i, u in s.units.items():
        if not w.units[u.kind].carrier_capacity or not w.allied(u.owner, s.power):
            continue
        if u.space == zone:
            return True
        if u.owner == s.power and not s.mark(i).done and not s.mark(i).battle:
            left = movement_of(s, u.kind, u.owner) - s.mark(i).used
            d = geo.distance(w.board, u.space, zone, "sea", open_canals=open_canals(s))
            if d is not None and d <= left:
                return True
    return False


# ---------------------------------------------------------------- non-combat move checks


def _not_friendly(s: State) -> list[str]:
    return [n for n, sp in s.world.board.spaces.items() if sp.kind == "land" and not s.friendly_territory(n, s.power)]


def _check_land_noncombat(s: State, ids, path, c: cmd.Move) -> None:
    _problem(s, path, "land", ids, blocked=_not_friendly(s))
    _aa_room(s, ids, path[-1])


def _check_sea_noncombat(s: State, ids, path, c: cmd.Move) -> None:
    hostile = [n for n, sp in s.world.board.spaces.items() if sp.kind == "sea" and s.enemy_units_in(n, s.power)]
    _problem(s, path, "sea", ids, blocked=hostile)


def _check_air_noncombat(s: State, ids, path, c: cmd.Move) -> None:
    w = s.world
    neutral = [n for n in w.board.spaces if _untouched_neutral(s, n)]
    _problem(s, path, "air", ids, blocked=neutral)
    end = path[-1]
    if w.is_sea(end):
        if any("lands_on_carrier" not in w.units[s.units[i].kind].flags for i in ids):
            raise Refused("only fighters land on aircraft carriers", "A&A §3.3 (bomber)")
        if len(carrier_berths(s, end, ids)) < len(ids):
            raise Refused(f"no room for them on a friendly carrier in {end}", "A&A §3.3 (fighter)")
    elif not s.friendly_territory(end, s.power) or end in s.captured_this_turn:
        raise Refused(f"aircraft land only in friendly territory not captured this turn; not {end}", "A&A §7.8")


def carrier_berths(s: State, zone: str, fighters) -> dict[int, int]:
    """Fighter -> carrier with room in ``zone`` (own carriers first), for as many fighters as fit."""
    w = s.world
    carriers = sorted(
        (i for i, u in s.units.items() if u.space == zone and w.units[u.kind].carrier_capacity and w.allied(u.owner, s.power)),
        key=lambda i: (s.units[i].owner != s.power, i),
    )
    moving = set(fighters)
    berths: dict[int, int] = {}
    for carrier in carriers:
        room = w.units[s.units[carrier].kind].carrier_capacity
        room -= sum(1 for j, u in s.units.items() if u.aboard == carrier and j not in moving)
        for f in fighters:
            if room <= 0:
                break
            if f not in berths:
                berths[f] = carrier
                room -= 1
    return berths


COMBAT_CHECKS: dict[str, Callable] = {"land": _check_land_combat, "sea": _check_sea_combat, "air": _check_air_combat}
NONCOMBAT_CHECKS: dict[str, Callable] = {
    "land": _check_land_noncombat,
    "sea": _check_sea_noncombat,
    "air": _check_air_noncombat,
}


# ---------------------------------------------------------------- effects


def _combat_effects(out: Emitter, ids, path, domain: str, c: cmd.Move, ctx: Context) -> None:
    s = out.state
    w = s.world
    end = path[-1]
    if domain == "land":
        blitz = [p for p in path[1:-1] if _enemy_controlled(s, p) and not s.enemy_units_in(p, s.power)]
        mission = "blitz" if blitz else "attack"
        out(ev.UnitsMoved(power=s.power, units=ids, path=path, step=s.step, mission=mission))
        for p in blitz:
            out(*capture(out.state, p, s.power, "blitz"))
        _arrive(out, ids, path, "land")
        return
    mission = "bombing" if c.bombing else ("attack" if s.enemy_units_in(end, s.power) else "move")
    out(ev.UnitsMoved(power=s.power, units=ids, path=path, step=s.step, mission=mission))
    if domain == "sea":
        _arrive(out, ids, path, "naval")
        return
    alive = list(ids)
    faces = list(c.aa_faces or ())
    physical = c.aa_faces is not None
    arrival = "bombing" if c.bombing else ("naval" if w.is_sea(end) else "land")
    flight = Flight(s.power, "", (), tuple(c.aa_losses), end, path[-2], arrival)
    for p in path[1:-1]:
        if _untouched_neutral(out.state, p):
            _violate(out, p)
        guns = [u for u in out.state.units.values() if u.space == p and "anti_aircraft" in w.units[u.kind].flags]
        if alive and not w.is_sea(p) and any(w.enemies(g.owner, s.power) and not g.aboard for g in guns):
            alive = _overflight_fire(out, replace(flight, space=p, aircraft=tuple(alive)), faces if physical else None, ctx)
    if physical and faces:
        raise Refused(f"{len(faces)} AA dice more than the AA fire on this path needs", "A&A §3.3 (AA gun)")
    if alive:
        _arrive(out, tuple(alive), path, arrival)


def aa_losses(s: State, flight: Flight, hits: int, alive) -> tuple[int, ...]:
    """The aircraft AA hits take: those the owner named, in order, then the cheapest (A&A §6.2 L2, §12 #8)."""
    named = [i for i in flight.preference if i in alive]
    rest = sorted((i for i in alive if i not in named), key=lambda i: (s.world.units[s.units[i].kind].cost, i))
    return tuple((named + rest)[:hits])


def unit_lines(s: State, ids) -> tuple[ev.UnitLine, ...]:
    return tuple(ev.UnitLine(i, s.units[i].kind, s.units[i].owner, s.units[i].space, s.units[i].aboard) for i in ids)


def _overflight_fire(out: Emitter, flight: Flight, faces: list[int] | None, ctx: Context) -> list[int]:
    """1 die per aircraft, each 1 destroys one (A&A §3.3 AA gun). The fire is recorded even when it misses, so a
    corrected throw can be read again."""
    alive, space = list(flight.aircraft), flight.space
    n = len(alive)
    given = None
    if faces is not None:
        if len(faces) < n:
            raise Refused(f"the AA gun in {space} needs {n} dice", "A&A §3.3 (AA gun)")
        given, faces[:] = faces[:n], faces[n:]
    ref = throw_ref(out.state, "overflight", space, alive[0])
    throw = ctx.throw(f"AA fire over {space}", n, given, targets=(1,) * n, ref=ref)
    hits = sum(1 for f in throw.faces if f <= 1)
    out(throw)
    s = out.state
    down = aa_losses(s, flight, hits, alive)
    out(
        ev.AircraftShotDown(
            power=s.power, units=down, space=space, context="overflight", ref=ref, lines=unit_lines(s, down),
            aircraft=flight.aircraft, preference=flight.preference, end=flight.end, came=flight.came,
            arrival=flight.arrival,
        )
    )
    return [i for i in alive if i not in down]


def _violate(out: Emitter, territory: str) -> None:
    s = out.state
    out(ev.NeutralityViolated(power=s.power, territory=territory, penalty=s.world.tables.neutrality_penalty))
    out(*capture(out.state, territory, s.power, "neutral"))


def _arrive(out: Emitter, ids, path, kind: str) -> None:
    """What entering the last space sets off: a battle, a capture, a violation, or nothing."""
    s = out.state
    end = path[-1]
    came = path[-2] if len(path) > 1 else end
    if kind == "bombing":
        out(ev.BattleJoined(battle=f"{end}/bombing", space=end, kind="bombing", attacker=s.power, units=ids, came_from=came))
    elif s.enemy_units_in(end, s.power):
        out(ev.BattleJoined(battle=end, space=end, kind=kind, attacker=s.power, units=ids, came_from=came))
    elif kind == "land" and _untouched_neutral(s, end):
        _violate(out, end)
    elif kind == "land" and _enemy_controlled(s, end):
        out(*capture(s, end, s.power, "unoccupied"))


def _noncombat_effects(out: Emitter, ids, path, domain: str) -> None:
    s = out.state
    aboard = carrier_berths(s, path[-1], ids) if domain == "air" and s.world.is_sea(path[-1]) else {}
    mission = "land" if domain == "air" else "move"
    out(ev.UnitsMoved(power=s.power, units=ids, path=path, step=s.step, mission=mission, aboard=aboard))
