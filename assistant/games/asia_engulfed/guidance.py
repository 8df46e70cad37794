"""What to do now, in plain words, for the table banner."""

from __future__ import annotations

from assistant.games.asia_engulfed import data
from assistant.games.asia_engulfed.describe import PHASES, RESULTS
from assistant.games.asia_engulfed.describe_air import next_step as air_next_step
from assistant.games.asia_engulfed.rules import strategic
from assistant.games.asia_engulfed.rules import turn as turn_rules
from assistant.games.asia_engulfed.state import AEState
from assistant.games.asia_engulfed.wording import commands_named


def guidance(s: AEState) -> str:
    if s.result:
        return f"The game is over: {RESULTS.get(s.result, s.result)} ({s.result_rule})."
    if s.phase == "setup":
        return "Enter the scenario set-up (pieces, control, tracks) or load its file, then advance."
    if s.phase == "bidding":
        return "Bid for the Allied side (optional), then advance to the first turn."
    who = "Japan's" if s.side == "japan" else "the Allies'"  # "Nov/Dec 1941, the Allies' Naval Movement"
    if s.phase == "turn_advance":  # no side's phase (AE 1.3)
        who = "the"
    phase = PHASES.get(s.phase, s.phase)
    turn = data.calendar().name(s.turn) if s.turn else "Before the game"
    if s.phase in ("production", "pre_game_production"):
        owed = strategic.pending(s)
        if owed:
            return f"{turn}, Japanese production: resolve Strategic Warfare first ({', '.join(owed)})."
        return (f"{turn}, {phase}: {data.nation_name(s.producer)} has {s.balance(s.producer, 'werp')} WERP to spend, "
                "then advance.")
    if s.phase == "initial_supply":
        if s.side == "japan" and s.network_set_turn != s.turn:
            return f"{turn}, Japanese Initial Supply: place or keep the Supply Network, then determine supply."
        return f"{turn}, {who} Initial Supply: determine supply, then advance."
    if s.phase == "final_supply":
        return f"{turn}, {who} Final Supply: determine supply (unsupplied pieces are eliminated), then advance."
    if s.phase == "air_naval_combat" and (s.battles or s.pearl in ("struck", "stayed")):
        return f"{turn}, {who} {phase}: {air_next_step(s)}"
    if s.phase == "air_naval_combat":
        sea_step = _at_sea(s)
        if sea_step:
            return f"{turn}, {who} {phase}: {sea_step}"
    owed = turn_rules.held_back(s)
    if owed is not None:  # "Next phase" is not offered: say what the phase still owes, as the refusal would
        return f"{turn}, {who} {phase}: before the next phase, {commands_named(owed.message)}."
    return f"{turn}, {who} {phase}: record what happens on the table, then advance."


def _at_sea(s: AEState) -> str:
    """The next step where both sides are still at sea after an interception: the Night round's fire (each fleet
    once, AE 8.41), or the avoiders' return to base (AE 8.32)."""
    for sea in turn_rules.both_at_sea(s):
        _, outcome, avoiders = s.interceptions.get(sea, (0, "", ()))
        name = s.board.seas[sea].name
        if outcome == "night" and any(p.at == sea for p in s.night_round.values()):
            return (f"Night combat in {name}: each side's battleships and cruisers fire once (Naval fire), then "
                    "resolve the damage; then intercept again, or Avoid.")
        if outcome == "avoid" and avoiders:
            who = " and ".join("Japan" if a == "japan" else "the Allies" for a in avoiders)
            return (f"{who} avoided combat in {name}: the avoiding fleets there return to base (Naval move, "
                    "mode return), after any submarine attack.")
    return ""
