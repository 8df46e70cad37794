"""Read models: the attrition ledger (points destroyed per side per turn, value still on the map), each unit's
fate, and the attacks made, as pure folds over the log."""

from typing import Any

import msgspec
from msgspec.structs import replace

import assistant.games.aa_miniatures.events as ev
from projections.base import Projection, Recorded

RECENT_ATTACKS = 400


class Fate(msgspec.Struct, frozen=True, kw_only=True):
    label: str
    side: str
    card: str
    cost: int
    status: str = "in reserve"  # in reserve | on the map | destroyed
    turn: int = 0  # the turn it was destroyed
    by: tuple[str, ...] = ()  # the units whose hits destroyed it
    attacks: int = 0
    hits_scored: int = 0
    hits_taken: int = 0
    disruptions: int = 0


class AttackLine(msgspec.Struct, frozen=True, kw_only=True):
    seq: int
    turn: int
    kind: str
    attacker: str
    target: str
    band: str
    dice: int
    successes: int
    defense: int
    hits: int
    result: str = ""


class Attrition(msgspec.Struct, frozen=True, kw_only=True):
    costs: dict[str, int] = {}  # card id -> cost
    fates: dict[int, Fate] = {}
    destroyed: dict[int, dict[str, int]] = {}  # turn -> side whose units were lost -> points
    on_map: dict[int, dict[str, int]] = {}  # end of turn -> side -> value still on the map
    hitters: dict[int, tuple[int, ...]] = {}  # target -> attackers since the last Casualty Phase
    attacks: tuple[AttackLine, ...] = ()
    turn: int = 0


def _initial(definition: dict[str, Any]) -> Attrition:
    return Attrition(costs={c["id"]: c["cost"] for c in definition.get("catalogue", [])})


def _fate(m: Attrition, uid: int, **changes: Any) -> dict[int, Fate]:
    return {**m.fates, uid: replace(m.fates[uid], **changes)} if uid in m.fates else m.fates


def _apply(m: Attrition, rec: Recorded) -> Attrition:
    e = rec.event
    if isinstance(e, ev.CardsRegistered):
        return replace(m, costs={**m.costs, **{c.id: c.cost for c in e.cards}})
    if isinstance(e, ev.UnitsEnlisted):
        return replace(m, fates={**m.fates, **{u.id: Fate(label=u.label, side=e.side, card=u.card,
                                                            cost=m.costs.get(u.card, 0)) for u in e.units}})
    if isinstance(e, ev.UnitDischarged):
        return replace(m, fates={i: f for i, f in m.fates.items() if i != e.unit})
    if isinstance(e, ev.UnitDeployed):
        return replace(m, fates=_fate(m, e.unit, status="on the map"))
    if isinstance(e, ev.InitiativeRolled):
        return replace(m, turn=e.turn)
    if isinstance(e, ev.AttackRolled):
        fates = _fate(m, e.attacker, attacks=m.fates[e.attacker].attacks + 1) if e.attacker in m.fates else m.fates
        m = replace(m, fates=fates)
        line = AttackLine(seq=rec.seq, turn=m.turn, kind=e.kind, attacker=_label(m, e.attacker),
                          target=_label(m, e.target), band=e.band, dice=e.dice, successes=e.successes,
                          defense=e.defense, hits=e.hits)
        hitters = m.hitters
        if e.hits and e.kind == "assault":
            hitters = {**hitters, e.target: (*hitters.get(e.target, ()), e.attacker)}
        return replace(m, attacks=(*m.attacks[-(RECENT_ATTACKS - 1):], line), hitters=hitters)
    if isinstance(e, ev.CountersPlaced):
        result = ", ".join(e.counters) or "no counter"
        if e.limited_by_cover:
            result += " (cover)"
        m = _result(m, result)
        by = m.hitters.get(e.target, ())
        fates = _fate(m, e.target, hits_taken=m.fates[e.target].hits_taken + len(e.counters)) if e.target in m.fates else m.fates
        if by and by[-1] in fates:
            fates = {**fates, by[-1]: replace(fates[by[-1]], hits_scored=fates[by[-1]].hits_scored + len(e.counters))}
        return replace(m, fates=fates)
    if isinstance(e, ev.MoverDisrupted):
        m = _result(m, "disrupted, stopped")
        return replace(m, fates=_fate(m, e.unit, disruptions=m.fates[e.unit].disruptions + 1) if e.unit in m.fates else m.fates)
    if isinstance(e, ev.DefensiveFireFailed):
        return _result(m, "cancelled by cover" if e.reason == "cover" else "no effect")
    if isinstance(e, ev.CasualtiesApplied):
        fates = dict(m.fates)
        lost: dict[str, int] = {}
        for uid in e.destroyed:
            if uid in fates:
                f = fates[uid]
                by = tuple(dict.fromkeys(_label(m, a) for a in m.hitters.get(uid, ())))
                fates[uid] = replace(f, status="destroyed", turn=e.turn, by=by)
                lost[f.side] = lost.get(f.side, 0) + f.cost
        for uid in e.disrupted:
            if uid in fates:
                fates[uid] = replace(fates[uid], disruptions=fates[uid].disruptions + 1)
        return replace(m, fates=fates, hitters={}, destroyed={**m.destroyed, e.turn: lost})
    if isinstance(e, ev.TurnEnded):
        return replace(m, on_map={**m.on_map, e.turn: dict(e.points)})
    return m


def _label(m: Attrition, uid: int) -> str:
    f = m.fates.get(uid)
    return f.label if f else f"#{uid}"


def _result(m: Attrition, result: str) -> Attrition:
    if not m.attacks:
        return m
    last = m.attacks[-1]
    return replace(m, attacks=(*m.attacks[:-1], replace(last, result=result)))


ATTRITION = Projection("attrition", _initial, _apply, Attrition)
PROJECTIONS = (ATTRITION,)
