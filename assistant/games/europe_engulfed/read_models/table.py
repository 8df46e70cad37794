"""The views players see of a Europe Engulfed game, computed from the game's state (``Assistant.view(id).game``,
folded by the application layer with the game's own ``evolve``: one source of truth for the facts).

The view functions turn that state into what one side may see: blocks per area with current and maximum steps
(hidden from the other side while a block stands on edge, EE Glossary "Unités terrestres", 6.24), the WERP
ledger of every nation and turn with the cause of each line (land-step purchases undisclosed to the other side,
EE 4.5), the General Information Track and Special Actions, the calendar and weather, and the victory status.
"""

from __future__ import annotations

from typing import Any

from assistant.decider import Refused
from assistant.games.europe_engulfed import calendar, data
from assistant.games.europe_engulfed.powers import side_of
from assistant.games.europe_engulfed.rules.movement import strategic_limit
from assistant.games.europe_engulfed.rules.politics import axis_resource_areas
from assistant.games.europe_engulfed.rules.special_actions import cap
from assistant.games.europe_engulfed.state import EEState
from assistant.families.engulfed.hidden import discloses, sees
from assistant.families.engulfed.ledger import Book


def board(state: EEState, viewer: str = "") -> dict[str, Any]:
    """Area -> control, fortification and blocks. ``viewer`` "Axis"/"Allied" hides the other side's unrevealed
    blocks (their nation and elite colour show, not their type or steps); "" shows everything (replays)."""
    areas: dict[str, dict[str, Any]] = {}
    for u in sorted(state.units.values(), key=lambda b: (b.area, b.nation, b.id)):
        owner = side_of(state, u.nation)
        hidden = not sees(viewer, owner, u.revealed or u.kind == "gsu")  # GSUs are counters, always face up
        block: dict[str, Any] = {"id": u.id, "nation": u.nation, "side": owner, "elite": u.elite}
        if not hidden:
            block.update(kind=u.kind, steps=u.steps, max_steps=u.max_steps)
            if u.oos:
                block["out_of_supply"] = "moved" if u.moved else True
        else:
            block["hidden"] = True
        areas.setdefault(u.area, {"blocks": []})["blocks"].append(block)
    for area_id in set(state.control) | set(state.fortifications) | set(state.beachheads) | set(areas):
        entry = areas.setdefault(area_id, {"blocks": []})
        entry["control"] = state.control.get(area_id, "neutral")
        if area_id in state.fortifications:
            entry["fortification"] = state.fortifications[area_id]
        if area_id in state.beachheads:
            entry["beachhead"] = state.beachheads[area_id]  # EE 7.22
        if area_id in state.landings:
            entry["landing"] = list(state.landings[area_id].kinds)  # EE 7.2, 7.3: converts at the combat phase
        name = state.board.areas[area_id].name if area_id in state.board.areas else area_id
        entry["name"] = name
    return dict(sorted(areas.items()))


def ledger(book: Book | EEState, viewer: str = "", nation: str = "", turn: int | None = None) -> list[dict[str, Any]]:
    """Every production ledger (or one nation's / one turn's): each line with its amount, rule and cause, the
    running balance and ``seq``, the event that booked it. Private land-step purchases show only their cost to the
    other side (EE 4.5).

    ``book`` is the WERP ledger read model (``view.read("werp_ledger")``); the game state's own ledgers give the
    same lines without their event numbers (seq 0)."""
    out = []
    ledgers = book.accounts.values() if isinstance(book, Book) else book.ledgers.values()
    for led in sorted(ledgers, key=lambda x: (x.turn, _order(x.nation))):
        if (nation and led.nation != nation) or (turn is not None and led.turn != turn):
            continue
        owner = data.side_of(led.nation) if viewer else ""  # a shared screen sees every line
        balance = 0
        rows = []
        for line in led.lines:
            balance += line.amount
            shown = discloses(viewer, owner, line.private)
            cause = line.cause if shown else "land steps (not disclosed, EE 4.5)"
            area = line.place if isinstance(book, Book) else line.area  # type: ignore[union-attr]
            rows.append({"kind": line.kind, "amount": line.amount, "rule": line.rule, "cause": cause,
                         "balance": balance, "seq": getattr(line, "seq", 0),
                         **({"area": area} if area and shown else {})})
        out.append({"turn": led.turn, "turn_name": calendar.name(led.turn), "nation": led.nation,
                    "closed": led.closed, "balance": led.balance, "lines": rows})
    return out


