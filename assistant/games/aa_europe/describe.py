"""One plain sentence per event, in the players' words (board names, powers by name, units pluralised)."""

from __future__ import annotations

from typing import Any

from assistant.games.aa_europe import events as ev
from events.core import PhaseBegan

NAMES = {"germany": "Germany", "ussr": "the Soviet Union", "uk": "Great Britain", "usa": "the United States"}
PHASES = {"purchase": "purchase", "combat_move": "combat move", "combat": "combat", "noncombat_move": "non-combat move",
          "placement": "placement", "surface_repair": "surfacing and repairs", "income": "income"}
PLURAL = {"infantry": "infantry", "artillery": "artillery", "armour": "armour", "aa_gun": "AA guns",
          "fighter": "fighters", "bomber": "bombers", "submarine": "submarines", "transport": "transports",
          "destroyer": "destroyers", "battleship": "battleships", "carrier": "aircraft carriers"}
SINGULAR = {"aa_gun": "AA gun", "carrier": "aircraft carrier"}


def power(p: str) -> str:
    return NAMES.get(p, p or "nobody")


def possessive(p: str) -> str:
    """"Germany's", but "the United States'" (a plural name takes the apostrophe alone)."""
    name = power(p)
    return f"{name}'" if name.endswith("s") else f"{name}'s"


# The throws of a battle in the players' words (the game's step names are ids: "raid_losses", "defence:uk").
FIRES = {"aa": "AA fire", "support": "shore support", "surprise": "submarines' surprise strike", "attack": "attack",
         "defence": "defence", "intercept": "interceptors", "escort": "escorts",
         "raid_losses": "AA guns and interceptors", "damage": "bombing"}


SINGLE = {"aa", "support", "surprise", "attack", "defence", "damage"}  # "AA fire scores", "escorts score"


def fire_name(fire: str) -> str:
    step = fire.split(":")[0]
    return FIRES.get(step, step.replace("_", " "))


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def units(counts: dict[str, int]) -> str:
    parts = [f"{n} {SINGULAR.get(k, k) if n == 1 else PLURAL.get(k, k + 's')}" for k, n in sorted(counts.items())]
    return ", ".join(parts) if parts else "nothing"


def _lines(lines) -> str:
    counts: dict[str, int] = {}
    for line in lines:
        counts[line.kind] = counts.get(line.kind, 0) + 1
    return units(counts)


def _n(ids) -> str:
    return f"{len(ids)} unit{'s' if len(ids) != 1 else ''}"


