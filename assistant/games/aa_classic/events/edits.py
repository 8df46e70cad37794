"""Axis & Allies (2nd edition): what the table set by hand, and the rules it chose to override ("aa.")."""

from assistant.families.axis_allies import facts
from events.base import Event


class UnitsEdited(facts.UnitsEdited, Event, tag="aa.units_edited"):
    kinds: dict[str, int] = {}  # the units removed, by kind, for the log's sentence (older logs: none)


class ControlEdited(Event, tag="aa.control_edited"):
    reason: str
    territory: str
    controller: str
    production: dict[str, int] = {}


class TreasuryEdited(facts.TreasuryEdited, Event, tag="aa.treasury_edited"):
    to: int = -1  # the value the table set, when it set one rather than a change


class ProductionEdited(Event, tag="aa.production_edited"):
    reason: str
    power: str
    amount: int  # the change
    to: int = -1  # the value the table set, when it set one rather than a change


class TechnologiesEdited(Event, tag="aa.technologies_edited"):
    """The table set a power's technologies by hand (e.g. after a research throw corrected turns later)."""

    reason: str
    power: str
    technologies: tuple[str, ...]


class RuleOverridden(facts.RuleOverridden, Event, tag="aa.rule_overridden"):
    """The table chose to do what the rules refuse; the refusal and the reason stay on the record."""
