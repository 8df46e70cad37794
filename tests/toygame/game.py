"""Skirmish: two sides buy units for 3 each and attack; each attacking unit hits on 1-2.

Turn: each side has phases "buy" then "attack" then hands over; round advances after the last side.
"""

from __future__ import annotations

from typing import Any

import msgspec

from assistant.decider import Context, GameKind, Move, Refused
from events.base import Command, Event
from events.core import DiceCorrected, PhaseBegan
from projections.base import Projection, Recorded

UNIT_COST = 3
HIT_ON = 2


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    sides: tuple[str, ...] = ("red", "blue")
    treasury: int = 10


# ---------------------------------------------------------------- commands
class Buy(Command, tag="toy.buy"):
    """Buy units for the side playing."""

    count: int


class Attack(Command, tag="toy.attack"):
    """Attack, rolling the dice (or the physical ``faces``)."""

    faces: tuple[int, ...] | None = None


class EndPhase(Command, tag="toy.end_phase"):
    """Hand over to the next phase (and the next side after its attack)."""


class EditTreasury(Command, tag="toy.edit_treasury"):
    """Correct a side's treasury by hand, with a reason."""

    side: str
    amount: int
    reason: str


# ---------------------------------------------------------------- events
class UnitsBought(Event, tag="toy.units_bought"):
    side: str
    count: int
    cost: int


class HitsScored(Event, tag="toy.hits_scored"):
    side: str
    target: str
    hits: int


class HitsAdjusted(Event, tag="toy.hits_adjusted"):
    target: str
    change: int


class TreasuryEdited(Event, tag="toy.treasury_edited"):
    side: str
    amount: int
    reason: str


# ---------------------------------------------------------------- state
class State(msgspec.Struct, frozen=True):
    sides: tuple[str, ...]
    treasury: dict[str, int]
    units: dict[str, int]
    round: int = 0
    side: str = ""
    phase: str = ""


def setup(options: Options) -> dict[str, Any]:
    if len(options.sides) < 2 or len(set(options.sides)) != len(options.sides):
        raise Refused("skirmish needs at least two distinct sides")
    return {"sides": list(options.sides), "treasury": options.treasury}


def initial_state(definition: dict[str, Any]) -> State:
    sides = tuple(definition["sides"])
    return State(sides=sides, treasury={s: definition["treasury"] for s in sides}, units={s: 0 for s in sides})


def _hits(faces: tuple[int, ...]) -> int:
    return sum(1 for f in faces if f <= HIT_ON)


def _next_phase(state: State) -> PhaseBegan:
    if state.round == 0:
        return PhaseBegan(round=1, side=state.sides[0], phase="buy")
    if state.phase == "buy":
        return PhaseBegan(round=state.round, side=state.side, phase="attack")
    i = state.sides.index(state.side)
    if i + 1 < len(state.sides):
        return PhaseBegan(round=state.round, side=state.sides[i + 1], phase="buy")
    return PhaseBegan(round=state.round + 1, side=state.sides[0], phase="buy")


def buy(cmd: Buy, state: State, ctx: Context) -> list[Event]:
    if state.phase != "buy":
        raise Refused("units are bought in the buy phase", rule="Skirmish 1")
    if cmd.count < 1:
        raise Refused("buy at least one unit", rule="Skirmish 1")
    cost = cmd.count * UNIT_COST
    if cost > state.treasury[state.side]:
        raise Refused(f"{cmd.count} units cost {cost}, treasury holds {state.treasury[state.side]}", rule="Skirmish 1")
    return [UnitsBought(side=state.side, count=cmd.count, cost=cost)]


def attack(cmd: Attack, state: State, ctx: Context) -> list[Event]:
    if state.phase != "attack":
        raise Refused("attacks happen in the attack phase", rule="Skirmish 2")
    n = state.units[state.side]
    if n == 0:
        raise Refused(f"{state.side} has no units to attack with", rule="Skirmish 2")
    target = next(s for s in state.sides if s != state.side)
    throw = ctx.throw(f"{state.side} attacks {target}", n, cmd.faces, targets=(HIT_ON,) * n, ref=target)
    return [throw, HitsScored(side=state.side, target=target, hits=min(_hits(throw.faces), state.units[target]))]


def end_phase(cmd: EndPhase, state: State, ctx: Context) -> list[Event]:
    return [_next_phase(state)]


def edit_treasury(cmd: EditTreasury, state: State, ctx: Context) -> list[Event]:
    if not cmd.reason.strip():
        raise Refused("an edit needs a reason", rule="Edit mode")
    if cmd.side not in state.sides:
        raise Refused(f"no side {cmd.side!r}")
    return [TreasuryEdited(side=cmd.side, amount=cmd.amount, reason=cmd.reason)]


