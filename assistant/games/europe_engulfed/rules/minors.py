"""EE 9.61: when war is declared on a minor power, the attacked side deploys the minor's forces at once. The
deployment table (19) is not in the rule book, so the players enter the blocks they set up from it; nothing is
invented here. A minor without forces is deployed with no block."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.europe_engulfed.commands import DeployMinor
from assistant.games.europe_engulfed.powers import AXIS_MINORS
from assistant.games.europe_engulfed.rules.edits import new_blocks
from assistant.games.europe_engulfed.state import EEState
import assistant.games.europe_engulfed.events as ev
from events.base import Event

RULE = "EE 9.61"


def deploy_minor(cmd: DeployMinor, s: EEState, ctx: Context) -> list[Event]:
    p = s.politics
    minor = cmd.minor
    at_war = minor in p.deploying or (minor in AXIS_MINORS and p.axis_minors_joined >= 0)
    if not at_war or minor in p.deployed:
        raise Refused(f"{minor}'s forces deploy once, when war is declared on it", rule=RULE)
    for spec in cmd.blocks:
        if spec.nation != minor:
            raise Refused(f"the deployment places {minor}'s own blocks, not {spec.nation}'s", rule=RULE)
        area = s.board.areas.get(spec.area)
        if area is not None and area.nation != minor:
            raise Refused(f"{minor}'s forces deploy in {minor}'s own areas, not in {area.name}", rule=RULE)
    return [ev.MinorForcesDeployed(minor=minor, blocks=new_blocks(s, cmd.blocks, RULE, "deployed"))]


def check_deployed(s: EEState) -> None:
    """The game goes on only once the attacked minors' forces stand on the map."""
    if s.politics.deploying:
        raise Refused(f"first deploy the forces of {', '.join(s.politics.deploying)} (the deployment table is not in "
                      "the rule book: enter the blocks, or none)", rule=RULE)
