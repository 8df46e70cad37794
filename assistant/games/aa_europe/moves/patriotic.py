"""The Great Patriotic War [T L68, E L70]: in its non-combat move the Soviet player may replace British or U.S.
units in Soviet territory (red or light purple) with Soviet ones; they stay Soviet and cannot move before the next
Soviet turn. The text gives the Allies no veto and names no restriction to territories with a complex (the
reference transcription's restriction is not followed: docs/rulings.md)."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.aa_europe import commands as cmd
from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.moves.common import pick, require_phase, rule, space_named
from assistant.games.aa_europe.state import State, Unit

SOVIET_GROUPS = ("national", "annexed")
ALLIES = ("uk", "usa")  # whose units the USSR may take over [T L68]


def take_over(c: cmd.TakeOver, s: State, ctx: Context) -> list:
    require_phase(s, "noncombat_move")
    w = s.world
    if s.power != "ussr":
        raise Refused("only the Soviet player takes over allied units, in its own non-combat move", rule("patriotic_war"))
    t = space_named(s, c.territory)
    sp = w.spaces[t]
    if w.is_sea(t) or sp.owner != "ussr" or sp.group not in SOVIET_GROUPS or s.controller(t) != "ussr":
        raise Refused(f"{t} is not Soviet territory held by the USSR", rule("patriotic_war"))

    def transferable(i: int, u: Unit) -> bool:
        return w.domain(u.kind) != "sea" and not u.aboard  # ruling R23: land and air units on the territory

    owners = {s.units[i].owner for i in c.ids if i in s.units} | ({c.owner} if c.owner else set())
    if not owners and c.units:
        # Units named by kind: the owner goes without saying when only one Western Ally has such units there.
        owners = {u.owner for i, u in s.units_in(t) if u.owner in ALLIES and u.kind in c.units and transferable(i, u)}
        if not owners:
            raise Refused(f"neither Great Britain nor the United States has {', '.join(sorted(c.units))} in {t} to take "
                          "over", rule("patriotic_war"))
        if len(owners) > 1:
            raise Refused(f"both Great Britain and the United States have {', '.join(sorted(c.units))} in {t}: "
                          "name whose units (owner uk or usa)", rule("patriotic_war"))
    if len(owners) != 1 or not owners <= set(ALLIES):
        raise Refused("name British or U.S. units, one power at a time", rule("patriotic_war"))
    owner = owners.pop()

    units = pick(s, t, owner, c.units, c.ids, transferable, "be taken over", "patriotic_war")
    return [ev.UnitsTransferred(territory=t, units=units, previous=owner)]
