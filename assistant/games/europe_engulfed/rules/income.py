"""A nation's WERP income at the opening of its production phase (EE 4.1-4.14, 9.14, 9.15, 9.24, 9.42, 9.63).

Each line says its rule and its cause so the ledger shows where every WERP came from (digest §6.2 lines 1-4).
Whether a resource area "can trace supply for the producing nation" is asked of the supply rules on the state
at the moment the phase opens; areas the board does not (yet) mark as resource areas earn nothing.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil, floor

from assistant.games.europe_engulfed import calendar, data
from assistant.games.europe_engulfed.powers import AXIS_MINORS, conquered, contested, land_units, side_of
from assistant.games.europe_engulfed.readings import read
from assistant.games.europe_engulfed.rules.supplied import (
    supplied_resource_areas,
    undetermined_resource_areas,
    unsupplied_reasons,
)
from assistant.games.europe_engulfed.state import EEState
from assistant.games.europe_engulfed.events import LedgerLine


def has_production_phase(s: EEState, nation: str, turn: int) -> bool:
    if conquered(s, nation):
        return False
    if nation == "usa":
        return s.politics.usa_at_war >= 0  # EE 9.32
    if nation == "ussr" and s.politics.ussr_at_war < 0:
        return turn >= calendar.switch_turn("soviet_peacetime_9")  # EE 9.24a: none before Jan/Feb 1940
    return True


def base_production(s: EEState, nation: str, turn: int) -> tuple[int, str, str]:
    """(WERP, rule, cause) of the nation's base this turn, before lost areas."""
    n = data.nation(nation)
    base = s.options.scenario.base_production.get(nation, n.base)
    p = s.politics
    if nation == "ussr" and p.ussr_at_war < 0:
        amount = max((w for start, w in n.peacetime if turn >= calendar.index(start)), default=0)
        rule = "EE 9.24b" if turn >= calendar.switch_turn("soviet_peacetime_17") else "EE 9.24a"
        return amount, rule, "Soviet peacetime production"
    if nation == "italy":
        if p.morale_collapsed >= 0:
            return n.neutral_base, "EE 4.14", "Italian base after morale collapse (4.14 note **, 9.45)"
        if p.italy_at_war < 0 or p.italy_at_war >= turn:
            return n.neutral_base, "EE 9.42", "neutral Italy (10 from the production phase after entering the war)"
    if nation == "ussr":
        return base, "EE 9.24c", "Soviet base at war with Germany"
    return base, "EE 4.14", f"{n.title} base production"


def _home_value(s: EEState, nation: str, area_id: str, base: int) -> Fraction:
    n = data.nation(nation)
    if area_id in n.area_values:
        return Fraction(n.area_values[area_id])
    table_base = n.base
    return Fraction(n.per_area * base, table_base) if table_base else Fraction(0)


def _occupied_by(s: EEState, area: str, nations: tuple[str, ...] | None, side: str) -> bool:
    for u in land_units(s, area):
        if nations is None and side_of(s, u.nation) == side:
            return True
        if nations is not None and u.nation in nations:
            return True
    return False


def income_lines(s: EEState, nation: str, turn: int) -> list[LedgerLine]:
    side = data.side_of(nation)
    supplied = supplied_resource_areas(s, nation)
    unsupplied = {} if nation == "usa" else unsupplied_reasons(s, nation)
    base, rule, cause = base_production(s, nation, turn)
    lines = [LedgerLine(kind="base", amount=base, rule=rule, cause=cause)]
    peacetime_flat = nation == "ussr" and s.politics.ussr_at_war < 0
    lost = Fraction(0)
    for area_id, area in s.board.areas.items():
        if area.nation != nation or not area.home or not area.resource or peacetime_flat:
            continue
        reading = read(s, nation, area_id)
        if s.control.get(area_id) != side:
            why = f"not {side}-controlled"
        elif reading is not None:
            if reading:
                continue
            why = "cannot trace supply, as the players read their map"
        elif area_id not in supplied:
            why = f"cannot trace supply: {unsupplied.get(area_id, '')}"
        else:
            continue
        value = _home_value(s, nation, area_id, base)
        lost += value
        lines.append(LedgerLine(kind="home_area_lost", amount=-floor(value), rule="EE 4.12",
                                cause=f"{area.name} {why} (-{value})", area=area_id))
    booked = sum(floor(v) for v in _lost_values(s, nation, base, lines))
    if ceil(lost) > booked:  # fractional per-area values (Italy at 5): the modified base is rounded down once
        lines.append(LedgerLine(kind="home_area_lost", amount=booked - ceil(lost), rule="EE 4.12",
                                cause="fractions of lost areas, modified base rounded down"))
    lines += conquered_lines(s, nation, side, supplied)
    lines += minor_lines(s, nation, side, turn, supplied)
    return lines


