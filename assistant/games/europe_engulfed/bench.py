"""Speed of a Europe Engulfed production phase: ``python3 -m assistant.games.europe_engulfed.bench``.

``run()`` plays a German production phase of Sep/Oct 1941 through ``Assistant.handle`` on a temporary SQLite
file (durable appends), on the shipped board (the units its partial facts cannot trace are in supply by the
players' word, EE 3.1): the command that opens the phase (income lines with the supply
queries), aid to Italy, five purchases (new unit, replacement, Special Action, U-boats, fighter) and the command
that closes it (maintenance, forfeit) and opens Italy's. Target: the whole phase decided and appended in
<= 20 ms. It also reports the same phase decided and folded in memory (no storage), to separate the rules'
cost from the store's.
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
from assistant.decider import Context, DiceRoller
from assistant.games.europe_engulfed import commands as c, offers
from assistant.games.europe_engulfed.board import loader
from assistant.games.europe_engulfed.board.format import Border
from assistant.games.europe_engulfed.game import GAME
from assistant.games.europe_engulfed.options import Options
from assistant.games.europe_engulfed.readings import ReadResourceSupply
from assistant.games.europe_engulfed.supply.commands import RecordSupplyVerdict
from assistant.kinds import KindRegistry
from events.store import EventStore


def _unit(uid: str, nation: str, kind: str, area: str, steps: int = 0) -> dict[str, Any]:
    return {"id": uid, "nation": nation, "kind": kind, "area": area, "max_steps": 4, "steps": steps}


def board() -> dict[str, Any]:
    """The shipped board with the Ruhr a German home resource area joined to East Prussia, a home area (the
    shipped file leaves these facts unknown; they only give the bench a supply source to build in, EE 3.2)."""
    shipped = loader.partial_board()
    areas = dict(shipped.areas)
    areas["ruhr"] = msgspec.structs.replace(areas["ruhr"], home=True, resource=True)
    areas["east_prussia"] = msgspec.structs.replace(areas["east_prussia"], home=True)
    border = Border(a="ruhr", b="east_prussia")
    return loader.to_dict(msgspec.structs.replace(shipped, areas=areas, borders=shipped.borders + (border,)))


def options() -> dict[str, Any]:
    """A mid-war position on the shipped board (its facts are partial; the bench needs only a few)."""
    axis = ["ruhr", "east_prussia", "paris", "marseille", "lyon", "bordeaux", "normandy", "pas_de_calais", "metz",
            "denmark", "oslo", "trondheim", "ploesti", "rome", "piedmont", "sicily", "libya", "lithuania", "lvov"]
    allied = ["usa_box", "ural_mountains", "leningrad", "ladoga_swamps", "novgorod", "moscow", "baku", "alexandria",
              "gibraltar", "malta", "upper_egypt", "persia", "sinai_desert"]
    return {
        "scenario": {
            "name": "bench: Sep/Oct 1941",
            "start_turn": "1941-09",
            "control": {**{a: "Axis" for a in axis}, **{a: "Allied" for a in allied}},
            "units": [_unit("g1", "germany", "infantry", "paris"), _unit("g2", "germany", "infantry", "ruhr", 2),
                      _unit("g3", "germany", "armor", "lvov"), _unit("g4", "germany", "infantry", "oslo")],
            "pools": {"germany": [{"kind": "infantry", "max_steps": 4, "count": 5}]},
            "fleets": {"atlantic": {"germany": 2}, "baltic": {"germany": 1}, "mediterranean": {"italy": 2}},
            "track": {"uboats": 20, "fighters_axis": 4},
            "special_actions": {"germany": 1},
            "wars": [["germany", "britain"], ["germany", "france"], ["germany", "ussr"], ["italy", "britain"],
                     ["romania", "ussr"]],
            "conquered": ["france", "poland"],
            "paris_taken": True,
        },
        "weather_track": {"1941-09": {"west": "clear", "east": "clear", "south": "clear"}},
        "board": board(),
    }


PHASE = [
    c.TransferWerp(receiver="italy", amount=5),
    c.Buy(item="new_unit", kind="infantry", steps=2, max_steps=4, area="ruhr", unit_id="g_new"),
    c.Buy(item="replacement", unit_id="g2", qty=1),
    c.Buy(item="special_action"),
    c.Buy(item="uboat", qty=3),
    c.Buy(item="fighter"),
    c.Advance(),
]


def _readings(s: Any) -> list[Any]:
    """The players' word where the shipped board's partial facts cannot trace supply (EE 3.1, 4.12): the units in
    supply, and each producing nation's resource areas tracing supply, as their map shows."""
    said = [ReadResourceSupply(nation=nation, area=area, supplied=True, reason="traced on our map")
            for nation, areas in offers.unread_income(s).items() for area in areas]
    return [RecordSupplyVerdict(side="Axis", unit_ids=offers.undetermined_units(s), supplied=True,
                                reason="traced on our map"), *said]


def _through_the_app(tmp: Path, rounds: int) -> list[float]:
    times = []
    for i in range(rounds):
        store = EventStore(tmp / f"bench{i}.sqlite3")
        app = Assistant(store, KindRegistry(), dice=DiceRoller())
        gid = app.new_game("europe_engulfed", options())
        app.handle(gid, c.Advance())  # weather printed on the track
        app.handle(gid, c.Advance())  # Axis initial supply
        for command in _readings(app.view(gid).game):
            app.handle(gid, command)
        t0 = time.perf_counter()
        app.handle(gid, c.Advance())  # opens German production
        for command in PHASE:
            app.handle(gid, command)
        times.append(time.perf_counter() - t0)
        if app.view(gid).game.step != "italy":  # checked under -O too: a bench that stopped short measures nothing
            raise RuntimeError(f"the phase ended at {app.view(gid).game.step!r}, not with Italy's turn to produce")
        store.close()
    return times


def _in_memory(rounds: int) -> list[float]:
    definition = GAME.setup(msgspec.convert(options(), Options))
    times = []
    for _ in range(rounds):
        s = GAME.initial_state(definition)
        ctx = Context(dice=DiceRoller())
        for command in (c.Advance(), c.Advance()):
            for e in GAME.decide(command, s, ctx):
                s = GAME.evolve(s, e)
        for command in _readings(s):
            for e in GAME.decide(command, s, ctx):
                s = GAME.evolve(s, e)
        t0 = time.perf_counter()
        for command in (c.Advance(), *PHASE):
            for e in GAME.decide(command, s, ctx):
                s = GAME.evolve(s, e)
        times.append(time.perf_counter() - t0)
    return times


def run(rounds: int = 15) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        app_times = _through_the_app(Path(tmp), rounds)
    mem = _in_memory(rounds)
    median = statistics.median(app_times) * 1000
    return {
        "production phase decided and appended, median (ms)": round(median, 2),
        "production phase decided and appended, worst (ms)": round(max(app_times) * 1000, 2),
        "commands in the phase": len(PHASE) + 1,
        "production phase decided and folded in memory, median (ms)": round(statistics.median(mem) * 1000, 2),
        "target (ms)": 20,
        "meets target": median <= 20,
    }


if __name__ == "__main__":
    json.dump(run(), sys.stdout, indent=2)
    print()
