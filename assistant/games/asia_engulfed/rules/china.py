"""Chinese free steps (AE 9.42, 9.45): the Communist step of each Allied Production Phase and the emergency
militia after a Chinese zone falls to Japan in combat, placed under each force's new-unit rules."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.families.engulfed.setup import first_free
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import PlaceFreeSteps
from assistant.games.asia_engulfed.scenario.format import Piece
from assistant.games.asia_engulfed.state import AEState

EMERGENCY_STEPS = 5  # AE 9.45


def communist_step(s: AEState) -> list[ev.FreeStepsGranted]:
    """AE 9.42: one free Communist step each Allied Production Phase (while the Communists fight on)."""
    if "communist_china" in s.conquered:
        return []
    return [ev.FreeStepsGranted(force="communist", steps=1, rule="AE 9.42")]


def emergency(s: AEState, zone: str) -> list[ev.FreeStepsGranted]:
    """AE 9.45: a Chinese-controlled zone of China taken by Japan in a Combat Phase: up to 5 militia steps,
    Communist when the zone is rough terrain, Nationalist otherwise."""
    z = s.board.zones[zone]
    if z.country != "china" or s.phase != "land_combat":
        return []
    force = "communist" if z.terrain == "rough" else "nationalist"
    return [ev.FreeStepsGranted(force=force, steps=EMERGENCY_STEPS, zone=zone, rule="AE 9.45")]


def place(cmd: PlaceFreeSteps, s: AEState, ctx: Context) -> list[ev.FreeStepsPlaced]:
    left = s.free_steps.get(cmd.force, 0)
    if cmd.steps > left:
        raise Refused(f"{left} free {cmd.force} step(s) to place", rule="AE 9.42, 9.45")
    if cmd.target:
        p = s.pieces.get(cmd.target)
        if p is None or p.nation != "china" or p.force != cmd.force:
            raise Refused(f"{cmd.target!r} is not a {cmd.force} Chinese unit", rule="AE 9.42")
        if p.steps + cmd.steps > p.top:
            raise Refused(f"{p.id} has {p.steps} of {p.top} steps", rule="AE 4.3")
        return [ev.FreeStepsPlaced(force=cmd.force, steps=cmd.steps, target=p.id)]
    z = s.board.zones.get(cmd.zone)
    if z is None or z.country != "china" or s.control.get(cmd.zone) != "allies":
        raise Refused("new Chinese units appear in a Chinese-controlled zone of China", rule="AE 4.41")
    if cmd.force == "communist":
        near = {cmd.zone, *places.neighbours(s.board, cmd.zone)}
        if not any(p.force == "communist" and p.at in near for p in s.pieces.values()):
            raise Refused("a new Communist unit appears in or next to a zone holding Communists (it may be "
                          "contested)", rule="AE 9.42")
    elif places.contested(s, cmd.zone):
        raise Refused("new Nationalist units appear in an uncontested zone", rule="AE 4.41")
    kind = cmd.kind or "militia"
    piece = Piece(id=first_free(s.pieces, f"{data.STEMS['china']}-{kind}-"), nation="china", kind=kind,
                  steps=cmd.steps, max_steps=max(cmd.steps, cmd.max_steps), at=cmd.zone, force=cmd.force)
    return [ev.FreeStepsPlaced(force=cmd.force, steps=cmd.steps, target=piece.id, piece=piece)]
