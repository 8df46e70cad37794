"""How players say the game's ids in sentences: nations, areas and seas by name, blocks by nation, kind and steps.

``describe`` gets only the event: names come from the event when it carries them, else from the board shipped
with the game, else from the id itself made readable (underscores to spaces, title case)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from assistant.games.europe_engulfed import data
from assistant.games.europe_engulfed.board.loader import partial_board

# How a block of each nation is called at the table ("German armor"); other nations use their name.
ADJECTIVE = {"germany": "German", "italy": "Italian", "britain": "British", "france": "French", "ussr": "Soviet",
             "usa": "U.S."}
KIND = {"gsu": "ground support unit"}


def readable(ident: str) -> str:
    return ident.replace("_", " ").title()


def nation(ident: str) -> str:
    return data.nation(ident).title if ident in data.MAJORS else readable(ident)


def adjective(ident: str) -> str:
    return ADJECTIVE.get(ident) or nation(ident)


def place(ident: str) -> str:
    """An area or sea by its name on the shipped board; an area the players added by its id made readable."""
    board = partial_board()
    known = board.areas.get(ident) or board.seas.get(ident)
    return known.name if known is not None else readable(ident)


def places(idents: Iterable[str]) -> str:
    return ", ".join(place(i) for i in idents) or "no area"


def kind(ident: str) -> str:
    return KIND.get(ident, ident.replace("_", " "))


def block(nation_id: str, kind_id: str, steps: int = 0, max_steps: int = 0, elite: bool = False) -> str:
    """"German armor (3 steps)"; without a kind (an event from before blocks were described) "a German unit"."""
    if not kind_id:
        return f"a {adjective(nation_id)} unit" if nation_id else "a unit"
    of = f"{steps}/{max_steps}" if max_steps else f"{steps}"
    count = f" ({of} step{'s' if (max_steps or steps) != 1 else ''})" if steps else ""
    return f"{adjective(nation_id)} {'elite ' if elite else ''}{kind(kind_id)}{count}"


def units(n: int) -> str:
    return f"{n} unit{'s' if n != 1 else ''}"


_IDENT = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def words(text: str) -> str:
    """A phrase the rules wrote with ids in it ("us_enters_war", "war declared on sweden") in plain words."""
    text = _IDENT.sub(lambda m: m.group(0).replace("_", " "), text)
    return re.sub(r"\b(" + "|".join(data.MAJORS) + r")\b", lambda m: nation(m.group(0)), text)
