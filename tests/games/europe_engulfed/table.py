"""A small test board and a table that feeds commands through decide/evolve, as the application layer will.

The board is invented for the tests (the rule book has no map): only what each rule needs — home and resource
areas with the 4.14 values, a few conquered areas, zones and borders."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import msgspec

from assistant.decider import Context, DiceRoller, ScriptedDice
from assistant.games.europe_engulfed.board.format import Board, Border, LandArea
from assistant.games.europe_engulfed.board.loader import partial_board, to_dict
from assistant.games.europe_engulfed.game import GAME
from assistant.games.europe_engulfed.options import Options
from assistant.games.europe_engulfed.state import EEState
from events.core import DiceRolled


def area(name: str, nation: str | None = None, *, home: bool = False, resource: bool = False,
         zone: str = "east", terrain: str = "clear", ports: tuple[str, ...] = (), regions: tuple[str, ...] = (),
         capital: bool = False, kind: str = "area", value: int | None = None, complete: bool = True) -> LandArea:
    """A test area whose facts are all known: every border it has is in BORDERS (supply decides its lines)."""
    return LandArea(name=name, nation=nation, home=home, resource=resource, weather_zone=zone, terrain=terrain,
                    ports=ports, regions=regions, capital=capital, kind=kind, resource_value=value,
                    borders_complete=complete)


AREAS = {
    # Germany: five home resource areas (30 / 6 = 5, EE 4.14), East Prussia a home area without resources.
    "ruhr": area("Ruhr", "germany", home=True, resource=True, zone="west", ports=("baltic",)),
    "berlin": area("Berlin", "germany", home=True, resource=True, ports=("baltic",)),
    "saxony": area("Saxony", "germany", home=True, resource=True),
    "bavaria": area("Bavaria", "germany", home=True, resource=True, zone="south"),
    "silesia": area("Silesia", "germany", home=True, resource=True),
    "east_prussia": area("East Prussia", "germany", home=True),
    # Britain: three home resource areas (24 / 8).
    "london": area("London", "britain", home=True, resource=True, zone="west", ports=("atlantic",),
                   regions=("british_isles",)),
    "midlands": area("Midlands", "britain", home=True, resource=True, zone="west", regions=("british_isles",)),
    "scotland": area("Scotland", "britain", home=True, resource=True, zone="west", ports=("atlantic",),
                     regions=("british_isles",)),
    # France: Paris and Marseille (16 / 8).
    "paris": area("Paris", "france", home=True, resource=True, zone="west"),
    "marseille": area("Marseille", "france", home=True, resource=True, zone="south", regions=("vichy_south",)),
    "pas_de_calais": area("Pas de Calais", "france", home=True, zone="west", regions=("v1_site", "v2_coast"),
                          ports=("atlantic",)),
    # Italy: Rome and Piedmont (10 / 5).
    "rome": area("Rome", "italy", home=True, resource=True, zone="south", ports=("mediterranean",)),
    "piedmont": area("Piedmont", "italy", home=True, resource=True, zone="south"),
    # USSR: Moscow 4, Baku 5 and eight 1-WERP areas = the on-map 17 (EE 4.14 note).
    "moscow": area("Moscow", "ussr", home=True, resource=True, value=4),
    "baku": area("Baku", "ussr", home=True, resource=True, value=5, zone="south"),
    "leningrad": area("Leningrad", "ussr", home=True, resource=True, kind="fortress", ports=("baltic",)),
    "kiev": area("Kiev", "ussr", home=True, resource=True),
    "kharkov": area("Kharkov", "ussr", home=True, resource=True),
    "stalingrad": area("Stalingrad", "ussr", home=True, resource=True),
    "gorky": area("Gorky", "ussr", home=True, resource=True),
    "rostov": area("Rostov", "ussr", home=True, resource=True),
    "smolensk": area("Smolensk", "ussr", home=True, resource=True),
    "minsk": area("Minsk", "ussr", home=True, resource=True, terrain="rough"),
    "ural_mountains": area("Ural Mountains", "ussr", home=True),
    "pripyat": area("Pripyat Marshes", "ussr", home=True, terrain="swamp"),
    "usa_box": area("U.S.A.", "usa", home=True, ports=("atlantic",), zone="west"),
    # Minors and the rest.
    "warsaw": area("Warsaw", "poland", home=True, resource=True, capital=True),
    "ploesti": area("Ploesti", "romania", home=True, resource=True, capital=True, zone="south"),
    "sofia": area("Sofia", "bulgaria", home=True, capital=True, zone="south"),
    "oslo": area("Oslo", "norway", home=True, capital=True, zone="west", complete=False),  # its borders: unknown
    "stockholm": area("Stockholm", "sweden", home=True, resource=True, capital=True),
    "alexandria": area("Alexandria", "egypt", resource=True, zone="south", regions=("africa",),
                       ports=("mediterranean",)),
    "libya": area("Libya", "italy", zone="south", regions=("africa",), ports=("mediterranean",)),
    "persia": area("Persia", "persia", zone="south", regions=("middle_east",)),
    "athens": area("Athens", "greece", home=True, capital=True, zone="south"),
    "gibraltar": area("Gibraltar", None, kind="fortress", zone="south", ports=("atlantic", "mediterranean")),
}

BORDERS = (
    ("ruhr", "paris"), ("ruhr", "berlin"), ("berlin", "saxony"), ("saxony", "bavaria"), ("saxony", "silesia"),
    ("silesia", "warsaw"), ("berlin", "east_prussia"), ("east_prussia", "warsaw"), ("warsaw", "minsk"),
    ("minsk", "smolensk"), ("smolensk", "moscow"), ("warsaw", "kiev"), ("kiev", "kharkov"), ("kiev", "pripyat"),
    ("kharkov", "rostov"), ("rostov", "stalingrad"), ("moscow", "gorky"), ("gorky", "ural_mountains"),
    ("paris", "pas_de_calais"), ("paris", "marseille"), ("kiev", "moscow"), ("kiev", "ploesti"),
    ("ploesti", "sofia"), ("marseille", "piedmont"), ("piedmont", "rome"), ("gorky", "baku"), ("rostov", "baku"),
 ("london", "midlands"), ("midlands", "scotland"),
)

_SHIPPED = partial_board()  # the places the rules name; our areas override theirs
BOARD = Board(
    title="test board (invented for the tests)",
    areas={**_SHIPPED.areas, **AREAS},
    seas=_SHIPPED.seas,
    borders=_SHIPPED.borders + tuple(Border(a=a, b=b) for a, b in BORDERS),
)


class Table:
    """Commands in, events out, state folded: the application layer's core loop without storage."""

    def __init__(self, opts: Options | dict[str, Any], dice: Sequence[int] = ()):
        if isinstance(opts, dict):
            opts = msgspec.convert({"board": to_dict(BOARD), **opts}, Options)
        self.definition = GAME.setup(opts)
        self.state: EEState = GAME.initial_state(self.definition)
        self.log: list[Any] = []
        # scripted faces when a test gives them, otherwise a seeded roller (lend-lease rolls and the like)
        self.dice = ScriptedDice(dice) if dice else DiceRoller(random.Random(1939).randrange)

    def do(self, command: Any, dice: Sequence[int] = ()) -> list[Any]:
        """``dice`` are the faces of this command's throws; without them a seeded roller answers."""
        self.dice = ScriptedDice(dice) if dice else DiceRoller(random.Random(len(self.log)).randrange)
        events = list(GAME.decide(command, self.state, Context(dice=self.dice)))
        for e in events:
            self.state = GAME.evolve(self.state, e)
        self.log += events
        return events

    def settle_supply(self, supplied: bool = True) -> None:
        """In a supply phase, the players' verdict for the units whose line the board cannot decide (EE 3.1), as a
        table reading its own map would record it; a no-op when the board decides every line."""
        from assistant.games.europe_engulfed.supply.commands import RecordSupplyVerdict
        from assistant.games.europe_engulfed.supply.queries import facts_needed
        from assistant.games.europe_engulfed.supply.snapshot import situation

        s = self.state
        if s.phase not in ("initial_supply", "final_supply"):
            return
        needed = facts_needed(s.board, situation(s), s.side)
        if needed:
            self.do(RecordSupplyVerdict(side=s.side, unit_ids=tuple(needed), supplied=supplied,
                                        reason="the players read the line on their map"))

    def do_json(self, raw: dict[str, Any], dice: Sequence[int] = ()) -> list[Any]:
        from events.catalogue import Catalogue

        cat = Catalogue(GAME.events, GAME.commands)
        return self.do(cat.decode_command(msgspec.json.encode(raw)), dice)

    def thrown(self) -> list[DiceRolled]:
        return [e for e in self.log if isinstance(e, DiceRolled)]


def advance(app: Any, game_id: str) -> None:
    """``ee.advance`` through the application; in a supply phase the players first say the lines the test board
    cannot decide (EE 3.1), as ``Table.settle_supply`` does."""
    import json

    from assistant.games.europe_engulfed.supply.queries import facts_needed
    from assistant.games.europe_engulfed.supply.snapshot import situation

    s = app.view(game_id).game
    needed = facts_needed(s.board, situation(s), s.side) if s.phase in ("initial_supply", "final_supply") else {}
    if needed:
        app.handle(game_id, json.dumps({"type": "ee.record_supply_verdict", "side": s.side, "unit_ids": sorted(needed),
                                        "supplied": True, "reason": "the players read the line on their map"}))
    app.handle(game_id, '{"type": "ee.advance"}')
