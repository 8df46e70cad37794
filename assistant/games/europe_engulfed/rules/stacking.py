"""Fortress stacking (EE 5.5): one friendly land unit in a fortress at the end of a phase (two in a Soviet
fortress), GSUs not counted; an attacker may put twice that many land units and one GSU into an enemy fortress."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.europe_engulfed.commands import EliminateExcess
from assistant.games.europe_engulfed.powers import side_of
from assistant.games.europe_engulfed.rules.fortresses import limit, malta_invaders, to_surrounding_area
from assistant.games.europe_engulfed.state import Block, EEState
import assistant.games.europe_engulfed.events as ev
from events.base import Event


def overstacked(s: EEState) -> dict[str, int]:
    """Fortress -> land units its controlling side must still eliminate (excess over the 5.5 limit)."""
    out = {}
    for area_id, area in s.board.areas.items():
        if area.kind != "fortress":
            continue
        owner = s.control.get(area_id)
        mine = [u for u in s.units.values() if u.area == area_id and u.kind != "gsu" and side_of(s, u.nation) == owner]
        if len(mine) > limit(s, area_id):
            out[area_id] = len(mine) - limit(s, area_id)
    return out


def check_end_of_phase(s: EEState) -> None:
    excess = overstacked(s)
    if excess:
        where = ", ".join(f"{a} ({n} too many)" for a, n in sorted(excess.items()))
        attackers = [uid for uid in s.fortress_attackers if uid in s.units and s.units[uid].area in excess]
        also = (" — attackers of a fortress just taken go to its surrounding area instead (ee.leave_fortress)"
                if attackers else "")
        raise Refused(f"fortress stacking at the end of the phase: {where}; the owner eliminates the excess "
                      f"(ee.eliminate_excess){also}", rule="EE 5.5")


def check_attacker_entry(s: EEState, u: Block, fortress: str) -> None:
    """5.5: into an enemy fortress, at most twice its limit in land units plus one GSU (airborne assaults apart)."""
    side = side_of(s, u.nation)
    if s.control.get(fortress) == side or u.kind == "airborne":
        return
    here = [x for x in s.units.values() if x.area == fortress and side_of(s, x.nation) == side]
    if u.kind == "gsu" and any(x.kind == "gsu" for x in here):
        raise Refused("one attacking GSU in an enemy fortress", rule="EE 5.5")
    if u.kind != "gsu" and sum(1 for x in here if x.kind not in ("gsu", "airborne")) >= 2 * limit(s, fortress):
        raise Refused(f"at most {2 * limit(s, fortress)} attacking land units in the fortress", rule="EE 5.5")


def eliminate_excess(cmd: EliminateExcess, s: EEState, ctx: Context) -> list[Event]:
    malta = malta_invaders(s)
    if malta and set(cmd.unit_ids) <= malta:  # 6.86: Malta's invaders go back to their port or are eliminated
        return [ev.UnitsEliminated(unit_ids=tuple(cmd.unit_ids), cause="Malta invaders not sailing back",
                                   rule="EE 6.86")]
    moving = to_surrounding_area(s, cmd.unit_ids)
    if moving:
        raise Refused(f"{', '.join(moving)} attacked the fortress: excess attackers go to its surrounding area "
                      "(ee.leave_fortress)", rule="EE 5.5")
    excess = overstacked(s)
    by_area: dict[str, int] = {}
    for uid in cmd.unit_ids:
        u = s.units.get(uid)
        if u is None or u.area not in excess or u.kind == "gsu" or side_of(s, u.nation) != s.control.get(u.area):
            raise Refused(f"{uid} is not one of an over-stacked fortress's own land units", rule="EE 5.5")
        by_area[u.area] = by_area.get(u.area, 0) + 1
    for area, n in by_area.items():
        if n > excess[area]:
            raise Refused(f"{area} needs only {excess[area]} unit(s) removed", rule="EE 5.5")
    return [ev.UnitsEliminated(unit_ids=tuple(cmd.unit_ids), cause="fortress over-stacked at the end of a phase",
                               rule="EE 5.5")]
