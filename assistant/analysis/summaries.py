"""Turn summaries for a forum post: one round (or one side's turn in it) as Markdown or plain text.

Events are grouped into the sections the game's adapter names (purchases,
battles with their dice, captures, income...); each line is the game's own
sentence for the event. A game without an adapter gets every event in order.
"""

from __future__ import annotations

from typing import Any

from assistant.analysis.adapters import adapter_for
from events.core import PhaseBegan

FORMATS = ("md", "text")


def turn_entries(entries: list[Any], round_: int, side: str | None = None) -> list[Any]:
    """The active entries played in ``round_`` (during ``side``'s turn when given)."""
    out, clock_round, clock_side = [], 0, ""
    for e in entries:
        if e.cancelled or e.type == "core.events_cancelled":
            continue
        if isinstance(e.event, PhaseBegan):
            clock_round, clock_side = e.event.round, e.event.side
            continue
        if clock_round == round_ and (side is None or clock_side == side):
            out.append(e)
    return out


def _line(entry: Any) -> str:
    if entry.corrected_faces:
        return f"{entry.sentence} Corrected to {' '.join(map(str, entry.corrected_faces))}."
    return entry.sentence


def turn_summary(app: Any, game_id: str, round_: int, side: str | None = None, fmt: str = "md") -> str:
    if fmt not in FORMATS:
        raise ValueError(f"summaries come as {' or '.join(FORMATS)}, not {fmt!r}")
    row = app.game(game_id)
    adapter = adapter_for(app.kind_of(row.game_id).kind)
    sections = adapter.sections
    entries = app.log(row.game_id)
    chosen = turn_entries(entries, round_, side)
    grouped: dict[str, list[str]] = {}
    if sections:
        for name, tags in sections.items():
            lines = [_line(e) for e in chosen if e.type in tags]
            if lines:
                grouped[name] = lines
    elif chosen:
        grouped["Events"] = [_line(e) for e in chosen]
    when = adapter.round_labels(entries).get(round_) or f"{adapter.round_name} {round_}"
    heading = f"{row.title} — {when}" + (f", {adapter.side_name(side)}" if side else "")
    title, section, item, clean = _STYLES[fmt]
    parts = [title(heading)]
    for name, lines in grouped.items():
        parts.append(section(name))
        parts.extend(item(clean(line)) for line in lines)
    if not grouped:
        parts.append("Nothing happened.")
    return "\n".join(parts) + "\n"


def _escape(text: str) -> str:
    """Forum Markdown: keep asterisks and underscores in names literal."""
    return text.replace("*", r"\*").replace("_", r"\_")


# heading, section title, list item, text cleaning — per format
_STYLES = {
    "md": (lambda h: f"## {h}\n", lambda n: f"\n**{n}**\n", lambda line: f"- {line}", _escape),
    "text": (lambda h: f"{h}\n{'=' * len(h)}", lambda n: f"{n}:", lambda line: f"  - {line}", lambda t: t),
}
