"""Politics, conquest and victory (EE 9.0, 10.0): declarations of war, automatic entries, Vichy, conquest
checks at the end of player turns, and the victory levels."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.europe_engulfed import calendar, data, wording
from assistant.games.europe_engulfed.commands import DeclareWar, EstablishVichy
from assistant.games.europe_engulfed.powers import (
    AXIS_MINORS,
    conquered,
    enemy,
    friendly_uncontested,
    land_units,
    side_of,
)
from assistant.games.europe_engulfed.rules import operating
from assistant.games.europe_engulfed.rules.flow import Flow
from assistant.games.europe_engulfed.state import EEState
import assistant.games.europe_engulfed.events as ev
from events.base import Event

WESTERN_TARGETS = ("norway", "denmark", "vichy", "portugal")  # EE 9.31


def belligerents(s: EEState, side: str) -> list[str]:
    """Major powers of a side currently at war with at least one enemy major."""
    out = []
    for n in data.MAJORS:
        if data.side_of(n) == side and not conquered(s, n):
            if any(s.politics.at_war(n, m) for m in data.MAJORS if data.side_of(m) != side):
                out.append(n)
    return out


def cascade(f: Flow, forced_by: str) -> None:
    """Italy and the Axis minors are at war with Germany's enemies and vice versa (EE 9.15, 9.42)."""
    s = f.s
    axis_partners = [p for p in ("italy",) if s.politics.italy_at_war >= 0 and not conquered(s, p)]
    if s.politics.axis_minors_joined >= 0:
        axis_partners += [m for m in AXIS_MINORS if not conquered(s, m)]
    for enemy_major in (m for m in data.MAJORS if data.side_of(m) == "Allied" and not conquered(s, m)):
        if not f.s.politics.at_war("germany", enemy_major):
            continue
        for partner in axis_partners:
            if not f.s.politics.at_war(partner, enemy_major):
                rule = "EE 9.15" if partner in AXIS_MINORS else forced_by
                f.add(ev.WarDeclared(aggressor=partner, target=enemy_major, forced_by=rule))


def declare_war(cmd: DeclareWar, s: EEState, ctx: Context) -> list[Event]:
    a, t = cmd.aggressor, cmd.target
    if s.phase != "operational_move":
        raise Refused("war is declared only in the initial operational movement phase", rule="EE 1.23")
    known = known_powers(s)
    for power in (a, t):
        if power not in known:  # a typing slip, not a rule: say what the players can type
            raise Refused(f"there is no power {power!r}; known: {', '.join(known)}")
    if conquered(s, a):  # its forces are out of the game (10.1), Vichy France excepted, which never declares war
        became = "became Vichy France" if a == "france" and s.politics.vichy >= 0 else "has been conquered"
        raise Refused(f"{wording.nation(a)} {became} and declares no more wars",
                      rule="EE 10.12" if became.startswith("became") else "EE 10.1")
    if side_of(s, a) != s.side or a not in data.MAJORS:
        raise Refused(f"{wording.nation(a)} is not a major power of the phasing side", rule="EE 1.23")
    if s.politics.at_war(a, t):  # war is declared on a neutral power (9.11, 9.23, 9.31)
        raise Refused(f"{wording.nation(a)} and {wording.nation(t)} are already at war", rule="EE 9.0")
    turn = s.turn
    p = s.politics
    if t == "vichy" and p.vichy < 0:
        if conquered(s, "france"):  # 9.521: the armistice not taken, France is conquered and no Vichy ever comes
            raise Refused("France was conquered without an armistice: there is no Vichy France", rule="EE 9.521")
        raise Refused("there is no Vichy France yet: Germany establishes it when it holds Paris", rule="EE 9.521")
    if a == "germany":
        if t == "switzerland" and not conquered(s, "france"):
            raise Refused("not on Switzerland before France is conquered or Vichy", rule="EE 9.11a")
        if t == "vichy":
            raise Refused("Germany never declares war on Vichy France; it may occupy it", rule="EE 9.11a")
        if t not in data.MAJORS and t != "poland" and not calendar.switched("phoney_war_ends", turn):
            raise Refused("Phoney War: no declaration on a minor other than Poland before Mar/Apr 1940", rule="EE 9.11b")
        if t == "netherlands" or t == "belgium":
            pass  # 9.11c: one entity; the pair is declared together below
    elif a == "ussr":
        if side_of(s, t) != "Axis" and t not in AXIS_MINORS and t not in ("germany", "italy"):
            raise Refused("the USSR declares war only on Axis powers", rule="EE 9.23")
        if not calendar.switched("soviet_voluntary_dow", turn):
            raise Refused("no Soviet declaration of war before Jan/Feb 1942", rule="EE 9.23")
    elif a in ("britain", "usa"):
        if t not in WESTERN_TARGETS and t != "germany":
            raise Refused("Britain and the U.S.A. declare war only on Norway, Denmark, Vichy France and Portugal",
                          rule="EE 9.31")
        if t == "vichy" and not calendar.switched("vichy_dow", turn):
            raise Refused("no war on Vichy before Jul/Aug 1942", rule="EE 9.31")
        if t == "portugal" and not any("spain" in k.split("|") for k in p.wars):
            raise Refused("war on Portugal only once the Axis has declared war on Spain", rule="EE 9.31")
        if t in ("norway", "denmark") and a == "usa":
            raise Refused("only Britain may declare war on Norway or Denmark at any time", rule="EE 9.31")
    elif a == "france":
        if t != "germany":
            raise Refused("France declares war only on Germany", rule="EE 9.51c")
    elif a == "italy":
        if p.italy_at_war < 0 and not italy_may_enter(s):
            raise Refused("Italy may not declare war before the turn after the fall of Paris or Vichy", rule="EE 9.42")
    f = Flow(s)
    if t == "vichy":
        vichy_areas = [a for a in sorted(s.board.areas) if operating.vichy_territory(s, a)]
        f.add(ev.WarDeclared(aggressor=a, target=t))
        for area in vichy_areas:  # 9.525: every Vichy area becomes Axis-controlled at once
            f.add(ev.ControlChanged(area=area, side="Axis", cause="the Western Allies declare war on Vichy (EE 9.525)"))
        return f.events
    targets = ("belgium", "netherlands") if t in ("belgium", "netherlands") else (t,)
    for target in targets:
        f.add(ev.WarDeclared(aggressor=a, target=target))
        if target not in data.MAJORS and target != "vichy":
            minor_territory(f, target, enemy(data.side_of(a)), f"war declared on {wording.nation(target)} (EE 9.63)")
    cascade(f, "EE 9.42")
    return f.events


