"""Land combat losses are the hits the enemy's fire scored (AE 6.24); a side with hits to take fires only with its
surviving steps (AE 6.31); the phase does not end with hits untaken; a later round has no first-round bonus."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import events as ev
from tests.games.asia_engulfed.table import piece
from tests.games.asia_engulfed.test_combat import battle, fire_of


def chungking():
    return battle((piece("jp-inf-chk", "japan", "infantry", 4, "chungking"),), special_actions={"japan": 1})


def test_losses_must_match_the_hits_the_fire_scored():
    t = chungking()
    t.do(c.Fire(zone="chungking", side="defender", faces=(6, 2, 3)))  # one hit on Japan
    before = t.state
    with pytest.raises(Refused) as refused:
        t.do(c.ApplyLosses(zone="chungking", hits=3, losses={"jp-inf-chk": 3}))
    assert refused.value.rule == "AE 6.24" and "scored 1 hit(s) on Japan: apply 1, not 3" in str(refused.value)
    with pytest.raises(Refused):
        t.do(c.ApplyLosses(zone="chungking", hits=0))
    assert t.state == before
    t.do(c.ApplyLosses(zone="chungking", hits=1, losses={"jp-inf-chk": 1}))
    assert t.state.pieces["jp-inf-chk"].steps == 3 and not any(t.state.land_hits.values())


def test_no_losses_without_a_fire_that_scored_them():
    t = chungking()
    with pytest.raises(Refused) as refused:
        t.do(c.ApplyLosses(zone="chungking", hits=2, losses={"cn-inf-1": 2}))
    assert refused.value.rule == "AE 6.24" and "fire first" in str(refused.value)
    t.do(c.Fire(zone="chungking", side="defender", faces=(1, 1, 1)))  # AE 6.31: no hit on Japan
    t.do(c.Fire(zone="chungking", side="attacker", faces=(6, 1, 1, 1)))
    t.do(c.ApplyLosses(zone="chungking", hits=1, losses={"cn-inf-1": 1}))
    with pytest.raises(Refused, match="fire first"):  # the same hit is not taken twice
        t.do(c.ApplyLosses(zone="chungking", hits=1, losses={"cn-inf-1": 1}))


def test_a_side_with_hits_to_take_does_not_fire_until_it_takes_them():
    t = chungking()
    t.do(c.Fire(zone="chungking", side="defender", faces=(6, 6, 1)))
    with pytest.raises(Refused) as refused:
        t.do(c.Fire(zone="chungking", side="attacker"))
    assert refused.value.rule == "AE 6.24, 6.31" and "2 hit(s)" in str(refused.value)
    t.do(c.ApplyLosses(zone="chungking", hits=2, losses={"jp-inf-chk": 2}))
    t.do(c.Fire(zone="chungking", side="attacker", faces=(1, 1)))
    assert fire_of(t).fire[0].dice == 2  # only the surviving steps


def test_land_combat_does_not_end_with_hits_untaken():
    t = chungking()
    t.do(c.Fire(zone="chungking", side="defender", faces=(6, 1, 1)))
    with pytest.raises(Refused) as refused:
        t.do(c.Advance())
    assert refused.value.rule == "AE 6.24" and "Japan 1 at Chungking" in str(refused.value)


def test_a_breakthrough_round_has_no_first_round_bonus_even_if_the_table_says_first():
    t = chungking()
    t.do(c.Fire(zone="chungking", side="defender", faces=(1, 1, 1)))
    t.do(c.ApplyLosses(zone="chungking", hits=0))
    t.do(c.Fire(zone="chungking", side="attacker", faces=(1, 1, 1, 1)))
    t.do(c.ApplyLosses(zone="chungking", hits=0))
    t.do(c.SpendSpecialAction(nation="japan", use="breakthrough", target="chungking"))
    t.do(c.Fire(zone="chungking", side="defender", river="yes", faces=(4, 1, 1)))
    fired = fire_of(t)
    assert (fired.round, fired.fire[0].bonuses, fired.hits) == (2, ("rough terrain",), 0)  # no river bonus
    assert isinstance(fired, ev.LandFire)
