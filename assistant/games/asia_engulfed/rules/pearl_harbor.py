"""The Pearl Harbor surprise (AE 9.11 b, j, k), Japanese Nov/Dec 1941 player turn of the campaign only.

(b) US fleets already at sea in the Hawaiian Islands do not test interception before the surprise port attack.
(j) Japan may make a surprise port attack on Hawaii with any fleets in the Hawaiian Islands sea zone, before the
first interception attempt there, with the +1 of (c); the defending LBA may not fly CAP and is fired on without
firing back (``ae.attack_port`` with ``strafe``). (k) Japan then returns to base or stays; if it stays, the US
fleets at sea go back to the US national port (not Hawaii) or intercept for one shortened Day round (+3 to the US
roll, both sides choose Day, Japan without the (c) bonus); later attempts are normal and both may Avoid. If the US
fleets leave and the Japanese fleet stays, one more port attack round on Hawaii is allowed (ruling [43])."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed import events_air as ea
from assistant.games.asia_engulfed import places
from assistant.games.asia_engulfed.commands import Intercept
from assistant.games.asia_engulfed.commands_air import DecidePearlHarbor
from assistant.games.asia_engulfed.state import AEState
from events.base import Event

SEA, PORT = "hawaiian_islands", "hawaii"


def at_sea(s: AEState, side: str, nation: str = "") -> list:
    return [p for p in s.pieces.values() if p.at == SEA and places.is_fleet(p) and places.side(p) == side
            and (not nation or p.nation == nation)]


def japanese_cba_here(s: AEState) -> bool:
    return any(p.kind == "cba" and p.at in s.pieces and s.pieces[p.at].at == SEA and p.nation == "japan"
               for p in s.pieces.values())


def before_interception(s: AEState, cmd: Intercept) -> int:
    """Refuses an interception the surprise sequence does not allow yet; returns the US bonus (+3, AE 9.11k)."""
    b = s.battles.get(cmd.sea)
    if b is not None and b.kind == "day":
        raise Refused("the Day combat in this sea zone is not over (assign, fight, strike, end each round)",
                      rule="AE 8.42h")
    if not s.surprise or cmd.sea != SEA:
        return 0
    if s.pearl == "" and japanese_cba_here(s):
        raise Refused("US fleets at sea in the Hawaiian Islands test no interception before the surprise port "
                      "attack on Hawaii (ae.attack_port)", rule="AE 9.11b, j")
    if s.pearl == "struck":
        raise Refused("after the surprise port attack Japan first returns to base or stays (ae.decide_pearl_harbor)",
                      rule="AE 9.11k")
    if s.pearl == "stayed":
        raise Refused("the US fleets at sea first return to the US national port or intercept "
                      "(ae.decide_pearl_harbor)", rule="AE 9.11k")
    if s.pearl == "us_intercepts":
        if cmd.japan != "day" or cmd.allies != "day":
            raise Refused("in the shortened round both sides choose Day", rule="AE 9.11k")
        return 3
    return 0


def decide_pearl(cmd: DecidePearlHarbor, s: AEState, ctx: Context) -> list[Event]:
    if not s.surprise or s.phase != "air_naval_combat":
        raise Refused("this choice follows the surprise port attack on Hawaii, Nov/Dec 1941", rule="AE 9.11k")
    if PORT in s.battles:
        raise Refused("finish the port attack on Hawaii first (ae.strike_port, ae.end_air_round)", rule="AE 8.7")
    if cmd.side == "japan":
        if s.pearl != "struck":
            raise Refused("Japan chooses once, right after the surprise port attack", rule="AE 9.11k")
        if cmd.decision not in ("stay", "return"):
            raise Refused("Japan returns to base or stays", rule="AE 9.11k")
        return [ea.PearlHarborDecided(side="japan", decision=cmd.decision)]
    if s.pearl != "stayed":
        raise Refused("the US fleets at sea choose after Japan decided to stay", rule="AE 9.11k")
    if cmd.decision not in ("return", "intercept"):
        raise Refused("the US fleets at sea return to the US national port or intercept", rule="AE 9.11k")
    out: list[Event] = [ea.PearlHarborDecided(side="allies", decision=cmd.decision)]
    if cmd.decision == "return":
        home = [z for z, zone in s.board.zones.items() if zone.port == "national" and zone.colour == "usa"]
        if not home:
            raise Refused("the board has no US national port: enter it first", rule="AE 9.11k")
        out.append(ev.NavalMoved(pieces=tuple(p.id for p in at_sea(s, "allies", "usa")), to=home[0], mode="return"))
    return out


def after_decision(s: AEState, e: ea.PearlHarborDecided) -> str:
    """The sequence's next stage once a side has decided."""
    if e.side == "japan":
        if e.decision == "return":
            return "returned"
        return "stayed" if at_sea(s, "allies", "usa") else "us_left"
    return "us_left" if e.decision == "return" else "us_intercepts"


def second_attack(s: AEState, zone: str, sea: str) -> bool:
    """AE 9.11k: the one case of a second port attack: Hawaii, once, the US fleets gone, the Japanese still there."""
    return (s.surprise and zone == PORT and sea == SEA and s.pearl in ("us_left", "fought")
            and not at_sea(s, "allies") and bool(at_sea(s, "japan")))