def known_powers(s: EEState) -> tuple[str, ...]:
    """The powers a declaration may name: the majors, then every minor the rules or the board name."""
    board_minors = {area.nation for area in s.board.areas.values() if area.nation}
    return (*data.MAJORS, *sorted((set(wording.MINORS) | board_minors) - set(data.MAJORS)))


def minor_territory(f: Flow, minor: str, side: str, cause: str) -> None:
    """EE 9.63 / 9.15: a minor power's areas become friendly to the side it fights for."""
    for area_id, area in sorted(f.s.board.areas.items()):
        if area.nation == minor and f.s.control.get(area_id) != side:
            f.add(ev.ControlChanged(area=area_id, side=side, cause=cause))


def italy_may_enter(s: EEState) -> bool:
    p = s.politics
    return (0 <= p.paris_taken < s.turn) or (0 <= p.vichy < s.turn)


def axis_operational_move_opens(f: Flow) -> None:
    """Automatic declarations at the start of the Axis initial operational movement (EE 9.32, 9.42, 9.15)."""
    s = f.s
    if s.turn >= calendar.switch_turn("us_enters_war") and s.politics.usa_at_war < 0:
        f.add(ev.WarDeclared(aggressor="usa", target="germany", forced_by="EE 9.32"))
        if s.politics.italy_at_war >= 0:
            f.add(ev.WarDeclared(aggressor="usa", target="italy", forced_by="EE 9.32"))
    if italy_may_enter(f.s):
        if f.s.politics.italy_at_war < 0 and not conquered(f.s, "italy"):
            for target in belligerents(f.s, "Allied"):
                f.add(ev.WarDeclared(aggressor="italy", target=target, forced_by="EE 9.42"))
        if f.s.politics.axis_minors_joined < 0:
            for minor in AXIS_MINORS:
                for target in belligerents(f.s, "Allied"):
                    f.add(ev.WarDeclared(aggressor=minor, target=target, forced_by="EE 9.15"))
                minor_territory(f, minor, "Axis", "the Axis minors join the war (EE 9.15)")
    cascade(f, "EE 9.42")


