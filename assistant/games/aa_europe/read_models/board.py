"""Questions of the board, asked of the game's state: units per space and power, convoy centres.

The game's state holds the whole board (units, control, complexes, the Middle East column), so the board is not a
read model of its own: one folded its own copy of the state, evolving every event a second time and storing the
state twice in every checkpoint.
"""

from assistant.families.axis_allies.units import count_by_space
from assistant.games.aa_europe.state import State


def units(game: State) -> dict[str, dict[str, dict[str, int]]]:
    """space -> power -> unit kind -> count (cargo and fighters aboard count in their sea zone)."""
    return count_by_space(game.units.values())


def convoys(game: State) -> dict[str, tuple[str, str, int]]:
    """convoy centre -> (owner, holder now, value)."""
    w = game.world
    return {n: (sp.owner, game.controller(n), sp.ipc) for n, sp in w.spaces.items() if sp.convoy}
