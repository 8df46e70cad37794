"""The Air Commitment Display (AE 6.21, 6.5): in a land combat round an air unit flies air combat or gives ground
support, not both; the distribution may change from one round to the next."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import events as ev
from tests.games.asia_engulfed.table import Table, piece, scenario

MISS = (1, 1, 1, 1)  # a 2-step air unit a side: four dice, no hit


def leyte() -> Table:
    """Japan attacks the Leyte island box (rounds without Special Actions, AE 6.75), an LBA on each side."""
    t = Table(scenario(pieces=(*scenario().pieces,
                               piece("jp-inf-ley", "japan", "infantry", 2, "leyte", top=4),
                               piece("jp-lba-a", "japan", "lba", 2, "leyte"),
                               piece("us-inf-ley", "usa", "infantry", 2, "leyte", top=4),
                               piece("us-lba-ley", "usa", "lba", 2, "leyte"),
                               piece("jp-gar-shanghai", "japan", "garrison", 1, "shanghai")),
                       surprise=False, network={"east_china_sea": 1, "south_china_sea": 1}))
    t.do(c.Advance())
    t.advance_to("land_combat", "japan")
    return t


def refused(t: Table, cmd) -> Refused:
    before = len(t.log)
    with pytest.raises(Refused) as caught:
        t.do(cmd)
    assert len(t.log) == before  # nothing recorded
    return caught.value


def test_an_air_unit_in_the_air_combat_gives_no_ground_support_that_round():
    t = leyte()
    t.do(c.AirToAir(where="leyte", japan=("jp-lba-a",), allies=("us-lba-ley",), faces=MISS))
    no = refused(t, c.Fire(zone="leyte", side="defender", air_support={"us-lba-ley": "us-inf-ley"}))
    assert no.rule == "AE 6.21, 6.5" and "us-lba-ley fought air combat at Leyte" in str(no)
    t.do(c.Fire(zone="leyte", side="defender", faces=(1, 1)))
    assert refused(t, c.Fire(zone="leyte", side="attacker", air_support={"jp-lba-a": "jp-inf-ley"})).rule \
        == "AE 6.21, 6.5"
    t.do(c.Fire(zone="leyte", side="attacker", faces=(1, 1)))
    committed = t.state.air_commitment["leyte"]
    assert (committed.round, committed.uses) == (1, {"jp-lba-a": "air combat", "us-lba-ley": "air combat"})


def test_the_next_round_may_commit_each_unit_differently():
    t = leyte()
    t.do(c.AirToAir(where="leyte", japan=("jp-lba-a",), allies=("us-lba-ley",), faces=MISS))
    t.do(c.Fire(zone="leyte", side="defender", faces=(1, 1)))
    t.do(c.Fire(zone="leyte", side="attacker", faces=(1, 1)))
    # Round 2: no air combat; both LBA support their infantry.
    t.do(c.Fire(zone="leyte", side="defender", first_round=False, air_support={"us-lba-ley": "us-inf-ley"},
                faces=(1, 1)))
    t.do(c.Fire(zone="leyte", side="attacker", first_round=False, air_support={"jp-lba-a": "jp-inf-ley"},
                faces=(1, 1)))
    f = [e for e in t.log if isinstance(e, ev.LandFire)][-1]
    assert [(x.dice, x.bonuses) for x in f.fire] == [(2, ("air support",))]  # both infantry steps
    committed = t.state.air_commitment["leyte"]
    assert (committed.round, committed.uses) == (2, {"jp-lba-a": "ground support", "us-lba-ley": "ground support"})


def test_a_unit_that_gave_ground_support_flies_no_air_combat_in_that_round():
    t = leyte()
    t.do(c.Fire(zone="leyte", side="defender", air_support={"us-lba-ley": "us-inf-ley"}, faces=(1, 1)))
    no = refused(t, c.AirToAir(where="leyte", japan=("jp-lba-a",), allies=("us-lba-ley",), faces=MISS))
    assert no.rule == "AE 6.21, 6.5" and "us-lba-ley gave ground support" in str(no)


def test_air_combat_opens_a_round_and_never_comes_between_its_two_fires():
    t = leyte()
    t.do(c.Fire(zone="leyte", side="defender", faces=(1, 1)))
    no = refused(t, c.AirToAir(where="leyte", japan=("jp-lba-a",), allies=("us-lba-ley",), faces=MISS))
    assert no.rule == "AE 6.22, 6.31" and "the attacker fires next" in str(no)


def test_the_defenders_fire_after_the_air_combat_of_a_later_round_is_in_that_round():
    t = leyte()
    t.do(c.Fire(zone="leyte", side="defender", air_support={"us-lba-ley": "us-inf-ley"}, faces=(1, 1)))
    t.do(c.Fire(zone="leyte", side="attacker", faces=(1, 1)))
    t.do(c.AirToAir(where="leyte", japan=("jp-lba-a",), allies=("us-lba-ley",), faces=MISS))  # opens round 2
    assert refused(t, c.Fire(zone="leyte", side="defender", first_round=False,
                             air_support={"us-lba-ley": "us-inf-ley"})).rule == "AE 6.21, 6.5"
    t.do(c.Fire(zone="leyte", side="defender", first_round=False, faces=(1, 1)))
    assert t.state.air_commitment["leyte"].round == 2
