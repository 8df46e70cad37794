"""Edit mode and overridden rules: the table corrects the record with a reason, or does what the rules refuse
with the refusal on record; and the WERP ledger read model links every line to the event that booked it."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.europe_engulfed.board.loader import to_dict
from assistant.games.europe_engulfed.commands import Buy, DeclareWar, Edit, Move, NewBlock, SpendSpecialAction
from assistant.games.europe_engulfed.describe import describe
import assistant.games.europe_engulfed.events as ev
from assistant.games.europe_engulfed.read_models import table as views
from tests.games.europe_engulfed.scenarios import game_options, mid_war
from tests.games.europe_engulfed.table import BOARD, Table, advance
from tests.games.europe_engulfed.test_production import to_production


def test_an_edit_needs_a_reason_and_a_change():
    t = Table(game_options(mid_war()))
    with pytest.raises(Refused, match="needs a reason"):
        t.do(Edit(reason="  ", steps={"g_inf1": 2}))
    with pytest.raises(Refused, match="changes nothing"):
        t.do(Edit(reason="the board is right"))


def test_blocks_added_from_the_pool_and_removed_to_it():
    t = Table(game_options(mid_war()))
    out = t.do(Edit(reason="a Soviet block was forgotten at set-up",
                    add=(NewBlock(nation="ussr", kind="infantry", max_steps=4, steps=2, area="moscow"),
                         NewBlock(nation="ussr", kind="armor", max_steps=3, area="gorky", id="s_arm9")),
                    remove=("g_inf5",)))
    edited = out[0]
    assert isinstance(edited, ev.UnitsEdited) and edited.removed == ("g_inf5",)
    first, second = edited.added
    assert (first.id, first.steps, first.from_pool) == ("ussr-infantry-edit-1", 2, True)
    assert (second.steps, second.from_pool) == (3, False)  # no 3-step armor in the pool: the table says it is there
    s = t.state
    assert s.units["ussr-infantry-edit-1"].area == "moscow" and s.units["s_arm9"].steps == 3
    assert s.pools["ussr"]["infantry:4"] == 5 and "g_inf5" not in s.units and s.pools["germany"]["infantry:4"] == 3
    assert describe(edited) == ("Edit: the table adds Soviet infantry (2/4 steps) in Moscow "
                                "from the force pool; Soviet armor (3/3 steps) in Gorky and removes "
                                "1 unit to the force pool, because a Soviet block was forgotten at set-up.")
    with pytest.raises(Refused, match="already on the map"):
        t.do(Edit(reason="again", add=(NewBlock(nation="ussr", kind="armor", max_steps=3, area="gorky", id="s_arm9"),)))
    with pytest.raises(Refused, match="1 to 4 steps"):
        t.do(Edit(reason="typo", add=(NewBlock(nation="ussr", kind="infantry", max_steps=4, steps=5, area="gorky"),)))


def test_removed_for_good_never_returns_to_the_pool():
    t = Table(game_options(mid_war()))
    t.do(Edit(reason="that block left the game", remove=("g_inf5",), for_good=True))
    assert t.state.pools["germany"]["infantry:4"] == 2


def test_steps_control_track_special_actions_fleets_and_weather():
    t = Table(game_options(mid_war()))
    out = t.do(Edit(reason="the table shows otherwise", steps={"g_inf1": 1}, control={"minsk": "Axis", "persia": "neutral"},
                    track={"uboats": 30, "fighters_allied": 2, "flak_germany": 3}, special_actions={"germany": 1, "britain": 3},
                    fleets={"baltic": {"ussr": 0}}, weather={"east": "mud"}))
    assert [type(e) for e in out] == [ev.StepsEdited, ev.ControlEdited, ev.ControlEdited, ev.TracksEdited, ev.WeatherEdited]
    s = t.state
    assert s.units["g_inf1"].steps == 1 and s.control["minsk"] == "Axis" and "persia" not in s.control
    assert (s.track.uboats, s.track.fighters["Allied"], s.track.fighters["Axis"], s.track.flak["germany"]) == (30, 2, 4, 3)
    assert len(s.special_actions["germany"]) == 1 and len(s.special_actions["britain"]) == 3
    assert s.fleets["baltic"] == {"germany": 1, "ussr": 0} and s.weather["east"] == "mud"
    assert views.tracks(s)["special_actions"]["britain"]["held"] == 3
    assert all("because the table shows otherwise" in describe(e) for e in out)
    with pytest.raises(Refused, match="1 to 4 steps"):
        t.do(Edit(reason="x", steps={"g_inf1": 0}))
    with pytest.raises(Refused, match="control is"):
        t.do(Edit(reason="x", control={"minsk": "Germany"}))
    with pytest.raises(Refused, match="track values"):
        t.do(Edit(reason="x", track={"battleships": 3}))


def test_werp_edit_is_a_ledger_line_with_its_reason_and_never_below_zero():
    t = to_production(Table(game_options(mid_war())), "germany")
    before = t.state.ledger("germany").balance
    t.do(Edit(reason="Ploesti was supplied after all", werp={"germany": 2}))
    line = t.state.ledger("germany").lines[-1]
    assert (line.kind, line.amount, line.rule) == ("edit", 2, "Edit mode") and "Ploesti" in line.cause
    assert t.state.ledger("germany").balance == before + 2
    with pytest.raises(Refused, match="never below 0"):
        t.do(Edit(reason="too much", werp={"germany": -(before + 3)}))


def test_an_overridden_move_records_the_refusal_and_moves():
    t = to_production(Table(game_options(mid_war())), "germany")
    with pytest.raises(Refused):
        t.do(Move(unit_id="g_inf6", path=("bavaria", "ruhr")))  # not in a movement phase
    out = t.do(Move(unit_id="g_inf6", path=("berlin",), override="we moved it before production by mistake"))
    assert isinstance(out[0], ev.RuleOverridden) and out[0].command == "ee.move" and out[0].rule == "EE 1.23"
    assert isinstance(out[1], ev.UnitMoved) and t.state.units["g_inf6"].area == "berlin"
    assert "we moved it before production by mistake" in describe(out[0])


def test_an_overridden_move_into_an_empty_enemy_area_takes_it():
    t = Table(game_options(mid_war()))
    out = t.do(Move(unit_id="g_inf3", path=("kharkov", "rostov"), override="house rule: infantry ran two areas"))
    assert [type(e) for e in out] == [ev.RuleOverridden, ev.UnitMoved, ev.ControlChanged, ev.ControlChanged]
    assert t.state.control["rostov"] == "Axis" and t.state.units["g_inf3"].area == "rostov"


def test_an_override_cannot_invent_a_block():
    t = Table(game_options(mid_war()))
    with pytest.raises(Refused, match="an edit adds it"):
        t.do(Move(unit_id="nobody", path=("kiev",), override="it is there"))


def test_an_overridden_purchase_pays_the_rule_book_price():
    t = to_production(Table(game_options(mid_war())), "germany")
    t.do(Buy(item="uboat", qty=8))
    with pytest.raises(Refused, match="at most 8"):
        t.do(Buy(item="uboat", qty=2))
    out = t.do(Buy(item="uboat", qty=2, override="we agreed to lift the U-boat limit"))
    assert isinstance(out[0], ev.RuleOverridden) and out[0].rule == "EE 2.3"
    assert out[1].cost == 2 and t.state.track.uboats == 35
    assert t.state.ledger("germany").lines[-1].amount == -2


def test_overridden_declaration_and_special_action():
    t = Table(game_options(mid_war()))
    out = t.do(DeclareWar(aggressor="germany", target="sweden", override="scenario variant"))
    assert isinstance(out[0], ev.RuleOverridden) and out[0].rule == "EE 1.23"
    assert t.state.politics.at_war("germany", "sweden") and t.state.control["stockholm"] == "Allied"  # 9.63
    assert t.state.politics.deploying == ("sweden",)  # 9.61: the players deploy its forces
    out = t.do(SpendSpecialAction(nation="germany", purpose="withdraw", area="kiev", override="forgot to spend it"))
    assert isinstance(out[-1], ev.SpecialActionSpent) and len(t.state.special_actions["germany"]) == 1


def test_werp_ledger_lines_carry_the_seq_of_their_event(app):
    gid = app.new_game("europe_engulfed", game_options(mid_war()) | {"board": to_dict(BOARD)})
    for _ in range(3):
        advance(app, gid)
    app.handle(gid, '{"type": "ee.buy", "item": "uboat", "qty": 3}')
    app.handle(gid, '{"type": "ee.edit", "reason": "a WERP was miscounted", "werp": {"germany": 1}}')
    view = app.view(gid)
    book = view.read("werp_ledger")
    rows = views.ledger(book, nation="germany")[0]["lines"]
    log = {e.seq: e for e in app.log(gid)}
    assert [r["seq"] for r in rows] == sorted(r["seq"] for r in rows) and all(r["seq"] in log for r in rows)
    assert log[rows[0]["seq"]].type == "ee.production_began"
    assert log[rows[-2]["seq"]].type == "ee.purchased" and rows[-2]["cause"] == "3 U-boats at 1 WERP each = 3"
    assert log[rows[-1]["seq"]].type == "ee.werp_edited" and rows[-1]["kind"] == "edit"
    # the read model and the game state's own ledgers hold the same lines
    same = views.ledger(view.game, nation="germany")[0]["lines"]
    assert [{k: v for k, v in r.items() if k != "seq"} for r in rows] == \
        [{k: v for k, v in r.items() if k != "seq"} for r in same]
    # an undone purchase leaves the read model too
    app.handle(gid, '{"type": "core.undo"}')
    app.handle(gid, '{"type": "core.undo"}')
    rows = views.ledger(app.view(gid).read("werp_ledger"), nation="germany")[0]["lines"]
    assert all(r["kind"] not in ("purchase", "edit") for r in rows)
