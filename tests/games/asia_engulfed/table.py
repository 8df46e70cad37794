"""A test board and a table that feeds commands through decide/evolve, as the application layer does.

The board is invented for the tests (the rule book has no map): only what each rule needs — the places the rules
name, a few resource and oil zones, sea zones with transport icons, borders and coasts."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import msgspec

from assistant.decider import Context, DiceRoller, ScriptedDice
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed.board.format import Board, Border, LandZone, SeaZone
from assistant.games.asia_engulfed.board.loader import partial_board, to_dict
from assistant.games.asia_engulfed.game import GAME
from assistant.games.asia_engulfed.options import Options
from assistant.games.asia_engulfed.scenario.format import Marker, Piece, Scenario, Tracks
from assistant.games.asia_engulfed.state import AEState
from events.core import DiceRolled, PlayerAdded


def zone(name: str, colour: str | None = None, *, kind: str = "large", national: bool = False, country: str = "",
         terrain: str = "clear", port: str = "none", seas: tuple[str, ...] = (), resource: int = 0, oil: int = 0,
         vp: bool = False, air_base: bool = False, regions: tuple[str, ...] = ()) -> LandZone:
    return LandZone(name=name, kind=kind, colour=colour, national=national, country=country or None,
                    terrain=terrain, port=port, seas=seas, resource=resource, oil=oil, vp=vp, air_base=air_base,
                    neutral=False, borders_complete=True, regions=regions)


ZONES = {
    "honshu": zone("Honshu", "japan", national=True, country="japan", port="national", seas=("inland_sea",),
                   vp=True, regions=("home_island",)),
    "kyushu": zone("Kyushu", "japan", national=True, country="japan", port="large",
                   seas=("inland_sea", "east_china_sea"), regions=("home_island",)),
    "shikoku": zone("Shikoku", "japan", national=True, country="japan", seas=("inland_sea",), regions=("home_island",)),
    "korea": zone("Korea", "japan", country="korea", port="medium", seas=("east_china_sea",)),
    "manchukuo": zone("Manchukuo", None, country="manchukuo", resource=1, regions=("partial_source",)),
    "peking": zone("Peking", "china", country="china", resource=1, vp=True),
    "shanghai": zone("Shanghai", "china", kind="port_box", country="china", port="medium",
                     seas=("east_china_sea",), resource=1, vp=True),
    "chungking": zone("Chungking", "china", country="china", resource=1, terrain="rough"),
    "sian": zone("Sian", "china", country="china", terrain="rough"),
    "hong_kong": zone("Hong Kong", "commonwealth", kind="port_box", country="china", port="small",
                      seas=("south_china_sea",), resource=1),
    "formosa": zone("Formosa", "japan", country="china", port="medium", seas=("east_china_sea", "south_china_sea")),
    "french_indochina": zone("French Indochina", None, port="small", seas=("south_china_sea", "gulf_of_thailand"),
                             regions=("partial_source",)),
    "malaya": zone("Malaya", "commonwealth", terrain="jungle", seas=("gulf_of_thailand",)),
    "singapore": zone("Singapore", "commonwealth", kind="port_box", port="large", seas=("gulf_of_thailand", "java_sea"),
                      resource=1, vp=True),
    "sumatra": zone("Sumatra", "dei", country="dei", terrain="jungle", seas=("java_sea",), oil=2, vp=True),
    "borneo": zone("Borneo", "dei", country="dei", terrain="jungle", port="small", seas=("java_sea", "south_china_sea"),
                   oil=1),
    "java": zone("Java", "dei", kind="port_box", country="dei", port="medium", seas=("java_sea",), resource=1),
    "luzon": zone("Luzon", "philippines", country="philippines", port="large", seas=("south_china_sea",), vp=True,
                  regions=("partial_source",)),
    "leyte": zone("Leyte", "philippines", country="philippines", kind="island_box", seas=("south_china_sea",)),
    "mindanao": zone("Mindanao", "philippines", country="philippines", seas=("south_china_sea",)),
    "samar": zone("Samar", "philippines", country="philippines", kind="island_box", seas=("south_china_sea",)),
    "burma": zone("Burma", "commonwealth", country="burma", terrain="jungle", regions=("burma_road",)),
    "assam": zone("Assam", "commonwealth", national=True, country="india", regions=("burma_road",)),
    "calcutta": zone("Calcutta", "commonwealth", national=True, country="india", port="large",
                     seas=("bay_of_bengal",), resource=1),
    "delhi": zone("Delhi", "commonwealth", national=True, country="india", resource=1),
    "bombay": zone("Bombay", "commonwealth", national=True, country="india", port="large", seas=("arabian_sea",),
                   resource=1),
    "ceylon": zone("Ceylon", "commonwealth", country="ceylon", port="medium", seas=("bay_of_bengal",)),
    "sydney": zone("Sydney", "commonwealth", national=True, country="australia", port="large", seas=("coral_sea",),
                   resource=1),
    "perth": zone("Perth", "commonwealth", national=True, country="australia", port="medium",
                  seas=("indian_ocean",), resource=1),
    "south_africa": zone("South Africa", "commonwealth", national=True, country="south_africa", port="large",
                         seas=("indian_ocean",), resource=1),
    "usa": zone("U.S.A.", "usa", national=True, country="usa", port="national", seas=("eastern_pacific",),
                regions=("usa_national",)),
    "hawaii": zone("Hawaii", "usa", kind="port_box", country="hawaii", port="large", seas=("hawaiian_islands",),
                   vp=True),
    "marianas": zone("Marianas", "japan", kind="island_box", port="small", seas=("philippine_sea",), vp=True,
                     air_base=True),
    "lae": zone("Lae", "commonwealth", terrain="jungle", seas=("coral_sea",)),
}

SEAS = {
    "inland_sea": SeaZone(name="Inland Sea", transports=1, vp=False, japan_link=True,
                          adjacent=("east_china_sea", "philippine_sea")),
    "east_china_sea": SeaZone(name="East China Sea", transports=1, vp=False, japan_link=True,
                              adjacent=("inland_sea", "south_china_sea", "philippine_sea")),
    "south_china_sea": SeaZone(name="South China Sea", transports=2, vp=True, japan_link=False,
                               adjacent=("east_china_sea", "gulf_of_thailand", "java_sea", "philippine_sea")),
    "gulf_of_thailand": SeaZone(name="Gulf of Thailand", transports=2, vp=False, japan_link=False,
                                adjacent=("south_china_sea", "java_sea")),
    "java_sea": SeaZone(name="Java Sea", transports=3, vp=True, japan_link=False,
                        adjacent=("south_china_sea", "gulf_of_thailand", "indian_ocean", "coral_sea")),
    "philippine_sea": SeaZone(name="Philippine Sea", transports=2, vp=False, japan_link=False,
                              adjacent=("inland_sea", "east_china_sea", "south_china_sea", "hawaiian_islands")),
    "hawaiian_islands": SeaZone(name="Hawaiian Islands", transports=3, vp=False, japan_link=False,
                                adjacent=("philippine_sea", "eastern_pacific", "coral_sea")),
    "eastern_pacific": SeaZone(name="Eastern Pacific", transports=3, vp=False, japan_link=False,
                               adjacent=("hawaiian_islands", "coral_sea")),
    "coral_sea": SeaZone(name="Coral Sea", transports=3, vp=False, japan_link=False,
                         adjacent=("java_sea", "hawaiian_islands", "eastern_pacific")),
    "bay_of_bengal": SeaZone(name="Bay of Bengal", transports=3, vp=False, japan_link=False,
                             adjacent=("indian_ocean", "arabian_sea")),
    "arabian_sea": SeaZone(name="Arabian Sea", transports=3, vp=False, japan_link=False,
                           adjacent=("bay_of_bengal", "indian_ocean")),
    "indian_ocean": SeaZone(name="Indian Ocean", transports=3, vp=False, japan_link=False,
                            adjacent=("java_sea", "bay_of_bengal", "arabian_sea")),
}

BORDERS = (
    ("honshu", "kyushu", "strait"), ("honshu", "shikoku", "strait"), ("korea", "manchukuo", "normal"),
    ("manchukuo", "peking", "normal"), ("peking", "sian", "normal"), ("peking", "shanghai", "normal"),
    ("sian", "chungking", "normal"), ("shanghai", "chungking", "river"), ("chungking", "burma", "normal"),
    ("burma", "assam", "normal"), ("assam", "calcutta", "normal"), ("calcutta", "delhi", "normal"),
    ("delhi", "bombay", "normal"), ("burma", "french_indochina", "normal"), ("french_indochina", "malaya", "normal"),
    ("malaya", "singapore", "strait"), ("luzon", "mindanao", "strait"), ("sydney", "perth", "normal"),
    ("sydney", "lae", "impassable"),
)


def board() -> Board:
    shipped = partial_board()
    return Board(title="test board (invented for the tests)", zones={**shipped.zones, **ZONES},
                 seas={**shipped.seas, **SEAS}, borders=tuple(Border(a=a, b=b, kind=k) for a, b, k in BORDERS),
                 leyte_passage=shipped.leyte_passage)


def piece(pid: str, nation: str, kind: str, steps: int, at: str, top: int = 0, **kw: Any) -> Piece:
    return Piece(id=pid, nation=nation, kind=kind, steps=steps, max_steps=top or steps, at=at, **kw)


JAPAN_CONTROL = ("honshu", "kyushu", "shikoku", "korea", "manchukuo", "peking", "shanghai", "formosa",
                 "french_indochina", "marianas")


def scenario(**kw: Any) -> Scenario:
    control = {z: "japan" if z in JAPAN_CONTROL else "allies" for z in ZONES}
    control.update(kw.pop("control", {}))
    pieces = kw.pop("pieces", None)
    if pieces is None:
        pieces = (
            piece("jp-inf-1", "japan", "infantry", 4, "honshu"),
            piece("jp-inf-2", "japan", "infantry", 3, "manchukuo", top=4),
            piece("jp-gar-peking", "japan", "garrison", 1, "peking"),
            piece("jp-inf-3", "japan", "infantry", 2, "french_indochina", top=4),
            piece("jp-cv-a", "japan", "cv", 4, "honshu"),
            piece("jp-cba-1", "japan", "cba", 2, "jp-cv-a", elite=True),
            piece("jp-bb-1", "japan", "bb", 4, "kyushu"),
            piece("jp-ca-elite", "japan", "ca", 4, "kyushu", elite=True),
            piece("jp-lba-1", "japan", "lba", 2, "formosa"),
            piece("jp-sub", "japan", "submarine", 2, "holding"),
            piece("us-inf-1", "usa", "infantry", 3, "usa", top=4),
            piece("us-mar-1", "usa", "marine", 2, "hawaii", top=3),
            piece("us-cv-a", "usa", "cv", 3, "hawaii"),
            piece("us-cba-1", "usa", "cba", 2, "us-cv-a"),
            piece("us-bb-1", "usa", "bb", 4, "hawaii"),
            piece("us-sub", "usa", "submarine", 2, "holding"),
            piece("cw-inf-1", "commonwealth", "infantry", 3, "singapore", nationality="british", top=4),
            piece("cw-inf-2", "commonwealth", "infantry", 2, "calcutta", nationality="indian", top=4),
            piece("cw-ca-1", "commonwealth", "ca", 3, "singapore"),
            piece("cn-inf-1", "china", "infantry", 3, "chungking", force="nationalist", top=4),
            piece("cn-mil-1", "china", "militia", 2, "sian", force="communist", top=3),
            piece("ph-mil", "philippines", "militia", 2, "luzon", top=3),
            piece("dei-inf", "dei", "infantry", 1, "java", top=2),
        )
    tracks = kw.pop("tracks", Tracks(oil=20, transport_capacity=10, asw=1, us_submarine_points=17,
                                     us_bomber_points=2, dud_torpedoes=6, kamikaze=5))
    markers = kw.pop("markers", (
        Marker(id="jp-naval-1", nation="japan", track="naval", faces=("cv", "ca")),
        Marker(id="jp-bbtr", nation="japan", track="bb_tr", faces=("bb", "tr")),
        Marker(id="jp-air-1", nation="japan", track="air", faces=("lba", "cba")),
        Marker(id="jp-asw", nation="japan", track="asw", faces=("asw",)),
        Marker(id="us-naval-1", nation="usa", track="naval", faces=("cv", "bb")),
        Marker(id="us-naval-1943", nation="usa", track="naval", faces=("cv", "ca"), available_from="1943-05"),
    ))
    return Scenario(name="test", control=control, pieces=pieces, tracks=tracks, markers=markers,
                    special_actions=kw.pop("special_actions", {"japan": 1}), **kw)


class Table:
    """Commands in, events out, state folded: the application layer's core loop without storage."""

    def __init__(self, scenario_: Scenario | None = None, board_: Board | None = None, set_up: bool = True):
        opts = msgspec.convert({"board": to_dict(board_ or board())}, Options)
        self.definition = GAME.setup(opts)
        self.state: AEState = GAME.initial_state(self.definition)
        self.log: list[Any] = []
        if set_up:
            self.do(c.SetUpScenario(scenario=scenario_ or scenario()))

    def seat(self, *names: str) -> None:
        """Name players at the table, as ``tabletop add-player`` records them (``core.player_added``)."""
        for name in names:
            self.state = GAME.evolve(self.state, PlayerAdded(name=name))

    def do(self, command: Any, dice: Sequence[int] = ()) -> list[Any]:
        roller = ScriptedDice(dice) if dice else DiceRoller(random.Random(len(self.log)).randrange)
        events = list(GAME.decide(command, self.state, Context(dice=roller)))
        for e in events:
            self.state = GAME.evolve(self.state, e)
        self.log += events
        return events

    def advance_to(self, phase: str, side: str | None = None, producer: str = "", tries: int = 400) -> None:
        """Advance (determining supply and setting an empty network where the phase needs it) to a phase."""
        for _ in range(tries):
            s = self.state
            if s.phase == phase and (side is None or s.side == side) and (not producer or s.producer == producer):
                return
            if s.phase == "initial_supply" and s.side == "japan" and s.network_set_turn != s.turn:
                self.do(c.SetNetwork(seas=tuple(s.network)))
            if s.phase in ("initial_supply", "final_supply"):
                key = f"{s.turn}:{s.side}:{'initial' if s.phase == 'initial_supply' else 'final'}"
                if key not in s.determined:
                    self.do(c.DetermineSupply())
            if s.phase == "production" and s.producer == "japan":
                from assistant.games.asia_engulfed.rules import strategic

                owed = strategic.pending(s)
                if "submarines" in owed:
                    self.do(c.ResolveSubmarines(), dice=(1, 1))
                if "bombing" in owed:
                    bases, _ = strategic.bomber_bases(self.state)
                    self.do(c.Bomb(bases=tuple(bases)), dice=(1,) * min(self.state.balance("usa", "bomber_points"),
                                                                        2 * len(bases)))
            self.do(c.Advance())
        if tries > 1:
            raise AssertionError(f"never reached {phase}")

    def advance_to_next(self) -> None:
        """One phase on, doing what the phase owes first (network, supply, strategic warfare)."""
        s = self.state
        before = (s.turn, s.side, s.phase, s.producer)
        for _ in range(20):
            s = self.state
            if (s.turn, s.side, s.phase, s.producer) != before or s.result:
                return
            self.advance_to("__never__", tries=1)

    def thrown(self) -> list[DiceRolled]:
        return [e for e in self.log if isinstance(e, DiceRolled)]
