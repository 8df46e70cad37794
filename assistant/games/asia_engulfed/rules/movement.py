"""Land and air movement (AE 5.1-5.3, 9.23, 9.32, 9.44, 9.51-9.55) and the control it changes (AE 3.25, 2.5)."""

from __future__ import annotations

from collections import deque

from assistant.decider import Context, Refused
from assistant.families.engulfed.ledger import Booking
from assistant.families.engulfed.setup import first_free
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import ConvertToGarrison, Move
from assistant.games.asia_engulfed.rules import invasion
from assistant.games.asia_engulfed.rules.supply import NONE, Tracer
from assistant.games.asia_engulfed.scenario.format import Piece
from assistant.games.asia_engulfed.state import AEState
from events.base import Event

CHINA_AREA = ("china", "manchukuo", "korea")  # AE 9.44
CW_IN_CHINA = ("hainan", "formosa", "hong_kong", "shanghai")  # AE 9.32


def move(cmd: Move, s: AEState, ctx: Context) -> list[Event]:
    phase = {"operational": "operational_movement", "landing": "operational_movement",
             "invasion": "operational_movement", "strategic": "strategic_movement"}[cmd.mode]
    if s.phase != phase:
        raise Refused(f"{cmd.mode} movement happens in the {phase.replace('_', ' ')} phase", rule="AE 1.15, 1.16")
    if cmd.to not in s.board.zones:
        raise Refused(f"{cmd.to!r} is not a land zone of the board")
    pieces = []
    for pid in cmd.pieces:
        p = s.pieces.get(pid)
        if p is None or places.side(p) != s.side:  # only the phasing player's units move in his phases
            raise Refused(f"{pid!r} is not a piece of the phasing side",
                          rule="AE 1.16" if cmd.mode == "strategic" else "AE 1.15")
        if p.kind in ("garrison",) or places.is_fleet(p) or p.kind in ("cba", "submarine"):
            raise Refused(f"{pid}: a {p.kind} does not move by land", rule="AE 5.11")
        _operating_limits(s, p, cmd.to)
        pieces.append(p)
    books: list[Booking] = []
    if cmd.mode == "invasion":
        return invasion.invade(s, pieces, cmd.to)
    if cmd.mode == "strategic":
        books = _strategic(s, pieces, cmd)
    elif cmd.mode == "landing":
        for p in pieces:
            _landing(s, p, cmd.to)
    else:
        for p in pieces:
            _operational(s, p, cmd.to)
    out: list[Event] = [ev.PiecesMoved(pieces=tuple(cmd.pieces), to=cmd.to, mode=cmd.mode, books=tuple(books),
                                       crossings=crossings(s, pieces, cmd.to, cmd.mode),
                                       newly_contested=places.newly_contested(s, cmd.to, pieces))]
    out += control_after_move(s, cmd.to, pieces)
    out += lone_air_lost(s, cmd.to, pieces)
    return out


def crossings(s: AEState, movers: list, to: str, mode: str) -> tuple[ev.Crossing, ...]:
    """AE 6.73: the border each land unit crosses by Operational Movement into ``to``, as the board gives it now
    ("" where the board has no border between the zones: a move the table overrode)."""
    if mode != "operational":
        return ()
    return tuple(ev.Crossing(piece=p.id, origin=p.at, border=places.border_kind(s.board, p.at, to) or "")
                 for p in movers if places.is_land(p) and p.at in s.board.zones and p.at != to)


def lone_air_lost(s: AEState, zone: str, movers: list) -> list[Event]:
    """AE 5.46: an LBA alone in a zone with an enemy land unit is eliminated at once."""
    if not any(places.is_land(p) for p in movers):
        return []
    side = places.side(movers[0])
    there = [p for p in s.pieces.values() if p.at == zone and places.side(p) != side]
    lonely = [p.id for p in there if p.kind == "lba"] if not any(places.is_land(p) for p in there) else []
    if not lonely:
        return []
    return [ev.LossesApplied(zone=zone, losses={pid: s.pieces[pid].steps for pid in lonely}, eliminated=tuple(lonely),
                             cause="an LBA alone with enemy land units (AE 5.46)")]


