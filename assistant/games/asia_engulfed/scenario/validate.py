"""What is wrong with an entered set-up, against the board and the rules' ranges."""

from __future__ import annotations

from assistant.games.asia_engulfed import data
from assistant.games.asia_engulfed.board.format import Board
from assistant.games.asia_engulfed.scenario.format import AIR, FLEET, KINDS, Scenario


def problems(s: Scenario, board: Board) -> list[str]:
    out: list[str] = []
    cal = data.calendar()
    try:
        start = cal.index(s.start_turn)
    except ValueError as exc:
        start = cal.first
        out.append(f"start turn {s.start_turn!r}: {exc}")
    if not cal.first <= start <= cal.last:
        out.append(f"start turn {s.start_turn!r} is outside the game ({cal.name(cal.first)} to {cal.name(cal.last)})")
        start = cal.first
    ids: set[str] = set()
    for p in s.pieces:
        if p.id in ids:
            out.append(f"piece id {p.id!r} is used twice")
        ids.add(p.id)
        if p.nation not in data.NATIONS:
            out.append(f"{p.id}: unknown nation {p.nation!r}")
        if p.kind not in KINDS:
            out.append(f"{p.id}: unknown kind {p.kind!r} (one of {', '.join(KINDS)})")
        if not 1 <= p.steps <= p.top or p.top > 4:
            out.append(f"{p.id}: {p.steps} step(s) of {p.top} is not a block's strength (1 to 4)")
        if p.kind in AIR + ("submarine",) and p.top != 2:
            out.append(f"{p.id}: air and submarine units have two steps (AE Glossary)")
    fleets = {p.id for p in s.pieces if p.kind == "cv"}
    for p in s.pieces:
        if p.kind == "cba" and p.at not in fleets and p.at != "orphan":
            out.append(f"{p.id}: a CBA is on a CV fleet of the set-up or in the Orphan CBA box, not {p.at!r}")
        elif p.kind == "submarine" and p.at not in ("holding",) and p.at not in board.seas:
            out.append(f"{p.id}: the submarine unit is in its holding box or a sea zone")
        elif p.kind in FLEET and p.at not in board.zones and p.at not in board.seas:
            out.append(f"{p.id}: {p.at!r} is neither a port zone nor a sea zone of the board")
        elif p.kind not in FLEET + ("cba", "submarine") and p.at not in board.zones:
            out.append(f"{p.id}: {p.at!r} is not a land zone of the board")
    for zone, side in s.control.items():
        if zone not in board.zones:
            out.append(f"control: {zone!r} is not a land zone of the board")
        if side not in data.load("nations")["sides"]:
            out.append(f"control of {zone}: {side!r} is not a side (japan or allies)")
    for sea, value in s.network.items():
        if sea not in board.seas or value not in (1, 2, 3):
            out.append(f"network marker {sea}={value}: a sea zone of the board and a value 1-3")
    t = s.tracks
    limits = data.load("nations")["tracks"]
    for name, value, top in (("oil", t.oil, limits["oil_max"]),
                             ("US Submarine Points", t.us_submarine_points, limits["us_submarine_points_max"]),
                             ("US Bomber Points", t.us_bomber_points, limits["us_bomber_points_max"]),
                             ("transport capacity", t.transport_capacity, 99), ("ASW", t.asw, 9),
                             ("US Dud Torpedoes", t.dud_torpedoes, 6), ("Kamikaze", t.kamikaze, 99)):
        if not 0 <= value <= top:
            out.append(f"{name} {value} is outside 0-{top}")
    for nation_, n in s.special_actions.items():
        cap = data.sa_cap(nation_, cal.year(start)) if nation_ in data.NATIONS else 0
        if nation_ not in data.NATIONS or n < 0 or n > cap:
            out.append(f"Special Actions of {nation_}: {n} is more than the limit of {cap} (AE 7.11)")
    out += _additions(s)
    return out


def _additions(s: Scenario) -> list[str]:
    """The US Force Pool additions from the scenario card (AE 9.22)."""
    from assistant.games.asia_engulfed.rules.force_pool import problems as addition_problems

    taken = {m.id for m in s.markers}
    return [p for year, addition in sorted(s.us_force_pool_additions.items())
            for p in addition_problems(addition, year, s, taken)]