def soviet_war_forced(s: EEState) -> str:
    """EE 9.23 a-c: the rule that forces the Soviet declaration in the Allied initial operational move, or ""."""
    if s.politics.at_war("germany", "ussr") or conquered(s, "ussr"):
        return ""
    threshold = 10 if calendar.switched("soviet_dow_threshold_10", s.turn) else 5
    in_poland = sum(1 for u in s.units.values()
                    if u.nation == "germany" and u.kind != "gsu"
                    and (u.area == "east_prussia" or _country(s, u.area) == "poland"))
    if calendar.switched("soviet_dow_check", s.turn) and in_poland < threshold and _country_known(s, "poland"):
        return "EE 9.23a"
    isles = [a for a, area in s.board.areas.items() if "british_isles" in area.regions]
    if any(s.control.get(a) == "Axis" for a in isles) and any(
        u.nation == "germany" and u.kind not in ("airborne", "gsu") and u.area in isles for u in s.units.values()
    ):
        return "EE 9.23b"
    if s.politics.at_war("germany", "turkey") or conquered(s, "turkey"):
        return "EE 9.23c"
    return ""


def _country(s: EEState, area: str) -> str:
    a = s.board.areas.get(area)
    return (a.nation or "") if a else ""


def _country_known(s: EEState, country: str) -> bool:
    return any(a.nation == country for a in s.board.areas.values())


def allied_operational_move_opens(f: Flow) -> None:
    rule = soviet_war_forced(f.s)
    if rule:
        f.add(ev.WarDeclared(aggressor="ussr", target="germany", forced_by=rule))
        cascade(f, rule)


def establish_vichy(cmd: EstablishVichy, s: EEState, ctx: Context) -> list[Event]:
    """EE 9.521-9.522. The assistant checks Paris is German; tracing Paris to Germany or the five areas around
    Paris is the board's business and is the players' call until the map is complete."""
    if s.side != "Axis" and s.side != "Allied":
        raise Refused("Vichy is set up at the end of a phase of a player turn", rule="EE 9.521")
    if s.politics.vichy >= 0 or conquered(s, "france"):
        raise Refused("France is already out of the war", rule="EE 9.521")
    if s.control.get("paris") != "Axis":
        raise Refused("Germany must control Paris", rule="EE 9.521")
    if len(cmd.placements) != 3:
        raise Refused("one 2-step Vichy unit in each of the three Vichy regions", rule="EE 9.522")
    vichy_areas = {a for a, area in s.board.areas.items() if set(area.regions) & set(operating.VICHY_REGIONS)}
    for area in cmd.placements:
        if area not in vichy_areas:
            raise Refused(f"{area} is not Vichy territory", rule="EE 9.522")
    axis_inside = sorted(u.id for u in s.units.values() if u.area in vichy_areas and side_of(s, u.nation) == "Axis")
    missing = [uid for uid in axis_inside if uid not in cmd.relocate]
    if missing:
        raise Refused(f"say where {', '.join(missing)} go: the nearest Axis-controlled area (relocate)", rule="EE 9.523")
    for uid, dest in cmd.relocate.items():
        if uid not in axis_inside:
            raise Refused(f"{uid} is not an Axis unit in Vichy territory", rule="EE 9.523")
        nearest = _nearest_axis_areas(s, s.units[uid].area, vichy_areas)
        if dest not in nearest:
            raise Refused(f"{uid} goes to the nearest Axis-controlled area: {', '.join(nearest) or 'none found'}",
                          rule="EE 9.523")
    f = Flow(s)
    f.add(ev.VichyEstablished(turn=s.turn, placements=cmd.placements))
    for uid in axis_inside:
        f.add(ev.UnitMoved(unit_id=uid, path=(cmd.relocate[uid],), origin=s.units[uid].area, mode="relocation",
                           nation=s.units[uid].nation, kind=s.units[uid].kind, steps=s.units[uid].steps))
    british = tuple(sorted(u.id for u in s.units.values() if u.area in vichy_areas and u.nation == "britain"))
    if british:
        f.add(ev.UnitsEliminated(unit_ids=british, cause="British units in Vichy territory", rule="EE 9.523"))
    free_french_first(f)
    french = tuple(u.id for u in s.units.values() if u.nation == "france")
    if french:
        f.add(ev.UnitsEliminated(unit_ids=french, cause="France accepts the armistice", rule="EE 9.522", permanent=True))
    return f.events


def _nearest_axis_areas(s: EEState, start: str, vichy_areas: set[str]) -> list[str]:
    """Breadth-first over land borders: the Axis-controlled areas (outside Vichy) at the smallest distance."""
    from assistant.games.europe_engulfed.board.network import network

    net = network(s.board)
    seen, ring = {start}, [start]
    while ring:
        found = sorted(a for a in ring if s.control.get(a) == "Axis" and a not in vichy_areas)
        if found:
            return found
        nxt = []
        for a in ring:
            for n, _k in net.land.get(a, ()):
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        ring = nxt
    return []


