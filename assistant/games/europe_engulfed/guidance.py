"""What the table should do now: whose turn, which phase, the next decision."""

from __future__ import annotations

from assistant.games.europe_engulfed import calendar, data
from assistant.games.europe_engulfed.rules import turn
from assistant.games.europe_engulfed.rules.special_actions import cap
from assistant.games.europe_engulfed.state import EEState

_PHASE_HELP = {
    "initial_supply": "determine supply (ee.determine_supply) and transfer fleets, then ee.advance",
    "operational_move": "move units (ee.move), declare war (ee.declare_war), spend Special Actions for "
                        "invasions or withdrawals, then ee.advance",
    "strategic_move": "strategic moves (ee.move with mode strategic) up to each nation's limit, then ee.advance",
    "breakthrough": "buy breakthrough phases with Special Actions (ee.buy_breakthrough) or ee.advance to final supply",
    "final_supply": "final supply (ee.determine_supply phase final, limited supply), then ee.advance",
}


def guidance(s: EEState) -> str:
    if s.result:
        return f"Game over: {s.result.replace('_', ' ')} ({s.result_rule})."
    if s.phase in ("", "turn_end"):
        return f"ee.advance to begin {calendar.name(s.turn + 1)}."
    when = calendar.name(s.turn)
    if s.phase == "weather":
        if s.weather:
            return f"{when}: weather set; ee.advance to the Axis player turn."
        if calendar.is_variable_weather(s.turn):
            return (f"{when}: variable weather — ee.roll_weather (German and Soviet dice)"
                    + (", then ee.enter_weather with the box result." if s.weather_winner or not s.options.variable_weather else "."))
        return f"{when}: enter the weather printed on the turn track (ee.enter_weather)."
    if s.phase == "production":
        n = s.step
        led = s.ledger(n)
        todo = []
        if n == "britain" and s.track.uboats and "uboats" not in led.warfare:
            todo.append("resolve the U-boat war (ee.resolve_uboats, mandatory)")
        if not led.maintenance_paid:
            todo.append("strategic warfare against it if any (ee.air_raid, ee.launch_v_weapons)")
        todo.append(f"spend {led.balance} WERP (ee.buy, ee.transfer_werp); Special Actions held "
                    f"{len(s.special_actions.get(n, ()))}/{cap(n, s.turn)}")
        return f"{when}, {s.side} production — {data.nation(n).title}: " + "; ".join(todo) + "; then ee.advance."
    if s.phase == "combat":
        pending = turn.mandatory_battles(s)
        if pending:
            return f"{when}, {s.side} initial combat: fight in {', '.join(pending)} (ee.fight), then ee.advance."
        return f"{when}, {s.side} initial combat: optional rounds in contested areas (ee.fight), or ee.advance."
    if s.phase == "breakthrough" and s.step:
        return f"{when}, {s.side} breakthrough {s.step.replace(':', ' in ')}: resolve it, then ee.advance."
    return f"{when}, {s.side} {s.phase.replace('_', ' ')}: {_PHASE_HELP.get(s.phase, 'ee.advance')}."
