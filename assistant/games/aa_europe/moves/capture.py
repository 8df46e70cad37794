"""What taking a space does: control and income move at once [T L86 blitz steps 2-3], AA guns and the complex change
hands [T L82, L86], a capital's treasury goes to the captor [E L44], a Middle East country moves the Middle East
column [T L78], a convoy centre's income is lost or restored [T L61]."""

from __future__ import annotations

from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.moves import victory
from assistant.games.aa_europe.state import State


def capture(s: State, territory: str, by: str, method: str) -> list:
    w = s.world
    previous = s.controller(territory)
    original = w.spaces[territory].owner
    controller, liberated = by, False
    if original and original != by and w.allied(original, by):
        # Ruling (the liberation section was lost, digest D7): an ally's territory goes back to its original owner,
        # unless that owner's capital is in enemy hands; then the liberator holds it. Freeing the capital itself
        # ends that: the capital goes back to its owner.
        liberated = True
        if not s.capital_held_by_enemy(original) or w.spaces[territory].capital == original:
            controller = original
    guns = tuple(
        sorted(
            i for i, u in s.units.items()
            if u.space == territory and w.units[u.kind].has("anti_aircraft") and w.enemies(u.owner, by) and not u.aboard
        )
    )
    out: list = [
        ev.TerritoryCaptured(territory=territory, by=by, previous=previous, controller=controller, method=method,
                             liberated=liberated, aa_guns=guns)
    ]
    owner = w.spaces[territory].capital
    if owner and w.enemies(owner, by):
        out.append(ev.CapitalCaptured(capital=territory, owner=owner, captor=by, seized=s.treasury.get(owner, 0)))
    out.extend(victory.broken(s, by, territory))
    out.extend(victory.arm(s, by, territory))
    return out


def convoy_entered(s: State, zone: str, power: str, ships: tuple[int, ...]) -> list:
    """A warship with an attack value in an unoccupied (or cleared) convoy centre takes it for Germany, or frees it for
    its Allied owner [T L61]; transports cannot [T L61], submerged attacking submarines cannot alone [T L61]."""
    w = s.world
    sp = w.spaces[zone]
    if not sp.convoy:
        return []
    warships = tuple(i for i in ships if w.units[s.units[i].kind].attack > 0 and not s.units[i].submerged)
    if not warships:
        return []
    held = s.controller(zone)
    if w.enemies(held, power) and w.side_of(power) == "axis":
        return [ev.ConvoyRaided(zone=zone, owner=held, raider=power, value=sp.ipc, by=warships)]
    if w.enemies(held, power):
        return [ev.ConvoyLiberated(zone=zone, owner=sp.owner, liberator=power, value=sp.ipc)]
    return []
