"""What a game played on a phone through the web companion tripped over: a second interception that needed its
number and the bad weather ticked by hand, night fire that was not simultaneous (AE 8.41), refusals in code words
(command tags, board ids, board regions), pieces named two ways, a supply sentence without its partial supply."""

from __future__ import annotations

import json

import msgspec
import pytest

from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.describe import describe
from assistant.games.asia_engulfed.guidance import guidance
from assistant.games.asia_engulfed.rules import strategic
from assistant.games.asia_engulfed.rules.turn import held_back
from tests.games.asia_engulfed.table import Table, piece, scenario
from tests.games.asia_engulfed.test_river_and_round_type import across_the_river, moving
from tests.games.asia_engulfed.test_web import entered

SEA = "south_china_sea"


@pytest.fixture
def at_table(tmp_path):
    """A game on the test board, its set-up entered, served by the web companion (as test_web's fixture)."""
    from assistant.application import Assistant
    from assistant.kinds import KindRegistry
    from assistant.web import create_app
    from events.store import EventStore
    from tests.web.conftest import Client

    store = EventStore(tmp_path / "table.sqlite3")
    assistant = Assistant(store, KindRegistry())
    yield assistant, Client(create_app(assistant, testing=True)), entered(assistant)
    store.close()


def night_battle() -> Table:
    """Japan's Air-Naval Combat Phase: a Japanese cruiser (3 steps) and an American one (3 steps) at sea."""
    pieces = (*scenario().pieces, piece("us-ca-2", "usa", "ca", 3, SEA, top=4),
              piece("jp-ca-2", "japan", "ca", 3, SEA, top=4))
    t = Table(scenario(pieces=pieces, surprise=False))
    t.do(c.Advance())
    t.advance_to("air_naval_combat", "japan")
    return t


def last(t: Table, kind):
    return [e for e in t.log if isinstance(e, kind)][-1]


# Interceptions: the assistant counts the attempts (AE 8.31-8.32)


def test_the_attempt_after_bad_weather_is_counted_without_being_typed():
    t = night_battle()
    t.do(c.Intercept(sea=SEA, japan="night", allies="night", faces=(3, 3)))
    assert last(t, ev.InterceptionRolled).outcome == "bad_weather"
    # the form's default is a first attempt: Avoid is still allowed now (AE 8.31), and said as attempt 2
    t.do(c.Intercept(sea=SEA, japan="night", allies="avoid", faces=(4, 1)))
    i = last(t, ev.InterceptionRolled)
    assert (i.attempt, i.outcome) == (2, "avoid")


def test_a_surprise_is_possible_again_right_after_bad_weather_but_not_after_a_round():
    t = night_battle()
    t.do(c.Intercept(sea=SEA, japan="night", allies="night", faces=(2, 2)))  # bad weather
    t.do(c.Intercept(sea=SEA, japan="night", allies="night", faces=(6, 1)))
    assert last(t, ev.InterceptionRolled).surprise  # the first attempt after bad weather (AE 8.31d)
    t.do(c.NavalFire(sea=SEA, kind="night", targets={"jp-ca-2": "us-ca-2"}, faces=(1, 1, 1)))
    t.do(c.NavalFire(sea=SEA, kind="night", targets={"us-ca-2": "jp-ca-2"}, faces=(1, 1, 1)))
    t.do(c.Intercept(sea=SEA, japan="night", allies="night", faces=(6, 1)))
    i = last(t, ev.InterceptionRolled)
    assert i.attempt == 3 and not i.surprise


# Night fire is simultaneous (AE 8.41)


def test_night_fire_is_simultaneous_the_side_firing_second_fires_its_steps_before_the_hits():
    t = night_battle()
    t.do(c.Intercept(sea=SEA, japan="night", allies="night", faces=(5, 3)))  # Japan wins, no surprise
    t.do(c.NavalFire(sea=SEA, kind="night", targets={"jp-ca-2": "us-ca-2"}, faces=(6, 6, 1)))
    assert t.state.pieces["us-ca-2"].steps == 1  # two steps destroyed at the table...
    t.do(c.NavalFire(sea=SEA, kind="night", targets={"us-ca-2": "jp-ca-2"}, faces=(1, 1, 1)))
    assert len(last(t, ev.NavalFired).shots) == 3  # ...yet it fires the three steps it had when the round began


