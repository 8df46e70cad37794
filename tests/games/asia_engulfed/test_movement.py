"""Naval movement bookkeeping (AE 1.11, 5.31, 8.2-8.25, 9.11a, 9.22) and land movement (AE 5.1-5.2, 9.23)."""

from __future__ import annotations

import msgspec
import pytest

from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import events as ev
from tests.games.asia_engulfed.table import Table, board, piece, scenario


def naval(**kw) -> Table:
    t = Table(scenario(**kw))
    t.do(c.Advance())
    assert t.state.phase == "naval_movement"
    return t


def test_each_japanese_fleet_block_pays_one_oil_and_each_transported_unit_one_transport_point():
    t = naval()
    t.do(c.NavalMove(pieces=("jp-bb-1", "jp-ca-elite"), to="east_china_sea", zones=1))
    t.do(c.NavalMove(pieces=("jp-inf-1",), to="east_china_sea", zones=2))
    assert t.state.balance("japan", "oil") == 18 and t.state.balance("japan", "ta") == 9
    with pytest.raises(Refused) as refused:
        t.do(c.NavalMove(pieces=("jp-bb-1",), to="south_china_sea", zones=1))
    assert refused.value.rule == "AE 8.21"


def test_a_japanese_marine_on_two_sea_zones_pays_oil_or_a_transport_point_and_on_three_oil():
    pieces = (*scenario().pieces, piece("jp-mar-1", "japan", "marine", 2, "kyushu"),
              piece("jp-mar-2", "japan", "marine", 2, "kyushu"))
    t = naval(pieces=pieces)
    with pytest.raises(Refused) as refused:
        t.do(c.NavalMove(pieces=("jp-mar-1",), to="south_china_sea", zones=2))
    assert refused.value.rule == "AE 1.11c"
    t.do(c.NavalMove(pieces=("jp-mar-1",), to="south_china_sea", zones=2, marine_pays="tp"))
    t.do(c.NavalMove(pieces=("jp-mar-2",), to="gulf_of_thailand", zones=3))
    assert t.state.balance("japan", "ta") == 9 and t.state.balance("japan", "oil") == 19


def test_on_the_first_turn_us_fleets_at_hawaii_cannot_react():
    t = naval()
    t.do(c.NavalMove(pieces=("jp-cv-a",), to="philippine_sea", zones=1))
    with pytest.raises(Refused) as refused:
        t.do(c.NavalMove(pieces=("us-bb-1",), to="philippine_sea", zones=1, mode="react"))
    assert refused.value.rule == "AE 9.11a"
    t.do(c.NavalMove(pieces=("cw-ca-1",), to="south_china_sea", zones=1, mode="react"))


def test_fleets_move_three_sea_zones_and_react_two():
    t = naval(surprise=False)
    with pytest.raises(Refused) as refused:
        t.do(c.NavalMove(pieces=("jp-bb-1",), to="hawaiian_islands", zones=4))
    assert refused.value.rule == "AE 8.22"
    t.do(c.NavalMove(pieces=("jp-bb-1",), to="philippine_sea", zones=1))
    with pytest.raises(Refused):
        t.do(c.NavalMove(pieces=("us-bb-1",), to="philippine_sea", zones=3, mode="react"))


def test_japan_cannot_move_fleets_without_oil():
    from assistant.games.asia_engulfed.scenario.format import Tracks

    t = naval(tracks=Tracks(oil=1, transport_capacity=5))
    with pytest.raises(Refused, match="2 Oil needed, Japan has 1"):
        t.do(c.NavalMove(pieces=("jp-bb-1", "jp-ca-elite"), to="east_china_sea", zones=1))


