"""Every battle fought: who attacked what, each throw and its hits, casualties, and how it ended."""

from typing import Any

import msgspec

import assistant.games.aa_classic.events as ev
from events.core import DiceCorrected, DiceRolled, PhaseBegan
from projections.base import Projection, Recorded


class Throw(msgspec.Struct, frozen=True):
    seq: int
    fire: str
    faces: tuple[int, ...]
    targets: tuple[int, ...]
    hits: int
    firer: str
    dice_seq: int = 0  # the dice throw's event (a correction names it)
    ref: str = ""  # the throw's ref (a recount names it)
    corrected: bool = False


class Losses(msgspec.Struct, frozen=True):
    seq: int
    side: str
    units: int
    cargo: int
    chosen_by: str


class BattleRecord(msgspec.Struct, frozen=True):
    round: int
    key: str
    space: str
    kind: str
    attacker: str
    started_seq: int
    throws: tuple[Throw, ...] = ()
    losses: tuple[Losses, ...] = ()
    outcome: str = ""
    ended_seq: int = 0


class Battles(msgspec.Struct, frozen=True):
    records: dict[str, BattleRecord] = {}  # "round/power/battle key" -> record
    round: int = 0
    power: str = ""
    last_dice: DiceRolled | None = None
    last_dice_seq: int = 0


def initial(definition: dict[str, Any]) -> Battles:
    return Battles()


def _key(b: Battles, battle: str) -> str:
    return f"{b.round}/{b.power}/{battle}"


def _update(b: Battles, key: str, **changes: Any) -> Battles:
    records = dict(b.records)
    records[key] = msgspec.structs.replace(records[key], **changes)
    return msgspec.structs.replace(b, records=records)


def _throws(b: Battles, which, **changes: Any) -> Battles:
    """The battle records with the throws ``which`` picks changed (a corrected throw: its faces, then its hits)."""
    records = dict(b.records)
    for key, record in b.records.items():
        if any(which(t) for t in record.throws):
            throws = tuple(msgspec.structs.replace(t, **changes) if which(t) else t for t in record.throws)
            records[key] = msgspec.structs.replace(record, throws=throws)
    return msgspec.structs.replace(b, records=records)


def apply(b: Battles, rec: Recorded) -> Battles:
    e = rec.event
    if isinstance(e, PhaseBegan):
        return msgspec.structs.replace(b, round=e.round, power=e.side)
    if isinstance(e, DiceRolled):
        return msgspec.structs.replace(b, last_dice=e, last_dice_seq=rec.seq)
    if isinstance(e, DiceCorrected):
        return _throws(b, lambda t: t.dice_seq == e.dice_seq, faces=e.faces, corrected=True)
    if isinstance(e, ev.HitsRecounted):
        return _throws(b, lambda t: bool(e.ref) and t.ref == e.ref, hits=e.hits)
    if isinstance(e, ev.BattleJoined):
        key = _key(b, e.battle)
        if key in b.records:
            return b
        records = dict(b.records)
        records[key] = BattleRecord(b.round, e.battle, e.space, e.kind, e.attacker, rec.seq)
        return msgspec.structs.replace(b, records=records)
    if isinstance(e, ev.HitsScored) and b.last_dice is not None:
        key = _key(b, e.battle)
        t = Throw(rec.seq, e.fire, b.last_dice.faces, b.last_dice.targets, e.hits, e.firer,
                  dice_seq=b.last_dice_seq, ref=b.last_dice.ref)
        return _update(b, key, throws=(*b.records[key].throws, t))
    if isinstance(e, ev.CasualtiesChosen) and e.units:
        key = _key(b, e.battle)
        loss = Losses(rec.seq, e.side, len(e.units), len(e.cargo), e.chosen_by)
        return _update(b, key, losses=(*b.records[key].losses, loss))
    if isinstance(e, ev.BattleEnded):
        return _update(b, _key(b, e.battle), outcome=e.outcome, ended_seq=rec.seq)
    return b


# Every type ``apply`` reads (tests/games/aa_classic/test_replay_routes.py checks the list against the module).
BATTLES: Projection[Battles] = Projection("battles", initial, apply, Battles, events=(
    PhaseBegan, DiceRolled, DiceCorrected, ev.BattleJoined, ev.HitsScored, ev.HitsRecounted, ev.CasualtiesChosen,
    ev.BattleEnded))