def test_a_fleet_sunk_by_the_first_fire_still_fires_back():
    t = night_battle()
    t.do(c.Intercept(sea=SEA, japan="night", allies="night", faces=(5, 3)))
    t.do(c.NavalFire(sea=SEA, kind="night", targets={"jp-ca-2": "us-ca-2"}, faces=(6, 6, 6)))
    assert "us-ca-2" not in t.state.pieces
    t.do(c.NavalFire(sea=SEA, kind="night", targets={"us-ca-2": "jp-ca-2"}, faces=(6, 1, 1)))
    assert t.state.pieces["jp-ca-2"].steps == 2


def test_a_fleet_fires_once_in_a_night_round():
    t = night_battle()
    t.do(c.Intercept(sea=SEA, japan="night", allies="night", faces=(5, 3)))
    t.do(c.NavalFire(sea=SEA, kind="night", targets={"jp-ca-2": "us-ca-2"}, faces=(1, 1, 1)))
    with pytest.raises(Refused) as refused:
        t.do(c.NavalFire(sea=SEA, kind="night", targets={"jp-ca-2": "us-ca-2"}, faces=(6, 6, 6)))
    assert refused.value.rule == "AE 8.41" and "already fired" in str(refused.value)


def test_after_a_surprise_the_surprised_side_fires_with_what_is_left_damaged_steps_included():
    t = night_battle()
    t.do(c.Intercept(sea=SEA, japan="night", allies="night", faces=(6, 1)))  # surprise: Japan fires first
    assert last(t, ev.InterceptionRolled).surprise
    t.do(c.NavalFire(sea=SEA, kind="night", targets={"jp-ca-2": "us-ca-2"}, faces=(6, 5, 1)))
    assert t.state.pieces["us-ca-2"].steps == 2 and t.state.damaged["us-ca-2"] == 1
    t.do(c.NavalFire(sea=SEA, kind="night", targets={"us-ca-2": "jp-ca-2"}, faces=(1, 1)))
    assert len(last(t, ev.NavalFired).shots) == 2  # AE 8.31d: damaged ships still fire back


# Words: places by name, nations as adjectives, commands as the table's forms


def test_the_phase_end_names_the_sea_zone_and_the_banner_the_form_to_use():
    owed = held_back(night_battle().state)
    assert "South China Sea" in owed.message and "south_china_sea" not in owed.message
    t = across_the_river()
    t.do(c.Fire(zone="chungking", side="defender", faces=(6, 1, 1)))  # a hit Japan owes
    assert "hits still to take (the “Apply losses” form): Japan 1 at Chungking" in guidance(t.state)
    assert "ae." not in guidance(t.state)


def test_the_supply_owed_at_the_end_of_a_phase_names_the_side():
    t = Table(scenario(surprise=False))
    t.do(c.Advance())
    t.advance_to("initial_supply", "japan")
    t.do(c.SetNetwork())
    assert "determine Japan's initial supply before the phase ends" in held_back(t.state).message


def test_a_new_unit_where_it_may_not_appear_says_where_it_may():
    t = Table(scenario(surprise=False))
    t.do(c.Advance())
    t.advance_to("production", "japan")
    t.do(c.ResolveSubmarines(faces=(1, 1)))  # Strategic Warfare first (AE 2.0)
    with pytest.raises(Refused) as refused:
        t.do(c.Buy(item="new_unit", kind="infantry", steps=1, zone="korea"))
    assert str(refused.value).startswith("a new unit cannot appear in Korea: new Japanese units appear in the home "
                                         "islands (Honshu, Kyushu, Shikoku)")
    assert "home_island" not in str(refused.value)


def test_units_the_game_adds_are_named_as_the_set_up_names_them():
    t = Table(scenario(surprise=False))
    t.do(c.Advance())
    t.advance_to("production", "japan")
    t.do(c.ResolveSubmarines(faces=(1, 1)))
    [bought] = [e for e in t.do(c.Buy(item="new_unit", kind="infantry", steps=1, zone="honshu"))
                if isinstance(e, ev.Purchased)]
    assert bought.target == "jp-infantry-1"


def test_the_supply_sentence_counts_partial_supply_and_names_the_pieces():
    e = ev.SupplyDetermined(side="japan", phase="initial", verdicts=(
        ev.Verdict(piece="jp-inf-1", status="full"), ev.Verdict(piece="jp-inf-2", status="partial"),
        ev.Verdict(piece="jp-lba-1", status="none")))
    assert describe(e) == ("Japan's initial supply: 1 fully supplied, 1 in partial supply (jp-inf-2), 1 out of supply "
                           "(jp-lba-1).")


# At the table (web)


