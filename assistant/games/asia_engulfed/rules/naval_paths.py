"""A fleet's path, zone by zone (AE 8.22): checked for every naval move that names one, Extended Naval
Operations (AE 8.23) included."""

from __future__ import annotations

from assistant.decider import Refused
from assistant.games.asia_engulfed import places
from assistant.games.asia_engulfed.commands import NavalMove
from assistant.games.asia_engulfed.rules.influence import all_influence
from assistant.games.asia_engulfed.state import AEState


def check_path(s: AEState, pieces: list, cmd: NavalMove, side: str) -> None:
    """AE 8.22: each zone next to the one before; a move stops on entering a sea zone where the enemy has Limited or
    Dominant influence (Return to Base: may not enter one; its starting zone does not count, AE 8.8); the South
    Philippine Sea and the Sulu Sea join only while Leyte is friendly and uncontested (AE 8.22b)."""
    board = s.board
    into_port = cmd.to in board.zones and cmd.mode in ("return", "rebase")  # entering the port counts (AE 8.22a)
    if len(cmd.path) + into_port != cmd.zones or cmd.path[-1] != cmd.to and cmd.to in board.seas:
        raise Refused("the path lists every sea zone entered, ending at the destination; zones is its length (and "
                      "one more for entering a port in Return to Base)", rule="AE 8.22, 8.22a")
    if into_port and cmd.path[-1] not in (board.zones[cmd.to].seas or ()):
        raise Refused(f"{board.zones[cmd.to].name} does not lie on {board.seas[cmd.path[-1]].name}", rule="AE 8.22")
    starts = {p.at for p in pieces}
    if len(starts) != 1:
        raise Refused("pieces moving along one path start together", rule="AE 8.22")
    here = starts.pop()
    influence = all_influence(s)
    enemy = places.enemy(side)
    leyte = places.friendly_uncontested(s, "leyte", side) if "leyte" in board.zones else False
    for i, sea in enumerate(cmd.path):
        if sea not in board.seas:
            raise Refused(f"{sea!r} is not a sea zone of the board", rule="AE 8.22")
        if here in board.seas:
            if sea not in (board.seas[here].adjacent or ()):
                raise Refused(f"{board.seas[sea].name} does not touch {board.seas[here].name}", rule="AE 8.22")
            if set(board.leyte_passage) == {here, sea} and not leyte:
                raise Refused("the South Philippine Sea and the Sulu Sea join only while Leyte is friendly and "
                              "uncontested", rule="AE 8.22b")
        elif sea not in (board.zones[here].seas or ()):
            raise Refused(f"{board.seas[sea].name} is not on {board.zones[here].name}", rule="AE 8.22")
        level = influence.get(sea, "none")
        blocked = level in ("limited", enemy)
        if blocked and cmd.mode in ("return", "rebase", "extended_return"):
            raise Refused(f"returning fleets do not enter {board.seas[sea].name} (enemy influence)", rule="AE 8.8")
        if blocked and i < len(cmd.path) - 1:
            raise Refused(f"the move stops on entering {board.seas[sea].name} (enemy influence)", rule="AE 8.22")
        here = sea
