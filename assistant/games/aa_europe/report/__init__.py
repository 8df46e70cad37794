"""A&A Europe for the reports: numbers per round from the read models, battles with the odds recorded before their
first die, the IPC ledger line by line (convoy losses included), sections of a turn summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from assistant.analysis.adapters import Adapter, BattleRow, LedgerRow
from assistant.analysis.luck import Attribution, from_table
from assistant.families.axis_allies.fights import Fight, Tags
from assistant.families.axis_allies.fights import fights as family_fights
from assistant.families.axis_allies.fights import labels as family_labels
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


TAGS = Tags(joined="aae.battle_joined", scored=("aae.hits_scored", "aae.bombing_damage"),
            casualties="aae.casualties_chosen", cargo_lost="aae.line_cleared", ended="aae.battle_ended",
            stranded="aae.aircraft_lost")


def fights(entries: Sequence[Any]) -> tuple[list[Fight], dict[int, tuple[str, Fight]]]:
    """Every fight in log order, and each battle throw's (firing power, fight)."""
    return family_fights(entries, TAGS)


def labels(fought: Sequence[Fight]) -> dict[int, str]:
    """"East Poland", "Raid on Germany"; "Karelia (round 2, Soviet Union)" when fought over in several turns."""
    return family_labels(fought, _place, power)


def _place(key: str) -> str:
    space, _, kind = key.partition("/")
    return f"Raid on {space}" if kind == "bombing" else key


def battles(app: Any, game_id: str, entries: Sequence[Any]) -> list[BattleRow]:
    """One row per battle fought (the battles read model's records; strategic raids are not battles here): forces
    and odds as recorded before the first die, the outcome, and the units lost by kind, read from the casualties
    the log names and the board at that moment. A place fought over in several turns has a row per turn, named with
    it as in the per-battle luck table."""
    view = app.view(game_id)
    fought, _throws = fights(entries)
    names = labels(fought)
    by_start = {f.seq: f for f in fought}
    out = []
    for r in view.read("battles").records:
        if r.kind == "bombing":
            continue
        fight = by_start.get(r.started_seq)
        name = names[id(fight)] if fight is not None else r.space
        lost = _losses(app, game_id, fight, r.attacker) if fight is not None else ({}, {})
        out.append(BattleRow(
            seq=r.started_seq, round=r.round, battle=name, where=name, attacker=r.attacker,
            defender=r.defender, attacking=r.attacking, defending=r.defending, odds=r.odds,
            outcome=r.outcome or "in progress", attacker_losses=lost[0], defender_losses=lost[1],
        ))
    return out


def _losses(app: Any, game_id: str, fight: Fight, attacker: str) -> tuple[dict[str, int], dict[str, int]]:
    """(attacker's, defender's) units lost by kind: each unit as the board had it just before the event that took
    it; cargo is on the side of the transport or carrier it was aboard."""
    lost: dict[str, dict[str, int]] = {"attacker": {}, "defender": {}}
    boards: dict[int, Any] = {}
    for uid, side in fight.lost.items():
        at = fight.fell_at[uid] - 1
        if at not in boards:
            boards[at] = app.view(game_id, at=at).game
        u = boards[at].units.get(uid)
        if u is None:
            continue
        if not side:
            side = fight.lost.get(u.aboard, "") or ("attacker" if u.owner == attacker else "defender")
        lost[side][u.kind] = lost[side].get(u.kind, 0) + 1
    return lost["attacker"], lost["defender"]


def attribution(entries: Sequence[Any]) -> Attribution:
    """A battle throw goes to the power that fired it and to its battle, named as in the battle table; any other
    throw to the power the throw names, else the power whose turn it is (``luck.by_clock``)."""
    fought, throws = fights(entries)
    names = labels(fought)
    return from_table({seq: (firer, names[id(fight)]) for seq, (firer, fight) in throws.items()})


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
    attribution=attribution,
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
