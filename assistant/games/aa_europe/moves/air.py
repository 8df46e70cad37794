"""Aircraft: where they may land [T L93, L98], the landing guard of the combat move (a place to land within range,
or a carrier the fighter counts on: the risky mission [T L93]), and AA fire at aircraft flying over enemy guns in
the combat move [T L31, L82, E L84]."""

from __future__ import annotations

from assistant.decider import Refused
from assistant.games.aa_europe import commands as cmd
from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.moves.common import Emitter, rule, throw, throw_ref
from assistant.games.aa_europe.state import State


def _fighter(s: State, kind: str) -> bool:
    return s.world.units[kind].has("lands_on_carrier")


def landing_territory(s: State, space: str, power: str) -> bool:
    """Friendly land, held by the side since before this turn: nothing captured this turn [T L93, E L95]."""
    w = s.world
    return not w.is_sea(space) and s.friendly(space, power) and space not in s.captured_this_turn


def carrier_room(s: State, zone: str, power: str, leaving: tuple[int, ...] = ()) -> int:
    """Free fighter places on friendly carriers in ``zone`` (allied carriers too [T L98])."""
    w = s.world
    units = [(i, u) for i, u in s.units.items() if u.space == zone and i not in leaving]
    room = sum(w.units[u.kind].carrier_capacity for _, u in units if w.allied(u.owner, power))
    used = sum(w.units[u.kind].carrier_cost for _, u in units if w.domain(u.kind) == "air" and w.allied(u.owner, power))
    return room - used


def carrier_berths(s: State, zone: str, ids: tuple[int, ...]) -> dict[int, int]:
    """Fighters ending at sea go aboard friendly carriers there with room."""
    w = s.world
    if not w.is_sea(zone):
        return {}
    free: list[int] = []
    for i, u in s.units.items():
        if u.space == zone and w.allied(u.owner, s.power) and w.units[u.kind].carrier_capacity:
            aboard = sum(1 for x in s.units.values() if x.aboard == i)
            free.extend([i] * (w.units[u.kind].carrier_capacity - aboard))
    return {i: free.pop(0) for i in ids if free and _fighter(s, s.units[i].kind)}


def check_landing(s: State, end: str, ids: tuple[int, ...]) -> None:
    """Non-combat: aircraft land on friendly land not captured this turn; fighters may land on a friendly carrier."""
    if landing_territory(s, end, s.power):
        return
    if s.world.is_sea(end):
        if any(not _fighter(s, s.units[i].kind) for i in ids):
            raise Refused("bombers never land on a carrier", rule("aircraft"))
        if carrier_room(s, end, s.power) >= len(ids) or _carrier_can_come(s, end):
            return
        raise Refused(f"no friendly carrier in {end} has room for them", rule("carrier"))
    raise Refused(f"aircraft land on friendly territory held since before this turn; not {end}", rule("aircraft"))


def _carrier_can_come(s: State, zone: str) -> bool:
    """One of the mover's carriers that has not moved its whole allowance can still reach ``zone`` [T L93, L98]."""
    w = s.world
    for i, u in s.units.items():
        if u.owner != s.power or not w.units[u.kind].carrier_capacity or s.mark(i).done or s.mark(i).battle:
            continue
        left = w.units[u.kind].movement - s.mark(i).used
        d = w.distance(u.space, zone, "sea")
        if d is not None and d <= left:
            return True
    return False


def check_can_land(s: State, path: tuple[str, ...], ids: tuple[int, ...], raid: bool) -> None:
    """Combat move: every aircraft keeps a landing place within its remaining moves, or (fighters) a carrier it
    counts on in the battle zone or one that can come: the risky mission [T L93]."""
    w = s.world
    end = path[-1]
    sites = [n for n in w.spaces if landing_territory(s, n, s.power) and n not in s.battles]
    for i in ids:
        u = s.units[i]
        left = w.units[u.kind].movement - s.mark(i).used - (len(path) - 1)
        near = any((d := w.distance(end, n, "air")) is not None and d <= left for n in sites)
        if near:
            continue
        if _fighter(s, u.kind) and (carrier_room(s, end, s.power) or _carrier_can_come(s, end) or left >= 1 and any(
            carrier_room(s, z, s.power) or _carrier_can_come(s, z) for z in w.spaces[end].borders if w.is_sea(z)
        )):
            continue  # a risky mission: its landing depends on a carrier
        raise Refused(f"{u.kind} #{i} could not land anywhere after this attack", rule("aircraft"))


def overflight_fire(out: Emitter, c: cmd.Move, ids: tuple[int, ...]) -> tuple[int, ...]:
    """Each enemy AA territory flown over fires one die per aircraft, a 1 destroys one [T L31, L82]; the target's own
    guns fire in its battle instead (ruling: once). The mover gives up ``aa_losses`` first, then the cheapest."""
    s = out.state
    w = s.world
    flying = list(ids)
    dice_given = list(c.aa_faces) if c.aa_faces is not None else None
    for n, space in enumerate(c.path[1:-1], start=1):
        if w.is_sea(space) or not any(
            w.units[u.kind].has("anti_aircraft") and w.enemies(u.owner, s.power) and not u.aboard
            for _, u in s.units_in(space)
        ) or not flying:
            continue
        faces = None
        if dice_given is not None:
            faces, dice_given = dice_given[: len(flying)], dice_given[len(flying):]
        ref = throw_ref(s, "overflight", space, n)
        gunner = next(u.owner for _, u in s.units_in(space)
                      if w.units[u.kind].has("anti_aircraft") and w.enemies(u.owner, s.power) and not u.aboard)
        shot = throw(out, f"AA fire over {space}", len(flying), faces, (w.tables.fire["aa"],) * len(flying), ref,
                     thrower=gunner)
        hits = sum(1 for f in shot.faces if f <= w.tables.fire["aa"])
        if hits:
            order = [i for i in c.aa_losses if i in flying]
            order += sorted((i for i in flying if i not in order), key=lambda i: (w.units[s.units[i].kind].cost, i))
            down = tuple(order[:hits])
            out(ev.AircraftShotDown(power=s.power, units=down, space=space, context="overflight"))
            flying = [i for i in flying if i not in down]
    if dice_given:
        raise Refused(f"{len(dice_given)} AA dice too many for this flight", rule("aa_gun"))
    return tuple(flying)

