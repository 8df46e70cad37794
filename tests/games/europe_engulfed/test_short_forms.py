"""The Move and Buy forms ask for as little as the moment needs: the Move form lists the phasing side's blocks that
may still move, the way is left to the assistant; the Buy form shows the chosen item's fields only (swapped in from
``/part/buy-fields``), the areas that item may be placed in and the producing nation's blocks for a replacement."""

from __future__ import annotations

import re

from assistant.games.europe_engulfed.board.loader import to_dict
from tests.games.europe_engulfed.scenarios import game_options, mid_war, unit
from tests.games.europe_engulfed.table import BOARD, advance
from tests.web.test_games import html, real  # noqa: F401  (the real games' client fixture)

UNITS = [*mid_war()["units"], unit("g_pz2", "germany", "armor", "berlin", steps=2),
         unit("s_inf2", "ussr", "infantry", "kiev")]  # Kiev contested: its German block moves no strategic move


def game(assistant, phase: str, step: str = "") -> str:
    gid = assistant.new_game("europe_engulfed", game_options(mid_war(units=UNITS), strategic_moves={"germany": 4})
                             | {"board": to_dict(BOARD)})
    while (assistant.view(gid).game.phase, assistant.view(gid).game.step if step else "") != (phase, step):
        advance(assistant, gid)
    return gid


def options(page: str, select_id: str) -> list[tuple[str, str]]:
    found = re.search(rf'<select id="{select_id}"[^>]*>(.*?)</select>', page, re.S)
    assert found, select_id
    return [(v, text) for v, text in re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', found.group(1)) if v]


def form(page: str, tag: str) -> str:
    start = page.index(f'name="type" value="{tag}"')
    return page[page.rindex("<form", 0, start):page.index("</form>", start)]


def test_the_move_form_lists_the_blocks_that_may_still_move(real):
    assistant, client = real
    gid = game(assistant, "strategic_move")
    move = form(html(client.get(f"/g/{gid}")), "ee.move")
    units = dict(options(move, "ee-move-unit"))
    assert "g_pz2" in units and units["g_pz2"] == "German armor (2/4 steps) in Berlin"
    assert "g_inf3" not in units  # in contested Kiev: no strategic move (5.21)
    assert not any(u.startswith(("s_", "b_")) for u in units)  # the other side's blocks are not offered
    # the way is folded away: a unit and a destination are the only inputs on show
    assert '<details class="ee-move-way"' in move and '<details class="ee-move-more"' in move
    client.do(gid, "ee.move", unit_id="g_pz2", path=["", "warsaw"])  # "through" left empty, "to" Warsaw
    assert assistant.view(gid).game.units["g_pz2"].area == "warsaw"
    assert ("moves strategic from Berlin to Warsaw via East Prussia (route found by the assistant: the only shortest "
            "route)") in html(client.get(f"/g/{gid}"))
    move = form(html(client.get(f"/g/{gid}")), "ee.move")
    assert "g_pz2" not in dict(options(move, "ee-move-unit"))  # moved this phase (5.1)


def test_the_buy_form_shows_a_new_units_fields_and_only_its_building_areas(real):
    assistant, client = real
    gid = game(assistant, "production", "germany")
    buy = form(html(client.get(f"/g/{gid}")), "ee.buy")
    assert options(buy, "ee-buy-item")[0] == ("new_unit", "a new unit")
    blocks = options(buy, "ee-buy-block")
    assert blocks == [("germany/elite armor:4", "German elite armor, 4 steps (1 left)"),
                      ("germany/infantry:4", "German infantry, 4 steps (2 left)")]
    areas = [a for a, _ in options(buy, "ee-buy-area")]
    assert areas and set(areas) <= {"berlin", "ruhr", "saxony", "silesia", "east_prussia"}  # German home areas
    assert "bavaria" not in areas  # Allied-held (4.41)
    for absent in ('name="unit_id"', 'name="sea"', 'name="kind"', 'name="max_steps"', 'name="owner"'):
        assert absent not in buy
    client.do(gid, "ee.buy", item="new_unit", block="germany/infantry:4", steps="1", area="berlin", override="")
    bought = assistant.view(gid).game
    new = [u for u in bought.units.values() if u.area == "berlin" and u.kind == "infantry"]
    assert len(new) == 1 and new[0].steps == 1 and new[0].max_steps == 4


def test_the_buy_fields_of_a_replacement_list_the_producing_nations_blocks(real):
    assistant, client = real
    gid = game(assistant, "production", "germany")
    part = html(client.get(f"/g/{gid}/part/buy-fields?item=replacement", htmx=True))
    units = dict(options(part, "ee-buy-unit"))
    assert units == {"g_inf4": "German infantry (2/4 steps) in Ruhr", "g_pz2": "German armor (2/4 steps) in Berlin"}
    assert 'name="qty"' in part and 'name="area"' not in part and 'name="block"' not in part
    fleet = html(client.get(f"/g/{gid}/part/buy-fields?item=fleet_point", htmx=True))
    assert options(fleet, "ee-buy-sea") == [("baltic", "Baltic Sea")]  # Germany's home ports (4.64)
    flak = html(client.get(f"/g/{gid}/part/buy-fields?item=flak", htmx=True))
    assert "<select" not in flak and "<input" not in flak  # one level, nothing to choose
    fort = html(client.get(f"/g/{gid}/part/buy-fields?item=fortification", htmx=True))
    places = [a for a, _ in options(fort, "ee-buy-area")]
    assert "berlin" in places and "kiev" not in places  # where German blocks stand, not contested Kiev (6.91)
