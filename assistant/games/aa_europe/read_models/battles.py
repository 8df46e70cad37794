"""Every battle fought: who attacked what, each throw and its hits, casualties, the odds before the first die."""

from typing import Any

import msgspec

from assistant.games.aa_europe import events as ev
from events.core import DiceRolled, PhaseBegan
from projections.base import Projection, Recorded


class Throw(msgspec.Struct, frozen=True):
    seq: int
    fire: str
    faces: tuple[int, ...]
    targets: tuple[int, ...]
    hits: int
    firer: str


class BattleRecord(msgspec.Struct, frozen=True):
    round: int
    key: str
    space: str
    kind: str
    attacker: str
    started_seq: int
    throws: tuple[Throw, ...] = ()
    lost: dict[str, int] = {}  # side -> units lost
    damaged: int = 0
    odds: dict[str, float] = {}
    attacking: dict[str, int] = {}
    defending: dict[str, int] = {}
    defender: str = ""
    outcome: str = ""


class Battles(msgspec.Struct, frozen=True):
    round: int = 0
    records: tuple[BattleRecord, ...] = ()
    last_dice: tuple[int, ...] = ()
    last_targets: tuple[int, ...] = ()


def initial(definition: dict[str, Any]) -> Battles:
    return Battles()


def _update(b: Battles, key: str, **changes: Any) -> Battles:
    for n in range(len(b.records) - 1, -1, -1):
        if b.records[n].key == key:
            records = list(b.records)
            records[n] = msgspec.structs.replace(records[n], **changes)
            return msgspec.structs.replace(b, records=tuple(records))
    return b


def _current(b: Battles, key: str) -> BattleRecord | None:
    return next((r for r in reversed(b.records) if r.key == key), None)


def apply(b: Battles, rec: Recorded) -> Battles:
    e = rec.event
    if isinstance(e, PhaseBegan):
        return msgspec.structs.replace(b, round=e.round)
    if isinstance(e, DiceRolled):
        return msgspec.structs.replace(b, last_dice=e.faces, last_targets=e.targets)
    if isinstance(e, ev.BattleJoined):
        r = _current(b, e.battle)
        if r is None or r.outcome or r.round != b.round:
            new = BattleRecord(round=b.round, key=e.battle, space=e.space, kind=e.kind, attacker=e.attacker,
                               started_seq=rec.seq)
            return msgspec.structs.replace(b, records=(*b.records, new))
        return b
    r = _current(b, getattr(e, "battle", ""))
    if r is None:
        return b
    if isinstance(e, ev.HitsScored):
        throw = Throw(rec.seq, e.fire, b.last_dice, b.last_targets, e.hits, e.firer)
        return _update(b, e.battle, throws=(*r.throws, throw))
    if isinstance(e, ev.CasualtiesChosen):
        lost = {**r.lost, e.side: r.lost.get(e.side, 0) + len(e.units) + len(e.cargo)}
        return _update(b, e.battle, lost=lost, damaged=r.damaged + len(e.damaged))
    if isinstance(e, ev.BattleOddsRecorded):
        odds = {"attacker_wins": e.attacker_wins, "defender_wins": e.defender_wins, "draw": e.draw}
        return _update(b, e.battle, odds=odds, attacking=e.attacking, defending=e.defending, defender=e.defender)
    if isinstance(e, ev.BattleEnded):
        return _update(b, e.battle, outcome=e.outcome)
    return b


BATTLES: Projection[Battles] = Projection("battles", initial, apply, Battles)
