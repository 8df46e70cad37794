"""Income at the opening of a nation's production (AE 4.1-4.14, 9.22, 9.31, 9.44, 9.55): each zone counted or
not, with why; every line is a booking of the ``ae.income_assessed`` event."""

from __future__ import annotations

from assistant.families.engulfed.ledger import Booking
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.rules.supply import CHINESE_RESOURCE_COUNTRIES, Tracer
from assistant.games.asia_engulfed.state import AEState


def assess(s: AEState, nation: str) -> ev.IncomeAssessed:
    fn = {"japan": _japan, "usa": _usa, "commonwealth": _commonwealth, "china": _china,
          "philippines": _philippines}[nation]
    zones, books = fn(s)
    return ev.IncomeAssessed(nation=nation, zones=tuple(zones), books=tuple(books))


def _line(nation: str, amount: int, rule: str, cause: str, place: str = "", account: str = "werp") -> Booking:
    return Booking(nation=nation, account=account, amount=amount, rule=rule, cause=cause, place=place)


def _japan(s: AEState):
    base = data.nation("japan")
    books = [_line("japan", base["base_werp"], "AE 4.14", "Honshu"),
             _line("japan", base["base_oil"], "AE 4.14", "Honshu", account="oil")]
    tracer = Tracer(s, for_production=True)
    zones = []
    occupied = {p.at for p in s.pieces.values() if p.nation == "japan" and places.is_land(p)}
    for zid in sorted(s.board.zones):
        z = s.board.zones[zid]
        werp, oil = z.resource or 0, z.oil or 0
        if not (werp or oil) or places.in_japan(s.board, zid):
            continue
        if s.control.get(zid) != "japan":
            continue
        reason = ""
        if zid not in occupied:
            reason = "not occupied by a Japanese land or garrison unit (AE 4.8)"
        elif not tracer.zone_supplied(zid, "japan"):
            reason = "no supply route through the Supply Network with working ports (AE 4.11, 4.12, 8.71)"
        zones.append(ev.ZoneIncome(zone=zid, werp=werp, oil=oil, counted=not reason, reason=reason))
        if not reason:
            if werp:
                books.append(_line("japan", werp, "AE 4.11", z.name, zid))
            if oil:
                books.append(_line("japan", oil, "AE 4.11", z.name, zid, account="oil"))
    stock = s.balance("japan", "oil")
    gained = sum(b.amount for b in books if b.account == "oil")
    cap = data.load("nations")["tracks"]["oil_max"]
    if stock + gained > cap:  # seed 004 l.199: at most 40 Oil Points
        books.append(_line("japan", cap - stock - gained, "AE 1.0 (track)", f"oil above {cap} is lost",
                           account="oil"))
    return zones, books


def us_level(s: AEState) -> int:
    """AE 9.22: 5 in Nov/Dec 1941, 20 from Jan/Feb 1942, +5 per escalation once it takes effect."""
    cal = data.calendar()
    turn = cal.turn(max(s.turn, 1))
    if turn.year == 1941:
        return data.load("calendar")["us_werp"]["1941-11"]
    level = data.load("calendar")["us_werp"]["1942-01"]
    esc = data.nation("usa")["escalation"]
    for i, earned in enumerate(sorted(s.escalations)[:2]):
        if s.turn >= effective_turn(earned, i):
            level = esc["first"] if i == 0 else esc["second"]
    return level


def effective_turn(earned: int, index: int) -> int:
    """Jan/Feb of 1943 (first) or 1944 (second) at the earliest, else the turn after it was earned (ruling)."""
    cal = data.calendar()
    return max(earned + 1, cal.index(f"{1943 + index}-01"))


def _usa(s: AEState):
    level = us_level(s)
    return [], [_line("usa", level, "AE 9.22", "the U.S. national zone", "usa")]


def _commonwealth(s: AEState):
    tracer = Tracer(s, for_production=True)
    zones, books = [], []
    for zid in sorted(s.board.zones):
        z = s.board.zones[zid]
        if z.colour != "commonwealth" or not z.resource:
            continue
        reason = ""
        if s.control.get(zid) != "allies":
            reason = "not Allied-controlled (AE 4.12)"
        elif zid == "hong_kong" and any(p.at == zid and places.is_land(p) and p.nationality != "british"
                                        for p in s.pieces.values()):
            reason = "occupied by units other than British land or garrison units (AE 9.44)"
        elif not tracer.zone_supplied(zid, "commonwealth"):
            reason = "no route to a Commonwealth supply source (AE 4.12)"
        zones.append(ev.ZoneIncome(zone=zid, werp=z.resource, counted=not reason, reason=reason))
        if not reason:
            books.append(_line("commonwealth", z.resource, "AE 4.11", z.name, zid))
    invaded = [p.at for p in s.pieces.values() if p.nation == "japan" and (places.is_land(p) or places.is_air(p))
               and places.country(s.board, places.fleet_zone(s, p)) in ("india", "australia")]
    drain = data.nation("commonwealth")["europe_drain"]
    if invaded:
        zones.append(ev.ZoneIncome(zone=invaded[0], counted=True,
                                   reason=f"Japan has a unit in {s.board.zones[invaded[0]].name}: "
                                          "the 3 WERP for Europe stay in Asia (AE 9.31)"))
    else:
        books.append(_line("commonwealth", -drain, "AE 9.31", "the war in Europe"))
    return zones, books


def _china(s: AEState):
    tracer = Tracer(s, for_production=True)
    zones, books = [], []
    held = {p.at for p in s.pieces.values() if p.nation == "china" and p.force == "nationalist" and places.is_land(p)}
    for zid in sorted(s.board.zones):
        z = s.board.zones[zid]
        if z.country not in CHINESE_RESOURCE_COUNTRIES or not z.resource or zid == "hong_kong":
            continue
        reason = ""
        if s.control.get(zid) != "allies":
            reason = "not Chinese-controlled (AE 4.11)"
        elif zid not in held:
            reason = "not occupied by Nationalist units (AE 4.11, 4.8)"
        elif not tracer.zone_supplied(zid, "china", "nationalist"):
            reason = "no route to a Nationalist supply source (AE 4.12)"
        zones.append(ev.ZoneIncome(zone=zid, werp=z.resource, counted=not reason, reason=reason))
        if not reason:
            books.append(_line("china", z.resource, "AE 4.11", z.name, zid))
    return zones, books


def _philippines(s: AEState):
    if "philippines" in s.conquered or s.control.get("luzon") != "allies":
        return [ev.ZoneIncome(zone="luzon", werp=1, counted=False,
                              reason="Luzon is not friendly or the Philippines are conquered (AE 9.55)")], []
    return [], [_line("philippines", data.nation("philippines")["base_werp"], "AE 4.14", "Luzon", "luzon")]
