"""Driving the table in Chromium: a laptop and a phone on one live server, and a form submitted by its fields."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from assistant.application import Assistant
from assistant.web import create_app
from tests.web.conftest import LiveServer

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


@contextmanager
def laptop_and_phone(browser, assistant: Assistant, game_id: str) -> Iterator[tuple]:
    with LiveServer(create_app(assistant)) as server:
        laptop = browser.new_context(viewport=LAPTOP).new_page()
        phone = browser.new_context(viewport=PHONE).new_page()
        url = f"{server.url}/g/{game_id}"
        laptop.goto(url)
        phone.goto(url)
        yield laptop, phone


def submit(page, tag: str, **fields: str) -> None:
    """Fill a command's form (opening it when it is folded) and send it."""
    closed = page.locator(f'details:not([open]):has(input[name="type"][value="{tag}"]) > summary')
    if closed.count():
        closed.first.click()
    form = page.locator(f'form:has(input[name="type"][value="{tag}"])').first
    for name, value in fields.items():
        field = form.locator(f'[name="{name}"]')
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    form.locator('button[type="submit"]').first.click()
