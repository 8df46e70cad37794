"""The defenders' river or strait Hit-bonus (AE 6.4d, 6.73) comes from the borders the attackers' moves crossed,
recorded as they moved (the table may still give or refuse it where the board is wrong); and the attacker fires in
the round's type, Normal or Assault (AE 6.2, 6.31, 6.32).

On the test board Shanghai and Chungking are joined by a river, Sian and Chungking by a plain border, Malaya and
Singapore by a strait; Chungking is rough (the defenders' +1 of AE 6.71 is always there)."""

from __future__ import annotations

import msgspec
import pytest

from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.describe import describe
from assistant.games.asia_engulfed.game import GAME
from events.catalogue import Catalogue
from tests.games.asia_engulfed.table import Table, piece, scenario
from tests.games.asia_engulfed.test_combat import fire_of

RIVER = ("rough terrain", "river or strait")


def moving(*extra, control=None, without=("cn-mil-1",)) -> Table:
    """Japan's Operational Movement Phase; Japan also holds Sian (the Communist militia gone), so that Chungking is
    reached across the river from Shanghai or across a plain border from Sian."""
    pieces = tuple(p for p in scenario().pieces if p.id not in without)
    t = Table(scenario(pieces=(*pieces, piece("jp-gar-shanghai", "japan", "garrison", 1, "shanghai"), *extra),
                       surprise=False, network={"east_china_sea": 1},
                       control={"sian": "japan", **(control or {})}, special_actions={"japan": 2}))
    t.do(c.Advance())
    t.advance_to("operational_movement", "japan")
    return t


def across_the_river(*extra) -> Table:
    t = moving(piece("jp-inf-sha", "japan", "infantry", 2, "shanghai", top=4), *extra)
    t.do(c.Move(pieces=("jp-inf-sha",), to="chungking"))
    t.advance_to("land_combat", "japan")
    return t


def refused(t: Table, cmd) -> Refused:
    before, logged = t.state, len(t.log)
    with pytest.raises(Refused) as caught:
        t.do(cmd)
    assert t.state == before and len(t.log) == logged  # bad input changes nothing
    return caught.value


# The crossing is a fact of the move


def test_an_operational_move_records_the_border_each_land_unit_crossed_and_that_it_contests_the_zone():
    t = moving(piece("jp-inf-sha", "japan", "infantry", 2, "shanghai", top=4),
               piece("jp-inf-sian", "japan", "infantry", 2, "sian", top=4))
    [moved] = t.do(c.Move(pieces=("jp-inf-sha",), to="chungking"))
    assert moved.crossings == (ev.Crossing(piece="jp-inf-sha", origin="shanghai", border="river"),)
    assert moved.newly_contested  # Nationalists held Chungking alone (AE 6.1)
    assert describe(moved) == "jp-inf-sha moves to Chungking (operational), across a river from Shanghai."
    [moved] = t.do(c.Move(pieces=("jp-inf-sian",), to="chungking"))
    assert moved.crossings == (ev.Crossing(piece="jp-inf-sian", origin="sian", border="normal"),)
    assert not moved.newly_contested  # already contested by the first move
    assert t.state.crossed == {"chungking": {"shanghai": "river", "sian": "normal"}}
    assert t.state.newly_contested == ("chungking",)


def test_a_strait_crossing_is_recorded_too():
    t = moving(piece("jp-inf-mal", "japan", "infantry", 2, "malaya", top=4), control={"malaya": "japan"})
    [moved, *_] = t.do(c.Move(pieces=("jp-inf-mal",), to="singapore"))
    assert moved.crossings == (ev.Crossing(piece="jp-inf-mal", origin="malaya", border="strait"),)
    assert moved.newly_contested


def test_the_crossings_are_forgotten_when_the_next_player_turn_begins():
    t = across_the_river()
    assert t.state.crossed and t.state.newly_contested
    t.do(c.Fire(zone="chungking", side="defender", faces=(1, 1, 1)))
    t.do(c.Fire(zone="chungking", side="attacker", faces=(1, 1)))
    t.advance_to("naval_movement", "allies")
    assert t.state.crossed == {} and t.state.newly_contested == ()


