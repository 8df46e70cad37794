"""Names players type: who a command is recorded as (and a game's title).

Who a command is recorded as: the table, a player of the game or one of its powers or sides, named in plain
words. An actor is written into every event of the log and shown on the table and in ``tabletop log``; it is
checked before anything is written, first for its form (``checked_actor``: 1 to 40 characters, letters of any
alphabet, digits, spaces and ``. - ' _``, nothing that could forge a line of the log or mark up a page), then
against the game (``at_the_table``): "table", a power or side the game declares (``GameKind.sides``), or a
player named in its log (``core.player_added``, at ``new`` or later) or, in the club, seated at it. Anyone may
add themselves as a player (a coach or teacher too, playing no power); that is itself an event of the log.
"""

from __future__ import annotations

from collections.abc import Sequence

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


TABLE = "table"  # the whole table acting together: every game accepts it, and it is the default


def at_the_table(actor: str, sides: Sequence[str], players: Sequence[str]) -> str:
    """``actor`` as the game spells it (matched without regard to case) when it is the table, one of the game's
    powers or sides, or one of its players; else ``Refused`` naming the actor and who is accepted."""
    known = {TABLE: TABLE}
    for name in (*sides, *players):
        known.setdefault(name.casefold(), name)
    found = known.get(checked_actor(actor).casefold())
    if found is None:
        raise Refused(f"{actor!r} is not at this table: a command is recorded as the table, a player of this game "
                      f"({_listed(players, 'none named yet')}) or one of its powers or sides "
                      f"({_listed(sides, 'none')}); name a new player first (tabletop add-player GAME NAME, or "
                      "\"Join this game\" on its page)")
    return found


def _listed(names: Sequence[str], none: str) -> str:
    if not names:
        return none
    shown = ", ".join(dict.fromkeys(names))
    return shown if len(shown) <= 300 else shown[:297] + "..."


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
