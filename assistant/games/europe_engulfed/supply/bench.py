"""Speed of the supply determination: ``python3 -m assistant.games.europe_engulfed.supply.bench``.

A generated board of 250 land areas (a 10 x 25 grid, ports on two coasts, four sea areas) and 300 units of
one side spread over it: some on the main front, some in pockets cut off by enemy areas, some on islands
that need a sea line with capacity shared between them. Target: one determination in 50 ms or less.
"""

from __future__ import annotations

import json
import random
import statistics
import time

from assistant.games.europe_engulfed.board.format import Board, Border, LandArea, SeaArea
from assistant.games.europe_engulfed.supply.determine import determine
from assistant.games.europe_engulfed.supply.situation import FleetPoints, SupplySituation, UnitPosition

ROWS, COLS = 10, 25
TARGET_MS = 50.0


def generated_board() -> Board:
    areas: dict[str, LandArea] = {}
    borders: list[Border] = []
    for r in range(ROWS):
        for c in range(COLS):
            i = f"a{r}_{c}"
            home = c < 3
            nation = "germany" if home else ("romania" if c == 3 else "ussr")
            ports = ("baltic",) if r == 0 else ("black_sea",) if r == ROWS - 1 else ()
            areas[i] = LandArea(name=i, nation=nation, home=home or c == 3, resource=(r + c) % 7 == 0, ports=ports,
                                terrain="clear", weather_zone="east", borders_complete=True)  # fmt: skip
            if c + 1 < COLS:
                borders.append(Border(a=i, b=f"a{r}_{c + 1}", kind="river" if c % 5 == 4 else "land"))
            if r + 1 < ROWS:
                borders.append(Border(a=i, b=f"a{r + 1}_{c}"))
    seas = {s: SeaArea(name=s, adjacent=()) for s in ("atlantic", "mediterranean", "baltic", "black_sea")}
    return Board(title="generated", areas=areas, seas=seas, borders=tuple(borders))


def generated_situation(units: int = 300, seed: int = 7) -> SupplySituation:
    rng = random.Random(seed)
    control = {f"a{r}_{c}": "Axis" if c < 18 else "Allied" for r in range(ROWS) for c in range(COLS)}
    for r in (0, 1, 4, 5):  # pockets behind the Allied line: one on the coast (sea line), one inland
        control[f"a{r}_20"] = "Axis"
    for r in range(ROWS):  # a cut across the coast: the northern and southern rows east of column 12
        if r in (2, 7):
            for c in range(12, 15):
                control[f"a{r}_{c}"] = "Allied"
    placed = []
    for n in range(units):
        r, c = rng.randrange(ROWS), rng.randrange(18)
        if n % 10 == 0:
            r, c = rng.choice((0, 1, 4, 5)), 20
        nation = "romania" if n % 9 == 0 else "germany"
        placed.append(UnitPosition(id=f"u{n}", nation=nation, side="Axis", area=f"a{r}_{c}", steps=3, gsu=n % 13 == 0,
                                   oos=n % 10 == 0))  # fmt: skip
    fleets = (FleetPoints(sea="baltic", nation="germany", count=3), FleetPoints(sea="black_sea", nation="germany", count=2))
    return SupplySituation(units=tuple(placed), control=control, contested=("a4_17", "a5_17"), fleets=fleets)


def run(repeats: int = 15) -> dict:
    board, sit = generated_board(), generated_situation()
    started = time.perf_counter()
    det = determine(board, sit, "Axis", "initial")
    cold_ms = (time.perf_counter() - started) * 1000
    timings = {}
    for phase in ("initial", "final"):
        runs = []
        for _ in range(repeats):
            started = time.perf_counter()
            det = determine(board, sit, "Axis", phase)
            runs.append((time.perf_counter() - started) * 1000)
        timings[phase] = round(statistics.median(runs), 2)
    statuses: dict[str, int] = {}
    for r in det.results:
        statuses[r.status] = statuses.get(r.status, 0) + 1
    return {
        "areas": len(board.areas),
        "units": len(sit.units),
        "cold_ms": round(cold_ms, 2),
        "initial_ms_median": timings["initial"],
        "final_ms_median": timings["final"],
        "target_ms": TARGET_MS,
        "within_target": max(timings.values()) <= TARGET_MS,
        "final_statuses": statuses,
        "needing_sea": len(det.needs),
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
