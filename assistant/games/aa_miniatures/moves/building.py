"""The catalogue and the armies: cards from the form or a file, units joining and leaving, armies fixed."""

from __future__ import annotations

import msgspec

import assistant.games.aa_miniatures.events as ev
from assistant.decider import Context, Refused
from assistant.games.aa_miniatures import cards as catalogue
from assistant.games.aa_miniatures import commands as cmd
from assistant.games.aa_miniatures.army import refuse_addition, refuse_final
from assistant.games.aa_miniatures.describe import ADJ
from assistant.games.aa_miniatures.moves.common import require_stage, unit
from assistant.games.aa_miniatures.state import SIDES, State
from events.core import PhaseBegan

MAX_ENLIST = 15


def _in_use(s: State, cards: list[catalogue.Card]) -> None:
    """A card fielded by a fixed army may not change under it."""
    for c in cards:
        old = s.catalogue.get(c.id)
        if old is None or old == c:
            continue
        fielded = {u.side for u in s.units.values() if u.card == c.id}
        if fielded & set(s.final) or s.stage in ("deploy", "play"):
            raise Refused(f"{old.name} ({c.id}) is fielded by a fixed army and cannot change now", "AAM p.10")


def register_card(c: cmd.RegisterCard, s: State, ctx: Context) -> list:
    row = {("type" if k == "unit_type" else k): v for k, v in msgspec.structs.asdict(c).items() if v not in ("", None)}
    card, problems = catalogue.card_from_row(row)
    if card is None:
        raise Refused("the card is not valid: " + "; ".join(problems), "AAM p.8-9")
    _in_use(s, [card])
    return [ev.CardsRegistered(cards=(card,), origin="form")]


def import_cards(c: cmd.ImportCards, s: State, ctx: Context) -> list:
    cards, errors = catalogue.read(c.text, c.format)
    if errors:
        shown = "; ".join(map(str, errors[:8]))
        more = f" (and {len(errors) - 8} more rows)" if len(errors) > 8 else ""
        raise Refused(f"nothing imported, {len(errors)} row(s) need fixing: {shown}{more}", "AAM p.8-9")
    if not cards:
        raise Refused("the file holds no card")
    _in_use(s, cards)
    return [ev.CardsRegistered(cards=tuple(cards), origin=c.format)]


def enlist(c: cmd.Enlist, s: State, ctx: Context) -> list:
    require_stage(s, "build")
    if c.side in s.final:
        raise Refused(f"the {ADJ[c.side]} army is fixed", "AAM p.10")
    card = s.catalogue.get(catalogue.slug(c.card)) or next(
        (x for x in s.catalogue.values() if x.name.lower() == c.card.strip().lower()), None)
    if card is None:
        raise Refused(f"no card {c.card[:40]!r} in this game's catalogue: register it first")
    if not 1 <= c.count <= MAX_ENLIST:
        raise Refused(f"enlist 1 to {MAX_ENLIST} copies at a time, not {c.count}")
    army = [s.card(u) for u in s.army(c.side)]
    refuse_addition(s.scenario, c.side, army, card, c.count)
    copies = sum(1 for u in s.army(c.side) if u.card == card.id)
    lines = tuple(
        ev.UnitLine(id=s.next_id + n, card=card.id, label=card.name + (f" #{copies + n + 1}" if copies + n else ""))
        for n in range(c.count)
    )
    return [ev.UnitsEnlisted(side=c.side, units=lines, points=s.points(c.side) + card.cost * c.count)]


def discharge(c: cmd.Discharge, s: State, ctx: Context) -> list:
    require_stage(s, "build")
    u = unit(s, c.unit)
    if u.side in s.final:
        raise Refused(f"the {ADJ[u.side]} army is fixed", "AAM p.10")
    return [ev.UnitDischarged(side=u.side, unit=u.id, points=s.points(u.side) - s.card(u).cost)]


def finalise_army(c: cmd.FinaliseArmy, s: State, ctx: Context) -> list:
    require_stage(s, "build")
    if c.side in s.final:
        raise Refused(f"the {ADJ[c.side]} army is already fixed", "AAM p.10")
    army = [s.card(u) for u in s.army(c.side)]
    refuse_final(s.scenario, c.side, army)
    out: list = [ev.ArmyFinalised(side=c.side, points=s.points(c.side), units=len(army))]
    if set(s.final) | {c.side} == set(SIDES):
        out.append(PhaseBegan(round=0, side="", phase="map"))
    return out
