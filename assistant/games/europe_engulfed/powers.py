"""Who is on which side: major powers from data/nations.toml, the Axis minors (EE 9.1), minors at war (9.63)."""

from __future__ import annotations

from assistant.games.europe_engulfed import data
from assistant.games.europe_engulfed.state import AXIS_MINOR_NAMES as AXIS_MINORS
from assistant.games.europe_engulfed.state import Block, EEState, side_of

__all__ = ["AXIS_MINORS", "side_of", "enemy", "land_units", "occupants", "contested", "friendly_uncontested",
           "conquered", "at_war_with_major"]


def enemy(side: str) -> str:
    return "Allied" if side == "Axis" else "Axis"


def land_units(state: EEState, area: str) -> list[Block]:
    return [u for u in state.units.values() if u.area == area and u.kind != "gsu"]


def occupants(state: EEState, area: str) -> set[str]:
    """Sides with land units in the area."""
    return {side_of(state, u.nation) for u in land_units(state, area)}


def contested(state: EEState, area: str) -> bool:
    return {"Axis", "Allied"} <= occupants(state, area)


def friendly_uncontested(state: EEState, area: str, side: str) -> bool:
    return state.control.get(area) == side and not contested(state, area)


def conquered(state: EEState, power: str) -> bool:
    return power in state.politics.conquered


def at_war_with_major(state: EEState, nation: str) -> bool:
    """EE 4.21: only a major power at war with another major power pays naval maintenance."""
    return any(
        nation in key.split("|") and all(p in data.MAJORS for p in key.split("|")) for key in state.politics.wars
    )
