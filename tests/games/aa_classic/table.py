"""A game on the table for tests: commands go through decide, facts through evolve, dice are scripted."""

from __future__ import annotations

from typing import Any

import msgspec

from assistant.decider import Context, ScriptedDice
from assistant.games.aa_classic import commands as c
from assistant.games.aa_classic.game import GAME
from assistant.games.aa_classic.moves.turn import still_able_to_land
from assistant.games.aa_classic.state import State
from events.core import DiceCorrected, DiceRolled


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

    def correct(self, ref_part: str, *faces: int) -> list:
        """Correct the latest throw whose ref contains ``ref_part``, as ``core.correct_dice`` does."""
        throw = next(e for e in reversed(self.log) if isinstance(e, DiceRolled) and ref_part in e.ref)
        correction = DiceCorrected(
            dice_seq=0, faces=tuple(faces), reason="mistyped", original=throw.faces, purpose=throw.purpose,
            ref=throw.ref, targets=throw.targets,
        )
        events = [correction, *GAME.after_dice_corrected(self.state, correction)]
        for e in events:
            self.state = GAME.evolve(self.state, e)
        self.log.extend(events)
        return events[1:]

    def end_steps(self, n: int) -> None:
        for _ in range(n):
            self.do(self.next_step())

    def until(self, power: str, step: str) -> None:
        """End steps (doing nothing) until ``power``'s ``step``."""
        if self.state.round == 0:
            self.do(c.Start())
        while (self.state.power, self.state.step) != (power, step):
            self.do(self.next_step())

    def next_step(self) -> c.EndStep:
        """End the step; placement with units waiting, or a non-combat move with aircraft still able to land, ends
        with a reason (they are lost, as the example wants)."""
        waiting = self.state.step == "placement" and self.state.purchased
        flying = self.state.step == "noncombat_move" and still_able_to_land(self.state)
        return c.EndStep(override="the example leaves them unplaced" if waiting or flying else "")

    def ids(self, space: str, power: str, kind: str) -> list[int]:
        return sorted(i for i, u in self.state.units.items() if (u.space, u.owner, u.kind) == (space, power, kind))

    def count(self, space: str, power: str, kind: str) -> int:
        return len(self.ids(space, power, kind))

    def edit(self, reason: str = "the example's position", **kw: Any) -> list:
        return self.do(c.Edit(reason=reason, **kw))


def spec(space: str, power: str, kind: str, count: int = 1) -> c.UnitSpec:
    return c.UnitSpec(space=space, power=power, kind=kind, count=count)


FINLAND = "Finland-Norway"


def ussr_attacks_finland(app) -> str:
    """Through the application: the USSR's first turn up to its attack on Finland-Norway (2 infantry and 1
    armour from Karelia against Germany's 3 infantry, 1 armour and 1 fighter); returns the game id."""
    import json

    gid = app.new_game("aa_classic", {})
    for command in ({"type": "aa.start"}, {"type": "aa.end_step"},
                    {"type": "aa.move", "path": ["Karelia S.S.R.", FINLAND], "units": {"infantry": 2, "armour": 1}},
                    {"type": "aa.end_step"}):
        app.handle(gid, json.dumps(command))
    return gid
