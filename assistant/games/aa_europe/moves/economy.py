"""Money: the special cash advance before play [T L26], purchases in phase 1 [T L29-L31], income in phase 7 with the
Middle East column Germany collects from the Allies [T L78, E L80]."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.aa_europe import commands as cmd
from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.moves.common import Emitter, bought, require_phase, rule, space_named
from assistant.games.aa_europe.state import State


def _require_advance(s: State) -> None:
    if s.phase != "advance" or not s.advance_side:
        raise Refused("the cash advance is spent before the first turn only", rule("cash_advance"))


def _grant_germany(out: Emitter) -> None:
    s = out.state
    axis = s.world.tables.sides["axis"]
    if not any(p in s.advance for p in axis):
        out(ev.AdvanceGranted(amounts={axis[0]: s.world.tables.cash_advance["axis"]}))


def split_advance(c: cmd.SplitAdvance, s: State, ctx: Context) -> list:
    """The Allies give their 12 IPC to one power or divide them as they like [T L26]."""
    _require_advance(s)
    allies = s.world.tables.sides["allies"]
    if any(p in s.advance for p in allies):
        raise Refused("the Allies' advance is already split", rule("cash_advance"))
    total = s.world.tables.cash_advance["allies"]
    if any(p not in allies for p in c.amounts) or any(n < 0 for n in c.amounts.values()):
        raise Refused(f"the Allies' advance goes to {', '.join(allies)}, in amounts of 0 or more", rule("cash_advance"))
    if sum(c.amounts.values()) != total:
        raise Refused(f"the Allies share {total} IPC; the split adds up to {sum(c.amounts.values())}", rule("cash_advance"))
    out = Emitter(s)
    _grant_germany(out)
    out(ev.AdvanceGranted(amounts={p: c.amounts.get(p, 0) for p in allies}))
    return out.events


def buy_with_advance(c: cmd.BuyWithAdvance, s: State, ctx: Context) -> list:
    """Germany buys and places first, then the Allies; units go where the buyer already has a unit [T L26]."""
    _require_advance(s)
    w = s.world
    if c.power not in w.tables.turn_order:
        raise Refused(f"there is no power {c.power!r}", rule("setup"))
    if w.side_of(c.power) != s.advance_side:
        whose = "Germany's" if s.advance_side == "axis" else "the Allies'"
        raise Refused(f"it is {whose} turn to buy with the advance (Germany first, then the Allies)", rule("cash_advance"))
    out = Emitter(s)
    _grant_germany(out)
    if c.power not in out.state.advance:
        raise Refused("the Allies split their 12 IPC first (aae.split_advance)", rule("cash_advance"))
    space = space_named(s, c.space)
    cost = bought(s, c.units, "cash_advance")
    have = out.state.treasury.get(c.power, 0)
    if cost > have:
        raise Refused(f"these units cost {cost} IPC; {w.name(c.power)} has {have}", rule("cash_advance"))
    present = [u for u in s.units.values() if u.space == space and u.owner == c.power]
    if not present and not (space in s.complexes and s.controller(space) == c.power):
        raise Refused(f"{w.name(c.power)} has no unit in {space}: advance purchases go where the buyer already has one",
                      rule("cash_advance"))
    for kind in c.units:
        at_sea = w.domain(kind) == "sea"
        if at_sea != w.is_sea(space):
            raise Refused(f"{kind} cannot be placed in {space}", rule("cash_advance"))
    lines, nxt = [], s.next_id
    for kind, n in sorted(c.units.items()):
        for _ in range(n):
            lines.append(ev.UnitLine(id=nxt, kind=kind, owner=c.power, space=space))
            nxt += 1
    out(ev.UnitsPurchased(power=c.power, units=dict(c.units), cost=cost, advance=True))
    out(ev.UnitsPlaced(power=c.power, space=space, complex="", units=tuple(lines)))
    return out.events


def purchase(c: cmd.Purchase, s: State, ctx: Context) -> list:
    require_phase(s, "purchase")
    cost = bought(s, c.units, "purchase")
    have = s.treasury.get(s.power, 0)
    if cost > have:
        raise Refused(f"these units cost {cost} IPC; {s.world.name(s.power)} has {have}", rule("purchase"))
    return [ev.UnitsPurchased(power=s.power, units=dict(c.units), cost=cost)]


def collect_income(s: State, c: cmd.EndPhase) -> list:
    """Phase 7: the chart's level, nothing while the capital is in enemy hands [E L44]; Germany also receives the
    Middle East column from the Allies, who share it as they agree, else as Germany decides [T L78]."""
    out = Emitter(s)
    power = s.power
    if s.capital_held_by_enemy(power):
        capital = s.world.capital_of(power)
        out(ev.IncomeWithheld(power=power, reason=f"{capital} is held by {s.world.name(s.controller(capital))}",
                              amount=s.income(power)))
    else:
        out(ev.IncomeCollected(power=power, amount=s.income(power), lines=s.income_lines(power),
                               convoy_losses=s.convoy_losses(power)))
    if s.world.side_of(power) == "axis":
        out(*_middle_east(out.state, c))
    elif c.middle_east:
        raise Refused("the Middle East column is paid in Germany's income phase only", rule("middle_east"))
    return out.events


def _middle_east(s: State, c: cmd.EndPhase) -> list:
    total = s.middle_east_column()
    if not total:
        if c.middle_east:
            raise Refused("Germany holds no Middle East country with a value: nothing is due", rule("middle_east"))
        return []
    allies = s.world.tables.sides["allies"]
    if c.decided_by not in ("agreement", "germany"):
        raise Refused("the Middle East split is decided by agreement, or by Germany when the Allies disagree",
                      rule("middle_east"))
    if not c.middle_east:
        raise Refused(f"the Allies owe Germany {total} IPC for the Middle East: name who pays what (middle_east)",
                      rule("middle_east"))
    if any(p not in allies or n < 0 for p, n in c.middle_east.items()):
        raise Refused(f"the Middle East column is paid by {', '.join(allies)}", rule("middle_east"))
    if sum(c.middle_east.values()) != total:
        raise Refused(f"the Allies owe {total} IPC; the split adds up to {sum(c.middle_east.values())}", rule("middle_east"))
    paid = {p: min(n, s.treasury.get(p, 0)) for p, n in c.middle_east.items() if n}
    shortfall = total - sum(paid.values())  # ruling: an Ally pays what it has, like a bombed power [T L56]
    return [ev.MiddleEastPaid(total=total, payers=paid, decided_by=c.decided_by, shortfall=shortfall)]
