"""Who acts: the table, the players named in the log (or seated in the club) and the game's powers and sides
(``assistant/actors.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from assistant.actors import TABLE, at_the_table, checked_actor
from assistant.application.opening import OpenGame, Parts
from assistant.decider import GameKind, Refused
from assistant.replay import View
from events.base import Command
from events.core import AddPlayer, PlayerAdded


class Seating(Parts):
    """Whom a command may be recorded as, and adding players."""

    def players(self, game_id: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The players named in the game's log now, each with the powers or sides they play."""
        return self.view(game_id).read("players").seated

    def actors(self, game_id: str) -> tuple[str, ...]:
        """Whom a command of this game may be recorded as: the table, its players (and, in the club, whoever is
        seated at it), then its powers and sides."""
        game = self._open(game_id)
        view = self.view(game_id)
        return tuple(dict.fromkeys((TABLE, *self._players_of(game, view), *self._sides(game, view))))

    def actor_at_table(self, game_id: str, actor: str) -> str:
        """``actor`` as the game spells it when a command of this game may be recorded as them, else ``Refused``."""
        game = self._open(game_id)
        view = self.view(game_id)
        return at_the_table(actor, self._sides(game, view), self._players_of(game, view))

    def _sides(self, game: OpenGame, view: View) -> tuple[str, ...]:
        sides = game.loaded.kind.sides
        return tuple(sides(view.game)) if sides is not None else ()

    def _players_of(self, game: OpenGame, view: View) -> tuple[str, ...]:
        seated = self.seated(game.row.game_id) if self.seated is not None else ()
        return (*view.read("players").names, *set_up_players(game.loaded.kind, game.timeline.definition), *seated)

    def _actor_at_table(self, game: OpenGame, command: Command, view: View, actor: str) -> str:
        if actor == TABLE:  # every game accepts the table: no need to list its sides and players
            return TABLE
        if isinstance(command, AddPlayer) and command.name.casefold() == actor.casefold():
            return actor  # someone naming themselves a player: the event that puts them at the table
        return at_the_table(actor, self._sides(game, view), self._players_of(game, view))

    @staticmethod
    def _new_player(command: AddPlayer, sides: Sequence[str], players: Sequence[str]) -> PlayerAdded:
        name = checked_actor(command.name)
        if name.casefold() == TABLE or name.casefold() in {s.casefold() for s in sides}:
            raise Refused(f"{name!r} is the table or a power or side of this game, not a player's name")
        if name.casefold() in {p.casefold() for p in players} and not command.plays:
            raise Refused(f"{name} is already a player of this game")
        spelled = {s.casefold(): s for s in sides}
        unknown = [p for p in command.plays if p.casefold() not in spelled]
        if unknown:
            raise Refused(f"{unknown[0]!r} is not a power or side of this game ({', '.join(sides) or 'it names none'})")
        return PlayerAdded(name=name, plays=tuple(dict.fromkeys(spelled[p.casefold()] for p in command.plays)))


def set_up_players(kind: GameKind[Any], definition: dict[str, Any]) -> tuple[str, ...]:
    """The players a game's own set-up names (``GameKind.set_up_players``), those that are names an actor may be."""
    named = kind.set_up_players(definition) if kind.set_up_players is not None else ()
    return tuple(n for n in named if isinstance(n, str) and n.strip() and len(n) <= 40)