def test_a_refusal_names_the_form_to_use_not_the_command_tag(at_table):
    assistant, client, game_id = at_table
    for _ in range(2):
        assistant.handle(game_id, '{"type": "ae.advance"}')  # Japan's Initial Supply
    page = client.do(game_id, "ae.determine_supply").data.decode()
    assert "Supply Network first (the “Set network” form)" in page
    assert "(ae.set_network)" not in page


def test_the_interception_form_opens_on_the_sea_zone_where_both_sides_are(tmp_path):
    import json

    import msgspec

    from assistant.application import Assistant
    from assistant.games.asia_engulfed.board.loader import to_dict
    from assistant.kinds import KindRegistry
    from assistant.web import create_app
    from events.store import EventStore
    from tests.games.asia_engulfed.table import board
    from tests.web.conftest import Client

    store = EventStore(tmp_path / "sea.sqlite3")
    assistant = Assistant(store, KindRegistry())
    game_id = assistant.new_game("asia_engulfed", {"board": to_dict(board())})
    sc = scenario(pieces=(*scenario().pieces, piece("us-ca-2", "usa", "ca", 3, SEA, top=4),
                          piece("jp-ca-2", "japan", "ca", 3, SEA, top=4)), surprise=False)
    assistant.handle(game_id, json.dumps({"type": "ae.set_up_scenario", "scenario": msgspec.to_builtins(sc)}))
    assistant.handle(game_id, '{"type": "ae.advance"}')
    for _ in range(20):
        s = assistant.view(game_id).game
        if s.phase == "air_naval_combat":
            break
        if s.phase == "production" and s.producer == "japan" and "submarines" in strategic.pending(s):
            assistant.handle(game_id, '{"type": "ae.resolve_submarines", "faces": [1, 1]}')
        elif s.phase == "initial_supply" and s.network_set_turn != s.turn:
            assistant.handle(game_id, '{"type": "ae.set_network"}')
        elif s.phase in ("initial_supply",) and f"{s.turn}:{s.side}:initial" not in s.determined:
            assistant.handle(game_id, '{"type": "ae.determine_supply"}')
        else:
            assistant.handle(game_id, '{"type": "ae.advance"}')
    page = Client(create_app(assistant, testing=True)).get(f"/g/{game_id}").data.decode()
    form = page[page.index('value="ae.intercept"'):]
    form = form[:form.index("</form>")]
    assert f'<option value="{SEA}" selected' in form
    store.close()


def test_the_banner_says_what_the_night_round_and_an_avoid_ask_for():
    t = night_battle()
    t.do(c.Intercept(sea=SEA, japan="night", allies="night", faces=(5, 3)))
    assert "Night combat in South China Sea: each side's battleships and cruisers fire once" in guidance(t.state)
    t.do(c.NavalFire(sea=SEA, kind="night", targets={"jp-ca-2": "us-ca-2"}, faces=(1, 1, 1)))
    t.do(c.NavalFire(sea=SEA, kind="night", targets={"us-ca-2": "jp-ca-2"}, faces=(1, 1, 1)))
    assert "Night combat" not in guidance(t.state)
    t.do(c.Intercept(sea=SEA, japan="night", allies="avoid", faces=(5, 3)))
    assert "the Allies avoided combat in South China Sea: the avoiding fleets there return to base" \
        in guidance(t.state)


def test_a_fleet_sent_to_a_zone_whose_port_the_board_does_not_know_is_told_to_enter_it():
    t = night_battle()
    zones = {**t.state.board.zones, "luzon": msgspec.structs.replace(t.state.board.zones["luzon"], port=None)}
    t.state = msgspec.structs.replace(t.state, board=msgspec.structs.replace(t.state.board, zones=zones))
    with pytest.raises(Refused) as refused:
        t.do(c.NavalMove(pieces=("us-ca-2",), to="luzon", zones=1, mode="return"))
    assert "the board does not say yet whether Luzon has a port" in str(refused.value)


def test_one_piece_moves_two_pieces_move():
    one = ev.NavalMoved(pieces=("us-ca-2",), to="luzon", mode="return")
    two = ev.NavalMoved(pieces=("us-ca-2", "us-bb-1"), to="luzon", mode="return")
    assert describe(one) == "us-ca-2 returns to Luzon." and describe(two) == "us-ca-2, us-bb-1 return to Luzon."


