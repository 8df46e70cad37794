"""Attackers of a fortress after the battle (EE 5.5, 6.85, 6.86).

A fortress taken keeps at least one attacker and no more than its stacking limit; the others go to the
surrounding area. A fortress not taken by the attacker's final supply phase sends the attackers over the limit to
the surrounding area, and its airborne assailants are destroyed. Malta has no surrounding area: its invaders sail
back to their port of origin on the ships that brought them (open to naval combat) or are eliminated, excess
airborne units may sail with them only while an unused Mediterranean fleet point remains, and the attacking ground
support unit returns to Sicily whatever the outcome.
"""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.europe_engulfed.board.places import MALTA, SICILY
from assistant.games.europe_engulfed.commands import LeaveFortress
from assistant.games.europe_engulfed.powers import enemy, land_units, side_of
from assistant.games.europe_engulfed.rules import naval
from assistant.games.europe_engulfed.rules.flow import Flow
from assistant.games.europe_engulfed.state import Block, EEState
import assistant.games.europe_engulfed.events as ev
from events.base import Event

MED = naval.MED


def limit(s: EEState, fortress: str) -> int:
    """5.5: one friendly land unit at the end of a phase, two in a Soviet fortress."""
    return 2 if s.board.areas[fortress].nation == "ussr" else 1


def attackers(s: EEState, fortress: str) -> list[Block]:
    """The phasing side's units that entered this fortress while it was the enemy's, this player turn."""
    return [s.units[uid] for uid in sorted(s.fortress_attackers) if uid in s.units and s.units[uid].area == fortress
            and side_of(s, s.units[uid].nation) == s.side]


def taken(s: EEState, fortress: str) -> bool:
    return s.control.get(fortress) == s.side and not any(
        side_of(s, u.nation) == enemy(s.side) for u in land_units(s, fortress))


def _counted(units: list[Block]) -> list[Block]:
    """5.5: airborne assailants do not count against the attacker's limit, ground support units never count."""
    return [u for u in units if u.kind not in ("gsu", "airborne")]


def excess(s: EEState) -> dict[str, int]:
    """Untaken fortresses -> attackers still to withdraw before the attacker's player turn ends (5.5, 6.85, 6.86)."""
    out = {}
    for fortress in sorted({s.units[uid].area for uid in s.fortress_attackers if uid in s.units}):
        if fortress not in s.board.areas or taken(s, fortress):
            continue
        here = _counted(attackers(s, fortress))
        over = len(here) if fortress == MALTA else len(here) - limit(s, fortress)
        if over > 0:
            out[fortress] = over
    return out


def leave_fortress(cmd: LeaveFortress, s: EEState, ctx: Context) -> list[Event]:
    if not cmd.unit_ids:
        raise Refused("name the attackers that leave", rule="EE 5.5")
    units = []
    for uid in dict.fromkeys(cmd.unit_ids):
        u = s.units.get(uid)
        if u is None or uid not in s.fortress_attackers or side_of(s, u.nation) != s.side or \
                s.board.areas.get(u.area) is None or s.board.areas[u.area].kind != "fortress":
            raise Refused(f"{uid} is not one of this player turn's attackers in a fortress", rule="EE 5.5")
        units.append(u)
    fortresses = {u.area for u in units}
    if len(fortresses) != 1:
        raise Refused("one fortress at a time", rule="EE 5.5")
    fortress = fortresses.pop()
    won = taken(s, fortress)
    staying = [u for u in land_units(s, fortress) if side_of(s, u.nation) == s.side and u.id not in cmd.unit_ids]
    if won:
        if not staying:
            raise Refused("at least one attacker occupies the fortress it took", rule="EE 6.85")
    else:
        if s.phase != "final_supply":
            raise Refused("attackers leave a fortress they have not taken in their final supply phase", rule="EE 6.85")
        leaving = _counted(units)
        if len(leaving) > excess(s).get(fortress, 0) or any(u.kind == "airborne" for u in units):
            rule = "EE 6.86" if fortress == MALTA else "EE 6.85"
            raise Refused(f"only the attackers over the limit leave an untaken {fortress}; airborne assailants are "
                          "destroyed", rule=rule)
    if fortress == MALTA:
        return [_malta_return(s, u, won) for u in units]
    container = s.board.areas[fortress].container
    if not container:
        raise Refused(f"{fortress}'s surrounding area is not on the board yet: amend the board", rule="EE 6.85")
    if s.control.get(container) != s.side:
        raise Refused(f"the surrounding area {container} is not friendly: the excess is eliminated", rule="EE 6.85")
    return [ev.UnitMoved(unit_id=u.id, path=(container,), origin=u.area, mode="fortress_exit", nation=u.nation, kind=u.kind, steps=u.steps)
            for u in units]


