"""``evolve`` for the air-naval rules: the open air battle, port and airbase attacks, the Pearl Harbor sequence,
Extended Naval Operations. Facts only; the rules were checked in decide. Each handler runs before the game's
own handler for the same event (``evolve.py`` chains them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed import events_air as ea
from assistant.games.asia_engulfed import places
from assistant.games.asia_engulfed.battles import AirBattle
from assistant.games.asia_engulfed.rules import pearl_harbor
from assistant.games.asia_engulfed.state import AEState
from events.core import PhaseBegan


def _with(s: AEState, key: str, b: AirBattle | None) -> AEState:
    battles = {k: v for k, v in s.battles.items() if k != key}
    if b is not None:
        battles[key] = b
    return replace(s, battles=battles)


def _phase(s: AEState, e: PhaseBegan) -> AEState:
    if e.phase == "naval_movement":  # a new player turn
        return replace(s, battles={}, raided=(), fought_seas=(), interceptions={}, naval_zones=(),
                       naval_declared=(), naval_open="", extended=(), extended_from=(), night_round={},
                       night_surprise={})
    if s.night_round or s.night_surprise:  # a Night round does not outlive its phase
        s = replace(s, night_round={}, night_surprise={})
    return replace(s, battles={}) if s.battles and e.phase != "air_naval_combat" else s


def _intercepted(s: AEState, e: ev.InterceptionRolled) -> AEState:
    done = s.interceptions.get(e.sea, (0, "", ()))[0]
    avoiders = tuple(side for side, chit in sorted(e.choices.items()) if chit == "avoid")
    night = {k: p for k, p in s.night_round.items() if p.at != e.sea}
    if e.outcome == "night":  # AE 8.41: the fleets that fire in the round, with their steps now
        night.update({k: p for k, p in s.pieces.items() if p.at == e.sea and p.kind in ("bb", "ca")})
    surprised = {k: v for k, v in s.night_surprise.items() if k != e.sea}
    if e.outcome == "night" and e.surprise:
        surprised[e.sea] = e.winner
    s = replace(s, interceptions={**s.interceptions, e.sea: (max(done, e.attempt), e.outcome, avoiders)},
                night_round=night, night_surprise=surprised)
    if e.outcome not in ("day", "night"):
        return s
    shortened = s.surprise and e.sea == pearl_harbor.SEA and s.pearl == "us_intercepts"
    fought = s.fought_seas if e.sea in s.fought_seas else s.fought_seas + (e.sea,)
    first = e.sea not in s.fought_seas
    s = replace(s, fought_seas=fought, pearl="fought" if shortened else s.pearl)
    if e.outcome != "day":
        return s
    return _with(s, e.sea, AirBattle(kind="day", sea=e.sea, stage="intercepted", winner=e.winner,
                                     surprise=e.winner if e.surprise else "", rounds=1 if shortened else 2,
                                     bonus=s.surprise and first))


def _assigned(s: AEState, e: ea.AirAssigned) -> AEState:
    b = s.battles[e.sea]
    return _with(s, e.sea, replace(b, round=e.round, missions=dict(e.missions), surprise=e.surprise, bonus=e.bonus,
                                   stage="assigned", aa=(), struck=(), owed={}))


def _raid(s: AEState, e: ea.RaidOpened) -> AEState:
    attackers = tuple(u for u, m in e.missions.items() if m != "cap")
    s = replace(s, raided=s.raided + attackers)
    if e.surprise_attack:
        s = replace(s, pearl="struck", fought_seas=s.fought_seas + (e.sea,))
    if e.second:
        s = replace(s, pearl="second_done")
    return _with(s, e.zone, AirBattle(kind="raid", sea=e.sea, zone=e.zone, missions=dict(e.missions),
                                      grounded=e.grounded, strafe=e.strafe, bonus=e.bonus, rounds=1))


def _owe(b: AirBattle, side: str, owed: dict[str, int]) -> dict[str, dict[str, int]]:
    mine = dict(b.owed.get(side, {}))
    for k, n in owed.items():
        mine[k] = mine.get(k, 0) + n
    return {**b.owed, side: mine}


def _fought(s: AEState, e: ea.AirFought) -> AEState:
    b = s.battles[e.where]
    owed = b.owed
    for side, sections in e.owed.items():
        owed = _owe(replace(b, owed=owed), side, sections)
    return _with(s, e.where, replace(b, stage="fought", owed=owed))


def _aa(s: AEState, e: ea.AntiAircraftFired) -> AEState:
    b = s.battles[e.where]
    return _with(s, e.where, replace(b, aa=b.aa + (e.side,), owed=_owe(b, places.enemy(e.side), e.owed)))


def _take(s: AEState, losses: dict[str, int], eliminated: tuple[str, ...],
          moved: dict[str, str] | None = None) -> AEState:
    pieces = dict(s.pieces)
    for u, where in (moved or {}).items():
        pieces[u] = replace(pieces[u], at=where)
    for u, n in losses.items():
        if u in pieces:
            pieces[u] = replace(pieces[u], steps=pieces[u].steps - n)
    for u in eliminated:
        pieces.pop(u, None)
    return replace(s, pieces=pieces)


def _lost(s: AEState, e: ea.AirStepsLost) -> AEState:
    s = _take(s, e.losses, e.eliminated)
    b = s.battles.get(e.where)
    if b is None:
        return s
    left = {k: v - e.sections.get(k, 0) for k, v in b.owed.get(e.side, {}).items() if v > e.sections.get(k, 0)}
    return _with(s, e.where, replace(b, owed={**b.owed, e.side: left}))


def _struck(s: AEState, e: ea.PortStruck) -> AEState:
    b = s.battles[e.zone]
    return _with(s, e.zone, replace(b, struck=b.struck + (s.side,), stage="struck"))


def _naval_fired(s: AEState, e: ev.NavalFired) -> AEState:
    if e.kind == "night" and s.night_round:  # each fleet fires once in a Night round
        fired = {shot[0] for shot in e.shots}
        s = replace(s, night_round={k: p for k, p in s.night_round.items() if k not in fired})
    b = s.battles.get(e.sea)
    if e.kind != "strike" or b is None or not e.shots or e.shots[0][0] not in s.pieces:
        return s
    side = places.side(s.pieces[e.shots[0][0]])
    return _with(s, e.sea, replace(b, struck=b.struck + (side,)))


def _ended(s: AEState, e: ea.AirBattleEnded) -> AEState:
    s = _take(s, e.lost, e.eliminated, e.aboard)
    b = s.battles[e.where]
    return _with(s, e.where, None if e.last else replace(b, stage="ended", round=e.round, missions={}, owed={},
                                                         aa=(), struck=()))


def _naval_moved(s: AEState, e: ev.NavalMoved) -> AEState:
    if e.mode == "extended":
        start = s.pieces[e.pieces[0]].at
        s = replace(s, extended=s.extended + tuple(e.pieces),
                    extended_from=tuple(z for z in s.extended_from if z != start))
    if e.mode in ("move", "react", "extended") and e.to in s.board.seas and e.to not in s.naval_zones \
            and s.phase == "naval_movement":
        s = replace(s, naval_zones=s.naval_zones + (e.to,))
    if s.phase == "naval_movement" and e.to in s.board.seas:
        s = replace(s, naval_open=_open_zone(s, e))
        if s.naval_open and s.naval_open not in s.naval_declared:
            s = replace(s, naval_declared=s.naval_declared + (s.naval_open,))
    return s


def _open_zone(s: AEState, e: ev.NavalMoved) -> str:
    """AE 8.21, 8.25: a phasing fleet move declares its sea zone (closing the one before); a reaction there closes
    it. The phasing submarine joining after an enemy reaction declares nothing."""
    fleets = [s.pieces[p] for p in e.pieces if p in s.pieces and s.pieces[p].kind != "submarine"]
    if e.mode == "react" and e.to == s.naval_open:
        return ""
    if e.mode in ("move", "extended") and fleets and places.side(fleets[0]) == s.side:
        return e.to
    return s.naval_open


def _sa(s: AEState, e: ev.SpecialActionSpent) -> AEState:
    if e.use == "extended_naval" and e.target:
        return replace(s, extended_from=s.extended_from + (e.target,))
    return s


HANDLERS: dict[type, Callable[[AEState, Any], AEState]] = {
    PhaseBegan: _phase,
    ev.InterceptionRolled: _intercepted,
    ev.NavalFired: _naval_fired,
    ev.NavalMoved: _naval_moved,
    ev.SpecialActionSpent: _sa,
    ea.AirAssigned: _assigned,
    ea.RaidOpened: _raid,
    ea.AirFought: _fought,
    ea.AntiAircraftFired: _aa,
    ea.AirStepsLost: _lost,
    ea.PortStruck: _struck,
    ea.AirBattleEnded: _ended,
    ea.PearlHarborDecided: lambda s, e: replace(s, pearl=pearl_harbor.after_decision(s, e)),
}


def _consolidated(s: AEState, e: ea.FleetsConsolidated) -> AEState:
    pieces = {k: v for k, v in s.pieces.items() if k not in e.removed}
    for f, n in e.keep.items():
        pieces[f] = replace(pieces[f], steps=n, max_steps=max(pieces[f].top, n))
    for cba, cv in e.cba.items():
        pieces[cba] = replace(pieces[cba], at=cv)
    damaged = {k: v for k, v in s.damaged.items() if k not in e.removed and k not in e.keep}
    damaged.update(e.damaged)
    gone = set(e.removed)
    return replace(s, pieces=pieces, damaged=damaged,
                   moved=s.moved + tuple(f for f in e.keep if f not in s.moved and any(r in s.moved for r in gone)),
                   oil_paid=s.oil_paid + tuple(f for f in e.keep if f not in s.oil_paid
                                               and any(r in s.oil_paid for r in gone)))


HANDLERS[ea.FleetsConsolidated] = _consolidated
