"""The Pearl Harbor surprise at the table in Chromium, on a phone and a laptop: the Air-Naval Combat Phase offers
the port attack, then each step of the air battle as it becomes possible (AE 8.7, 8.42, 9.11 j-k)."""

from __future__ import annotations

import json

import msgspec

from assistant.application import Assistant
from assistant.games.asia_engulfed.board.loader import to_dict
from assistant.kinds import KindRegistry
from events.store import EventStore
from tests.games.asia_engulfed.table import board, piece, scenario
from tests.games.asia_engulfed.browser import laptop_and_phone, submit
from tests.web.conftest import screenshot


def at_pearl_harbor(assistant: Assistant) -> str:
    pieces = (*scenario().pieces,
              piece("jp-cv-k", "japan", "cv", 3, "hawaiian_islands"),
              piece("jp-cba-k1", "japan", "cba", 2, "jp-cv-k", elite=True),
              piece("jp-cba-k2", "japan", "cba", 2, "jp-cv-k", elite=True),
              piece("us-lba-h", "usa", "lba", 2, "hawaii"))
    game_id = assistant.new_game("asia_engulfed", {"board": to_dict(board())})
    assistant.handle(game_id, json.dumps({"type": "ae.set_up_scenario",
                                          "scenario": msgspec.to_builtins(scenario(pieces=pieces))}))
    for _ in range(40):
        s = assistant.view(game_id).game
        if s.phase == "air_naval_combat":
            return game_id
        if s.phase == "initial_supply" and s.network_set_turn != s.turn:
            assistant.handle(game_id, '{"type": "ae.set_network", "seas": []}')
        if s.phase == "initial_supply" and f"{s.turn}:{s.side}:initial" not in s.determined:
            assistant.handle(game_id, '{"type": "ae.determine_supply"}')
        assistant.handle(game_id, '{"type": "ae.advance"}')
    raise AssertionError("never reached the Air-Naval Combat Phase")


def test_pearl_harbor_in_chromium_on_a_phone_and_a_laptop(browser, tmp_path):
    from playwright.sync_api import expect

    store = EventStore(tmp_path / "pearl.sqlite3")
    assistant = Assistant(store, KindRegistry())
    game_id = at_pearl_harbor(assistant)
    with laptop_and_phone(browser, assistant, game_id) as (laptop, phone):
        expect(laptop.locator("body")).to_contain_text("Japan, Air-Naval Combat")
        assert laptop.locator('input[name="type"][value="ae.fight_air"]').count() == 0  # nothing open yet
        submit(laptop, "ae.intercept", sea="hawaiian_islands", japan="day", allies="day", faces="1 1")
        expect(laptop.locator("body")).to_contain_text("fleets of both sides in the sea zone (AE 8.3)")
        submit(laptop, "ae.attack_port", zone="hawaii", sea="hawaiian_islands", escort="jp-cba-k2",
               port_attack="jp-cba-k1", strafe="jp-cba-k2")
        expect(laptop.locator("body")).to_contain_text("The surprise attack on Hawaii from Hawaiian Islands")
        screenshot(laptop, "ae-pearl-harbor-laptop")
        phone.reload()
        expect(phone.locator("body")).to_contain_text("The surprise attack on Hawaii")
        screenshot(phone, "ae-pearl-harbor-phone")
        submit(phone, "ae.fight_air", where="hawaii", faces="3 2 1 1")
        expect(phone.locator("body")).to_contain_text("Air combat at Hawaii")
        submit(phone, "ae.fire_anti_aircraft", where="hawaii", side="allies", faces="1 1 1")
        expect(phone.locator("body")).to_contain_text("AA fires 3 dice, halved")
        submit(phone, "ae.strike_port", zone="hawaii", targets="jp-cba-k1=us-bb-1", faces="3 2")
        expect(phone.locator("body")).to_contain_text("Port attackers fire at Hawaii: 2 hit(s)")
        submit(phone, "ae.end_air_round", where="hawaii")
        expect(phone.locator("body")).to_contain_text("The aircraft return from Hawaii")
        submit(phone, "ae.decide_pearl_harbor", side="japan", decision="stay")
        expect(phone.locator("body")).to_contain_text("Japan stays in the Hawaiian Islands")
        screenshot(phone, "ae-pearl-harbor-after-phone")
        laptop.reload()
        screenshot(laptop, "ae-pearl-harbor-after-laptop")
        assert assistant.view(game_id).game.pearl == "us_left"  # no US fleet was at sea: the way is clear
    store.close()
