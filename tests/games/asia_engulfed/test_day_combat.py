"""Day Combat (AE 8.42): air missions for each round, the air combat with the CAP 2:1 rule, AA by section, strikes
from the Attack section only, the aircraft's return; surprise rounds (8.42b) and the first-turn bonus (9.11c)."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import commands_air as ca
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed import events_air as ea
from assistant.games.asia_engulfed.guidance import guidance
from tests.games.asia_engulfed.table import Table, piece, scenario

SEA = "south_china_sea"


def carriers(*, japan_escort_steps: int = 2, surprise: bool = False, extra=()) -> Table:
    """Two carrier forces at sea in the South China Sea; an Allied LBA on Luzon and a Japanese one on Formosa."""
    pieces = (*scenario().pieces,
              piece("jp-cv-b", "japan", "cv", 3, SEA),
              piece("jp-cba-e", "japan", "cba", 2, "jp-cv-b", elite=True),
              piece("jp-cba-2", "japan", "cba", 2, "jp-cv-b"),
              piece("jp-cba-3", "japan", "cba", japan_escort_steps, "jp-cv-b", top=2),
              piece("us-cv-b", "usa", "cv", 2, SEA),
              piece("us-cba-b", "usa", "cba", 2, "us-cv-b"),
              piece("us-cba-c", "usa", "cba", 2, "us-cv-b"),
              piece("us-bb-2", "usa", "bb", 4, SEA),
              piece("us-lba-1", "usa", "lba", 2, "luzon"), *extra)
    t = Table(scenario(pieces=pieces, surprise=surprise))
    t.do(c.Advance())
    t.advance_to("air_naval_combat", "japan")
    return t


def day(t: Table, faces=(3, 1)) -> None:
    """A Day interception Japan wins by 2 (no surprise) unless other faces are given."""
    t.do(c.Intercept(sea=SEA, japan="day", allies="day", faces=faces))


def of(t: Table, kind):
    return [e for e in t.log if isinstance(e, kind)]


def test_missions_lba_only_in_the_second_round_and_carriers_in_the_sea_zone():
    t = carriers()
    with pytest.raises(Refused) as refused:  # no battle before a Day interception
        t.do(ca.AssignAir(sea=SEA, japan={"jp-cba-e": "attack"}))
    assert refused.value.rule == "AE 8.42, 8.32"
    day(t)
    with pytest.raises(Refused) as refused:
        t.do(ca.AssignAir(sea=SEA, japan={"jp-cba-e": "attack"}, allies={"us-lba-1": "cap"}))
    assert refused.value.rule == "AE 8.42a-b"
    with pytest.raises(Refused) as refused:  # Honshu's CBA are not at sea here
        t.do(ca.AssignAir(sea=SEA, japan={"jp-cba-1": "attack"}))
    assert refused.value.rule == "AE 8.42a"
    t.do(ca.AssignAir(sea=SEA, japan={"jp-cba-e": "attack", "jp-cba-2": "attack", "jp-cba-3": "escort"},
                      allies={"us-cba-b": "cap"}))
    assert t.state.battles[SEA].round == 1 and t.state.battles[SEA].missions["us-cba-b"] == "cap"
    with pytest.raises(Refused) as refused:  # the phase does not end on an open battle
        t.do(c.Advance())
    assert refused.value.rule == "AE 8.42, 8.7"
    with pytest.raises(Refused) as refused:  # the battle must be fought out before another attempt
        t.do(c.Intercept(sea=SEA, japan="day", allies="day", attempt=2, faces=(1, 1)))
    assert refused.value.rule == "AE 8.42h"


def test_a_full_round_air_combat_aa_by_section_strikes_and_recovery_then_lba_in_round_two():
    t = carriers()
    day(t)
    t.do(ca.AssignAir(sea=SEA, japan={"jp-cba-e": "attack", "jp-cba-2": "attack", "jp-cba-3": "escort"},
                      allies={"us-cba-b": "cap"}))
    with pytest.raises(Refused) as refused:  # AE 8.42d before e and f
        t.do(c.NavalFire(sea=SEA, kind="strike", targets={"jp-cba-e": "us-cv-b"}, faces=(1, 1)))
    assert refused.value.rule == "AE 8.42d-f"
    # CAP 2 steps against Escort 2: no step beyond 2:1. Japan's Escort 5 (hit), 1; the CAP 6 (hit), 2.
    t.do(ca.FightAir(where=SEA, faces=(5, 1, 6, 2)))
    fought = of(t, ea.AirFought)[-1]
    assert [(u, at) for u, _, _, at in fought.dice] == [("jp-cba-3", "cap")] * 2 + [("us-cba-b", "escort")] * 2
    assert fought.sweep == {}
    # One step each, and each section has one unit: the assistant applies both.
    assert t.state.pieces["us-cba-b"].steps == 1 and t.state.pieces["jp-cba-3"].steps == 1
    # AA: (2 + 4) // 2 = 3 Allied dice; one 6. Two Japanese units attack: Japan names the step lost.
    t.do(ca.FireAntiAircraft(where=SEA, side="allies", faces=(6, 3, 2)))
    assert t.state.battles[SEA].owed["japan"] == {"aa": 1}
    with pytest.raises(Refused) as refused:  # the Allies still fly CAP: the Attack section takes AA hits first
        t.do(ca.LoseAirSteps(where=SEA, side="japan", losses={"jp-cba-3": 1}))
    assert refused.value.rule == "AE 8.42e"
    t.do(ca.LoseAirSteps(where=SEA, side="japan", losses={"jp-cba-2": 1}))  # AA hits are not elite-first (9.12)
    assert t.state.pieces["jp-cba-2"].steps == 1
    with pytest.raises(Refused) as refused:  # the Escort does not strike
        t.do(c.NavalFire(sea=SEA, kind="strike", targets={"jp-cba-3": "us-bb-2"}, faces=(1,)))
    assert refused.value.rule == "AE 8.42a, f"
    # Elite CBA at the carrier: +1 CBA against a CV, +1 elite: 4 -> destroy, 3 -> damage. CBA at the BB: 6.
    t.do(c.NavalFire(sea=SEA, kind="strike", targets={"jp-cba-e": "us-cv-b", "jp-cba-2": "us-bb-2"},
                     faces=(4, 3, 6)))
    assert t.state.pieces["us-cv-b"].steps == 1 and t.state.damaged["us-cv-b"] == 1
    assert t.state.pieces["us-bb-2"].steps == 3
    with pytest.raises(Refused) as refused:
        t.do(c.NavalFire(sea=SEA, kind="strike", targets={"jp-cba-2": "us-bb-2"}, faces=(1,)))
    assert refused.value.rule == "AE 8.42f"  # Japan's Attack section already struck this round
    # Recovery: the damaged CV step holds one cadre CBA: us-cba-b (1 step) stays, us-cba-c (2) is lost.
    t.do(ca.EndAirRound(where=SEA))
    ended = of(t, ea.AirBattleEnded)[-1]
    assert ended.lost == {"us-cba-c": 2} and not ended.last and "us-cba-c" not in t.state.pieces
    # Round 2: the LBA on Luzon flies now.
    t.do(ca.AssignAir(sea=SEA, japan={"jp-cba-e": "attack"}, allies={"us-lba-1": "cap", "us-cba-b": "cap"}))
    assert t.state.battles[SEA].round == 2
    t.do(ca.FightAir(where=SEA, faces=(1, 1, 1)))  # 3 CAP steps, no Escort: all at the Attack section
    assert of(t, ea.AirFought)[-1].sweep == {"us-lba-1": 2, "us-cba-b": 1}
    t.do(ca.EndAirRound(where=SEA))
    assert SEA not in t.state.battles  # two rounds: the battle is over; a new attempt may follow
    t.do(c.Intercept(sea=SEA, japan="day", allies="day", attempt=2, faces=(2, 2)))


def test_cap_steps_beyond_two_to_one_hit_the_attack_section_with_plus_one_elite_first():
    t = carriers(japan_escort_steps=1)
    day(t)
    t.do(ca.AssignAir(sea=SEA, japan={"jp-cba-e": "attack", "jp-cba-2": "attack", "jp-cba-3": "escort"},
                      allies={"us-cba-b": "cap", "us-cba-c": "cap"}))
    # CAP 4 steps, Escort 1: 4 - 2 x 1 = 2 CAP steps fire at the Attack section, owner's choice.
    with pytest.raises(Refused) as refused:
        t.do(ca.FightAir(where=SEA, sweep={"us-cba-c": 1}, faces=(2, 1, 1, 1, 1)))
    assert refused.value.rule == "AE 8.42d"
    t.do(ca.FightAir(where=SEA, sweep={"us-cba-c": 2}, faces=(2, 5, 5, 4, 1)))
    fought = of(t, ea.AirFought)[-1]
    assert [(u, needed, at) for u, _, needed, at in fought.dice] == [
        ("jp-cba-3", 5, "cap"), ("us-cba-b", 5, "escort"), ("us-cba-b", 5, "escort"),
        ("us-cba-c", 4, "attack"), ("us-cba-c", 4, "attack")]
    # Two hits at the 1-step Escort: one kills it, one goes on to the Attack section; the sweep adds one. Both
    # go to the Japanese elite unit first (AE 9.12), which has two steps: forced.
    assert fought.owed == {"japan": {"escort": 1, "attack": 2}}
    assert "jp-cba-3" not in t.state.pieces and "jp-cba-e" not in t.state.pieces
    assert t.state.pieces["jp-cba-2"].steps == 2


def test_allied_air_combat_hits_go_to_japanese_elite_units_first_when_japan_chooses():
    t = carriers(extra=(piece("jp-cv-c", "japan", "cv", 1, SEA),
                        piece("jp-cba-e2", "japan", "cba", 2, "jp-cv-c", elite=True)))
    day(t)
    t.do(ca.Consolidate(fleets=("jp-cv-b", "jp-cv-c"), keep={"jp-cv-b": 4}))  # mandatory (AE 8.11)
    assert t.state.pieces["jp-cba-e2"].at == "jp-cv-b"
    t.do(ca.AssignAir(sea=SEA, japan={"jp-cba-e": "attack", "jp-cba-e2": "attack", "jp-cba-2": "attack"},
                      allies={"us-cba-b": "cap"}))
    t.do(ca.FightAir(where=SEA, faces=(4, 1)))  # no Escort: both CAP steps at the Attack section (+1): one hit
    assert t.state.battles[SEA].owed["japan"]["attack"] == 1
    with pytest.raises(Refused) as refused:
        t.do(ca.LoseAirSteps(where=SEA, side="japan", losses={"jp-cba-2": 1}))
    assert refused.value.rule == "AE 9.12"
    t.do(ca.LoseAirSteps(where=SEA, side="japan", losses={"jp-cba-e2": 1}))
    assert t.state.pieces["jp-cba-e2"].steps == 1 and not any(t.state.battles[SEA].owed["japan"].values())


def test_a_surprise_round_every_aircraft_attacks_and_the_surprised_cba_wait_then_hit_carriers_only():
    t = carriers(extra=(piece("jp-ca-2", "japan", "ca", 2, SEA),))
    t.do(c.Intercept(sea=SEA, japan="day", allies="day", faces=(6, 1)))  # 7 against 2: surprise
    assert t.state.battles[SEA].surprise == "japan"
    with pytest.raises(Refused) as refused:
        t.do(ca.AssignAir(sea=SEA, japan={"jp-cba-e": "attack", "jp-cba-3": "escort"}))
    assert refused.value.rule == "AE 8.42b"
    t.do(ca.AssignAir(sea=SEA, japan={"jp-cba-e": "attack"}, allies={"us-cba-b": "attack", "us-cba-c": "attack"}))
    with pytest.raises(Refused) as refused:
        t.do(c.NavalFire(sea=SEA, kind="strike", targets={"us-cba-b": "jp-cv-b"}, faces=(1, 1)))
    assert refused.value.rule == "AE 8.42b"
    with pytest.raises(Refused) as refused:  # AA (e) before the strikes (f)
        t.do(c.NavalFire(sea=SEA, kind="strike", targets={"jp-cba-e": "us-bb-2"}, faces=(1, 1)))
    assert refused.value.rule == "AE 8.42e-f"
    t.do(ca.FireAntiAircraft(where=SEA, side="allies", faces=(1, 1, 1)))
    t.do(c.NavalFire(sea=SEA, kind="strike", targets={"jp-cba-e": "us-bb-2"}, faces=(1, 1)))
    t.do(ca.FireAntiAircraft(where=SEA, side="japan", faces=(1, 1)))  # (3 + 2) // 2
    with pytest.raises(Refused) as refused:  # after the surpriser's strike: carriers only
        t.do(c.NavalFire(sea=SEA, kind="strike", targets={"us-cba-b": "jp-ca-2"}, faces=(1, 1)))
    assert refused.value.rule == "AE 8.42b"
    t.do(c.NavalFire(sea=SEA, kind="strike", targets={"us-cba-b": "jp-cv-b", "us-cba-c": "jp-cv-b"},
                     faces=(1, 1, 1, 1)))
    t.do(ca.EndAirRound(where=SEA))
    t.do(ca.AssignAir(sea=SEA, japan={"jp-cba-e": "escort"}, allies={"us-cba-b": "cap"}))  # round 2 is normal
    assert t.state.battles[SEA].surprise == ""


def test_first_turn_japanese_air_get_plus_one_in_the_first_round_only():
    t = carriers(surprise=True)
    day(t)
    t.do(ca.AssignAir(sea=SEA, japan={"jp-cba-e": "escort", "jp-cba-2": "attack"}, allies={"us-cba-b": "cap"}))
    t.do(ca.FightAir(where=SEA, faces=(1, 1, 1, 1)))
    needed = {u: n for u, _, n, _ in of(t, ea.AirFought)[-1].dice}
    assert needed == {"jp-cba-e": 3, "us-cba-b": 5}  # 5 - 1 elite - 1 surprise (AE 9.11c, 9.12)
    t.do(ca.FireAntiAircraft(where=SEA, side="allies", faces=(1, 1, 1)))
    t.do(c.NavalFire(sea=SEA, kind="strike", targets={"jp-cba-2": "us-bb-2"}, faces=(4, 1)))
    assert [shot[3] for shot in of(t, ev.NavalFired)[-1].shots] == [1, 1]  # +1 surprise, no CBA bonus on a BB
    t.do(ca.EndAirRound(where=SEA))
    t.do(ca.AssignAir(sea=SEA, japan={"jp-cba-e": "escort", "jp-cba-2": "attack"}, allies={"us-cba-b": "cap"}))
    t.do(ca.FightAir(where=SEA, faces=(1, 1, 1, 1)))
    assert {u: n for u, _, n, _ in of(t, ea.AirFought)[-1].dice}["jp-cba-e"] == 4  # round 2: elite only


def test_surprise_has_no_effect_when_the_surprised_side_has_only_lba():
    t = carriers(extra=(piece("jp-ca-2", "japan", "ca", 2, SEA),))
    for cba in ("us-cba-b", "us-cba-c"):
        t.do(c.Edit(what="place", key=cba, value="usa", reason="the carrier's air group is ashore"))
    t.do(c.Intercept(sea=SEA, japan="day", allies="day", faces=(6, 1)))
    assert t.state.battles[SEA].surprise == "japan"
    t.do(ca.AssignAir(sea=SEA, japan={"jp-cba-e": "attack", "jp-cba-3": "escort"}))  # Escort allowed: no surprise
    assert t.state.battles[SEA].surprise == ""


def test_a_round_in_which_no_aircraft_flies_is_ended_at_once():
    t = carriers()
    day(t)
    with pytest.raises(Refused) as refused:  # no strike before the missions
        t.do(c.NavalFire(sea=SEA, kind="strike", targets={"jp-cba-e": "us-bb-2"}, faces=(1, 1)))
    assert refused.value.rule == "AE 8.42a"
    t.do(ca.EndAirRound(where=SEA))
    assert t.state.battles[SEA].round == 1 and t.state.battles[SEA].stage == "ended"
    t.do(ca.EndAirRound(where=SEA))
    assert SEA not in t.state.battles
    with pytest.raises(Refused) as refused:  # both sides are still at sea there
        t.do(c.Advance())
    assert refused.value.rule == "AE 8.4"
    t.do(c.Intercept(sea=SEA, japan="day", allies="avoid", attempt=2, faces=(1, 1)))
    t.do(c.NavalMove(pieces=("us-cv-b", "us-bb-2"), to="luzon", zones=1, mode="return"))  # the avoider returns
    t.do(c.Advance())  # nothing open, one side at sea: the phase may end


def test_consolidation_the_rule_book_example_and_mandatory_before_a_day_round():
    t = carriers(extra=(piece("us-ca-a", "usa", "ca", 3, SEA), piece("us-ca-b", "usa", "ca", 3, SEA, top=4),
                        piece("us-ca-c", "usa", "ca", 2, SEA, top=4)))
    day(t)
    assert "Consolidate the fleets at South China Sea first" in guidance(t.state)
    with pytest.raises(Refused) as refused:  # three US cruiser fleets with 8 steps fit in two
        t.do(ca.AssignAir(sea=SEA, japan={"jp-cba-e": "attack"}))
    assert refused.value.rule == "AE 8.11"
    with pytest.raises(Refused) as refused:  # fleets are never split, the number of fleets must go down
        t.do(ca.Consolidate(fleets=("us-ca-a", "us-ca-b", "us-ca-c"), keep={"us-ca-a": 4, "us-ca-b": 2,
                                                                           "us-ca-c": 2}))
    assert refused.value.rule == "AE 8.11"
    with pytest.raises(Refused) as refused:  # the elite cruiser never takes part
        t.do(ca.Consolidate(fleets=("jp-ca-elite", "jp-bb-1"), keep={"jp-ca-elite": 4}))
    assert refused.value.rule == "AE 8.11"
    # AE 8.11's example: two 3-step cruiser fleets and a 2-step one become two 4-step fleets.
    t.do(ca.Consolidate(fleets=("us-ca-a", "us-ca-b", "us-ca-c"), keep={"us-ca-a": 4, "us-ca-b": 4}))
    assert (t.state.pieces["us-ca-a"].steps, t.state.pieces["us-ca-b"].steps) == (4, 4)
    assert "us-ca-c" not in t.state.pieces
    t.do(ca.AssignAir(sea=SEA, japan={"jp-cba-e": "attack"}))


def test_carriers_consolidate_with_their_air_units_and_damaged_steps():
    t = carriers(extra=(piece("us-cv-c", "usa", "cv", 1, SEA, top=4),
                        piece("us-cba-d", "usa", "cba", 1, "us-cv-c", top=2)))
    t.do(c.NavalFire(sea=SEA, kind="strike", targets={"jp-cba-2": "us-cv-c"}, faces=(4, 1)))  # 4 + 1 CBA: damaged
    assert t.state.damaged["us-cv-c"] == 1
    t.do(ca.Consolidate(fleets=("us-cv-b", "us-cv-c"), keep={"us-cv-b": 3}))
    assert t.state.pieces["us-cv-b"].steps == 3 and t.state.damaged["us-cv-b"] == 1
    assert t.state.pieces["us-cba-d"].at == "us-cv-b"  # 2 + 2 + 1 CBA steps on 2 sound steps and a damaged one
