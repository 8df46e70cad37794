"""What each viewer may see of an Asia Engulfed game, computed from the state the application folds.

Blocks stand on edge (AE 4.22): the other side sees a block's nation, not its kind or steps, until it is revealed
in a contested zone (AE 6.23). Land steps bought are the producer's secret (AE 4.6): the other side sees the
amount, not the cause. Fleets, air units, tracks, Special Actions and construction are public (AE 4.6, 7.12).
"""

from __future__ import annotations

from typing import Any

from assistant.families.engulfed.hidden import discloses, sees
from assistant.families.engulfed.ledger import Book
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed.board.gaps import blocking
from assistant.games.asia_engulfed.rules import force_pool, strategic
from assistant.games.asia_engulfed.rules.construction import pipeline
from assistant.games.asia_engulfed.rules.influence import all_influence
from assistant.games.asia_engulfed.rules.victory import level, tally
from assistant.games.asia_engulfed.state import AEState

ACCOUNTS = ("werp", "oil", "tc", "ta", "submarine_points", "bomber_points")


def pieces(s: AEState, viewer: str = "") -> dict[str, list[dict[str, Any]]]:
    """Place -> pieces; ``viewer`` "japan"/"allies" hides the other side's unrevealed land blocks."""
    out: dict[str, list[dict[str, Any]]] = {}
    for p in sorted(s.pieces.values(), key=lambda p: (p.at, p.nation, p.id)):
        side = places.side(p)
        at = places.fleet_zone(s, p)
        hidden = not sees(viewer, side, face_up=not places.is_land(p) or places.contested(s, at))
        entry: dict[str, Any] = {"id": p.id, "nation": p.nation, "side": side}
        if hidden:
            entry["hidden"] = True
        else:
            entry.update(kind=p.kind, steps=p.steps, max_steps=p.top, elite=p.elite,
                         supply=s.supply.get(p.id, ""), carried_by=p.at if p.at in s.pieces else "")
        out.setdefault(at, []).append(entry)
    return out


STOCKS = ("oil", "tc", "submarine_points", "bomber_points")  # carried from turn to turn: show the level too
WORDS = {"werp": "WERP", "oil": "Oil", "tc": "Transport Capacity", "ta": "Transports Available",
         "submarine_points": "Submarine Points", "bomber_points": "Bomber Points"}


def ledgers(book: Book, turn: int, viewer: str = "", s: AEState | None = None) -> list[dict[str, Any]]:
    """Every nation's accounts for ``turn``, each line with the event (seq) that booked it; for stocks the level
    now (from the state) beside this turn's change."""
    out = []
    for nation in data.NATIONS:
        for account in ACCOUNTS:
            acc = book.accounts.get(f"{turn}:{nation}:{account}")
            if acc is None:
                continue
            lines = []
            for line in acc.lines:
                secret = not discloses(viewer, data.side_of(nation), line.private)
                name = _place_name(s, line.place)
                lines.append({"seq": line.seq, "amount": line.amount, "rule": line.rule,
                              "cause": "land steps (undisclosed)" if secret else line.cause,
                              "place": "" if not name or name in line.cause else name})
            out.append({"nation": nation, "name": data.nation_name(nation), "account": WORDS[account],
                        "balance": acc.balance, "lines": lines,
                        "level": s.balance(nation, account) if s is not None and account in STOCKS else None})
    return out


def _place_name(s: AEState | None, place: str) -> str:
    if not place or s is None:
        return place
    found = s.board.zones.get(place) or s.board.seas.get(place)
    return found.name if found is not None else place.replace("_", " ")


def tracks(s: AEState) -> dict[str, Any]:
    return {
        "Japanese Oil": s.balance("japan", "oil"),
        "Transport Capacity / Available": f"{s.balance('japan', 'tc')} / {s.balance('japan', 'ta')}",
        "ASW level": s.track("asw"),
        "Japanese strategic moves": s.track("jp_sr"),
        "US Submarine Points": s.balance("usa", "submarine_points"),
        "US Bomber Points": s.balance("usa", "bomber_points"),
        "US Dud Torpedoes": s.track("dud_torpedoes"),
        "Kamikaze": s.track("kamikaze"),
        "Home Defense Force": " · ".join(f"{i.capitalize()} {s.track('hdf_' + i)}" for i in places.HOME_ISLANDS),
        "US production": s.track("us_level"),
        "Special Actions": " · ".join(f"{data.nation_name(n)} {len(v)}" for n, v in s.special_actions.items() if v)
        or "none",
        "Supply Network": ", ".join(f"{s.board.seas[k].name} ({v})" for k, v in sorted(s.network.items())) or "none",
        **_land_tracks(s),
    }


def _land_tracks(s: AEState) -> dict[str, Any]:
    """The submarine Replacement markers waiting (AE 4.61) and where the US Force Pool additions stand (AE 9.22)."""
    out: dict[str, Any] = {}
    if s.submarine_replacements:
        out["Submarine Replacement marker"] = ", ".join(data.nation_name(n) for n in s.submarine_replacements)
    if s.set_up:
        out["US Force Pool additions"] = force_pool.status(s)
    return out


def situation(s: AEState) -> dict[str, Any]:
    """Influence per sea zone, the VP tally with the level it would give now, pipelines and blocking gaps."""
    t = tally(s)
    final_result, rule = level(s, final=True) if s.set_up else ("", "")
    return {
        "influence": {sea: lvl for sea, lvl in sorted(all_influence(s).items())},
        "vp_zones": t["land"], "vp_seas": t["seas"], "vp_missing": t["missing"][:12],
        "if_the_game_ended_now": final_result, "rule": rule,
        "pipelines": pipeline(s),
        "supply_gaps": [g.sentence() for g in blocking(s.board, "supply")][:12],
        "strategic_warfare_owed": strategic.pending(s),
    }
