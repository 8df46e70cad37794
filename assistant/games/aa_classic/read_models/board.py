"""The board: industrial complexes and their status; units per space and power, control and AA guns, asked of the
game's state."""

from typing import Any

import msgspec
from msgspec.structs import replace

import assistant.games.aa_classic.events as ev
from assistant.families.axis_allies.units import count_by_space
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
    """What the board shows that the game's state does not keep: who built each industrial complex, when, and the
    damage paid for it. Units, control and AA guns are read from the game's state (``view.game``), given to each
    question: a copy of the whole state here doubled every checkpoint (some 55 KB of 130) and every printed table."""

    complexes: dict[str, ComplexStatus]

    @staticmethod
    def units(game: State) -> dict[str, dict[str, dict[str, int]]]:
        """space -> power -> unit kind -> count (cargo and fighters aboard count in their sea zone)."""
        return count_by_space(game.units.values())

    @staticmethod
    def unit_ids(game: State, space: str) -> dict[int, tuple[str, str, int]]:
        """id -> (owner, kind, id of the transport or carrier it is on) for commands that name units by id."""
        return {i: (u.owner, u.kind, u.aboard) for i, u in game.units.items() if u.space == space}

    @staticmethod
    def control(game: State) -> dict[str, str]:
        return dict(game.control)

    @staticmethod
    def aa_guns(game: State) -> dict[str, str]:
        w = game.world
        return {u.space: u.owner for u in game.units.values() if "anti_aircraft" in w.units[u.kind].flags}

    def complex_status(self, game: State, territory: str) -> str:
        """original (in its builder's hands), new (built during the game), captured (held by another power)."""
        c = self.complexes[territory]
        if game.controller(territory) != c.original_owner:
            return "captured"
        return "original" if c.original else "new"


def initial(definition: dict[str, Any]) -> BoardModel:
    game = initial_state(definition)
    owners = game.world.board.spaces
    return BoardModel(
        complexes={t: ComplexStatus(territory=t, original_owner=owners[t].original_owner or "", original=True) for t in game.complexes},
    )


def apply(model: BoardModel, rec: Recorded) -> BoardModel:
    e = rec.event
    if isinstance(e, ev.ComplexPlaced):
        return BoardModel({**model.complexes, e.territory: ComplexStatus(e.territory, e.power, False, built_seq=rec.seq)})
    if isinstance(e, (ev.BombingDamage, ev.RocketFired)):
        where = e.territory if isinstance(e, ev.BombingDamage) else e.target
        c = model.complexes[where]
        return BoardModel({**model.complexes, where: replace(c, damage=c.damage + e.paid, last_damage_seq=rec.seq)})
    return model


BOARD: Projection[BoardModel] = Projection("board", initial, apply, BoardModel,
                                           events=(ev.ComplexPlaced, ev.BombingDamage, ev.RocketFired))
