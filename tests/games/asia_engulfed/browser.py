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
    from playwright.sync_api import expect

    form = page.locator(f'form:has(input[name="type"][value="{tag}"])').first
    closed = page.locator(f'details:not([open]):has(input[name="type"][value="{tag}"]) > summary')
    # the answer to the command before, or a live update, may still be swapping the table's parts (htmx): a form
    # opened in the old part comes back folded in the new one, so open it until it stays open
    for _ in range(100):
        expect(page.locator(".htmx-request")).to_have_count(0)  # no request of htmx in flight
        if form.is_visible():
            break
        if closed.count():
            closed.first.click()
        page.wait_for_timeout(100)
    else:
        raise AssertionError(f"the form of {tag} never showed")
    for name, value in fields.items():
        field = form.locator(f'[name="{name}"]')
        more = form.locator(f'details:not([open]):has([name="{name}"]) > summary')
        if more.count():  # a field the form keeps folded ("More: ...")
            more.first.click()
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    form.locator('button[type="submit"]').first.click()
