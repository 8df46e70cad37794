"""What the table should do now, in plain words for the players: whose turn, which phase, what is still owed
before the game can go on. Forms are named by their titles on screen ("Advance", "Buy", ...), never by their
command tags; the banner must never fail, whatever the state."""

from __future__ import annotations

from assistant.games.europe_engulfed import calendar, data
from assistant.games.europe_engulfed.rules import fortresses, stacking, turn
from assistant.games.europe_engulfed.rules.special_actions import cap
from assistant.games.europe_engulfed.state import EEState

_PHASE_HELP = {
    "initial_supply": "check supply (\"Determine supply\") and move fleet points between seas if you wish, then "
                      "\"Advance\"",
    "operational_move": "move units, declare war, spend Special Actions for invasions, airborne assaults or "
                        "withdrawals, then \"Advance\"",
    "strategic_move": "make strategic moves, up to each nation's limit, then \"Advance\"",
    "breakthrough": "buy a breakthrough phase with Special Actions (\"Buy breakthrough\") or \"Advance\" to final "
                    "supply",
    "final_supply": "check supply again (\"Determine supply\", Limited Supply if you spend it), then \"Advance\"",
}


def _title(nation: str) -> str:
    return data.nation(nation).title if nation in data.MAJORS else nation.replace("_", " ").title()


def _turn_name(t: int) -> str:
    try:
        return calendar.name(t)
    except (IndexError, KeyError, ValueError):
        return f"turn {t + 1}"


def guidance(s: EEState) -> str:
    """The banner names the next-phase button by what it says now ("Close Germany's production")."""
    from assistant.games.europe_engulfed.offers import advance_label

    return (_banner(s) + _reminder(s)).replace('"Advance"', f'"{advance_label(s)}"')


def _banner(s: EEState) -> str:
    if s.result:
        return f"Game over: {result_words(s.result)} ({s.result_rule})."
    owed = _owed(s)
    if owed:
        return f"{_turn_name(max(s.turn, 0))}: first {owed}."
    if s.phase in ("", "turn_end"):
        if s.phase == "turn_end" and s.turn >= calendar.last():
            return f"{_turn_name(s.turn)} was the last turn: the final victory is determined."
        return f"\"Advance\" to begin {_turn_name(s.turn + 1)}."
    when = _turn_name(s.turn)
    if s.phase == "weather":
        return f"{when}: {_weather(s)}"
    if s.phase == "production":
        return f"{when}, {s.side} production: {_production(s)}"
    if s.phase == "combat":
        pending = turn.mandatory_battles(s)
        if pending:
            return (f"{when}, {s.side} initial combat: fight in {', '.join(_area(s, a) for a in pending)} "
                    f"(\"Fight\"){_counterattack(s)}, then \"Advance\".")
        return (f"{when}, {s.side} initial combat: optional rounds in contested areas (\"Fight\")"
                f"{_counterattack(s)}, or \"Advance\".")
    if s.phase == "breakthrough" and s.step:
        into = f" into {_area(s, s.breakthrough_area)}" if s.step == "operational" and s.breakthrough_area else ""
        return (f"{when}, {s.side} breakthrough ({s.step.split(':')[0]}{into}): make its moves or its combat round, "
                "then \"Advance\".")
    what = _PHASE_HELP.get(s.phase, 'then "Advance"')
    return f"{when}, {s.side} {s.phase.replace('_', ' ')}: {what}."


def _counterattack(s: EEState) -> str:
    """EE 6.5, 7.7: the defender's answer to the round just fought, said while it is still open."""
    from assistant.games.europe_engulfed.offers import counterattack_open

    if not counterattack_open(s) or s.battle is None:
        return ""
    return f"; the defender may first counterattack in {_area(s, s.battle.area)} (\"Counterattack\")"


def result_words(result: str) -> str:
    """ "axis_operational" -> "Axis operational victory"; "draw" stays a draw."""
    if result == "draw":
        return "a draw"
    side, _, level = result.partition("_")
    return f"{side.title()} {level} victory".replace("  ", " ")


def _area(s: EEState, area: str) -> str:
    a = s.board.areas.get(area)
    return a.name if a is not None and a.name else area


def _owed(s: EEState) -> str:
    """Obligations that stop the game until the table settles them."""
    if s.politics.french_fleet_escape:
        return "the Allied player chooses the sea of the French fleet point that escapes to Britain (\"French fleet escape\")"
    pending = s.politics.deploying
    if pending:
        return (f"deploy the forces of {', '.join(_title(m) for m in pending)} as the deployment table says "
                "(\"Deploy minor\")")
    if s.phase == "final_supply" and fortresses.excess(s):
        where = ", ".join(f"{k} from {_area(s, a)}" for a, k in sorted(fortresses.excess(s).items()))
        return (f"the {s.side} attackers of a fortress they did not take withdraw ({where}) to the surrounding "
                "area (\"Leave fortress\"); Malta's invaders sail back to their port or are eliminated "
                "(\"Eliminate excess\")")
    return ""


def _reminder(s: EEState) -> str:
    """Over-stacking is allowed during a phase (EE 5.5); the banner says what must be settled before it ends."""
    if s.phase not in ("operational_move", "strategic_move", "combat", "breakthrough") or not stacking.overstacked(s):
        return ""
    where = ", ".join(f"{_area(s, a)} ({k} too many)" for a, k in sorted(stacking.overstacked(s).items()))
    return (f" Before this phase ends, bring the fortresses back to their stacking limit: {where} — attackers of a "
            "fortress just taken go to its surrounding area (\"Leave fortress\"), other units are eliminated by "
            "their owner (\"Eliminate excess\").")


def _weather(s: EEState) -> str:
    if s.weather:
        return "the weather is set; \"Weather set: begin the Axis player turn\" when the table is ready."
    if calendar.is_variable_weather(s.turn):
        if s.weather_winner:
            return (f"the {s.weather_winner.title()} die won: enter the weather of that variable box "
                    "(\"Set this turn's weather\"), then \"Weather set: begin the Axis player turn\".")
        return "variable weather: roll the German and the Soviet die (\"Roll the variable weather\")."
    return "enter the weather printed on the turn track (\"Set this turn's weather\")."


def _production(s: EEState) -> str:
    n = s.step
    if not n:
        return "\"Advance\" to the next producing nation."
    led = s.ledger(n)
    todo = []
    if n == "britain" and s.track.uboats and "uboats" not in led.warfare:
        todo.append("resolve the U-boat war first (mandatory)")
    if not led.maintenance_paid:
        todo.append(f"strategic warfare against {_title(n)} if the enemy wants it (air raids, V-weapons)")
    held = len(s.special_actions.get(n, ()))
    todo.append(f"spend its {led.balance} WERP on units, steps and markers or send some as aid; it holds {held} of "
                f"{cap(n, s.turn)} Special Actions")
    return f"{_title(n)} — " + "; ".join(todo) + "; unspent WERP are lost when you \"Advance\"."
