"""What the table set by hand, and the rules it chose to override."""

import msgspec

from assistant.families.axis_allies.facts.production import UnitLine


class UnitsEdited(msgspec.Struct, frozen=True):
    reason: str
    added: tuple[UnitLine, ...] = ()
    removed: tuple[int, ...] = ()


class TreasuryEdited(msgspec.Struct, frozen=True):
    reason: str
    power: str
    amount: int  # the change (the ledger books it)


class RuleOverridden(msgspec.Struct, frozen=True):
    """The table chose to do what the rules refuse; the refusal and the reason stay on the record."""

    command: str
    refusal: str
    rule: str
    reason: str
