"""Technologies each power owns, with when they came."""

from typing import Any

import msgspec

import assistant.games.aa_classic.events as ev
from events.core import PhaseBegan
from projections.base import Projection, Recorded


class Developed(msgspec.Struct, frozen=True):
    technology: str
    round: int
    seq: int


class Technologies(msgspec.Struct, frozen=True):
    powers: dict[str, tuple[Developed, ...]]
    round: int = 0
    research_spent: dict[str, int] = {}


def initial(definition: dict[str, Any]) -> Technologies:
    powers: dict[str, tuple[Developed, ...]] = {p: () for p in definition["setup"]["treasury"]}
    if definition.get("options", {}).get("weapons_advantage"):
        for p, techs in definition["tables"]["advantage_technologies"].items():
            powers[p] = tuple(Developed(t, 0, 1) for t in techs)
    return Technologies(powers)


def apply(t: Technologies, rec: Recorded) -> Technologies:
    e = rec.event
    if isinstance(e, PhaseBegan) and e.round != t.round:
        return Technologies(t.powers, e.round, t.research_spent)
    if isinstance(e, ev.ResearchPaid):
        spent = dict(t.research_spent)
        spent[e.power] = spent.get(e.power, 0) + e.cost
        return Technologies(t.powers, t.round, spent)
    if isinstance(e, ev.TechnologyAcquired):
        powers = dict(t.powers)
        powers[e.power] = (*powers.get(e.power, ()), Developed(e.technology, t.round, rec.seq))
        return Technologies(powers, t.round, t.research_spent)
    if isinstance(e, ev.TechnologiesEdited):
        powers = dict(t.powers)
        had = {d.technology: d for d in powers.get(e.power, ())}
        powers[e.power] = tuple(had.get(x) or Developed(x, t.round, rec.seq) for x in e.technologies)
        return Technologies(powers, t.round, t.research_spent)
    if isinstance(e, ev.TechnologyRevoked):
        powers = dict(t.powers)
        powers[e.power] = tuple(d for d in powers.get(e.power, ()) if d.technology != e.technology)
        return Technologies(powers, t.round, t.research_spent)
    return t


TECHNOLOGIES: Projection[Technologies] = Projection("technologies", initial, apply, Technologies, events=(
    PhaseBegan, ev.ResearchPaid, ev.TechnologyAcquired, ev.TechnologiesEdited, ev.TechnologyRevoked))
