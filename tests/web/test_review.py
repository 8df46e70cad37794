"""Report page, turn summaries, teaching replay (annotations, What if forks) and the A&A battle odds, through Flask's
test client: full pages and htmx fragments, downloads, CSRF refusals, double taps, spectators read-only."""

from __future__ import annotations

import json
import re

import pytest

from assistant.analysis import summaries, teaching
from assistant.application import Assistant
from assistant.games.aa_classic.odds import battle_odds
from assistant.kinds import KindRegistry
from assistant.web import create_app
from assistant.web.security import spectator_token
from events.core import NoteAdded
from events.store import EventStore
from tests.web.conftest import Client


def text(response) -> str:
    return response.data.decode()


def watch(flask_app, game_id: str) -> str:
    return f"/watch/{game_id}/{spectator_token(flask_app.extensions['tabletop']['watch_secret'], game_id)}"


# ---------------------------------------------------------------- an A&A game with a battle


@pytest.fixture
def aa(tmp_path):
    store = EventStore(tmp_path / "aa.sqlite3")
    assistant = Assistant(store, KindRegistry())
    yield assistant
    store.close()


@pytest.fixture
def aa_app(aa):
    return create_app(aa, testing=True)


@pytest.fixture
def aa_client(aa_app):
    return Client(aa_app)


def start(aa: Assistant, **options) -> str:
    gid = aa.new_game("aa_classic", {"players": 5, **options}, title="Club night")
    aa.handle(gid, '{"type": "aa.start"}')
    return gid


@pytest.fixture
def battle_game(aa):
    """USSR attacks Finland-Norway with 2 infantry and 1 armour; no die rolled yet."""
    gid = start(aa)
    aa.handle(gid, '{"type": "aa.purchase", "units": {"infantry": 3}}')
    aa.handle(gid, '{"type": "aa.end_step"}')
    aa.handle(gid, '{"type": "aa.move", "path": ["Karelia S.S.R.", "Finland-Norway"], "units": {"infantry": 2, "armour": 1}}')
    aa.handle(gid, '{"type": "aa.end_step"}')
    return gid


# ---------------------------------------------------------------- report


def test_report_page_whole_or_as_fragment_links_from_the_table_and_games_list(client, toy_id):
    page = client.get(f"/g/{toy_id}/report")
    assert page.status_code == 200 and "<html" in text(page)
    assert "Friday skirmish — report" in text(page)
    assert page.headers["Vary"].count("HX-Request") == 1
    fragment = client.get(f"/g/{toy_id}/report", htmx=True)
    assert text(fragment).lstrip().startswith('<div id="report"') and "<html" not in text(fragment)
    assert "HX-Request" in fragment.headers["Vary"]
    assert f'href="/g/{toy_id}/report"' in text(client.get(f"/g/{toy_id}"))
    assert f'href="/g/{toy_id}/report"' in text(client.get("/"))
    assert client.get("/g/nope/report").status_code == 404


