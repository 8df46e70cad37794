"""Named missing facts: what a rule needs that the players' board does not say yet.

A board starts partial (only what the rule books name) and is completed from the players' map. Every computation
that touches an unknown fact says which one and for which rule, so the table asks for exactly that fact and never
counts "unknown" as "no". A game declares its facts (fact -> words, rule) per kind of place; the scan is shared.
"""

from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

import msgspec

FactTable = Mapping[str, tuple[str, str]]  # fact -> (what players read off the map, the rule that needs it)


class BoardGap(msgspec.Struct, frozen=True, kw_only=True, order=True, omit_defaults=True):
    """A fact a rule needs that the board does not have yet, so players know what to read off their map."""

    subject: str  # a place id
    fact: str  # the format's key
    rule: str  # the rule that needs it, e.g. "AE 3.5"
    words: str = ""  # the fact in players' words; a game may instead give its vocabulary (``WORDS``)

    WORDS: ClassVar[Mapping[str, str]] = {}  # a game's vocabulary (fact -> words), set by its subclass

    def sentence(self) -> str:
        return f"{self.subject}: {self.words or self.WORDS.get(self.fact, self.fact)} unknown (needed by {self.rule})"


def unknown(place: Any, fact: str) -> bool:
    """A fact is unknown when it is None; a place's borders when they are not all entered."""
    if fact == "borders":
        return not place.borders_complete
    return getattr(place, fact) is None


def fact_gaps(places: Mapping[str, Any], facts: FactTable, missing: Callable[[Any, str], bool] = unknown,
              gap: type[BoardGap] = BoardGap, worded: bool = True) -> list[BoardGap]:
    """The gaps of every place for every declared fact (``missing`` decides what counts as unknown)."""
    return [gap(subject=pid, fact=fact, rule=rule, **({"words": words} if worded else {}))
            for pid, place in places.items() for fact, (words, rule) in facts.items() if missing(place, fact)]


def needed_by(found: Iterable[BoardGap], facts: Iterable[str]) -> list[BoardGap]:
    """The gaps among ``found`` that block a computation needing ``facts``."""
    wanted = set(facts)
    return [g for g in found if g.fact in wanted]
