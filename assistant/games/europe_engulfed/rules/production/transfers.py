"""WERP transfers between nations (EE 4.5): Germany to Italy, U.S. and British lend-lease (EE 9.35-9.36)."""

from __future__ import annotations

from collections.abc import Sequence

from assistant.decider import Context, Refused
from assistant.games.europe_engulfed import data, wording
from assistant.games.europe_engulfed.commands import TransferWerp
from assistant.games.europe_engulfed.bookings import sent_to
from assistant.games.europe_engulfed.state import EEState
import assistant.games.europe_engulfed.events as ev
from events.base import Event
from assistant.games.europe_engulfed.rules.production.phase import afford, producing, with_maintenance


SENDERS = {"germany": ("italy", "EE 9.43"), "usa": ("britain", "EE 9.36"), "britain": ("ussr", "EE 9.35")}


def when_sent() -> str:
    return "; ".join(f"{data.nation(a).title} to {data.nation(b).title} in {data.nation(a).title}'s production phase "
                     f"({rule})" for a, (b, rule) in SENDERS.items())


def transfer(cmd: TransferWerp, s: EEState, ctx: Context) -> list[Event]:
    """EE 4.5: transfers may be announced at any time, but a nation's WERP exist only in its own production phase
    (4.1: never kept), so the sender sends them then; the refusal says when."""
    if s.phase != "production" or (cmd.sender and cmd.sender != s.step):
        raise Refused(f"WERP are sent from the sender's own production phase: {when_sent()}", rule="EE 4.5")
    sender = producing(s)
    receiver = cmd.receiver
    if cmd.amount <= 0:
        raise Refused("send at least one WERP")
    if s.ledger(receiver).closed:
        raise Refused(f"{wording.nation(receiver)} has already produced this turn", rule="EE 4.5")
    pre = with_maintenance(s, sender)
    afford(s, sender, pre, cmd.amount)
    arrived, route, rule = cmd.amount, cmd.route, ""
    p = s.politics
    sent_before = sum(-line.amount for line in s.ledger(sender).lines if line.kind == "transfer_out" and line.cause.startswith(sent_to(receiver)))
    if (sender, receiver) == ("germany", "italy"):
        rule = "EE 9.43"
        if sent_before + cmd.amount > data.tables().lend_lease["germany_to_italy_max"]:
            raise Refused(f"Germany may send Italy at most 5 WERP per turn{already(sent_before)}", rule=rule)
    elif (sender, receiver) == ("usa", "britain"):
        rule = "EE 9.36"
        if sent_before + cmd.amount > data.tables().lend_lease["us_to_britain_max"]:
            raise Refused(f"the U.S.A. may send Britain at most 15 WERP per turn{already(sent_before)}", rule=rule)
    elif (sender, receiver) == ("britain", "ussr"):
        rule = "EE 9.35"
        if not p.at_war("germany", "ussr"):
            raise Refused("Britain sends lend-lease to the USSR only while Germany and the USSR are at war", rule=rule)
        check_british_lend_lease(s, pre, sent_before, route, cmd.amount)
        arrived = arrival(s, route, cmd.amount)
    else:
        pairs = ", ".join(f"{wording.nation(a)} to {wording.nation(b)} ({r})" for a, (b, r) in SENDERS.items())
        raise Refused(f"no rule lets {wording.nation(sender)} send WERP to {wording.nation(receiver)}; WERP go only "
                      f"{pairs}", rule="EE 4.5")
    if route != "direct" and rule != "EE 9.35":
        raise Refused("only British lend-lease to the USSR goes by Murmansk or Persia", rule=rule)
    return [*pre, ev.WerpTransferred(sender=sender, receiver=receiver, sent=cmd.amount, arrived=arrived, route=route,
                                     rule=rule)]


def already(sent_before: int) -> str:
    """The part of a cap already used this turn, so the players see what is left to send."""
    return f" ({sent_before} already sent this turn)" if sent_before else ""


def check_british_lend_lease(s: EEState, pre: Sequence[Event], sent_before: int, route: str, amount: int) -> None:
    """EE 9.35: at most half of British WERP after strategic warfare, U.S. lend-lease and maintenance (rounded
    down); 9.351/9.352: route capacity from the Allied fleet points in the Atlantic."""
    led = s.ledger("britain")
    basis = sum(line.amount for line in led.lines if line.kind not in ("purchase", "transfer_out", "free_item"))
    basis -= sum(e.paid for e in pre if isinstance(e, ev.NavalMaintenancePaid))
    if sent_before + amount > basis // 2:
        raise Refused(f"Britain may send at most half its WERP ({basis // 2}) to the USSR this turn; "
                      f"{sent_before} already sent", rule="EE 9.35")
    atlantic = sum(k for n, k in s.fleets.get("atlantic", {}).items() if n in ("britain", "usa", "france"))
    sent_by_route = sum(-line.amount for line in led.lines if line.kind == "transfer_out" and line.cause == sent_to("ussr", route))
    if route == "murmansk":
        if s.control.get("onega_swamps") == "Axis":
            raise Refused("the Axis holds the Onega Swamps: the Murmansk route is closed", rule="EE 9.351")
        cap, rule = data.tables().lend_lease["murmansk_per_fleet_point"] * atlantic, "EE 9.351"
    elif route == "persia":
        if s.control.get("persia") == "Axis":
            raise Refused("the Axis holds Persia: no lend-lease by Persia", rule="EE 9.352")
        cap, rule = data.tables().lend_lease["persia_per_fleet_point"] * atlantic, "EE 9.352"
    else:
        raise Refused("British lend-lease goes by Murmansk or Persia", rule="EE 9.35")
    if sent_by_route + amount > cap:
        raise Refused(f"the {route} route carries at most {cap} WERP ({atlantic} Allied fleet points in the Atlantic)",
                      rule=rule)


def arrival(s: EEState, route: str, amount: int) -> int:
    if route == "murmansk" and s.control.get("trondheim") != "Axis":
        return amount
    return amount // 2  # 9.351 Trondheim German, 9.352 Persia: half arrives, rounded down
