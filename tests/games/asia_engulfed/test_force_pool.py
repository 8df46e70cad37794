"""The US Force Pool additions of 1943, 1944 and 1945 (AE 9.22): the players enter the scenario card's lists; the
assistant brings each in on time — 1943 with the first production increase, 1944 with the second, 1945 at the
start of Jan/Feb 1945 — and the Force Pool limit of AE 4.4 counts them from then on."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import data
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.scenario.format import Marker, PoolAddition, Tracks
from tests.games.asia_engulfed.table import Table, piece, scenario

QUIET = Tracks(oil=20, transport_capacity=10, asw=1, us_submarine_points=0, us_bomber_points=0, kamikaze=5)
# The set-up's pool counts every US block of a kind: one infantry (on the map) and two Marines.
POOL = {"usa": {"infantry": 1, "marine": 2}}
CARD = {"1943": PoolAddition(units={"infantry": 2},
                             markers=(Marker(id="us-naval-43", nation="usa", track="naval", faces=("cv", "ca")),)),
        "1944": PoolAddition(units={"marine": 1}),
        "1945": PoolAddition(units={"infantry": 1})}
FLEET = (piece("us-cv-e", "usa", "cv", 1, "hawaii", top=4), piece("us-cba-e", "usa", "cba", 2, "us-cv-e"),
         piece("us-bb-2", "usa", "bb", 3, "hawaii", top=4))  # with us-bb-1: 8 steps, a CV step, its CBA


def game(start: str, card=CARD, **kw) -> Table:
    t = Table(scenario(pieces=(*scenario().pieces, *FLEET), start_turn=start, surprise=False, tracks=QUIET,
                       force_pool=POOL, us_force_pool_additions=card, **kw))
    t.do(c.Advance())
    return t


def next_turn(t: Table) -> list:
    t.advance_to("turn_advance")
    return t.do(c.Advance())


def qualify(t: Table) -> None:
    t.do(c.RecordEscalation(fleets=("us-cv-e", "us-bb-1", "us-bb-2"), trigger="reactable_move"))


def received(events) -> list[ev.ForcePoolAdditionsReceived]:
    return [e for e in events if isinstance(e, ev.ForcePoolAdditionsReceived)]


def test_the_1943_additions_come_with_the_first_increase_and_lift_the_force_pool_limit():
    t = game("1942-11")
    qualify(t)  # « lors de n'importe quel Tour de 1942 » (AE 9.22)
    t.advance_to("production", "allies", producer="usa")
    with pytest.raises(Refused) as refused:  # the only US infantry of the set-up's pool is on the map
        t.do(c.Buy(item="new_unit", kind="infantry", steps=1, zone="usa"))
    assert refused.value.rule == "AE 4.4"
    out = next_turn(t)  # Jan/Feb 1943
    assert [e for e in out if isinstance(e, ev.TrackMoved) and e.track == "us_level"][0].after == 25
    (arrived,) = received(out)  # « Quand cette première augmentation se produit, les ajouts de 1943 ... »
    assert (arrived.year, arrived.units, arrived.entered) == ("1943", {"infantry": 2}, True)
    assert "us-naval-43" in t.state.builds and t.state.pool_received == ("1943",)
    from assistant.games.asia_engulfed.read_models.views import tracks

    assert tracks(t.state)["US Force Pool additions"] == ("1943 arrived · 1944 entered, due with the second "
                                                         "increase · 1945 entered, due Jan/Feb 1945")
    t.advance_to("production", "allies", producer="usa")
    t.do(c.Buy(item="new_unit", kind="infantry", steps=1, zone="usa"))
    t.do(c.Buy(item="new_unit", kind="infantry", steps=1, zone="usa"))
    with pytest.raises(Refused) as refused:  # 1 + 2 infantry blocks, all three on the map now
        t.do(c.Buy(item="new_unit", kind="infantry", steps=1, zone="usa"))
    assert refused.value.rule == "AE 4.4"


def test_without_the_increase_no_1943_additions():
    t = game("1942-11")
    out = next_turn(t)
    assert t.state.track("us_level") == 20 and received(out) == []


def test_a_late_first_increase_brings_the_1943_additions_late_and_the_second_brings_1944s():
    t = game("1943-09")
    qualify(t)  # first eligibility in Sep/Oct 1943: the increase from the next turn (ruling, AE 9.22)
    out = next_turn(t)  # Nov/Dec 1943
    assert [e.year for e in received(out)] == ["1943"]
    qualify(t)  # « pour la seconde fois (lors de n'importe quel Tour de 1943 ou plus tard ...) »
    out = next_turn(t)  # Jan/Feb 1944: 30 WERP and the 1944 additions
    assert t.state.track("us_level") == 30 and [e.year for e in received(out)] == ["1944"]
    from assistant.games.asia_engulfed.rules.force_pool import counts

    assert counts(t.state, "usa") == {"infantry": 3, "marine": 3}


def test_the_1945_additions_come_at_the_start_of_jan_feb_1945_whatever_the_increases():
    t = game("1944-11")
    out = next_turn(t)
    assert data.calendar().name(t.state.turn) == "Jan/Feb 1945"
    (arrived,) = received(out)
    assert arrived.year == "1945" and arrived.units == {"infantry": 1} and "Jan/Feb 1945" in arrived.cause


def test_a_scenario_starting_after_jan_feb_1945_has_the_1945_additions_in_its_set_up():
    t = game("1945-03")
    assert t.state.turn == data.calendar().index("1945-03") and t.state.pool_received == ()
    assert received(next_turn(t)) == []


def test_additions_not_entered_are_reported_then_apply_at_once_when_entered():
    t = game("1944-11", card={})
    (arrived,) = received(next_turn(t))
    assert not arrived.entered and arrived.units == {}
    t.do(c.EnterForcePoolAdditions(year="1945", units={"marine": 1},
                                   markers=(Marker(id="us-naval-45", nation="usa", track="naval", faces=("cv", "bb"),
                                                   available_from="1945-03"),)))
    from assistant.games.asia_engulfed.rules.force_pool import counts

    assert counts(t.state, "usa")["marine"] == 3 and t.state.builds["us-naval-45"].available_from == "1945-03"
    with pytest.raises(Refused) as refused:  # what arrived stays as it was entered
        t.do(c.EnterForcePoolAdditions(year="1945", units={"marine": 2}))
    assert refused.value.rule == "AE 9.22"


def test_entered_additions_are_checked_against_the_set_up_force_pool():
    t = game("1942-11", card={})
    with pytest.raises(Refused) as refused:  # no count of LBA in the set-up: the assistant does not limit them
        t.do(c.EnterForcePoolAdditions(year="1943", units={"lba": 1}))
    assert refused.value.rule == "AE 9.22" and "no count of lba" in str(refused.value)
    with pytest.raises(Refused) as refused:  # a marker id already in play
        t.do(c.EnterForcePoolAdditions(year="1943", markers=(
            Marker(id="us-naval-1", nation="usa", track="naval", faces=("cv", "bb")),)))
    assert refused.value.rule == "AE 9.22"
    t.do(c.EnterForcePoolAdditions(year="1943", units={"infantry": 1}))
    t.do(c.EnterForcePoolAdditions(year="1943", units={"infantry": 2}))  # corrected before they arrive
    assert t.state.pool_additions["1943"].units == {"infantry": 2}


def test_the_set_up_refuses_additions_it_cannot_use():
    t = Table(set_up=False)
    bad = {"1946": PoolAddition(units={"infantry": 1}), "1944": PoolAddition(units={"warship": 1})}
    with pytest.raises(Refused) as refused:
        t.do(c.SetUpScenario(scenario=scenario(force_pool={"usa": {"infantry": 1}}, us_force_pool_additions=bad)))
    assert "'1946'" in str(refused.value) and "warship" in str(refused.value)
