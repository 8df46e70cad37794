"""The battles of an Axis & Allies log as the reports read them: each fight in log order, the throws it took and the
units it cost, and the name each fight goes by in the battle and luck tables.

Both games key a battle by its place ("Karelia S.S.R.", "Germany/bombing"), so a place fought over again (in
another turn, or by another power) is a new fight from its next ``battle_joined``. Events are recognised by their
tags (``Tags``: the game's namespace), never by the game's classes: the reports import no rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from events.core import DiceRolled, PhaseBegan


@dataclass(frozen=True)
class Tags:
    """The event tags of one game's battles (``aa.`` for the 2nd edition, ``aae.`` for Europe)."""

    joined: str
    scored: tuple[str, ...]  # what a throw did: the hits it scored (or a raid's damage), naming battle and firer
    casualties: str
    cargo_lost: str  # cargo aboard ships behind the casualty line, sunk with them
    ended: str
    odds: str = ""  # the odds the game recorded before the first die
    restored: str = ""  # units a corrected throw gave back
    # aircraft lost in the combat phase, after a naval battle sank the carrier they flew from and left them nowhere to
    # land (A&A Europe [T L98]): that battle's losses; the same event after the non-combat move is no battle's
    stranded: str = ""


class Fight:
    """One battle as fought, from its first ``battle_joined`` to its ``battle_ended``."""

    def __init__(self, key: str, round_: int, side: str, seq: int):
        self.key, self.round, self.side, self.seq = key, round_, side, seq
        self.attacker = ""
        self.kind = ""  # land | naval | bombing, as its first battle_joined says
        self.opened = 0  # the event before its first throw (0: no die thrown)
        self.recorded: Any = None  # the odds recorded before its first die
        self.outcome = ""
        self.ended = False
        self.lost: dict[int, str] = {}  # unit id -> side (attacker | defender; "": cargo), in the order they fell
        self.kinds: dict[int, str] = {}  # unit id -> kind, for units the log itself describes
        self.fell_at: dict[int, int] = {}  # unit id -> the event that took it


def fights(entries: Sequence[Any], tags: Tags) -> tuple[list[Fight], dict[int, tuple[str, Fight]]]:
    """Every fight in log order, and each battle throw's (firing power, fight): the event that says what a throw
    did follows it and names the battle and the firing power."""
    out: list[Fight] = []
    current: dict[str, Fight] = {}
    throws: dict[int, tuple[str, Fight]] = {}
    round_, side = 0, ""
    roll = None  # the throw still waiting for the event that says what it did
    at_sea: Fight | None = None  # the naval fight that ended last in this phase (``Tags.stranded``)
    namespace = tags.joined.partition(".")[0] + "."
    for e in entries:
        if e.cancelled:
            continue
        ev = e.event
        if isinstance(ev, PhaseBegan):
            round_, side = ev.round, ev.side
            at_sea = None
        if isinstance(ev, DiceRolled):
            roll = e
            continue
        key = getattr(ev, "battle", None)
        if e.type.startswith(namespace) and isinstance(key, str) and key:
            fight = current.get(key)
            again = fight is not None and (fight.ended or (fight.round, fight.side) != (round_, side))
            if fight is None or (e.type == tags.joined and again):
                fight = current[key] = Fight(key, round_, side, e.seq)
                out.append(fight)
            _record(fight, e, ev, tags, roll, side, throws)
            if e.type == tags.ended and fight.kind == "naval":
                at_sea = fight
        elif tags.stranded and e.type == tags.stranded and at_sea is not None:
            for uid in ev.units:
                at_sea.lost.setdefault(uid, "attacker" if ev.power == at_sea.attacker else "defender")
                at_sea.fell_at.setdefault(uid, e.seq)
        roll = None
    return out, throws


def _record(fight: Fight, e: Any, ev: Any, tags: Tags, roll: Any, side: str,
            throws: dict[int, tuple[str, Fight]]) -> None:
    if e.type == tags.joined:
        fight.attacker = fight.attacker or getattr(ev, "attacker", "")
        fight.kind = fight.kind or getattr(ev, "kind", "")
    elif e.type == tags.odds and fight.recorded is None and not fight.opened:
        fight.recorded = ev
    elif e.type in tags.scored and roll is not None:
        fight.opened = fight.opened or roll.seq - 1  # the view before the first throw
        throws[roll.seq] = (getattr(ev, "firer", "") or roll.event.thrower or side, fight)
    elif e.type == tags.casualties:
        for uid in (*ev.units, *ev.cargo):
            fight.lost.setdefault(uid, ev.side)
            fight.fell_at.setdefault(uid, e.seq)
    elif e.type == tags.cargo_lost:
        for uid in ev.cargo:
            fight.lost.setdefault(uid, "")
            fight.fell_at.setdefault(uid, e.seq)
    elif e.type == tags.restored:
        for line in ev.units:  # a corrected throw gave them back
            fight.lost.pop(line.id, None)
            fight.kinds[line.id] = line.kind
    elif e.type == tags.ended:
        fight.outcome, fight.ended = getattr(ev, "outcome", ""), True


def labels(fought: Sequence[Fight], name: Callable[[str], str], power: Callable[[str], str]) -> dict[int, str]:
    """Each fight's name, as the battle and per-battle luck tables name it: the place (``name(key)``), with the turn
    when the same place was fought over in several turns: "Manchuria (round 1, USSR)"."""
    places: dict[str, int] = {}
    for f in fought:
        places[f.key] = places.get(f.key, 0) + 1
    return {id(f): name(f.key) if places[f.key] == 1 else f"{name(f.key)} ({turn(f.round, f.side, power)})"
            for f in fought}


def turn(round_: int, side: str, power: Callable[[str], str]) -> str:
    """A turn as the report names it (``reports.build_report``): "round 1, USSR"."""
    when = "set-up" if round_ == 0 else str(round_)
    return f"round {when}" + (f", {power(side).removeprefix('the ')}" if side else "")
