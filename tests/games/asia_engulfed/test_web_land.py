"""The land, carrier-air and force-pool moves at the table, in Chromium on a phone and a laptop (screenshots): an
Orphan CBA offered and joining its carrier, a Chinese attack naming its force and its air support, the US Force
Pool additions entered from the scenario card."""

from __future__ import annotations

import json

import msgspec

from assistant.application import Assistant
from assistant.games.asia_engulfed.board.loader import to_dict
from assistant.games.asia_engulfed.scenario.format import Tracks
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.games.asia_engulfed.browser import submit
from tests.games.asia_engulfed.table import board, piece, scenario
from tests.web.conftest import LiveServer, screenshot

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def set_up(assistant: Assistant) -> str:
    pieces = (*(p for p in scenario().pieces if p.id != "cn-mil-1"),
              piece("jp-cba-o", "japan", "cba", 2, "orphan"),
              piece("jp-inf-sian", "japan", "infantry", 2, "sian", top=4),
              piece("cn-nat-sian", "china", "infantry", 3, "sian", force="nationalist", top=4),
              piece("cn-com-sian", "china", "infantry", 2, "sian", force="communist", top=3),
              piece("cn-lba", "china", "lba", 2, "sian"),
              piece("jp-gar-shanghai", "japan", "garrison", 1, "shanghai"))
    quiet = Tracks(oil=20, transport_capacity=10, asw=1, us_submarine_points=0, us_bomber_points=0, kamikaze=5)
    sc = scenario(pieces=pieces, surprise=False, network={"east_china_sea": 1}, tracks=quiet,
                  force_pool={"usa": {"infantry": 1}})
    game_id = assistant.new_game("asia_engulfed", {"board": to_dict(board())})
    assistant.handle(game_id, json.dumps({"type": "ae.set_up_scenario", "scenario": msgspec.to_builtins(sc)}))
    assistant.handle(game_id, '{"type": "ae.advance"}')
    return game_id


def play_to(assistant: Assistant, game_id: str, side: str, phase: str) -> None:
    """Advance, doing what each phase owes (the network, supply; no Strategic Warfare in this set-up)."""
    for _ in range(60):
        s = assistant.view(game_id).game
        if (s.side, s.phase) == (side, phase):
            return
        command: dict = {"type": "ae.advance"}
        if s.phase == "initial_supply" and s.side == "japan" and s.network_set_turn != s.turn:
            command = {"type": "ae.set_network", "seas": sorted(s.network)}
        elif s.phase in ("initial_supply", "final_supply") and \
                f"{s.turn}:{s.side}:{'initial' if s.phase == 'initial_supply' else 'final'}" not in s.determined:
            command = {"type": "ae.determine_supply"}
        assistant.handle(game_id, json.dumps(command))
    raise AssertionError(f"never reached {side} {phase}")


def test_orphans_chinese_attacks_and_pool_additions_at_the_table(browser, tmp_path):
    from playwright.sync_api import expect

    store = EventStore(tmp_path / "land.sqlite3")
    assistant = Assistant(store, KindRegistry())
    game_id = set_up(assistant)
    with LiveServer(create_app(assistant)) as server:
        laptop = browser.new_context(viewport=LAPTOP).new_page()
        phone = browser.new_context(viewport=PHONE).new_page()
        url = f"{server.url}/g/{game_id}"
        laptop.goto(url)

        expect(laptop.locator("body")).to_contain_text("Japan, Naval Movement")
        submit(laptop, "ae.base_orphan_cba", pieces="jp-cba-o", fleet="jp-cv-a")  # jp-cv-a is at Honshu
        expect(laptop.locator("body")).to_contain_text("1 Orphan CBA join carrier jp-cv-a (in its national port)")
        assert assistant.view(game_id).game.pieces["jp-cba-o"].at == "jp-cv-a"
        submit(laptop, "ae.enter_force_pool_additions", year="1943", units="infantry=2")
        expect(laptop.locator("body")).to_contain_text("The 1943 US Force Pool additions are entered")
        screenshot(laptop, "ae-land-orphan-and-pool-laptop")

        play_to(assistant, game_id, "allies", "land_combat")
        laptop.reload()
        expect(laptop.locator("body")).to_contain_text("the Allies, Land Combat")
        side = laptop.locator('form:has(input[name="type"][value="ae.fire"]) [name="side"]').first
        expect(side).to_have_value("defender")  # AE 6.31: Japan, defending, fires first
        # the Allied player names the attacking force as the round opens: Japan's hits go to it alone (AE 9.43)
        submit(laptop, "ae.fire", zone="sian", chinese_force="nationalist", faces="1 1")
        expect(laptop.locator("body")).to_contain_text("only the Nationalists attack")
        expect(side).to_have_value("attacker")
        submit(laptop, "ae.fire", zone="sian", air_support="cn-lba=cn-com-sian")
        expect(laptop.locator("body")).to_contain_text("AE 9.47")  # the Chinese LBA supports Nationalists only
        submit(laptop, "ae.fire", zone="sian", side="attacker", air_support="cn-lba=cn-nat-sian", faces="6 6 1")
        expect(laptop.locator("body")).to_contain_text("The Allies fire at Sian (Normal round): 2 hit(s)")
        screenshot(laptop, "ae-land-chinese-attack-laptop")
        phone.goto(url)
        expect(phone.locator("body")).to_contain_text("only the Nationalists attack")
        screenshot(phone, "ae-land-chinese-attack-phone")
        assert assistant.view(game_id).game.chinese_attackers == {"sian": "nationalist"}
    store.close()
