"""Captures and liberations with their exact income effects (A&A §4.3, §4.6, §6.2 capture)."""

from __future__ import annotations

import assistant.games.aa_classic.events as ev
from assistant.games.aa_classic.state import State


def new_controller(s: State, territory: str, by: str) -> tuple[str, bool]:
    """Who controls a territory ``by`` takes, and whether that is a liberation.

    An ally's original territory goes back to the ally, unless the ally's capital is in enemy hands: then the
    liberator holds it (and collects its value) until that capital is freed (A&A §4.3). A capital always goes back
    to its owner.
    """
    w = s.world
    original = w.board.spaces[territory].original_owner or ""
    if original and original != by and w.allied(original, by):
        if w.capital_of(original) == territory or not s.capital_held_by_enemy(original):
            return original, True
        return by, True
    return by, False


def capture(s: State, territory: str, by: str, method: str) -> list:
    """The events of ``by`` taking ``territory``: control, production levels, AA guns, capital effects."""
    w = s.world
    previous = s.controller(territory)
    controller, liberated = new_controller(s, territory, by)
    value = w.value(territory)
    production: dict[str, int] = {}
    if value:
        if previous:
            production[previous] = production.get(previous, 0) - value
        production[controller] = production.get(controller, 0) + value
    production = {p: d for p, d in production.items() if d}
    guns = tuple(
        i
        for i, u in s.units.items()
        if u.space == territory and "captured_with_territory" in w.units[u.kind].flags and w.enemies(u.owner, by)
    )
    out: list = [
        ev.TerritoryCaptured(
            territory=territory,
            by=by,
            previous=previous,
            controller=controller,
            method=method,
            liberated=liberated,
            production=production,
            aa_guns=guns,
        )
    ]
    owner = w.board.spaces[territory].capital or ""
    if owner and w.enemies(owner, by) and not w.enemies(previous, owner):
        out.append(ev.CapitalCaptured(capital=territory, owner=owner, captor=by, seized=s.treasury.get(owner, 0)))
    elif owner and w.allied(owner, by) and w.enemies(previous, owner):
        out.append(liberation_of(s, territory, owner))
    return out


def liberation_of(s: State, capital: str, owner: str) -> ev.CapitalLiberated:
    """Ruling (digest §12 #13): every original territory of the owner held by an ally goes back to it."""
    w = s.world
    returned = []
    production: dict[str, int] = {}
    for name, space in w.board.spaces.items():
        holder = s.controller(name)
        if name == capital or space.original_owner != owner or holder == owner or not w.allied(holder, owner):
            continue
        returned.append(name)
        if space.ipc:
            production[holder] = production.get(holder, 0) - space.ipc
            production[owner] = production.get(owner, 0) + space.ipc
    return ev.CapitalLiberated(capital=capital, owner=owner, returned=tuple(returned), production=production)