def test_us_production_rises_once_a_qualifying_force_has_sailed_in_1942():
    pieces = (*scenario().pieces, piece("us-bb-2", "usa", "bb", 3, "hawaii"),
              piece("us-cba-2", "usa", "cba", 2, "us-cv-a"), piece("us-cba-3", "usa", "cba", 1, "us-cv-a", top=2))
    t = Table(scenario(pieces=pieces, start_turn="1942-09", surprise=False))
    t.do(c.Advance())
    with pytest.raises(Refused) as refused:
        t.do(c.RecordEscalation(fleets=("us-cv-a", "us-bb-1"), trigger="reactable_move"))  # 7 steps
    assert refused.value.rule == "AE 9.22"
    t.do(c.RecordEscalation(fleets=("us-cv-a", "us-bb-1", "us-bb-2"), trigger="reactable_move"))
    levels = []
    for _ in range(3):
        t.advance_to("production", "allies", producer="usa")
        levels.append(t.state.balance("usa", "werp"))
        t.do(c.Advance())
        t.advance_to("turn_advance")
        t.do(c.Advance())
    assert levels == [20, 20, 25]  # Sep/Oct 1942, Nov/Dec 1942, then Jan/Feb 1943 (AE 9.22)


def test_us_units_do_not_operate_in_china_and_land_units_take_one_zone():
    pieces = (*scenario().pieces, piece("us-inf-2", "usa", "infantry", 2, "burma"),
              piece("cw-inf-3", "commonwealth", "infantry", 2, "burma", nationality="indian"))
    t = Table(scenario(pieces=pieces, surprise=False))
    t.do(c.Advance())
    t.advance_to("operational_movement", "allies")
    with pytest.raises(Refused) as refused:
        t.do(c.Move(pieces=("us-inf-2",), to="chungking"))
    assert refused.value.rule == "AE 9.23"
    with pytest.raises(Refused) as refused:
        t.do(c.Move(pieces=("cw-inf-3",), to="calcutta"))
    assert refused.value.rule == "AE 5.11"
    t.do(c.Move(pieces=("cw-inf-3",), to="assam"))


def test_a_japanese_occupation_changes_control_at_once():
    pieces = (*scenario().pieces, piece("jp-inf-fic2", "japan", "infantry", 2, "french_indochina"))
    t = Table(scenario(pieces=pieces, surprise=False))
    t.do(c.Advance())
    t.advance_to("operational_movement", "japan")
    events = t.do(c.Move(pieces=("jp-inf-fic2",), to="burma"))
    assert isinstance(events[-1], ev.ControlChanged) and t.state.control["burma"] == "japan"


def test_the_rear_guard_stays_when_leaving_a_contested_zone():
    """AE 5.14 example: the Commonwealth has two units (5 steps); Japan must leave at least two steps."""
    pieces = (*scenario().pieces, piece("jp-a", "japan", "infantry", 1, "malaya", top=4),
              piece("jp-b", "japan", "infantry", 1, "malaya", top=4),
              piece("cw-a", "commonwealth", "infantry", 3, "malaya", nationality="british"),
              piece("cw-b", "commonwealth", "infantry", 2, "malaya", nationality="british", top=4))
    t = Table(scenario(pieces=pieces, surprise=False, control={"malaya": "allies"}))
    t.do(c.Advance())
    t.advance_to("operational_movement", "japan")
    with pytest.raises(Refused) as refused:
        t.do(c.Move(pieces=("jp-a",), to="french_indochina"))
    assert refused.value.rule == "AE 5.14b"


def test_the_table_may_override_a_refused_move_with_its_reason_on_record():
    pieces = (*scenario().pieces, piece("us-inf-2", "usa", "infantry", 2, "burma"))
    t = Table(scenario(pieces=pieces, surprise=False))
    t.do(c.Advance())
    t.advance_to("operational_movement", "allies")
    events = t.do(c.Move(pieces=("us-inf-2",), to="chungking", override="Merrill's Marauders house rule"))
    assert isinstance(events[0], ev.RuleOverridden) and events[0].rule == "AE 9.23"
    assert t.state.pieces["us-inf-2"].at == "chungking"
    with pytest.raises(Refused) as refused:
        t.do(c.Move(pieces=("nobody",), to="chungking", override="a piece that is not on the map"))
    assert refused.value.rule == "Override"


def test_code_breaking_lets_us_fleets_react_three_sea_zones_into_the_zone_read():
    t = naval(start_turn="1942-05", surprise=False, special_actions={"usa": 1})
    t.do(c.SpendSpecialAction(nation="usa", use="code_breaking", target="philippine_sea"))
    t.do(c.NavalMove(pieces=("jp-bb-1",), to="philippine_sea", zones=1))
    t.do(c.NavalMove(pieces=("us-bb-1",), to="philippine_sea", zones=3, mode="react"))  # AE 7.6c
    with pytest.raises(Refused) as refused:  # once a year
        t.do(c.SpendSpecialAction(nation="usa", use="code_breaking", target="east_china_sea"))
    assert refused.value.rule == "AE 7.6"


