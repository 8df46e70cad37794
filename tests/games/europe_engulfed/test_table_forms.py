"""The table's forms at two moments where the order of play matters: the weather before the Axis player turn
(EE 1.1), and a production phase where the same item is often bought several times (EE 4.3)."""

from __future__ import annotations

import json
import re

from assistant.games.europe_engulfed.board.loader import to_dict
from tests.games.europe_engulfed.scenarios import CLEAR, game_options, mid_war
from tests.games.europe_engulfed.table import BOARD, advance
from tests.games.europe_engulfed.test_table_moments import actions
from tests.web.test_games import html, real  # noqa: F401  (the real games' client fixture)


def test_the_weather_comes_before_the_button_that_begins_the_axis_player_turn(real):
    assistant, client = real
    # no weather printed for the first turn: the players read it off their turn track
    gid = assistant.new_game("europe_engulfed", game_options(mid_war(), weather_track={}) | {"board": to_dict(BOARD)})
    while assistant.view(gid).game.phase != "weather":
        advance(assistant, gid)
    assert not assistant.view(gid).game.weather
    tags, _ = actions(html(client.get(f"/g/{gid}")))
    assert "ee.enter_weather" in tags and "ee.advance" not in tags  # ee.advance would be refused (EE 1.1)
    assistant.handle(gid, json.dumps({"type": "ee.enter_weather", "weather": CLEAR}))
    page = html(client.get(f"/g/{gid}"))
    tags, _ = actions(page)
    assert tags[0] == "ee.advance" and "ee.enter_weather" not in tags
    assert "Weather set: begin the Axis player turn" in page


def chosen_item(page: str) -> str:
    select = page[page.index('id="ee-buy-item"'):page.index("</select>", page.index('id="ee-buy-item"'))]
    return re.search(r'<option value="([^"]+)" selected>', select).group(1)


def test_the_buy_form_keeps_the_item_just_bought(real):
    assistant, client = real
    gid = assistant.new_game("europe_engulfed", game_options(mid_war()) | {"board": to_dict(BOARD)})
    while assistant.view(gid).game.step != "germany":
        advance(assistant, gid)
    assert chosen_item(html(client.get(f"/g/{gid}"))) == "new_unit"  # the first item on the list
    assistant.handle(gid, json.dumps({"type": "ee.buy", "item": "uboat", "qty": 2}))
    assert chosen_item(html(client.get(f"/g/{gid}"))) == "uboat"  # a second lot of U-boats is one click away
    assistant.handle(gid, json.dumps({"type": "ee.buy", "item": "special_action"}))
    assert chosen_item(html(client.get(f"/g/{gid}"))) == "special_action"
