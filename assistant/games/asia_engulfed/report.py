"""Asia Engulfed for the reports: WERP, Oil and transport per nation per turn from the ledger read model, steps
on the map, VP zones and VP sea zones over time, the production pipelines, and every ledger line.

A report round is the game turn (``core.phase_began`` round); its name labels it ("Jan/Feb 1942")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from assistant.analysis.adapters import Adapter, LedgerRow
from assistant.games.asia_engulfed import data
from assistant.games.asia_engulfed.rules.victory import tally
from events.core import PhaseBegan

LEDGER = "ae_ledger"
METRICS = {
    "werp": "WERP received per nation (income after Strategic Warfare, Lend-Lease)",
    "oil": "Japanese Oil at the end of the turn",
    "transport": "Japanese Transport Capacity",
    "steps": "Steps on the map",
    "vp": "VP zones and VP sea zones Japan holds",
}


def snapshot(view: Any) -> dict[str, dict[str, float]]:
    s = view.game
    book = view.read(LEDGER)
    turn = view.clock.round or s.turn  # a round's last event may already be the next turn's ae.turn_began
    werp: dict[str, float] = {}
    for nation in data.PRODUCERS:
        acc = book.accounts.get(f"{turn}:{nation}:werp")
        if acc is not None:
            werp[data.nation_name(nation)] = sum(line.amount for line in acc.lines
                                                 if line.amount > 0 and line.rule != "correction")
    steps: dict[str, float] = {}
    for p in s.pieces.values():
        steps[data.nation_name(p.nation)] = steps.get(data.nation_name(p.nation), 0) + p.steps
    t = tally(s) if s.set_up else {"land": [], "seas": []}
    return {"werp": werp, "oil": {"Japan": s.balance("japan", "oil")},
            "transport": {"Japan": s.balance("japan", "tc")}, "steps": steps,
            "vp": {"VP zones": len(t["land"]), "VP sea zones": len(t["seas"])}}


def ledger(view: Any, entries: Sequence[Any]) -> list[LedgerRow]:
    book = view.read(LEDGER)
    rows = []
    for key in sorted(book.accounts, key=lambda k: (int(k.split(":")[0]), k)):
        acc = book.accounts[key]
        balance = 0
        for line in acc.lines:
            balance += line.amount
            rows.append(LedgerRow(seq=line.seq, round=acc.turn, who=data.nation_name(acc.nation),
                                  account=acc.account, amount=line.amount, balance=balance,
                                  cause=f"{line.cause} ({line.rule})"))
    return rows


def round_labels(entries: Sequence[Any]) -> dict[int, str]:
    cal = data.calendar()
    out = {}
    for e in entries:
        event = getattr(e, "event", e)
        if isinstance(event, PhaseBegan) and event.round >= 1 and event.round not in out:
            out[event.round] = cal.name(event.round)
    return out


ADAPTER = Adapter(
    kind="asia_engulfed",
    metrics=METRICS,
    snapshot=snapshot,
    sections={
        "Production": ("ae.income_assessed", "ae.purchased", "ae.construction_advanced", "ae.construction_completed",
                       "ae.lend_lease", "ae.production_closed"),
        "Strategic warfare": ("ae.asw_rolled", "ae.submarine_attack_rolled", "ae.strategic_bombing"),
        "Supply": ("ae.network_set", "ae.supply_determined"),
        "Movement": ("ae.naval_moved", "ae.pieces_moved", "ae.control_changed"),
        "Combat": ("ae.land_fire", "ae.losses_applied", "ae.kamikaze_attack", "ae.fleet_damaged", "ae.port_damaged"),
        "Conquest and victory": ("ae.nation_conquered", "ae.victory_determined"),
    },
    ledger=ledger,
    round_labels=round_labels,
    counts="steps",
    round_name="turn",
    side_name=lambda side: data.nation_name(side) if side in data.NATIONS else (
        "Japan" if side == "japan" else "the Allies" if side == "allies" else side),
)
