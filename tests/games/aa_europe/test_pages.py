"""A&A Europe's pages through Flask's test client: the table (forms of the moment, map, ledgers, space details),
the report with its charts and battle table, the turn summary and the teaching replay."""

from __future__ import annotations

import json

import pytest

from assistant.application import Assistant
from assistant.decider import ScriptedDice
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.web.conftest import Client


@pytest.fixture
def app(tmp_path):
    store = EventStore(tmp_path / "pages.sqlite3")
    yield Assistant(store, KindRegistry())
    store.close()


@pytest.fixture
def client(app):
    return Client(create_app(app, testing=True))


@pytest.fixture
def game(app):
    gid = app.new_game("aa_europe", {}, title="Club night")
    for command in ({"type": "aae.end_advance"}, {"type": "aae.split_advance", "amounts": {"ussr": 12}},
                    {"type": "aae.end_advance"}, {"type": "aae.end_phase"},
                    {"type": "aae.move", "path": ["Poland", "Baltic States"], "units": {"infantry": 3, "artillery": 1}},
                    {"type": "aae.end_phase"}):
        app.handle(gid, json.dumps(command))
    return gid


def page(response) -> str:
    assert response.status_code == 200
    return response.data.decode()


def test_the_table_shows_the_battle_panel_map_and_ledgers(client, game):
    html = page(client.get(f"/g/{game}"))
    assert "Land battle at Baltic States" in html and "Odds before any die is rolled" in html
    assert "4 dice" in html and "Middle East column" in html and 'data-space="Soviet Convoy Centre"' in html
    details = page(client.get(f"/g/{game}/space/Egypt", htmx=True))
    assert "Middle East" in details or "middle east" in details
    assert "1 infantry" in details


def test_report_summary_and_teaching_replay(app, client, game):
    app.handle(game, json.dumps({"type": "aae.fire", "battle": "Baltic States", "faces": [1, 1, 1, 2]}),
               dice=ScriptedDice(()))
    app.handle(game, json.dumps({"type": "aae.fire", "battle": "Baltic States", "faces": [6, 6, 6]}))
    report = page(client.get(f"/g/{game}/report"))
    assert "Baltic States" in report and "Production chart level" in report
    assert client.get(f"/g/{game}/report/chart/income.svg").status_code == 200
    summary = page(client.get(f"/g/{game}/summary?round=1&fmt=text", htmx=True))
    assert "Baltic States" in summary
    teach = page(client.get(f"/g/{game}/teach?at=5"))
    assert "A&amp;A Europe §" in teach or "A&A Europe §" in teach


def to_germany_s_combat_move(app, options: dict | None = None) -> str:
    """A new game through the cash advance (the USSR takes the Allies' 12 IPC) to Germany's combat move."""
    gid = app.new_game("aa_europe", options or {})
    for command in ({"type": "aae.end_advance"}, {"type": "aae.split_advance", "amounts": {"ussr": 12}},
                    {"type": "aae.end_advance"}, {"type": "aae.end_phase"}):
        app.handle(gid, json.dumps(command))
    return gid


def submarine_on_a_british_convoy_centre(app, gid: str) -> str:
    """A German submarine from the Azores Sea onto a British convoy centre (emptied first): Britain loses its value."""
    state = app.view(gid).game
    w = state.world
    centre = next(n for n, s in sorted(w.spaces.items()) if s.convoy and s.owner == "uk" and w.adjacent(n, "Azores Sea"))
    there = [i for i, u in state.units.items() if u.space == centre]
    if there:
        app.handle(gid, json.dumps({"type": "aae.edit", "reason": "the example's position", "remove": there}))
    app.handle(gid, json.dumps({"type": "aae.move", "path": ["Azores Sea", centre], "units": {"submarine": 1}}))
    return centre


def test_the_convoy_column_shows_only_while_a_power_loses_convoy_income(app, client):
    gid = to_germany_s_combat_move(app)
    header = '<th class="num">Convoys</th>'
    assert header not in page(client.get(f"/g/{gid}"))  # nobody loses any: four columns fit a phone

    centre = submarine_on_a_british_convoy_centre(app, gid)
    w = app.view(gid).game.world
    html = page(client.get(f"/g/{gid}"))
    assert header in html  # a German submarine on a British convoy centre: Britain's loss is shown
    row = html.split("Great Britain", 1)[1].split("</tr>", 1)[0]
    assert f'<td class="num">{w.value(centre)}</td>' in row


def test_the_battle_panel_says_when_a_battle_is_too_large_for_exact_odds(app, client, game, monkeypatch):
    """Beyond the bound the panel says why there are no exact odds, and what 10,000 simulated battles say."""
    import re

    from assistant.families.axis_allies import odds as family
    from assistant.games.aa_europe.odds import battle_odds

    exact = battle_odds(app.view(game).game, "Baltic States")
    family.clear_caches()
    monkeypatch.setattr(family, "GRID_ENTRIES_MAX", 10)
    html = page(client.get(f"/g/{game}"))
    panel = html[html.index('<div class="oddspanel"'):]
    panel = panel[:panel.index("</div>")]
    assert "Odds before any die is rolled" in panel and "Attacker wins" not in panel
    assert "Too large a battle for exact odds here: 4 attacking against 3 defending units make" in panel
    said = re.search(r"Estimated from 10,000 simulated battles, each figure within about ([0-9.]+) points: "
                     r"attacker wins <strong>(\d+)%</strong> · defender holds <strong>(\d+)%</strong>", panel)
    margin, wins, holds = float(said.group(1)), int(said.group(2)), int(said.group(3))
    assert 0.5 < margin <= 1.0
    assert abs(wins - 100 * exact.attacker_wins) <= margin + 0.5 and abs(holds - 100 * exact.defender_wins) <= margin + 0.5
