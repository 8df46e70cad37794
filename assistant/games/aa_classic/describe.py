"""One plain sentence per event, for logs and replays."""

from __future__ import annotations

from collections import Counter
from typing import Any

import assistant.games.aa_classic.events as ev
from events.core import PhaseBegan

POWER = {"ussr": "the USSR", "germany": "Germany", "uk": "the UK", "japan": "Japan", "usa": "the USA"}
STEP = {
    "purchase": "research and purchase",
    "combat_move": "combat move",
    "combat": "combat",
    "noncombat_move": "non-combat move",
    "placement": "placement of new units",
    "income": "income",
}


# What each kind of fire is called at the table (HitsScored.fire, the battle throw's purpose).
FIRE = {
    "aa": "anti-aircraft fire",
    "support": "support shot",
    "first_strike": "first strike",
    "attack": "attack",
    "defence": "defence",
    "damage": "bombing damage",
}
KIND = {"aa_gun": "AA gun", "armour": "armour", "infantry": "infantry"}  # names that differ from the id's words
UNCOUNTED = {"armour", "infantry"}  # "2 infantry", not "2 infantrys"


def power_words(power: str) -> str:
    """A power as players say it inside a sentence ("the USSR", "Germany")."""
    return POWER.get(power, power.replace("_", " ").title() if power else "nobody")


def power_name(power: str) -> str:
    """A power as players say it, at the start of a sentence ("The USSR")."""
    name = power_words(power)
    return name[:1].upper() + name[1:]


def _words(ident: str) -> str:
    return ident.replace("_", " ")


def unit_words(kind: str, n: int) -> str:
    """A unit kind as players say it for ``n`` of them: "armour", "2 fighters" (the number is the caller's)."""
    word = KIND.get(kind, _words(kind))
    return word if n == 1 or kind in UNCOUNTED else f"{word}s"


_kind = unit_words


def _units(d: dict[str, int]) -> str:
    return ", ".join(f"{n} {_kind(k, n)}" for k, n in sorted(d.items())) or "nothing"


def _fire(fire: str) -> str:
    """"defence:usa" -> "defence" (the sentence names who fires); "first_strike" -> "first strike"."""
    what = fire.partition(":")[0]
    return FIRE.get(what, _words(what))


def battle_name(key: str) -> str:
    """A battle's key as players say it: "Germany/bombing" is the raid on Germany."""
    space, _, kind = key.partition("/")
    return f"the raid on {space}" if kind == "bombing" else space


def _battle(key: str) -> str:
    name = battle_name(key)
    return name[:1].upper() + name[1:]


def battle_dice(firer: str, fire: str, key: str, round_: int) -> str:
    """The purpose of a battle throw: "Japan's first strike at Hawaiian Waters (round 1)"."""
    space, _, kind = key.partition("/")
    where = f"over {space}" if kind == "bombing" else f"at {space}"
    return f"{power_words(firer)}'s {_fire(fire)} {where} (round {round_})"


def research_dice(power: str) -> str:
    return f"{power_words(power)}'s research"


def technology_dice(power: str) -> str:
    return f"{power_words(power)}'s technology roll"


def _dice(n: int, word: str) -> str:
    return f"{n} {word} {'die' if n == 1 else 'dice'}"


def _count(ids) -> str:
    n = len(ids)
    return f"{n} unit{'s' if n != 1 else ''}" if n else "no unit"


def _named(e: Any, ids) -> str:
    """The units an event names, by kind when it says them ("3 infantry and 2 armour"), else by number."""
    kinds = getattr(e, "kinds", None)
    if not kinds:
        return _count(ids)
    parts = [f"{n} {_kind(k, n)}" for k, n in sorted(kinds.items())]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _hits(n: int) -> str:
    return f"{n} hit{'' if n == 1 else 's'}"


def _prod(changes: dict[str, int]) -> str:
    if not changes:
        return ""
    return " (production " + ", ".join(f"{power_words(p)} {d:+d}" for p, d in sorted(changes.items())) + ")"


