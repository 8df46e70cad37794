"""One plain sentence per air-naval event (Day Combat missions, port and airbase attacks, Pearl Harbor)."""

from __future__ import annotations

from typing import Any

from assistant.games.asia_engulfed import events_air as ea

SECTIONS = {"cap": "CAP", "escort": "Escort", "attack": "Attack", "grounded": "grounded LBA", "aa": "Attack (AA)",
            "aa_free": "Escort or Attack (AA)"}


def _place(zone: str) -> str:
    return " ".join(w if w in ("of", "and") else w[:1].upper() + w[1:] for w in zone.split("_"))


def _side(side: str) -> str:
    return "Japan" if side == "japan" else "The Allies"


def _whose(side: str) -> str:
    return "Japan's" if side == "japan" else "The Allies'"


def _missions(missions: dict[str, str]) -> str:
    count: dict[str, int] = {}
    for m in missions.values():
        count[m] = count.get(m, 0) + 1
    return ", ".join(f"{n} {m.replace('_', ' ')}" for m, n in sorted(count.items()))


def _owed(owed: dict[str, int]) -> str:
    return ", ".join(f"{n} from {SECTIONS.get(k, k)}" for k, n in owed.items() if n)


def describe(e: Any) -> str:
    t = type(e)
    if t is ea.AirAssigned:
        surprise = f"; {_side(e.surprise)} has surprise" if e.surprise else ""
        return f"Day round {e.round} in {_place(e.sea)}: {_missions(e.missions)}{surprise}."
    if t is ea.RaidOpened:
        what = "The surprise attack on" if e.surprise_attack else "The second port attack on" if e.second \
            else "An attack on"
        return f"{what} {_place(e.zone)} from {_place(e.sea)}: {_missions(e.missions)}."
    if t is ea.AirFought:
        owed = "; ".join(f"{_side(side)} loses {_owed(o)}" for side, o in e.owed.items() if any(o.values()))
        swept = sum(e.sweep.values())
        extra = f" ({swept} CAP step(s) beyond 2:1 at the Attack section)" if swept else ""
        return f"Air combat at {_place(e.where)}{extra}: " + (owed or "no loss") + "."
    if t is ea.AntiAircraftFired:
        half = ", halved" if e.halved else ""
        return f"{_whose(e.side)} AA fires {e.dice} dice{half} at {_place(e.where)}: {e.hits} hit(s)."
    if t is ea.AirStepsLost:
        return f"{_side(e.side)} loses {sum(e.losses.values())} air step(s) at {_place(e.where)} ({e.cause})."
    if t is ea.PortStruck:
        hits = sum(1 for s in e.shots if s[4] != "miss")
        return f"Port attackers fire at {_place(e.zone)}: {hits} hit(s)."
    if t is ea.AirBattleEnded:
        lost = sum(e.lost.values())
        tail = f"; {lost} CBA step(s) lost for want of carrier room" if lost else ""
        return f"The aircraft return from {_place(e.where)}{tail}."
    if t is ea.PearlHarborDecided:
        words = {"stay": "stays in the Hawaiian Islands", "return": "returns to base",
                 "intercept": "intercepts for one shortened Day round"}
        who = "Japan" if e.side == "japan" else "The US fleets at sea"
        return f"{who} {words[e.decision]}" + (" (to the US national port)." if e.side == "allies"
                                                and e.decision == "return" else ".")
    if t is ea.FleetsConsolidated:
        return f"{len(e.keep) + len(e.removed)} fleets consolidate into {len(e.keep)}: " + ", ".join(
            f"{f} {n} step(s)" for f, n in e.keep.items()) + "."
    return ""


def next_step(s: Any) -> str:
    """What the open air battle (or the Pearl Harbor sequence) waits for, in plain words; "" when nothing."""
    from assistant.games.asia_engulfed.rules.air_missions import aa_dice, units
    from assistant.games.asia_engulfed.rules.consolidation import owed as owed_consolidation

    for where, b in sorted(s.battles.items()):
        place = _place(where)
        if b.stage in ("intercepted", "ended"):
            if owed_consolidation(s, where):
                return f"Consolidate the fleets at {place} first: {owed_consolidation(s, where)} (AE 8.11)."
            return (f"Day round {1 if b.stage == 'intercepted' else b.round + 1} at {place}: assign the air missions "
                    "(or end the round if no aircraft flies).")
        owing = [side for side, o in b.owed.items() if any(o.values())]
        if owing:
            return f"{_side(owing[0])} names the air steps lost at {place}."
        flying = any(units(s, b, side, "cap", "escort") for side in ("japan", "allies")) or b.strafe
        if b.stage == "assigned" and flying:
            return f"Air combat at {place}."
        for side in ("japan", "allies"):
            enemy = "allies" if side == "japan" else "japan"
            if side not in b.aa and units(s, b, enemy, "attack", "port_attack") and aa_dice(s, b, side)[0]:
                return f"{_whose(side)} AA fires at {place}; then the strikes and the aircraft's return."
        return f"Strikes at {place}, then the aircraft return (end the round)."
    if s.pearl == "struck":
        return "Pearl Harbor: Japan stays in the Hawaiian Islands or returns to base (AE 9.11k)."
    if s.pearl == "stayed":
        return "Pearl Harbor: the US fleets at sea return to the US national port or intercept (AE 9.11k)."
    return ""
