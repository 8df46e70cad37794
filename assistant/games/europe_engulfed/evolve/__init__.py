"""``evolve`` for Europe Engulfed: applies facts to the write-side state and never re-checks them.

Each event family has its module here (turn, economy, military, naval, politics, edits; blocks holds the step and
force-pool bookkeeping they share); this table says which function applies which event. States are frozen: every
change copies the dict it touches and replaces the field (team standard).
"""

from __future__ import annotations

from typing import Any

from assistant.games.europe_engulfed.bookings import bookings
from assistant.games.europe_engulfed.evolve.economy import (
    booked,
    lend_lease,
    maintenance,
    purchased,
    raid,
    uboats,
    v_weapons,
)
from assistant.games.europe_engulfed.evolve.edits import (
    board_amended,
    scenario_set_up,
    steps_edited,
    tracks_edited,
    units_edited,
    weather_edited,
)
from assistant.games.europe_engulfed.evolve.military import (
    beachhead,
    beachhead_removed,
    combat_round,
    control,
    eliminated,
    fort_removed,
    moved,
    sa_spent,
    steps_lost,
    supply,
)
from assistant.games.europe_engulfed.evolve.naval import fleet_transferred, interdicted, naval_combat
from assistant.games.europe_engulfed.evolve.politics import (
    conquered,
    conscription,
    free_french,
    french_fleet,
    lebanon,
    minor_deployed,
    morale,
    pact,
    vichy,
    vichy_occupied,
    war,
)
from assistant.games.europe_engulfed.evolve.turn import (
    ended,
    limit_set,
    phase_began,
    turn_began,
    turn_ended,
    weather_rolled,
    weather_set,
)
from assistant.games.europe_engulfed.readings import ResourceSupplyRead, evolve_read
from assistant.games.europe_engulfed.state import EEState
import assistant.games.europe_engulfed.events as ev
from events.core import PhaseBegan
from assistant.games.europe_engulfed.events.board import BoardAmended, ScenarioSetUp
from assistant.games.europe_engulfed.events.supply import SUPPLY_EVENTS


_EVOLVERS: dict[type, Any] = {
    PhaseBegan: phase_began,
    ev.TurnBegan: turn_began,
    ev.WeatherRolled: weather_rolled,
    ev.WeatherSet: weather_set,
    ev.StrategicMoveLimitSet: limit_set,
    ev.TurnEnded: turn_ended,
    ev.LendLeaseRolled: lend_lease,
    ev.UBoatCampaignResolved: uboats,
    ev.AirRaidResolved: raid,
    ev.VWeaponsResolved: v_weapons,
    ev.NavalMaintenancePaid: maintenance,
    ev.Purchased: purchased,
    ev.ConscriptionDeclared: conscription,
    ev.UnitMoved: moved,
    ev.ControlChanged: control,
    ev.CombatRoundFought: combat_round,
    ev.SpecialActionSpent: sa_spent,
    ev.StepsLost: steps_lost,
    ev.UnitsEliminated: eliminated,
    ev.FortificationRemoved: fort_removed,
    ev.WarDeclared: war,
    ev.PactActivated: pact,
    ev.VichyEstablished: vichy,
    ev.MoraleCollapsed: morale,
    ev.PowerConquered: conquered,
    ev.FreeFrenchJoined: free_french,
    ev.GameEnded: ended,
    ev.FleetPointsTransferred: fleet_transferred,
    ev.NavalCombatResolved: naval_combat,
    ev.NavalInterdictionResolved: interdicted,
    ev.BeachheadEstablished: beachhead,
    ev.BeachheadRemoved: beachhead_removed,
    ev.FrenchFleetEscaped: french_fleet,
    ev.VichyOccupied: vichy_occupied,
    ev.LebanonOccupied: lebanon,
    ev.UnitsEdited: units_edited,
    ev.StepsEdited: steps_edited,
    ev.ControlEdited: control,
    ev.TracksEdited: tracks_edited,
    ev.WeatherEdited: weather_edited,
    ev.MinorForcesDeployed: minor_deployed,
    ScenarioSetUp: scenario_set_up,
    BoardAmended: board_amended,
    ResourceSupplyRead: evolve_read,
    **{cls: supply for cls in SUPPLY_EVENTS},
}


def evolve(state: EEState, event: Any) -> EEState:
    fn = _EVOLVERS.get(type(event))
    s = fn(state, event) if fn is not None else state
    for b in bookings(event):
        s = booked(s, b)
    return s