# The bonus comes from the recorded crossings


def test_defenders_attacked_across_a_river_get_the_bonus_in_the_first_round_without_the_table_saying_so():
    t = across_the_river()
    t.do(c.Fire(zone="chungking", side="defender", faces=(4, 1, 1)))  # 4 + rough + river = 6
    fired = fire_of(t)
    assert fired.fire[0].bonuses == RIVER and fired.hits == 1
    assert (fired.river, fired.river_from) == ("crossings", ("shanghai",))
    assert "attacked across a river or strait from Shanghai" in describe(fired)


def test_no_bonus_across_a_plain_border():
    t = moving(piece("jp-inf-sian", "japan", "infantry", 2, "sian", top=4))
    t.do(c.Move(pieces=("jp-inf-sian",), to="chungking"))
    t.advance_to("land_combat", "japan")
    t.do(c.Fire(zone="chungking", side="defender", faces=(4, 1, 1)))
    assert fire_of(t).fire[0].bonuses == ("rough terrain",) and fire_of(t).hits == 0 and fire_of(t).river == ""


def test_no_bonus_where_the_zone_was_contested_before_the_crossing():
    """AE 6.73: only if the zone is newly contested; Japan was already in Chungking at the start of its turn."""
    t = moving(piece("jp-inf-chk", "japan", "infantry", 1, "chungking", top=4),
               piece("jp-inf-sha", "japan", "infantry", 2, "shanghai", top=4))
    [moved] = t.do(c.Move(pieces=("jp-inf-sha",), to="chungking"))
    assert moved.crossings[0].border == "river" and not moved.newly_contested
    t.advance_to("land_combat", "japan")
    t.do(c.Fire(zone="chungking", side="defender", faces=(4, 1, 1)))
    assert fire_of(t).fire[0].bonuses == ("rough terrain",) and fire_of(t).river == ""


def test_no_bonus_after_the_first_round():
    t = across_the_river()
    t.do(c.Fire(zone="chungking", side="defender", faces=(1, 1, 1)))
    t.do(c.Fire(zone="chungking", side="attacker", faces=(1, 1)))
    t.do(c.SpendSpecialAction(nation="japan", use="breakthrough", target="chungking"))
    t.do(c.Fire(zone="chungking", side="defender", faces=(4, 1, 1)))
    assert fire_of(t).fire[0].bonuses == ("rough terrain",) and fire_of(t).river == ""


# The table corrects what the board lacks


def test_the_table_gives_the_bonus_where_the_board_lacks_the_river():
    t = moving(piece("jp-inf-sian", "japan", "infantry", 2, "sian", top=4))
    t.do(c.Move(pieces=("jp-inf-sian",), to="chungking"))
    t.advance_to("land_combat", "japan")
    t.do(c.Fire(zone="chungking", side="defender", river="yes", faces=(4, 1, 1)))
    assert fire_of(t).fire[0].bonuses == RIVER and fire_of(t).river == "table"
    assert "the table's word" in describe(fire_of(t))


def test_the_table_refuses_the_bonus_where_the_board_shows_a_river_the_map_does_not_have():
    t = across_the_river()
    t.do(c.Fire(zone="chungking", side="defender", river="no", faces=(4, 1, 1)))
    assert fire_of(t).fire[0].bonuses == ("rough terrain",) and fire_of(t).river == ""


