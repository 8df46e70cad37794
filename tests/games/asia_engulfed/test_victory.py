"""Conquest and victory (AE 10.1-10.4): the determination at the end of Jul/Aug 1945 and the sudden deaths."""

from __future__ import annotations

from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.board.amend import SetZone
from assistant.games.asia_engulfed.rules.victory import tally
from tests.games.asia_engulfed.table import Table, piece, scenario


def play_to_the_end(t: Table, network: tuple[str, ...]) -> ev.VictoryDetermined:
    t.do(c.Advance())
    t.advance_to("initial_supply", "japan")
    t.do(c.SetNetwork(seas=network))
    for _ in range(60):
        if t.state.result or t.state.phase == "turn_advance":
            break
        t.advance_to_next()
    return [e for e in t.log if isinstance(e, ev.VictoryDetermined)][-1]


def last_turn(**kw) -> Table:
    return Table(scenario(start_turn="1945-07", surprise=False, **kw))


def test_a_japanese_marginal_victory_at_the_end_of_jul_aug_1945():
    # Honshu, Peking, Shanghai (garrisoned), the Marianas: 4 supplied VP zones; the South China Sea under
    # Japanese influence: 1 VP sea zone. 5 = Japanese Marginal.
    pieces = (*scenario().pieces, piece("jp-gar-shanghai", "japan", "garrison", 1, "shanghai"),
              piece("jp-gar-marianas", "japan", "garrison", 1, "marianas"))
    t = last_turn(pieces=pieces)
    found = play_to_the_end(t, ("east_china_sea", "philippine_sea"))
    assert found.when == "final"
    assert found.vp_zones == ("honshu", "marianas", "peking", "shanghai")
    assert found.vp_seas == ("south_china_sea",)
    assert (found.result, found.rule) == ("japanese_marginal", "AE 10.3")
    assert t.state.result == "japanese_marginal"


def test_sea_zones_count_for_operational_but_not_for_the_decisive_test_c():
    # Six with the sea zone but five land zones and no Allied strategic air base: Operational, not Decisive.
    pieces = (*scenario().pieces, piece("jp-gar-shanghai", "japan", "garrison", 1, "shanghai"),
              piece("jp-gar-marianas", "japan", "garrison", 1, "marianas"),
              piece("jp-gar-luzon", "japan", "garrison", 1, "luzon"))
    control = {"luzon": "japan"}
    t = last_turn(pieces=tuple(p for p in pieces if p.id != "ph-mil"), control=control)
    found = play_to_the_end(t, ("east_china_sea", "philippine_sea", "south_china_sea"))
    assert len(found.vp_zones) == 5 and len(found.vp_seas) == 1
    assert found.result == "japanese_operational"


def test_six_supplied_land_vp_zones_and_no_allied_air_base_is_a_japanese_decisive_victory():
    pieces = (*scenario().pieces, piece("jp-gar-shanghai", "japan", "garrison", 1, "shanghai"),
              piece("jp-gar-marianas", "japan", "garrison", 1, "marianas"),
              piece("jp-gar-luzon", "japan", "garrison", 1, "luzon"),
              piece("jp-inf-sumatra", "japan", "infantry", 2, "sumatra"))
    t = last_turn(pieces=tuple(p for p in pieces if p.id not in ("ph-mil", "cw-ca-1")),
                  control={"luzon": "japan", "sumatra": "japan"})
    found = play_to_the_end(t, ("east_china_sea", "philippine_sea", "south_china_sea", "java_sea"))
    assert len(found.vp_zones) == 6
    assert (found.result, found.rule) == ("japanese_decisive", "AE 10.3c")


def test_allied_levels_when_japan_holds_few_vp_zones():
    pieces = tuple(p for p in scenario().pieces if p.id not in ("jp-gar-peking", "jp-lba-1"))
    t = last_turn(pieces=pieces, control={"peking": "allies", "shanghai": "allies"})
    found = play_to_the_end(t, ("east_china_sea",))
    assert found.vp_zones == ("honshu",) and found.vp_seas == ()
    assert found.result == "allied_operational"


def test_japan_holding_hawaii_wins_at_the_end_of_any_allied_player_turn():
    pieces = (*tuple(p for p in scenario().pieces if p.nation != "usa" or p.at not in ("hawaii", "us-cv-a")),
              piece("jp-inf-hawaii", "japan", "infantry", 1, "hawaii"))
    t = Table(scenario(pieces=pieces, control={"hawaii": "japan"}, start_turn="1942-05", surprise=False))
    found = play_to_the_end(t, ("east_china_sea",))
    assert (found.when, found.result, found.rule) == ("end of the Allied player turn", "japanese_decisive",
                                                     "AE 10.3a")


def test_the_philippines_fall_when_japan_holds_all_four_zones():
    control = {z: "japan" for z in ("luzon", "leyte", "mindanao", "samar")}
    pieces = tuple(p for p in scenario().pieces if p.id != "ph-mil")
    t = Table(scenario(pieces=pieces, control=control, surprise=False))
    t.do(c.Advance())
    t.do(c.Advance())
    assert "philippines" in t.state.conquered


def test_the_tally_names_unknown_vp_facts():
    t = Table(scenario())
    assert "lae: whether it is a VP zone (AE 10.3)" not in tally(t.state)["missing"]
    assert "hainan: whether it is a VP zone (AE 10.3)" in tally(t.state)["missing"]  # only named by the rules
    t.do(c.AmendBoard(amendments=(SetZone(zone="lae", vp=None),)))
    assert "lae: whether it is a VP zone (AE 10.3)" in tally(t.state)["missing"]



def test_a_conquered_power_s_empty_zones_pass_to_the_conqueror():
    """AE 10.21-10.22: India conquered; empty Indian zones become Japanese, a zone still held by the Allies stays."""
    from msgspec.structs import replace

    from assistant.games.asia_engulfed.rules.victory import conquests

    pieces = (*scenario().pieces, piece("us-inf-delhi", "usa", "infantry", 1, "delhi"))
    t = Table(scenario(pieces=pieces, control={"calcutta": "japan", "delhi": "japan", "bombay": "japan"}))
    state = replace(t.state, control={**t.state.control, "delhi": "japan"})
    india = next(e for e in conquests(state, end_of_allied_turn=True) if e.nation == "india")
    assert india.rule == "AE 10.12" and "cw-inf-2" in india.removed  # the Indian infantry of Calcutta
    assert india.control == {"assam": "japan"}  # empty and still Allied: the conqueror's
