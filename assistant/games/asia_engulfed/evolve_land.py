"""``evolve`` for the land, carrier-air and force-pool rules: the facts of their own events, and what they note
from events the rest of the game already applies (an invasion's sea zone, the submarine Replacement marker, a new
player turn, the set-up's Force Pool additions). No rule is checked here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.rules.submarine_replacement import marker_id
from assistant.games.asia_engulfed.state import AEState, AirCommitment, Build
from events.core import PhaseBegan

Handler = Callable[[AEState, Any], AEState]


def _merged(s: AEState, e: ev.SubmarineReplacementMerged) -> AEState:
    pieces = dict(s.pieces)
    if e.new_piece is not None:
        pieces[e.new_piece.id] = e.new_piece
    else:
        pieces[e.piece] = replace(pieces[e.piece], steps=e.steps)
    return replace(s, pieces=pieces, submarine_replacements=tuple(n for n in s.submarine_replacements
                                                                  if n != e.nation))


def _orphans_based(s: AEState, e: ev.OrphanCbaBased) -> AEState:
    pieces = {**s.pieces, **{pid: replace(s.pieces[pid], at=e.fleet) for pid in e.pieces}}
    if not e.strategic:
        return replace(s, pieces=pieces)
    nation = s.pieces[e.fleet].nation
    return replace(s, pieces=pieces, moved=s.moved + tuple(e.pieces),
                   sr_used={**s.sr_used, nation: s.sr_used.get(nation, 0) + len(e.pieces)})


def _markers(s: AEState, markers: tuple) -> dict[str, Build]:
    return {**s.builds, **{m.id: Build(marker=m.id, nation=m.nation, track=m.track, faces=m.faces,
                                       available_from=m.available_from) for m in markers}}


def _entered(s: AEState, e: ev.ForcePoolAdditionsEntered) -> AEState:
    s = replace(s, pool_additions={**s.pool_additions, e.year: e.addition})
    return replace(s, builds=_markers(s, e.addition.markers)) if e.year in s.pool_received else s


def _received(s: AEState, e: ev.ForcePoolAdditionsReceived) -> AEState:
    return replace(s, pool_received=s.pool_received + (e.year,), builds=_markers(s, e.markers))


def _committed(s: AEState, e: ev.AirCommitted) -> AEState:
    """A later round at the zone starts a fresh display (AE 6.21: the distribution may differ each round)."""
    now = s.air_commitment.get(e.zone)
    uses = dict(now.uses) if now is not None and now.round == e.round else {}
    uses.update({u: e.use for u in e.units})
    return replace(s, air_commitment={**s.air_commitment, e.zone: AirCommitment(round=e.round, uses=uses)})


HANDLERS: dict[type, Handler] = {
    ev.AirCommitted: _committed,
    ev.SubmarineReplacementMerged: _merged,
    ev.OrphanCbaBased: _orphans_based,
    ev.ChineseAttackerChosen: lambda s, e: replace(s, chinese_attackers={**s.chinese_attackers, e.zone: e.force}),
    ev.ForcePoolAdditionsEntered: _entered,
    ev.ForcePoolAdditionsReceived: _received,
}


def _invasion_seas(s: AEState, e: ev.PiecesMoved) -> AEState:
    """Before the invaders land: the sea zones they came from (AE 7.24)."""
    if e.mode != "invasion":
        return s
    seas = tuple(s.pieces[p].at for p in e.pieces if p in s.pieces and s.pieces[p].at in s.board.seas)
    return replace(s, invaded_from={**s.invaded_from, e.to: tuple(dict.fromkeys(s.invaded_from.get(e.to, ()) + seas))})


def _crossings(s: AEState, e: ev.PiecesMoved) -> AEState:
    """After the move: the borders its land units crossed into the zone, and whether it made the zone contested
    (AE 6.1, 6.73)."""
    if e.crossings:
        entered = {**s.crossed.get(e.to, {}), **{x.origin: x.border for x in e.crossings}}
        s = replace(s, crossed={**s.crossed, e.to: entered})
    if e.newly_contested and e.to not in s.newly_contested:
        s = replace(s, newly_contested=s.newly_contested + (e.to,))
    return s


def _round_type(s: AEState, e: ev.LandFire) -> AEState:
    """The defender's fire opens a round of its type; the attacker's fire closes it (AE 6.2, 6.31, 6.32)."""
    others = tuple(z for z in s.assault_rounds if z != e.zone)
    opens = e.side != s.side and e.assault
    return replace(s, assault_rounds=others + (e.zone,) if opens else others)


def _new_player_turn(s: AEState, e: PhaseBegan) -> AEState:
    if e.phase != "naval_movement":
        return s
    return replace(s, invaded_from={}, chinese_attackers={}, air_commitment={}, crossed={}, newly_contested=(),
                   assault_rounds=())


def _marker_bought(s: AEState, e: ev.Purchased) -> AEState:
    if e.item == "submarine_step" and e.target == marker_id(e.nation):
        return replace(s, submarine_replacements=s.submarine_replacements + (e.nation,))
    return s


def _set_up(s: AEState, e: ev.ScenarioSetUp) -> AEState:
    return replace(s, pool_additions=dict(e.scenario.us_force_pool_additions))


BEFORE: dict[type, Handler] = {ev.PiecesMoved: _invasion_seas}
AFTER: dict[type, Handler] = {PhaseBegan: _new_player_turn, ev.Purchased: _marker_bought,
                              ev.ScenarioSetUp: _set_up, ev.PiecesMoved: _crossings, ev.LandFire: _round_type}


def extend(handlers: dict[type, Handler]) -> dict[type, Handler]:
    """The game's handlers with these added: their own events, and the notes taken before or after others."""
    out = {**handlers, **HANDLERS}
    for t, before in BEFORE.items():
        base = out.get(t, lambda s, e: s)
        out[t] = lambda s, e, base=base, before=before: base(before(s, e), e)
    for t, after in AFTER.items():
        base = out.get(t, lambda s, e: s)
        out[t] = lambda s, e, base=base, after=after: after(base(s, e), e)
    return out
