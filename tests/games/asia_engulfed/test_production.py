"""Production phases computed by hand (AE 2.0-2.5, 4.0-4.8, 9.22, 9.31, 10.4), with every ledger line's rule."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.game import LEDGER
from assistant.games.asia_engulfed.scenario.format import Tracks
from projections.base import Recorded
from tests.games.asia_engulfed.table import Table, piece, scenario


def japanese_empire(**kw) -> Table:
    """1942: Japan holds Manchukuo and Sumatra (occupied), Peking (garrison), Shanghai and Borneo (empty)."""
    pieces = [p for p in scenario().pieces if p.id != "cw-ca-1"] + [
        piece("cw-ca-1", "commonwealth", "ca", 3, "calcutta"),
        piece("jp-inf-sumatra", "japan", "infantry", 2, "sumatra", top=4),
        piece("us-inf-marianas", "usa", "infantry", 1, "marianas", top=4),
    ]
    control = {"sumatra": "japan", "borneo": "japan", "marianas": "allies"}
    sc = scenario(pieces=tuple(pieces), control=control, start_turn="1942-01", surprise=False, **kw)
    t = Table(sc)
    t.do(c.Advance())
    t.advance_to("initial_supply", "japan")
    t.do(c.SetNetwork(seas=("east_china_sea", "south_china_sea", "java_sea")))
    t.do(c.DetermineSupply())
    t.do(c.Advance())
    return t


def test_japanese_income_counts_supplied_occupied_zones_in_the_network():
    t = japanese_empire()
    income = next(e for e in t.log if isinstance(e, ev.IncomeAssessed) and e.nation == "japan")
    counted = {z.zone: z.counted for z in income.zones}
    assert counted == {"manchukuo": True, "peking": True, "sumatra": True, "shanghai": False, "borneo": False}
    why = {z.zone: z.reason for z in income.zones if not z.counted}
    assert "AE 4.8" in why["shanghai"] and "AE 4.8" in why["borneo"]
    assert t.state.balance("japan", "werp") == 5 + 1 + 1  # Honshu + Manchukuo + Peking
    assert t.state.balance("japan", "oil") == 20 + 1 + 2  # Honshu + Sumatra
    assert t.state.balance("japan", "ta") == 10 - 6  # network 1 + 2 + 3 transport points (AE 3.51)


def test_japanese_production_with_strategic_warfare_computed_by_hand():
    t = japanese_empire()
    with pytest.raises(Refused) as refused:
        t.do(c.Buy(item="special_action"))
    assert refused.value.rule == "AE 2.0"
    # ASW level 1, die 6: 2 of 17 Submarine Points sunk; 15 left (column 9-16), attack die 4: result 1.
    t.do(c.ResolveSubmarines(faces=(6, 4)))
    assert t.state.balance("usa", "submarine_points") == 15
    assert t.state.balance("japan", "werp") == 7 - 1
    assert t.state.balance("japan", "oil") == 23 - 1
    assert t.state.balance("japan", "tc") == 9  # from next turn (AE 2.12)
    assert t.state.balance("japan", "ta") == 4  # this turn's transports are untouched
    assert t.state.track("dud_torpedoes") == 6  # a 4 does not move the marker
    assert t.state.track("jp_sr") == 3  # 15 points: one SR fewer (AE 2.13)
    # Marianas: a supplied Allied strategic air base, 2 Bomber Points: dice 5 and 3, one hit on Honshu's WERP.
    with pytest.raises(Refused) as refused:
        t.do(c.Bomb(bases=("marianas",), points=1, faces=(5,)))
    assert refused.value.rule == "AE 2.0"
    t.do(c.Bomb(bases=("marianas",), faces=(5, 3)))
    assert t.state.balance("japan", "werp") == 5
    lines = [(b.amount, b.rule) for e in t.log for b in getattr(e, "books", ())
             if b.account == "werp" and b.nation == "japan"]
    assert lines == [(5, "AE 4.14"), (1, "AE 4.11"), (1, "AE 4.11"), (-1, "AE 2.12"), (-1, "AE 2.41, 2.42")]


def test_submarines_never_touch_honshu_and_low_rolls_wear_down_the_dud_torpedoes():
    t = japanese_empire(tracks=Tracks(oil=20, transport_capacity=10, asw=0, us_submarine_points=40,
                                      us_bomber_points=0, dud_torpedoes=1, kamikaze=5))
    t.do(c.ResolveSubmarines(faces=(1, 3)))  # ASW 0: nothing sunk; 40 points, die 3: result 2
    assert t.state.balance("japan", "werp") == 5  # only the 2 zone WERP can be lost
    assert t.state.balance("japan", "oil") == 23 - 2
    assert t.state.track("dud_torpedoes") == 0
    assert t.state.track("jp_sr") == 0  # 40 points: 4 fewer, not below ASW level 0


def test_asw_level_keeps_a_floor_under_japanese_strategic_moves():
    """AE 2.13 example: with ASW level 1, submarines cannot take Japan below one Strategic Movement."""
    t = japanese_empire(tracks=Tracks(oil=20, transport_capacity=10, asw=1, us_submarine_points=40,
                                      us_bomber_points=0, kamikaze=5))
    t.do(c.ResolveSubmarines(faces=(1, 1)))
    assert t.state.track("jp_sr") == 1


def test_us_production_in_1942_with_its_limits():
    t = japanese_empire()
    t.do(c.ResolveSubmarines(faces=(1, 1)))
    t.do(c.Bomb(bases=("marianas",), faces=(1, 1)))
    t.advance_to("production", "allies", producer="usa")
    assert t.state.balance("usa", "werp") == 20  # Jan/Feb 1942 (AE 9.22)
    t.do(c.Buy(item="bomber_point", steps=2))
    with pytest.raises(Refused) as refused:
        t.do(c.Buy(item="bomber_point"))
    assert refused.value.rule == "AE 4.63"
    t.do(c.Buy(item="new_unit", kind="infantry", steps=3, zone="usa"))
    t.do(c.Buy(item="special_action"))
    with pytest.raises(Refused) as refused:
        t.do(c.Buy(item="special_action"))
    assert refused.value.rule == "AE 7.11"
    assert t.state.balance("usa", "werp") == 20 - 10 - 4 - 5
    t.do(c.Buy(item="construction", target="us-naval-1", build="cv"))
    with pytest.raises(Refused) as refused:
        t.do(c.Buy(item="construction", target="us-naval-1", build="cv"))
    assert refused.value.rule == "AE 4.73"
    with pytest.raises(Refused) as refused:
        t.do(c.Buy(item="construction", target="us-naval-1943", build="cv"))
    assert refused.value.rule == "AE 9.24"
    t.do(c.Advance())
    closed = next(e for e in t.log if isinstance(e, ev.ProductionClosed) and e.nation == "usa")
    assert closed.unspent == 0 and t.state.balance("usa", "werp") == 0


def test_commonwealth_income_and_the_europe_drain():
    t = japanese_empire()
    t.do(c.ResolveSubmarines(faces=(1, 1)))
    t.do(c.Bomb(bases=("marianas",), faces=(1, 1)))
    t.advance_to("production", "allies", producer="commonwealth")
    income = next(e for e in t.log if isinstance(e, ev.IncomeAssessed) and e.nation == "commonwealth")
    why = {z.zone: z.reason for z in income.zones if not z.counted}
    assert set(why) == {"hong_kong"} and "AE 4.12" in why["hong_kong"]  # the South China Sea is Japanese
    assert t.state.balance("commonwealth", "werp") == 7 - 3  # AE 9.31


def test_a_japanese_unit_in_india_keeps_the_commonwealths_three_werp_in_asia():
    pieces = (*scenario().pieces, piece("jp-inf-assam", "japan", "infantry", 2, "assam"))
    t = Table(scenario(pieces=pieces, surprise=False, control={"assam": "japan", "burma": "japan"}))
    t.do(c.Advance())
    t.advance_to("production", "allies", producer="commonwealth")
    assert "jp-inf-assam" in t.state.pieces  # partially supplied through French Indochina (AE 3.35)
    assert not any(b.rule == "AE 9.31" for e in t.log for b in getattr(e, "books", ()))
    income = next(e for e in t.log if isinstance(e, ev.IncomeAssessed) and e.nation == "commonwealth")
    assert any("AE 9.31" in z.reason for z in income.zones)


def test_the_bid_gives_japan_a_pre_game_production_and_oil():
    """AE 10.4 example: a winning bid of three."""
    t = Table(scenario(network={"east_china_sea": 1}))
    t.seat("Ann", "Bob")
    t.do(c.Bid(bids={"Ann": 3, "Bob": 1}))
    assert t.state.balance("japan", "oil") == 23
    t.do(c.Advance())
    assert (t.state.phase, t.state.balance("japan", "werp")) == ("pre_game_production", 3)
    t.do(c.Buy(item="garrison", target="korea"))  # outside Japan, yet no TP: the bid's exception
    assert t.state.balance("japan", "ta") == 0
    t.do(c.Advance())
    assert t.state.turn == 1 and t.state.balance("japan", "ta") == 10 and t.state.balance("japan", "werp") == 0


def test_replacements_outside_japan_cost_a_transport_point_per_four_steps():
    t = japanese_empire()
    t.do(c.ResolveSubmarines(faces=(1, 1)))
    t.do(c.Bomb(bases=("marianas",), faces=(1, 1)))
    t.do(c.Buy(item="replacement", target="jp-inf-sumatra"))  # 1 step: one TP (rounded up)
    assert t.state.balance("japan", "ta") == 3
    t.do(c.Buy(item="garrison", target="manchukuo"))  # second of the group of four: free
    assert t.state.balance("japan", "ta") == 3
    with pytest.raises(Refused) as refused:
        t.do(c.Buy(item="replacement", target="jp-inf-2"))  # 3 of 4 would be full strength without a port
    assert refused.value.rule == "AE 4.32"


def test_every_ledger_line_links_to_the_event_that_booked_it():
    t = japanese_empire()
    t.do(c.ResolveSubmarines(faces=(6, 4)))
    book = LEDGER.initial(t.definition)
    for seq, e in enumerate(t.log, start=1):
        book = LEDGER.apply(book, Recorded(seq=seq, event=e, recorded_at="", actor="", command_id=""))
    account = book.account(t.state.turn, "japan", "werp")
    assert account.balance == 6
    for line in account.lines:
        assert any(b.amount == line.amount and b.rule == line.rule for b in t.log[line.seq - 1].books)
    oil = book.account(0, "japan", "oil")
    assert oil.lines[0].cause == "scenario set-up" and oil.balance == 20


def test_special_actions_held_from_a_previous_turn():
    t = japanese_empire()
    t.do(c.ResolveSubmarines(faces=(6, 1)))  # 2 sunk, then a 1 on 15 points: no loss
    t.do(c.Bomb(bases=("marianas",), faces=(1, 1)))
    t.do(c.Buy(item="special_action"))
    assert len(t.state.special_actions["japan"]) == 2
    t.do(c.SpendSpecialAction(nation="japan", use="unrestricted_replacements", target="sumatra"))
    assert t.state.special_actions["japan"] == (t.state.turn,)  # the one kept from the set-up went first
    with pytest.raises(Refused) as refused:
        t.do(c.SpendSpecialAction(nation="japan", use="unrestricted_replacements", target="sumatra"))
    assert refused.value.rule == "AE 7.8"
    t.do(c.Buy(item="replacement", target="jp-inf-sumatra", steps=2))  # to full strength, no TP (AE 7.8)
    assert t.state.pieces["jp-inf-sumatra"].steps == 4 and t.state.balance("japan", "ta") == 4



def _refused(t: Table, cmd) -> Refused:
    before = (len(t.log), t.state.balance(t.state.producer, "werp"))
    with pytest.raises(Refused) as refused:
        t.do(cmd)
    assert (len(t.log), t.state.balance(t.state.producer, "werp")) == before  # a refusal changes nothing
    return refused.value


def test_a_zone_typed_in_zone_or_target_is_the_zone_of_a_fortification_or_garrison():
    """The Buy form has a Target and a Zone: a fortification (AE 6.8) or garrison (AE 4.43) typed in Zone is
    built there; an unknown zone or none is refused naming it, never as the zone ''."""
    t = japanese_empire()
    t.do(c.ResolveSubmarines(faces=(1, 1)))
    t.do(c.Bomb(bases=("marianas",), faces=(1, 1)))
    no = _refused(t, c.Buy(item="fortification", zone="atlantis"))
    assert no.rule == "AE 6.8" and "'atlantis' is not a land zone" in str(no)
    no = _refused(t, c.Buy(item="fortification"))
    assert no.rule == "AE 6.8" and "name the zone of the fortification" in str(no)
    no = _refused(t, c.Buy(item="garrison", target="kyushu", zone="korea"))
    assert no.rule == "AE 4.43" and "two places" in str(no)
    werp = t.state.balance("japan", "werp")
    t.do(c.Buy(item="garrison", zone="kyushu"))
    assert any(p.kind == "garrison" and p.at == "kyushu" for p in t.state.pieces.values())
    t.do(c.Buy(item="fortification", zone="honshu"))
    assert "honshu" in t.state.forts and t.state.balance("japan", "werp") == werp - 1 - 5


def test_a_new_land_unit_fits_its_block():
    """AE 4.22 (a block holds 1 to 4 steps), 4.4: a new unit of more steps than its block is refused."""
    t = japanese_empire()
    t.do(c.ResolveSubmarines(faces=(1, 1)))
    t.do(c.Bomb(bases=("marianas",), faces=(1, 1)))
    t.do(c.Edit(what="werp", value="30", reason="a rich year", key="japan"))
    no = _refused(t, c.Buy(item="new_unit", kind="infantry", steps=6, zone="honshu"))
    assert no.rule == "AE 4.22, 4.4" and "6 steps" in str(no)
    assert _refused(t, c.Buy(item="new_unit", kind="infantry", steps=4, max_steps=3, zone="honshu")).rule \
        == "AE 4.22, 4.4"
    t.do(c.Buy(item="new_unit", kind="infantry", steps=3, max_steps=3, zone="honshu"))
    new = [p for p in t.state.pieces.values() if p.at == "honshu" and p.kind == "infantry" and p.id != "jp-inf-1"]
    assert [(p.steps, p.top) for p in new] == [(3, 3)]
