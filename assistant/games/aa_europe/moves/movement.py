"""Phases 2 and 4: combat moves [T L31] (attacks, captures of empty territory, blitz [T L86], convoy raids and
liberations on the way [T L61], strategic raids and escorts [T L56], AA fire at aircraft flying over [T L31, L82])
and non-combat moves [T L68] (friendly spaces only, aircraft land, no AA fire)."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.aa_europe import commands as cmd
from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.moves import air
from assistant.games.aa_europe.moves.capture import capture, convoy_entered
from assistant.games.aa_europe.moves.common import Emitter, is_cargo, pick, require_phase, require_reason, rule
from assistant.games.aa_europe.state import State, Unit

MAX_PATH = 8  # a bomber moves 6 [T L93]: no path is longer than its start and 7 more spaces


def move(c: cmd.Move, s: State, ctx: Context) -> list:
    require_phase(s, "combat_move", "noncombat_move")
    out = Emitter(s, ctx)
    try:
        ids = _movers(s, c)
        _check_path(s, c, ids)
    except Refused as refusal:
        if not c.override.strip():
            raise
        require_reason(c.override)
        ids = _overridden_movers(s, c)
        out(ev.RuleOverridden(command="aae.move", refusal=refusal.reason, rule=refusal.rule or "", reason=c.override))
    if s.phase == "combat_move":
        _combat_move(out, c, ids)
    else:
        _noncombat_move(out, c, ids)
    return out.events


# ---------------------------------------------------------------- which units, which path


def _movers(s: State, c: cmd.Move) -> tuple[int, ...]:
    if not 2 <= len(c.path) <= MAX_PATH:
        raise Refused(f"a path names the start and 1 to {MAX_PATH - 1} more spaces", rule("movement"))
    for name in c.path:
        if name not in s.world.spaces:
            raise Refused(f"there is no space called {name!r} on the A&A Europe board", rule("movement"))
    start = c.path[0]
    noncombat = s.phase == "noncombat_move"

    def usable(i: int, u: Unit) -> bool:
        m = s.mark(i)
        if m.done or is_cargo(s, u) or i in s.held_until_soviet_turn or m.captured:
            return False
        if noncombat:
            # Units used in the combat move stay put; aircraft land [T L68].
            return s.world.domain(u.kind) == "air" or not m.phase
        return not m.battle

    if not c.units and not c.ids:
        raise Refused(f"name the units to move from {start} (a count of each kind, or their ids)", rule("movement"))
    ids = list(c.ids)
    guns = [i for i in ids if _middle_east_gun(s, i, start)]
    named = [i for i in ids if i not in guns]
    own = pick(s, start, s.power, c.units, named, usable, "move now") if c.units or named else ()
    return (*own, *guns)


def _overridden_movers(s: State, c: cmd.Move) -> tuple[int, ...]:
    """An override waives the rules, not the pieces: the units it moves stand at the path's start (the mover's own,
    or an ally's AA gun there), on a path of real spaces."""
    if not 2 <= len(c.path) <= MAX_PATH or any(name not in s.world.spaces for name in c.path):
        return _movers(s, c)  # the refusal that names the bad path
    if not c.ids:
        return _movers(s, c)
    start = c.path[0]
    for i in c.ids:
        u = s.units.get(i)
        if u is None or u.space != start or not s.world.allied(u.owner, s.power):
            raise Refused(f"{s.world.name(s.power)} has no unit #{i} in {start}", rule("movement"))
    return tuple(c.ids)


def _middle_east_gun(s: State, i: int, start: str) -> bool:
    """An ally's AA gun in an Allied-held Middle East country: any Ally may move it, once per round [T L82]."""
    u = s.units.get(i)
    w = s.world
    if u is None or u.owner == s.power or u.space != start or not w.units[u.kind].has("anti_aircraft"):
        return False
    if not (w.middle_east(start) and w.allied(u.owner, s.power) and w.allied(s.controller(start), s.power)):
        return False
    if s.middle_east_guns.get(i) == s.round:
        raise Refused(f"AA gun #{i} already moved in the Middle East this round", rule("aa_gun"))
    return True