def test_report_of_a_battle_shows_charts_inline_odds_luck_and_downloads(aa, aa_client, battle_game):
    aa.handle(battle_game, '{"type": "aa.fire", "battle": "Finland-Norway", "faces": [1, 1, 3]}')
    html = text(aa_client.get(f"/g/{battle_game}/report"))
    for metric in ("production", "treasury", "units", "unit_value", "territories"):
        assert f"/g/{battle_game}/report/chart/{metric}.svg" in html and f"/report/chart/{metric}.png" in html
        # the page comes first; htmx then asks for each chart as markup to fill its frame
        assert f'hx-get="/g/{battle_game}/report/chart/{metric}.svg" hx-trigger="load"' in html
        drawn = aa_client.get(f"/g/{battle_game}/report/chart/{metric}.svg", htmx=True)
        assert drawn.mimetype == "text/html" and text(drawn).startswith("<svg") and "Content-Disposition" not in drawn.headers
        assert "HX-Request" in drawn.headers["Vary"]
    recorded = [e.event for e in aa.log(battle_game) if e.type == "aa.battle_odds_recorded"][0]
    assert f"{100 * recorded.attacker_wins:.1f}%" in html and f"{100 * recorded.defender_wins:.1f}%" in html
    assert "Dice luck" in html and "Luckiest moments" in html and "Casualties by side" in html
    assert f"/g/{battle_game}/teach?at=" in html  # moments and battles open the replay at their event

    svg = aa_client.get(f"/g/{battle_game}/report/chart/production.svg")
    assert svg.mimetype == "image/svg+xml" and b"<svg" in svg.data and "attachment" in svg.headers["Content-Disposition"]
    png = aa_client.get(f"/g/{battle_game}/report/chart/treasury.png")
    assert png.mimetype == "image/png" and png.data.startswith(b"\x89PNG")
    assert aa_client.get(f"/g/{battle_game}/report/chart/nonsense.svg").status_code == 404
    assert aa_client.get(f"/g/{battle_game}/report/chart/production.gif").status_code == 404

    md = aa_client.get(f"/g/{battle_game}/report.md")
    assert md.mimetype == "text/markdown" and "Club night" in text(md)
    data = json.loads(aa_client.get(f"/g/{battle_game}/report.json").data)
    assert data["game_id"] == battle_game and data["battles"][0]["where"] == "Finland-Norway"
    standalone = aa_client.get(f"/g/{battle_game}/report.html")
    assert standalone.mimetype == "text/html" and b"<svg" in standalone.data
    assert aa_client.get(f"/g/{battle_game}/report.pdf").status_code == 404


def test_report_follows_the_log(aa, aa_client, battle_game):
    before = text(aa_client.get(f"/g/{battle_game}/report"))
    assert "No dice rolled yet." in before
    aa.handle(battle_game, '{"type": "aa.fire", "battle": "Finland-Norway", "faces": [1, 1, 3]}')
    assert "No dice rolled yet." not in text(aa_client.get(f"/g/{battle_game}/report"))


def test_a_report_rebuilt_for_a_new_event_redraws_only_the_charts_whose_numbers_moved(aa, aa_client, monkeypatch):
    from assistant.analysis import charts

    gid = start(aa)
    drawn = []
    draw = charts.render
    monkeypatch.setattr(charts, "render", lambda series, fmt="svg": drawn.append(series.metric) or draw(series, fmt))
    metrics = ["production", "territories", "treasury", "unit_value", "units"]

    def shown() -> list[str]:  # the report page, then each chart as the page asks for it
        text(aa_client.get(f"/g/{gid}/report"))
        return [text(aa_client.get(f"/g/{gid}/report/chart/{m}.svg", htmx=True)) for m in metrics]

    first = shown()
    assert sorted(drawn) == metrics
    drawn.clear()
    aa.handle(gid, '{"type": "core.add_note", "about_seq": 2, "text": "a quiet moment"}')
    assert "a quiet moment" in text(aa_client.get(f"/g/{gid}/report"))
    assert shown() == first and drawn == []  # a new report, the same five charts, none drawn again
    aa.handle(gid, '{"type": "aa.purchase", "units": {"infantry": 3}}')
    bought = shown()
    assert "treasury" in drawn and "production" not in drawn  # 9 IPCs spent; no territory changed hands
    assert bought[metrics.index("treasury")] != first[metrics.index("treasury")]
    assert bought[metrics.index("production")] == first[metrics.index("production")]
    drawn.clear()
    whole = text(aa_client.get(f"/g/{gid}/report.html"))  # the download holds the charts the page showed
    assert drawn == [] and all(chart in whole for chart in bought)


# ---------------------------------------------------------------- summaries