def test_after_an_avoid_the_naval_move_form_opens_on_the_avoiders_returning(at_table):
    from assistant.games.asia_engulfed.web.table import air_naval_form
    from assistant.web.forms import RenderedForm, form_for

    t = night_battle()
    t.do(c.Intercept(sea=SEA, japan="night", allies="night", faces=(3, 3)))
    t.do(c.Intercept(sea=SEA, japan="night", allies="avoid", faces=(5, 3)))
    f = air_naval_form(RenderedForm(form_for(c.NavalMove), "x", {}, ""), t.state)
    assert f.values == {"pieces": "us-ca-2", "mode": "return"}
    f = air_naval_form(RenderedForm(form_for(c.Intercept), "x", {}, ""), t.state)
    assert f.values == {"sea": SEA}


# Final Supply on a board still being entered


def test_final_supply_keeps_a_piece_whose_supply_the_board_cannot_trace_yet():
    from assistant.games.asia_engulfed.board.amend import SetZone

    pieces = (*scenario().pieces, piece("jp-inf-borneo", "japan", "infantry", 2, "borneo", top=4))
    t = Table(scenario(surprise=False, pieces=pieces, control={"borneo": "japan"}))
    t.do(c.AmendBoard(amendments=(SetZone(zone="borneo", seas=None),)))  # its coast not entered yet
    t.do(c.Advance())
    t.advance_to("final_supply", "japan")
    [determined] = t.do(c.DetermineSupply())
    v = next(v for v in determined.verdicts if v.piece == "jp-inf-borneo")
    assert v.status == "none" and "the board lacks facts" in v.reason
    assert "jp-inf-borneo" in t.state.pieces and "jp-inf-borneo" not in determined.eliminated
    assert "kept: the board lacks facts to trace their supply" in describe(determined)


# Land combat at the table


def test_the_only_unit_hit_takes_the_losses_without_being_named():
    t = across_the_river()
    t.do(c.Fire(zone="chungking", side="defender", faces=(6, 1, 1)))  # one hit on jp-inf-sha, alone there
    [lost] = [e for e in t.do(c.ApplyLosses(zone="chungking")) if isinstance(e, ev.LossesApplied)]
    assert lost.losses == {"jp-inf-sha": 1}
    assert describe(lost) == "Losses at Chungking: 1 step(s) — jp-inf-sha 1 (combat)."


def test_several_units_hit_are_still_named_by_the_table():
    t = across_the_river(piece("jp-inf-sha-2", "japan", "infantry", 4, "chungking"))
    t.do(c.Fire(zone="chungking", side="defender", faces=(6, 1, 1)))
    with pytest.raises(Refused) as refused:
        t.do(c.ApplyLosses(zone="chungking"))
    assert "name the steps lost, unit=steps" in str(refused.value)


def test_the_fire_sentence_says_the_round_type():
    fired = ev.LandFire(zone="malaya", side="japan", round=2, assault=True, hits=3)
    assert describe(fired) == "Japan fires at Malaya (Assault round 2): 3 hit(s)."


def test_the_fire_form_opens_on_a_zone_not_fought_yet_rather_than_one_that_needs_a_breakthrough():
    from assistant.games.asia_engulfed.game import _fire_choices

    t = moving(piece("jp-inf-sha", "japan", "infantry", 4, "shanghai", top=4),
               piece("jp-inf-sian", "japan", "infantry", 4, "sian", top=4))
    t.do(c.Move(pieces=("jp-inf-sha",), to="chungking"))
    t.advance_to("land_combat", "japan")
    t.do(c.Edit(what="place", key="jp-inf-sian", value="singapore", reason="a second battle"))
    assert _fire_choices(t.state)["zone"][0] == "chungking"
    t.do(c.Fire(zone="chungking", side="defender", faces=(1, 1, 1)))
    t.do(c.Fire(zone="chungking", side="attacker", faces=(1, 1, 1, 1)))
    assert _fire_choices(t.state)["zone"][0] == "singapore"  # Chungking's next round needs a Breakthrough


def test_make_a_garrison_offers_only_the_phasing_side_s_infantry_and_marines():
    from assistant.games.asia_engulfed.game import _garrison_givers

    t = moving()
    offered = _garrison_givers(t.state)["piece"]
    assert "jp-inf-1" in offered and "jp-bb-1" not in offered and "us-inf-1" not in offered
    assert not any(p.startswith(("cn-", "ph-")) for p in offered)


# The table's pages


