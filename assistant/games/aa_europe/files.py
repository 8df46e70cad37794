"""Files players take away from a game and bring to another: the board's units as a set-up file, in the shape
of the `units` option (power -> space -> unit -> count), so a position can start a new game."""

from __future__ import annotations

import json

from assistant.games.aa_europe.state import State


def setup_file(s: State) -> tuple[str, str, str]:
    by: dict[str, dict[str, dict[str, int]]] = {}
    for u in s.units.values():
        counts = by.setdefault(u.owner, {}).setdefault(u.space, {})
        counts[u.kind] = counts.get(u.kind, 0) + 1
    for territory in sorted(s.complexes):
        owner = s.controller(territory)
        if owner:
            by.setdefault(owner, {}).setdefault(territory, {})["industrial_complex"] = 1
    lines = [f"# A&A Europe set-up, round {s.round}: use it as the `units` option of a new game."]
    for power in s.world.tables.turn_order:
        lines.append(f"\n[{power}]")
        for space in sorted(by.get(power, {})):
            counts = by[power][space]
            inner = ", ".join(f"{k} = {n}" for k, n in sorted(counts.items()))
            lines.append(f"{json.dumps(space, ensure_ascii=False)} = {{ {inner} }}")
    return "aa-europe-setup.toml", "\n".join(lines) + "\n", "application/toml"


FILES = {"setup": setup_file}
OPTION_FILES = {
    "units": "Set-up charts (TOML or JSON: power -> space -> unit -> count)",
    "values": "IPC values printed on your board (space -> value)",
    "control": "Who holds which space at the start (space -> power)",
}
