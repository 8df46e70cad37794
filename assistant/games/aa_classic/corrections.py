"""A corrected physical throw: what the rules make of the corrected faces (ruling "Dice corrections").

The throw is found through its ref (``throw_ref``: kind, game round, power, detail) and the record the state kept
of what it decided:

* battle throws, while the battle goes on: hits still waiting for a choice are recounted; hits beyond the
  casualties already taken wait for the owner's choice (behind the casualty line while the round is open);
  fewer hits bring casualties back, the costliest first (each transport with its cargo);
* AA fire at aircraft flying over, during that combat move: more hits shoot down more of those aircraft (the
  ones the owner named, then the cheapest); fewer bring aircraft back, flying on into their battle;
* strategic raids and rockets, at any time: the owner pays the difference, counted against the treasury it had
  when it was hit;
* research and technology dice, during that power's turn: breakthroughs waiting are recounted, technologies the
  throw no longer gives are withdrawn (the latest first), new ones read from the corrected faces.

A throw whose battle is over or whose turn has passed gets ``aa.correction_outstanding``: the table rolls back
to it or edits the board.
"""

from __future__ import annotations

import assistant.games.aa_classic.events as ev
from assistant.decider import Refused
from assistant.games.aa_classic.moves.battle import auto_casualties, count_hits, settle
from assistant.games.aa_classic.moves.common import Emitter, parse_ref
from assistant.games.aa_classic.moves.economy import read_technology_dice
from assistant.games.aa_classic.moves.movement import aa_losses, unit_lines
from assistant.games.aa_classic.state import Fire, State
from events.core import DiceCorrected


def after_dice_corrected(s: State, correction: DiceCorrected) -> list:
    kind, round_, power, detail = parse_ref(correction.ref)
    out = Emitter(s)
    this_turn = (round_, power) == (s.round, s.power)
    if kind == "battle" and detail and detail[-1] == "damage":
        _damage(out, correction)
    elif kind == "rocket":
        _damage(out, correction)
    elif kind == "battle" and this_turn:
        _battle_throw(out, correction, detail[0])
    elif kind == "overflight" and this_turn and s.step == "combat_move":
        _overflight(out, correction)
    elif kind == "research" and this_turn:
        _research(out, correction)
    elif kind == "breakthrough" and this_turn:
        _technology(out, correction)
    elif kind in ("battle", "overflight", "research", "breakthrough"):
        out(ev.CorrectionOutstanding(ref=correction.ref, reason=_too_late(kind, s)))
    return out.events


def _too_late(kind: str, s: State) -> str:
    if kind == "overflight":
        return "the combat move of that AA fire is over: roll back to the throw or edit the aircraft by hand"
    return "that turn has been played: roll back to the throw or edit the board by hand"


# ---------------------------------------------------------------- battles


def _battle_throw(out: Emitter, correction: DiceCorrected, key: str) -> None:
    s = out.state
    b = s.battles.get(key)
    fire = b.fires.get(correction.ref) if b is not None else None
    if b is None or fire is None:
        return
    hits, ships_only = count_hits(correction.faces, fire.targets, fire.restricted)
    if (hits, ships_only) == (fire.hits, fire.ships_only):
        return
    if b.outcome:
        out(ev.CorrectionOutstanding(ref=correction.ref, reason=f"the battle of {key} is over ({b.outcome}): "
                                     "roll back to the throw or edit the board by hand"))
        return
    p = b.pending
    if p is not None and p.ref == correction.ref:
        out(ev.HitsRecounted(battle=key, hits=hits, ships_only=ships_only, ref=correction.ref))
        if hits == 0:
            out(ev.CasualtiesChosen(battle=key, side=p.side, units=(), removed=not p.line, chosen_by="rule"))
        else:
            auto_casualties(out, key)
        settle(out, key)
        return
    taken = _primary(fire)
    if hits > len(taken):
        if p is not None:
            raise Refused(
                f"the {p.side} of {key} must first choose the casualties waiting; then correct this throw", "A&A §6.1"
            )
        line = fire.fire in ("attack", "support") and fire.round == b.round  # that round's line is still open
        out(ev.HitsRecounted(battle=key, hits=hits, ships_only=ships_only, ref=correction.ref,
                             extra=hits - len(taken), line=line))
        auto_casualties(out, key)
    else:
        out(ev.HitsRecounted(battle=key, hits=hits, ships_only=ships_only, ref=correction.ref))
        if hits < len(taken):
            back = _restored(s, fire, len(taken) - hits, hits - ships_only)
            side = "defender" if fire.side == "attacker" else "attacker"
            out(ev.CasualtiesRestored(battle=key, side=side, units=back, ref=correction.ref))
    settle(out, key)


