"""Names players type: who a command is recorded as (and a game's title).

Who a command is recorded as: the table, a player or a power/side, named in plain words.

An actor is written into every event of the log and shown on the table and in ``tabletop log``; it is checked
before anything is written: 1 to 40 characters, letters (any alphabet), digits, spaces and ``. - ' _``, nothing
that could forge a line of the log (control characters) or mark up a page.
"""

from __future__ import annotations

from assistant.decider import Refused

MAX_ACTOR = 40
_PUNCTUATION = set(" .-'_")


def checked_actor(actor: str) -> str:
    """``actor`` when it is a name a table would use; else ``Refused`` saying what is wrong with it."""
    if not isinstance(actor, str) or not actor.strip():
        raise Refused("who is acting must be named (the table, a player, or a power or side of the game)")
    if len(actor) > MAX_ACTOR:
        raise Refused(f"the actor's name is too long ({len(actor)} characters; at most {MAX_ACTOR})")
    bad = next((c for c in actor if not (c.isalnum() or c in _PUNCTUATION)), None)
    if bad is not None:
        raise Refused(f"the actor's name may hold letters, digits, spaces and . - ' _ only, not {bad!r}")
    if actor != actor.strip():
        raise Refused("the actor's name may not start or end with a space")
    return actor


MAX_TITLE = 100


def checked_title(title: str | None) -> str | None:
    """A game's title: at most 100 characters, no control characters (it heads pages and file names)."""
    if title is None:
        return None
    if len(title) > MAX_TITLE:
        raise Refused(f"the title is too long ({len(title)} characters; at most {MAX_TITLE})")
    if any(not c.isprintable() for c in title):
        raise Refused("the title may not hold control characters (line breaks, tabs)")
    return title.strip() or None