# --------------------------------------------------------------- conquest and victory


def home_resource_areas(s: EEState, nation: str) -> list[str]:
    return [a for a, area in s.board.areas.items() if area.nation == nation and area.home and area.resource]


def major_conquered_now(s: EEState, nation: str) -> bool:
    """EE 10.1: no friendly-controlled resource area left in its home country (10.11 for the USSR)."""
    homes = home_resource_areas(s, nation)
    side = data.side_of(nation)
    return bool(homes) and all(s.control.get(a) != side for a in homes)


def germany_falls_by_10_13(s: EEState) -> bool:
    ras = [a for a, area in s.board.areas.items() if area.resource]
    return bool(ras) and all(s.control.get(a) in (None, "Allied") for a in ras)


def soviet_front_shortfall(s: EEState) -> str:
    """EE 9.26: what the Soviet front defense still lacks at the end of an Allied player turn, or ""."""
    p = s.politics
    if p.pact < 0 or s.turn <= p.pact or p.at_war("germany", "ussr"):
        return ""
    front = [a for a, area in s.board.areas.items() if "pact_area" in area.regions]
    if not front:
        return ""
    soviet = [u for u in s.units.values() if u.nation == "ussr"]
    land = [u for u in soviet if u.kind != "gsu"]
    inside = [u for u in land if u.area in front]
    missing = []
    if 2 * len(inside) < len(land):
        missing.append(f"at least half the Soviet land units ({(len(land) + 1) // 2}; {len(inside)} there)")
    if any(u.kind == "gsu" and u.area not in front for u in soviet):
        missing.append("every Soviet GSU")
    if calendar.switched("soviet_front_each_area", s.turn):
        empty = [a for a in front if not any(u.area == a for u in land)]
        if empty:
            missing.append(f"a land unit in {', '.join(sorted(empty))}")
    return "; ".join(missing)


def end_of_player_turn(f: Flow) -> None:
    s = f.s
    side = s.side
    if side == "Allied":
        lacking = soviet_front_shortfall(s)
        if lacking:
            raise Refused(f"Soviet front defense: the pact areas need {lacking}; the German player moves Soviet land "
                          "units of his choice there (ee.move with mode front_defense)", rule="EE 9.26")
    # 6.96: a fortification that ends a player turn with no friendly land unit in its area is removed.
    for area, kind in sorted(s.fortifications.items()):
        owner = s.control.get(area)
        if kind == "normal" and not any(side_of(s, u.nation) == owner for u in land_units(s, area)):
            f.add(ev.FortificationRemoved(area=area, reason="no friendly land unit at the end of a player turn",
                                          rule="EE 6.96"))
    for nation in data.MAJORS:
        if data.side_of(nation) != side or conquered(f.s, nation):
            continue
        if nation == "germany":
            continue  # 10.13: Germany is checked at the end of Allied player turns
        if major_conquered_now(f.s, nation):
            rule = "EE 10.11" if nation == "ussr" else "EE 10.1"
            if nation == "italy":
                rule = "EE 9.46"
            conquer(f, nation, rule, "no resource area left in its home country")
    if side == "Allied":
        g = f.s
        if not conquered(g, "germany") and (major_conquered_now(g, "germany") or germany_falls_by_10_13(g)):
            conquer(f, "germany", "EE 10.13", "no resource area left to the Axis" if germany_falls_by_10_13(g)
                    else "no resource area left in Germany")
        check_victory_after_allied_turn(f)


FREE_FRENCH_FIRST = {"infantry:3": 1}  # EE 9.532: one infantry at once
FREE_FRENCH_REST = {"armor:3": 1, "infantry:3": 2}  # 9.531: 1 armor and 3 infantry of 3 steps in all


def free_french_first(f: Flow) -> None:
    f.add(ev.FreeFrenchJoined(blocks=FREE_FRENCH_FIRST, rule="EE 9.532"))


def free_french_rest_due(s: EEState) -> bool:
    """EE 9.532: the first Allied production phase of 1944 or later with an uncontested Allied area of metropolitan
    France (home areas of France on the board)."""
    if "france" not in s.politics.conquered or not calendar.switched("free_french_remainder", s.turn):
        return False
    if s.pools.get("free_french", {}).get("armor:3", 0) or any(u.nation == "free_french" and u.kind == "armor"
                                                              for u in s.units.values()):
        return False
    return any(area.nation == "france" and area.home and friendly_uncontested(s, a, "Allied")
               for a, area in s.board.areas.items())


