"""The board: units per space and power, control, complexes, convoy centres and the Middle East column."""

from typing import Any

import msgspec

from assistant.games.aa_europe.evolve import evolve
from assistant.games.aa_europe.setup import initial_state
from assistant.games.aa_europe.state import State
from projections.base import Projection, Recorded


class BoardModel(msgspec.Struct, frozen=True):
    game: State

    def units(self) -> dict[str, dict[str, dict[str, int]]]:
        """space -> power -> unit kind -> count (cargo and fighters aboard count in their sea zone)."""
        out: dict[str, dict[str, dict[str, int]]] = {}
        for u in self.game.units.values():
            kinds = out.setdefault(u.space, {}).setdefault(u.owner, {})
            kinds[u.kind] = kinds.get(u.kind, 0) + 1
        return out

    def convoys(self) -> dict[str, tuple[str, str, int]]:
        """convoy centre -> (owner, holder now, value)."""
        w = self.game.world
        return {n: (sp.owner, self.game.controller(n), sp.ipc) for n, sp in w.spaces.items() if sp.convoy}


def initial(definition: dict[str, Any]) -> BoardModel:
    return BoardModel(game=initial_state(definition))


def apply(model: BoardModel, rec: Recorded) -> BoardModel:
    return BoardModel(game=evolve(model.game, rec.event))


BOARD: Projection[BoardModel] = Projection("board", initial, apply, BoardModel)
