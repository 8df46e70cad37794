"""How players say the game's ids in sentences: nations, areas and seas by name, blocks by nation, kind and steps.

``describe`` gets only the event: names come from the event when it carries them, else from the board shipped
with the game, else from the id itself made readable (underscores to spaces, title case)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from assistant.games.europe_engulfed import data
from assistant.games.europe_engulfed.board.loader import partial_board

# How a block of each nation is called at the table ("German armor", "Romanian infantry"), the minor countries'
# included; a country the players added uses its name.
ADJECTIVE = {"germany": "German", "italy": "Italian", "britain": "British", "france": "French", "ussr": "Soviet",
             "usa": "U.S.", "vichy": "Vichy French", "finland": "Finnish", "romania": "Romanian",
             "hungary": "Hungarian", "bulgaria": "Bulgarian", "norway": "Norwegian", "sweden": "Swedish",
             "denmark": "Danish", "netherlands": "Dutch", "belgium": "Belgian", "luxembourg": "Luxembourg",
             "poland": "Polish", "spain": "Spanish", "portugal": "Portuguese", "switzerland": "Swiss",
             "yugoslavia": "Yugoslav", "greece": "Greek", "albania": "Albanian", "turkey": "Turkish",
             "ireland": "Irish", "persia": "Persian", "iraq": "Iraqi", "transjordan": "Transjordanian",
             "egypt": "Egyptian", "syria": "Syrian", "lebanon": "Lebanese", "palestine": "Palestinian",
             "estonia": "Estonian", "latvia": "Latvian", "lithuania": "Lithuanian", "austria": "Austrian",
             "czechoslovakia": "Czechoslovak", "saudi_arabia": "Saudi"}
KIND = {"gsu": "ground support unit"}
# What a purchase of each item is called, singular and plural ("8 U-boats"); the ids are the cost table's.
ITEM = {"uboat": ("U-boat", "U-boats"), "asw": ("ASW level", "ASW levels"), "flak": ("flak level", "flak levels"),
        "v1": ("V-1 point", "V-1 points"), "v2": ("V-2 rocket", "V-2 rockets"), "gsu": ("ground support unit",
        "ground support units"), "special_action": ("Special Action", "Special Actions")}
# The free steps of EE 9.15, 9.24e/f and 9.62 as the rules call them.
FREE = {"axis_minor_step": "Axis minor step", "conscription": "Soviet conscription step",
        "soviet_elites": "Soviet elite infantry", "minor_replacement": "minor power replacement step"}
ROUTE = {"direct": "direct", "murmansk": "Murmansk route", "persia": "Persian route"}
# Weather zones (Table 14) in sentences.
ZONE = {"west": "West", "east": "East", "mediterranean": "Mediterranean"}
# Words the rules write in lower case that players capitalise: the sides.
_SIDES = {"axis": "Axis", "allied": "Allied", "allies": "Allies"}


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


def placed(b: Any) -> str:
    """A block where it stands: "British infantry (3/4 steps) in Sinai Desert" (a block on the map or as an edit
    names it: nation, kind, steps, max_steps, elite, area)."""
    return f"{block(b.nation, b.kind, b.steps, b.max_steps, b.elite)} in {place(b.area)}"


def mover(s: Any, uid: str) -> str:
    """A block in a list of blocks to choose from, as players name it: "German armor (4/4 steps) in Berlin" (its
    area as this game's board names it, an area the players added included)."""
    u = s.units[uid]
    area = s.board.areas.get(u.area)
    return f"{block(u.nation, u.kind, u.steps, u.max_steps, u.elite)} in {area.name if area else u.area}"


def step(ident: str) -> str:
    """A phase's step as the table says it: a producing nation by name ("Great Britain"), a bought breakthrough
    combat by its area and spenders ("combat in Smolensk (Germany)"), else the id in words."""
    if ident.startswith("combat:"):
        _, area, who = (ident.split(":") + ["", ""])[:3]
        spenders = ", ".join(nation(n) for n in who.split(",") if n)
        return f"combat in {place(area)}" + (f" ({spenders})" if spenders else "")
    if ident in data.MAJORS:
        return nation(ident)
    return ident.replace("_", " ")


def item(ident: str, n: int) -> str:
    """"8 U-boats", "1 fleet point"."""
    one, many = ITEM.get(ident) or (ident.replace("_", " "), ident.replace("_", " ") + "s")
    return f"{n} {one if n == 1 else many}"


def free(source: str) -> str:
    return FREE.get(source) or words(source)


def route(ident: str) -> str:
    return ROUTE.get(ident) or words(ident)


def weather(conditions: dict[str, str]) -> str:
    """{"west": "clear", "east": "mud"} -> "West: clear, East: mud"."""
    return ", ".join(f"{ZONE.get(z) or readable(z)}: {c.replace('_', ' ')}" for z, c in conditions.items())


def units(n: int) -> str:
    return count(n, "unit")


def count(n: int, one: str, many: str = "") -> str:
    """"1 bomber", "2 bombers": limits are often 1, and a refusal reads "at most 1 bomber"."""
    return f"{n} {one if n == 1 else many or one + 's'}"


# The minor powers (EE 9.1, 9.6) by id, so phrases the rules wrote ("war declared on sweden") name them.
MINORS: tuple[str, ...] = ("finland", "romania", "hungary", "bulgaria", "sweden", "norway", "denmark", "netherlands",
                           "belgium", "luxembourg", "poland", "yugoslavia", "greece", "albania", "turkey", "spain",
                           "portugal", "switzerland", "ireland", "iraq", "persia", "transjordan", "egypt", "vichy",
                           "estonia", "latvia", "lithuania", "syria", "lebanon")

_IDENT = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def words(text: str) -> str:
    """A phrase the rules wrote with ids in it ("us_enters_war", "war declared on sweden") in plain words."""
    text = _IDENT.sub(lambda m: m.group(0).replace("_", " "), text)
    text = re.sub(r"\b(" + "|".join(data.MAJORS + MINORS) + r")\b", lambda m: nation(m.group(0)), text)
    return re.sub(r"\b(" + "|".join(_SIDES) + r")\b", lambda m: _SIDES[m.group(0)], text)