def test_the_fire_form_keeps_what_a_round_seldom_needs_folded_and_lists_read_as_names(at_table):
    from tests.games.asia_engulfed.test_land_round_order import form_of

    assistant, client, game_id = at_table
    for command in ({"type": "ae.edit", "what": "place", "key": "jp-inf-2", "value": "chungking",
                     "reason": "an attack"}, {"type": "ae.advance"}):
        assistant.handle(game_id, json.dumps(command))
    s = assistant.view(game_id).game
    for _ in range(30):
        s = assistant.view(game_id).game
        if s.phase == "land_combat":
            break
        if s.phase == "initial_supply" and s.network_set_turn != s.turn:
            assistant.handle(game_id, '{"type": "ae.set_network"}')
        elif s.phase == "initial_supply" and f"{s.turn}:{s.side}:initial" not in s.determined:
            assistant.handle(game_id, '{"type": "ae.determine_supply"}')
        elif s.phase == "production" and "submarines" in strategic.pending(s):
            assistant.handle(game_id, '{"type": "ae.resolve_submarines", "faces": [1, 1]}')
        else:
            assistant.handle(game_id, '{"type": "ae.advance"}')
    assert s.phase == "land_combat"
    fire = form_of(client.get(f"/g/{game_id}").data.decode(), "ae.fire")
    folded = fire[fire.index('<details class="ae-more"'):]
    assert 'name="banzai"' in folded and 'name="river"' in folded and 'name="bombardment"' in folded
    visible = fire[:fire.index('<details class="ae-more"')]
    assert 'name="zone"' in visible and 'name="assault"' in visible and 'name="air_support"' in visible
    assert '<option value="chungking" selected>Chungking</option>' in fire


def test_return_to_base_opens_on_the_non_phasing_side_s_fleets_at_sea_first():
    from assistant.games.asia_engulfed.web.table import air_naval_form
    from assistant.web.forms import RenderedForm, form_for

    t = night_battle()
    t.state = msgspec.structs.replace(t.state, phase="return_to_base")
    f = air_naval_form(RenderedForm(form_for(c.NavalMove), "x", {}, ""), t.state)
    assert f.values == {"pieces": "us-ca-2", "mode": "return"}


def test_the_banner_names_whose_phase_it_is_in_a_sentence():
    t = Table(scenario(surprise=False))
    t.do(c.Advance())
    t.advance_to("naval_movement", "allies")
    assert guidance(t.state).startswith("Nov/Dec 1941, the Allies' Naval Movement: ")


def test_the_allies_supply_sentence_reads_as_a_sentence():
    e = ev.SupplyDetermined(side="allies", phase="initial", verdicts=(ev.Verdict(piece="us-inf-1", status="full"),))
    assert describe(e) == "The Allies' initial supply: 1 fully supplied."


def test_the_free_chinese_steps_form_offers_the_force_owed_its_units_and_china_s_zones():
    from assistant.games.asia_engulfed.game import _free_step_places

    t = Table(scenario(surprise=False))
    t.do(c.Advance())
    t.advance_to("production", "allies", producer="china")
    offered = _free_step_places(t.state)
    assert offered["force"] == ("communist",)
    assert "cn-mil-1" in offered["target"] and "jp-inf-1" not in offered["target"]
    assert "chungking" in offered["zone"] and "honshu" not in offered["zone"]


def test_a_correction_may_name_a_zone_or_a_track_not_only_a_piece(at_table):
    assistant, client, game_id = at_table
    page = client.get(f"/g/{game_id}").data.decode()
    edit = page[page.index('value="ae.edit"'):]
    edit = edit[:edit.index("</form>")]
    assert '<option value="usa">U.S.A.</option>' in edit
    assert '<option value="hdf_honshu">Home Defense Force, Honshu</option>' in edit
    assert '<option value="jp-inf-1">' in edit


def test_a_new_unit_in_a_zone_nobody_controls_says_so():
    t = Table(scenario(surprise=False))
    t.do(c.Advance())
    t.advance_to("production", "allies", producer="usa")
    t.do(c.Edit(what="control", key="usa", value="japan", reason="a test"))
    with pytest.raises(Refused) as refused:
        t.do(c.Buy(item="new_unit", kind="infantry", steps=1, zone="usa"))
    assert str(refused.value).startswith("U.S.A. is not friendly to the Allies: Japan controls it")


def test_the_turn_advance_is_nobody_s_phase():
    t = Table(scenario(surprise=False))
    t.do(c.Advance())
    t.advance_to("turn_advance")
    assert guidance(t.state).startswith("Nov/Dec 1941, the Turn Advance: ")


def test_the_new_game_page_asks_no_json_and_says_how_to_name_the_players(at_table):
    assistant, client, game_id = at_table
    page = client.get("/new?kind=asia_engulfed").data.decode()
    assert "<textarea" not in page and "JSON" not in page
    assert "Players: side=name, e.g. japan=Ann, allies=Bo" in page
    assert 'name="board_file"' in page or "Board file" in page
