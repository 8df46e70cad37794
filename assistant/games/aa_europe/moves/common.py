"""Tools every rule uses: a running fold of the events being decided, rule references, unit selection."""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path

from assistant.decider import Context, Refused
from assistant.families.axis_allies.emitter import Emitter as FamilyEmitter
from assistant.games.aa_europe.describe import PHASES, possessive
from assistant.games.aa_europe.evolve import evolve
from assistant.games.aa_europe.state import State, Unit

MAX_COUNT = 200  # no command names more pieces than the box holds


@functools.cache
def _refs() -> dict[str, dict[str, str]]:
    with (Path(__file__).parent.parent / "rule_refs.toml").open("rb") as fh:
        return tomllib.load(fh)


def rule(key: str) -> str:
    """The rule a refusal cites: 'A&A Europe §<the rulebook's section>, <line>'."""
    ref = _refs()["sections"][key]
    return f"A&A Europe §{ref['section']}, {ref['line']}"


class Emitter(FamilyEmitter[State]):
    """Collects the events a command produces and keeps the state they lead to; ``ctx`` rolls the dice."""

    def __init__(self, state: State, ctx: Context | None = None):
        super().__init__(state, evolve, ctx or Context())


def require_phase(s: State, *phases: str) -> None:
    if s.victory is not None:
        raise Refused(f"the game is over: {s.victory.reason}", rule("victory"))
    if s.phase == "advance":
        raise Refused("the game has not started: finish the cash advance first (aae.end_advance)", rule("cash_advance"))
    if s.phase not in phases:
        wanted = " or ".join(PHASES.get(p, p.replace("_", " ")) for p in phases)
        now = PHASES.get(s.phase, s.phase.replace("_", " "))
        raise Refused(f"this is done in the {wanted} phase; it is now {possessive(s.power)} {now} phase", rule("turn"))


def throw_ref(s: State, kind: str, *parts: object) -> str:
    return ":".join((kind, str(s.round), s.power, *map(str, parts)))


def throw(out: Emitter, purpose: str, count: int, faces, targets: tuple[int, ...], ref: str, thrower: str = ""):
    """Roll (or read the physical faces of) ``count`` dice and record the throw; a die hits on its target or less.
    ``thrower``: the power whose dice they are (luck is credited to it)."""
    t = out.ctx.throw(purpose, count, faces, targets=targets, ref=ref, thrower=thrower)
    out(t)
    return t


def require_reason(reason: str) -> None:
    if not reason.strip():
        raise Refused("an edit or an override needs a reason, for the record", rule("edits"))
    if len(reason) > 500:
        raise Refused("a reason holds at most 500 characters", rule("edits"))


def space_named(s: State, name: str) -> str:
    if name not in s.world.spaces:
        raise Refused(f"there is no space called {name!r} on the A&A Europe board", rule("movement"))
    return name


def pick(
    s: State,
    space: str,
    power: str,
    wanted: dict[str, int],
    ids: Iterable[int],
    usable: Callable[[int, Unit], bool],
    what: str,
    key: str = "movement",
) -> tuple[int, ...]:
    """The units a command names: explicit ids, or ``count`` units of each kind in ``space`` (least moved first)."""
    chosen: list[int] = []
    for i in ids:
        u = s.units.get(i)
        if u is None or u.space != space or u.owner != power:
            raise Refused(f"{s.world.name(power)} has no unit #{i} in {space}", rule(key))
        if not usable(i, u):
            raise Refused(f"unit #{i} ({u.kind}) cannot {what}", rule(key))
        chosen.append(i)
    for kind, count in wanted.items():
        if kind not in s.world.units:
            raise Refused(f"there is no unit type {kind!r}", rule(key))
        if not 0 < count <= MAX_COUNT:
            raise Refused(f"a count of {kind} is 1 to {MAX_COUNT}", rule(key))
        pool = [i for i, u in s.units.items() if u.space == space and u.owner == power and u.kind == kind]
        able = sorted((i for i in pool if i not in chosen and usable(i, s.units[i])), key=lambda i: (s.mark(i).used, i))
        if len(able) < count:
            have = f"{len(able)} of {len(pool)}" if pool else "no"
            raise Refused(f"{s.world.name(power)} has {have} {kind} in {space} able to {what}; {count} named", rule(key))
        chosen.extend(able[:count])
    if not chosen:
        raise Refused("name at least one unit", rule(key))
    return tuple(chosen)


def kinds_of(s: State, ids: Iterable[int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for i in ids:
        out[s.units[i].kind] = out.get(s.units[i].kind, 0) + 1
    return out


def cargo_of(s: State, ids: Iterable[int]) -> tuple[int, ...]:
    holders = set(ids)
    return tuple(i for i, u in s.units.items() if u.aboard in holders)


def is_cargo(s: State, u: Unit) -> bool:
    """Aboard a transport (land units), as opposed to a fighter on a carrier."""
    return bool(u.aboard) and u.aboard in s.units and s.world.units[s.units[u.aboard].kind].transport_capacity > 0


def bought(s: State, units: dict[str, int], key: str) -> int:
    """The cost of ``units``, refusing kinds that cannot be bought (complexes [T L12 #5, L86])."""
    total = 0
    if not units:
        raise Refused("name the units to buy", rule(key))
    for kind, count in units.items():
        if kind not in s.world.units:
            raise Refused(f"there is no unit type {kind!r}", rule(key))
        if s.world.units[kind].has("not_for_sale"):
            raise Refused("industrial complexes cannot be bought or built during the game", rule("complex"))
        if not 0 < count <= MAX_COUNT:
            raise Refused(f"buy 1 to {MAX_COUNT} {kind}", rule(key))
        total += s.world.units[kind].cost * count
    return total
