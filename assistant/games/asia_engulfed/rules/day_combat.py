"""Day Combat missions (AE 8.42a-b, f): after a successful Day interception each side reveals its fleets and CBA
and assigns every air unit flying to Attack, Escort or CAP for the round. LBA fly in the second round only; in a
surprise round every aircraft attacks, no LBA flies, and the surprised side's CBA wait for the surpriser's strike
and then attack only carriers still afloat. The air combat, AA and return are in ``air_missions``; the strikes are
``ae.naval_fire`` (kind strike), which asks this module who may strike."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.asia_engulfed import places
from assistant.games.asia_engulfed import events_air as ea
from assistant.games.asia_engulfed.commands_air import AssignAir
from assistant.games.asia_engulfed.rules import consolidation
from assistant.games.asia_engulfed.rules.air_missions import aa_dice, side_name, units
from assistant.games.asia_engulfed.places import is_kamikaze
from assistant.games.asia_engulfed.state import AEState
from events.base import Event


def assign(cmd: AssignAir, s: AEState, ctx: Context) -> list[Event]:
    if s.phase != "air_naval_combat":
        raise Refused("air missions are assigned in the Air-Naval Combat Phase", rule="AE 8.42a")
    b = s.battles.get(cmd.sea)
    if b is None or b.kind != "day" or b.stage not in ("intercepted", "ended"):
        raise Refused("air missions follow a successful Day interception in this sea zone (or the end of the "
                      "first Day round)", rule="AE 8.42, 8.32")
    consolidation.check(s, cmd.sea)  # AE 8.11: before each round
    rnd = 1 if b.stage == "intercepted" else b.round + 1
    surprise = b.surprise if rnd == 1 else ""
    if surprise and not _carrier_air(s, cmd.sea, places.enemy(surprise)):
        surprise = ""  # AE 8.42b: no effect when the surprised side has only LBA
    missions: dict[str, str] = {}
    for side, chosen in (("japan", cmd.japan), ("allies", cmd.allies)):
        for unit, mission in chosen.items():
            if mission not in ("attack", "escort", "cap"):
                raise Refused(f"{unit}: the mission is attack, escort or cap, not {mission!r}", rule="AE 8.42a")
            p = s.pieces.get(unit)
            if p is None or not places.is_air(p) or places.side(p) != side:
                raise Refused(f"{unit}: an air unit of {side_name(side)}", rule="AE 8.42a")
            if is_kamikaze(s, p):
                raise Refused(f"{unit} is a kamikaze: it flies no mission", rule="AE 9.13")
            _eligible(s, p, cmd.sea, rnd, surprise)
            if surprise and mission != "attack":
                raise Refused("in a surprise round no side flies CAP or Escort: every aircraft attacks",
                              rule="AE 8.42b")
            missions[unit] = mission
    bonus = rnd == 1 and b.bonus  # AE 9.11c: fixed when the interception opened the battle
    return [ea.AirAssigned(sea=cmd.sea, round=rnd, missions=missions, rounds=b.rounds, winner=b.winner,
                           surprise=surprise, bonus=bonus)]


def _carrier_air(s: AEState, sea: str, side: str) -> bool:
    return any(p.kind == "cba" and p.at in s.pieces and s.pieces[p.at].at == sea and places.side(p) == side
               for p in s.pieces.values())


def _eligible(s: AEState, p, sea: str, rnd: int, surprise: str) -> None:
    if p.kind == "cba":
        cv = s.pieces.get(p.at)
        if cv is None or cv.kind != "cv" or cv.at != sea:
            raise Refused(f"{p.id}: CBA fly from carriers in the sea zone", rule="AE 8.42a")
        return
    zone = s.board.zones.get(p.at)
    if zone is None or sea not in (zone.seas or ()) or not places.friendly_uncontested(s, p.at, places.side(p)):
        raise Refused(f"{p.id}: LBA fly from a friendly uncontested zone in or bordering the sea zone",
                      rule="AE 8.25, 8.42a")
    if rnd < 2 or surprise:
        raise Refused(f"{p.id}: LBA take part only in the second round of a Day interception, never in a surprise "
                      "round", rule="AE 8.42a-b")


def check_striker(s: AEState, p, sea: str, target) -> None:
    """Called by ``ae.naval_fire`` (strike) while a Day round is open in the sea zone."""
    b = s.battles.get(sea)
    if b is None or b.kind != "day":
        return
    if b.stage in ("intercepted", "ended"):
        raise Refused("assign the round's air missions first (ae.assign_air)", rule="AE 8.42a")
    side = places.side(p)
    if b.missions.get(p.id) != "attack":
        raise Refused(f"{p.id} is not in the Attack section this round", rule="AE 8.42a, f")
    if any(any(v.values()) for v in b.owed.values()):
        raise Refused("air steps lost must be named first (ae.lose_air_steps)", rule="AE 8.42d-e")
    if b.stage == "assigned" and (units(s, b, "japan", "cap", "escort") or units(s, b, "allies", "cap", "escort")):
        raise Refused("the air combat comes before the strikes", rule="AE 8.42d-f")
    if side in b.struck:
        raise Refused(f"{side_name(side)}'s Attack section already struck this round", rule="AE 8.42f")
    if b.surprise and side != b.surprise:
        if b.surprise not in b.struck:
            raise Refused("the surprised side launches its CBA only after the surpriser's attack", rule="AE 8.42b")
        if target.kind != "cv":
            raise Refused("after a surprise the surprised side's CBA attack only carriers not destroyed",
                          rule="AE 8.42b")
    enemy = places.enemy(side)
    if enemy not in b.aa and aa_dice(s, b, enemy)[0]:
        raise Refused(f"{side_name(enemy)}'s AA fires before this strike (ae.fire_anti_aircraft)", rule="AE 8.42e-f")


def surprise_bonus(s: AEState, sea: str) -> bool | None:
    """AE 9.11c for a strike in an open Day round: the round's bonus; None when no round is open."""
    b = s.battles.get(sea)
    if b is None or b.kind != "day" or b.stage in ("intercepted", "ended"):
        return None
    return b.bonus
