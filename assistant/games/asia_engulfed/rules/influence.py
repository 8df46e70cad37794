"""Sea-zone influence (AE 8.13): none, limited (both sides project) or dominant (one side), as a read model.

A side projects into a sea zone with an LBA in an uncontested land zone in or bordering it, or a combat fleet
(CV, BB, CA; not the submarine, not transports) in it or in a port in or bordering it. On the first turn, Allied
LBA and fleets in port project nothing until the Air-Naval Combat Phase (AE 9.11d).
"""

from __future__ import annotations

from assistant.games.asia_engulfed import places
from assistant.games.asia_engulfed.state import AEState

NONE, LIMITED = "none", "limited"  # dominance is named by its side: "japan" or "allies"


def _surprised(s: AEState) -> bool:
    """AE 9.11d: the Japanese Nov/Dec 1941 player turn, before its Air-Naval Combat Phase."""
    return (s.surprise
            and s.phase in ("naval_movement", "initial_supply", "production"))


def projections(s: AEState) -> dict[str, set[str]]:
    """Every sea zone -> the sides projecting into it, in one pass over the pieces."""
    out: dict[str, set[str]] = {sea: set() for sea in s.board.seas}
    surprise = _surprised(s)
    board = s.board
    for p in s.pieces.values():
        side = places.side(p)
        at = places.fleet_zone(s, p)
        zone = board.zones.get(at)
        if places.is_fleet(p):
            if at in out:
                out[at].add(side)
            elif zone is not None and not (surprise and side == "allies"):  # AE 9.11d: Allied fleets in port
                for sea in zone.seas or ():
                    out.setdefault(sea, set()).add(side)
        elif p.kind == "lba" and zone is not None and not places.contested(s, at):
            if surprise and side == "allies" and places.has_port(board, at):
                continue  # AE 9.11d, decision: Allied LBA in a zone with a port (docs/rulings.md)
            for sea in zone.seas or ():
                out.setdefault(sea, set()).add(side)
    return out


def _level(sides: set[str]) -> str:
    if len(sides) == 2:
        return LIMITED
    return next(iter(sides)) if sides else NONE


def influence(s: AEState, sea: str) -> str:
    return _level(projections(s).get(sea, set()))


def all_influence(s: AEState) -> dict[str, str]:
    return {sea: _level(sides) for sea, sides in projections(s).items()}


def japan_counts(level: str) -> bool:
    """AE 10.3: a VP sea zone counts for Japan with Japanese Limited or Dominant influence."""
    return level in (LIMITED, "japan")
