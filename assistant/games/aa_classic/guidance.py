"""The table banner: whose turn, which step, what to do now — one sentence."""

from __future__ import annotations

from collections import Counter

from assistant.games.aa_classic.describe import STEP, power_words, unit_words
from assistant.games.aa_classic.moves import offers
from assistant.games.aa_classic.moves.battle import dice_for, next_action, plan
from assistant.games.aa_classic.moves.common import contested_zones
from assistant.games.aa_classic.moves.economy import can_buy
from assistant.games.aa_classic.moves.placement import placeable
from assistant.games.aa_classic.moves.turn import still_able_to_land
from assistant.games.aa_classic.state import State

STEP_ADVICE = {
    "purchase": "buy research dice and units, then end the step",
    "combat_move": "move units into battles or captures (loading and unloading transports), then end the step",
    "noncombat_move": "move units that have not moved and land every aircraft that fought, then end the step",
    "placement": "place the units bought, then end the step",
    "income": "collect income to end the turn",
}


def guidance(s: State) -> str:
    if s.victory is not None:
        return f"Game over: {s.victory.reason}; individual winner {power_words(s.victory.individual_winner)}."
    if s.round == 0:
        return "Set up the board, then start the game: the USSR plays first."
    head = f"Round {s.round}, {power_words(s.power)}, {STEP.get(s.step, s.step)}: "
    if s.breakthroughs:
        return head + f"roll {s.breakthroughs} technology {'die' if s.breakthroughs == 1 else 'dice'} for the breakthroughs."
    if s.step == "combat_move" and s.options.get("enemy_zone_placement") and contested_zones(s, s.power):
        zones = ", ".join(contested_zones(s, s.power))
        return head + f"enemy ships were placed among yours in {zones}: move out or declare an attack there."
    if not s.step:
        return head + "the turn begins."
    if s.step == "noncombat_move" and (flying := still_able_to_land(s)):
        groups = Counter((s.units[i].kind, s.units[i].space) for i in flying)
        where = ", ".join(f"{n} {unit_words(kind, n)} in {space}" for (kind, space), n in sorted(groups.items()))
        return head + f"land the aircraft still in the air ({where}), move units that have not moved, then end the step."
    if (idle := _nothing_to_do(s)) is not None:
        return head + idle
    if s.step != "combat":
        return head + STEP_ADVICE.get(s.step, "end the step when done") + "."
    for b in s.battles.values():
        act, what = next_action(s, b)
        if act == "over":
            continue
        # A raid is keyed "<territory>/bombing" for the machine; the table calls it the raid on the territory.
        name = f"the raid on {b.space}" if b.kind == "bombing" else b.key
        if act == "fire":
            lines = plan(s, b, what)
            if what == "damage":
                return head + f"{name}: {_damage(s, b)}."
            who = power_words(b.attacker) if what in ("attack", "first_strike", "support") else power_words(what.split(":")[-1]) if ":" in what else "the defender"
            dice = ", ".join(f"{n} {unit_words(k, n)} at {t} or less" for k, n, t in lines)
            at = name if b.kind == "bombing" else f"{name}, round {b.round}"
            fire = "AA fire" if what == "aa" else what.split(":")[0].replace("_", " ")
            return head + f"{at}: {who} rolls {fire} — {dice}."
        if act == "casualties":
            p = b.pending
            assert p is not None
            return head + f"{name}: the {p.side} chooses {p.hits} casualt{'y' if p.hits == 1 else 'ies'}."
        return head + f"{name}: {what}."
    if offers.rocket_targets(s):
        return head + "every battle is over; fire a rocket if you wish, then end the step."
    return head + "every battle is over: end the step."


def _damage(s: State, b) -> str:
    """A raid's damage throw as the table rolls it: how many dice in all (one per bomber, three with heavy
    bombers: A&A §5.2, §6.6) and who pays their total."""
    dice = dice_for(s, b, "damage")
    bombers = Counter(i for i, _, _ in dice)
    each = sorted(set(bombers.values()))
    per = f", {each[0]} each" if len(each) == 1 and each[0] > 1 else ""
    owner = power_words(s.controller(b.space))
    n = len(dice)
    return (f"roll {n} damage {'die' if n == 1 else 'dice'} in all ({len(bombers)} "
            f"{unit_words('bomber', len(bombers))}{per}); {owner} pays the total, at most its treasury")


def _held(s: State) -> str:
    """Why a power has no income: its capital in enemy hands (A&A §4.6), said as a clause; "" otherwise."""
    if not s.capital_held_by_enemy(s.power):
        return ""
    return f"its capital is held by {power_words(s.controller(s.world.capital_of(s.power)))}"


def _nothing_to_do(s: State) -> str | None:
    """The advice for a step in which the power can do nothing but end it, said plainly so the table does not
    look for something to do (the forms put the end of the step first then); None when there is something."""
    who = power_words(s.power)
    if s.step == "purchase" and not can_buy(s):
        held = _held(s)
        why = f" ({held})" if held else ""
        what = "a unit" if s.research_done else "a unit or a research die"
        return f"{who} has {s.treasury.get(s.power, 0)} IPC{why}, too little for {what}: end the step."
    if s.step in ("combat_move", "noncombat_move") and not (offers.movers(s) or offers.unload_zones(s)):
        return f"{who} has no unit that can still move: end the step."
    if s.step == "combat" and not s.battles and not offers.rocket_targets(s):
        return "no battle this turn: end the step."
    if s.step == "placement" and not s.purchased:
        return "nothing was bought: end the step."
    if s.step == "placement" and not placeable(s):
        waiting = ", ".join(f"{n} {unit_words(k, n)}" for k, n in sorted(s.purchased.items()))
        return f"no complex can take the {waiting} waiting: end the step (they are lost, A&A §4.5)."
    if s.step == "income" and (held := _held(s)):
        return f"{who} collects no income ({held}): end the step to end the turn."
    return None
