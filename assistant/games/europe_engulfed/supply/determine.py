"""The Initial and Final Supply determinations (EE 1.21, 1.27, 3.0–3.6, 7.9) as one pure function.

``determine`` traces every unit of the phasing side, shares fleet capacity (the players' choice, or a
proposal when capacity is enough for all), applies 3.5 and Limited Supply, and says what it could not decide
because the board lacks facts. ``moves.py`` turns the result into events or a refusal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from assistant.games.europe_engulfed.board.format import Board
from assistant.games.europe_engulfed.board.gaps import BoardGap
from assistant.games.europe_engulfed.supply import capacity as cap
from assistant.games.europe_engulfed.supply.situation import (
    ALWAYS_SUPPLIED,
    Side,
    SupplySituation,
    UnitPosition,
    group_of_nation,
)
from assistant.games.europe_engulfed.supply.trace import SeaOption, Trace, Tracer
from assistant.games.europe_engulfed.events.supply import SeaChoice, StepChange, UnitSupply


@dataclass
class LimitedSupply:
    area: str
    cause: str  # "fortress" | "special_action"
    nation: str = ""
    reduced: list[StepChange] = field(default_factory=list)
    eliminated: list[str] = field(default_factory=list)


@dataclass
class Determination:
    side: Side
    phase: str
    results: list[UnitSupply] = field(default_factory=list)
    capacity: tuple[cap.SeaCapacity, ...] = ()
    needs: list[cap.Need] = field(default_factory=list)
    proposal: dict[str, SeaOption] = field(default_factory=dict)
    capacity_short: bool = False  # capacity cannot carry every unit that needs the sea: players must choose
    allocation_problems: list[str] = field(default_factory=list)
    undetermined: dict[str, tuple[BoardGap, ...]] = field(default_factory=dict)
    marked: list[str] = field(default_factory=list)
    restored: list[str] = field(default_factory=list)
    limited: dict[str, LimitedSupply] = field(default_factory=dict)
    eliminated: list[str] = field(default_factory=list)
    limited_supply_problems: list[str] = field(default_factory=list)


def match_choice(need: cap.Need, choice: SeaChoice) -> SeaOption | None:
    for o in need.options:
        if o.seas == choice.seas and o.cape == choice.cape:
            return o
    return None


def _allocate(
    det: Determination, choices: Mapping[str, SeaChoice] | None, caps: Mapping[tuple[str, str], cap.SeaCapacity]
) -> dict[str, SeaOption]:
    det.proposal = cap.propose(det.needs, caps)
    det.capacity_short = len(det.proposal) < len(det.needs)
    if choices is None:
        return det.proposal
    by_id = {n.unit_id: n for n in det.needs}
    chosen: dict[str, SeaOption] = {}
    for uid, choice in choices.items():
        if not choice.seas:
            continue
        need = by_id.get(uid)
        if need is None:
            det.allocation_problems.append(f"unit {uid} has no sea line to choose (it has a land line, or none)")
            continue
        option = match_choice(need, choice)
        if option is None:
            ways = "; ".join(describe_choice(o) for o in need.options)
            det.allocation_problems.append(f"unit {uid} cannot trace across {describe_choice_of(choice)}; its routes: {ways}")
            continue
        chosen[uid] = option
    det.allocation_problems += cap.over(det.needs, chosen, caps)
    return chosen


def describe_choice(o: SeaOption) -> str:
    return " + ".join(o.seas) + (" via the Cape" if o.cape else "")


def describe_choice_of(c: SeaChoice) -> str:
    return " + ".join(c.seas) + (" via the Cape" if c.cape else "")


def _sea_result(u: UnitPosition, o: SeaOption) -> UnitSupply:
    if o.cape:
        via, rule = "cape", "EE 3.32"
    elif o.beachhead:
        via, rule = "beachhead", "EE 7.22"
    else:
        via, rule = "sea", "EE 3.3"
    return UnitSupply(unit_id=u.id, area=u.area, status="supplied", via=via, reason=o.describe(), rule=rule, route=o)


def determine(
    board: Board,
    situation: SupplySituation,
    side: Side,
    phase: str,
    *,
    choices: Mapping[str, SeaChoice] | None = None,
    verdicts: Mapping[str, tuple[bool, str]] | None = None,
    limited_supply: Mapping[str, str] | None = None,
) -> Determination:
    """``choices``: the players' sea routes (None = take the proposal when capacity suffices);
    ``verdicts``: unit -> (supplied, reason) the players recorded where the board lacks facts;
    ``limited_supply``: area -> nation spending a Special Action there (final phase, EE 7.9)."""
    det = Determination(side=side, phase=phase)
    tracer = Tracer(board, situation, side)
    caps = cap.capacities(tracer)
    units = [u for u in situation.units if u.side == side]
    traces: dict[str, Trace] = {}
    verdict: dict[str, UnitSupply] = {}
    for u in units:
        if u.nation in ALWAYS_SUPPLIED:
            verdict[u.id] = UnitSupply(unit_id=u.id, area=u.area, status="supplied", via="always",
                                       reason="Vichy land units are always supplied", rule="EE 9.522")  # fmt: skip
            continue
        tr = traces[u.id] = tracer.trace(u.nation, u.area)
        if tr.land:
            verdict[u.id] = UnitSupply(unit_id=u.id, area=u.area, status="supplied", via="land",
                                       reason=f"land line to the supply source {tr.source}", rule="EE 3.1")  # fmt: skip
            continue
        options = cap.usable(tr.options, group_of_nation(u.nation, side), caps)
        if options:
            det.needs.append(cap.Need(u.id, group_of_nation(u.nation, side), tuple(options)))
    chosen = _allocate(det, choices, caps)
    det.capacity = cap.capacity_report(caps, det.needs, chosen)
    needing = {n.unit_id for n in det.needs}
    for u in units:
        if u.id in verdict:
            continue
        tr = traces[u.id]
        if u.id in chosen:
            verdict[u.id] = _sea_result(u, chosen[u.id])
        elif verdicts and u.id in verdicts and tr.gaps:
            ok, why = verdicts[u.id]
            verdict[u.id] = UnitSupply(unit_id=u.id, area=u.area, status="supplied" if ok else "out_of_supply",
                                       via="verdict" if ok else "none", reason=f"players' verdict: {why}", rule="EE 3.1")  # fmt: skip
        elif tr.gaps and u.id not in needing:
            det.undetermined[u.id] = tr.gaps
        elif u.id in needing:
            verdict[u.id] = UnitSupply(unit_id=u.id, area=u.area, status="out_of_supply", via="none", rule="EE 3.31",
                                       reason="only a sea line, and the fleet capacity is used by other units")  # fmt: skip
        else:
            verdict[u.id] = UnitSupply(unit_id=u.id, area=u.area, status="out_of_supply", via="none", rule="EE 3.1",
                                       reason="no line of friendly areas to a supply source, nor a sea line")  # fmt: skip
    if phase == "initial":
        det.results = [verdict[u.id] for u in units if u.id in verdict]
        det.marked = [r.unit_id for r in det.results if r.status == "out_of_supply"]
        return det
    _final(det, tracer, units, verdict, dict(limited_supply or {}))
    return det


def _final(det: Determination, tracer: Tracer, units: list[UnitPosition], verdict: dict[str, UnitSupply],
           orders: dict[str, str]) -> None:  # fmt: skip
    """EE 3.5, 3.6, 7.9: restore, reduce or eliminate."""
    side = det.side
    lacking: dict[str, list[UnitPosition]] = {}
    for u in units:
        r = verdict.get(u.id)
        if r is None:
            continue
        if r.status == "supplied" and u.oos and u.moved and tracer.control(u.area) != side and r.via != "always":
            r = verdict[u.id] = UnitSupply(unit_id=u.id, area=u.area, status="out_of_supply", via="none", rule="EE 3.5",
                                           reason="it moved while out of supply and does not occupy a friendly-controlled area")  # fmt: skip
        if r.status != "supplied":
            lacking.setdefault(u.area, []).append(u)
    for area in orders:
        if area not in lacking:
            det.limited_supply_problems.append(f"no unit in {area} lacks supply: a Special Action there would be wasted")
    results: dict[str, UnitSupply] = dict(verdict)
    for area, group in lacking.items():
        in_fortress = tracer.board.areas.get(area) is not None and tracer.board.areas[area].kind == "fortress"
        if in_fortress and tracer.friendly(area):
            ls = det.limited[area] = LimitedSupply(area=area, cause="fortress")
        elif area in orders:
            ls = det.limited[area] = LimitedSupply(area=area, cause="special_action", nation=orders[area])
        else:
            for u in group:
                det.eliminated.append(u.id)
                results[u.id] = _with(verdict[u.id], "eliminated", verdict[u.id].reason + "; eliminated", "EE 3.6")
            continue
        for u in group:
            if u.gsu or u.steps <= 1:
                ls.eliminated.append(u.id)
                results[u.id] = _with(verdict[u.id], "eliminated", "Limited Supply eliminates GSUs and cadres", "EE 7.9")
            else:
                ls.reduced.append(StepChange(unit_id=u.id, from_steps=u.steps, to_steps=u.steps - 1))
                why = "in a friendly fortress" if ls.cause == "fortress" else "a Special Action covers its area"
                results[u.id] = UnitSupply(unit_id=u.id, area=u.area, status="limited", via=ls.cause,
                                           reason=f"Limited Supply ({why}): loses one step", rule="EE 7.9")  # fmt: skip
    det.results = [results[u.id] for u in units if u.id in results]
    gone = set(det.eliminated) | {i for ls in det.limited.values() for i in ls.eliminated}
    det.restored = [u.id for u in units if u.oos and u.id in results and u.id not in gone]


def _with(r: UnitSupply, status: str, reason: str, rule: str) -> UnitSupply:
    return UnitSupply(unit_id=r.unit_id, area=r.area, status=status, via=r.via, reason=reason, rule=rule, route=r.route)  # type: ignore[arg-type]
