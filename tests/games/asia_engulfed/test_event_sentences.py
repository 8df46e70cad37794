"""Every Asia Engulfed event reads as a sentence in the log, never as its bare tag."""

from __future__ import annotations

from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.describe import describe


def test_land_combat_china_and_naval_events_have_sentences():
    samples = [
        ev.FreeStepsGranted(force="communist", steps=1, rule="AE 9.42"),
        ev.FreeStepsPlaced(force="communist", steps=1, target="cn-mil-1"),
        ev.FortificationRemoved(zone="peking", cause="breached"),
        ev.RuleOverridden(command="ae.move", refusal="too far", rule="AE 5.11", reason="map reads so"),
        ev.InterceptionRolled(sea="java_sea", attempt=1, choices={}, dice={}, modified={}, outcome="day",
                              winner="japan"),
        ev.NavalFired(sea="java_sea", kind="night", shots=(("jp-bb-1", "us-bb-1", 6, 0, "damage"),)),
        ev.AirCombatFought(where="malaya", hits={"japan": 1}, dice={}),
        ev.DamageResolved(fleet="us-bb-1", repairs=(("repair-us-bb-1-1", "bb", 0, 5),)),
    ]
    for e in samples:
        words = describe(e)
        assert words and not words.startswith("ae."), type(e).__name__
    assert describe(samples[0]) == "China receives 1 free Communist step(s) to place (AE 9.42)."
    assert describe(ev.LandFire(zone="malaya", side="japan", round=1, assault=False, fire=(), hits=2)) == \
        "Japan fires at Malaya (Normal round): 2 hit(s)."
