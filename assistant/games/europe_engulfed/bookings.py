"""Which WERP ledger lines an event books (EE 4.0, 2.0, 9.3x): one function shared by the game's ``evolve`` and
the WERP ledger read model (the Engulfed family's), so both books always hold the same lines (the read model adds
each line's event number, which ``evolve`` cannot know). Europe Engulfed's events carry their facts, not their
lines: the lines are derived here, as the family's ``Posting``s on the "werp" account."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.families.engulfed.ledger import Entry, Posting
from assistant.games.europe_engulfed.wording import nation, place, route
import assistant.games.europe_engulfed.events as ev


WERP = "werp"  # Europe Engulfed keeps one account per nation and production phase


def werp(nation: str, lines: tuple[Entry, ...] = (), turn: int | None = None, first: bool = False,
         close: bool = False) -> Posting:
    """Lines booked in one nation's WERP ledger. ``turn`` None = the current game turn's ledger; ``first``: income
    lines go before transfers booked earlier in the turn (EE 4.5); ``close``: the production phase ends (EE 4.1)."""
    return Posting(nation=nation, account=WERP, lines=lines, turn=turn, first=first, close=close)


def _line(kind: str, amount: int, rule: str, cause: str, area: str = "", private: bool = False) -> Entry:
    return Entry(kind=kind, amount=amount, rule=rule, cause=cause, place=area, private=private)


def entry(line: ev.LedgerLine) -> Entry:
    """A line an event carries (income, EE 4.1) as the ledger's entry."""
    return _line(line.kind, line.amount, line.rule, line.cause, line.area, line.private)


def ledger_line(e: Entry) -> ev.LedgerLine:
    """An entry as the game state's ledger line."""
    return ev.LedgerLine(kind=e.kind, amount=e.amount, rule=e.rule, cause=e.cause, area=e.place, private=e.private)


def sent_to(receiver: str, by: str = "") -> str:
    """A transfer_out line's cause; with no route, the start every route's cause shares (the rules sum what a
    nation already sent to a receiver, EE 9.35, 9.36, 9.43)."""
    return f"sent to {nation(receiver)}" + (f" ({route(by)})" if by else "")


def _transferred(e: ev.WerpTransferred) -> tuple[Posting, ...]:
    received = [_line("transfer_in", e.sent, e.rule, f"from {nation(e.sender)} ({route(e.route)})")]
    if e.arrived < e.sent:
        received.append(_line("lost_in_transit", e.arrived - e.sent, e.rule, f"sunk on the {route(e.route)}"))
    return (werp(nation=e.sender, lines=(_line("transfer_out", -e.sent, e.rule, sent_to(e.receiver, e.route)),)),
            werp(nation=e.receiver, lines=tuple(received)))


def _uboats(e: ev.UBoatCampaignResolved) -> tuple[Posting, ...]:
    cause = (f"U-boat attack: die {e.attack_die}, {e.werp_loss} WERP "
             f"(U-boats from {e.uboats_before} to {e.uboats_before - e.uboats_lost})")
    return (werp(nation="britain", lines=(_line("strategic_warfare", -e.booked, "EE 2.12", cause),)),)


def _raid(e: ev.AirRaidResolved) -> tuple[Posting, ...]:
    cause = f"bombing raid: {e.hits} hits" + (f", capped at {e.cap}" if e.werp_loss < e.hits else "")
    return (werp(nation=e.target, lines=(_line("strategic_warfare", -e.werp_loss, "EE 2.23", cause),)),)


def _v_weapons(e: ev.VWeaponsResolved) -> tuple[Posting, ...]:
    line = _line("strategic_warfare", -e.booked, "EE 2.28", f"{e.kind.upper()} attack: {e.werp_loss} WERP")
    return (werp(nation="britain", lines=(line,)),)


def _maintenance(e: ev.NavalMaintenancePaid) -> tuple[Posting, ...]:
    where = ", ".join(f"{n} in the {place(sea)}" for sea, n in sorted(e.fleets.items())) or "no fleet points"
    cause = f"naval maintenance: {e.due} due ({where})" + (f", {e.paid} paid" if e.paid < e.due else "")
    return (werp(nation=e.nation, lines=(_line("naval_maintenance", -e.paid, "EE 4.2", cause),)),)


def _purchased(e: ev.Purchased) -> tuple[Posting, ...]:
    line = _line("free_item" if e.free else "purchase", -e.cost, e.rule, e.cause, area=e.area, private=e.private)
    return (werp(nation=e.nation, lines=(line,)),)


def _closed(e: ev.ProductionClosed) -> tuple[Posting, ...]:
    lines = (_line("forfeit", -e.forfeited, "EE 4.1", "unspent WERP are lost"),) if e.forfeited else ()
    return (werp(nation=e.nation, lines=lines, close=True),)


def _werp_edited(e: ev.WerpEdited) -> tuple[Posting, ...]:
    return (werp(nation=e.nation, lines=(_line("edit", e.amount, "Edit mode", f"edited by the table: {e.reason}"),)),)


_BOOKERS: dict[type, Callable[[Any], tuple[Posting, ...]]] = {
    ev.ProductionBegan: lambda e: (werp(nation=e.nation, lines=tuple(map(entry, e.lines)), turn=e.turn,
                                                   first=True),),
    ev.LendLeaseRolled: lambda e: (werp(nation=e.nation, lines=(
        _line("lend_lease", e.die, "EE 9.34", f"U.S. lend-lease roll of {e.die}"),)),),
    ev.WerpTransferred: _transferred,
    ev.UBoatCampaignResolved: _uboats,
    ev.AirRaidResolved: _raid,
    ev.VWeaponsResolved: _v_weapons,
    ev.NavalMaintenancePaid: _maintenance,
    ev.Purchased: _purchased,
    ev.ProductionClosed: _closed,
    ev.WerpEdited: _werp_edited,
}


def bookings(event: Any) -> tuple[Posting, ...]:
    fn = _BOOKERS.get(type(event))
    return fn(event) if fn is not None else ()
