"""Axis & Allies (2nd edition), step 1: research dice, breakthroughs and technologies ("aa.")."""

from events.base import Event


class ResearchPaid(Event, tag="aa.research_paid"):
    power: str
    dice: int
    cost: int


class ResearchRolled(Event, tag="aa.research_rolled"):
    """The research dice were read: each 6 is a breakthrough still to be rolled on the technology table."""

    power: str
    breakthroughs: int
    ref: str = ""  # the throw's ref, so a correction finds what it decided


class BreakthroughsRecounted(Event, tag="aa.breakthroughs_recounted"):
    """A corrected research or technology throw: ``waiting`` breakthroughs are now still to be rolled."""

    power: str
    waiting: int
    sixes: int = -1  # the research dice's sixes after the correction (-1: a technology die was corrected)


class TechnologyAcquired(Event, tag="aa.technology_acquired"):
    power: str
    technology: str
    face: int
    ref: str = ""


class TechnologyRevoked(Event, tag="aa.technology_revoked"):
    """A corrected throw no longer gives this technology (A&A §5.1 read with the corrected faces)."""

    power: str
    technology: str
    reason: str


class BreakthroughDuplicated(Event, tag="aa.breakthrough_duplicated"):
    """The technology die named a technology the power already has: it must be rolled again (A&A §5.1)."""

    power: str
    technology: str
    face: int


class BreakthroughsWasted(Event, tag="aa.breakthroughs_wasted"):
    """Every technology is already owned, so the remaining breakthroughs give nothing."""

    power: str
    count: int
