"""Corrections and set-up entered at the table: blocks, steps, control, tracks, weather, the scenario, the board."""

from __future__ import annotations

from msgspec.structs import replace

from assistant.families.engulfed import special_actions as stock
from assistant.games.europe_engulfed.board.moves import evolve_board
from assistant.games.europe_engulfed.events.board import BoardAmended, ScenarioSetUp
import assistant.games.europe_engulfed.events as ev
from assistant.games.europe_engulfed.state import EEState, apply_scenario
from assistant.games.europe_engulfed.evolve.blocks import lose_steps, put_blocks


def units_edited(s: EEState, e: ev.UnitsEdited) -> EEState:
    s = lose_steps(s, {uid: s.units[uid].steps for uid in e.removed if uid in s.units}, permanent=e.for_good)
    return put_blocks(s, e.added)


def steps_edited(s: EEState, e: ev.StepsEdited) -> EEState:
    return replace(s, units={**s.units, **{uid: replace(s.units[uid], steps=n) for uid, n in e.steps.items()
                                           if uid in s.units}})


_TRACK_FIELDS = {"flak_germany": ("flak", "germany"), "flak_britain": ("flak", "britain"),
                 "bombers_axis": ("bombers", "Axis"), "bombers_allied": ("bombers", "Allied"),
                 "fighters_axis": ("fighters", "Axis"), "fighters_allied": ("fighters", "Allied")}


def tracks_edited(s: EEState, e: ev.TracksEdited) -> EEState:
    t = s.track
    for key, value in e.track.items():
        if key in _TRACK_FIELDS:
            field, who = _TRACK_FIELDS[key]
            t = replace(t, **{field: {**getattr(t, field), who: value}})
        else:
            t = replace(t, **{key: value})
    held = dict(s.special_actions)
    for nation, n in e.special_actions.items():
        held[nation] = stock.edited(held.get(nation, ()), n, s.turn)
    fleets = {sea: dict(by) for sea, by in s.fleets.items()}
    for sea, by in e.fleets.items():
        fleets.setdefault(sea, {}).update(by)
    return replace(s, track=t, special_actions=held, fleets=fleets)


def weather_edited(s: EEState, e: ev.WeatherEdited) -> EEState:
    return replace(s, weather={**s.weather, **e.weather}, weather_winner="")


def scenario_set_up(s: EEState, e: ScenarioSetUp) -> EEState:
    """The set-up entered replaces the options' one: its base production counts (4.14) and it can be saved."""
    return apply_scenario(replace(s, options=replace(s.options, scenario=e.scenario)), e.scenario)


def board_amended(s: EEState, e: BoardAmended) -> EEState:
    return replace(s, board=evolve_board(s.board, e))