def test_a_move_recorded_before_crossings_were_recorded_still_loads_and_the_table_gives_the_bonus():
    """An old game file's move has neither ``crossings`` nor ``newly_contested``: it loads, and no bonus is
    guessed from it; the table's word still gives it."""
    catalogue = Catalogue(GAME.events)
    old = b'{"type":"ae.pieces_moved","pieces":["jp-inf-sha"],"to":"chungking","mode":"operational"}'
    moved = catalogue.decode_event("ae.pieces_moved", 1, old)
    assert (moved.crossings, moved.newly_contested) == ((), False)
    [fire] = catalogue.decode_array(b'[{"type":"ae.land_fire","zone":"chungking","side":"allies","round":1}]')
    assert (fire.river, fire.river_from) == ("", ())
    t = moving(piece("jp-inf-sha", "japan", "infantry", 2, "shanghai", top=4))
    t.state = GAME.evolve(t.state, moved)
    t.advance_to("land_combat", "japan")
    t.do(c.Fire(zone="chungking", side="defender", faces=(4, 1, 1)))
    assert fire_of(t).fire[0].bonuses == ("rough terrain",)
    t2 = moving(piece("jp-inf-sha", "japan", "infantry", 2, "shanghai", top=4))
    t2.state = GAME.evolve(t2.state, moved)
    t2.advance_to("land_combat", "japan")
    t2.do(c.Fire(zone="chungking", side="defender", river="yes", faces=(4, 1, 1)))
    assert fire_of(t2).fire[0].bonuses == RIVER


def test_the_river_field_takes_only_board_yes_or_no():
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"type": "ae.fire", "zone": "chungking", "side": "defender", "river": "maybe"}, c.Fire)


# The attacker fires in the round's type


def test_the_attacker_fires_two_dice_a_step_in_an_assault_round():
    t = across_the_river()
    t.do(c.Fire(zone="chungking", side="defender", assault=True, faces=(1,) * 6))
    no = refused(t, c.Fire(zone="chungking", side="attacker", faces=(6, 6)))
    assert no.rule == "AE 6.2, 6.32" and "Assault" in str(no) and "Chungking" in str(no)
    t.do(c.Fire(zone="chungking", side="attacker", assault=True, faces=(1,) * 4))
    assert fire_of(t).assault and sum(x.dice for x in fire_of(t).fire) == 4


def test_the_attacker_fires_one_die_a_step_in_a_normal_round():
    t = across_the_river()
    t.do(c.Fire(zone="chungking", side="defender", faces=(1,) * 3))
    no = refused(t, c.Fire(zone="chungking", side="attacker", assault=True, faces=(6,) * 4))
    assert no.rule == "AE 6.2, 6.31" and "Normal" in str(no)
    t.do(c.Fire(zone="chungking", side="attacker", faces=(1, 1)))
    assert not fire_of(t).assault


def test_each_round_has_its_own_type():
    t = across_the_river()
    t.do(c.Fire(zone="chungking", side="defender", assault=True, faces=(1,) * 6))
    t.do(c.Fire(zone="chungking", side="attacker", assault=True, faces=(1,) * 4))
    assert t.state.assault_rounds == ()
    t.do(c.SpendSpecialAction(nation="japan", use="breakthrough", target="chungking"))
    t.do(c.Fire(zone="chungking", side="defender", faces=(1,) * 3))  # a Normal Breakthrough round
    assert refused(t, c.Fire(zone="chungking", side="attacker", assault=True)).rule == "AE 6.2, 6.31"
    t.do(c.Fire(zone="chungking", side="attacker", faces=(1, 1)))


def test_the_attackers_fire_form_opens_on_the_round_type():
    from assistant.games.asia_engulfed.web.table import land_combat_form
    from assistant.web.forms import form_for
    from assistant.web.presenter import RenderedForm

    t = across_the_river()
    t.do(c.Fire(zone="chungking", side="defender", assault=True, faces=(1,) * 6))
    form = land_combat_form(RenderedForm(spec=form_for(c.Fire), command_id="x", hints={"zone": ("chungking",)}),
                            t.state)
    assert form.values == {"assault": "on", "zone": "chungking"}
    t.do(c.Fire(zone="chungking", side="attacker", assault=True, faces=(1,) * 4))
    form = land_combat_form(RenderedForm(spec=form_for(c.Fire), command_id="x", hints={"zone": ("chungking",)}),
                            t.state)
    assert form.values == {"zone": "chungking"}