def test_a_path_stops_on_entering_enemy_influence_and_keeps_to_the_leyte_passage():
    from assistant.games.asia_engulfed.board.amend import SetSeaZone, SetZone

    t = naval(surprise=False)
    t.do(c.AmendBoard(amendments=(
        SetSeaZone(sea="south_philippine_sea", name="South Philippine Sea", transports=2, vp=False, japan_link=False,
                   adjacent=("philippine_sea", "sulu_sea")),
        SetSeaZone(sea="sulu_sea", name="Sulu Sea", transports=2, vp=False, japan_link=False,
                   adjacent=("south_philippine_sea", "south_china_sea")),
        SetZone(zone="palau", name="Palau", kind="island_box", colour="japan", port="small",
                seas=("south_philippine_sea",)),
    )))
    t.do(c.Edit(what="control", key="palau", value="japan", reason="a Japanese mandate island"))
    t.do(c.Edit(what="place", key="jp-ca-elite", value="palau", reason="the cruisers wait at Palau"))
    t.do(c.Edit(what="place", key="jp-bb-1", value="formosa", reason="the battleships sailed from Formosa"))
    with pytest.raises(Refused) as refused:  # the Commonwealth cruisers at Singapore: an Allied Java Sea
        t.do(c.NavalMove(pieces=("jp-bb-1",), to="gulf_of_thailand", zones=3,
                         path=("south_china_sea", "java_sea", "gulf_of_thailand")))
    assert refused.value.rule == "AE 8.22" and "stops on entering Java Sea" in str(refused.value)
    with pytest.raises(Refused) as refused:  # Leyte is Allied
        t.do(c.NavalMove(pieces=("jp-ca-elite",), to="sulu_sea", zones=2, path=("south_philippine_sea", "sulu_sea")))
    assert refused.value.rule == "AE 8.22b"
    t.do(c.NavalMove(pieces=("jp-bb-1",), to="java_sea", zones=2,
                     path=("south_china_sea", "java_sea")))  # it may end its move there


def test_submarines_join_a_reaction_at_any_distance_but_not_at_hawaii_on_the_first_turn():
    t = naval()
    t.do(c.NavalMove(pieces=("jp-bb-1",), to="south_china_sea", zones=2))
    t.do(c.NavalMove(pieces=("us-sub",), to="south_china_sea", zones=0, mode="react"))  # any distance (AE 8.25)
    assert t.state.pieces["us-sub"].at == "south_china_sea"
    with pytest.raises(Refused) as refused:
        t.do(c.NavalMove(pieces=("jp-sub",), to="hawaiian_islands", zones=0))
    assert refused.value.rule == "AE 9.11i"
    with pytest.raises(Refused) as refused:  # no Allied fleet reacted into the Coral Sea
        t.do(c.NavalMove(pieces=("jp-sub",), to="coral_sea", zones=0))
    assert refused.value.rule == "AE 1.11b, 8.25"


def test_on_the_first_turn_singapore_s_fleets_must_react_to_the_gulf_of_thailand():
    t = naval()
    t.do(c.Edit(what="place", key="jp-ca-elite", value="formosa", reason="the cruisers start at Formosa"))
    t.do(c.NavalMove(pieces=("jp-ca-elite",), to="gulf_of_thailand", zones=2))
    with pytest.raises(Refused) as refused:
        t.do(c.Advance())
    assert refused.value.rule == "AE 9.11e"
    t.do(c.NavalMove(pieces=("cw-ca-1",), to="gulf_of_thailand", zones=1, mode="react"))
    t.do(c.Advance())
    assert t.state.phase == "initial_supply"


