"""The rules, one small function per command (each refusal names the rule)."""

from __future__ import annotations

from assistant.decider import Context, Refused
from events.core import PhaseBegan
from tabletop_duel import commands as c
from tabletop_duel.events import DuelWon, PointScored
from tabletop_duel.state import State


def start(cmd: c.Start, s: State, ctx: Context) -> list:
    if s.round:
        raise Refused("the duel has already started", rule="Duel 2")
    return [PhaseBegan(round=1, side="", phase="roll")]


def still_to_roll(s: State) -> tuple[str, ...]:
    return tuple(side for side in s.sides if side not in s.rolled)


def roll(cmd: c.Roll, s: State, ctx: Context) -> list:
    if s.phase != "roll":
        raise Refused("dice are rolled once the duel has started and until it is won", rule="Duel 2")
    if cmd.side not in s.sides:
        raise Refused(f"{cmd.side!r} is not a side of this duel ({', '.join(s.sides)})", rule="Duel 1")
    if cmd.side in s.rolled:
        raise Refused(f"{cmd.side} has already rolled this round", rule="Duel 2")
    # 4 or more counts as a good roll in the luck report, credited to the side that threw (no adapter needed)
    throw = ctx.throw(f"{cmd.side}'s die", 1, cmd.faces, targets=(4,), hits_when="at_least", thrower=cmd.side)
    out: list = [throw]
    faces = {**s.rolled, cmd.side: throw.faces[0]}
    if len(faces) < len(s.sides):
        return out
    (a, fa), (b, fb) = faces.items()
    if fa != fb:  # Duel 3: a tie scores nothing and the round is rolled again
        high, low = (a, b) if fa > fb else (b, a)
        out.append(PointScored(side=high, high=max(fa, fb), low=min(fa, fb)))
        if s.score[high] + 1 >= s.target:
            out.append(DuelWon(side=high, how="points"))
            return out
    out.append(PhaseBegan(round=s.round + 1, side="", phase="roll"))
    return out


def concede(cmd: c.Concede, s: State, ctx: Context) -> list:
    if s.winner:
        raise Refused(f"the duel is over: {s.winner} won", rule="Duel 4")
    if cmd.side not in s.sides:
        raise Refused(f"{cmd.side!r} is not a side of this duel ({', '.join(s.sides)})", rule="Duel 1")
    other = next(side for side in s.sides if side != cmd.side)
    return [DuelWon(side=other, how="concession")]
