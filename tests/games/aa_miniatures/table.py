"""A miniatures game on the table for tests: commands through decide, facts through evolve, dice scripted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from assistant.decider import Context, ScriptedDice
from assistant.games.aa_miniatures import commands as c
from assistant.games.aa_miniatures.game import GAME
from assistant.games.aa_miniatures.state import State
from events.core import DiceCorrected, DiceRolled

# Test cards besides the rulebook's two: costs of the book's example army (p.10) where it names them; the other
# figures are test data, typed as players would from their own cards.
EXTRA_CSV = (Path(__file__).parent / "club_cards.csv").read_text("utf-8")


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
        throw = next(e for e in reversed(self.log) if isinstance(e, DiceRolled) and ref_part in e.ref)
        correction = DiceCorrected(dice_seq=0, faces=tuple(faces), reason="mistyped", original=throw.faces,
                                   purpose=throw.purpose, ref=throw.ref, targets=throw.targets)
        events = [correction, *GAME.after_dice_corrected(self.state, correction)]
        for e in events:
            self.state = GAME.evolve(self.state, e)
        self.log.extend(events)
        return events[1:]

    def cards(self) -> None:
        self.do(c.ImportCards(text=EXTRA_CSV, format="csv"))

    def enlist(self, side: str, *cards: str) -> list[int]:
        ids = []
        for card in cards:
            for e in self.do(c.Enlist(side=side, card=card)):
                ids += [u.id for u in e.units]
        return ids

    def unit(self, uid: int):
        return self.state.units[uid]

    def id(self, label: str) -> int:
        return next(u.id for u in self.state.units.values() if u.label == label)


def ready(t: Table, axis: dict[str, tuple[str, str]], allies: dict[str, tuple[str, str]],
          objective: str = "H6", first: str = "axis", config_die: int = 3) -> dict[str, int]:
    """Both armies built, fixed and deployed: ``{card: (hex, facing)}`` per side (one figure per card here);
    returns card -> unit id. Leaves the game at turn 1's Initiative Phase."""
    ids = {}
    for side, army in (("axis", axis), ("allies", allies)):
        for card in army:
            ids[card] = t.enlist(side, card)[0]
        t.do(c.FinaliseArmy(side=side))
    t.do(c.ChooseMap(objective=(objective,), faces=(config_die,)))
    t.do(c.ChooseDeploymentOrder(first=first))
    for side in (first, "allies" if first == "axis" else "axis"):
        army = axis if side == "axis" else allies
        for card, (hex_, facing) in army.items():
            t.do(c.Deploy(unit=ids[card], hex=hex_, facing=facing))
        t.do(c.EndPhase())
    return ids


def to_phase(t: Table, first: str = "axis", axis_faces=(6, 5), allies_faces=(1, 1)) -> None:
    """Roll initiative (the Axis win by default) and give ``first`` the first Movement Phase."""
    t.do(c.RollInitiative(axis_dice=axis_faces, allies_dice=allies_faces))
    t.do(c.ChooseOrder(first=first))
