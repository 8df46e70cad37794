"""The order of a land combat round (AE 6.31, 6.32): the defender fires first, the attacker takes its losses, then
the attacker's surviving steps fire. The table follows it: the Fire form opens on the side whose turn it is, the
losses form takes the hits owed without asking for them (AE 6.24), and "Next phase" is offered only when advancing
would be accepted, the banner saying what the phase still owes."""

from __future__ import annotations

import json

import pytest

from assistant.application import Assistant
from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.describe import describe
from assistant.games.asia_engulfed.game import MOVES
from assistant.games.asia_engulfed.guidance import guidance
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.games.asia_engulfed.table import Table, piece, scenario
from tests.games.asia_engulfed.test_combat import battle, fire_of
from tests.games.asia_engulfed.test_web_land import play_to, set_up
from tests.web.conftest import Client


def chungking() -> Table:
    """Japan attacks Chungking (rough): 4 Japanese infantry steps against 3 Nationalist steps."""
    return battle((piece("jp-inf-chk", "japan", "infantry", 4, "chungking"),), special_actions={"japan": 1})


def move(command: type):
    return next(m for m in MOVES if m.command is command)


def refused(t: Table, cmd) -> Refused:
    before = t.state
    with pytest.raises(Refused) as caught:
        t.do(cmd)
    assert t.state == before  # nothing recorded
    return caught.value


# The rule (AE 6.31)


def test_the_attacker_may_not_fire_before_the_defender():
    t = chungking()
    no = refused(t, c.Fire(zone="chungking", side="attacker", faces=(6, 6, 6, 6)))
    assert no.rule == "AE 6.31" and "the defender fires first" in str(no)


def test_in_an_assault_too_the_defender_fires_first():
    t = chungking()
    assert refused(t, c.Fire(zone="chungking", side="attacker", assault=True)).rule == "AE 6.31"
    t.do(c.Fire(zone="chungking", side="defender", assault=True, faces=(1,) * 6))  # two dice a step (AE 6.32)
    t.do(c.Fire(zone="chungking", side="attacker", assault=True, faces=(1,) * 8))
    assert fire_of(t).side == "japan" and sum(x.dice for x in fire_of(t).fire) == 8


def test_the_defender_fires_once_a_round_then_the_attackers_surviving_steps():
    t = chungking()
    t.do(c.Fire(zone="chungking", side="defender", faces=(6, 1, 1)))  # one hit on Japan (rough: +1, 5+)
    no = refused(t, c.Fire(zone="chungking", side="defender", faces=(1, 1, 1)))
    assert no.rule == "AE 6.31" and "the attacker's surviving steps fire now" in str(no)
    t.do(c.ApplyLosses(zone="chungking", losses={"jp-inf-chk": 1}))
    t.do(c.Fire(zone="chungking", side="attacker", faces=(1, 1, 1)))
    assert [x.dice for x in fire_of(t).fire] == [3]  # the surviving steps


# The hits owed are taken without typing them (AE 6.24)


def test_losses_without_hits_take_the_hits_the_fire_scored():
    t = chungking()
    t.do(c.Fire(zone="chungking", side="defender", faces=(6, 5, 1)))  # two hits on Japan
    t.do(c.ApplyLosses(zone="chungking", losses={"jp-inf-chk": 2}))
    assert t.state.pieces["jp-inf-chk"].steps == 2 and not any(t.state.land_hits.values())


def test_losses_without_hits_still_follow_the_dice():
    t = chungking()
    t.do(c.Fire(zone="chungking", side="defender", faces=(6, 5, 1)))
    no = refused(t, c.ApplyLosses(zone="chungking", losses={"jp-inf-chk": 1}))  # 2 hits owed
    assert no.rule == "AE 6.25" and "2 step(s) must be lost" in str(no)
    assert refused(t, c.ApplyLosses(zone="chungking", hits=1, losses={"jp-inf-chk": 1})).rule == "AE 6.24"
    steps = t.state.pieces["jp-inf-chk"].steps
    t.do(c.ApplyLosses(zone="chungking"))  # no step named: the lone unit there takes them (no choice)
    assert t.state.pieces["jp-inf-chk"].steps == steps - 2


def test_losses_without_hits_and_without_a_fire_are_refused():
    t = chungking()
    no = refused(t, c.ApplyLosses(zone="chungking", losses={"cn-inf-1": 1}))
    assert no.rule == "AE 6.24" and "fire first" in str(no)


