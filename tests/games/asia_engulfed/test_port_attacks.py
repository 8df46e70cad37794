"""Port and airbase attacks (AE 8.7) and the Pearl Harbor surprise (AE 9.11 b, c, f, j, k)."""

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


def raid_table(extra=(), surprise: bool = False) -> Table:
    pieces = (*scenario().pieces,
              piece("jp-cv-b", "japan", "cv", 3, SEA),
              piece("jp-cba-e", "japan", "cba", 2, "jp-cv-b", elite=True),
              piece("jp-cba-2", "japan", "cba", 2, "jp-cv-b"),
              piece("jp-cba-3", "japan", "cba", 2, "jp-cv-b"),
              piece("us-ca-3", "usa", "ca", 3, "luzon"),
              piece("us-lba-1", "usa", "lba", 2, "luzon"),
              piece("us-lba-2", "usa", "lba", 1, "mindanao", top=2), *extra)
    t = Table(scenario(pieces=pieces, surprise=surprise))
    t.do(c.Advance())
    t.advance_to("air_naval_combat", "japan")
    return t


def of(t: Table, kind):
    return [e for e in t.log if isinstance(e, kind)]


def test_no_port_attack_while_an_enemy_fleet_is_at_sea_and_only_the_phasing_player_attacks():
    t = raid_table(extra=(piece("us-bb-9", "usa", "bb", 2, SEA),))
    with pytest.raises(Refused) as refused:
        t.do(ca.AttackPort(zone="luzon", sea=SEA, port_attack=("jp-cba-e",)))
    assert refused.value.rule == "AE 8.7"
    t = raid_table()
    with pytest.raises(Refused) as refused:  # Formosa is Japan's own zone
        t.do(ca.AttackPort(zone="formosa", sea=SEA, port_attack=("jp-cba-e",)))
    assert refused.value.rule == "AE 8.7" and "not an enemy zone" in str(refused.value)


def test_a_port_attack_cap_air_combat_port_aa_then_a_fleet_in_port_and_the_facilities():
    t = raid_table()
    t.do(ca.AttackPort(zone="luzon", sea=SEA, escort=("jp-cba-3",), port_attack=("jp-cba-e", "jp-cba-2")))
    battle = t.state.battles["luzon"]
    assert battle.missions == {"jp-cba-3": "escort", "jp-cba-e": "port_attack", "jp-cba-2": "port_attack",
                               "us-lba-1": "cap"}  # every defending air unit flies CAP (AE 8.7)
    with pytest.raises(Refused) as refused:
        t.do(ca.StrikePort(zone="luzon", targets={"jp-cba-e": "us-ca-3"}, faces=(1, 1)))
    assert refused.value.rule == "AE 8.7, 8.42d"
    assert "Air combat at Luzon" in guidance(t.state)
    t.do(ca.FightAir(where="luzon", faces=(1, 1, 1, 1)))  # 2 Escort dice at the CAP, 2 CAP dice at the Escort
    assert "The Allies' AA fires at Luzon" in guidance(t.state)
    with pytest.raises(Refused) as refused:  # AA before the port attackers fire
        t.do(ca.StrikePort(zone="luzon", targets={"jp-cba-e": "us-ca-3"}, faces=(1, 1)))
    assert refused.value.rule == "AE 8.7"
    # AA: the cruiser's 3 steps give 1 die, the large port 2 more (AE 3.24): 3 dice; no 6.
    t.do(ca.FireAntiAircraft(where="luzon", side="allies", faces=(5, 4, 3)))
    assert of(t, ea.AntiAircraftFired)[-1].dice == 3
    # Elite CBA at the cruiser in port: +1 port attack, +1 CBA against a CA, +1 elite: 3 -> destroy, 2 -> damage.
    # The other CBA at the facilities: only a 6 damages the port.
    t.do(ca.StrikePort(zone="luzon", targets={"jp-cba-e": "us-ca-3", "jp-cba-2": "port"}, faces=(3, 2, 6, 5)))
    assert [s[3] for s in of(t, ea.PortStruck)[-1].shots] == [3, 3, 0, 0]
    assert t.state.pieces["us-ca-3"].steps == 2 and t.state.damaged["us-ca-3"] == 1
    assert t.state.port_damage["luzon"] == 1
    t.do(ca.EndAirRound(where="luzon"))
    assert "luzon" not in t.state.battles
    with pytest.raises(Refused) as refused:  # one port or airbase attack per air unit per turn
        t.do(ca.AttackPort(zone="mindanao", sea=SEA, escort=("jp-cba-e",)))
    assert refused.value.rule == "AE 8.7"


