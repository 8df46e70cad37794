"""The flow of a nation's production phase (EE 4.0): opening its ledger, naval maintenance, the checks every
payment shares, closing.

Order inside a nation's phase (EE 1.22, 2.0, 4.2): income -> strategic warfare aimed at it -> naval maintenance
(first payment; booked automatically before the first purchase or transfer out) -> purchases -> forfeit.
"""

from __future__ import annotations

from collections.abc import Sequence

from assistant.decider import Context, Refused
from assistant.games.europe_engulfed import calendar, data
from assistant.games.europe_engulfed.powers import at_war_with_major
from assistant.games.europe_engulfed.rules import income
from assistant.games.europe_engulfed.rules.supplied import unsupplied_fleet_counts
from assistant.games.europe_engulfed.state import EEState, Ledger
import assistant.games.europe_engulfed.events as ev
from events.base import Event


def open_production(s: EEState, nation: str, ctx: Context) -> list[Event]:
    """Income lines, then the dice of pre-war U.S. lend-lease (EE 9.34)."""
    lines = tuple(income.income_lines(s, nation, s.turn))
    out: list[Event] = [ev.ProductionBegan(turn=s.turn, nation=nation, lines=lines)]
    received = s.ledger(nation).balance  # sent to it earlier this turn (U.S. aid in the U.S. phase, EE 9.36)
    if lend_lease_roll_due(s, nation):
        throw = ctx.throw(f"U.S. lend-lease to {data.nation(nation).title}", 1)
        out += [throw, ev.LendLeaseRolled(nation=nation, die=throw.faces[0])]
        received += throw.faces[0]
    # EE 4.5: the total the nation announces is what it has to spend, aid included
    out.append(ev.ProductionAnnounced(nation=nation, werp=sum(x.amount for x in lines) + received, received=received))
    if nation == "ussr" and s.politics.conscription >= 0:
        k = s.turn - s.politics.conscription
        if 0 <= k < len(s.politics.conscription_schedule):
            out.append(ev.ConscriptionStepsDue(steps=s.politics.conscription_schedule[k]))
    return out


def lend_lease_roll_due(s: EEState, nation: str) -> bool:
    """EE 9.34: from the first Allied production phase with Paris German or Vichy set up, until the U.S. war."""
    p = s.politics
    if nation not in ("britain", "ussr") or p.usa_at_war >= 0 or calendar.switched("lend_lease_rolls_stop", s.turn):
        return False
    started = p.lend_lease_from >= 0 or s.control.get("paris") == "Axis" or p.vichy >= 0
    if nation == "ussr":
        return started and p.ussr_at_war >= 0
    return started


def maintenance_due(s: EEState, nation: str) -> dict[str, int]:
    """EE 4.2, 4.21, 9.32, 9.51a: fleet points this nation maintains, by sea area (supplied fleets only)."""
    if not at_war_with_major(s, nation) or nation == "usa" and "britain" not in s.politics.conquered:
        return {}
    owners = {nation}
    if nation == "britain" or nation == "usa":
        owners = {"britain", "usa"}  # 9.32: Britain pays for the pooled fleet; the U.S.A. once Britain is gone
    cut_off = unsupplied_fleet_counts(s, data.side_of(nation))
    due = {}
    for sea, by_nation in s.fleets.items():
        # 4.2: no maintenance for fleet points with no supplied friendly port in their sea area
        n = sum(max(0, k - cut_off.get((sea, owner), 0)) for owner, k in by_nation.items() if owner in owners)
        if n:
            due[sea] = n
    return due


def pay_maintenance(s: EEState, nation: str) -> ev.NavalMaintenancePaid:
    fleets = maintenance_due(s, nation)
    due = sum(fleets.values())
    return ev.NavalMaintenancePaid(nation=nation, fleets=fleets, due=due, paid=min(due, max(s.ledger(nation).balance, 0)))


def close_production(s: EEState, nation: str) -> list[Event]:
    out: list[Event] = []
    led = s.ledger(nation)
    check_mandatory_warfare(s, nation, led)
    balance = led.balance
    if not led.maintenance_paid:
        paid = pay_maintenance(s, nation)
        out.append(paid)
        balance -= paid.paid
    out.append(ev.ProductionClosed(nation=nation, forfeited=max(balance, 0)))
    return out


def check_mandatory_warfare(s: EEState, nation: str, led: Ledger) -> None:
    if nation == "britain" and s.track.uboats >= 1 and "uboats" not in led.warfare:
        raise Refused("the U-boat war is mandatory while Germany has U-boat points: resolve it first", rule="EE 2.0")
    if nation == "britain":
        for kind in ("v1", "v2"):
            if getattr(s.track, kind) and kind not in led.warfare and launch_site_held(s, kind):
                raise Refused(f"at least half the {kind.upper()} points must be launched each turn", rule="EE 2.28")


def launch_site_held(s: EEState, kind: str) -> bool:
    """EE 2.28: V-1s need Pas de Calais, V-2s any Axis coastal area from Normandy to the Netherlands."""
    if kind == "v1":
        return s.control.get("pas_de_calais") == "Axis"
    return any(s.control.get(a) == "Axis" for a, area in s.board.areas.items() if "v2_coast" in area.regions)


def producing(s: EEState, nation: str | None = None) -> str:
    if s.phase != "production" or not s.step:
        raise Refused("purchases are made in a production phase", rule="EE 1.22")
    if nation and nation != s.step:
        raise Refused(f"production is resolved one nation at a time; now {s.step}", rule="EE 4.5")
    return s.step


def with_maintenance(s: EEState, nation: str) -> list[Event]:
    """Naval maintenance is the first payment (EE 4.2): booked before anything is spent."""
    led = s.ledger(nation)
    if led.maintenance_paid:
        return []
    check_mandatory_warfare(s, nation, led)
    return [pay_maintenance(s, nation)]


def balance_after(s: EEState, nation: str, pre: Sequence[Event]) -> int:
    bal = s.ledger(nation).balance
    for e in pre:
        if isinstance(e, ev.NavalMaintenancePaid):
            bal -= e.paid
    return bal


def afford(s: EEState, nation: str, pre: Sequence[Event], cost: int) -> None:
    bal = balance_after(s, nation, pre)
    if cost > bal:
        raise Refused(f"{data.nation(nation).title} has {bal} WERP left, this costs {cost}", rule="EE 4.1")
