"""Refusals and banners name the command to use in the table's words: "(ae.set_network)" is what the command line
types, the table shows the form titled "Set network"."""

from __future__ import annotations

import re
from collections.abc import Mapping

TAG = re.compile(r"\((ae\.[a-z_]+)\)")


def title_of(tag: str) -> str:
    """The form's title as the table shows it (the command's name in words)."""
    short = tag.split(".", 1)[-1].replace("_", " ")
    return short[:1].upper() + short[1:]


def commands_named(text: str, titles: Mapping[str, str] = {}) -> str:
    """``text`` with each "(ae.tag)" as "(the “Title” form)"; ``titles`` the forms' titles where they differ."""
    return TAG.sub(lambda m: f"(the “{titles.get(m.group(1)) or title_of(m.group(1))}” form)", text)
