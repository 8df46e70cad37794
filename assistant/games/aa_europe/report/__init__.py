"""A&A Europe for the reports: numbers per round from the read models, battles with the odds recorded before their
first die, the IPC ledger line by line (convoy losses included), sections of a turn summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from assistant.analysis.adapters import Adapter, BattleRow, LedgerRow
from assistant.games.aa_europe.describe import power

METRICS = {
    "income": "Production chart level (IPC)",
    "treasury": "Treasury (IPC)",
    "units": "Units on the board",
    "unit_value": "Total unit value (IPC)",
    "convoys_lost": "Convoy income lost (IPC)",
}


def snapshot(view: Any) -> dict[str, dict[str, float]]:
    s = view.game
    powers = tuple(s.world.tables.turn_order)
    units = dict.fromkeys(powers, 0)
    value = dict.fromkeys(powers, 0)
    for u in s.units.values():
        units[u.owner] = units.get(u.owner, 0) + 1
        value[u.owner] = value.get(u.owner, 0) + s.world.units[u.kind].cost
    return {
        "income": {p: s.income(p) for p in powers},
        "treasury": {p: s.treasury.get(p, 0) for p in powers},
        "units": units,
        "unit_value": value,
        "convoys_lost": {p: sum(s.convoy_losses(p).values()) for p in powers},
    }


def battles(app: Any, game_id: str, entries: Sequence[Any]) -> list[BattleRow]:
    view = app.view(game_id)
    out = []
    for r in view.read("battles").records:
        if r.kind == "bombing":
            continue
        out.append(BattleRow(
            seq=r.started_seq, round=r.round, battle=r.key, where=r.space, attacker=r.attacker,
            defender=r.defender, attacking=r.attacking, defending=r.defending, odds=r.odds, outcome=r.outcome,
            attacker_losses={"units": r.lost.get("attacker", 0)}, defender_losses={"units": r.lost.get("defender", 0)},
        ))
    return out


def ledger(view: Any, entries: Sequence[Any]) -> list[LedgerRow]:
    sentences = {e.seq: e.sentence for e in entries}
    rows = []
    for who, account in view.read("ledger").powers.items():
        for e in account.entries:
            if e.account == "convoy":
                cause = f"convoy centre {e.cause} held by the enemy: income not received"
            elif e.cause == "core.game_created":
                cause = "starting chart level"
            else:
                cause = sentences.get(e.seq, "") or e.cause
            rows.append(LedgerRow(seq=e.seq, round=0, who=who, account=e.account, amount=e.amount, balance=e.balance,
                                  cause=cause))
    return sorted(rows, key=lambda r: (r.seq, r.who, r.account))


ADAPTER = Adapter(
    kind="aa_europe",
    metrics=METRICS,
    snapshot=snapshot,
    battles=battles,
    ledger=ledger,
    sections={
        "Purchases": ("aae.units_purchased", "aae.advance_granted"),
        "Moves": ("aae.units_moved", "aae.units_loaded", "aae.units_unloaded", "aae.units_transferred"),
        "Battles": ("aae.battle_ended", "aae.bombing_damage", "aae.aircraft_shot_down"),
        "Captures": ("aae.territory_captured", "aae.capital_captured", "aae.convoy_raided", "aae.convoy_liberated"),
        "Placement": ("aae.units_placed",),
        "Income": ("aae.income_collected", "aae.income_withheld", "aae.middle_east_paid"),
        "Victory": ("aae.victory_armed", "aae.victory_lapsed", "aae.victory_declared"),
    },
    side_name=power,
)