def _lost_values(s: EEState, nation: str, base: int, lines: list[LedgerLine]) -> list[Fraction]:
    return [_home_value(s, nation, line.area, base) for line in lines if line.kind == "home_area_lost"]


def conquered_lines(s: EEState, nation: str, side: str, supplied: dict[str, str]) -> list[LedgerLine]:
    """EE 4.11, 4.13, 4.7, 10.31c, 9.527: conquered resource areas, occupied and supplied."""
    if nation in ("usa", "france", "italy"):
        return []  # 4.11: the U.S.A. and France never; Italy is not granted any (ruling)
    vals = data.tables().conquered_area_value
    out = []
    for area_id, area in s.board.areas.items():
        if not area.resource or s.control.get(area_id) != side or area.nation == nation:
            continue
        if nation == "britain" and area_id != "alexandria":
            continue  # 4.11: Alexandria only
        owner = area.nation or ""
        if owner in data.MAJORS and data.side_of(owner) == side and not conquered(s, owner):
            continue  # a friendly major's own area is not a conquest
        if owner in AXIS_MINORS and not conquered(s, owner):
            continue  # Axis minors' areas pay through 9.15 (Ploesti) while the minor stands
        if owner in s.politics.minors and not conquered(s, owner):
            continue  # a minor at war pays its patron under 9.63
        if owner == "france" and area_id == "marseille" and s.politics.vichy >= 0 and "marseille" not in s.control:
            continue  # 9.522: Vichy never gives Marseille's WERP
        occupiers = {"germany": None, "ussr": ("ussr",), "britain": ("britain",)}[nation]
        if not _occupied_by(s, area_id, occupiers, side):
            continue  # 4.7 partisans: an unoccupied conquered area produces nothing
        if area_id not in supplied:
            continue
        if owner == "ussr" and nation == "germany":
            value = vals["soviet_major"].get(area_id, vals["soviet"])  # 4.13
            rule = "EE 4.13"
        else:
            value, rule = vals["normal"], "EE 4.11"
        if owner == "italy":
            rule = "EE 10.31c"
        out.append(LedgerLine(kind="conquered_area", amount=value, rule=rule,
                              cause=f"{area.name} held and occupied", area=area_id))
    return out


def minor_lines(s: EEState, nation: str, side: str, turn: int, supplied: dict[str, str]) -> list[LedgerLine]:
    """EE 9.63 minors at war pay Germany or Britain; 9.15 Ploesti; 9.14 Swedish ore."""
    out = []
    p = s.politics
    patron = {"Axis": "germany", "Allied": "britain"}[side]
    if nation == patron:
        for area_id, area in s.board.areas.items():
            owner = area.nation or ""
            if not area.resource or p.minors.get(owner) != side or conquered(s, owner):
                continue
            if s.control.get(area_id) == side and area_id in supplied:
                out.append(LedgerLine(kind="minor_income", amount=2, rule="EE 9.63",
                                      cause=f"{area.name} ({owner}, at war on our side)", area=area_id))
    if nation == "germany":
        ploesti = s.board.areas.get("ploesti")
        joined = p.axis_minors_joined
        if ploesti and joined >= 0 and joined < turn and not conquered(s, "romania"):
            if s.control.get("ploesti") == "Axis" and "ploesti" in supplied:
                out.append(LedgerLine(kind="minor_income", amount=2, rule="EE 9.15", cause="Ploesti oil", area="ploesti"))
        if swedish_ore(s):
            out.append(LedgerLine(kind="minor_income", amount=2, rule="EE 9.14", cause="Swedish ore"))
    return out


def swedish_ore(s: EEState) -> bool:
    """EE 9.14: Sweden neutral, Norway neutral or Oslo Axis and uncontested, a German fleet point in the Baltic."""
    neutral = lambda power: not any(power in key.split("|") for key in s.politics.wars)  # noqa: E731
    if not neutral("sweden"):
        return False
    norway_ok = neutral("norway") or (s.control.get("oslo") == "Axis" and not contested(s, "oslo"))
    return norway_ok and s.fleets.get("baltic", {}).get("germany", 0) >= 1


def unknown_income(s: EEState, nation: str) -> dict[str, tuple]:
    """Home resource areas whose WERP depends on facts the board lacks and the players have not read (EE 4.12):
    area -> the facts. Production cannot open on a guess either way."""
    if nation == "usa" or (nation == "ussr" and s.politics.ussr_at_war < 0):
        return {}  # no home resource area of the U.S.A.; Soviet peacetime production is flat (EE 9.24)
    out = {}
    for area_id, gaps in undetermined_resource_areas(s, nation).items():
        area = s.board.areas[area_id]
        if area.home and area.nation == nation and read(s, nation, area_id) is None:
            out[area_id] = gaps
    return out
