"""An A&A Europe game on the table for tests: commands through decide, facts through evolve, dice scripted."""

from __future__ import annotations

from typing import Any

import msgspec

from assistant.decider import Context, ScriptedDice
from assistant.games.aa_europe import commands as c
from assistant.games.aa_europe.game import GAME
from assistant.games.aa_europe.state import State


class Table:
    def __init__(self, **options: Any):
        self.definition = msgspec.json.decode(msgspec.json.encode(GAME.setup(options)))
        self.state: State = GAME.initial_state(self.definition)
        self.log: list = []

    def do(self, command, *dice: int) -> list:
        events = GAME.decide(command, self.state, Context(dice=ScriptedDice(dice)))
        for e in events:
            self.state = GAME.evolve(self.state, e)
        self.log.extend(events)
        return events

    def start(self, split: dict[str, int] | None = None) -> None:
        """Skip the cash advance (the Allies' 12 to the USSR unless told) and begin round 1."""
        self.do(c.EndAdvance())
        self.do(c.SplitAdvance(amounts=split or {"ussr": 12}))
        self.do(c.EndAdvance())

    def until(self, power: str, phase: str, **end: Any) -> None:
        if self.state.phase == "advance":
            self.start()
        while (self.state.power, self.state.phase) != (power, phase):
            self.do(c.EndPhase(**end) if self.state.phase == "income" else c.EndPhase())

    def ids(self, space: str, power: str, kind: str) -> list[int]:
        return sorted(i for i, u in self.state.units.items() if (u.space, u.owner, u.kind) == (space, power, kind))

    def count(self, space: str, power: str, kind: str) -> int:
        return len(self.ids(space, power, kind))

    def clear(self, *spaces: str) -> None:
        """Empty spaces of every piece (to build a worked example's position)."""
        gone = tuple(i for i, u in self.state.units.items() if u.space in spaces)
        if gone:
            self.edit(remove=gone)

    def edit(self, reason: str = "the example's position", **kw: Any) -> list:
        return self.do(c.Edit(reason=reason, **kw))


def spec(space: str, power: str, kind: str, count: int = 1) -> c.UnitSpec:
    return c.UnitSpec(space=space, power=power, kind=kind, count=count)


def of(events, kind) -> list:
    return [e for e in events if isinstance(e, kind)]