def describe(e: Any) -> str:
    match e:
        case PhaseBegan():
            return f"Round {e.round}: {possessive(e.side)} {PHASES.get(e.phase, e.phase.replace('_', ' '))} phase."
        case ev.AdvanceGranted():
            return "Cash advance paid: " + ", ".join(f"{power(p)} {n} IPC" for p, n in e.amounts.items()) + "."
        case ev.AdvanceClosed():
            return ("Germany" if e.side == "axis" else "The Allies") + " finished buying with the cash advance."
        case ev.StartingIncomePaid():
            return "Starting income paid: " + ", ".join(f"{power(p)} {n} IPC" for p, n in e.amounts.items()) + "."
        case ev.TurnStarted():
            return f"Round {e.round}: {possessive(e.power)} turn begins."
        case ev.TurnEnded():
            return f"{cap(possessive(e.power))} turn ends."
        case ev.UnitsPurchased():
            how = " with the cash advance" if e.advance else ""
            return f"{cap(power(e.power))} bought {units(e.units)} for {e.cost} IPC{how}."
        case ev.UnitsPlaced():
            return f"{cap(power(e.power))} placed {_lines(e.units)} in {e.space}."
        case ev.UnitsForfeited():
            return f"{cap(power(e.power))} lost {units(e.units)} it bought but did not place."
        case ev.UnitsMoved():
            return f"{cap(power(e.power))} moved {_n(e.units)} {' → '.join(e.path)}" + (
                f" ({e.mission})." if e.mission not in ("move",) else ".")
        case ev.UnitsLoaded():
            return f"{cap(power(e.power))} loaded {_n(e.cargo)} from {e.territory} in {e.zone}."
        case ev.UnitsUnloaded():
            what = "will land" if e.waiting else "landed"
            return f"{cap(power(e.power))}: {_n(e.cargo)} {what} in {e.territory} from {e.zone}."
        case ev.AircraftShotDown():
            return f"AA fire over {e.space} shot down {_n(e.units)} of {power(e.power)}."
        case ev.AircraftLost():
            return f"{cap(power(e.power))} lost {_n(e.units)}: {e.reason}."
        case ev.ConvoyRaided():
            return f"{cap(power(e.raider))} took the convoy centre {e.zone}: {power(e.owner)} loses {e.value} IPC of income."
        case ev.ConvoyLiberated():
            return f"{cap(power(e.liberator))} freed the convoy centre {e.zone}: {power(e.owner)} regains {e.value} IPC."
        case ev.TerritoryCaptured():
            verb = "liberated" if e.liberated else "captured"
            return f"{cap(power(e.by))} {verb} {e.territory} ({e.method})."
        case ev.CapitalCaptured():
            return f"{cap(power(e.captor))} took {e.capital} and seized {e.seized} IPC from {power(e.owner)}."
        case ev.BattleJoined():
            what = "raid on" if e.kind == "bombing" else "attack on"
            return f"{cap(power(e.attacker))}: {_n(e.units)} join{'s' if len(e.units) == 1 else ''} the {what} {e.space}."
        case ev.InterceptorsDeclared():
            return f"{cap(_n(e.units))} intercept{'s' if len(e.units) == 1 else ''} over {e.battle.split('/')[0]}."
        case ev.HitsScored():
            return f"{cap(power(e.firer))}: {fire_name(e.fire)} score{'s' if e.fire.split(':')[0] in SINGLE else ''} " \
                f"{e.hits} hit{'s' if e.hits != 1 else ''}."
        case ev.HitsRecounted():
            return f"The corrected dice score {e.hits} hit{'s' if e.hits != 1 else ''} at {e.battle}."
        case ev.CorrectionOutstanding():
            return f"A corrected throw changes what was already done: {e.reason}."
        case ev.CasualtiesChosen():
            damaged = f", {len(e.damaged)} battleship(s) damaged" if e.damaged else ""
            return f"The {e.side} loses {_n(e.units)}{damaged}."
        case ev.LineCleared():
            return "Casualties removed" + (": the round ends." if e.round_over else " after the surprise strikes.")
        case ev.SubmarinesSubmerged():
            return f"The {e.side} submerges {_n(e.units)}."
        case ev.AttackerRetreated():
            return f"The attacker withdraws from {e.battle}" + (f" to {e.to}." if e.to else ".")
        case ev.BattleEnded():
            if e.battle.endswith("/bombing"):
                return f"The raid on {e.battle.split('/')[0]} ends: {e.outcome.replace('_', ' ')}."
            return f"The battle of {e.battle} ends: {e.outcome.replace('_', ' ')}."
        case ev.LandingMade():
            return f"{_n(e.cargo)} land in {e.territory} from {e.zone}."
        case ev.BombingDamage():
            return f"The raid on {e.territory}: {e.total} damage; {power(e.owner)} returns {e.paid} IPC to the bank."
        case ev.BattleOddsRecorded():
            return f"Odds at {e.space}: attacker wins {e.attacker_wins:.0%}, defender {e.defender_wins:.0%}."
        case ev.UnitsTransferred():
            return f"The Soviet Union takes over {_n(e.units)} of {power(e.previous)} in {e.territory}."
        case ev.SurfacedAndRepaired():
            return f"Surfaced {len(e.submarines)} submarine(s), repaired {len(e.battleships)} battleship(s)."
        case ev.IncomeCollected():
            lost = sum(e.convoy_losses.values())
            extra = f" ({lost} IPC of convoys lost)" if lost else ""
            return f"{cap(power(e.power))} collected {e.amount} IPC{extra}."
        case ev.IncomeWithheld():
            return f"{cap(power(e.power))} collects nothing: {e.reason}."
        case ev.MiddleEastPaid():
            who = ", ".join(f"{power(p)} {n}" for p, n in e.payers.items())
            return f"The Allies pay Germany {e.total - e.shortfall} IPC for the Middle East ({who})."
        case ev.VictoryArmed():
            return f"{cap(power(e.power))} occupies {e.capital}: it wins if it holds it until its next turn."
        case ev.VictoryLapsed():
            return f"{cap(power(e.power))} no longer threatens victory: {e.reason}."
        case ev.VictoryDeclared():
            return f"Victory: {', '.join(power(p) for p in e.winners)} win. {e.reason}."
        case ev.UnitsEdited() | ev.ControlEdited() | ev.TreasuryEdited():
            return f"The table corrected the record: {e.reason}."
        case ev.RuleOverridden():
            return f"The table overrode a rule ({e.refusal}): {e.reason}."
    return ""