def conquer(f: Flow, power: str, rule: str, cause: str) -> None:
    f.add(ev.PowerConquered(power=power, turn=f.s.turn, rule=rule, cause=cause))
    if power == "france":
        free_french_first(f)
        seas = [sea for sea, by in sorted(f.s.fleets.items()) if by.get("france")]
        if f.s.politics.french_fleet_escape and len(seas) == 1:
            f.add(ev.FrenchFleetEscaped(sea=seas[0]))  # 9.522: no choice to make
    gone = tuple(u.id for u in f.s.units.values() if u.nation == power)
    if gone:
        f.add(ev.UnitsEliminated(unit_ids=gone, cause=f"{wording.nation(power)} conquered", rule="EE 10.1", permanent=True))
    if power == "poland" and not f.s.politics.at_war("germany", "ussr") and f.s.politics.pact < 0:
        f.add(ev.PactActivated(turn=f.s.turn))


def check_minor_conquests(f: Flow) -> None:
    """EE 10.2: at the end of a movement or combat phase, a minor whose capital enemy land forces hold falls."""
    s = f.s
    minors = {**{m: "Axis" for m in AXIS_MINORS if s.politics.axis_minors_joined >= 0}, **s.politics.minors}
    for minor, friendly in sorted(minors.items()):
        if conquered(s, minor):
            continue
        capitals = [a for a, area in s.board.areas.items() if area.nation == minor and area.capital]
        for cap in capitals:
            held_by_enemy = s.control.get(cap) == enemy(friendly) and any(
                side_of(s, u.nation) == enemy(friendly) for u in land_units(s, cap))
            if held_by_enemy:
                conquer(f, minor, "EE 10.2", f"enemy land forces hold its capital {s.board.areas[cap].name}")


def allied_resource_area_in_germany(s: EEState) -> bool:
    return any(s.control.get(a) == "Allied" for a in home_resource_areas(s, "germany"))


def check_victory_after_allied_turn(f: Flow) -> None:
    s = f.s
    if s.result:
        return
    if conquered(s, "germany"):
        result, rule = calendar.allied_victory_band(s.politics.conquered["germany"])
        f.add(ev.GameEnded(result=result, rule=rule, reason=f"Germany conquered in {calendar.name(s.turn)}",
                           turn=s.turn))
        return
    fallen = [n for n in ("france", "britain", "ussr", "usa") if conquered(s, n)]
    if len(fallen) >= 2 and not allied_resource_area_in_germany(s):
        f.add(ev.GameEnded(result="axis_decisive", rule="EE 10.41",
                           reason=f"{' and '.join(fallen)} conquered, no Allied resource area in Germany",
                           turn=s.turn))


def axis_resource_areas(s: EEState) -> int:
    return sum(1 for a, area in s.board.areas.items() if area.resource and s.control.get(a) == "Axis")


def final_victory(f: Flow) -> None:
    """EE 10.42-10.43 at the end of Nov/Dec 1945, Germany still standing."""
    s = f.s
    if s.result:
        return
    held = axis_resource_areas(s)
    need = data.tables().victory["axis_operational_resource_areas"]
    if held >= need:
        f.add(ev.GameEnded(result="axis_operational", rule="EE 10.42",
                           reason=f"Germany stands and the Axis holds {held} resource areas", turn=s.turn))
    else:
        f.add(ev.GameEnded(result="axis_marginal", rule="EE 10.43",
                           reason=f"Germany stands but the Axis holds only {held} resource areas", turn=s.turn))


def morale_check(f: Flow) -> None:
    """EE 9.45 at the start of a game turn: no Axis area in Africa or the Middle East, and not both Gibraltar
    and Athens. Checked once Italy is at war and when the board marks those regions."""
    s = f.s
    p = s.politics
    if p.morale_collapsed >= 0 or p.italy_at_war < 0 or conquered(s, "italy"):
        return
    south = [a for a, area in s.board.areas.items() if {"africa", "middle_east"} & set(area.regions)]
    if not south:
        return
    if any(s.control.get(a) == "Axis" for a in south):
        return
    if s.control.get("gibraltar") == "Axis" and s.control.get("athens") == "Axis":
        return
    f.add(ev.MoraleCollapsed(turn=s.turn))
