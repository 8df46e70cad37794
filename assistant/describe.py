"""Plain sentences for the core events (games describe their own)."""

from __future__ import annotations

from events.base import Event
from events.core import DiceCorrected, DiceRolled, EventsCancelled, GameCreated, NoteAdded, PhaseBegan, PlayerAdded

_MODES = {
    "undo": "Undo",
    "undo_to": "Undo to here",
    "roll_back": "Rolled back",
    "redo": "Redo",
}


def _seqs(seqs: tuple[int, ...]) -> str:
    if len(seqs) == 1:
        return f"event {seqs[0]}"
    if seqs == tuple(range(seqs[0], seqs[-1] + 1)):
        return f"events {seqs[0]}–{seqs[-1]}"
    return "events " + ", ".join(map(str, seqs))


def describe_core(event: Event) -> str:
    if isinstance(event, GameCreated):
        return f"New game: {event.title}."
    if isinstance(event, PhaseBegan):
        side = f"{event.side}, " if event.side else ""
        step = f" — {event.step.replace('_', ' ')}" if event.step else ""
        return f"Round {event.round}: {side}{event.phase.replace('_', ' ')}{step}."
    if isinstance(event, DiceRolled):
        who = "rolled by the assistant" if event.source == "assistant" else "rolled at the table"
        return f"Dice for {event.purpose}: {' '.join(map(str, event.faces))} ({who})."
    if isinstance(event, DiceCorrected):
        return f"Dice of event {event.dice_seq} corrected to {' '.join(map(str, event.faces))}: {event.reason}."
    if isinstance(event, EventsCancelled):
        reason = f" — {event.reason}" if event.reason else ""
        if event.mode == "redo":
            return f"Redo: the undo at event {event.targets[0]} no longer counts."
        verb = "counts" if len(event.targets) == 1 else "count"
        return f"{_MODES[event.mode]}: {_seqs(event.targets)} no longer {verb}{reason}."
    if isinstance(event, NoteAdded):
        who = f"{event.author}: " if event.author else ""
        arrow = f" ({event.arrow_from} → {event.arrow_to})" if event.arrow_from or event.arrow_to else ""
        return f"Note on event {event.about_seq}{arrow} — {who}{event.text}"
    if isinstance(event, PlayerAdded):
        plays = f", playing {', '.join(event.plays)}" if event.plays else " (notes only)"
        return f"{event.name} joins the table{plays}."
    return type(event).__name__
