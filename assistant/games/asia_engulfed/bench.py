"""Speed figures: ``python3 -m assistant.games.asia_engulfed.bench`` (or ``tabletop bench asia_engulfed``).

1. Supply: a generated board of 200 land zones (a 10 x 20 grid; ports on the north and south coasts; a chain of
   sea zones linked to the home islands) with 150 Japanese blocks, some cut off behind Allied lines, some on
   islands supplied through the Supply Network: one Initial Supply determination. Target well under 50 ms.
2. A Japanese production phase decided and appended through ``Assistant.handle`` on a temporary SQLite file:
   the command that opens it (income with its supply traces), Strategic Warfare, four purchases and the command
   that closes it (completions, forfeit). Median over the rounds.
3. The table's map of that board: the SVG drawn for one page (positions kept per board), and the layout made
   again after a new link (a border added: a new board shape; amending a fact keeps the layout).
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import msgspec

from assistant.application import Assistant
from assistant.decider import DiceRoller
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed.board.format import Board, Border, LandZone, SeaZone
from assistant.games.asia_engulfed.board.loader import to_dict
from assistant.games.asia_engulfed.rules.supply_moves import verdicts
from assistant.games.asia_engulfed.scenario.format import Marker, Piece, Scenario, Tracks
from assistant.games.asia_engulfed.state import initial_state
from assistant.kinds import KindRegistry
from events.store import EventStore

ROWS, COLS = 10, 20
TARGET_MS = 50.0


def generated_board() -> Board:
    zones: dict[str, LandZone] = {}
    borders: list[Border] = []
    for r in range(ROWS):
        for c_ in range(COLS):
            zid = f"z{r}_{c_}"
            coast = (f"north{c_ // 5}",) if r == 0 else (f"south{c_ // 5}",) if r == ROWS - 1 else ()
            zones[zid] = LandZone(name=zid, kind="large", colour="japan" if c_ == 0 else "china", national=c_ == 0,
                                  country="japan" if c_ == 0 else "china", terrain="clear",
                                  port="medium" if coast else "none", seas=coast, resource=1 if (r + c_) % 9 == 0
                                  else 0, oil=0, air_base=False, vp=(r * c_) % 17 == 0, neutral=False,
                                  borders_complete=True)
            if c_ + 1 < COLS:
                borders.append(Border(a=zid, b=f"z{r}_{c_ + 1}", kind="river" if c_ % 6 == 5 else "normal"))
            if r + 1 < ROWS:
                borders.append(Border(a=zid, b=f"z{r + 1}_{c_}"))
    named = {"honshu": "z0_0", "kyushu": "z1_0", "shikoku": "z2_0", "hawaii": "z9_19", "usa": "z8_19",
             "luzon": "z5_10", "french_indochina": "z6_10", "manchukuo": "z7_10"}
    for name, zid in named.items():  # the places the rules name, as extra island boxes off the grid
        zones[name] = LandZone(name=name, kind="island_box", colour="japan", country=name, terrain="clear",
                               port="small", seas=("north0",), resource=0, oil=0, air_base=False, vp=False,
                               neutral=False, borders_complete=True)
    seas = {}
    for coast in ("north", "south"):
        for i in range(4):
            adj = [f"{coast}{j}" for j in (i - 1, i + 1) if 0 <= j < 4]
            seas[f"{coast}{i}"] = SeaZone(name=f"{coast} {i}", transports=1 + i % 3, vp=i == 3, adjacent=tuple(adj),
                                          japan_link=i == 0)
    return Board(title="generated", zones=zones, seas=seas, borders=tuple(borders))


def generated_scenario(blocks: int = 150) -> Scenario:
    control = {z: "japan" if int(z.split("_")[1]) < 14 else "allies" for z in generated_board().zones
               if z.startswith("z")}
    for r in (3, 4):  # a pocket behind the Allied line
        control[f"z{r}_16"] = "japan"
    control.update({z: "japan" for z in ("honshu", "kyushu", "shikoku", "luzon", "french_indochina", "manchukuo")})
    control.update({"hawaii": "allies", "usa": "allies"})
    for c_ in range(14, 20):  # Japanese coastal enclaves held through the network
        control[f"z0_{c_}"] = "japan"
    pieces = []
    for n in range(blocks):
        r, c_ = n % ROWS, (n * 7) % 14
        if n % 10 == 0:
            r, c_ = 3 + n % 2, 16
        if n % 15 == 0:
            r, c_ = 0, 14 + n % 6
        pieces.append(Piece(id=f"b{n}", nation="japan", kind="infantry", steps=3 - n % 2, max_steps=4, at=f"z{r}_{c_}"))
    markers = (Marker(id="jp-air", nation="japan", track="air", faces=("lba", "cba")),
               Marker(id="jp-naval", nation="japan", track="naval", faces=("cv", "ca")))
    return Scenario(name="bench", start_turn="1942-01", surprise=False, control=control, pieces=tuple(pieces),
                    tracks=Tracks(oil=25, transport_capacity=12, asw=1, us_submarine_points=15, kamikaze=9),
                    network={"north0": 1, "north1": 2, "north2": 3, "north3": 1}, markers=markers,
                    special_actions={"japan": 1})


def _state():
    from assistant.games.asia_engulfed.game import GAME

    definition = GAME.setup(msgspec.convert({"board": to_dict(generated_board())}, GAME.options_type))
    s = initial_state(definition)
    for e in GAME.decide(c.SetUpScenario(scenario=generated_scenario()), s, None):  # type: ignore[arg-type]
        s = GAME.evolve(s, e)
    return msgspec.structs.replace(s, turn=2, side="japan", phase="initial_supply")


def supply(repeats: int = 15) -> dict[str, Any]:
    s = _state()
    started = time.perf_counter()
    result = verdicts(s, "initial")
    cold = (time.perf_counter() - started) * 1000
    runs = []
    for _ in range(repeats):
        started = time.perf_counter()
        result = verdicts(s, "initial")
        runs.append((time.perf_counter() - started) * 1000)
    statuses: dict[str, int] = {}
    for v in result.verdicts:
        statuses[v.status] = statuses.get(v.status, 0) + 1
    median = statistics.median(runs)
    return {"land zones": sum(1 for z in s.board.zones), "sea zones": len(s.board.seas), "blocks": len(s.pieces),
            "supply determination, median (ms)": round(median, 2), "first determination (ms)": round(cold, 2),
            "target (ms)": TARGET_MS, "meets target": median <= TARGET_MS, "verdicts": statuses}


PHASE = [
    c.ResolveSubmarines(faces=(3, 4)),
    c.Buy(item="construction", target="jp-air", build="lba"),
    c.Buy(item="construction", target="jp-naval", build="cv"),
    c.Buy(item="garrison", target="z1_3"),
    c.Buy(item="replacement", target="b1"),
    c.Advance(),
]


def production(rounds: int = 15) -> dict[str, Any]:
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(rounds):
            store = EventStore(Path(tmp) / f"bench{i}.sqlite3")
            app = Assistant(store, KindRegistry(), dice=DiceRoller())
            gid = app.new_game("asia_engulfed", {"board": to_dict(generated_board()),
                                                 "scenario": msgspec.to_builtins(generated_scenario())})
            for command in (c.Advance(), c.Advance(), c.SetNetwork(seas=("north0", "north1")),
                            c.DetermineSupply()):
                app.handle(gid, command)
            t0 = time.perf_counter()
            app.handle(gid, c.Advance())  # opens Japanese production: income with its supply traces
            for command in PHASE:
                app.handle(gid, command)
            times.append(time.perf_counter() - t0)
            assert app.view(gid).game.phase == "air_naval_combat", app.view(gid).game.phase
            store.close()
    median = statistics.median(times) * 1000
    return {"Japanese production phase decided and appended, median (ms)": round(median, 2),
            "worst (ms)": round(max(times) * 1000, 2), "commands in the phase": len(PHASE) + 1}


def drawing(rounds: int = 7) -> dict[str, Any]:
    from assistant.games.asia_engulfed.read_models.views import pieces
    from assistant.games.asia_engulfed.web import map as ae_map

    s = _state()
    layouts = []
    for i in range(rounds):  # each board one border longer: laid out afresh, as after a players' amendment
        board = msgspec.structs.replace(s.board, borders=(*s.board.borders, Border(a="z0_0", b=f"z9_{i + 2}")))
        started = time.perf_counter()
        ae_map.geometry(board)
        layouts.append((time.perf_counter() - started) * 1000)
    s = msgspec.structs.replace(s, board=board)
    draws = []
    for _ in range(rounds * 3):
        started = time.perf_counter()
        drawn = ae_map.draw(s, "allies", pieces(s, "allies"), lambda place: f"/space/{place}")
        draws.append((time.perf_counter() - started) * 1000)
    return {"places drawn": drawn.places, "map drawn for a page, median (ms)": round(statistics.median(draws), 2),
            "layout after a new link, median (ms)": round(statistics.median(layouts), 1)}


def run() -> dict[str, Any]:
    return {"supply": supply(), "production": production(), "map": drawing()}


if __name__ == "__main__":
    json.dump(run(), sys.stdout, indent=2)
    print()
