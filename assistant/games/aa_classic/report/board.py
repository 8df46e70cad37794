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
from assistant.families.axis_allies.fights import Fight, Tags
from assistant.families.axis_allies.fights import fights as family_fights
from assistant.families.axis_allies.fights import labels as family_labels
from assistant.families.axis_allies.odds import Battle, TooLarge, UnitProfile, battle_odds
from assistant.games.aa_classic.colours import COLOURS
from assistant.games.aa_classic.describe import POWER, battle_name
from events.core import DiceRolled

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


TAGS = Tags(joined="aa.battle_joined", scored=("aa.hits_scored",), casualties="aa.casualties_chosen",
            cargo_lost="aa.battle_round_ended", ended="aa.battle_ended", odds="aa.battle_odds_recorded",
            restored="aa.casualties_restored")


def fights(entries: Sequence[Any]) -> tuple[list[Fight], dict[int, tuple[str, Fight]]]:
    """The battles with a die thrown, and each battle throw's (firing power, fight)."""
    fought, throws = family_fights(entries, TAGS)
    return [f for f in fought if f.opened], throws


def labels(fought: Sequence[Fight]) -> dict[int, str]:
    """"Manchuria", "The raid on Germany"; "Manchuria (round 1, USSR)" when fought over in several turns."""
    return family_labels(fought, lambda key: battle_name(key)[:1].upper() + battle_name(key)[1:],
                         lambda side: POWER.get(side, side))


def battle_rows(app: Any, game_id: str, entries: Sequence[Any]) -> list[BattleRow]:
    """One row per battle fought: the same place attacked in another turn (or by another power) is a row of its own,
    named with its turn. The odds are those the game recorded before the first die (aa.battle_odds_recorded), or,
    in logs written before the game recorded them, computed here from the forces at that moment."""
    fought, _throws = fights(entries)
    names = labels(fought)
    rows = []
    for fight in fought:
        key, before = fight.key, fight.opened
        state = app.view(game_id, at=before).game
        b = state.battles[key]
        attacking, defending, bombarding, defender = forces(state, key)
        odds: dict[str, float] = {}
        kept = fight.recorded
        if kept is not None:
            attacking, defending, defender = dict(kept.attacking), dict(kept.defending), kept.defender
            odds = {"attacker_wins": kept.attacker_wins, "defender_wins": kept.defender_wins, "draw": kept.draw,
                    "captures": kept.captures, "retreat": kept.retreat, "expected_rounds": kept.expected_rounds}
        elif b.kind != "bombing" and attacking and defending:
            world = state.world
            try:
                result = battle_odds(
                    Battle(
                        profiles=profiles(world, state.techs(b.attacker), state.techs(defender)),
                        attackers=attacking, defenders=defending, at_sea=b.kind == "naval",
                        support_fire={k: n for k, n in bombarding.items() if world.units[k].attack} if b.amphibious
                        else {},
                    )
                )
                odds = {"attacker_wins": result.attacker_wins, "defender_wins": result.defender_wins,
                        "draw": result.draw, "captures": result.captures}
            except TooLarge:
                pass  # a battle too large for exact odds is reported without them
        lost: dict[str, dict[str, int]] = {"attacker": {}, "defender": {}}
        for uid, side in fight.lost.items():
            u = state.units.get(uid)
            if u is None:  # not on the board before the first die: read it where it fell
                u = app.view(game_id, at=fight.fell_at[uid] - 1).game.units.get(uid)
            if u is None:
                continue
            if not side:  # cargo: the side of the transport it was aboard
                carrier = fight.lost.get(u.aboard, "")
                side = carrier or ("attacker" if u.owner == b.attacker else "defender")
            kind = fight.kinds.get(uid, u.kind)
            lost[side][kind] = lost[side].get(kind, 0) + 1
        name = names[id(fight)]
        rows.append(
            BattleRow(
                seq=before + 1, round=fight.round, battle=name, where=name, attacker=b.attacker,
                defender=defender, attacking=attacking, defending=defending, odds=odds,
                outcome=fight.outcome or "in progress",
                attacker_losses=lost["attacker"], defender_losses=lost["defender"],
            )
        )
    return rows


def attribution(entries: Sequence[Any]) -> Attribution:
    """A battle throw is followed by the hits it scored, which name the firing power and the battle, named as its
    row of the battle table ("Manchuria (round 1, USSR)" when Manchuria was fought over in several turns); any
    other throw (research, breakthroughs, bombing damage, rockets) is the power whose turn it is, in no battle."""
    fought, throws = fights(entries)
    names = labels(fought)
    owners = {seq: (firer, names[id(fight)]) for seq, (firer, fight) in throws.items() if id(fight) in names}

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