SENTENCES: dict[type, Any] = {
    PhaseBegan: lambda e: f"Round {e.round}, {power_words(e.side)}: {STEP.get(e.phase, e.phase)} step.",
    ev.TurnStarted: lambda e: f"Round {e.round}: {power_words(e.power)}'s turn begins.",
    ev.TurnEnded: lambda e: f"{power_words(e.power)}'s turn ends.",
    ev.RoundEnded: lambda e: f"Round {e.round} ends; the Axis production level is {e.axis_production}.",
    ev.ResearchPaid: lambda e: f"{power_words(e.power)} pays {e.cost} IPC for {_dice(e.dice, 'research')}.",
    ev.ResearchRolled: lambda e: f"{power_words(e.power)} makes {e.breakthroughs} breakthrough{'' if e.breakthroughs == 1 else 's'}.",
    ev.TechnologyAcquired: lambda e: f"{power_words(e.power)} develops {_words(e.technology)} (rolled {e.face}).",
    ev.BreakthroughDuplicated: lambda e: f"{power_words(e.power)} already has {_words(e.technology)}: roll again.",
    ev.BreakthroughsWasted: lambda e: f"{power_words(e.power)} owns every technology: {e.count} breakthrough(s) give nothing.",
    ev.UnitsPurchased: lambda e: f"{power_words(e.power)} buys {_units(e.units)} for {e.cost} IPC.",
    ev.UnitsMoved: lambda e: f"{power_words(e.power)} moves {_named(e, e.units)} {' -> '.join(e.path)} ({_words(e.mission)}).",
    ev.UnitsLoaded: lambda e: f"{power_words(e.power)} loads {_named(e, e.cargo)} from {e.territory} onto a transport in {e.zone}.",
    ev.UnitsUnloaded: lambda e: (
        f"{power_words(e.power)} {'will land' if e.waiting else 'lands'} {_named(e, e.cargo)} from {e.zone} in {e.territory}"
        f"{' (amphibious assault)' if e.amphibious else ''}."
    ),
    ev.NeutralityViolated: lambda e: f"{power_words(e.power)} violates neutral {e.territory} and pays {e.penalty} IPC.",
    ev.AircraftShotDown: lambda e: f"AA fire over {e.space} shoots down {_named(e, e.units) if e.units else 'no aircraft'} of {power_words(e.power)}.",
    ev.AircraftLost: lambda e: f"{power_words(e.power)} loses {_named(e, e.units)}: {e.reason}.",
    ev.BattleJoined: lambda e: f"{power_words(e.attacker)} sends {_named(e, e.units)} into {'the raid on' if e.kind == 'bombing' else f'the {e.kind} battle at'} {e.space}.",
    ev.TerritoryCaptured: lambda e: (
        f"{power_words(e.by)} {'liberates' if e.liberated else 'captures'} {e.territory} from {power_words(e.previous)}"
        f"{'' if e.controller == e.by else f', which goes back to {power_words(e.controller)}'}{_prod(e.production)}."
    ),
    ev.CapitalCaptured: lambda e: f"{power_words(e.captor)} takes {e.capital}, capital of {power_words(e.owner)}, and seizes {e.seized} IPC.",
    ev.CapitalLiberated: lambda e: (
        f"{e.capital} is free: {power_words(e.owner)} gets back {', '.join(e.returned) or 'its capital'}{_prod(e.production)}."
    ),
    ev.HitsScored: lambda e: f"{_battle(e.battle)}: {power_words(e.firer)} scores {_hits(e.hits)} ({_fire(e.fire)}).",
    ev.HitsRecounted: lambda e: f"{_battle(e.battle)}: after the correction the throw scores {_hits(e.hits)}.",
    ev.CasualtiesChosen: lambda e: (
        f"{_battle(e.battle)}: the {e.side} loses {_named(e, e.units)}"
        f"{'' if e.removed else ' (behind the casualty line, they still fire)'}"
        f"{f' and {len(e.cargo)} aboard' if e.cargo else ''}."
    ),
    ev.BattleRoundEnded: lambda e: f"{_battle(e.battle)}: round {e.round} ends.",
    ev.SubmarinesSubmerged: lambda e: f"{_battle(e.battle)}: {_named(e, e.units)} of the {e.side} submerge to {e.zone}.",
    ev.AttackerRetreated: lambda e: f"{_battle(e.battle)}: the attacker retreats to {e.to}.",
    ev.BattleEnded: lambda e: (
        f"{_battle(e.battle)} ends: every bomber was shot down." if e.outcome == "shot_down"
        else f"{_battle(e.battle)} ends." if e.battle.endswith("/bombing")
        else f"The battle of {e.battle} ends: {_words(e.outcome)}."
    ),
    ev.LandingMade: lambda e: f"{_named(e, e.cargo)} land from {e.zone} in {e.territory}.",
    ev.BombingDamage: lambda e: f"Strategic raid on {e.territory}: {e.total} damage, {power_words(e.owner)} pays {e.paid} IPC.",
    ev.RocketFired: lambda e: f"Rocket from {e.launcher} hits {e.target}: {power_words(e.owner)} pays {e.paid} IPC.",
    ev.UnitsPlaced: lambda e: f"{power_words(e.power)} places {_units(dict(Counter(u.kind for u in e.units)))} in {e.space}.",
    ev.ComplexPlaced: lambda e: f"{power_words(e.power)} builds an industrial complex in {e.territory}.",
    ev.UnitsForfeited: lambda e: f"{power_words(e.power)} loses unplaced {_units(e.units)}: {e.reason}.",
    ev.IncomeCollected: lambda e: f"{power_words(e.power)} collects {e.amount} IPC.",
    ev.IncomeWithheld: lambda e: f"{power_words(e.power)} collects no income: {e.reason}.",
    ev.VictoryDeclared: lambda e: (
        f"{'The Allies' if e.side == 'allies' else 'The Axis'} win ({e.kind} victory): {e.reason}"
        f"{f'; individual winner {power_words(e.individual_winner)}' if e.individual_winner else ''}."
    ),
    ev.UnitsEdited: lambda e: f"Edit ({e.reason}): " + "; ".join(
        part for part in (
            "adds " + ", ".join(f"{_units(dict(Counter(u.kind for u in e.added if u.space == space)))} in {space}"
                                for space in dict.fromkeys(u.space for u in e.added)) if e.added else "",
            f"removes {_named(e, e.removed)}" if e.removed else "",
        ) if part
    ) + ".",
    ev.ControlEdited: lambda e: f"Edit ({e.reason}): {e.territory} now belongs to {power_words(e.controller)}.",
    ev.TreasuryEdited: lambda e: (
        f"Edit ({e.reason}): {power_words(e.power)}'s treasury set to {e.to} IPC ({e.amount:+d})" if e.to >= 0
        else f"Edit ({e.reason}): {power_words(e.power)}'s treasury {e.amount:+d} IPC"
    ) + ".",
    ev.ProductionEdited: lambda e: (
        f"Edit ({e.reason}): {power_words(e.power)}'s production level set to {e.to} ({e.amount:+d})" if e.to >= 0
        else f"Edit ({e.reason}): {power_words(e.power)}'s production level {e.amount:+d}"
    ) + ".",
    ev.BreakthroughsRecounted: lambda e: f"After the correction {power_words(e.power)} has {e.waiting} breakthrough(s) to roll.",
    ev.TechnologyRevoked: lambda e: f"{power_words(e.power)} loses {_words(e.technology)}: {e.reason}.",
    ev.AircraftRestored: lambda e: f"After the correction {_count(e.units)} of {power_words(e.power)} fly on past {e.space}.",
    ev.CasualtiesRestored: lambda e: f"{_battle(e.battle)}: after the correction the {e.side} gets back {_count(e.units)}.",
    ev.DamageCorrected: lambda e: (
        f"Corrected damage on {e.territory}: {e.total}; {power_words(e.owner)} "
        f"{'pays' if e.change >= 0 else 'gets back'} {abs(e.change)} IPC."
    ),
    ev.CorrectionOutstanding: lambda e: f"A corrected throw changes what is already played: {e.reason}.",
    ev.BattleOddsRecorded: lambda e: (
        f"{_battle(e.battle)}: before the first die the attacker wins {e.attacker_wins:.0%}, the defender "
        f"{e.defender_wins:.0%}, both destroyed {e.draw:.0%}."
    ),
    ev.TechnologiesEdited: lambda e: (
        f"Edit ({e.reason}): {power_words(e.power)} owns {', '.join(_words(t) for t in e.technologies) or 'no technology'}."
    ),
    ev.RuleOverridden: lambda e: f"The table overrides a rule ({e.rule}: {e.refusal}) because {e.reason}.",
}


def describe(event: Any) -> str:
    say = SENTENCES.get(type(event))
    said = say(event) if say else ""  # the core says the rest
    return said[:1].upper() + said[1:]
