"""The new Europe Engulfed game form: a scenario the rule book names, its first turn, who plays, the bid."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import render_template
from markupsafe import Markup

from assistant.games.europe_engulfed.scenario import choices
from assistant.web.forms import FieldSpec, FormError, FormSpec


def options_form(spec: FormSpec) -> FormSpec:
    """A new game in a few choices: the scenario the rule book names, its start turn, who plays; a club's
    board and scenario files come as uploads. The tables the rule book lacks are entered in play."""
    names = tuple(sc["name"] for sc in choices.scenarios())
    bids = tuple(f"{b:+d}" if b else "0" for b in range(-50, 51, 10))
    fields = (
        FieldSpec("scenario_name", "Scenario", "select", True, names[0], names),
        FieldSpec("start_turn", "First turn (leave “—” for the scenario's own)", "select", False, "",
                  tuple(name for _code, name in choices.turns())),
        FieldSpec("axis_player", "Axis player", "text", False),
        FieldSpec("allied_player", "Allied player", "text", False),
        FieldSpec("conscription_bid", "Bid: Soviet emergency conscription steps (EE 10.5; new players: -20)",
                  "select", False, "0", bids),
    )
    return replace(spec, fields=fields)


def prepare_options(values: dict[str, Any]) -> dict[str, Any]:
    chosen = next((sc for sc in choices.scenarios() if sc["name"] == values.get("scenario_name")), None)
    if chosen is None:
        raise FormError("Scenario: choose one of the scenarios listed")
    codes = {name: code for code, name in choices.turns()}
    start = codes.get(values.get("start_turn", ""), "") or chosen.get("start_turn", "")
    if not start:
        raise FormError(f"First turn: the rule book does not give the {chosen['name']}'s first turn; "
                        f"choose it as {chosen['section']} says")
    players = {side: values[f"{key}_player"].strip()[:40] for side, key in (("Axis", "axis"), ("Allied", "allied"))
               if values.get(f"{key}_player", "").strip()}
    try:
        bid = int(values.get("conscription_bid") or 0)
    except ValueError:
        raise FormError("Bid: a multiple of 10 from -50 to +50") from None
    return {"scenario": {"name": chosen["name"], "start_turn": start,
                         "sources": [f"{chosen['section']} ({chosen['source']})"]},
            "players": players, "conscription_bid": bid}


def setup_help() -> Markup | None:
    return Markup(render_template("europe_engulfed/new_help.html"))