def _operating_limits(s: AEState, p, to: str) -> None:
    z = s.board.zones[to]
    c = z.country or ""
    if p.nation == "usa" and c in ("india", "burma", "china") and to != "formosa":
        raise Refused("US units do not operate in India, Burma or China (Formosa excepted)", rule="AE 9.23")
    if p.nation == "commonwealth" and c in CHINA_AREA and c == "china":
        if to not in CW_IN_CHINA:
            raise Refused("Commonwealth units operate in China only in Hainan, Formosa, Hong Kong and Shanghai",
                          rule="AE 9.32")
        if any(q.nation == "china" and q.at == to for q in s.pieces.values()):
            raise Refused("Commonwealth units do not enter zones with Chinese units", rule="AE 9.32")
    if p.nation == "china":
        if c not in CHINA_AREA:
            raise Refused("Chinese units operate only in China, Manchukuo and Korea", rule="AE 9.44")
        if any(q.nation == "commonwealth" and q.at == to for q in s.pieces.values()):
            raise Refused("Chinese units do not enter zones with Commonwealth units", rule="AE 9.44")
        if p.force == "communist" and z.terrain != "rough" and not any(
                s.board.zones[n].terrain == "rough" for n in places.neighbours(s.board, to) if n in s.board.zones):
            raise Refused("Communist units operate only in or next to rough terrain", rule="AE 9.44")
        if p.force == "nationalist" and places.land_at(s, to, "japan") and not any(
                q.force == "nationalist" and q.at == to for q in s.pieces.values())  and \
                "chinese_attack" not in s.sa_used:
            raise Refused("Nationalists enter a Japanese-occupied zone only with a US Special Action",
                          rule="AE 9.41")
    if p.nation == "dei" or (p.nation == "philippines" and c != "philippines"):
        raise Refused("DEI units stay in their zones; the Philippine unit stays in the Philippines",
                      rule="AE 3.33, 9.51, 9.55")


def _operational(s: AEState, p, to: str) -> None:
    if p.id in s.moved:
        raise Refused(f"{p.id} already moved this phase", rule="AE 5.11")
    start = p.at
    if start not in s.board.zones:
        raise Refused(f"{p.id} is at sea: it lands (mode landing) or invades", rule="AE 5.31")
    unsupplied = s.supply.get(p.id) == NONE
    if p.kind == "lba":
        reach = _lba_reach(s, start, 1 if unsupplied else 2)
        if to not in reach and not (not unsupplied and _across_one_sea(s, start, to)):
            raise Refused(f"{p.id} flies up to {1 if unsupplied else 2} land zones (stopping at enemy units or "
                          "jungle) or across one sea zone", rule="AE 5.12, 5.13, 5.15, 3.6")
    else:
        kind = places.border_kind(s.board, start, to)
        if kind is None:
            raise Refused(f"{s.board.zones[to].name} is not next to {s.board.zones[start].name} on the board "
                          "(enter the border if the map shows one)", rule="AE 5.11")
        if kind == "impassable":
            raise Refused("land units do not cross an impassable border", rule="AE 5.18")
    if places.contested(s, start):
        if not places.friendly_uncontested(s, to, s.side):
            raise Refused("leaving a contested zone, the first zone entered is friendly and uncontested",
                          rule="AE 5.14a")
        if places.is_land(p):
            left = sum(q.steps for q in places.land_at(s, start, s.side) if q.id != p.id)
            enemies = len(places.land_at(s, start, places.enemy(s.side)))
            if left < enemies:
                raise Refused(f"a rear guard of at least {enemies} step(s) stays behind", rule="AE 5.14b")


def _lba_reach(s: AEState, start: str, limit: int) -> set[str]:
    seen, queue = {start: 0}, deque([start])
    while queue:
        z = queue.popleft()
        if seen[z] == limit or (z != start and (places.land_at(s, z, places.enemy(s.side))
                                                or s.board.zones[z].terrain == "jungle")):
            continue
        for n in places.neighbours(s.board, z):
            if n not in seen:
                seen[n] = seen[z] + 1
                queue.append(n)
    return set(seen) - {start}


def _across_one_sea(s: AEState, a: str, b: str) -> bool:
    za, zb = s.board.zones[a], s.board.zones[b]
    return bool(set(za.seas or ()) & set(zb.seas or ()))


def _landing(s: AEState, p, to: str) -> None:
    if p.at not in s.board.seas:
        raise Refused(f"{p.id} is not at sea", rule="AE 5.31")
    z = s.board.zones[to]
    if p.at not in (z.seas or ()) or p.at in z.impassable_coasts:
        raise Refused(f"{z.name} is not on {s.board.seas[p.at].name} (or only across an impassable coast)",
                      rule="AE 5.31")
    if not (places.friendly_uncontested(s, to, s.side) or places.contested(s, to)):
        raise Refused(f"{z.name} is enemy-controlled and not contested: that is an amphibious invasion",
                      rule="AE 5.31, 7.2")


