"""Axis & Allies (2nd edition) for the reports: numbers read from the game's state, battles from its events.

Nothing here imports the game's rules: the state is read as data (treasury,
production, units, control, battles, the unit table embedded in the game's
definition), and events are recognised by their tags. ``profiles`` and ``forces``
are shared: the game itself imports them to record a battle's odds before its first die.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from assistant.analysis.adapters import Adapter, BattleRow
from assistant.analysis.luck import Attribution
from assistant.families.axis_allies.odds import Battle, UnitProfile, battle_odds
from assistant.games.aa_classic.colours import COLOURS
from assistant.games.aa_classic.describe import POWER
from events.core import DiceRolled, PhaseBegan

METRICS = {
    "production": "Production level (IPC)",
    "treasury": "Treasury (IPC)",
    "units": "Units on the board",
    "unit_value": "Total unit value (IPC)",
    "territories": "Territories controlled",
}


def snapshot(view: Any) -> dict[str, dict[str, float]]:
    s = view.game
    powers = tuple(s.world.tables.turn_order)
    cost = {kind: u.cost for kind, u in s.world.units.items()}
    units = dict.fromkeys(powers, 0)
    value = dict.fromkeys(powers, 0)
    for u in s.units.values():
        units[u.owner] = units.get(u.owner, 0) + 1
        value[u.owner] = value.get(u.owner, 0) + cost.get(u.kind, 0)
    territories = dict.fromkeys(powers, 0)
    for owner in s.control.values():
        if owner:
            territories[owner] = territories.get(owner, 0) + 1
    return {
        "production": {p: s.production.get(p, 0) for p in powers},
        "treasury": {p: s.treasury.get(p, 0) for p in powers},
        "units": units,
        "unit_value": value,
        "territories": territories,
    }


def profiles(world: Any, attacker_techs: Sequence[str], defender_techs: Sequence[str]) -> dict[str, UnitProfile]:
    """Odds profiles from the unit table in the game's definition, with the technologies that change combat
    (A&A §5.2: jet fighters defend at 5, super submarines attack at 3, heavy bombers roll 3 dice)."""
    out = {}
    for kind, u in world.units.items():
        flags = set(u.flags)
        attack, defence, dice = u.attack, u.defence, 1
        if kind == "fighter" and "jet_fighters" in defender_techs:
            defence = 5
        if "first_strike" in flags and "super_submarines" in attacker_techs:
            attack = 3
        if "strategic_bombing" in flags and "heavy_bombers" in attacker_techs:
            dice = 3
        out[kind] = UnitProfile(
            name=kind, attack=attack, defence=defence, cost=u.cost, attack_dice=dice,
            is_aircraft=u.domain == "air", is_submarine="first_strike" in flags, is_battleship="support_fire" in flags,
            is_aa_gun="anti_aircraft" in flags, is_transport=u.transport_capacity > 0,
            can_take_territory=u.domain == "land" and "never_attacks" not in flags,
        )
    return out


def forces(state: Any, key: str) -> tuple[dict[str, int], dict[str, int], dict[str, int], str]:
    """(attacking, defending, bombarding, main defender) of a battle in ``state``, by unit kind.
    Cargo aboard transports never fights (§3.3 Transport); fighters aboard carriers do."""
    b = state.battles[key]
    units = state.units
    at_sea = b.kind == "naval"

    def fights(uid: int) -> bool:
        u = units[uid]
        return not (u.aboard and units.get(u.aboard) is not None and units[u.aboard].kind == "transport")

    attacking: dict[str, int] = {}
    bombarding: dict[str, int] = {}
    for uid in b.units:
        u = units.get(uid)
        if u is None or not fights(uid):
            continue
        book = attacking if u.space == b.space else bombarding
        book[u.kind] = book.get(u.kind, 0) + 1
    defending: dict[str, int] = {}
    owners: dict[str, int] = {}
    for uid, u in units.items():
        if u.space == b.space and state.world.enemies(u.owner, b.attacker) and (fights(uid) or not at_sea):
            defending[u.kind] = defending.get(u.kind, 0) + 1
            owners[u.owner] = owners.get(u.owner, 0) + 1
    defender = max(owners, key=owners.get) if owners else state.controller(b.space) if not at_sea else ""
    return attacking, defending, bombarding, defender


def battle_rows(app: Any, game_id: str, entries: Sequence[Any]) -> list[BattleRow]:
    """One row per battle; the odds are those the game recorded before the first die (aa.battle_odds_recorded),
    or, in logs written before the game recorded them, computed here from the forces at that moment."""
    opened: dict[str, int] = {}  # battle -> the event before its first throw
    recorded: dict[str, Any] = {}  # battle -> its aa.battle_odds_recorded
    rounds: dict[str, int] = {}
    outcomes: dict[str, tuple[int, str]] = {}
    losses: dict[str, list[tuple[int, str, tuple[int, ...]]]] = {}
    round_ = 0
    for e in entries:
        if e.cancelled:
            continue
        ev = e.event
        if isinstance(ev, PhaseBegan):
            round_ = ev.round
        elif e.type == "aa.battle_joined":
            rounds.setdefault(ev.battle, round_)
        elif e.type == "aa.battle_odds_recorded" and ev.battle not in opened:
            recorded.setdefault(ev.battle, ev)
        elif e.type == "aa.hits_scored" and ev.battle not in opened:
            opened[ev.battle] = e.seq - 2  # the throw is the event just before; the view before it
        elif e.type == "aa.casualties_chosen":
            losses.setdefault(ev.battle, []).append((e.seq, ev.side, (*ev.units, *ev.cargo)))
        elif e.type == "aa.battle_ended":
            outcomes[ev.battle] = (e.seq, ev.outcome)
    rows = []
    for key, before in opened.items():
        state = app.view(game_id, at=before).game
        b = state.battles[key]
        attacking, defending, bombarding, defender = forces(state, key)
        odds: dict[str, float] = {}
        kept = recorded.get(key)
        if kept is not None:
            attacking, defending, defender = dict(kept.attacking), dict(kept.defending), kept.defender
            odds = {"attacker_wins": kept.attacker_wins, "defender_wins": kept.defender_wins, "draw": kept.draw,
                    "captures": kept.captures, "retreat": kept.retreat, "expected_rounds": kept.expected_rounds}
        elif b.kind != "bombing" and attacking and defending:
            world = state.world
            result = battle_odds(
                Battle(
                    profiles=profiles(world, state.techs(b.attacker), state.techs(defender)),
                    attackers=attacking, defenders=defending, at_sea=b.kind == "naval",
                    support_fire={k: n for k, n in bombarding.items() if world.units[k].attack} if b.amphibious else {},
                )
            )
            odds = {"attacker_wins": result.attacker_wins, "defender_wins": result.defender_wins,
                    "draw": result.draw, "captures": result.captures}
        lost = {"attacker": {}, "defender": {}}
        for _seq, side, ids in losses.get(key, []):
            for uid in ids:
                u = state.units.get(uid)
                if u is not None:
                    lost[side][u.kind] = lost[side].get(u.kind, 0) + 1
        rows.append(
            BattleRow(
                seq=before + 1, round=rounds.get(key, 0), battle=key, where=b.space, attacker=b.attacker,
                defender=defender, attacking=attacking, defending=defending, odds=odds,
                outcome=outcomes.get(key, (0, "in progress"))[1],
                attacker_losses=lost["attacker"], defender_losses=lost["defender"],
            )
        )
    return rows


def attribution(entries: Sequence[Any]) -> Attribution:
    """A battle throw is followed by the hits it scored, which name the firing power and the battle; any other
    throw (research, breakthroughs, bombing raids) is the power whose turn it is, in no battle."""
    owners: dict[int, tuple[str, str]] = {}
    previous = None
    for e in entries:
        if e.type == "aa.hits_scored" and previous is not None and isinstance(previous.event, DiceRolled):
            owners[previous.seq] = (e.event.firer, e.event.battle)
        previous = e

    def attribute(seq: int, roll: DiceRolled, side: str) -> tuple[str, str]:
        return owners.get(seq) or (side, "")

    return attribute


ADAPTER = Adapter(
    side_name=lambda power: POWER.get(power, power),
    colours=COLOURS,
    kind="aa_classic",
    metrics=METRICS,
    snapshot=snapshot,
    battles=battle_rows,
    attribution=attribution,
    sections={
        "Research": ("aa.research_paid", "aa.technology_acquired"),
        "Purchases": ("aa.units_purchased",),
        "Battles": ("aa.battle_joined", "core.dice_rolled", "aa.hits_scored", "aa.casualties_chosen",
                    "aa.attacker_retreated", "aa.battle_ended", "aa.bombing_damage"),
        "Captures": ("aa.territory_captured", "aa.capital_captured", "aa.capital_liberated"),
        "Placement": ("aa.units_placed", "aa.complex_placed"),
        "Income": ("aa.income_collected", "aa.income_withheld"),
    },
)