def _check_path(s: State, c: cmd.Move, ids: tuple[int, ...]) -> None:
    w = s.world
    domains = {w.domain(s.units[i].kind) for i in ids}
    if len(domains) > 1:
        raise Refused("move land, sea and air units in separate moves", rule("movement"))
    domain = domains.pop()
    path = c.path
    for a, b in zip(path, path[1:]):
        if not w.adjacent(a, b):
            raise Refused(f"{a} and {b} do not border each other", rule("movement"))
        if w.neutral(b):
            raise Refused(f"{b} is neutral: no unit may enter or fly over it", rule("neutral"))
        if domain == "sea" and not w.is_sea(b):
            raise Refused(f"naval units stay at sea; {b} is a territory", rule("movement"))
        if domain == "sea" and not w.ships_may_cross(a, b):
            raise Refused(f"no ship passes through the Turkish sea zone between {a} and {b}", rule("neutral"))
        if domain == "land" and w.is_sea(b):
            raise Refused(f"land units cross the sea aboard transports (aae.load); {b} is a sea zone", rule("transport"))
    steps = len(path) - 1
    for i in ids:
        u = s.units[i]
        allowance = w.units[u.kind].movement
        if s.mark(i).used + steps > allowance:
            left = allowance - s.mark(i).used
            raise Refused(f"{u.kind} #{i} has {left} of its {allowance} moves left; this path takes {steps}",
                          rule("aircraft" if domain == "air" else "movement"))
        if u.kind == "aa_gun" and s.phase == "combat_move" and w.enemies(s.controller(path[-1]), s.power):
            raise Refused("AA guns never move into enemy territory", rule("aa_gun"))
    if s.phase == "noncombat_move":
        _check_noncombat(s, c, ids, domain)
    else:
        _check_combat(s, c, ids, domain)


def _check_noncombat(s: State, c: cmd.Move, ids: tuple[int, ...], domain: str) -> None:
    for space in c.path[1:] if domain != "air" else c.path[-1:]:
        if not s.friendly(space, s.power):
            raise Refused(f"{space} is not friendly: the non-combat move goes to friendly spaces only",
                          rule("noncombat_move"))
    if domain == "air":
        air.check_landing(s, c.path[-1], ids)


def _check_combat(s: State, c: cmd.Move, ids: tuple[int, ...], domain: str) -> None:
    w = s.world
    end = c.path[-1]
    middle = c.path[1:-1]
    if domain == "sea":
        for space in middle:
            if _blocking_ships(s, space):
                raise Refused(f"{space} holds enemy ships: naval units stop there", rule("naval_combat"))
    if domain == "land":
        kinds = {s.units[i].kind for i in ids}
        if middle:
            first = middle[0]
            if len(middle) > 1 or not kinds <= {k for k in kinds if w.units[k].has("blitz")}:
                raise Refused("only armour moves two territories", rule("blitz"))
            if w.enemies(s.controller(first), s.power):
                if s.enemy_units_in(first, s.power, guns=True):
                    raise Refused(f"{first} is occupied: armour blitzes only through an empty enemy territory "
                                  "(AA guns alone count as occupying it)", rule("blitz"))
                if w.enemies(s.controller(end), s.power) and not s.enemy_units_in(end, s.power, guns=True):
                    raise Refused(f"after a blitz the armour goes to a friendly territory or an occupied enemy one; "
                                  f"{end} is empty", rule("blitz"))
            elif not s.friendly(first, s.power):
                raise Refused(f"{first} is not friendly", rule("blitz"))
    if c.bombing or c.escort:
        kinds = {s.units[i].kind for i in ids}
        flag = "strategic_bombing" if c.bombing else "escort"
        if not all(w.units[k].has(flag) for k in kinds) or (c.bombing and c.escort):
            raise Refused("bombers fly the raid; fighters escort it", rule("bombing"))
        if w.is_sea(end) or end not in s.complexes or not w.enemies(s.controller(end), s.power):
            raise Refused(f"a strategic raid targets an enemy territory with an industrial complex; not {end}", rule("bombing"))
        if c.escort and f"{end}/bombing" not in s.battles:
            raise Refused(f"no raid on {end} yet: fly the bombers first", rule("bombing"))
    if domain == "air":
        air.check_can_land(s, c.path, ids, c.bombing or c.escort)
        if not (c.bombing or c.escort) and not _hostile(s, end):
            raise Refused(f"aircraft attack enemy units; {end} has none (aircraft cannot capture)", rule("aircraft"))