# What the table offers (the moves' choices: the web forms and `tabletop moves`)


def test_the_fire_form_offers_the_side_whose_turn_it_is_and_the_zone_of_the_round_under_way():
    t = battle((piece("jp-inf-chk", "japan", "infantry", 4, "chungking"),
                piece("jp-inf-sian", "japan", "infantry", 2, "sian", top=4)))
    fire = move(c.Fire)
    assert fire.choices(t.state) == {"zone": ("chungking", "sian"), "side": ("defender",)}
    t.do(c.Fire(zone="sian", side="defender", faces=(1, 1)))  # cn-mil-1: no hit
    assert fire.choices(t.state) == {"zone": ("sian", "chungking"), "side": ("attacker", "defender")}
    t.do(c.Fire(zone="sian", side="attacker", faces=(1, 1)))
    assert fire.choices(t.state)["side"] == ("defender",)


def test_losses_are_offered_only_where_hits_are_owed():
    t = chungking()
    losses = move(c.ApplyLosses)
    assert not losses.when(t.state)
    t.do(c.Fire(zone="chungking", side="defender", faces=(6, 1, 1)))
    assert losses.when(t.state) and losses.choices(t.state) == {"zone": ("chungking",)}


def test_next_phase_is_offered_only_when_it_would_be_accepted_and_the_banner_says_why_not():
    t = chungking()
    advance = move(c.Advance)
    assert advance.when(t.state)
    t.do(c.Fire(zone="chungking", side="defender", faces=(6, 1, 1)))
    assert not advance.when(t.state)
    assert refused(t, c.Advance()).rule == "AE 6.24"
    assert "before the next phase, hits still to take (the “Apply losses” form): Japan 1 at Chungking (AE 6.24)" \
        in guidance(t.state)
    t.do(c.ApplyLosses(zone="chungking", losses={"jp-inf-chk": 1}))
    assert advance.when(t.state)


def test_the_losses_form_asks_only_for_the_steps_lost_and_the_fire_form_opens_on_the_defender(tmp_path):
    store = EventStore(tmp_path / "ae.sqlite3")
    assistant = Assistant(store, KindRegistry())
    client = Client(create_app(assistant, testing=True))
    game_id = set_up(assistant)  # Japanese infantry, Nationalists and Communists in Sian
    play_to(assistant, game_id, "japan", "land_combat")
    fire = form_of(client.get(f"/g/{game_id}").data.decode(), "ae.fire")
    assert 'value="sian" selected' in fire  # the one battle: no zone to choose
    side = fire[fire.index('name="side"'):]
    side = side[:side.index("</select>")]
    assert 'value="defender"' in side and 'value="attacker"' not in side  # AE 6.31: the Chinese fire first
    assistant.handle(game_id, json.dumps({"type": "ae.fire", "zone": "sian", "side": "defender",
                                          "faces": [6, 1, 1, 1, 1]}))  # one hit on Japan
    page = client.get(f"/g/{game_id}").data.decode()
    losses = form_of(page, "ae.apply_losses")
    assert 'name="losses"' in losses and 'name="hits"' not in losses and 'value="sian" selected' in losses
    assert "Apply losses: Japan takes 1 hit(s) at Sian" in page
    client.do(game_id, "ae.apply_losses", zone="sian", losses="jp-inf-sian=1")
    assert assistant.view(game_id).game.pieces["jp-inf-sian"].steps == 1
    store.close()


def form_of(page: str, tag: str) -> str:
    start = page.index(f'value="{tag}"')
    return page[start:page.index("</form>", start)]


# Smaller words


def test_pre_game_production_says_where_the_bid_oil_went():
    t = Table(scenario())
    t.seat("Ann", "Bob")
    t.do(c.Bid(bids={"Ann": 2, "Bob": 1}))
    out = t.do(c.Advance())
    income = next(e for e in out if isinstance(e, ev.IncomeAssessed))
    assert describe(income) == "Japan receives the 2 WERP of the winning bid for its pre-game production (AE 10.4)."


def test_moving_an_enemy_piece_names_the_rule():
    t = Table(scenario(surprise=False, network={"east_china_sea": 1}))
    t.do(c.Advance())
    t.advance_to("operational_movement", "japan")
    no = refused(t, c.Move(pieces=("cn-inf-1",), to="sian"))
    assert no.rule == "AE 1.15" and "'cn-inf-1' is not a piece of the phasing side" in str(no)
