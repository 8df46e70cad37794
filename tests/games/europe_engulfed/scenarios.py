"""Set-ups for the tests, on the invented test board (the play book's scenarios are not in the rule book)."""

from __future__ import annotations

from typing import Any

CLEAR = {"west": "clear", "east": "clear", "south": "clear"}


def unit(uid: str, nation: str, kind: str, area: str, max_steps: int = 4, steps: int = 0, elite: bool = False):
    return {"id": uid, "nation": nation, "kind": kind, "area": area, "max_steps": max_steps, "steps": steps,
            "elite": elite}


AXIS_1941 = ["ruhr", "berlin", "saxony", "silesia", "east_prussia", "paris", "pas_de_calais", "marseille", "warsaw",
             "kiev", "moscow", "ploesti", "sofia", "oslo", "rome", "piedmont", "libya"]
ALLIED_1941 = ["bavaria", "london", "midlands", "scotland", "baku", "leningrad", "kharkov", "stalingrad", "gorky",
               "rostov", "smolensk", "minsk", "ural_mountains", "pripyat", "usa_box", "alexandria", "persia"]


def mid_war(start: str = "1941-09", **changes: Any) -> dict[str, Any]:
    """Germany deep in the USSR, France fallen (no Vichy), Italy and the Axis minors at war."""
    scenario = {
        "name": "test: mid-war",
        "start_turn": start,
        "control": {**{a: "Axis" for a in AXIS_1941}, **{a: "Allied" for a in ALLIED_1941}},
        "units": [
            unit("g_inf1", "germany", "infantry", "paris"),
            unit("g_inf2", "germany", "infantry", "warsaw"),
            unit("g_inf3", "germany", "infantry", "kiev"),
            unit("g_arm1", "germany", "armor", "moscow"),
            unit("g_inf4", "germany", "infantry", "ruhr", steps=2),
            unit("g_inf5", "germany", "infantry", "oslo"),
            unit("g_inf6", "germany", "infantry", "saxony"),
            unit("b_inf1", "britain", "infantry", "scotland", max_steps=4),
            unit("b_inf2", "britain", "infantry", "alexandria", max_steps=4),
            unit("b_inf3", "britain", "infantry", "london", max_steps=4, steps=2),
            unit("s_inf1", "ussr", "infantry", "smolensk"),
            unit("s_arm1", "ussr", "armor", "gorky", steps=2),
            unit("i_inf1", "italy", "infantry", "rome", max_steps=3),
        ],
        "pools": {
            "germany": [{"kind": "armor", "max_steps": 4, "count": 1, "elite": True},
                        {"kind": "infantry", "max_steps": 4, "count": 2}],
            "britain": [{"kind": "infantry", "max_steps": 4, "count": 2}, {"kind": "militia", "max_steps": 2, "count": 1}],
            "ussr": [{"kind": "infantry", "max_steps": 4, "count": 6}, {"kind": "cavalry", "max_steps": 3, "count": 1},
                     {"kind": "militia", "max_steps": 3, "count": 2}, {"kind": "armor", "max_steps": 4, "count": 1}],
            "usa": [{"kind": "infantry", "max_steps": 4, "count": 3}],
        },
        "fleets": {"atlantic": {"germany": 2, "britain": 3, "usa": 2}, "baltic": {"germany": 1, "ussr": 1},
                   "mediterranean": {"italy": 2, "britain": 2}},
        "track": {"uboats": 25, "asw": 3, "flak_germany": 2, "flak_britain": 1, "bombers_allied": 0,
                  "fighters_axis": 4, "fighters_allied": 6},
        "special_actions": {"germany": 2, "ussr": 1, "britain": 1},
        "wars": [["germany", "britain"], ["germany", "france"], ["germany", "ussr"], ["italy", "britain"],
                 ["italy", "ussr"], ["germany", "poland"], ["germany", "norway"], ["romania", "britain"],
                 ["romania", "ussr"], ["hungary", "ussr"], ["bulgaria", "britain"], ["finland", "ussr"]],
        "conquered": ["poland", "france", "norway"],
        "paris_taken": True,
    }
    scenario.update(changes)
    if "france" not in scenario["conquered"] and "control" not in changes:
        # France still in the game holds a home resource area (else it falls at once, EE 10.1)
        scenario["control"] = {**scenario["control"], "marseille": "Allied"}
    return scenario


def game_options(scenario: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """Clear weather printed for the first turn; both variable boxes clear (the real ones are on the map)."""
    code = scenario["start_turn"]
    boxes = {m: {"german": CLEAR, "soviet": CLEAR} for m in ("Mar/Apr", "Nov/Dec")}
    return {"scenario": scenario, "weather_track": {code: CLEAR}, "variable_weather": boxes, **extra}
