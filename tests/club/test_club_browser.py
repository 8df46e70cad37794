"""The club in Chromium: members sign in on a laptop and a phone served by two different server processes; a
command sent through one process shows up on the other's page within 2 s, pushed over Server-Sent Events by the
htmx SSE extension (no polling in the club mode)."""

from __future__ import annotations

import time

import pytest

from assistant.club.accounts import Club
from assistant.club.devices import Device, Servers
from tests.club.conftest import PASSWORD
from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser
LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def sign_in(page, url: str, name: str) -> None:
    page.goto(url + "/")
    assert "/signin" in page.url
    page.fill("#signin-name", name)
    page.fill("#signin-password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(url + "/")


def test_two_devices_on_two_server_processes_follow_one_game(browser, pg_dsn, pg_store):
    club = Club(pg_store)
    for name in ("Ann", "Boris", "Greta"):
        club.add_member(name, password=PASSWORD, admin=name == "Ann")
    with Servers(pg_dsn, count=2, workers=1, threads=16) as servers:
        one, two = (f"http://127.0.0.1:{port}" for port in servers.ports)
        host = Device(servers.ports[0])
        host.sign_in("Ann", PASSWORD)
        status, headers, _ = host.request("POST", "/new", {"kind": "aa_classic", "title": "Thursday at the club",
                                                            "command_id": "new-1"})
        game_id = headers["Location"].rsplit("/", 1)[1]
        club.set_seat(game_id, club.find("Boris").member_id, ("ussr",))
        club.set_seat(game_id, club.find("Greta").member_id, ("germany",))
        assert host.command(game_id, {"type": "aa.start"}, "start") == 200

        laptop = browser.new_context(viewport=LAPTOP).new_page()
        sign_in(laptop, one, "Greta")
        assert "you play germany" in laptop.inner_text("main")
        screenshot(laptop, "club-games-laptop")
        laptop.click("text=Thursday at the club")
        laptop.wait_for_selector("#table")
        assert laptop.locator("[sse-connect]").count() == 1
        assert laptop.locator("#live").get_attribute("hx-trigger") == "sse:changed"

        phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        sign_in(phone, two, "Boris")
        phone.goto(f"{two}/g/{game_id}")
        phone.wait_for_selector("#table")
        time.sleep(1.0)  # both streams connected

        boris = Device(servers.ports[1])
        boris.sign_in("Boris", PASSWORD)
        sent = time.monotonic()
        assert boris.command(game_id, {"type": "core.add_note", "about_seq": "2", "text": "Moscow holds"}, "n1") == 200
        laptop.get_by_text("Moscow holds").first.wait_for(timeout=2000)
        assert time.monotonic() - sent < 2.0
        phone.get_by_text("Moscow holds").first.wait_for(timeout=2000)
        screenshot(laptop, "club-table-laptop")
        screenshot(phone, "club-table-phone")

        laptop.goto(f"{one}/g/{game_id}/seats")
        assert "plays ussr" in laptop.inner_text("main") and "Seat a member" not in laptop.inner_text("main")
        screenshot(laptop, "club-seats-laptop")