def _strategic(s: AEState, pieces: list, cmd: Move) -> list[Booking]:
    nation_limits = {p.nation for p in pieces}
    for nation in nation_limits:
        limit = s.track("jp_sr") if nation == "japan" else data.nation(nation).get("sr_limit", 0)
        count = sum(1 for p in pieces if p.nation == nation) + s.sr_used.get(nation, 0)
        if count > limit:
            raise Refused(f"{data.nation_name(nation)} moves at most {limit} unit(s) a Strategic Movement Phase",
                          rule="AE 5.24, 2.13")
    for p in pieces:
        if s.supply.get(p.id) == NONE:
            raise Refused(f"{p.id} is out of supply: no strategic movement", rule="AE 3.6")
        if not places.friendly_uncontested(s, p.at, s.side) or not places.friendly_uncontested(s, cmd.to, s.side):
            raise Refused("strategic movement goes from a friendly uncontested zone to another", rule="AE 5.21")
        if not cmd.by_sea and p.kind != "lba" and not _sr_path(s, p.at, cmd.to):
            raise Refused("no chain of friendly uncontested land zones joins them (or go by sea)", rule="AE 5.22")
    if cmd.by_sea:
        japanese = sum(1 for p in pieces if p.nation == "japan" and places.is_land(p))
        if japanese:
            if japanese > s.balance("japan", "ta"):
                raise Refused(f"{japanese} transport point(s) needed", rule="AE 5.32")
            return [Booking(nation="japan", account="ta", amount=-japanese, rule="AE 5.32",
                            cause="strategic movement by sea")]
    return []


def _sr_path(s: AEState, a: str, b: str) -> bool:
    seen, queue = {a}, deque([a])
    while queue:
        z = queue.popleft()
        if z == b:
            return True
        for n in places.neighbours(s.board, z, for_land_units=False):
            zone = s.board.zones.get(n)
            partisan = zone is not None and ((zone.resource or 0) or (zone.oil or 0)) and not places.land_at(s, n)
            if n not in seen and places.friendly_uncontested(s, n, s.side) and not (partisan and n != b):
                seen.add(n)
                queue.append(n)
    return False


def convert_to_garrison(cmd: ConvertToGarrison, s: AEState, ctx: Context) -> list[Event]:
    """AE 4.43: any power with garrisons turns one step of an infantry or Marine unit into a garrison, in a
    supplied, friendly, uncontested zone, in a friendly Operational Movement or Combat Phase."""
    p = s.pieces.get(cmd.piece)
    if p is None or places.side(p) != s.side or p.kind not in ("infantry", "marine"):
        raise Refused("an infantry or Marine unit of the phasing side gives the step", rule="AE 4.43")
    if s.phase not in ("operational_movement", "land_combat"):
        raise Refused("in a friendly Operational Movement or Combat Phase", rule="AE 4.43")
    if p.nation in ("china", "philippines", "dei"):
        raise Refused(f"{data.nation_name(p.nation)} has no garrisons", rule="AE 4.43")
    if not places.friendly_uncontested(s, p.at, s.side) or not Tracer(s).zone_supplied(p.at, p.nation):
        raise Refused("the zone must be supplied, friendly and uncontested", rule="AE 4.43")
    if any(q.at == p.at and q.kind == "garrison" for q in s.pieces.values()):
        raise Refused("one garrison per zone", rule="AE 4.28")
    garrison = Piece(id=first_free(s.pieces, f"{data.STEMS[p.nation]}-garrison-"), nation=p.nation, kind="garrison",
                     steps=1, at=p.at)
    return [ev.LossesApplied(zone=p.at, losses={p.id: 1}, eliminated=(p.id,) if p.steps == 1 else (),
                             cause="a step turned into a garrison (AE 4.43)"),
            ev.FreeStepsPlaced(force="", steps=1, target=garrison.id, piece=garrison)]


def control_after_move(s: AEState, zone: str, movers: list) -> list[Event]:
    """AE 3.25: an enemy zone becomes friendly the instant only friendly land units occupy it (landings by
    invasion convert at the end of Land Combat); AE 2.5: a captured strategic air base costs a Bomber Point."""
    side = s.side
    if s.control.get(zone) == side or not any(places.is_land(p) for p in movers):
        return []
    others = [p for p in places.land_at(s, zone) if p.id not in {m.id for m in movers}]
    if any(places.side(p) != side for p in others):
        return []
    if zone in places.HOME_ISLANDS and s.track(f"hdf_{zone}") > 0:
        return []
    out: list[Event] = [ev.ControlChanged(zone=zone, side=side, cause="occupied")]
    return out + (air_base_lost(s, zone) if side == "japan" else [])


def air_base_lost(s: AEState, zone: str) -> list[Event]:
    """AE 2.5: an Allied strategic air base captured by Japan costs the USA a Bomber Point, if any remain."""
    z = s.board.zones[zone]
    if not z.air_base or s.control.get(zone) != "allies" or s.balance("usa", "bomber_points") <= 0:
        return []
    return [ev.AirBaseLost(zone=zone, books=(Booking(nation="usa", account="bomber_points", amount=-1,
                                                     rule="AE 2.5", cause=f"{z.name} captured"),))]