def _blocking_ships(s: State, zone: str) -> bool:
    return any(not u.submerged for _, u in s.enemy_units_in(zone, s.power))


def _hostile(s: State, space: str) -> bool:
    if s.world.is_sea(space):
        return _blocking_ships(s, space)
    return bool(s.enemy_units_in(space, s.power, guns=True)) or s.world.enemies(s.controller(space), s.power)


# ---------------------------------------------------------------- what the moves do


def _combat_move(out: Emitter, c: cmd.Move, ids: tuple[int, ...]) -> None:
    s = out.state
    w = s.world
    domain = w.domain(s.units[ids[0]].kind)
    if domain == "air":
        ids = air.overflight_fire(out, c, ids)
        if not ids:
            return
    s = out.state
    end = c.path[-1]
    mission = "bombing" if c.bombing else "escort" if c.escort else "move"
    if domain == "land" and len(c.path) == 3 and w.enemies(s.controller(c.path[1]), s.power):
        out(ev.UnitsMoved(power=s.power, units=ids, path=c.path[:2], phase=s.phase, mission="blitz"))
        out(*capture(out.state, c.path[1], s.power, "blitz"))
        out(ev.UnitsMoved(power=s.power, units=ids, path=c.path[1:], phase=s.phase, mission="blitz"))
    else:
        if domain == "sea":
            for zone in c.path[1:-1]:
                out(*convoy_entered(out.state, zone, s.power, ids))
        out(ev.UnitsMoved(power=s.power, units=ids, path=c.path, phase=s.phase, mission=mission))
    s = out.state
    came = c.path[-2]
    if c.bombing or c.escort:
        out(ev.BattleJoined(battle=f"{end}/bombing", space=end, kind="bombing", attacker=s.power, units=ids,
                            came_from=came, escort=c.escort))
        return
    if w.is_sea(end):
        if _blocking_ships(s, end):
            out(ev.BattleJoined(battle=end, space=end, kind="naval", attacker=s.power, units=ids, came_from=came))
        elif domain == "sea":
            out(*convoy_entered(s, end, s.power, ids))
        return
    if s.enemy_units_in(end, s.power, guns=True):
        out(ev.BattleJoined(battle=end, space=end, kind="land", attacker=s.power, units=ids, came_from=came))
    elif w.enemies(s.controller(end), s.power) and domain == "land":
        out(*capture(s, end, s.power, "unoccupied"))


def _noncombat_move(out: Emitter, c: cmd.Move, ids: tuple[int, ...]) -> None:
    s = out.state
    if any(s.mark(i).retreated for i in ids):
        # aircraft withdrawing from a battle are still fired at by enemy AA guns they fly over [T L32]
        ids = air.overflight_fire(out, c, ids)
        if not ids:
            return
        s = out.state
    aboard = air.carrier_berths(s, c.path[-1], ids)
    out(ev.UnitsMoved(power=s.power, units=ids, path=c.path, phase=s.phase,
                      mission="land" if aboard or s.world.domain(s.units[ids[0]].kind) == "air" else "move",
                      aboard=aboard))