def test_port_damage_stops_at_three_points():
    t = raid_table()
    t.do(c.Edit(what="place", key="us-lba-1", value="sian", reason="no CAP over Luzon for this test"))
    t.do(ca.AttackPort(zone="luzon", sea=SEA, port_attack=("jp-cba-2", "jp-cba-3")))
    t.do(ca.FireAntiAircraft(where="luzon", side="allies", faces=(1, 1, 1)))
    t.do(ca.StrikePort(zone="luzon", targets={"jp-cba-2": "port", "jp-cba-3": "port"}, faces=(6, 6, 6, 6)))
    assert t.state.port_damage["luzon"] == 3  # AE 8.7: further damage is ignored


def test_an_airbase_attack_is_air_combat_only():
    t = raid_table()
    with pytest.raises(Refused) as refused:  # Mindanao has no port
        t.do(ca.AttackPort(zone="mindanao", sea=SEA, port_attack=("jp-cba-2",)))
    assert refused.value.rule == "AE 8.7"
    t.do(ca.AttackPort(zone="mindanao", sea=SEA, escort=("jp-cba-2", "jp-cba-3")))
    with pytest.raises(Refused) as refused:  # ruling [42]: no AA without a Port Attack unit
        t.do(ca.FireAntiAircraft(where="mindanao", side="allies", faces=(6,)))
    assert refused.value.rule == "AE 8.42e, 8.7"
    # 4 Escort steps at the 1-step CAP; the CAP fires its 1 die at the Escort.
    t.do(ca.FightAir(where="mindanao", faces=(6, 1, 1, 1, 6)))
    assert "us-lba-2" not in t.state.pieces  # one hit on a one-step unit: forced
    assert t.state.battles["mindanao"].owed["japan"] == {"escort": 1}  # two Escort units: Japan chooses
    t.do(ca.LoseAirSteps(where="mindanao", side="japan", losses={"jp-cba-3": 1}))
    t.do(ca.EndAirRound(where="mindanao"))
    assert t.state.pieces["jp-cba-3"].steps == 1 and "mindanao" not in t.state.battles


def pearl(extra=()) -> Table:
    """Nov/Dec 1941: the Kido Butai in the Hawaiian Islands; a US cruiser at sea there; CV, BB and LBA at Hawaii."""
    pieces = (*scenario().pieces,
              piece("jp-cv-k", "japan", "cv", 3, "hawaiian_islands"),
              piece("jp-cba-k1", "japan", "cba", 2, "jp-cv-k", elite=True),
              piece("jp-cba-k2", "japan", "cba", 2, "jp-cv-k", elite=True),
              piece("us-lba-h", "usa", "lba", 2, "hawaii"), *extra)
    t = Table(scenario(pieces=pieces))
    t.do(c.Advance())
    t.advance_to("air_naval_combat", "japan")
    assert t.state.surprise
    return t


