"""Europe Engulfed for the reports: WERP per nation per turn from the WERP ledger read model, units and steps,
resource areas and areas controlled, the combat table and the dice of every combat round and strategic raid.

A report round is the game's ``core.phase_began`` round, that is the game turn + 1 (round 13 = Sep/Oct 1941);
the turn's name labels it. Everything is read from the game state the application folds (``view.game``) through
the game's own read model (``assistant.games.europe_engulfed.read_models.table``) and from the log's events, recognised by tag.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from assistant.analysis.adapters import Adapter, BattleRow, LedgerRow
from assistant.analysis.luck import Attribution, from_table
from assistant.games.europe_engulfed import data
from assistant.games.europe_engulfed.powers import side_of
from events.core import DiceRolled, GameCreated, PhaseBegan
from assistant.games.europe_engulfed.read_models import table

METRICS = {
    "werp": "WERP per nation (income, aid and losses booked this turn)",
    "werp_spent": "WERP spent per nation (purchases, maintenance, aid sent)",
    "steps": "Steps on the map",
    "units": "Units on the map (blocks and GSUs)",
    "resource_areas": "Resource areas controlled",
    "areas": "Areas controlled",
}

# Ledger lines that pay for something; every other line is WERP the nation had to spend this turn (EE 4.1).
SPENDING = ("purchase", "free_item", "naval_maintenance", "transfer_out")
FORFEIT = "forfeit"


def snapshot(view: Any) -> dict[str, dict[str, float]]:
    s = view.game
    werp: dict[str, float] = {}
    spent: dict[str, float] = {}
    # The round's turn (a round's last event may already be the next turn's ee.turn_began).
    turn = view.clock.round - 1 if view.clock.round else s.turn
    for led in table.ledger(s, turn=turn):
        lines = [line for line in led["lines"] if line["kind"] != FORFEIT]
        werp[led["nation"]] = sum(line["amount"] for line in lines if line["kind"] not in SPENDING)
        spent[led["nation"]] = -sum(line["amount"] for line in lines if line["kind"] in SPENDING)
    steps: dict[str, float] = {}
    units: dict[str, float] = {}
    for u in s.units.values():
        steps[u.nation] = steps.get(u.nation, 0) + u.steps
        units[u.nation] = units.get(u.nation, 0) + 1
    resource: dict[str, float] = {}
    areas: dict[str, float] = {}
    for area, side in s.control.items():
        areas[side] = areas.get(side, 0) + 1
        land = s.board.areas.get(area)
        if land is not None and land.resource:
            resource[side] = resource.get(side, 0) + 1
    return {"werp": werp, "werp_spent": spent, "steps": steps, "units": units, "resource_areas": resource,
            "areas": areas}


def werp_ledger(view: Any, entries: Sequence[Any]) -> list[LedgerRow]:
    """Every line of every nation's WERP ledger with the event that booked it (round = turn + 1)."""
    return [
        LedgerRow(seq=line["seq"], round=led["turn"] + 1, who=led["nation"], account="WERP", amount=line["amount"],
                  balance=line["balance"], cause=f"{line['cause']} ({line['rule']})")
        for led in table.ledger(view.read("werp_ledger"))
        for line in led["lines"]
    ]


def round_labels(entries: Sequence[Any]) -> dict[int, str]:
    return {e.event.turn + 1: e.event.label for e in entries if not e.cancelled and e.type == "ee.turn_began"}


def nation_name(nation: str) -> str:
    """A nation as players say it: "ussr" -> "Soviet Union", "free_french" -> "Free French"."""
    return data.nation(nation).title if nation in data.MAJORS else nation.replace("_", " ").title()


def _area_name(state: Any, area: str) -> str:
    land = state.board.areas.get(area)
    return land.name if land is not None and land.name else area


def _area_names(entries: Sequence[Any]) -> dict[str, str]:
    """Area and sea id -> its name on the board the game was created with."""
    for e in entries:
        if isinstance(e.event, GameCreated):
            board = e.event.definition.get("board", {})
            return {key: space.get("name") or key
                    for spaces in (board.get("areas", {}), board.get("seas", {})) for key, space in spaces.items()}
    return {}


def _unit_label(nation: str, kind: str, elite: bool) -> str:
    return f"{nation_name(nation)} {'elite ' if elite else ''}{kind}"


def _battle_key(area_name: str, label: str, side: str) -> str:
    return f"{area_name}, {label} ({side})"


class _Battle:
    """One battle: the combat rounds fought in one area during one player turn (EE 6.2, 6.7, 7.7)."""

    def __init__(self, key: str, seq: int, round_: int, area: str, attacker: str):
        self.key, self.seq, self.round, self.area, self.attacker = key, seq, round_, area, attacker
        self.last = seq
        self.losses: dict[str, dict[str, int]] = {}


def _forces(state: Any, area: str) -> dict[str, dict[str, int]]:
    """Side -> "nation kind" -> steps in the area."""
    out: dict[str, dict[str, int]] = {}
    for u in state.units.values():
        if u.area == area:
            book = out.setdefault(side_of(state, u.nation), {})
            key = _unit_label(u.nation, u.kind, u.elite)
            book[key] = book.get(key, 0) + u.steps
    return out