def test_turn_summary_fragment_is_the_analysis_text_with_a_copy_button(aa, aa_client, battle_game):
    fragment = aa_client.get(f"/g/{battle_game}/summary?turn=1:ussr&fmt=md", htmx=True)
    html = text(fragment)
    assert html.lstrip().startswith('<div class="summarytext"')
    expected = summaries.turn_summary(aa, battle_game, 1, "ussr", "md")
    shown = re.search(r"<textarea[^>]*>(.*?)</textarea>", html, re.S).group(1)
    assert shown == str(__import__("markupsafe").escape(expected))
    assert 'data-copy="#summary-text"' in html
    plain = text(aa_client.get(f"/g/{battle_game}/summary?round=1&fmt=text", htmx=True))
    assert "buys" in plain and "**" not in plain
    page = aa_client.get(f"/g/{battle_game}/summary?turn=1")
    assert "<html" in text(page) and "Round 1 — USSR" in text(page)
    assert aa_client.get(f"/g/{battle_game}/summary?turn=1:atlantis").status_code == 404
    assert aa_client.get(f"/g/{battle_game}/summary?fmt=pdf").status_code == 400


# ---------------------------------------------------------------- teaching replay


def test_teaching_step_shows_the_sentence_rule_board_and_ledgers_as_they_were(aa, aa_client, battle_game):
    steps = {s.seq: s for s in teaching.steps(aa, battle_game)}
    purchase = next(s for s in steps.values() if s.type == "aa.units_purchased")
    page = aa_client.get(f"/g/{battle_game}/teach?at={purchase.seq}")
    html = text(page)
    assert page.status_code == 200 and "<html" in html
    assert purchase.sentence in html.replace("&amp;", "&") and purchase.rule and purchase.rule in html.replace("&amp;", "&")
    assert purchase.explanation in html
    assert '<svg viewBox' in html and "Powers" in html  # the map and the IPC ledgers of that moment
    # a tap on a space asks for it as it was at this step: the board sends the step's event with it
    assert f'hx-include="#tt-at">\n        <input type="hidden" id="tt-at" name="at" value="{purchase.seq}">' in html
    assert f'?at={purchase.seq + 1}" hx-get' in html and 'data-key="ArrowRight"' in html and 'data-key="PageDown"' in html
    fragment = aa_client.get(f"/g/{battle_game}/teach?at={purchase.seq}", htmx=True)
    assert text(fragment).lstrip().startswith('<div id="teach"') and "HX-Request" in fragment.headers["Vary"]
    # The map as it was: before the move, Finland-Norway had no battle ring.
    assert 'class="battle"' not in text(aa_client.get(f"/g/{battle_game}/teach?at={purchase.seq}"))
    assert 'class="battle"' in text(aa_client.get(f"/g/{battle_game}/teach?at={aa.head(battle_game)}"))
    assert aa_client.get(f"/g/{battle_game}/teach?at=9999").status_code == 404
    # Round by round: "next round" from set-up goes to the first event of round 1.
    first_of_round_1 = next(s.seq for s in steps.values() if s.round == 1)
    assert f'href="/g/{battle_game}/teach?at={first_of_round_1}"' in text(aa_client.get(f"/g/{battle_game}/teach?at=1"))


def test_an_annotation_with_an_arrow_is_added_once_and_shown_on_its_event(aa, aa_client, battle_game):
    cid = "note-" + "1" * 20
    form = {"text": "Finland is thin: attack now", "arrow_from": "Karelia S.S.R.", "arrow_to": "Finland-Norway",
            "command_id": cid}
    aa_client.get(f"/g/{battle_game}/teach?at=3")
    assert aa_client.post(f"/g/{battle_game}/teach/3/note", form, csrf=False).status_code == 403
    done = aa_client.post(f"/g/{battle_game}/teach/3/note", form)
    assert done.status_code == 303 and done.headers["Location"].endswith(f"/g/{battle_game}/teach?at=3")
    again = aa_client.post(f"/g/{battle_game}/teach/3/note", form, htmx=True)  # double tap: the same command id
    assert again.status_code == 200 and text(again).lstrip().startswith('<div id="teach"')
    notes = [e.event for e in aa.log(battle_game) if isinstance(e.event, NoteAdded)]
    assert len(notes) == 1 and notes[0].about_seq == 3 and notes[0].arrow_to == "Finland-Norway"
    html = text(aa_client.get(f"/g/{battle_game}/teach?at=3"))
    assert "Finland is thin: attack now" in html and "Karelia S.S.R. → Finland-Norway" in html
    assert 'class="arrow"' in html and "marker-end" in html  # drawn on the map
    empty = aa_client.post(f"/g/{battle_game}/teach/3/note", {"text": " "}, htmx=True)
    assert empty.status_code == 422 and "Write the note first." in text(empty)
    half = aa_client.post(f"/g/{battle_game}/teach/3/note", {"text": "x", "arrow_from": "Russia"}, htmx=True)
    assert half.status_code == 422 and "both ends" in text(half)


