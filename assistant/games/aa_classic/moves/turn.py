"""The turn machine: start, then each power's six steps; income, end of turn, end of round, victory."""

from __future__ import annotations

import assistant.games.aa_classic.events as ev
from assistant.decider import Context, Refused
from assistant.games.aa_classic import commands as cmd
from assistant.games.aa_classic.describe import power_words
from assistant.games.aa_classic.moves import victory
from assistant.games.aa_classic.moves.common import Emitter, contested_zones, movement_of, require_step
from assistant.games.aa_classic.moves.movement import carrier_berths, landings
from assistant.games.aa_classic.moves.placement import placeable
from assistant.games.aa_classic.state import State
from events.core import PhaseBegan


def begin_turn(s: State, round_: int, power: str) -> list:
    controlled = tuple(sorted(t for t, p in s.control.items() if p == power))
    return [ev.TurnStarted(round=round_, power=power, controlled=controlled), _phase(round_, power, "purchase")]


def _phase(round_: int, power: str, step: str) -> PhaseBegan:
    return PhaseBegan(round=round_, side=power, phase=step)


def start(c: cmd.Start, s: State, ctx: Context) -> list:
    if s.round:
        raise Refused("the game has already started", "A&A §2.1")
    return begin_turn(s, 1, s.world.tables.turn_order[0])


def _unplaced(s: State, override: str) -> list:
    """Units bought that cannot be placed are lost (A&A §4.5); ending placement while some still can be placed
    is refused, unless the table overrides it with a reason (then they are lost too)."""
    can = placeable(s)
    if can and not override:
        said = "; ".join(f"{kind.replace('_', ' ')} at {', '.join(where[:4])}{' …' if len(where) > 4 else ''}"
                         for kind, where in can.items())
        raise Refused(f"units waiting can still be placed ({said}): place them first; only units that cannot be "
                      "placed are lost, or end placement anyway with a reason", "A&A §4.5")
    out: list = []
    if can:
        out.append(ev.RuleOverridden(command="aa.end_step", refusal="units waiting could still be placed",
                                     rule="A&A §4.5", reason=override))
    reason = f"not placed ({override})" if can else "no complex can take them (A&A §4.5)"
    out.append(ev.UnitsForfeited(power=s.power, units=dict(s.purchased), reason=reason))
    return out


def end_step(c: cmd.EndStep, s: State, ctx: Context) -> list:
    require_step(s, *s.world.tables.steps)
    out = Emitter(s)
    steps = s.world.tables.steps
    step = s.step
    if s.breakthroughs:
        raise Refused("roll the technology dice of your breakthroughs first", "A&A §5.1")
    if step == "combat":
        open_battles = [b.key for b in s.battles.values() if not b.outcome]
        if open_battles:
            raise Refused(f"every battle must be fought to its end first: {', '.join(open_battles)}", "A&A §2.1")
    if step == "combat_move" and s.options.get("enemy_zone_placement"):
        stuck = contested_zones(s, s.power)
        if stuck:
            raise Refused(
                f"enemy ships were placed among yours in {', '.join(stuck)}: move your units out or attack them there "
                "(aa.declare_attack)",
                "A&A Annex IV",
            )
    if step == "noncombat_move":
        out(*aircraft_without_landing(s, c.override.strip()))
    if step == "placement" and s.purchased:
        out(*_unplaced(s, c.override.strip()))
    if step != "income":
        out(_phase(s.round, s.power, steps[steps.index(step) + 1]))
        return out.events
    out(*collect_income(s))
    out(ev.TurnEnded(round=s.round, power=s.power))
    won = victory.military(out.state)
    order = s.world.tables.turn_order
    last = s.power == order[-1]
    if won is None and last:
        axis = sum(out.state.production.get(p, 0) for p in s.world.tables.sides["axis"])
        out(ev.RoundEnded(round=s.round, axis_production=axis))
        won = victory.economic(out.state)
    if won is not None:
        out(won)
        return out.events
    next_round = s.round + 1 if last else s.round
    out(*begin_turn(out.state, next_round, order[(order.index(s.power) + 1) % len(order)]))
    return out.events


def collect_income(s: State) -> list:
    """Step 6: the production level, from the bank, unless the capital is in enemy hands (A&A §4.6, §4.7).

    A capital its owner liberated this very turn gives no income yet: "lorsque votre capitale est libérée ... vous
    ne pouvez pas immédiatement encaisser de revenu" (memo, src L1652); the owner collects at the end of its next
    turn, as when an ally liberates it."""
    capital = s.world.capital_of(s.power)
    if s.capital_held_by_enemy(s.power):
        return [ev.IncomeWithheld(power=s.power, reason=f"{capital} is held by {power_words(s.controller(capital))}")]
    if capital in s.captured_this_turn:
        return [ev.IncomeWithheld(power=s.power, reason=f"{capital} was liberated only this turn; income resumes at "
                                                        "the end of the next turn (A&A §4.6)")]
    return [ev.IncomeCollected(power=s.power, amount=s.production.get(s.power, 0))]


def stranded(s: State) -> list[int]:
    """The mover's aircraft not on a landing: at sea off any carrier, or in a territory that is not friendly or was
    captured this turn (A&A §7.8)."""
    out = []
    for i, u in s.units.items():
        if u.owner != s.power or s.world.domain(u.kind) != "air":
            continue
        if s.world.is_sea(u.space):
            ok = u.aboard != 0
        else:
            ok = s.friendly_territory(u.space, s.power) and u.space not in s.captured_this_turn
        if not ok:
            out.append(i)
    return out


def still_able_to_land(s: State) -> dict[int, list[str]]:
    """Aircraft without a landing that can still reach one with the movement they have left, with where."""
    out = {}
    for i in stranded(s):
        u = s.units[i]
        where = landings(s, u.kind, u.space, movement_of(s, u.kind, u.owner) - s.mark(i).used)
        # A zone counts only with room on a carrier already there: a carrier still to come is the table's plan.
        where = [n for n in where if not s.world.is_sea(n) or carrier_berths(s, n, (i,))]
        if where:
            out[i] = where
    return out


def aircraft_without_landing(s: State, override: str = "") -> list:
    """At the end of the non-combat move, aircraft with nowhere to be are lost (A&A §7.4, §7.8). Only aircraft that
    cannot land are lost: ending the move while one could still land is refused, as for placement (A&A §4.5),
    unless the table says why (then they are lost too)."""
    lost = stranded(s)
    if not lost:
        return []
    can = still_able_to_land(s)
    out: list = []
    if can:
        if not override:
            said = "; ".join(
                f"{s.units[i].kind.replace('_', ' ')} #{i} in {s.units[i].space} "
                f"(to {', '.join(where[:3])}{' …' if len(where) > 3 else ''})"
                for i, where in can.items()
            )
            raise Refused(f"aircraft can still land: {said}. Land them first; only aircraft that cannot land are "
                          "lost, or end the move anyway with a reason", "A&A §7.8")
        out.append(ev.RuleOverridden(command="aa.end_step", refusal="aircraft could still land", rule="A&A §7.8",
                                     reason=override))
    reason = f"not landed ({override})" if can else "no friendly landing at the end of the move"
    out.append(ev.AircraftLost(power=s.power, units=tuple(lost), reason=reason))
    return out