def test_a_fleet_cannot_claim_fewer_sea_zones_than_the_board_shows():
    """AE 8.21-8.22: only fleets that can reach the destination move. Honshu (Inland Sea) to the Coral Sea is four
    sea zones on the board: declaring two does not make it a legal move, and nothing is written. (A sea zone whose
    links are not entered might touch any other, so the board used here has every link entered.)"""
    b = board()
    known = {k: v if v.adjacent is not None else msgspec.structs.replace(v, adjacent=()) for k, v in b.seas.items()}
    t = Table(scenario(surprise=False), board_=msgspec.structs.replace(b, seas=known))
    t.do(c.Advance())
    before = len(t.log)
    with pytest.raises(Refused) as refused:
        t.do(c.NavalMove(pieces=("jp-cv-a",), to="coral_sea", zones=2))
    assert refused.value.rule == "AE 8.21, 8.22" and "Coral Sea lies 4 sea zones from Honshu" in str(refused.value)
    assert len(t.log) == before and t.state.pieces["jp-cv-a"].at == "honshu"
    with pytest.raises(Refused):  # a troop transport: two sea zones, Honshu to the South China Sea is three
        t.do(c.NavalMove(pieces=("jp-inf-1",), to="south_china_sea", zones=2))
    t.do(c.NavalMove(pieces=("jp-cv-a",), to="hawaiian_islands", zones=1))  # three on the board: in range


def test_a_marine_going_three_sea_zones_pays_oil_whatever_was_declared():
    """AE 8.24: a Japanese Marine moving three sea zones moves like a fleet and pays Oil, not a transport point."""
    t = naval(pieces=(*scenario().pieces, piece("jp-mar-1", "japan", "marine", 2, "kyushu", top=3)))
    oil, ta = t.state.balance("japan", "oil"), t.state.balance("japan", "ta")
    t.do(c.NavalMove(pieces=("jp-mar-1",), to="gulf_of_thailand", zones=2, marine_pays="tp"))
    assert (t.state.balance("japan", "oil"), t.state.balance("japan", "ta")) == (oil - 1, ta)


def test_a_sea_zone_whose_links_are_unknown_never_makes_a_move_refused():
    """The shipped board leaves some sea links unknown: the least distance counts them as touching everything, so a
    move the real map may allow is not refused for want of a fact."""
    t = naval(surprise=False)
    t.do(c.NavalMove(pieces=("jp-cv-a",), to="coral_sea", zones=3))
    assert t.state.pieces["jp-cv-a"].at == "coral_sea"


def test_the_log_says_which_pieces_moved_and_what_japan_paid():
    """The log is the table's record: "2 piece(s) move" did not say which blocks went, nor the Oil and transport
    points they cost (AE 1.11c, 5.31)."""
    from assistant.games.asia_engulfed.describe import describe

    t = naval(surprise=False)
    [fleets] = t.do(c.NavalMove(pieces=("jp-bb-1", "jp-ca-elite"), to="east_china_sea", zones=1))
    [troops] = t.do(c.NavalMove(pieces=("jp-inf-1",), to="east_china_sea", zones=2))
    assert describe(fleets) == "jp-bb-1, jp-ca-elite move to East China Sea; Japan pays 2 Oil."
    assert describe(troops) == "jp-inf-1 moves to East China Sea; Japan pays 1 transport point(s)."


def test_each_move_offers_choices_only_for_its_own_fields(tmp_path):
    """`tabletop moves` listed "sea" and "submarine_zone" under ae.naval_move, which has neither field: the shared
    choice helpers list several fields, and a move offers only its command's."""
    import json

    import msgspec

    from assistant.application import Assistant
    from assistant.games.asia_engulfed.board.loader import to_dict
    from assistant.kinds import KindRegistry
    from events.store import EventStore
    from tests.games.asia_engulfed.table import board

    store = EventStore(tmp_path / "ae.sqlite3")
    app = Assistant(store, KindRegistry())
    gid = app.new_game("asia_engulfed", {"board": to_dict(board())})
    app.handle(gid, json.dumps({"type": "ae.set_up_scenario", "scenario": msgspec.to_builtins(scenario())}))
    app.handle(gid, '{"type": "ae.advance"}')
    offered = {p.tag: p for p in app.moves(gid)}
    assert "ae.naval_move" in offered and "to" in offered["ae.naval_move"].choices
    for p in offered.values():
        assert set(p.choices) <= set(p.command.__struct_fields__), p.tag
    store.close()