"""Board facts typed at the table: how each fact is asked (a list to choose from, yes/no, a number, places) and
how what was typed becomes the value an amendment carries, with a clear error naming the fact otherwise.

An empty input leaves the fact as it is; "unknown" puts it back to unknown (a mistake corrected). Place ids may be
typed as the map prints them ("Bay of Bengal" is ``bay_of_bengal``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from assistant.web.forms import FormError

UNCHANGED = object()  # the input was left empty
UNKNOWN = "unknown"
MAX_TEXT = 80
MAX_PLACES = 40  # places in one list input


@dataclass(frozen=True)
class FactInput:
    fact: str
    label: str
    widget: str  # choice | several (of the choices) | yesno | number | places | text
    choices: tuple[str, ...] = ()  # choice: the values; places: the ids offered (any id on the board is read)
    low: int = 0
    high: int = 30
    help: str = ""
    words: tuple[tuple[str, str], ...] = ()  # choice: how a value reads in the list (("dei", "Dutch East Indies"),)

    def word(self, value: Any) -> str:
        """A choice as the list shows it: its words where given, else the value with spaces."""
        return dict(self.words).get(value) or str(value).replace("_", " ")

    def shown(self, value: Any) -> str:
        """The value as the input shows it (prefilled from the board)."""
        if value is None:
            return ""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, (tuple, list)):
            return ", ".join(value)
        return str(value)


def slug(text: str) -> str:
    """A place id as the board keys it: "Bay of Bengal" -> "bay_of_bengal"."""
    return re.sub(r"[^a-z0-9]+", "_", text.strip().lower()).strip("_")


def read(spec: FactInput, raw: str) -> Any:
    """What an input means: UNCHANGED, None (back to unknown) or the fact's value; FormError when it cannot be."""
    text = (raw or "").strip()
    if not text:
        return UNCHANGED
    if len(text) > MAX_TEXT * (MAX_PLACES if spec.widget in ("places", "several") else 1):
        raise FormError(f"{spec.label}: too long")
    if text.lower() == UNKNOWN and spec.widget != "text":
        return None
    if spec.widget == "yesno":
        answer = {"yes": True, "no": False}.get(text.lower())
        if answer is None:
            raise FormError(f"{spec.label}: yes, no or unknown, not {text[:40]!r}")
        return answer
    if spec.widget == "number":
        if not re.fullmatch(r"\d{1,3}", text) or not spec.low <= int(text) <= spec.high:
            raise FormError(f"{spec.label}: a whole number from {spec.low} to {spec.high}, not {text[:40]!r}")
        return int(text)
    if spec.widget == "choice":
        value = slug(text) if slug(text) in spec.choices else text
        if value not in spec.choices:
            raise FormError(f"{spec.label}: one of {', '.join(spec.choices)}, not {text[:40]!r}")
        return int(value) if value.isdigit() else value
    if spec.widget == "places":
        return places(spec.label, text)
    if spec.widget == "several":
        chosen = places(spec.label, text)
        wrong = [c for c in chosen if c not in spec.choices]
        if wrong:
            raise FormError(f"{spec.label}: each of {', '.join(spec.choices)}, not {', '.join(wrong)[:80]}")
        return chosen
    return text


def places(label: str, text: str) -> tuple[str, ...]:
    """Place ids typed separated by commas ("none" for an empty list)."""
    if text.strip().lower() == "none":
        return ()
    out = tuple(dict.fromkeys(slug(p) for p in text.split(",") if slug(p)))
    if len(out) > MAX_PLACES:
        raise FormError(f"{label}: at most {MAX_PLACES} places at once")
    if any(len(p) > MAX_TEXT for p in out):
        raise FormError(f"{label}: a place's name is at most {MAX_TEXT} characters")
    return out


def changed(specs: tuple[FactInput, ...], form: dict[str, str], old: Any) -> dict[str, Any]:
    """The facts an amendment should carry: those typed that differ from ``old`` (the place now, or None)."""
    out = {}
    for spec in specs:
        value = read(spec, form.get(spec.fact, ""))
        if value is UNCHANGED:
            continue
        if old is not None and getattr(old, spec.fact, UNCHANGED) == value:
            continue
        out[spec.fact] = value
    return out