def _primary(fire: Fire) -> list[ev.UnitLine]:
    """The casualties taken for a throw, without the cargo that went down with them."""
    ids = {line.id for line in fire.taken}
    return [line for line in fire.taken if line.aboard not in ids]


def _restored(s: State, fire: Fire, count: int, air_allowed: int) -> tuple[ev.UnitLine, ...]:
    """Ruling: the costliest casualties come back first (aircraft first when submarine hits can no longer cover
    them); each transport or carrier comes back with what it carried."""
    w = s.world
    taken = _primary(fire)
    air = [t for t in taken if w.domain(t.kind) == "air"]
    must = sorted(air, key=lambda t: (-w.units[t.kind].cost, t.id))[: max(0, len(air) - max(air_allowed, 0))]
    rest = sorted((t for t in taken if t not in must), key=lambda t: (-w.units[t.kind].cost, t.id))
    chosen = (must + rest)[:count]
    ids = {t.id for t in chosen}
    return (*chosen, *(t for t in fire.taken if t.aboard in ids))


# ---------------------------------------------------------------- AA fire at aircraft flying over


def _overflight(out: Emitter, correction: DiceCorrected) -> None:
    s = out.state
    flight = s.flights.get(correction.ref)
    if flight is None:
        return
    hits = sum(1 for f in correction.faces if f <= 1)
    down = len(flight.down)
    if hits > down:
        alive = [i for i in flight.aircraft if i in s.units]
        more = aa_losses(s, flight, hits - down, alive)
        if more:
            out(ev.AircraftShotDown(power=flight.power, units=more, space=flight.space, context="overflight",
                                    ref=correction.ref, lines=unit_lines(s, more)))
    elif hits < down:
        back = flight.down[hits:]
        out(ev.AircraftRestored(power=flight.power, units=back, space=flight.space, ref=correction.ref))
        ids = tuple(line.id for line in back)
        key = f"{flight.end}/bombing" if flight.arrival == "bombing" else flight.end
        if flight.arrival == "bombing" or s.enemy_units_in(flight.end, flight.power):
            out(ev.BattleJoined(battle=key, space=flight.end, kind=flight.arrival, attacker=flight.power, units=ids,
                                came_from=flight.came))


# ---------------------------------------------------------------- raids and rockets


def _damage(out: Emitter, correction: DiceCorrected) -> None:
    s = out.state
    known = s.damages.get(correction.ref)
    if known is None:
        return
    total = sum(correction.faces)
    change = min(total, known.before) - known.paid
    if change > 0:
        change = min(change, s.treasury.get(known.owner, 0))
    if total != known.total or change:
        out(ev.DamageCorrected(ref=correction.ref, territory=known.territory, owner=known.owner, total=total,
                               change=change))


# ---------------------------------------------------------------- research


def _research(out: Emitter, correction: DiceCorrected) -> None:
    s = out.state
    if correction.ref != s.research_ref:
        return
    face = s.world.tables.breakthrough_face
    sixes = sum(1 for f in correction.faces if f >= face)
    acquired = [t for given in s.tech_rolls.values() for t in given]
    waiting = sixes - len(acquired)
    for tech in reversed(acquired[waiting:] if waiting < 0 else []):
        out(ev.TechnologyRevoked(power=s.power, technology=tech, reason="the corrected research dice give fewer sixes"))
    out(ev.BreakthroughsRecounted(power=s.power, waiting=max(waiting, 0), sixes=sixes))


def _technology(out: Emitter, correction: DiceCorrected) -> None:
    s = out.state
    given = s.tech_rolls.get(correction.ref)
    if given is None:
        return
    for tech in reversed(given):
        out(ev.TechnologyRevoked(power=s.power, technology=tech, reason="the technology die was corrected"))
    budget = out.state.breakthroughs + len(given)
    out(ev.BreakthroughsRecounted(power=s.power, waiting=budget))
    read_technology_dice(out, correction.faces[:budget], correction.ref)

