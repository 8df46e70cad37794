"""What a corrected throw changes. An assault attack's counters are still face down until the Casualty Phase, so
its hits (and every later attack's counters on the same unit) are worked out again from the corrected faces.
A corrected throw that now hits a unit whose cover roll was never needed asks for that roll (p.24); automatic
cover (Forest Camouflage) and cover ignored (Bombardment) apply as they did for the attack (p.26).
Throws whose consequences have already happened on the table (movement rolls, defensive fire, initiative, a
Casualty Phase already played) are corrected by hand with aam.edit_unit: the log shows both."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

import assistant.games.aa_miniatures.events as ev
from assistant.decider import Refused
from assistant.games.aa_miniatures import combat
from assistant.games.aa_miniatures.state import ShotRecord, State


def _counters(s: State, shots: dict[str, ShotRecord], target: int) -> tuple[str, ...]:
    """The face-down counters of every attack on ``target`` since the last Casualty Phase, in order (p.16, p.24)."""
    u = s.units[target]
    placed: tuple[str, ...] = ()
    for record in (r for r in shots.values() if r.target == target):
        if record.covered:
            placed += combat.counters_under_cover(placed, record.hits)
        else:
            placed += combat.counters(s.card(u).type, u.damaged, placed, record.hits)
    return placed


def revised_counters(s: State, key: str, hits: int, covered: bool, rolled: bool = False) -> ev.CountersRevised:
    shot = s.shots[key]
    shots = {**s.shots, key: replace(shot, hits=hits, covered=covered, rolled=shot.rolled or rolled)}
    u = s.units[shot.target]
    return ev.CountersRevised(target=u.id, counters=_counters(s, shots, u.id), ref=key, label=u.label, hits=hits,
                              covered=covered, cover_rolled=rolled)


def after_dice_corrected(s: State, correction: Any) -> list:
    ref = correction.ref
    key = ref[len("cover-"):] if ref.startswith("cover-") else ref
    shot = s.shots.get(key)
    if shot is None:
        return []
    u = s.units[shot.target]
    if ref.startswith("cover-"):
        needed = correction.targets[0] if correction.targets else 0
        hits, covered = shot.hits, correction.faces[0] >= needed
    else:
        successes = sum(1 for f, t in zip(correction.faces, correction.targets) if f >= t)
        hits, covered = combat.hits(successes, shot.defense), shot.covered
        if shot.cover == "automatic":
            covered = hits > 0
        elif shot.cover == "rolled" and not shot.rolled:
            keys = list(s.shots)
            earlier = _counters(s, {k: s.shots[k] for k in keys[: keys.index(key)]}, u.id)
            if combat.cover_matters("assault", hits, earlier, s.card(u).type, u.damaged):
                return _ask_cover(s, key, shot, successes, hits)
    revised = revised_counters(s, key, hits, covered)
    if revised.counters == u.hidden and (hits, covered) == (shot.hits, shot.covered):
        return []
    return [revised]


def _ask_cover(s: State, key: str, shot: ShotRecord, successes: int, hits: int) -> list:
    """The corrected throw now hits a unit in cover that never rolled for it: the counters as without cover for
    now, and its player rolls (aam.cover) before anything else (p.24)."""
    u = s.units[shot.target]
    if s.cover is not None or s.window is not None:
        raise Refused(f"finish {'the cover roll' if s.cover is not None else 'the move under way'} first: the "
                      f"corrected throw gives {u.label} a cover roll", "AAM p.24")
    return [revised_counters(s, key, hits, False),
            ev.CoverAwaited(attacker=shot.attacker, target=u.id, kind="assault", hits=hits, successes=successes,
                            defense=shot.defense, needed=shot.needed, ref=key, label=u.label)]
