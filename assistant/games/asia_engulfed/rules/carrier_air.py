"""Carrier-based air (CBA) away from the sea battles: the Orphan CBA box (AE 4.21, 4.42, 5.22) and CBA in land
combat (AE 6.5-6.53, 7.24), with the ground-support rules every air unit follows (AE 6.51, 6.52, 9.13, 9.47).

- Orphan CBA join a CV fleet with room on its decks: when the CV is in its national port (AE 4.42), or by
  Strategic Movement (AE 5.22: « mais pas dans ou à travers des zones maritimes avec une influence Limitée »),
  which counts in the nation's strategic moves (AE 5.24). Other CBA never move strategically.
- In land combat, CBA fly from CVs in a sea zone next to the zone or in its port (AE 6.53). In an amphibious
  invasion of the current player turn they fly air combat or ground support for either side; the invader's CBA come
  from carriers in the invasion sea zone (AE 7.24). In other battles: air combat only in port (and island) boxes,
  nothing in large zones."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import AirToAir, BaseOrphanCba, Fire
from assistant.games.asia_engulfed.places import is_kamikaze
from assistant.games.asia_engulfed.rules.influence import LIMITED, all_influence
from assistant.games.asia_engulfed.scenario.format import Piece
from assistant.games.asia_engulfed.state import AEState
from events.base import Event

ORPHAN = "orphan"
BOXES = ("port_box", "island_box")  # non-amphibious battles: CBA fly air combat only (island boxes: ruling)


def any_orphan(s: AEState) -> bool:
    return any(p.kind == "cba" and p.at == ORPHAN and places.side(p) == s.side for p in s.pieces.values())


def base_orphans(cmd: BaseOrphanCba, s: AEState, ctx: Context) -> list[Event]:
    fleet = s.pieces.get(cmd.fleet)
    if fleet is None or fleet.kind != "cv":
        raise Refused(f"{cmd.fleet!r} is not a CV fleet on the map", rule="AE 4.24")
    side = places.side(fleet)
    if side != s.side:
        raise Refused("Orphan CBA join a carrier in their own player turn", rule="AE 4.42, 5.22")
    for pid in cmd.pieces:
        p = s.pieces.get(pid)
        if p is None or p.kind != "cba" or p.at != ORPHAN or p.nation != fleet.nation:
            raise Refused(f"{pid} is not a {data.nation_name(fleet.nation)} CBA in the Orphan CBA box",
                          rule="AE 4.21, 5.22")
    steps = sum(s.pieces[pid].steps for pid in cmd.pieces)
    room = places.cv_room(s, fleet.id)
    if steps > room:
        raise Refused(f"{fleet.id} has room for {max(room, 0)} CBA step(s) ({steps} asked): 2 per CV step, 1 per "
                      "damaged step", rule="AE 4.24, 4.31, 8.6")
    home = s.board.zones.get(fleet.at)
    if home is not None and home.port == "national" and home.colour == fleet.nation:
        return [ev.OrphanCbaBased(pieces=tuple(cmd.pieces), fleet=fleet.id, strategic=False)]
    if s.phase != "strategic_movement":
        raise Refused(f"{fleet.id} is not in its national port: Orphan CBA reach it by Strategic Movement",
                      rule="AE 4.42, 5.22")
    nation = fleet.nation
    limit = s.track("jp_sr") if nation == "japan" else data.nation(nation).get("sr_limit", 0)
    if s.sr_used.get(nation, 0) + len(cmd.pieces) > limit:
        raise Refused(f"{data.nation_name(nation)} moves at most {limit} unit(s) a Strategic Movement Phase",
                      rule="AE 5.24, 2.13")
    influence = all_influence(s)
    for sea in (*cmd.path, fleet.at):
        if sea in s.board.seas and influence.get(sea) == LIMITED:
            raise Refused(f"Orphan CBA do not fly into or through {s.board.seas[sea].name} (Limited influence)",
                          rule="AE 5.22, 8.13")
        if sea not in s.board.seas and sea != fleet.at:
            raise Refused(f"{sea!r} is not a sea zone of the board", rule="AE 5.22")
    if home is not None and not places.friendly_uncontested(s, fleet.at, side):
        raise Refused(f"{home.name} is not friendly and uncontested: no Strategic Movement into it",
                      rule="AE 5.21, 5.23")
    return [ev.OrphanCbaBased(pieces=tuple(cmd.pieces), fleet=fleet.id, strategic=True)]


def check_in_battle(s: AEState, zone_id: str, air: Piece, support: bool) -> None:
    """Whether ``air`` may take part in the land battle in ``zone_id`` (ground support or air combat)."""
    z = s.board.zones[zone_id]
    if air.kind == "lba":
        if air.at != zone_id:
            raise Refused(f"{air.id} is not in {z.name}: LBA join a battle by Operational Movement",
                          rule="AE 6.21, 7.24")
        return
    cv = s.pieces.get(air.at)
    if cv is None:
        raise Refused(f"{air.id} is in the Orphan CBA box: no carrier launches it", rule="AE 4.21")
    invaded = zone_id in s.invasions
    if not invaded and z.kind not in BOXES:
        raise Refused(f"CBA take no part in a non-amphibious battle in a large zone ({z.name})", rule="AE 6.53")
    if not invaded and support:
        raise Refused(f"in a non-amphibious battle in {z.name}, CBA fly air combat only", rule="AE 6.53")
    if cv.at != zone_id and cv.at not in (z.seas or ()):
        raise Refused(f"{air.id}'s carrier {cv.id} is neither in a sea zone next to {z.name} nor in its port",
                      rule="AE 6.53")
    seas = s.invaded_from.get(zone_id, ())
    if invaded and places.side(air) == s.invasions[zone_id] and seas and cv.at not in seas:
        raise Refused(f"the invader's CBA fly from carriers in the invasion sea zone "
                      f"({', '.join(s.board.seas[x].name for x in seas)})", rule="AE 7.24")


def support_from(s: AEState, cmd: Fire, side: str) -> dict[str, int]:
    """The steps each land unit has supported, from the air units named (AE 6.5, 6.51)."""
    if cmd.air_support and cmd.support:
        raise Refused("name the air units giving support (air_support) or the supported steps (support), not both",
                      rule="AE 6.5")
    steps: dict[str, int] = {}
    for air_id, land_id in cmd.air_support.items():
        air, land = s.pieces.get(air_id), s.pieces.get(land_id)
        if air is None or not places.is_air(air) or places.side(air) != side:
            raise Refused(f"{air_id}: an air unit of the firing side", rule="AE 6.21")
        if land is None or not places.is_land(land) or land.at != cmd.zone or places.side(land) != side:
            raise Refused(f"{land_id}: a land unit of the firing side in the battle", rule="AE 6.5")
        if land.nation != air.nation:
            raise Refused(f"{air_id} supports a land unit of its own nation only", rule="AE 6.51")
        if air.nation == "china" and land.force != "nationalist":
            raise Refused("the Chinese LBA supports Nationalist land units only", rule="AE 9.47")
        if is_kamikaze(s, air):
            raise Refused(f"{air_id} is a kamikaze: no ground support", rule="AE 9.13")
        check_in_battle(s, cmd.zone, air, support=True)
        steps[land_id] = steps.get(land_id, 0) + air.steps
    return {pid: min(n, s.pieces[pid].steps) for pid, n in steps.items()}  # one bonus a step (AE 6.51)


def check_air_combat(s: AEState, cmd: AirToAir) -> None:
    """Air combat over a land battle: every unit named may fly there (AE 6.53, 7.24)."""
    if s.phase != "land_combat" or cmd.where not in s.board.zones:
        return
    for pid in (*cmd.japan, *cmd.allies):
        p = s.pieces.get(pid)
        if p is not None and places.is_air(p):
            check_in_battle(s, cmd.where, p, support=False)
