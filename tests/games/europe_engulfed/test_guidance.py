"""The table banner (``guidance``) speaks plain words and never fails, at every event of played games."""

from __future__ import annotations

import re

from assistant.games.europe_engulfed.commands import (
    Buy,
    DeclareWar,
    DeployMinor,
    Edit,
    Fight,
    Move,
    NewBlock,
)
from assistant.games.europe_engulfed.game import GAME
from assistant.games.europe_engulfed.guidance import guidance
from assistant.games.europe_engulfed.rules.turn import mandatory_battles
from tests.games.europe_engulfed.scenarios import game_options, mid_war
from tests.games.europe_engulfed.table import Table
from tests.games.europe_engulfed.test_calendar import run_to, step

TAG = re.compile(r"\bee\.[a-z_]+")


def replay_guidance(t: Table) -> list[str]:
    """The banner after every event of the table's log, folded again from the start."""
    s = GAME.initial_state(t.definition)
    said = [guidance(s)]
    for e in t.log:
        s = GAME.evolve(s, e)
        said.append(guidance(s))
    return said


def assert_plain(said: list[str]) -> None:
    for text in said:
        assert text and not TAG.search(text), text
        assert "None" not in text and "{" not in text, text


def test_guidance_at_every_event_of_two_played_turns():
    t = Table(game_options(mid_war("1939-11", wars=[["germany", "britain"], ["germany", "france"]], conquered=[],
                                   paris_taken=False)))
    run_to(t, "Axis", "production")
    t.do(Buy(item="uboat", qty=2))
    t.do(Edit(reason="a block was missing", add=(NewBlock(nation="germany", kind="infantry", max_steps=4,
                                                          area="silesia"),)))
    run_to(t, "Axis", "operational_move")
    t.do(DeclareWar(aggressor="germany", target="poland"))
    pending = guidance(t.state)
    assert "Poland" in pending and '"Deploy minor"' in pending
    t.do(DeployMinor(minor="poland", blocks=(NewBlock(nation="poland", kind="infantry", max_steps=3, area="warsaw"),)))
    t.do(Move(unit_id="g_inf2", path=("east_prussia",), override="house rule"))
    for _ in range(60):  # on to the Allied player turn of the next game turn, whatever comes
        if t.state.turn >= 2 and t.state.side == "Allied" and t.state.phase == "combat":
            break
        if t.state.phase == "combat" and t.state.side == "Axis":
            for area in mandatory_battles(t.state):
                t.do(Fight(area=area))
        step(t)
    kinds = {type(e).__name__ for e in t.log}
    assert {"UnitsEdited", "RuleOverridden", "MinorForcesDeployed", "Purchased", "WeatherSet", "TurnEnded"} <= kinds
    said = replay_guidance(t)
    assert_plain(said)
    assert any("production" in x for x in said) and any("weather" in x for x in said)
    assert any("Germany" in x and "WERP" in x for x in said)


def test_guidance_to_the_end_of_the_game():
    t = Table(game_options(mid_war("1945-09")))
    for _ in range(120):
        if t.state.result:
            break
        step(t)
    assert t.state.result
    said = replay_guidance(t)
    assert_plain(said)
    assert said[-1].startswith("Game over")
