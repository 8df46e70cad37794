"""Tools every move uses: a running fold of the events being decided, checks of stage, phase and units."""

from __future__ import annotations

import re
from collections.abc import Iterable

from assistant.decider import Refused
from assistant.games.aa_miniatures import hexes
from assistant.games.aa_miniatures.describe import ADJ, side as side_name
from assistant.games.aa_miniatures.evolve import evolve
from assistant.games.aa_miniatures.state import State, Unit
from assistant.games.aa_miniatures.tables import load

MAX_PATH = 24


class Emitter:
    """Collects the events a command produces and keeps the state they lead to (later rules read it)."""

    def __init__(self, state: State):
        self.state = state
        self.events: list = []

    def __call__(self, *events) -> None:
        for e in events:
            self.events.append(e)
            self.state = evolve(self.state, e)


def require_stage(s: State, *stages: str) -> None:
    if s.victory is not None:
        over = "it ended in a draw" if s.victory.winner == "draw" else f"{side_name(s.victory.winner)} won"
        raise Refused(f"the game is over: {over} ({s.victory.reason})", "AAM p.7")
    if s.stage not in stages:
        names = {"build": "army building", "map": "the choice of the battlefield", "deploy": "deployment",
                 "play": "play"}
        raise Refused(f"this is done during {' or '.join(names[x] for x in stages)}; it is now {names[s.stage]}",
                      "AAM p.4")


def require_phase(s: State, phase: str) -> None:
    require_stage(s, "play")
    if s.cover is not None:
        raise Refused(f"{s.units[s.cover.target].label} rolls for cover first", "AAM p.24")
    if s.phase != phase:
        raise Refused(f"this is done in a {phase} phase; it is now the {s.phase} phase", "AAM p.11")


def unit(s: State, uid: int, side: str = "") -> Unit:
    u = s.units.get(uid)
    if u is None:
        raise Refused(f"there is no unit #{uid}")
    if side and u.side != side:
        raise Refused(f"{u.label} (#{uid}) is not in the {ADJ[side]} army", "AAM p.11")
    if u.destroyed:
        raise Refused(f"{u.label} (#{uid}) was destroyed in turn {u.destroyed}", "AAM p.20")
    return u


def hex_label(raw: str) -> str:
    label = hexes.normal(raw)
    if not label or len(label) > 24:
        raise Refused(f"a hex is named by its label on your map (1 to 24 characters), not {raw[:30]!r}")
    return label


def hex_labels(raw: Iterable[str]) -> list[str]:
    """Hexes as typed in a list field: one item holding several map labels ("D4 D5 D6", "D4-D5") is those hexes
    (at the table: a path typed with spaces was taken as one hex named "D4 D5 D6", and the unit put there)."""
    out: list[str] = []
    for item in raw:
        parts = [p for p in SEPARATORS.split(item.strip()) if p]
        if len(parts) > 1 and all(hexes.LABEL.match(p) for p in parts):
            out += [hex_label(p) for p in parts]
        else:
            out.append(hex_label(item))
    return out


SEPARATORS = re.compile(r"[\s\-→>]+")


def occupants(s: State, hex_: str, but: int = 0) -> list[Unit]:
    """Units counting for stacking in a hex (a Soldier aboard a Transport does not count, p.29)."""
    return [u for u in s.on_map() if u.hex == hex_ and u.id != but and not u.aboard]


def can_stop(s: State, u: Unit, hex_: str) -> str:
    """"" when ``u`` may end its move in ``hex_``; otherwise why not (stacking, p.13)."""
    t = load()
    here = occupants(s, hex_, but=u.id)
    if sum(1 for o in here if o.side == u.side) >= t.per_side:
        return f"{hex_} already holds {t.per_side} units of this army"
    if s.card(u).type == "vehicle" and sum(1 for o in here if s.card(o).type == "vehicle") >= t.vehicles_per_hex:
        return f"{hex_} already holds a Vehicle"
    return ""


def can_enter(s: State, u: Unit, hex_: str) -> bool:
    return load().terrain[s.terrain_of(hex_)].enterable_by(s.card(u).type)


def effective_speed(s: State, u: Unit) -> int:
    return max(0, s.card(u).speed - (1 if u.damaged else 0))


def line_of_sight(s: State, a: str, b: str) -> tuple[bool | None, str]:
    """(clear?, the blocking hex) from the recorded terrain; None when the labels have no geometry (p.19)."""
    crossed = hexes.crossed(a, b)
    if crossed is None:
        return None, ""
    for h in crossed:
        if load().terrain[s.terrain_of(h)].blocks_los:
            return False, h
    return True, ""
