"""What the table does now, in plain words, for the banner."""

from __future__ import annotations

from assistant.games.aa_europe.describe import cap, power
from assistant.games.aa_europe.moves.battle import next_action
from assistant.games.aa_europe.state import State


def guidance(s: State) -> str:
    if s.victory is not None:
        return f"The game is over: {', '.join(power(p) for p in s.victory.winners)} won."
    if s.phase == "advance":
        if s.advance_side == "axis":
            return "Cash advance: Germany buys with its 12 IPC and places where it has units, then ends its advance."
        if not any(p in s.advance for p in ("ussr", "uk", "usa")):
            return "Cash advance: the Allies split their 12 IPC."
        return "Cash advance: the Allies buy and place where they have units, then end the advance to start round 1."
    who = cap(power(s.power))
    if s.phase == "combat":
        for b in s.battles.values():
            act, what = next_action(s, b)
            if act != "over":
                return f"{who}: battle of {b.key}: {act.replace('_', ' ')} {what}".strip() + "."
        return f"{who}: every battle is over; end the combat phase."
    if s.phase == "income" and s.power == "germany" and s.middle_east_column():
        return f"Germany collects; the Allies owe {s.middle_east_column()} IPC for the Middle East."
    return f"Round {s.round}: {who}, {s.phase.replace('_', ' ')} phase."
