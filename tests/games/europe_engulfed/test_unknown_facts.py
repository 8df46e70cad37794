"""Unknown board facts never decide silently (EE 3.1, 4.12): a trace is undetermined only when it touched one,
and production that depends on one is asked, not counted as "no"."""

from __future__ import annotations

from assistant.games.europe_engulfed.board.format import Board, Border, LandArea
from assistant.games.europe_engulfed.board.loader import partial_board
from assistant.games.europe_engulfed.supply.determine import determine
from assistant.games.europe_engulfed.supply.situation import SupplySituation, UnitPosition


def shipped_with_memel() -> Board:
    """The shipped board (Baku, Murmansk, Sevastopol with unknown facts) and Memel, whose borders are all entered:
    its only neighbour is Axis Königsberg and it is known not to be a port."""
    b = partial_board()
    memel = LandArea(name="Memel", nation="lithuania", home=True, resource=False, ports=(), borders_complete=True,
                     terrain="clear", weather_zone="east")
    konigsberg = LandArea(name="Königsberg", nation="germany", home=True, resource=False, ports=(),
                          terrain="clear", weather_zone="east")
    return Board(title=b.title, areas={**b.areas, "memel": memel, "konigsberg": konigsberg}, seas=b.seas,
                 borders=b.borders + (Border(a="memel", b="konigsberg"),), cape_route=b.cape_route)


def soviet(uid: str, area: str) -> UnitPosition:
    return UnitPosition(id=uid, nation="ussr", side="Allied", area=area)


def test_a_cut_off_unit_whose_area_is_fully_known_is_out_of_supply_whatever_is_unknown_far_away():
    board = shipped_with_memel()
    sit = SupplySituation(units=(soviet("s1", "memel"),),
                          control={"memel": "Allied", "konigsberg": "Axis", "baku": "Allied", "moscow": "Allied"})
    det = determine(board, sit, "Allied", "initial")
    assert det.undetermined == {}
    assert det.marked == ["s1"]


def test_a_unit_whose_line_reaches_an_area_of_unknown_borders_is_undetermined_naming_that_area():
    board = shipped_with_memel()
    open_memel = board.areas["memel"]
    areas = {**board.areas, "memel": LandArea(**{**{f: getattr(open_memel, f) for f in open_memel.__struct_fields__},
                                                  "borders_complete": False})}
    board = Board(title=board.title, areas=areas, seas=board.seas, borders=board.borders, cape_route=board.cape_route)
    sit = SupplySituation(units=(soviet("s1", "memel"),), control={"memel": "Allied", "konigsberg": "Axis"})
    det = determine(board, sit, "Allied", "initial")
    assert [(g.subject, g.fact) for g in det.undetermined["s1"]] == [("memel", "borders")]


def test_supply_cannot_be_skipped_an_out_of_supply_unit_is_marked_gets_no_replacement_and_is_eliminated():
    """EE 1.21, 1.27, 3.4, 3.6: closing a supply phase determines supply; a cut-off unit is marked in the initial
    phase, gets no replacement step (4.31) and is eliminated in the final phase."""
    from assistant.decider import Refused
    from assistant.games.europe_engulfed.commands import Advance, Buy
    from tests.games.europe_engulfed.scenarios import game_options, mid_war, unit
    from tests.games.europe_engulfed.table import Table
    import pytest

    sc = mid_war()
    sc["units"] = [*sc["units"], unit("cut", "germany", "infantry", "persia", steps=2)]
    sc["control"] = {**sc["control"], "persia": "Axis"}  # Persia: no land border to Germany, not a port
    t = Table(game_options(sc))
    while t.state.phase != "initial_supply":
        t.do(Advance())
    t.settle_supply()  # Oslo's borders are not on the test board
    t.do(Advance())
    assert t.state.phase == "production" and t.state.units["cut"].oos
    with pytest.raises(Refused) as refused:
        t.do(Buy(item="replacement", unit_id="cut", steps=1))
    assert refused.value.rule in ("EE 3.4", "EE 4.31")
    while t.state.phase != "final_supply":
        t.do(Advance())
    t.settle_supply()
    t.do(Advance())
    assert "cut" not in t.state.units and t.state.phase == "initial_supply" and t.state.side == "Allied"
