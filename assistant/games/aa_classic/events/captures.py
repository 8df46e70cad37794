"""Axis & Allies (2nd edition): territories and capitals changing hands ("aa.")."""

from assistant.families.axis_allies import facts
from events.base import Event


class TerritoryCaptured(facts.TerritoryCaptured, Event, tag="aa.territory_captured"):
    """Control changed; production levels move at once (``production`` = change per power). ``method``: battle |
    blitz | unoccupied | neutral | amphibious."""

    production: dict[str, int] = {}
    aa_guns: tuple[int, ...] = ()


class CapitalCaptured(facts.CapitalCaptured, Event, tag="aa.capital_captured"):
    """The captor seizes the whole treasury of the capital's owner (A&A §8.4)."""


class CapitalLiberated(Event, tag="aa.capital_liberated"):
    """Territories of the owner held by its allies during the capital's captivity go back to it."""

    capital: str
    owner: str
    returned: tuple[str, ...] = ()
    production: dict[str, int] = {}