def battle_rows(app: Any, game_id: str, entries: Sequence[Any]) -> list[BattleRow]:
    battles: dict[str, _Battle] = {}
    label, side, round_, first_dice = "", "", 0, 0
    for e in entries:
        if e.cancelled:
            continue
        ev = e.event
        if isinstance(ev, PhaseBegan):
            side, round_ = ev.side, ev.round
        elif e.type == "ee.turn_began":
            label = ev.label
        if isinstance(ev, DiceRolled):
            first_dice = first_dice or e.seq
            continue
        if e.type == "ee.combat_round_fought":
            start = first_dice or e.seq
            before = app.view(game_id, at=start - 1).game
            key = _battle_key(_area_name(before, ev.area), label, side)
            b = battles.get(key)
            if b is None:
                b = battles[key] = _Battle(key, start, round_, ev.area, side)
            for uid, lost in ev.losses.items():
                u = before.units.get(uid)
                if u is not None:
                    book = b.losses.setdefault(side_of(before, u.nation), {})
                    name = _unit_label(u.nation, u.kind, u.elite)
                    book[name] = book.get(name, 0) + lost
            b.last = e.seq
        first_dice = 0
    rows = []
    for b in battles.values():
        before = app.view(game_id, at=b.seq - 1).game
        after = app.view(game_id, at=b.last).game
        defender = "Allied" if b.attacker == "Axis" else "Axis"
        forces = _forces(before, b.area)
        left = {s for s, book in _forces(after, b.area).items() if any(not k.endswith(" gsu") for k in book)}
        outcome = {
            frozenset({b.attacker, defender}): "contested: both sides remain",
            frozenset({b.attacker}): "defender eliminated",
            frozenset({defender}): "attacker eliminated",
            frozenset(): "both eliminated",
        }.get(frozenset(left & {b.attacker, defender}), "")
        rows.append(
            BattleRow(
                seq=b.seq, round=b.round, battle=b.key, where=_area_name(before, b.area), attacker=b.attacker,
                defender=defender, attacking=forces.get(b.attacker, {}), defending=forces.get(defender, {}),
                outcome=outcome, attacker_losses=b.losses.get(b.attacker, {}),
                defender_losses=b.losses.get(defender, {}),
            )
        )
    return rows


def _unit_nations(entries: Sequence[Any]) -> dict[str, str]:
    """Unit id -> nation, from the scenario in the definition, scenario set-ups and purchases (EE 4.4, 9.62)."""
    nations: dict[str, str] = {}
    for e in entries:
        if e.cancelled:
            continue
        ev = e.event
        if isinstance(ev, GameCreated):
            for u in ev.definition.get("scenario", {}).get("units", ()):
                nations[u["id"]] = u["nation"]
        elif e.type == "ee.scenario_set_up":
            nations.update({u.id: u.nation for u in ev.scenario.units})
        elif e.type == "ee.purchased" and ev.unit_id and ev.item in ("new_unit", "gsu"):
            nations[ev.unit_id] = ev.owner if ev.owner and ev.owner != "free_french" else ev.nation
    return nations


def _raid_thrower(purpose: str, raider: str, target_side: str) -> str:
    """EE 2.22-2.24: escorts and bombers belong to the raider, interceptors and flak to the target's side."""
    return raider if purpose.startswith(("escorts", "bombing")) else target_side


def attribution(entries: Sequence[Any]) -> Attribution:
    """A combat round's throws precede it in its ``fires`` order; a raid's or V-weapon attack's throws precede it."""
    nations = _unit_nations(entries)
    names = _area_names(entries)
    owners: dict[int, tuple[str, str]] = {}
    label, side, dice = "", "", []
    for e in entries:
        if e.cancelled:
            continue
        ev = e.event
        if isinstance(ev, PhaseBegan):
            side = ev.side
        elif e.type == "ee.turn_began":
            label = ev.label
        if isinstance(ev, DiceRolled):
            dice.append(e)
            continue
        if e.type == "ee.combat_round_fought":
            for throw, fire in zip(dice, ev.fires):
                firing = {nations.get(uid, "") for uid in fire.units}
                power = firing.pop() if len(firing) == 1 and "" not in firing else fire.side
                owners[throw.seq] = (power, _battle_key(names.get(ev.area, ev.area), label, side))
        elif e.type == "ee.air_raid_resolved":
            target_side = "Allied" if ev.raider == "Axis" else "Axis"
            for throw in dice:
                owners[throw.seq] = (_raid_thrower(throw.event.purpose, ev.raider, target_side),
                                     f"air raid on {nation_name(ev.target)}, {label}")
        elif e.type == "ee.v_weapons_resolved":
            for throw in dice:
                owners[throw.seq] = ("germany" if "damage" in throw.event.purpose else "britain",
                                     f"{ev.kind.upper()} attack, {label}")
        dice = []
    return from_table(owners)


ADAPTER = Adapter(
    side_name=nation_name,
    kind="europe_engulfed",
    metrics=METRICS,
    snapshot=snapshot,
    battles=battle_rows,
    attribution=attribution,
    ledger=werp_ledger,
    round_labels=round_labels,
    counts="steps",
    round_name="turn",
    sections={
        "WERP": ("ee.production_began", "ee.lend_lease_rolled", "ee.production_announced", "ee.werp_transferred", "ee.naval_maintenance_paid",
                 "ee.conscription_steps_due", "ee.production_closed"),
        "Strategic warfare": ("ee.uboat_campaign_resolved", "ee.air_raid_resolved", "ee.v_weapons_resolved"),
        "Purchases": ("ee.purchased", "ee.conscription_declared"),
        "Movement": ("ee.unit_moved", "ee.control_changed"),
        "Combats": ("ee.combat_round_fought", "ee.special_action_spent", "ee.steps_lost", "ee.units_eliminated",
                    "ee.fortification_removed"),
        "Supply": ("ee.units_marked_out_of_supply", "ee.limited_supply_applied", "ee.units_eliminated_out_of_supply",
                   "ee.fleet_points_eliminated_unsupplied"),
        "Politics": ("ee.war_declared", "ee.pact_activated", "ee.vichy_established", "ee.italian_morale_collapsed",
                     "ee.free_french_joined", "ee.power_conquered", "ee.game_ended"),
        "Dice": ("core.dice_rolled",),
    },
)
