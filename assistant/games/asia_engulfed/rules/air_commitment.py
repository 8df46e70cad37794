"""The Air Commitment Display of a land combat round (AE 6.21, 6.5): each round, every air unit over the battle
is committed whole either to air combat or to ground support; only those that took no part in the air combat
support a land unit. The distribution may change from round to round, never within one.

A round at a zone opens with its air combat (AE 6.22), then the defender fires first and the attacker's surviving
steps fire last (AE 6.31, 6.32): the attacker's fire closes the round. So air combat and both fires belong to the
round after the attacker's rounds so far."""

from __future__ import annotations

from assistant.decider import Refused
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.state import AEState

AIR_COMBAT = "air combat"
GROUND_SUPPORT = "ground support"


def round_at(s: AEState, zone: str) -> int:
    return s.rounds.get(zone, 0) + 1


def commit(s: AEState, zone: str, use: str, units: tuple[str, ...]) -> ev.AirCommitted:
    """The fact of the commitment, refused when a unit already had the other use this round at the zone."""
    n = round_at(s, zone)
    now = s.air_commitment.get(zone)
    if now is not None and now.round == n:
        other = sorted(u for u in units if now.uses.get(u, use) != use)
        if other:
            name = s.board.zones[zone].name
            did = "fought air combat" if use == GROUND_SUPPORT else "gave ground support"
            raise Refused(f"{', '.join(other)} {did} at {name} this round: an air unit is committed whole to air "
                          f"combat or to ground support each round, not both", rule="AE 6.21, 6.5")
    return ev.AirCommitted(zone=zone, round=n, use=use, units=units)