def _order(nation: str) -> int:
    n = data.nations()
    order = n.axis_order + n.allied_order
    return order.index(nation) if nation in order else len(order)


def tracks(state: EEState) -> dict[str, Any]:
    """The General Information Track, Special Actions held and allowed, build markers, strategic moves (public)."""
    t = state.track
    year = calendar.year(state.turn) if state.turn >= 0 else 1939
    moves = {}
    for n in data.MAJORS:
        try:
            limit: int | None = strategic_limit(state, n)
        except Refused:
            limit = None  # Table 20.3 not entered yet
        moves[n] = {"limit": limit, "used": state.sm_used.get(n, 0), "reduction": state.sm_reduction.get(n, 0)}
    return {
        "uboats": t.uboats, "asw": t.asw, "flak": dict(t.flak), "bombers": dict(t.bombers),
        "fighters": dict(t.fighters), "v1": t.v1, "v2": t.v2,
        "special_actions": {n: {"held": len(state.special_actions.get(n, ())), "max": cap(n, max(state.turn, 0))}
                            for n in data.MAJORS},
        "next_allowed": {k: f"Jan/Feb {v}" for k, v in state.next_allowed.items() if v > year},
        "next_fleet_allowed": {n: calendar.name(v) for n, v in state.next_fleet.items() if v > state.turn},
        "strategic_moves": moves,
        "west_strategic_move_cut": state.west_sm_reduction,
        "fleets": {sea: dict(by) for sea, by in state.fleets.items()},
        # EE 5.34: fleet points still "Trans. Avail." this game turn (the rest are flipped "w/out Transport")
        "fleets_available": {sea: {n: k - state.fleets_used.get(sea, {}).get(n, 0) for n, k in by.items()}
                             for sea, by in state.fleets.items()},
        "fleets_transferred": dict(state.fleets_moved),  # EE 8.31, 8.32 counts this game turn
    }


def clock(state: EEState) -> dict[str, Any]:
    """Where the game stands in the calendar, the weather, and the rule switches coming next."""
    turn = max(state.turn, 0)
    upcoming = [
        {"turn": calendar.name(calendar.index(start)), "rule": rule, "change": text}
        for start, rule, text in sorted(data.calendar().switch.values())
        if calendar.index(start) > state.turn
    ][:5]
    return {
        "turn": state.turn, "turn_name": calendar.name(turn), "side": state.side, "phase": state.phase,
        "step": state.step, "weather": dict(state.weather), "variable_weather": calendar.is_variable_weather(turn),
        "last_turn": calendar.name(calendar.last()), "upcoming_switches": upcoming,
    }


def victory(state: EEState) -> dict[str, Any]:
    """EE 10.4: conquered powers and when, resource areas the Axis holds, and the result if the game is over."""
    p = state.politics
    status: dict[str, Any] = {
        "result": state.result or None, "rule": state.result_rule or None,
        "conquered": {k: calendar.name(v) if v >= 0 else "before the start" for k, v in p.conquered.items()},
        "axis_resource_areas": axis_resource_areas(state),
        "axis_operational_needs": data.tables().victory["axis_operational_resource_areas"],
    }
    def when(turn: int) -> str | None:
        return calendar.name(turn) if turn >= 0 else None

    status["politics"] = {
        "wars": sorted(p.wars), "pact": when(p.pact), "paris_taken": when(p.paris_taken), "vichy": when(p.vichy),
        "war_on_vichy": when(p.vichy_war), "vichy_occupied": when(p.vichy_occupied), "lebanon": when(p.lebanon),
        "italy_at_war": when(p.italy_at_war), "usa_at_war": when(p.usa_at_war), "ussr_at_war": when(p.ussr_at_war),
        "italian_morale_collapsed": when(p.morale_collapsed), "minors": dict(p.minors),
        "french_fleet_escape_pending": p.french_fleet_escape,
    }
    if not state.result and "germany" not in p.conquered:
        band, rule = calendar.allied_victory_band(max(state.turn, 0))
        status["if_germany_falls_now"] = {"result": band, "rule": rule}
    return status


VIEWS = {"board": board, "ledger": ledger, "tracks": tracks, "clock": clock, "victory": victory}
