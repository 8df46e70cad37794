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
from assistant.games.aa_classic.describe import POWER, battle_name
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


class Fight:
    """One battle as fought: a place attacked in one turn, from its first ``aa.battle_joined`` to its
    ``aa.battle_ended``. The game keys battles by place, so a key fought over again (another turn, another power)
    starts a new fight at its next ``aa.battle_joined``."""

    def __init__(self, key: str, round_: int, side: str, seq: int):
        self.key, self.round, self.side, self.seq = key, round_, side, seq
        self.opened = 0  # the event before its first throw (0: no die thrown)
        self.recorded: Any = None  # its aa.battle_odds_recorded
        self.outcome = ""
        self.ended = False
        self.lost: dict[int, str] = {}  # unit id -> side (attacker | defender), in the order they fell
        self.kinds: dict[int, str] = {}  # unit id -> kind, for units the log itself describes
        self.fell_at: dict[int, int] = {}  # unit id -> the event that took it


def fights(entries: Sequence[Any]) -> tuple[list[Fight], dict[int, tuple[str, Fight]]]:
    """Every fight in log order, and each battle throw's (firing power, fight): a throw is followed by the hits it
    scored, which name the firing power and the battle."""
    out: list[Fight] = []
    current: dict[str, Fight] = {}
    throws: dict[int, tuple[str, Fight]] = {}
    round_, side = 0, ""
    previous = None
    for e in entries:
        if e.cancelled:
            continue
        ev = e.event
        if isinstance(ev, PhaseBegan):
            round_, side = ev.round, ev.side
        elif e.type.startswith("aa.") and isinstance(getattr(ev, "battle", None), str):
            fight = current.get(ev.battle)
            again = fight is not None and (fight.ended or (fight.round, fight.side) != (round_, side))
            if fight is None or (e.type == "aa.battle_joined" and again):
                fight = current[ev.battle] = Fight(ev.battle, round_, side, e.seq)
                out.append(fight)
            if e.type == "aa.battle_odds_recorded" and fight.recorded is None and not fight.opened:
                fight.recorded = ev
            elif e.type == "aa.hits_scored":
                if not fight.opened:
                    fight.opened = e.seq - 2  # the throw is the event just before; the view before it
                if previous is not None and isinstance(previous.event, DiceRolled):
                    throws[previous.seq] = (ev.firer, fight)
            elif e.type == "aa.casualties_chosen":
                for uid in (*ev.units, *ev.cargo):
                    fight.lost.setdefault(uid, ev.side)
                    fight.fell_at.setdefault(uid, e.seq)
            elif e.type == "aa.battle_round_ended":
                # cargo aboard transports that stood behind the casualty line sinks with them (§3.3 Transport)
                for uid in ev.cargo:
                    fight.lost.setdefault(uid, "")
                    fight.fell_at.setdefault(uid, e.seq)
            elif e.type == "aa.casualties_restored":
                for line in ev.units:  # a corrected throw gave them back
                    fight.lost.pop(line.id, None)
                    fight.kinds[line.id] = line.kind
            elif e.type == "aa.battle_ended":
                fight.outcome, fight.ended = ev.outcome, True
        previous = e
    return [f for f in out if f.opened], throws


def labels(fought: Sequence[Fight], turn: Any = None) -> dict[int, str]:
    """Each fight's name, as the per-battle luck table names it: the place ("Manchuria", "the raid on Germany"),
    with the turn when the same battle was fought in several turns: "Manchuria (round 1, USSR)"."""
    turn = turn or by_turn
    places: dict[str, int] = {}
    for f in fought:
        places[f.key] = places.get(f.key, 0) + 1
    out = {}
    for f in fought:
        name = battle_name(f.key)
        name = name[:1].upper() + name[1:]
        out[id(f)] = name if places[f.key] == 1 else f"{name} ({turn(f.round, f.side)})"
    return out


def by_turn(round_: int, side: str) -> str:
    """A turn as the report names it (``reports.build_report``): "round 1, USSR"."""
    when = "set-up" if round_ == 0 else str(round_)
    return f"round {when}" + (f", {POWER.get(side, side).removeprefix('the ')}" if side else "")


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
            result = battle_odds(
                Battle(
                    profiles=profiles(world, state.techs(b.attacker), state.techs(defender)),
                    attackers=attacking, defenders=defending, at_sea=b.kind == "naval",
                    support_fire={k: n for k, n in bombarding.items() if world.units[k].attack} if b.amphibious else {},
                )
            )
            odds = {"attacker_wins": result.attacker_wins, "defender_wins": result.defender_wins,
                    "draw": result.draw, "captures": result.captures}
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
