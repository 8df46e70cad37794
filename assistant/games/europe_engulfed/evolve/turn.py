"""The game's clock: turn and phase changes, weather, strategic-move limits, the game's end."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

import assistant.games.europe_engulfed.events as ev
from events.core import PhaseBegan
from assistant.games.europe_engulfed.state import EEState


def phase_began(s: EEState, e: PhaseBegan) -> EEState:
    turn = e.round - 1
    changes: dict[str, Any] = {"turn": turn, "side": e.side, "phase": e.phase, "step": e.step}
    changes.update(sa_uses=(), transports=(), naval_fights=(), entered={}, phase_moves=())
    if e.phase in ("operational_move", "strategic_move") or e.phase.startswith("breakthrough"):
        changes["sm_used"] = {}
    if e.phase == "breakthrough" and e.step == "operational":
        changes["fought"] = ()  # 6.73: the moves of this phase newly contest areas again
    else:
        changes["breakthrough_area"] = ""  # 5.42: the designation lasts the one phase its Special Action bought
    if e.phase == "initial_supply":
        changes.update(fought=(), newly_contested=(), battle=None, landings={}, fortress_attackers={},
                       units={k: replace(u, moved=False) for k, u in s.units.items()})
    return replace(s, **changes)


def turn_began(s: EEState, e: ev.TurnBegan) -> EEState:
    return replace(s, turn=e.turn, weather={}, weather_winner="", sm_reduction={}, west_sm_reduction=0)


def weather_rolled(s: EEState, e: ev.WeatherRolled) -> EEState:
    return replace(s, weather_winner=e.winner)


def weather_set(s: EEState, e: ev.WeatherSet) -> EEState:
    return replace(s, weather=dict(e.weather), weather_winner="")


def limit_set(s: EEState, e: ev.StrategicMoveLimitSet) -> EEState:
    return replace(s, strategic_limits={**s.strategic_limits, e.nation: e.limit})


def turn_ended(s: EEState, e: ev.TurnEnded) -> EEState:
    return replace(s, fleets_used={}, fleets_moved={})


def ended(s: EEState, e: ev.GameEnded) -> EEState:
    return replace(s, result=e.result, result_rule=e.rule)
