"""Every battle fought: who attacked what, each throw and its hits, casualties, the odds before the first die.

A battle's losses are every unit it removed, each counted once, on the side it fought for: the casualties chosen
(taken at once or behind the casualty line), the cargo that sank with its transport or carrier, whether at once or
when the line was cleared [T L106], and the defending fighters a sunk carrier left with nowhere to land [T L98].
The fold reads the game's state after each event (``reads_game``) to know whose ship each cargo unit sinks with.
"""

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
    fallen: dict[int, str] = {}  # unit id -> side (attacker | defender): each unit lost, once
    doomed: dict[int, str] = {}  # cargo aboard units behind the casualty line -> side: it sinks when the line clears
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
    at_sea: str = ""  # the naval battle that ended last this phase: fighters its sunk carrier stranded are its losses


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


def apply(b: Battles, rec: Recorded, game: Any = None) -> Battles:
    """``game``: the game's state after this event, as the replay folded it (None: the cargo's side is the line's)."""
    e = rec.event
    if isinstance(e, PhaseBegan):
        return msgspec.structs.replace(b, round=e.round, at_sea="")
    if isinstance(e, ev.AircraftLost):  # in the combat phase, only fighters whose carrier sank, nowhere to land
        r = _current(b, b.at_sea) if b.at_sea else None
        if r is None:
            return b  # the end of the mover's non-combat move: lost for want of a landing, not in a battle
        return _lost(b, r, {i: "attacker" if e.power == r.attacker else "defender" for i in e.units})
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
        doomed = r.doomed
        if not e.removed and game is not None:  # behind the line: what they carry sinks with them when it clears
            line = set(e.units)
            doomed = {**doomed, **{i: e.side for i, u in game.units.items() if u.aboard in line}}
        return _lost(b, r, {i: e.side for i in (*e.units, *e.cargo)}, damaged=r.damaged + len(e.damaged),
                     doomed=doomed)
    if isinstance(e, ev.LineCleared):  # its units were lost when chosen: their cargo sinks with them now
        return _lost(b, r, {i: r.doomed.get(i) or _line_side(r, e) for i in e.cargo})
    if isinstance(e, ev.BattleOddsRecorded):
        odds = {"attacker_wins": e.attacker_wins, "defender_wins": e.defender_wins, "draw": e.draw}
        return _update(b, e.battle, odds=odds, attacking=e.attacking, defending=e.defending, defender=e.defender)
    if isinstance(e, ev.BattleEnded):
        ended = _update(b, e.battle, outcome=e.outcome)
        return msgspec.structs.replace(ended, at_sea=e.battle) if r.kind == "naval" else ended
    return b


def _lost(b: Battles, r: BattleRecord, fallen: dict[int, str], **changes: Any) -> Battles:
    """``fallen`` (unit id -> side) added to the battle's losses; a unit already counted is not counted again."""
    new = {i: side for i, side in fallen.items() if i not in r.fallen}
    lost = dict(r.lost)
    for side in new.values():
        lost[side] = lost.get(side, 0) + 1
    return _update(b, r.key, lost=lost, fallen={**r.fallen, **new}, **changes)


def _line_side(r: BattleRecord, e: ev.LineCleared) -> str:
    """The side of cargo whose ship was not seen going behind the line (no game state at hand): the line's side, when
    it held one side only."""
    sides = {r.fallen.get(i, "") for i in e.units} - {""}
    return sides.pop() if len(sides) == 1 else "defender"


BATTLES: Projection[Battles] = Projection("battles", initial, apply, Battles, reads_game=True)