def test_what_if_forks_once_per_tap_and_both_games_link_to_each_other(aa, aa_client, battle_game):
    aa_client.get(f"/g/{battle_game}/teach?at=4")
    assert aa_client.post(f"/g/{battle_game}/teach/4/fork", {"command_id": "f1"}, csrf=False).status_code == 403
    forked = aa_client.post(f"/g/{battle_game}/teach/4/fork", {"command_id": "f1"})
    assert forked.status_code == 303
    fork_id = forked.headers["Location"].rsplit("/", 1)[1]
    again = aa_client.post(f"/g/{battle_game}/teach/4/fork", {"command_id": "f1"}, htmx=True)
    assert again.status_code == 204 and again.headers["HX-Redirect"] == f"/g/{fork_id}"
    assert len(aa.games()) == 2
    assert aa.view(fork_id, at=4).game == aa.view(battle_game, at=4).game
    table = text(aa_client.get(f"/g/{fork_id}"))
    assert "A what-if game: it starts from event 4 of" in table and f"/g/{battle_game}/teach?at=4" in table
    original = text(aa_client.get(f"/g/{battle_game}/teach?at=4"))
    assert f'game <a href="/g/{fork_id}">{fork_id}</a> starts from here' in original
    assert aa_client.post(f"/g/{battle_game}/teach/999/fork", {"command_id": "f2"}).status_code == 404


def test_spectators_see_report_summary_and_replay_read_only(aa, aa_app, aa_client, battle_game):
    base = watch(aa_app, battle_game)
    report = text(aa_client.get(base + "/report"))
    assert "Club night — report" in report and f'href="{base}/teach"' in report
    assert aa_client.get(base + "/report.md").status_code == 200
    assert aa_client.get(base + "/report/chart/units.svg").status_code == 200
    assert aa_client.get(base + "/summary?turn=1", htmx=True).status_code == 200
    replay = text(aa_client.get(base + "/teach?at=3"))
    assert "Annotations on this event" in replay
    assert "Add an annotation" not in replay and "What if" not in replay and 'name="csrf"' not in replay
    assert aa_client.post(base + "/teach", {"text": "x"}).status_code == 403
    assert aa_client.get(f"/watch/{battle_game}/{'0' * 24}/teach").status_code == 404
    assert aa_client.get(f"/watch/{battle_game}/{'0' * 24}/report").status_code == 404


# ---------------------------------------------------------------- A&A battle panel: odds


def test_battle_panel_shows_exact_odds_before_any_die_then_the_recorded_ones(aa, aa_client, battle_game):
    exact = battle_odds(aa.view(battle_game).game, "Finland-Norway")
    html = text(aa_client.get(f"/g/{battle_game}"))
    panel = re.search(r'<div class="oddspanel".*?</div>\s*</div>', html, re.S).group(0)
    assert "Odds before any die is rolled" in panel
    assert f"attacker wins <strong>{100 * exact.attacker_wins:.1f}%</strong>" in panel
    assert f"defender wins <strong>{100 * exact.defender_wins:.1f}%</strong>" in panel
    assert "Expected survivors" in panel and f"{exact.expected_attacker_loss:.1f} IPC" in panel

    # With a retreat threshold the odds are recomputed: some battles now end in a retreat.
    part = aa_client.get(f"/g/{battle_game}/part/odds?battle=Finland-Norway&retreat=1", htmx=True)
    assert part.status_code == 200 and "retreating at 1 attacker or fewer" in text(part)
    retreat = float(re.search(r"retreat ([0-9.]+)%", text(part)).group(1))
    assert retreat > 10
    assert aa_client.get(f"/g/{battle_game}/part/odds?battle=Nowhere").status_code == 404

    aa.handle(battle_game, '{"type": "aa.fire", "battle": "Finland-Norway", "faces": [1, 1, 3]}')
    aa.handle(battle_game, '{"type": "aa.choose_casualties", "battle": "Finland-Norway", "units": {"infantry": 3}}')
    later = text(aa_client.get(f"/g/{battle_game}"))
    assert "Odds recorded before the first die" in later
    assert f"attacker wins <strong>{100 * exact.attacker_wins:.1f}%</strong>" in later
    assert "Recompute" not in later


