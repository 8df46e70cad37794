"""Strategic warfare (EE 2.0) with the rule book's worked examples."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.europe_engulfed.commands import AirRaid, Buy, LaunchVWeapons, ResolveUBoats
from assistant.games.europe_engulfed.rules.movement import strategic_limit
import assistant.games.europe_engulfed.events as ev
from tests.games.europe_engulfed.scenarios import game_options, mid_war
from tests.games.europe_engulfed.table import Table
from tests.games.europe_engulfed.test_production import to_production


def raid_table(start: str, track: dict, **limits: int) -> Table:
    sc = mid_war(start, track=track)
    sc["wars"] = sc["wars"] + [["germany", "usa"]]
    return to_production(Table(game_options(sc, strategic_moves=limits)), "germany")


def test_worked_example_2_22_escorts_and_interceptors():
    """EE 2.22: 18 Allied fighters escort 7 bombers, Sep/Oct 1942, clear. 12 German fighters must intercept
    (7 >= 5). The escorts roll three 6s: 3 exchanges, each side loses 3 fighters. The 9 surviving interceptors
    roll one 5 and two 6s: 3 of the 7 bombers are lost."""
    t = raid_table("1942-09", {"bombers_allied": 7, "fighters_allied": 18, "fighters_axis": 12, "flak_germany": 0})
    escorts = [6, 6, 6] + [1] * 15
    interceptors = [5, 6, 6] + [1] * 6
    bombs = [1, 1, 1, 1]
    events = t.do(AirRaid(intercept=False), dice=escorts + interceptors + bombs)
    raid = events[-1]
    assert isinstance(raid, ev.AirRaidResolved)
    assert raid.intercepted  # forced: 7 bombers in clear weather (2.22a)
    assert (raid.escorts_lost, raid.interceptors_lost, raid.bombers_lost_to_fighters) == (3, 3, 3)
    assert t.state.track.fighters == {"Axis": 9, "Allied": 15} and t.state.track.bombers["Allied"] == 4
    assert raid.hits == 0 and raid.rail_interdiction == 0  # 4 bombers left: no full 5


def test_worked_example_2_27_bombing_in_support_of_land_operations():
    """EE 2.27: Jul/Aug 1944, the Allies declare support of Overlord. 4 hits, 11 bombers go home. Rail
    interdiction (2.25) cuts German strategic moves from 7 to 5 (11 // 5 = 2), and of those 5 at most 1 may
    start in, cross or end in the West zone (5 - 4 hits)."""
    t = raid_table("1944-07", {"bombers_allied": 11, "fighters_allied": 10, "fighters_axis": 0, "flak_germany": 0},
                   germany=7)
    bombs = [6, 5, 4, 4] + [1] * 7  # 1944: Allied bombers hit on 4-6 in clear weather (2.24a)
    raid = t.do(AirRaid(land_support=True), dice=bombs)[-1]
    assert (raid.hits, raid.werp_loss, raid.west_sm_reduction, raid.rail_interdiction) == (4, 0, 4, 2)
    assert strategic_limit(t.state, "germany") == 5
    assert t.state.west_sm_reduction == 4
    assert t.state.ledger("germany").balance == 35  # the hits cut moves, not WERP


def test_bombing_cap_is_half_the_supplied_home_werp():
    """EE 2.26: Germany holds 4 of its 5 home resource areas (24 WERP): a raid takes at most 12."""
    t = raid_table("1943-09", {"bombers_allied": 20, "fighters_allied": 0, "fighters_axis": 0, "flak_germany": 0})
    raid = t.do(AirRaid(), dice=[6] * 20)[-1]
    assert raid.hits == 20 and raid.cap == 12 and raid.werp_loss == 12
    assert t.state.ledger("germany").balance == 35 - 12
    assert raid.rail_interdiction == 4  # 20 // 5 (2.25)
    with pytest.raises(Refused) as twice:
        t.do(AirRaid())
    assert twice.value.rule == "EE 2.21"


def test_flak_dice_by_level():
    """EE 2.22d: flak level 2 throws one die per 4 remaining bombers; each 6 downs one."""
    t = raid_table("1942-09", {"bombers_allied": 9, "fighters_axis": 0, "flak_germany": 2})
    raid = t.do(AirRaid(), dice=[6, 6] + [1] * 7)[-1]
    assert (raid.flak_dice, raid.bombers_lost_to_flak) == (2, 2)


def test_strategic_warfare_comes_before_maintenance():
    t = raid_table("1942-09", {"bombers_allied": 2})
    t.do(Buy(item="uboat"))
    with pytest.raises(Refused) as late:
        t.do(AirRaid())
    assert late.value.rule == "EE 2.0"


def test_worked_example_2_13_uboats_cut_strategic_moves():
    """EE 2.13: 32 U-boats left after the campaign: Britain and the U.S.A. each lose one strategic move, down to
    three units each (their limit being four)."""
    sc = mid_war("1942-09", track={"uboats": 32, "asw": 1})
    sc["wars"] = sc["wars"] + [["germany", "usa"]]
    t = to_production(Table(game_options(sc, strategic_moves={"britain": 4, "usa": 4})), "britain")
    campaign = t.do(ResolveUBoats(percent=0, werp_loss=0), dice=[1, 1])[-1]
    assert campaign.sm_penalty == 1
    assert strategic_limit(t.state, "britain") == 3 and strategic_limit(t.state, "usa") == 3


def test_uboat_tables_entered_as_options_are_used():
    """When the players enter the ASW and U-boat attack tables (not printed in the rule book), the assistant reads
    them: level 3 die 4 -> 20% of 25 = 5 sunk (rounded up); 20 U-boats, die 6 -> 5 WERP."""
    sc = mid_war("1942-09")
    opts = game_options(sc, asw_table={"3": [0, 10, 10, 20, 20, 30]},
                        uboat_attack_table=[[0, [0, 0, 1, 1, 2, 2]], [20, [1, 2, 2, 3, 4, 5]]])
    t = to_production(Table(opts), "britain")
    campaign = t.do(ResolveUBoats(), dice=[4, 6])[-1]
    assert (campaign.percent, campaign.uboats_lost, campaign.werp_loss) == (20, 5, 5)


def test_v2_table_with_its_hit_bonus():
    """EE 2.28: V-2 damage die +1: 1->0, 2->1, 4->2 WERP; at least half the points must be launched."""
    sc = mid_war("1944-09", track={"v2": 3, "uboats": 0})
    sc["wars"] = sc["wars"] + [["germany", "usa"]]
    t = to_production(Table(game_options(sc)), "britain")
    with pytest.raises(Refused) as too_few:
        t.do(LaunchVWeapons(kind="v2", points=1))
    assert too_few.value.rule == "EE 2.28"
    attack = t.do(LaunchVWeapons(kind="v2", points=3), dice=[1, 2, 4])[-1]
    assert attack.damage == (0, 1, 2) and attack.werp_loss == 3
    assert t.state.track.v2 == 0
