"""Axis & Allies Miniatures for the reports: value on the map and points lost per side per turn (from the
attrition read model), every attack as a row with its exact odds before the dice and what it did, each unit's
fate, and the sections of a turn summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from assistant.analysis.adapters import Adapter, BattleRow, LedgerRow
from assistant.decider import Refused
from assistant.games.aa_miniatures.describe import ADJ
from assistant.games.aa_miniatures.moves.attack import preview
from assistant.games.aa_miniatures.state import SIDES

METRICS = {
    "on_map": "Value of units on the map (points)",
    "lost": "Points lost, all turns",
    "units": "Units on the map",
}
MAX_ROWS = 300  # attacks listed with their odds (each needs the state just before its dice)


def snapshot(view: Any) -> dict[str, dict[str, float]]:
    s = view.game
    attrition = view.read("attrition")
    lost = {x: sum(t.get(x, 0) for t in attrition.destroyed.values()) for x in SIDES}
    return {
        "on_map": {x: sum(s.card(u).cost for u in s.on_map(x)) for x in SIDES},
        "lost": lost,
        "units": {x: len(s.on_map(x)) for x in SIDES},
    }


def attack_rows(app: Any, game_id: str, entries: Sequence[Any]) -> list[BattleRow]:
    """One row per attack (defensive fire included): the odds the assistant gives before the dice, and the
    counters it placed or what the defensive fire did."""
    rows: list[BattleRow] = []
    turn = 0
    pending: dict[int, dict[str, Any]] = {}
    for e in entries:
        if e.cancelled:
            continue
        ev = e.event
        if e.type == "core.phase_began":
            turn = ev.round
        elif e.type == "aam.attack_rolled" and len(rows) + len(pending) < MAX_ROWS:
            before = app.view(game_id, at=e.seq - 2).game
            odds: dict[str, float] = {}
            try:
                if ev.kind == "assault":
                    _shot, found = preview(before, ev.attacker, ev.target, ev.band, ev.arc)
                    o = found.outcomes
                    # the report's win / lose / draw of one attack: destroyed / no effect / disrupted or damaged
                    odds = {"attacker_wins": o["destroyed"], "defender_wins": o["no effect"],
                            "draw": o["disrupted"] + o["damaged"], **o,
                            "labels": {"win": "destroyed", "lose": "no effect", "draw": "disrupted or damaged"}}
            except (Refused, KeyError):
                odds = {}
            pending[ev.target] = {"seq": e.seq, "turn": turn, "ev": ev, "odds": odds,
                                  "sides": (before.units[ev.attacker].side, before.units[ev.target].side)}
        elif e.type in ("aam.counters_placed", "aam.mover_disrupted", "aam.defensive_fire_failed"):
            target = ev.target if e.type == "aam.counters_placed" else ev.unit
            p = pending.pop(target, None)
            if p is None:
                continue
            a = p["ev"]
            outcome = (", ".join(ev.counters) or "no counter") if e.type == "aam.counters_placed" else \
                "disrupted and stopped" if e.type == "aam.mover_disrupted" else f"no effect ({ev.reason})"
            rows.append(BattleRow(
                seq=p["seq"], round=p["turn"], battle=f"{a.labels[0]} → {a.labels[1]}",
                where=f"{a.band} range" + (f", {_n(a.distance, 'hex')}" if a.distance is not None else ""),
                attacker=p["sides"][0], defender=p["sides"][1], attacking={a.labels[0]: a.dice},
                defending={a.labels[1]: a.defense}, odds=p["odds"], outcome=outcome,
                defender_losses={c: 1 for c in ev.counters} if e.type == "aam.counters_placed" else {},
            ))
    return rows


def fates(view: Any, entries: Sequence[Any]) -> list[LedgerRow]:
    """Unit by unit: each loss as a line of its side's points (with who destroyed it), then the survivors."""
    attrition = view.read("attrition")
    casualty_seq = {e.event.turn: e.seq for e in entries if e.type == "aam.casualties_applied" and not e.cancelled}
    balance = {x: sum(f.cost for f in attrition.fates.values() if f.side == x) for x in SIDES}
    rows = []
    for uid, f in sorted(attrition.fates.items(), key=lambda kv: (kv[1].turn or 10**6, kv[0])):
        if f.status == "destroyed":
            balance[f.side] -= f.cost
            by = f" by {', '.join(f.by)}" if f.by else ""
            rows.append(LedgerRow(seq=casualty_seq.get(f.turn, 0), round=f.turn, who=f.side, account="points",
                                  amount=-f.cost, balance=balance[f.side],
                                  cause=f"{f.label} destroyed{by} ({_record(f)})"))
    for uid, f in sorted(attrition.fates.items()):
        if f.status != "destroyed":
            rows.append(LedgerRow(seq=0, round=view.game.turn, who=f.side, account="points", amount=0,
                                  balance=balance[f.side],
                                  cause=f"{f.label} {f.status} ({_record(f)}, {_n(f.hits_taken, 'hit')} taken)"))
    return rows


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 'es' if word.endswith('x') else 's'}"


def _record(f: Any) -> str:
    return f"{_n(f.attacks, 'attack')} made, {_n(f.hits_scored, 'hit')} scored"


def _thrower(seq: int, roll: Any, side: str) -> tuple[str, str]:
    """Who threw, and no battle: a throw's ``ref`` ("attack:1:1:7") is the game's key, not a place, and its purpose
    already says who fired at whom ("Panzer IV attacks Sherman")."""
    return roll.thrower or side, ""


ADAPTER = Adapter(
    kind="aa_miniatures",
    attribution=lambda entries: _thrower,
    metrics=METRICS,
    snapshot=snapshot,
    battles=attack_rows,
    ledger=fates,
    sections={
        "Initiative": ("aam.initiative_rolled", "aam.order_chosen"),
        "Movement": ("aam.move_started", "aam.move_ended", "aam.boarded", "aam.disembarked"),
        "Attacks": ("aam.attack_rolled", "core.dice_rolled", "aam.cover_rolled", "aam.counters_placed",
                    "aam.mover_disrupted", "aam.defensive_fire_failed", "aam.bridge_demolished"),
        "Casualties": ("aam.casualties_applied",),
        "End of turn": ("aam.turn_ended", "aam.game_won"),
    },
    counts="dice / defense",
    round_name="turn",
    side_name=lambda side: ADJ.get(side, side),
)