# ---------------------------------------------------------------- A&A forms from the rules owner's requests


def test_move_names_aircraft_lost_first_to_aa_fire(aa, aa_client):
    gid = start(aa)
    aa.handle(gid, '{"type": "aa.end_step"}')  # purchase -> combat move
    part = text(aa_client.get(f"/g/{gid}/part/move-units?path=Karelia+S.S.R."))
    assert 'name="aa_loss.fighter.14"' in part and "fighter #14" in part
    aa_client.get(f"/g/{gid}")
    moved = aa_client.do(gid, "aa.move", path=["Karelia S.S.R.", "", "Finland-Norway"],
                         **{"units.fighter": "1", "aa_loss.fighter.14": "on"})
    assert moved.status_code == 200, text(moved)
    move = [e for e in aa.log(gid) if e.type == "aa.units_moved"][-1]
    assert 14 in move.event.units and move.event.path[-1] == "Finland-Norway"
    # The named losses reach the game: outside the combat move it refuses them with its rule.
    quiet = start(aa)
    while aa.view(quiet).game.step != "noncombat_move":
        aa.handle(quiet, '{"type": "aa.end_step"}')
    refused = aa_client.do(quiet, "aa.move", path=["Russia", "", "Karelia S.S.R."],
                           **{"units.fighter": "1", "aa_loss.fighter.8": "on"})
    assert refused.status_code == 422 and "AA guns fire only in the enemy" in text(refused)


def test_edit_panel_sets_a_powers_technologies(aa, aa_client):
    gid = start(aa)
    aa_client.get(f"/g/{gid}")
    done = aa_client.do(gid, "aa.edit", what="technologies", power="germany", reason="forgot the jets",
                        **{"tech.jet_fighters": "on", "tech.rockets": "on"})
    assert done.status_code == 200, text(done)
    assert set(aa.view(gid).game.techs("germany")) == {"jet_fighters", "rockets"}
    assert 'name="tech.heavy_bombers"' in text(aa_client.get(f"/g/{gid}"))


def test_o2_attack_declaration_is_offered_where_enemy_ships_share_a_zone(aa, aa_client):
    gid = start(aa, enemy_zone_placement=True)
    aa.handle(gid, json.dumps({"type": "aa.edit", "reason": "German ships placed among the Soviet fleet",
                               "add": [{"space": "Barents Sea", "power": "germany", "kind": "battleship", "count": 1}]}))
    assert "aa.declare_attack" not in text(aa_client.get(f"/g/{gid}"))  # purchase: not yet
    aa.handle(gid, '{"type": "aa.end_step"}')
    html = text(aa_client.get(f"/g/{gid}"))
    form = re.search(r'value="aa.declare_attack".*?</form>', html, re.S).group(0)
    assert '<option value="Barents Sea"' in form and "Attack them there" in form
    assert aa_client.do(gid, "aa.declare_attack", zone="Barents Sea").status_code == 200
    assert "Barents Sea" in aa.view(gid).game.battles


