"""Axis & Allies (Milton Bradley, 2nd edition): the facts a table produces, tag prefix "aa.".

Every event names the power it concerns; money events carry the amount so the IPC ledger can link each credit
and debit to the event that caused it. Dice themselves are ``core.dice_rolled``; the events below record what
the rules made of them (hits, breakthroughs, damage).

The classes live one theme per module of this package (turns, research, production, movement, captures, battles,
edits); those whose fields both Axis & Allies games share subclass the family's field sets
(``assistant.families.axis_allies.facts``). Everything is named here, so ``events.X`` reads as it always did.
"""

from assistant.families.axis_allies.facts import UnitLine as UnitLine  # the family's piece line, named here too
from assistant.games.aa_classic.events.battles import (
    AttackerRetreated,
    BattleEnded,
    BattleJoined,
    BattleOddsRecorded,
    BattleRoundEnded,
    BombingDamage,
    CasualtiesChosen,
    CasualtiesRestored,
    CorrectionOutstanding,
    DamageCorrected,
    HitsRecounted,
    HitsScored,
    LandingMade,
    RocketFired,
    SubmarinesSubmerged,
)
from assistant.games.aa_classic.events.captures import CapitalCaptured, CapitalLiberated, TerritoryCaptured
from assistant.games.aa_classic.events.edits import (
    ControlEdited,
    ProductionEdited,
    RuleOverridden,
    TechnologiesEdited,
    TreasuryEdited,
    UnitsEdited,
)
from assistant.games.aa_classic.events.movement import (
    AircraftLost,
    AircraftRestored,
    AircraftShotDown,
    NeutralityViolated,
    UnitsLoaded,
    UnitsMoved,
    UnitsUnloaded,
)
from assistant.games.aa_classic.events.production import (
    ComplexPlaced,
    IncomeCollected,
    IncomeWithheld,
    UnitsForfeited,
    UnitsPlaced,
    UnitsPurchased,
)
from assistant.games.aa_classic.events.research import (
    BreakthroughDuplicated,
    BreakthroughsRecounted,
    BreakthroughsWasted,
    ResearchPaid,
    ResearchRolled,
    TechnologyAcquired,
    TechnologyRevoked,
)
from assistant.games.aa_classic.events.turns import RoundEnded, TurnEnded, TurnStarted, VictoryDeclared
from events.base import Event

EVENTS: tuple[type[Event], ...] = (
    TurnStarted,
    TurnEnded,
    RoundEnded,
    ResearchPaid,
    ResearchRolled,
    TechnologyAcquired,
    BreakthroughDuplicated,
    BreakthroughsWasted,
    UnitsPurchased,
    UnitsMoved,
    UnitsLoaded,
    UnitsUnloaded,
    NeutralityViolated,
    AircraftShotDown,
    AircraftLost,
    BattleJoined,
    TerritoryCaptured,
    CapitalCaptured,
    CapitalLiberated,
    HitsScored,
    HitsRecounted,
    CasualtiesRestored,
    CasualtiesChosen,
    BattleRoundEnded,
    SubmarinesSubmerged,
    AttackerRetreated,
    BattleEnded,
    LandingMade,
    BombingDamage,
    RocketFired,
    DamageCorrected,
    CorrectionOutstanding,
    BattleOddsRecorded,
    BreakthroughsRecounted,
    TechnologyRevoked,
    AircraftRestored,
    UnitsPlaced,
    ComplexPlaced,
    UnitsForfeited,
    IncomeCollected,
    IncomeWithheld,
    VictoryDeclared,
    UnitsEdited,
    ControlEdited,
    TreasuryEdited,
    ProductionEdited,
    TechnologiesEdited,
    RuleOverridden,
)
