"""The table banner: whose turn, which step, what to do now — one sentence."""

from __future__ import annotations

from collections import Counter

from assistant.games.aa_classic.describe import STEP, power_words, unit_words
from assistant.games.aa_classic.moves.battle import next_action, plan
from assistant.games.aa_classic.moves.common import contested_zones
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
                dice = ", ".join(f"{n} for {unit_words(k, n)}" for k, n, _ in lines)
                return head + f"{name}: roll the damage dice ({dice})."
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
    return head + "every battle is over; fire a rocket if you have them, then end the step."
