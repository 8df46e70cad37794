"""What a turn played on a phone tripped over: places typed as the map prints them, Special Action spenders by
name, refusals that name blocks and buttons rather than ids and command tags, and the table offering only the
actions this moment has (no sea-supply choice without a shortage, no move or fight in the breakthrough menu)."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.europe_engulfed import wording
from assistant.games.europe_engulfed.commands import Advance, BuyBreakthrough, Fight, Move, ResolveUBoats
from assistant.games.europe_engulfed.describe import describe
from assistant.games.europe_engulfed.supply.commands import ChooseSeaSupplyAllocation, DetermineSupply
import assistant.games.europe_engulfed.events as ev
from events.core import PhaseBegan
from tests.games.europe_engulfed.scenarios import game_options, mid_war, unit
from tests.games.europe_engulfed.table import Table
from tests.games.europe_engulfed.test_calendar import run_to, step
from tests.games.europe_engulfed.test_play_at_the_table import offered
from tests.games.europe_engulfed.test_routes import BREAKTHROUGH, refused, table


def test_a_move_takes_the_areas_as_the_map_prints_them():
    t = Table(game_options(mid_war()))
    run_to(t, "Axis", "operational_move")
    moved = next(e for e in t.do(Move(unit_id="g_inf6", path=("Berlin",))) if isinstance(e, ev.UnitMoved))
    assert moved.path == ("berlin",)  # the event keeps the board's id
    moved = next(e for e in t.do(Move(unit_id="g_inf2", path=("East Prussia",))) if isinstance(e, ev.UnitMoved))
    assert moved.path == ("east_prussia",)
    with pytest.raises(Refused) as nowhere:
        t.do(Move(unit_id="g_inf1", path=("Atlantis",)))
    assert "'Atlantis' is not on it" in nowhere.value.reason


def test_a_board_fact_takes_the_places_as_the_map_prints_them():
    t = Table(game_options(mid_war()))
    events = t.do_json({"type": "ee.amend_board", "reason": "",
                        "amendments": [{"op": "add_air_route", "a": "Warsaw", "b": "Oslo"},
                                       {"op": "add_border", "a": "Oslo", "b": "Trondheim"}]})
    amended = events[0].amendments
    assert (amended[0].a, amended[0].b) == ("warsaw", "oslo") and (amended[1].a, amended[1].b) == ("oslo", "trondheim")
    assert any({r.a, r.b} == {"warsaw", "oslo"} for r in t.state.board.air_routes)


def test_a_breakthrough_is_bought_with_the_nations_named_and_a_combat_needs_its_area():
    t = table("breakthrough", units=BREAKTHROUGH)
    r = refused(t, BuyBreakthrough(kind="combat", nations=("germany",)))
    assert r.rule == "EE 6.71" and "name the contested area" in r.reason
    r = refused(t, BuyBreakthrough(kind="combat", nations=("germany",), area="warsaw"))
    assert r.reason.startswith("Warsaw is not contested")
    t.do(BuyBreakthrough(kind="operational", nations=("Germany",), area="Minsk"))  # as the players say them
    assert t.state.step == "operational" and t.state.breakthrough_area == "minsk"


def test_refusals_name_blocks_places_and_buttons_not_ids_or_command_tags():
    t = Table(game_options(mid_war()))
    run_to(t, "Axis", "initial_supply")
    with pytest.raises(Refused) as supply:  # Oslo's borders are unknown on the test board
        t.do(DetermineSupply(side="Axis", phase="initial"))
    assert "German unit (4 steps) in Oslo (Oslo: its full list of land borders unknown)" in supply.value.reason
    assert "“Record what our map shows”" in supply.value.reason
    assert "ee." not in supply.value.reason and "g_inf5" not in supply.value.reason

    t = Table({**game_options(mid_war()), "strategic_moves": {}})
    run_to(t, "Axis", "strategic_move")
    with pytest.raises(Refused) as limit:
        t.do(Move(unit_id="g_inf1", path=("warsaw",)))
    assert limit.value.reason.startswith("enter Germany's Table 20.3 strategic-move limit first (“Set a strategic")
    assert "ee." not in limit.value.reason

    t = table("operational_move", units=[unit("g_arm", "germany", "armor", "moscow"),
                                         unit("s_inf", "ussr", "infantry", "smolensk")])
    r = refused(t, Move(unit_id="g_arm", path=("smolensk", "minsk")))
    assert "German armor (4/4 steps) in Moscow must stop on entering enemy-occupied Smolensk" in r.reason


def test_too_few_faces_say_how_many_dice_in_words():
    t = Table(game_options(mid_war()))
    while not (t.state.phase == "production" and t.state.step == "britain"):
        step(t)
    with pytest.raises(Refused) as short:
        t.do(ResolveUBoats(percent=10, werp_loss=2, faces=(3,)))
    assert short.value.rule == "EE 2.1" and short.value.reason.startswith(
        "the U-boat war takes 2 dice, in this order: the ASW die (EE 2.11), then the U-boat attack die (EE 2.12); "
        "1 die was entered")


def test_the_sea_supply_choice_is_offered_only_when_the_fleets_fall_short():
    t = Table(game_options(mid_war()))
    run_to(t, "Axis", "initial_supply")
    assert offered(t.state, ChooseSeaSupplyAllocation) is None  # nobody is short of fleet capacity here
    assert offered(t.state, DetermineSupply) is not None


def test_the_breakthrough_menu_offers_buying_not_moving_or_fighting():
    t = table("breakthrough", units=BREAKTHROUGH)
    assert offered(t.state, Move) is None and offered(t.state, Fight) is None
    assert offered(t.state, BuyBreakthrough)["nations"] == ("germany",)
    t.do(BuyBreakthrough(kind="operational", nations=("germany",), area="minsk"))
    assert offered(t.state, Move) is not None and offered(t.state, BuyBreakthrough) is None
    t.do(Advance())


def test_steps_and_rounds_in_words():
    assert wording.step("combat:smolensk:germany") == "combat in Smolensk (Germany)"
    assert wording.step("britain") == "Great Britain" and wording.step("initial_supply") == "initial supply"
    began = PhaseBegan(round=13, side="Axis", phase="breakthrough", step="combat:smolensk:germany")
    assert describe(began) == "Sep/Oct 1941: Axis breakthrough phase (combat in Smolensk (Germany))."
    fought = ev.CombatRoundFought(area="smolensk", kind="initial", round_type="normal", attacker="Axis",
                                  fires=(), losses={"s_inf1": 1}, fortification_breached=False)
    assert describe(fought) == "Initial normal combat round in Smolensk: Axis score 0 hits, Allies 0; 1 step lost."


def test_choice_lists_name_powers_and_places_as_the_map_does():
    from assistant.games.europe_engulfed.web.table import PRESENTER

    assert PRESENTER.choice_label("receiver", "ussr", frozenset()) == "Soviet Union"
    assert PRESENTER.choice_label("target", "bulgaria", frozenset({"bulgaria"})) == "Bulgaria"
    assert PRESENTER.choice_label("area", "east_prussia", frozenset()) == "East Prussia"
    assert PRESENTER.choice_label("side", "Axis", frozenset({"Axis"})) == "Axis"
    assert PRESENTER.choice_label("kind", "armor", frozenset()) == ""  # the value itself reads well
    assert PRESENTER.term("combat:smolensk:germany") == "combat in Smolensk (Germany)"


def test_the_banner_counts_game_turns_as_the_rulebook_does(tmp_path):
    from assistant.application import Assistant
    from assistant.kinds import KindRegistry
    from assistant.web import create_app
    from events.store import EventStore

    store = EventStore(tmp_path / "ee.sqlite3")
    app = Assistant(store, KindRegistry())
    from assistant.games.europe_engulfed.board.loader import to_dict
    from tests.games.europe_engulfed.table import BOARD
    from tests.games.europe_engulfed.test_routes import UNITS

    gid = app.new_game("europe_engulfed", {**game_options(mid_war(units=UNITS)), "board": to_dict(BOARD)})
    while app.view(gid).clock.round == 0:
        app.handle(gid, Advance())
    page = create_app(app, testing=True).test_client().get(f"/g/{gid}").data.decode()
    assert f'<span class="round">Turn {app.view(gid).clock.round}</span>' in page
    assert '<span class="round">Round ' not in page
    store.close()


def _page_at(tmp_path, units, until, options=None):
    """The table page (for the Axis) once ``until(state)`` holds, advancing from the start."""
    from assistant.application import Assistant
    from assistant.games.europe_engulfed.board.loader import to_dict
    from assistant.kinds import KindRegistry
    from assistant.web import create_app
    from events.store import EventStore
    from tests.games.europe_engulfed.table import BOARD

    store = EventStore(tmp_path / "ee.sqlite3")
    app = Assistant(store, KindRegistry())
    sc = mid_war(units=units)
    sc["control"]["sofia"] = "Axis"
    gid = app.new_game("europe_engulfed", {**game_options(sc), **(options or {}), "board": to_dict(BOARD)})
    while not until(app.view(gid).game):
        app.handle(gid, Advance())
    page = create_app(app, testing=True).test_client().get(f"/g/{gid}").data.decode()
    store.close()
    return page


FREE_UNITS = [unit("r1", "romania", "infantry", "ploesti", max_steps=3, steps=1),
              unit("b1", "bulgaria", "infantry", "sofia", max_steps=3, steps=1),
              unit("s_inf", "ussr", "infantry", "smolensk", max_steps=4, steps=2)]


def test_the_free_step_is_offered_only_while_due_and_lists_the_minors_own_blocks_by_name(tmp_path):
    """EE 9.15: one free Axis minor step per production phase once the minors are at war; the form listed every
    block on the map by id (enemy ones too) and was offered at every German production, the step placed or not."""
    from assistant.games.europe_engulfed.commands import PlaceFree

    sc = mid_war(units=FREE_UNITS)
    sc["control"]["sofia"] = "Axis"
    t = Table(game_options(sc))
    run_to(t, "Axis", "production")
    assert offered(t.state, PlaceFree) == {"source": ("axis_minor_step",)}
    t.do(PlaceFree(source="axis_minor_step", unit_id="r1"))
    assert offered(t.state, PlaceFree) is None  # placed: nothing more is free this phase

    page = _page_at(tmp_path, FREE_UNITS, lambda s: s.phase == "production" and s.producing == "germany")
    form = page[page.index('value="ee.place_free"'):]
    form = form[:form.index("</form>")]
    assert "source =" not in form and "axis_minor_step" not in form.replace('value="axis_minor_step"', "")
    assert "The Axis minor step (EE 9.15)" in form
    assert "infantry (1/3 steps) in Ploesti" in form and 'value="s_inf"' not in form
    assert ">Sofia</option>" in form  # a new Bulgarian cadre's home area, by name


def test_the_free_step_refusals_name_powers_not_ids():
    from assistant.games.europe_engulfed.commands import PlaceFree

    sc = mid_war(units=FREE_UNITS)
    sc["control"]["sofia"] = "Axis"
    t = Table(game_options(sc))
    run_to(t, "Axis", "production")
    before = t.state
    r = refused(t, PlaceFree(source="axis_minor_step", unit_id="s_inf"))
    assert r.rule == "EE 9.15" and "s_inf" not in r.reason
    r = refused(t, PlaceFree(source="free_lunch"))
    assert "Axis minor step (EE 9.15)" in r.reason and r.rule
    assert t.state == before


def test_send_werp_names_the_powers_and_routes_and_folds_the_override(tmp_path):
    page = _page_at(tmp_path, FREE_UNITS, lambda s: s.phase == "production" and s.producing == "germany")
    form = page[page.index('value="ee.transfer_werp"'):]
    form = form[:form.index("</form>")]
    assert '<input type="hidden" name="sender" value="germany">' in form and "Sender" not in form
    assert ">Italy</option>" in form and "(EE 9.43)" in form
    assert "<details" in form and form.index("<details") < form.index('name="override"')
    assert "murmansk" not in form  # only British lend-lease to the USSR chooses a route (EE 9.35)


def test_the_uboat_form_says_its_two_dice_and_rolls_only_with_the_tables(tmp_path):
    def britain(s):
        return s.phase == "production" and s.producing == "britain"

    page = _page_at(tmp_path, FREE_UNITS, britain)
    form = page[page.index('value="ee.resolve_uboats"'):]
    form = form[:form.index("</form>")]
    assert "Two dice, in this order: the ASW die" in form and "Roll for me" not in form
    assert 'name="percent"' in form and 'name="werp_loss"' in form

    tables = {"asw_table": {str(level): [10] * 6 for level in range(0, 11)},
              "uboat_attack_table": [[0, [1] * 6]]}
    (tmp_path / "t").mkdir()
    page = _page_at(tmp_path / "t", FREE_UNITS, britain, tables)
    form = page[page.index('value="ee.resolve_uboats"'):]
    form = form[:form.index("</form>")]
    assert "Roll for me" in form and 'name="percent"' not in form
