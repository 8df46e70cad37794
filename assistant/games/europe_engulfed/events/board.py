"""Europe Engulfed events about the board itself and the scenario set-up (tags "ee.*").

The rule book has no map and no set-ups: players enter them, and these facts keep what they entered in the
game's own log, so a game file stays self-contained and replays anywhere.
"""

from assistant.games.europe_engulfed.board.amend import Amendment
from assistant.games.europe_engulfed.scenario.format import Scenario
from events.base import Event


class BoardAmended(Event, tag="ee.board_amended"):
    """Players completed or corrected the board from their physical map (applied in order)."""

    amendments: tuple[Amendment, ...]
    reason: str = ""


class ScenarioSetUp(Event, tag="ee.scenario_set_up"):
    """The set-up the players are playing: units with their steps, force pools, fleet points, tracks, SAs."""

    scenario: Scenario
    change: str = ""  # what this entry added, in words, when the set-up is entered piece by piece at the table


BOARD_EVENTS = (BoardAmended, ScenarioSetUp)
