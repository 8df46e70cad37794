"""Axis & Allies (2nd edition), steps 1, 5 and 6: purchase, placement and income ("aa.")."""

from assistant.families.axis_allies import facts
from events.base import Event


class UnitsPurchased(facts.UnitsPurchased, Event, tag="aa.units_purchased"):
    industrial_technology: bool = False


class UnitsPlaced(facts.UnitsPlaced, Event, tag="aa.units_placed"):
    pass


class ComplexPlaced(Event, tag="aa.complex_placed"):
    power: str
    territory: str


class UnitsForfeited(facts.UnitsForfeited, Event, tag="aa.units_forfeited"):
    pass


class IncomeCollected(facts.IncomeCollected, Event, tag="aa.income_collected"):
    pass


class IncomeWithheld(facts.IncomeWithheld, Event, tag="aa.income_withheld"):
    pass
