"""Nationalists and Communists in one zone (AE 9.43).

« Dans de telles zones où les Chinois attaquent, non seulement le joueur japonais reçoit toujours ce Hit-bonus,
mais en plus une seule force (nationalistes ou communiste; au choix du joueur Allié) peut lancer l'attaque et doit
subir seule toutes les pertes éventuelles. » The Allied player names the force when the first round of the player
turn opens in that zone, that is with Japan's defending fire, which comes first (AE 6.31) and whose hits that force
alone takes; it holds for every round of that player turn there (ruling). The other force neither fires nor takes
losses. The Japanese Hit-bonus itself is worked out in combat.py (AE 6.4 i)."""

from __future__ import annotations

from assistant.decider import Refused
from assistant.games.asia_engulfed import places
from assistant.games.asia_engulfed.commands import Fire
from assistant.games.asia_engulfed.state import AEState

FORCES = ("nationalist", "communist")
NAMES = {"nationalist": "the Nationalists", "communist": "the Communists"}


def both_forces(s: AEState, zone: str) -> bool:
    return {p.force for p in places.land_at(s, zone, "allies") if p.nation == "china"} >= set(FORCES)


def attacking_force(s: AEState, cmd: Fire) -> str:
    """The one Chinese force attacking in this round, or "" when AE 9.43 does not split the attack. Japan's
    defending fire opens the round (AE 6.31), so the force is named with it: its hits are that force's alone."""
    chosen = s.chinese_attackers.get(cmd.zone, "")
    split = s.side == "allies" and (chosen or both_forces(s, cmd.zone))
    if not split:
        if cmd.chinese_force:
            raise Refused("one Chinese force attacks alone only where Nationalist and Communist units are both in "
                          "the zone and the Allies attack", rule="AE 9.43")
        return ""
    if chosen and cmd.chinese_force and cmd.chinese_force != chosen:
        raise Refused(f"{NAMES[chosen]} attack at this zone this player turn: the other force does not join",
                      rule="AE 9.43")
    force = chosen or cmd.chinese_force
    if not force:
        raise Refused("Nationalist and Communist units are both in the zone: name the one force that attacks "
                      "(chinese_force); it alone takes the losses", rule="AE 9.43")
    if not any(p.nation == "china" and p.force == force for p in places.land_at(s, cmd.zone, "allies")):
        raise Refused(f"{NAMES[force]} have no land unit in the zone", rule="AE 9.43")
    return force


def sidelined(s: AEState, zone: str) -> set[str]:
    """The Chinese units of the force that does not attack this Allied player turn in ``zone``."""
    force = s.chinese_attackers.get(zone, "")
    if not force or s.side != "allies":
        return set()
    return {p.id for p in places.land_at(s, zone, "allies") if p.nation == "china" and p.force != force}


def others(s: AEState, zone: str, force: str) -> set[str]:
    return {p.id for p in places.land_at(s, zone, "allies") if p.nation == "china" and p.force != force}
