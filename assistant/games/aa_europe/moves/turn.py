"""The turn machine: the cash advance, then each power's seven phases [T L29]; the end of a turn checks victory."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.aa_europe import commands as cmd
from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.moves import economy, victory
from assistant.games.aa_europe.moves.common import Emitter, require_phase, rule
from assistant.games.aa_europe.state import State
from events.core import PhaseBegan


def begin_turn(s: State, round_: int, power: str) -> list:
    out = Emitter(s)
    controlled = tuple(sorted(t for t, p in s.control.items() if p == power))
    out(ev.TurnStarted(round=round_, power=power, controlled=controlled))
    out(*victory.check_armed(out.state, power))
    if out.state.victory is None:
        out(PhaseBegan(round=round_, side=power, phase="purchase"))
    return out.events


def end_advance(c: cmd.EndAdvance, s: State, ctx: Context) -> list:
    if s.phase != "advance" or not s.advance_side:
        raise Refused("the cash advance is over", rule("cash_advance"))
    out = Emitter(s)
    economy._grant_germany(out)
    if s.advance_side == "axis":
        out(ev.AdvanceClosed(side="axis"))
        return out.events
    if not any(p in s.advance for p in s.world.tables.sides["allies"]):
        raise Refused("the Allies split their 12 IPC first (aae.split_advance)", rule("cash_advance"))
    out(ev.AdvanceClosed(side="allies"))
    # Starting income: every power at the start of round 1, as its chart shows (ruling R7) [T L28].
    out(ev.StartingIncomePaid(amounts=dict(out.state.start_income)))
    out(*begin_turn(out.state, 1, s.world.tables.turn_order[0]))
    return out.events


def end_phase(c: cmd.EndPhase, s: State, ctx: Context) -> list:
    require_phase(s, *s.world.tables.phases)
    phases = s.world.tables.phases
    out = Emitter(s)
    if s.phase != "income" and (c.middle_east or c.decided_by != "agreement"):
        raise Refused("the Middle East column is paid when Germany ends its income phase", rule("middle_east"))
    if s.phase == "combat":
        open_battles = [b.key for b in s.battles.values() if not b.outcome]
        if open_battles:
            raise Refused(f"every battle is fought to its end first: {', '.join(open_battles)}", rule("combat"))
    if s.phase == "noncombat_move":
        out(*aircraft_without_landing(s))
    if s.phase == "placement":
        if s.purchased:
            out(ev.UnitsForfeited(power=s.power, units=dict(s.purchased), reason="not placed by the end of placement"))
        out(PhaseBegan(round=s.round, side=s.power, phase="surface_repair"))
        out(surface_and_repair(out.state))
        out(PhaseBegan(round=s.round, side=s.power, phase="income"))
        return out.events
    if s.phase != "income":
        out(PhaseBegan(round=s.round, side=s.power, phase=phases[phases.index(s.phase) + 1]))
        return out.events
    out(*economy.collect_income(s, c))
    out(ev.TurnEnded(round=s.round, power=s.power))
    order = s.world.tables.turn_order
    last = s.power == order[-1]
    out(*begin_turn(out.state, s.round + 1 if last else s.round, order[(order.index(s.power) + 1) % len(order)]))
    return out.events


def surface_and_repair(s: State) -> ev.SurfacedAndRepaired:
    """Phase 6: every submerged submarine and damaged battleship, any nationality, is set upright [T L78]."""
    subs = tuple(sorted(i for i, u in s.units.items() if u.submerged))
    ships = tuple(sorted(i for i, u in s.units.items() if u.damaged))
    return ev.SurfacedAndRepaired(submarines=subs, battleships=ships)


def aircraft_without_landing(s: State) -> list:
    """At the end of the non-combat move, the mover's aircraft with nowhere friendly to be are lost [T L68, L93]:
    on land, friendly territory not captured this turn; at sea, fighters on friendly carriers with room (those
    beyond the room are lost, the latest arrivals first); bombers never at sea."""
    from assistant.games.aa_europe.moves.air import carrier_room

    w = s.world
    lost = []
    over: dict[str, int] = {}
    for i, u in sorted(s.units.items(), reverse=True):
        if u.owner != s.power or w.domain(u.kind) != "air":
            continue
        if not w.is_sea(u.space):
            if not (s.friendly(u.space, s.power) and u.space not in s.captured_this_turn):
                lost.append(i)
        elif not w.units[u.kind].has("lands_on_carrier"):
            lost.append(i)
        elif not u.aboard:
            excess = over.setdefault(u.space, -carrier_room(s, u.space, s.power))
            if excess > 0:
                lost.append(i)
                over[u.space] = excess - 1
    if not lost:
        return []
    return [ev.AircraftLost(power=s.power, units=tuple(sorted(lost)), reason="no friendly landing at the end of the move")]
