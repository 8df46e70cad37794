"""Step 1: weapons development (research dice, breakthroughs) and the purchase of units."""

from __future__ import annotations

import assistant.games.aa_classic.events as ev
from assistant.decider import Context, Refused
from assistant.games.aa_classic import commands as cmd
from assistant.games.aa_classic.describe import power_words, research_dice, technology_dice
from assistant.games.aa_classic.moves.common import Emitter, require_step, throw_ref
from assistant.games.aa_classic.state import State


def unit_cost(s: State, power: str, kind: str) -> int:
    """Chart price, 1 IPC less for every unit with industrial technology (A&A §5.2; ruling: complexes too)."""
    return s.world.units[kind].cost - (1 if s.has_tech(power, "industrial_technology") else 0)


def cheapest_buy(s: State) -> int:
    """The least the power can spend in this step: its cheapest unit, or a research die while research may still
    be bought (A&A §4.4, §5.1). Below it the purchase step has nothing to offer but its end."""
    power = s.power
    prices = [unit_cost(s, power, k) for k, u in s.world.units.items()
              if u.cost and not (k == "industrial_complex" and s.options.get("no_new_complexes"))]
    if not s.research_done:
        prices.append(s.world.tables.research_die_cost)
    return min(prices)


def can_buy(s: State) -> bool:
    return s.treasury.get(s.power, 0) >= cheapest_buy(s)


def research(c: cmd.Research, s: State, ctx: Context) -> list:
    require_step(s, "purchase")
    power, t = s.power, s.world.tables
    if s.research_done:
        raise Refused("research dice are bought all at once, before any purchase, once a turn", "A&A §5.1")
    if c.dice < 1:
        raise Refused("buy at least one research die", "A&A §5.1")
    cost = c.dice * t.research_die_cost
    if cost > s.treasury.get(power, 0):
        raise Refused(f"{c.dice} research dice cost {cost} IPC; {power_words(power)} has {s.treasury.get(power, 0)}", "A&A §5.1")
    out = Emitter(s)
    out(ev.ResearchPaid(power=power, dice=c.dice, cost=cost))
    ref = throw_ref(s, "research")
    throw = ctx.throw(
        research_dice(power), c.dice, c.faces, targets=(t.breakthrough_face,) * c.dice, hits_when="at_least", ref=ref
    )
    sixes = sum(1 for f in throw.faces if f >= t.breakthrough_face)
    out(throw, ev.ResearchRolled(power=power, breakthroughs=sixes, ref=ref))
    _waste_if_all_known(out)
    return out.events


def roll_breakthroughs(c: cmd.RollBreakthroughs, s: State, ctx: Context) -> list:
    """In the purchase step; breakthroughs a corrected research throw adds later in the turn are rolled at once,
    in whatever step the turn is (ruling: dice corrections)."""
    require_step(s, *s.world.tables.steps)
    if s.breakthroughs == 0:
        raise Refused("no breakthrough is waiting for its technology die", "A&A §5.1")
    out = Emitter(s)
    ref = throw_ref(s, "breakthrough", len(s.tech_rolls) + 1)
    throw = ctx.throw(technology_dice(s.power), s.breakthroughs, c.faces, ref=ref)
    out(throw)
    read_technology_dice(out, throw.faces, ref)
    return out.events


def read_technology_dice(out: Emitter, faces, ref: str) -> None:
    """Each face names a technology; one already owned is rolled again (A&A §5.1)."""
    power, table = out.state.power, out.state.world.tables.technologies
    for face in faces:
        tech = table[str(face)]
        if out.state.breakthroughs == 0:
            break
        if out.state.has_tech(power, tech):
            out(ev.BreakthroughDuplicated(power=power, technology=tech, face=face))
        else:
            out(ev.TechnologyAcquired(power=power, technology=tech, face=face, ref=ref))
    _waste_if_all_known(out)


def _waste_if_all_known(out: Emitter) -> None:
    """Ruling: once a power owns all six technologies, further breakthroughs give nothing."""
    s = out.state
    if s.breakthroughs and len(set(s.techs(s.power))) >= len(s.world.tables.technologies):
        out(ev.BreakthroughsWasted(power=s.power, count=s.breakthroughs))


def purchase(c: cmd.Purchase, s: State, ctx: Context) -> list:
    require_step(s, "purchase")
    power = s.power
    if s.breakthroughs:
        raise Refused("roll the technology dice of your breakthroughs before buying", "A&A §5.1")
    total = 0
    for kind, count in c.units.items():
        if kind not in s.world.units:
            raise Refused(f"there is no unit type {kind!r}", "A&A §3.1")
        if count <= 0:
            raise Refused(f"buy a positive number of {kind}", "A&A §3.1")
        if kind == "industrial_complex" and s.options.get("no_new_complexes"):
            raise Refused("optional rule 'no new complexes': industrial complexes cannot be bought", "A&A Annex IV")
        total += unit_cost(s, power, kind) * count
    if not c.units:
        raise Refused("name the units to buy", "A&A §3.1")
    have = s.treasury.get(power, 0)
    if total > have:
        raise Refused(f"these units cost {total} IPC; {power_words(power)} has {have}", "A&A §4.4")
    discount = s.has_tech(power, "industrial_technology")
    return [ev.UnitsPurchased(power=power, units=dict(c.units), cost=total, industrial_technology=discount)]
