"""The field sets both Axis & Allies games record, as untagged frozen Structs.

A game's event subclasses one of these together with ``events.base.Event`` and its own stable tag
(``class TurnStarted(facts.TurnStarted, Event, tag="aa.turn_started")``), adding only the fields it alone has.
msgspec lays a subclass's fields after its bases', so each set here is the run of fields both games' events
begin with, in their order and with their defaults: a saved game's bytes (and so its hash chain) do not change.
A field that comes after one where the games differ stays in each game, even when both have it.
"""

from assistant.families.axis_allies.facts.battles import (
    AttackerRetreated,
    BattleEnded,
    BattleJoined,
    BattleOddsRecorded,
    BombingDamage,
    CasualtiesChosen,
    CorrectionOutstanding,
    HitsRecounted,
    HitsScored,
    LandingMade,
    SubmarinesSubmerged,
)
from assistant.families.axis_allies.facts.captures import CapitalCaptured, TerritoryCaptured
from assistant.families.axis_allies.facts.edits import RuleOverridden, TreasuryEdited, UnitsEdited
from assistant.families.axis_allies.facts.movement import (
    AircraftLost,
    AircraftShotDown,
    UnitsLoaded,
    UnitsMoved,
    UnitsUnloaded,
)
from assistant.families.axis_allies.facts.production import (
    IncomeCollected,
    IncomeWithheld,
    UnitLine,
    UnitsForfeited,
    UnitsPlaced,
    UnitsPurchased,
)
from assistant.families.axis_allies.facts.turns import TurnEnded, TurnStarted

__all__ = [
    "AircraftLost",
    "AircraftShotDown",
    "AttackerRetreated",
    "BattleEnded",
    "BattleJoined",
    "BattleOddsRecorded",
    "BombingDamage",
    "CapitalCaptured",
    "CasualtiesChosen",
    "CorrectionOutstanding",
    "HitsRecounted",
    "HitsScored",
    "IncomeCollected",
    "IncomeWithheld",
    "LandingMade",
    "RuleOverridden",
    "SubmarinesSubmerged",
    "TerritoryCaptured",
    "TreasuryEdited",
    "TurnEnded",
    "TurnStarted",
    "UnitLine",
    "UnitsEdited",
    "UnitsForfeited",
    "UnitsLoaded",
    "UnitsMoved",
    "UnitsPlaced",
    "UnitsPurchased",
    "UnitsUnloaded",
]
