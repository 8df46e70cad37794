"""The read models: what each side sees of the board, the ledgers, the tracks, the calendar and victory."""

from __future__ import annotations

from assistant.games.europe_engulfed.board.loader import to_dict
from assistant.games.europe_engulfed.commands import Buy, Fight
from assistant.games.europe_engulfed.read_models import table as views
from tests.games.europe_engulfed.scenarios import game_options, mid_war, unit
from tests.games.europe_engulfed.table import BOARD, Table, advance
from tests.games.europe_engulfed.test_combat import battle_table
from tests.games.europe_engulfed.test_production import to_production


def test_views_through_the_application_layer(app):
    """A game created, played and read back through Assistant: JSON commands, the game state, the views."""
    gid = app.new_game("europe_engulfed", game_options(mid_war()) | {"board": to_dict(BOARD)})
    for _ in range(3):
        advance(app, gid)
    app.handle(gid, '{"type": "ee.buy", "item": "uboat", "qty": 3}')
    state = app.view(gid).game
    assert state.track.uboats == 28 and state.step == "germany"
    rows = views.ledger(state, "Allied", nation="germany")[0]["lines"]
    assert rows[-1]["cause"] == "3 U-boats at 1 WERP each = 3"
    assert "germany" in app.guidance(gid).lower()


def test_blocks_are_hidden_from_the_other_side_until_revealed():
    t = battle_table([unit("g1", "germany", "infantry", "smolensk", elite=True), unit("s1", "ussr", "infantry", "smolensk")])
    axis_view = views.board(t.state, "Axis")["smolensk"]["blocks"]
    soviet = next(b for b in axis_view if b["id"] == "s1")
    assert soviet == {"id": "s1", "nation": "ussr", "side": "Allied", "elite": False, "hidden": True}
    german = next(b for b in views.board(t.state, "Allied")["smolensk"]["blocks"] if b["id"] == "g1")
    assert german["hidden"] and german["elite"]  # the dark-grey block colour shows
    own = next(b for b in axis_view if b["id"] == "g1")
    assert (own["kind"], own["steps"], own["max_steps"]) == ("infantry", 4, 4)
    t.do(Fight(area="smolensk"), dice=[1] * 8)
    revealed = next(b for b in views.board(t.state, "Axis")["smolensk"]["blocks"] if b["id"] == "s1")
    assert revealed["steps"] == 4  # 6.24: face up once fought


def test_ledger_view_hides_which_land_steps_were_bought():
    t = to_production(Table(game_options(mid_war())), "germany")
    t.do(Buy(item="replacement", unit_id="g_inf4", qty=2))
    t.do(Buy(item="special_action"))
    mine = views.ledger(t.state, "Axis", nation="germany")[0]["lines"]
    theirs = views.ledger(t.state, "Allied", nation="germany")[0]["lines"]
    assert "(German infantry in Ruhr)" in mine[-2]["cause"] and theirs[-2]["cause"] == "land steps (not disclosed, EE 4.5)"
    assert theirs[-2]["amount"] == -2 and theirs[-1]["cause"] == "1 Special Action at 5 WERP = 5"
    assert theirs[-1]["balance"] == 35 - 3 - 2 - 5


def test_tracks_clock_and_victory_views():
    t = to_production(Table(game_options(mid_war(), strategic_moves={"germany": 7})), "germany")
    tr = views.tracks(t.state)
    assert tr["uboats"] == 25 and tr["special_actions"]["germany"] == {"held": 2, "max": 5}
    assert tr["strategic_moves"]["germany"]["limit"] == 7 and tr["strategic_moves"]["usa"]["limit"] is None
    c = views.clock(t.state)
    assert (c["turn_name"], c["side"], c["phase"], c["step"]) == ("Sep/Oct 1941", "Axis", "production", "germany")
    assert c["upcoming_switches"][0]["turn"] == "Jan/Feb 1942"
    v = views.victory(t.state)
    assert v["result"] is None and v["if_germany_falls_now"]["result"] == "allied_decisive"
    # 4 German, Paris, Marseille, Warsaw, Kiev, Moscow, Ploesti, Rome, Piedmont
    assert v["axis_resource_areas"] == 12