def _malta_return(s: EEState, u: Block, won: bool) -> ev.UnitMoved:
    """6.86: back to the port of origin by the same ships (no extra fleet point), the GSU to Sicily."""
    if u.kind == "gsu":
        if s.control.get(SICILY) != s.side:
            raise Refused("the attacking ground support unit returns to Sicily, which is not friendly: eliminate it",
                          rule="EE 6.86")
        return ev.UnitMoved(unit_id=u.id, path=(SICILY,), origin=u.area, mode="fortress_exit", nation=u.nation, kind=u.kind, steps=u.steps)
    port = s.fortress_attackers[u.id]
    area = s.board.areas.get(port)
    if area is None or s.control.get(port) != s.side or MED not in (area.ports or ()):
        raise Refused(f"{u.id}'s port of origin {port} is no friendly Mediterranean port: eliminate it", rule="EE 6.86")
    ships = [n for n in naval.carriers(s, u) if s.fleets.get(MED, {}).get(n, 0) > 0]
    if u.kind == "airborne":
        ships = [n for n in ships if naval.available(s, MED, n) > 0]
        if not won or not ships:
            raise Refused("airborne units sail back only from a taken Malta with an unused Mediterranean fleet point; "
                          "otherwise they are destroyed", rule="EE 6.86")
    if not ships:
        raise Refused(f"no ship left to carry {u.id} back: eliminate it", rule="EE 6.86")
    # invaders use the points that brought them; an airborne unit takes an unused one
    leg = ev.SeaLeg(sea=MED, nation=ships[0], fleet_points=1 if u.kind == "airborne" else 0)
    return ev.UnitMoved(unit_id=u.id, path=(MED, port), origin=u.area, mode="fortress_exit", nation=u.nation, kind=u.kind, steps=u.steps,
                        sea=(leg,))


def end_of_final_supply(f: Flow) -> None:
    """The attacker's final supply phase ends: withdrawals owed stop the game; airborne assailants of untaken
    fortresses are destroyed (5.5, 6.86); the GSU that attacked Malta goes back to Sicily (6.86)."""
    s = f.s
    check_withdrawals(s)
    doomed = []
    for fortress in sorted({u.area for u in s.units.values() if u.id in s.fortress_attackers}):
        if fortress not in s.board.areas:
            continue
        here = attackers(s, fortress)
        if not taken(s, fortress):
            doomed += [u.id for u in here if u.kind == "airborne"]
        if fortress == MALTA:
            for u in here:
                if u.kind == "gsu" and s.control.get(SICILY) == s.side:
                    f.add(ev.UnitMoved(unit_id=u.id, path=(SICILY,), origin=MALTA, mode="fortress_exit",
                                       nation=u.nation, kind=u.kind, steps=u.steps))
                elif u.kind == "gsu":
                    doomed.append(u.id)
    if doomed:
        f.add(ev.UnitsEliminated(unit_ids=tuple(doomed), cause="airborne assailants of a fortress not taken, or a "
                                 "ground support unit with no way back to Sicily", rule="EE 5.5, EE 6.86"))


def malta_invaders(s: EEState) -> set[str]:
    """Malta's invaders the attacker may eliminate instead of sailing them back (6.86): all of them while Malta is
    not taken in the final supply phase; once taken, those over the one-block limit."""
    here = [u for u in attackers(s, MALTA) if u.kind != "gsu"]
    if not here or MALTA not in s.board.areas:
        return set()
    if taken(s, MALTA):
        mine = [u for u in land_units(s, MALTA) if side_of(s, u.nation) == s.side]
        return {u.id for u in here} if len(mine) > limit(s, MALTA) else set()
    return {u.id for u in here} if s.phase == "final_supply" else set()


def to_surrounding_area(s: EEState, unit_ids: tuple[str, ...]) -> list[str]:
    """Attackers of a taken fortress that must go to its friendly surrounding area rather than be eliminated."""
    out = []
    for uid in unit_ids:
        u = s.units.get(uid)
        if u is None or uid not in s.fortress_attackers or u.area == MALTA or u.area not in s.board.areas:
            continue
        container = s.board.areas[u.area].container
        if container and s.control.get(container) == side_of(s, u.nation):
            out.append(uid)
    return out


def check_withdrawals(s: EEState) -> None:
    """EE 6.85, 6.86: attackers of an untaken fortress withdraw in their final supply phase, before supply is
    determined (Malta's invaders sail home or are eliminated rather than trace supply from the fortress)."""
    owed = excess(s)
    if owed:
        where = ", ".join(f"{a} ({n})" for a, n in sorted(owed.items()))
        malta = MALTA in owed
        raise Refused(f"attackers of an untaken fortress still to withdraw: {where} — to the surrounding area "
                      "(ee.leave_fortress)" + ("; Malta's invaders go back to their port or are eliminated "
                                               "(ee.eliminate_excess)" if malta else ""),
                      rule="EE 6.86" if malta else "EE 6.85")