# Each command and the phase the table offers it in (boardgame.io's ``moves``); the rules above still refuse.
MOVES = (
    Move(Buy, buy, phases=("buy",)),
    Move(Attack, attack, phases=("attack",)),
    Move(EndPhase, end_phase),
    Move(EditTreasury, edit_treasury),
)
RUN = {m.command: m.run for m in MOVES}


def decide(command: Command, state: State, ctx: Context) -> list[Event]:
    if state.round == 0 and not isinstance(command, (EndPhase, EditTreasury)):
        raise Refused("the game has not started: end the set-up phase first")
    return RUN[type(command)](command, state, ctx)


def _phase_began(state: State, event: PhaseBegan) -> State:
    return msgspec.structs.replace(state, round=event.round, side=event.side, phase=event.phase)


def _units_bought(state: State, event: UnitsBought) -> State:
    return msgspec.structs.replace(
        state,
        treasury={**state.treasury, event.side: state.treasury[event.side] - event.cost},
        units={**state.units, event.side: state.units[event.side] + event.count},
    )


def _hits_scored(state: State, event: HitsScored) -> State:
    return msgspec.structs.replace(state, units={**state.units, event.target: state.units[event.target] - event.hits})


def _hits_adjusted(state: State, event: HitsAdjusted) -> State:
    return msgspec.structs.replace(state, units={**state.units, event.target: state.units[event.target] - event.change})


def _treasury_edited(state: State, event: TreasuryEdited) -> State:
    return msgspec.structs.replace(
        state, treasury={**state.treasury, event.side: state.treasury[event.side] + event.amount})


# One function per fact, found by the event's type (as the real games' evolve does).
APPLY: dict[type, Any] = {
    PhaseBegan: _phase_began,
    UnitsBought: _units_bought,
    HitsScored: _hits_scored,
    HitsAdjusted: _hits_adjusted,
    TreasuryEdited: _treasury_edited,
}


def evolve(state: State, event: Event) -> State:
    apply = APPLY.get(type(event))
    return apply(state, event) if apply else state


def after_dice_corrected(state: State, correction: DiceCorrected) -> list[Event]:
    # The throw's ref names its target; the difference in hits is booked as its own fact.
    change = _hits(correction.faces) - _hits(correction.original)
    if change > 0:  # extra hits only take units still on the board
        change = min(change, state.units[correction.ref])
    return [HitsAdjusted(target=correction.ref, change=change)] if change else []


RECENT = 20


class Ledger(msgspec.Struct, frozen=True):
    """Spent/edited totals per side and the most recent changes with the event that caused each."""

    totals: dict[str, int] = {}
    recent: tuple[tuple[int, str, int, str], ...] = ()  # (seq, side, delta, cause), newest last


def _book(ledger: Ledger, seq: int, side: str, delta: int, cause: str) -> Ledger:
    return Ledger(
        totals={**ledger.totals, side: ledger.totals.get(side, 0) + delta},
        recent=(*ledger.recent[-(RECENT - 1):], (seq, side, delta, cause)),
    )


def ledger_apply(ledger: Ledger, rec: Recorded) -> Ledger:
    ev = rec.event
    if isinstance(ev, UnitsBought):
        return _book(ledger, rec.seq, ev.side, -ev.cost, f"bought {ev.count} units")
    if isinstance(ev, TreasuryEdited):
        return _book(ledger, rec.seq, ev.side, ev.amount, f"edit: {ev.reason}")
    return ledger


LEDGER = Projection("ledger", lambda d: Ledger(), ledger_apply, Ledger, events=(UnitsBought, TreasuryEdited))


def describe(event: Event) -> str:
    if isinstance(event, UnitsBought):
        return f"{event.side} bought {event.count} units for {event.cost}."
    if isinstance(event, HitsScored):
        return f"{event.side} scored {event.hits} hits on {event.target}."
    if isinstance(event, TreasuryEdited):
        return f"Edit: {event.side} treasury {event.amount:+d} ({event.reason})."
    return ""


def guidance(state: State) -> str:
    if state.round == 0:
        return "Set-up: end the phase to start round 1."
    return f"Round {state.round}: {state.side} — {state.phase}."


GAME = GameKind(
    name="toy",
    title="Skirmish (test game)",
    namespace="toy",
    options_type=Options,
    setup=setup,
    initial_state=initial_state,
    decide=decide,
    evolve=evolve,
    state_type=State,
    commands=(Buy, Attack, EndPhase, EditTreasury),
    events=(UnitsBought, HitsScored, HitsAdjusted, TreasuryEdited),
    describe=describe,
    projections=(LEDGER,),
    guidance=guidance,
    after_dice_corrected=after_dice_corrected,
    moves=MOVES,
    sides=lambda s: s.sides,
)