def test_aa_hits_are_the_attackers_choice_among_its_aircraft(aa, aa_client):
    gid = start(aa)
    aa.handle(gid, json.dumps({"type": "aa.edit", "reason": "a bomber bought last turn",
                               "add": [{"space": "Karelia S.S.R.", "power": "ussr", "kind": "bomber", "count": 1}]}))
    aa.handle(gid, '{"type": "aa.end_step"}')
    aa.handle(gid, '{"type": "aa.move", "path": ["Karelia S.S.R.", "Eastern Europe", "Germany"], "units": {"fighter": 1, "bomber": 1}}')
    aa.handle(gid, '{"type": "aa.end_step"}')
    assert "Odds before any die is rolled" in text(aa_client.get(f"/g/{gid}"))
    aa.handle(gid, '{"type": "aa.fire", "battle": "Germany", "faces": [1, 6]}')
    form = re.search(r'value="aa.choose_casualties".*?</form>', text(aa_client.get(f"/g/{gid}")), re.S).group(0)
    assert "AA fire hit <strong>1 aircraft</strong>: the USSR chooses which are lost" in form
    assert 'name="units.bomber"' in form and 'name="units.fighter"' in form and 'name="units.infantry"' not in form
    assert aa_client.do(gid, "aa.choose_casualties", battle="Germany", **{"units.bomber": "1"}).status_code == 200
    assert "bomber" not in {u.kind for u in aa.view(gid).game.units.values() if u.owner == "ussr"}


def test_an_outstanding_correction_is_a_warning_in_the_banner_and_the_log(aa, aa_client):
    import msgspec

    import assistant.games.aa_classic.events as ev
    from events.base import tag_of
    from events.store import NewEvent

    gid = start(aa)
    assert "To settle" not in text(aa_client.get(f"/g/{gid}"))
    fact = ev.CorrectionOutstanding(ref="battle:1:ussr:Germany:1:aa", reason="the battle is over")
    aa.store.append(gid, aa.head(gid), [NewEvent(tag_of(ev.CorrectionOutstanding), ev.CorrectionOutstanding.schema_version,
                                                  msgspec.json.encode(fact))],
                    actor="table", command_id="c" * 32, recorded_at="2026-11-21T20:00:00.000000Z")
    seq = aa.head(gid)
    html = text(aa_client.get(f"/g/{gid}"))
    banner = re.search(r'<section id="banner".*?</section>', html, re.S).group(0)
    assert 'class="notice warning"' in banner and "Roll back to the throw or edit the board" in banner
    assert f"?at={seq}" in banner
    assert re.search(rf'<li id="e{seq}" class="entry warning"', html) and "To settle:" in html


def test_a_battle_too_large_for_exact_odds_says_so_and_is_fought_without_them(aa, aa_client, battle_game,
                                                                              monkeypatch):
    from assistant.families.axis_allies import odds as family

    exact = battle_odds(aa.view(battle_game).game, "Finland-Norway")
    family.clear_caches()
    monkeypatch.setattr(family, "GRID_ENTRIES_MAX", 10)
    html = text(aa_client.get(f"/g/{battle_game}"))
    panel = html[html.index('<div class="oddspanel"'):]
    panel = panel[:panel.index("</span>")]
    assert "Odds before any die is rolled" in panel and "Too large a battle for exact odds here:" in panel
    assert "Expected survivors" not in panel
    # what 10,000 simulated battles say instead, within the margin the panel states
    margin = float(re.search(r"Estimated from 10,000 simulated battles, each figure within about ([0-9.]+) points",
                             panel).group(1))
    wins = float(re.search(r"attacker wins <strong>([0-9.]+)%</strong>", panel).group(1))
    assert abs(wins - 100 * exact.attacker_wins) <= margin
    # a planned retreat is simulated too
    part = text(aa_client.get(f"/g/{battle_game}/part/odds?battle=Finland-Norway&retreat=1", htmx=True))
    assert "retreating at 1 attacker or fewer" in part and "Estimated from 10,000 simulated battles" in part
    assert float(re.search(r"retreat ([0-9.]+)%", part).group(1)) > 10

    aa.handle(battle_game, '{"type": "aa.fire", "battle": "Finland-Norway", "faces": [1, 1, 3]}')
    assert not [e for e in aa.log(battle_game) if e.type == "aa.battle_odds_recorded"]
    report = text(aa_client.get(f"/g/{battle_game}/report"))  # its battle table: no odds, a dash
    assert "Finland-Norway" in report
