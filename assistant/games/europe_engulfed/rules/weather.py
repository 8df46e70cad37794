"""Weather determination (EE 1.1): printed on the turn track, or rolled in Mar/Apr and Nov/Dec."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.europe_engulfed import calendar, data
from assistant.games.europe_engulfed.commands import EnterWeather, RollWeather
from assistant.games.europe_engulfed.state import EEState
import assistant.games.europe_engulfed.events as ev
from events.base import Event


def printed(s: EEState, turn: int) -> ev.WeatherSet | None:
    """The turn-track weather of a fixed turn, when the players entered it as an option."""
    w = s.options.weather_track.get(calendar.code(turn))
    if w is None or calendar.is_variable_weather(turn):
        return None
    return ev.WeatherSet(turn=turn, weather=_checked(w), source="turn_track")


def _checked(weather: dict[str, str]) -> dict[str, str]:
    d = data.weather()
    zones = {z.strip().lower(): c.strip().lower().replace(" ", "_") for z, c in weather.items()}  # "Light mud"
    if set(zones) != set(d.zones):
        raise Refused(f"give the weather of the three zones {', '.join(d.zones)}", rule="EE 1.1")
    bad = [c for c in zones.values() if c not in d.conditions]
    if bad:
        named = ", ".join(c.replace("_", " ") for c in d.conditions)
        raise Refused(f"weather is one of {named} in each zone, e.g. west=clear, east=mud, south=clear; not "
                      f"{bad[0].replace('_', ' ')!r}", rule="EE 1.1")
    return zones


def _in_weather_phase(s: EEState) -> None:
    if s.phase != "weather":
        raise Refused("the weather is determined in the weather phase at the start of the turn", rule="EE 1.1")
    if s.weather:
        raise Refused("this turn's weather is already set", rule="EE 1.1")


def roll(cmd: RollWeather, s: EEState, ctx: Context) -> list[Event]:
    _in_weather_phase(s)
    if not calendar.is_variable_weather(s.turn):
        raise Refused(f"{calendar.bimonth(s.turn)} weather is printed on the turn track, not rolled", rule="EE 1.1")
    if s.weather_winner:
        raise Refused("the weather dice are already rolled; enter the box result", rule="EE 1.11")
    german = ctx.throw("variable weather: German die", 1)
    soviet = ctx.throw("variable weather: Soviet die", 1)
    winner = "german" if german.faces[0] > soviet.faces[0] else "soviet"
    out: list[Event] = [german, soviet,
                        ev.WeatherRolled(turn=s.turn, german=german.faces[0], soviet=soviet.faces[0], winner=winner)]
    box = s.options.variable_weather.get(calendar.bimonth(s.turn))
    if box is not None:
        out.append(ev.WeatherSet(turn=s.turn, weather=_checked(getattr(box, winner)), source="variable_box"))
    return out


def enter(cmd: EnterWeather, s: EEState, ctx: Context) -> list[Event]:
    _in_weather_phase(s)
    if calendar.is_variable_weather(s.turn) and not s.weather_winner:
        raise Refused("variable weather: roll the German and Soviet dice first", rule="EE 1.11")
    source = "variable_box" if calendar.is_variable_weather(s.turn) else "entered"
    return [ev.WeatherSet(turn=s.turn, weather=_checked(cmd.weather), source=source)]
