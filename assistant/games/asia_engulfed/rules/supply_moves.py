"""Supply determination moves (AE 1.12, 1.19, 3.7, 3.8): verdicts for every piece of the phasing side; in Final
Supply the unsupplied are eliminated. The determination cannot be skipped: the phase does not end without it."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed import places
from assistant.games.asia_engulfed.commands import DetermineSupply
from assistant.games.asia_engulfed.rules.supply import NONE, Tracer
from assistant.games.asia_engulfed.state import AEState


KEPT = "not eliminated: the board lacks facts to trace its supply (enter them, or remove the piece with Correct)"


def determine(cmd: DetermineSupply, s: AEState, ctx: Context) -> list[ev.SupplyDetermined]:
    phase = {"initial_supply": "initial", "final_supply": "final"}.get(s.phase)
    if phase is None:
        raise Refused("supply is determined in the Initial and Final Supply Phases", rule="AE 1.12, 1.19")
    key = f"{s.turn}:{s.side}:{phase}"
    if key in s.determined:
        raise Refused(f"{s.side} {phase} supply is already determined this turn", rule="AE 1.12")
    if phase == "initial" and s.side == "japan" and s.network_set_turn != s.turn:
        raise Refused("Japan places (or keeps) its Supply Network first (ae.set_network)", rule="AE 1.12b")
    return [verdicts(s, phase)]


def verdicts(s: AEState, phase: str) -> ev.SupplyDetermined:
    tracer = Tracer(s)
    out, eliminated = [], []
    for pid in sorted(s.pieces):
        p = s.pieces[pid]
        if places.side(p) != s.side or p.kind == "submarine":
            continue
        status, route, reason = tracer.piece(p)
        if (phase == "final" and status != NONE and pid in s.oos and pid in s.moved
                and s.control.get(places.fleet_zone(s, p)) != s.side):
            status, reason = NONE, "moved while Out of Supply and not in a friendly-controlled zone (AE 3.7)"
        if phase == "final" and status == NONE and tracer.missing and "AE 3.7" not in reason:
            # the board lacks facts the trace needed: the assistant does not eliminate on what it does not know
            reason += f"; {KEPT}"
        elif phase == "final" and status == NONE:
            eliminated.append(pid)  # AE 1.19, 3.8: even if supplied at Initial Supply
        out.append(ev.Verdict(piece=pid, status=status, route=route, reason=reason))
    # a CBA goes with its carrier
    eliminated += [p.id for p in s.pieces.values() if p.kind == "cba" and p.at in eliminated]
    return ev.SupplyDetermined(side=s.side, phase=phase, verdicts=tuple(out), eliminated=tuple(eliminated),
                               missing=tuple(sorted(tracer.missing)) if any(v.status == NONE for v in out) else ())
