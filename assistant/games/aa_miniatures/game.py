"""Axis & Allies Miniatures (expert rules, 2005) as a declaration: set-up, phases, moves, end.

Set-up: the players fill the card catalogue, build their armies (p.10), choose the battlefield (p.4-6, p.27),
deploy. Turn (p.11): initiative; Movement Phase of the first, then the second player; Assault Phase of the first,
then the second; Casualty Phase; end of turn and the victory check (p.7, p.27).

The moves (``rules.py``: each declaring when it is possible) are named by reference: a command that only reads a
game never imports them.
"""

from __future__ import annotations

from pathlib import Path

import assistant.games.aa_miniatures.events as ev
from assistant.decider import GameKind, Ref
from assistant.games.aa_miniatures import commands as cmd
from assistant.games.aa_miniatures.corrections import after_dice_corrected
from assistant.games.aa_miniatures.describe import describe
from assistant.games.aa_miniatures.evolve import evolve
from assistant.games.aa_miniatures.guidance import guidance
from assistant.games.aa_miniatures.read_models import PROJECTIONS
from assistant.games.aa_miniatures.setup import Options, initial_state, setup
from assistant.games.aa_miniatures.files import FILES
from assistant.games.aa_miniatures.state import SIDES, State, other
from assistant.kinds import read_about

HERE = Path(__file__).parent
ABOUT = read_about(HERE, "aa_miniatures")
ANY = ("setup", "map", "deploy", "initiative", "movement", "assault")


SHARED = (cmd.RegisterCard, cmd.ImportCards, cmd.RecordHex, cmd.RecordHexside, cmd.RollInitiative,
          cmd.ChooseDeploymentOrder, cmd.EditUnit)


def acting_for(c, s: State) -> tuple[str, ...]:
    """The side a command is for (the club lets only its player, or the host, send it); () for what either may do:
    the catalogue and the map, the initiative roll, the coin toss's choice, edits."""
    if isinstance(c, SHARED):
        return ()
    if isinstance(c, (cmd.Enlist, cmd.FinaliseArmy)):
        return (c.side,)
    if isinstance(c, cmd.Discharge):
        return (s.units[c.unit].side,) if c.unit in s.units else ()
    if isinstance(c, (cmd.DefensiveFire, cmd.HoldFire)):  # the side that is not moving (p.21)
        return (other(s.units[s.window.unit].side),) if s.window else ()
    if isinstance(c, cmd.Cover):  # the attacked unit's player (p.24)
        return (s.units[s.cover.target].side,) if s.cover else ()
    if isinstance(c, cmd.ChooseOrder):
        return (s.initiative_winner,) if s.initiative_winner else ()
    if isinstance(c, cmd.ChooseMap):  # Assault: the defender chooses (p.27)
        return (other(s.scenario.attacker),) if s.scenario.name == "assault" else ()
    side = s.owner or s.deploying
    return (side,) if side else ()


GAME: GameKind[State] = GameKind(
    name=ABOUT.name,
    title=ABOUT.title,
    namespace=ABOUT.namespace,
    options_type=Options,
    setup=setup,
    initial_state=initial_state,
    decide=Ref("assistant.games.aa_miniatures.rules:decide"),
    evolve=evolve,
    state_type=State,
    commands=cmd.COMMANDS,
    events=ev.EVENTS,
    describe=describe,
    projections=PROJECTIONS,
    guidance=guidance,
    after_dice_corrected=after_dice_corrected,
    moves=Ref("assistant.games.aa_miniatures.rules:MOVES"),
    files=FILES,
    option_files={"catalogue": "A club's card catalogue (TOML, as exported from a game)"},
    presenter=Ref("assistant.games.aa_miniatures.web:PRESENTER"),
    templates=HERE / "templates",
    static=HERE / "static",
    report=Ref("assistant.games.aa_miniatures.report:ADAPTER"),
    rule_refs=HERE / "rule_refs.toml",
    benches={"aa_miniatures": Ref("assistant.games.aa_miniatures.bench:run")},
    docs=HERE / "docs.md",
    acting_for=acting_for,
    sides=lambda s: SIDES,
    set_up_players=lambda definition: [n for n in definition["players"].values() if n],
)
