"""Conquest and victory (AE 10.1-10.3): conquests at the end of an Allied player turn (or any phase), the
Japanese Decisive checks, and the levels at the end of Jul/Aug 1945, computed live from the table."""

from __future__ import annotations

from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.rules.influence import all_influence, japan_counts
from assistant.games.asia_engulfed.rules.supply import CHINESE_RESOURCE_COUNTRIES, Tracer
from assistant.games.asia_engulfed.state import AEState


def tally(s: AEState) -> dict:
    """VP land zones Japan controls and supplies, VP sea zones with Japanese influence, and what is unknown."""
    tracer = Tracer(s)
    land = [z for z, zone in sorted(s.board.zones.items())
            if zone.vp and s.control.get(z) == "japan" and tracer.zone_supplied(z, "japan")]
    influence = all_influence(s)
    seas = [sea for sea, zone in sorted(s.board.seas.items()) if zone.vp and japan_counts(influence.get(sea, ""))]
    missing = [f"{z}: whether it is a VP zone (AE 10.3)" for z, zone in s.board.zones.items() if zone.vp is None]
    missing += [f"{z}: whether it is a VP sea zone (AE 10.3)" for z, zone in s.board.seas.items() if zone.vp is None]
    bases = [z for z, zone in s.board.zones.items() if zone.air_base and s.control.get(z) == "allies"]
    return {"land": land, "seas": seas, "missing": missing, "allied_air_bases": bases}


def level(s: AEState, final: bool) -> tuple[str, str]:
    """(result, rule): "" while the game goes on. Decision: test (c) counts VP land zones only (docs/rulings.md)."""
    if s.control.get("honshu") == "allies":
        return "allied_decisive", "AE 10.11"
    t = tally(s)
    v = data.table("victory")
    total = len(t["land"]) + len(t["seas"])
    if s.control.get("hawaii") == "japan":
        return "japanese_decisive", "AE 10.3a"
    if total >= v["decisive_vp"]:
        return "japanese_decisive", "AE 10.3b"
    if not final:
        return "", ""
    if len(t["land"]) >= v["operational_vp"] and not t["allied_air_bases"]:
        return "japanese_decisive", "AE 10.3c"
    if total >= v["operational_vp"]:
        return "japanese_operational", "AE 10.3"
    if total >= v["marginal_vp"]:
        return "japanese_marginal", "AE 10.3"
    if total == v["allied_marginal_vp"]:
        return "allied_marginal", "AE 10.3"
    return "allied_operational", "AE 10.3"


def determine(s: AEState, final: bool) -> ev.VictoryDetermined:
    result, rule = level(s, final)
    t = tally(s)
    return ev.VictoryDetermined(when="final" if final else "end of the Allied player turn", vp_zones=tuple(t["land"]),
                                vp_seas=tuple(t["seas"]), result=result, rule=rule, missing=tuple(t["missing"]))


def _zones(s: AEState, test) -> list[str]:
    return [z for z, zone in s.board.zones.items() if test(zone)]


def _conquest(s: AEState, nation: str, removed_test, rule: str, country: str = "") -> ev.NationConquered:
    """AE 10.2: the conquered power's zones held only by the invader, or empty, become the conqueror's; zones
    still holding forces opposed to the invader stay with their side."""
    removed = tuple(sorted(p.id for p in s.pieces.values() if removed_test(p)))
    control = {}
    for z, zone in s.board.zones.items():
        if country and zone.country == country and s.control.get(z) != "japan":
            if not any(p.at == z and places.side(p) == "allies" and p.id not in removed and places.is_land(p)
                       for p in s.pieces.values()):
                control[z] = "japan"
    return ev.NationConquered(nation=nation, rule=rule, removed=removed, control=control)


def conquests(s: AEState, end_of_allied_turn: bool) -> list[ev.NationConquered]:
    out: list[ev.NationConquered] = []
    held = lambda z: s.control.get(z) == "japan"  # noqa: E731
    res = lambda country: _zones(s, lambda z: z.country == country and ((z.resource or 0) > 0))  # noqa: E731
    if "dei" not in s.conquered:
        dei = _zones(s, lambda z: z.country == "dei" and ((z.resource or 0) > 0 or (z.oil or 0) > 0))
        if dei and all(held(z) for z in dei):  # AE 9.54 / 10.15 (decision: resource or oil zones, any phase)
            out.append(_conquest(s, "dei", lambda p: p.nation == "dei" and places.is_land(p), "AE 9.54, 10.15",
                                 "dei"))
    if "philippines" not in s.conquered:
        ph = _zones(s, lambda z: z.country == "philippines")
        if len(ph) == 4 and all(held(z) for z in ph):  # AE 9.56: all four zones
            out.append(_conquest(s, "philippines", lambda p: p.nation == "philippines", "AE 9.56", "philippines"))
    if not end_of_allied_turn:
        return out
    for country, nationality, rule in (("india", "indian", "AE 10.12"), ("australia", "australian", "AE 10.13")):
        zones = res(country)
        if country not in s.conquered and zones and all(held(z) for z in zones):
            out.append(_conquest(s, country, lambda p, n=nationality: p.nationality == n, rule, country))
    chinese = _zones(s, lambda z: z.country in CHINESE_RESOURCE_COUNTRIES and (z.resource or 0) > 0)
    if "nationalist_china" not in s.conquered and chinese and not any(
            s.control.get(z) == "allies" for z in chinese if z != "hong_kong"):
        out.append(_conquest(s, "nationalist_china", lambda p: p.nation == "china" and p.force == "nationalist",
                             "AE 10.14a"))
    if "communist_china" not in s.conquered and s.set_up and not any(
            p.nation == "china" and p.force == "communist" for p in s.pieces.values()):
        if any(p.nation == "china" for p in s.scenario.pieces if p.force == "communist"):
            out.append(ev.NationConquered(nation="communist_china", rule="AE 10.14b"))
    return out


def supplied_vp(s: AEState) -> int:
    t = tally(s)
    return len(t["land"]) + len(t["seas"])


