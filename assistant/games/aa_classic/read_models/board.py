"""The board: units per space and power, control, industrial complexes and their status, AA guns."""

from typing import Any

import msgspec
from msgspec.structs import replace

import assistant.games.aa_classic.events as ev
from assistant.games.aa_classic.evolve import evolve
from assistant.games.aa_classic.setup import initial_state
from assistant.games.aa_classic.state import State
from projections.base import Projection, Recorded


class ComplexStatus(msgspec.Struct, frozen=True):
    territory: str
    original_owner: str  # who built it: the map's owner for original complexes, the builder for new ones
    original: bool
    built_seq: int = 0
    damage: int = 0  # IPC its owner paid to strategic raids and rockets
    last_damage_seq: int = 0


class BoardModel(msgspec.Struct, frozen=True):
    game: State
    complexes: dict[str, ComplexStatus]

    def units(self) -> dict[str, dict[str, dict[str, int]]]:
        """space -> power -> unit kind -> count (cargo and fighters aboard count in their sea zone)."""
        out: dict[str, dict[str, dict[str, int]]] = {}
        for u in self.game.units.values():
            kinds = out.setdefault(u.space, {}).setdefault(u.owner, {})
            kinds[u.kind] = kinds.get(u.kind, 0) + 1
        return out

    def unit_ids(self, space: str) -> dict[int, tuple[str, str, int]]:
        """id -> (owner, kind, id of the transport or carrier it is on) for commands that name units by id."""
        return {i: (u.owner, u.kind, u.aboard) for i, u in self.game.units.items() if u.space == space}

    def control(self) -> dict[str, str]:
        return dict(self.game.control)

    def aa_guns(self) -> dict[str, str]:
        w = self.game.world
        return {u.space: u.owner for u in self.game.units.values() if "anti_aircraft" in w.units[u.kind].flags}

    def complex_status(self, territory: str) -> str:
        """original (in its builder's hands), new (built during the game), captured (held by another power)."""
        c = self.complexes[territory]
        if self.game.controller(territory) != c.original_owner:
            return "captured"
        return "original" if c.original else "new"


def initial(definition: dict[str, Any]) -> BoardModel:
    game = initial_state(definition)
    owners = game.world.board.spaces
    return BoardModel(
        game=game,
        complexes={t: ComplexStatus(territory=t, original_owner=owners[t].original_owner or "", original=True) for t in game.complexes},
    )


def apply(model: BoardModel, rec: Recorded, game: State | None = None) -> BoardModel:
    """``game``: the game's state after this event, as the replay already folded it (else it is evolved here)."""
    e = rec.event
    complexes = model.complexes
    if isinstance(e, ev.ComplexPlaced):
        complexes = {**complexes, e.territory: ComplexStatus(e.territory, e.power, False, built_seq=rec.seq)}
    elif isinstance(e, (ev.BombingDamage, ev.RocketFired)):
        where = e.territory if isinstance(e, ev.BombingDamage) else e.target
        c = complexes[where]
        complexes = {**complexes, where: replace(c, damage=c.damage + e.paid, last_damage_seq=rec.seq)}
    if game is None:
        game = evolve(model.game, e)
    if game is model.game and complexes is model.complexes:
        return model  # an event the board does not show (a note, a throw before its hits)
    return BoardModel(game=game, complexes=complexes)


BOARD: Projection[BoardModel] = Projection("board", initial, apply, BoardModel, reads_game=True)
