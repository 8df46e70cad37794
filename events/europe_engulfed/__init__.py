"""The Europe Engulfed vocabulary (tags "ee.*"), re-exported in one place for the game declaration."""

from events.europe_engulfed.clock import StrategicMoveLimitSet, TurnBegan, TurnEnded, WeatherRolled, WeatherSet
from events.europe_engulfed.economy import (
    AirRaidResolved,
    ConscriptionDeclared,
    LedgerLine,
    LendLeaseRolled,
    NavalMaintenancePaid,
    ProductionBegan,
    ProductionClosed,
    Purchased,
    UBoatCampaignResolved,
    VWeaponsResolved,
    WerpTransferred,
)
from events.europe_engulfed.military import (
    CombatRoundFought,
    ControlChanged,
    Fire,
    FortificationRemoved,
    SpecialActionSpent,
    StepsLost,
    UnitMoved,
    UnitsEliminated,
)
from events.europe_engulfed.politics import (
    ConscriptionStepsDue,
    FreeFrenchJoined,
    GameEnded,
    MoraleCollapsed,
    PactActivated,
    PowerConquered,
    VichyEstablished,
    WarDeclared,
)

GAME_EVENTS = (
    TurnBegan,
    WeatherRolled,
    WeatherSet,
    StrategicMoveLimitSet,
    TurnEnded,
    ProductionBegan,
    LendLeaseRolled,
    WerpTransferred,
    UBoatCampaignResolved,
    AirRaidResolved,
    VWeaponsResolved,
    NavalMaintenancePaid,
    Purchased,
    ConscriptionDeclared,
    ProductionClosed,
    UnitMoved,
    ControlChanged,
    CombatRoundFought,
    SpecialActionSpent,
    StepsLost,
    UnitsEliminated,
    FortificationRemoved,
    WarDeclared,
    PactActivated,
    VichyEstablished,
    MoraleCollapsed,
    PowerConquered,
    ConscriptionStepsDue,
    FreeFrenchJoined,
    GameEnded,
)

__all__ = [cls.__name__ for cls in GAME_EVENTS] + ["LedgerLine", "Fire", "GAME_EVENTS"]
