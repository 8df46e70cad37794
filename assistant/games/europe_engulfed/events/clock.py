"""Europe Engulfed events of the calendar: turns and weather (EE 1.0, 1.1, 1.4)."""

from events.base import Event


class TurnBegan(Event, tag="ee.turn_began"):
    """A new two-month game turn; ``switches`` names the scheduled rules that start with it (data/calendar.toml)."""

    turn: int
    label: str
    switches: tuple[str, ...] = ()


class WeatherRolled(Event, tag="ee.weather_rolled"):
    """Variable weather (EE 1.11): German and Soviet dice compared; higher German die -> the German box result."""

    turn: int
    german: int
    soviet: int
    winner: str  # "german" | "soviet" (Soviet higher or tie)


class WeatherSet(Event, tag="ee.weather_set"):
    """The weather of the three zones for this turn, and where it came from."""

    turn: int
    weather: dict[str, str]
    source: str  # "turn_track" | "variable_box" | "entered"


class StrategicMoveLimitSet(Event, tag="ee.strategic_move_limit_set"):
    """A nation's Table 20.3 strategic-move limit as entered by the players (the table is not in the rule book)."""

    nation: str
    limit: int


class TurnEnded(Event, tag="ee.turn_ended"):
    """Turn advance phase (EE 1.4): every fleet point flips back to "Trans. Avail."."""

    turn: int