def test_pearl_harbor_surprise_attack_before_any_interception_with_the_first_turn_bonuses():
    t = pearl(extra=(piece("us-ca-h", "usa", "ca", 2, "hawaiian_islands"),))
    with pytest.raises(Refused) as refused:
        t.do(c.Intercept(sea="hawaiian_islands", japan="day", allies="night", faces=(1, 1)))
    assert refused.value.rule == "AE 9.11b, j"
    with pytest.raises(Refused) as refused:  # strafing is for the surprise attack's grounded LBA only
        t.do(ca.AttackPort(zone="hawaii", sea="hawaiian_islands", port_attack=("jp-cba-k1",),
                           strafe=("jp-cba-k1",)))
    assert refused.value.rule == "AE 9.11j"
    # Allowed with the US cruiser still at sea (AE 9.11j); the LBA on Hawaii is grounded, the US CBA in port fly CAP.
    t.do(ca.AttackPort(zone="hawaii", sea="hawaiian_islands", escort=("jp-cba-k2",), port_attack=("jp-cba-k1",),
                       strafe=("jp-cba-k2",)))
    b = t.state.battles["hawaii"]
    assert b.grounded == ("us-lba-h",) and b.missions["us-cba-1"] == "cap" and b.bonus
    # The strafing Escort hits on 5 - 1 elite - 1 surprise = 3; the LBA does not fire back. The US CAP (2 steps,
    # not more than twice the 2 Escort steps) fires at the Escort.
    t.do(ca.FightAir(where="hawaii", faces=(3, 2, 1, 1)))
    fought = of(t, ea.AirFought)[-1]
    assert [(u, n, at) for u, _, n, at in fought.dice] == [
        ("jp-cba-k2", 3, "grounded"), ("jp-cba-k2", 3, "grounded"), ("us-cba-1", 5, "escort"),
        ("us-cba-1", 5, "escort")]
    assert t.state.pieces["us-lba-h"].steps == 1
    # AA: (3 CV + 4 BB) // 2 = 3, + 2 for the large port = 5, halved rounded up = 3 (AE 9.11f, one pool).
    t.do(ca.FireAntiAircraft(where="hawaii", side="allies", faces=(1, 1, 1)))
    aa = of(t, ea.AntiAircraftFired)[-1]
    assert (aa.dice, aa.halved) == (3, True)
    # The elite CBA at the battleship in port: +1 port attack, +1 elite, +1 surprise: 3 destroys, 2 damages.
    t.do(ca.StrikePort(zone="hawaii", targets={"jp-cba-k1": "us-bb-1"}, faces=(3, 2)))
    assert t.state.pieces["us-bb-1"].steps == 3 and t.state.damaged["us-bb-1"] == 1
    t.do(ca.EndAirRound(where="hawaii"))
    assert t.state.pearl == "struck"
    with pytest.raises(Refused) as refused:
        t.do(c.Intercept(sea="hawaiian_islands", japan="day", allies="day", faces=(1, 1)))
    assert refused.value.rule == "AE 9.11k"
    t.do(ca.DecidePearlHarbor(side="japan", decision="stay"))
    t.do(ca.DecidePearlHarbor(side="allies", decision="intercept"))
    with pytest.raises(Refused) as refused:
        t.do(c.Intercept(sea="hawaiian_islands", japan="night", allies="day", faces=(1, 1)))
    assert refused.value.rule == "AE 9.11k"
    # The shortened round: +3 to the US roll, Day for both; Japan's first-round bonus was spent at the port.
    t.do(c.Intercept(sea="hawaiian_islands", japan="day", allies="day", faces=(5, 2)))
    rolled = of(t, ev.InterceptionRolled)[-1]
    assert rolled.modified == {"japan": 6, "allies": 6} and rolled.outcome == "bad_weather"
    t.do(c.Intercept(sea="hawaiian_islands", japan="day", allies="day", attempt=2, after_bad_weather=True,
                     faces=(5, 1)))
    b = t.state.battles["hawaiian_islands"]
    assert (b.rounds, b.bonus) == (1, False)


def test_pearl_harbor_the_us_fleets_leave_for_the_usa_and_one_more_port_attack_round_is_allowed():
    t = pearl(extra=(piece("us-ca-h", "usa", "ca", 2, "hawaiian_islands"),))
    t.do(ca.AttackPort(zone="hawaii", sea="hawaiian_islands", port_attack=("jp-cba-k1",)))
    t.do(ca.FightAir(where="hawaii", faces=(1, 1)))
    t.do(ca.FireAntiAircraft(where="hawaii", side="allies", faces=(1, 1, 1)))
    t.do(ca.StrikePort(zone="hawaii", targets={"jp-cba-k1": "port"}, faces=(1, 1)))
    t.do(ca.EndAirRound(where="hawaii"))
    with pytest.raises(Refused) as refused:  # only after the US fleets left
        t.do(ca.AttackPort(zone="hawaii", sea="hawaiian_islands", port_attack=("jp-cba-k1",)))
    assert refused.value.rule == "AE 8.7"
    t.do(ca.DecidePearlHarbor(side="japan", decision="stay"))
    t.do(ca.DecidePearlHarbor(side="allies", decision="return"))
    assert t.state.pieces["us-ca-h"].at == "usa"  # the US national port, not Hawaii
    t.do(ca.AttackPort(zone="hawaii", sea="hawaiian_islands", port_attack=("jp-cba-k1",)))  # the same CBA again
    b = t.state.battles["hawaii"]
    assert not b.bonus and b.grounded == () and b.missions["us-lba-h"] == "cap"
    t.do(ca.FightAir(where="hawaii", faces=(1, 1, 1, 1)))  # both US units fly CAP now
    t.do(ca.FireAntiAircraft(where="hawaii", side="allies", faces=(1, 1, 1, 1, 1)))
    assert of(t, ea.AntiAircraftFired)[-1].halved is False  # AE 9.11f: at Hawaii, the first round only
    t.do(ca.StrikePort(zone="hawaii", targets={"jp-cba-k1": "port"}, faces=(1, 1)))
    t.do(ca.EndAirRound(where="hawaii"))
    with pytest.raises(Refused) as refused:  # the only second port attack of the game
        t.do(ca.AttackPort(zone="hawaii", sea="hawaiian_islands", port_attack=("jp-cba-k1",)))
    assert refused.value.rule == "AE 8.7"
