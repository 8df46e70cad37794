"""Tools every rule uses: a running fold of the events being decided, unit selection, step checks."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from assistant.decider import Refused
from assistant.families.axis_allies.emitter import Emitter as FamilyEmitter
from assistant.games.aa_classic.describe import STEP, power_words, unit_words
from assistant.games.aa_classic.evolve import evolve
from assistant.games.aa_classic.geography import canals_open
from assistant.games.aa_classic.state import State, Unit


class Emitter(FamilyEmitter[State]):
    """Collects the events a command produces and keeps the state they lead to (later rules read it)."""

    def __init__(self, state: State):
        super().__init__(state, evolve)


def require_step(s: State, *steps: str) -> None:
    if s.victory is not None:
        raise Refused(f"the game is over: {s.victory.reason}", "A&A §1.2")
    if s.round == 0:
        raise Refused("the game has not started: send aa.start", "A&A §2.1")
    if s.step not in steps:
        wanted = " or ".join(STEP.get(step, step) for step in steps)
        now = STEP.get(s.step, s.step)
        raise Refused(f"this is done in the {wanted} step; it is now {power_words(s.power)}'s {now} step", "A&A §2.2")


def known_space(s: State, name: str, what: str = "space") -> None:
    """Refuses a space the board does not have, naming it (or saying none was named)."""
    if name not in s.world.board.spaces:
        raise Refused(f"name a {what}" if not name.strip() else f"there is no {what} {name!r} on the board", "A&A §7.1")


def throw_ref(s: State, kind: str, *parts: object) -> str:
    """The machine key of a throw (``core.dice_rolled.ref``), unique in the game: kind, game round, power, detail.
    A correction of the throw is traced back through it (``corrections``)."""
    return ":".join((kind, str(s.round), s.power, *map(str, parts)))


def parse_ref(ref: str) -> tuple[str, int, str, list[str]]:
    """(kind, game round, power, detail parts) of a ref made by ``throw_ref``; space names never hold a colon."""
    kind, round_, power, *rest = ref.split(":") if ref.count(":") >= 2 else (ref, "0", "")
    return kind, int(round_) if round_.isdigit() else 0, power, rest


def contested_zones(s: State, power: str) -> list[str]:
    """Sea zones where ``power`` has units (not cargo) that share the zone with enemy units and have joined no
    battle there (optional rule O2: they must leave in the combat move or attack)."""
    w = s.world
    found = set()
    for i, u in s.units.items():
        if u.owner != power or not w.is_sea(u.space) or u.space in found or u.space in s.battles:
            continue
        if u.aboard and u.aboard in s.units and w.units[s.units[u.aboard].kind].transport_capacity:
            continue
        if s.enemy_units_in(u.space, power):
            found.add(u.space)
    return sorted(found)


def require_reason(reason: str) -> None:
    if not reason.strip():
        raise Refused("an edit needs a reason, for the record", "A&A edits")


def movement_of(s: State, kind: str, power: str) -> int:
    """A unit type's movement for this power (long-range aircraft add 2: A&A §5.2)."""
    unit = s.world.units[kind]
    bonus = 2 if unit.domain == "air" and s.has_tech(power, "long_range_aircraft") else 0
    return unit.movement + bonus


def pick(
    s: State,
    space: str,
    power: str,
    wanted: dict[str, int],
    ids: Iterable[int],
    usable: Callable[[int, Unit], bool],
    what: str,
) -> tuple[int, ...]:
    """The units a command names: explicit ids, or ``count`` units of each kind in ``space`` (least moved first)."""
    chosen: list[int] = []
    for i in ids:
        u = s.units.get(i)
        if u is None or u.space != space or u.owner != power:
            raise Refused(f"{power_words(power)} has no unit #{i} in {space}", "A&A §7.3")
        if not usable(i, u):
            raise Refused(f"unit #{i} ({u.kind}) cannot {what}", "A&A §7.3")
        chosen.append(i)
    for kind, count in wanted.items():
        if kind not in s.world.units:
            raise Refused(f"there is no unit type {kind!r}", "A&A §3.1")
        if count <= 0:
            raise Refused(f"a count of {kind} must be positive", "A&A §3.1")
        pool = [i for i, u in s.units.items() if u.space == space and u.owner == power and u.kind == kind]
        able = sorted((i for i in pool if i not in chosen and usable(i, s.units[i])), key=lambda i: (s.mark(i).used, i))
        if len(able) < count:
            have = f"{len(able)} of {len(pool)}" if pool else "no"
            raise Refused(f"{power_words(power)} has {have} {unit_words(kind, len(pool) if pool else 2)} in {space} "
                          f"able to {what}; {count} named", "A&A §7.3")
        chosen.extend(able[:count])
    if not chosen:
        raise Refused("name at least one unit", "A&A §7.3")
    return tuple(chosen)


def kinds_of(s: State, ids: Iterable[int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for i in ids:
        k = s.units[i].kind
        out[k] = out.get(k, 0) + 1
    return out


def cargo_of(s: State, ids: Iterable[int]) -> tuple[int, ...]:
    """Units aboard any of ``ids`` (transport cargo, fighters on carriers)."""
    holders = set(ids)
    return tuple(i for i, u in s.units.items() if u.aboard in holders)


def open_canals(s: State) -> frozenset[str]:
    """Canals open to the moving power: its side controlled every canal territory at the start of its turn.

    Ruling (digest §12 #38): Suez is measured at the start of the turn like Panama. The snapshot holds the mover's
    own territories; its allies' control is taken as it stands, since allies cannot change it during this turn.
    """
    w = s.world
    held = set(s.controlled_at_start) | {t for t, p in s.control.items() if p != s.power and w.allied(p, s.power)}
    return canals_open(w.board, held)
