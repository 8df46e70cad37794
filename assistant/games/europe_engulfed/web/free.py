"""The forms of the production phase's gifts and transfers in players' words: "Place a free step or unit" with
only what is due now (EE 9.15, 9.24e, 9.24f, 9.62) and the player's own eligible blocks and areas by name; "Send
WERP" with the sender, receiver and route named; the U-boat war saying its two dice. Presentation only: the
game's ``decide`` judges everything."""

from __future__ import annotations

from assistant.games.europe_engulfed import data, offers, wording
from assistant.games.europe_engulfed.wording import mover
from assistant.games.europe_engulfed.powers import friendly_uncontested

# each free source in words, with what it gives and where it goes
SOURCE_WORDS = {
    "axis_minor_step": "The Axis minor step (EE 9.15): one free infantry step for Finland, Romania, Hungary or "
                       "Bulgaria, in a home area of that minor, as a replacement or a new unit at cadre; never the "
                       "same minor two turns running",
    "conscription": "Emergency conscription (EE 9.24f): this phase's free Soviet infantry steps (not elite), as "
                    "replacements or new units placed like bought ones",
    "soviet_elites": "The Soviet elite infantry (EE 9.24e): four free full-strength elite infantry units, placed "
                     "like new units",
    "minor_replacement": "A minor power's replacement step (EE 9.62): one free step a turn for a non-conquered "
                         "minor at war on your side, in a friendly home area of it (even contested), or a "
                         "destroyed unit back at cadre",
}


def place_free_data(s, seen: set[str]) -> dict:
    """What the "Place a free step or unit" form lists: the sources due, and per source the blocks that may take a
    free step and the areas where a new unit may go, by name (blocks only those this device may see)."""
    from assistant.decider import Refused
    from assistant.games.europe_engulfed.rules.production.purchases import build_area

    due = offers.free_due(s)
    side = data.side_of(s.producing) if s.producing in data.MAJORS else ""
    groups = []
    for source, owners in due.items():
        blocks, areas = [], []
        for u in sorted(s.units.values(), key=lambda u: u.id):
            if u.id not in seen or u.nation not in owners or u.kind == "gsu" or u.steps >= u.max_steps:
                continue
            home = s.board.areas.get(u.area)
            if source in ("axis_minor_step", "minor_replacement"):
                ok = home is not None and home.home and home.nation == u.nation and (
                    source == "minor_replacement" or friendly_uncontested(s, u.area, side))
            else:
                ok = u.kind == "infantry" and not u.elite and source == "conscription" and \
                    friendly_uncontested(s, u.area, side)
            if ok:
                blocks.append((u.id, mover(s, u.id)))
        for aid, area in sorted(s.board.areas.items(), key=lambda kv: kv[1].name or kv[0]):
            if source in ("axis_minor_step", "minor_replacement"):
                if area.home and area.nation in owners and s.control.get(aid) == side:
                    areas.append((aid, area.name or wording.place(aid)))
            else:
                try:
                    build_area(s, "ussr", aid, "infantry", ("ussr",))
                except Refused:
                    continue
                areas.append((aid, area.name or wording.place(aid)))
        groups.append({"source": source, "words": SOURCE_WORDS[source], "blocks": blocks, "areas": areas,
                       "left": offers.free_left(s, source),
                       "owners": ", ".join(wording.nation(o) for o in owners)})
    return {"groups": groups, "source": next(iter(due), ""), "many": any(g["left"] > 1 for g in groups),
            "elites": "soviet_elites" in due}


ROUTE_WORDS = {"direct": "Direct", "murmansk": "By Murmansk (EE 9.351)", "persia": "By Persia (EE 9.352)"}


def transfer_data(s) -> dict:
    """The "Send WERP" form: the sender is the producing nation (EE 4.5: only it has WERP now), the receivers and,
    for British lend-lease to the USSR, the routes (EE 9.35), all by name."""
    from assistant.games.europe_engulfed.rules.production.transfers import SENDERS

    sender = s.producing or ""
    receivers = offers.receivers(s)
    routes = ["direct", "murmansk", "persia"] if sender == "britain" else ["direct"]
    rule = SENDERS.get(sender, ("", "EE 4.5"))[1]
    return {"sender": sender, "sender_name": wording.nation(sender) if sender else "",
            "receivers": [(r, wording.nation(r)) for r in receivers], "rule": rule,
            "routes": [(r, ROUTE_WORDS[r]) for r in routes]}


def uboat_data(s) -> dict:
    """The U-boat war form: two dice, the ASW die (EE 2.11) then the U-boat attack die (2.12). With both tables
    entered as game options the assistant reads them (and may roll); without them the players roll at the table
    and read the percent and the WERP lost on the map, so the form asks for those and offers no "Roll for me"."""
    o = s.options
    return {"tables": bool(o.asw_table.get(str(s.track.asw))) and bool(o.uboat_attack_table),
            "asw_table": bool(o.asw_table), "attack_table": bool(o.uboat_attack_table),
            "level": s.track.asw, "uboats": s.track.uboats}
