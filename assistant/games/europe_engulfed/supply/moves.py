"""Supply moves: small decide functions the game declaration dispatches to (EE 3.0, 7.9, 4.2/8.3).

Each has a pure form over (board, situation, supply state) and a ``(command, state, ctx)`` form reading the
game state (``state.board``, ``state.supply``, and the units/control/fleets through ``snapshot``).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from assistant.decider import Context, Refused
from assistant.games.europe_engulfed.board.format import Board
from assistant.games.europe_engulfed.rules.special_actions import spend
from assistant.games.europe_engulfed.supply import queries
from assistant.games.europe_engulfed.supply.commands import (
    ChooseSeaSupplyAllocation,
    DetermineSupply,
    RecordSupplyVerdict,
)
from assistant.games.europe_engulfed.supply.determine import Determination, describe_choice, determine
from assistant.games.europe_engulfed.supply.situation import SupplySituation
from assistant.games.europe_engulfed.supply.snapshot import situation as snapshot
from assistant.games.europe_engulfed.supply.state import SupplyState
from assistant.games.europe_engulfed.wording import placed
from events.base import Event
from assistant.games.europe_engulfed.events.supply import (
    FleetPointsEliminatedUnsupplied,
    LimitedSupplyApplied,
    OutOfSupplyMarkerFlipped,
    SeaChoice,
    SeaSupplyAllocationChosen,
    SupplyDetermined,
    SupplyRestored,
    SupplyVerdictRecorded,
    UnitsEliminatedOutOfSupply,
    UnitsMarkedOutOfSupply,
)


def unit_words(board: Board, sit: SupplySituation, uid: str) -> str:
    """A unit as supply knows it, in players' words: "German unit (4 steps) in Oslo"."""
    from assistant.games.europe_engulfed.wording import adjective

    u = next((x for x in sit.units if x.id == uid), None)
    if u is None:
        return uid
    what = "ground support unit" if u.gsu else f"unit ({u.steps} step{'s' if u.steps != 1 else ''})"
    return f"{adjective(u.nation)} {what} in {place_words(board, u.area)}"


def place_words(board: Board, pid: str) -> str:
    place = board.areas.get(pid) or board.seas.get(pid)
    return (getattr(place, "name", "") or "") or pid.replace("_", " ").title()


def _undetermined_refusal(det: Determination, board: Board, sit: SupplySituation) -> Refused:
    lines = []
    for uid, gaps in sorted(det.undetermined.items()):
        facts = "; ".join(f"{place_words(board, g.subject)}: {g.words or g.WORDS.get(g.fact, g.fact)} unknown"
                          for g in gaps[:6]) + (" …" if len(gaps) > 6 else "")
        lines.append(f"{unit_words(board, sit, uid)} ({facts})")
    return Refused(
        "the board lacks facts to trace these units' supply lines: " + "; ".join(lines) + ". Enter the facts "
        "under “Board and scenario”, or say what your map shows with “Record what our map shows”",
        rule="EE 3.1",
    )


def proposal_text(det: Determination) -> str:
    if not det.proposal:
        return "no unit can be carried"
    return ", ".join(f"{uid} by {describe_choice(o)}" for uid, o in sorted(det.proposal.items()))


def decide_determine(cmd: DetermineSupply, board: Board, sit: SupplySituation, supply: SupplyState) -> list[Event]:
    orders: dict[str, str] = {}
    for o in cmd.limited_supply:
        if cmd.phase != "final":
            raise Refused("Limited Supply is given in the Final Supply Phase", rule="EE 7.9")
        if o.area in orders:
            raise Refused(f"one Special Action already gives Limited Supply to every unit in {o.area}", rule="EE 7.9")
        orders[o.area] = o.nation
    choices = supply.allocation if supply.allocation_side == cmd.side and supply.allocation else None
    verdicts = {u: (v.supplied, v.reason) for u, v in supply.verdicts.items()}
    det = determine(board, sit, cmd.side, cmd.phase, choices=choices, verdicts=verdicts, limited_supply=orders)
    if det.allocation_problems:
        raise Refused(
            "the chosen sea routes no longer work (choose again with “Choose who is supplied by sea”): "
            + "; ".join(det.allocation_problems),
            rule="EE 3.31",
        )
    if det.undetermined:
        raise _undetermined_refusal(det, board, sit)
    if choices is None and det.capacity_short:
        raise Refused(
            f"fleet capacity cannot carry all {len(det.needs)} units that need a sea line; the players choose which "
            f"(“Choose who is supplied by sea”). Proposal supplying {len(det.proposal)}: {proposal_text(det)}",
            rule="EE 3.31",
        )
    if det.limited_supply_problems:
        raise Refused("; ".join(det.limited_supply_problems), rule="EE 7.9")
    events: list[Event] = [SupplyDetermined(side=cmd.side, phase=cmd.phase, results=tuple(det.results), capacity=det.capacity)]
    if cmd.phase == "initial":
        if det.marked:
            events.append(UnitsMarkedOutOfSupply(side=cmd.side, unit_ids=tuple(det.marked)))
        return events
    for ls in det.limited.values():
        events.append(
            LimitedSupplyApplied(area=ls.area, cause=ls.cause, nation=ls.nation, reduced=tuple(ls.reduced),  # type: ignore[arg-type]
                                 eliminated=tuple(ls.eliminated))  # fmt: skip
        )
    if det.eliminated:
        events.append(UnitsEliminatedOutOfSupply(side=cmd.side, unit_ids=tuple(det.eliminated)))
    if det.restored:
        events.append(SupplyRestored(side=cmd.side, unit_ids=tuple(det.restored)))
    for fp in queries.unsupplied_fleets(board, sit, cmd.side):
        events.append(FleetPointsEliminatedUnsupplied(sea=fp.sea, nation=fp.nation, count=fp.count))
    return events


def decide_allocation(cmd: ChooseSeaSupplyAllocation, board: Board, sit: SupplySituation) -> list[Event]:
    own = {u.id for u in sit.units if u.side == cmd.side}
    strangers = sorted({c.unit_id for c in cmd.choices} - own)
    if strangers:
        raise Refused(f"not units of the {cmd.side} side: {', '.join(strangers)}", rule="EE 3.31")
    if cmd.accept_proposal:
        det = determine(board, sit, cmd.side, "initial")
        choices = tuple(SeaChoice(unit_id=u, seas=o.seas, cape=o.cape) for u, o in sorted(det.proposal.items()))
    else:
        choices = cmd.choices
        det = determine(board, sit, cmd.side, "initial", choices={c.unit_id: c for c in choices})
        if det.allocation_problems:
            raise Refused("; ".join(det.allocation_problems) + f". Proposal: {proposal_text(det)}", rule="EE 3.31")
    return [SeaSupplyAllocationChosen(side=cmd.side, choices=choices)]


def decide_verdict(cmd: RecordSupplyVerdict, board: Board, sit: SupplySituation) -> list[Event]:
    if not cmd.reason.strip():
        raise Refused("say what the map shows (a reason) when recording a supply verdict", rule="EE 3.1")
    det = determine(board, sit, cmd.side, "initial")
    gaps = set()
    for uid in cmd.unit_ids:
        if uid not in det.undetermined:
            known = next((r for r in det.results if r.unit_id == uid), None)
            what = f"the board decides it: {known.status} ({known.reason})" if known else "no such unit of that side"
            raise Refused(f"{uid}: {what}; verdicts are only for lines the board cannot trace", rule="EE 3.1")
        gaps |= set(det.undetermined[uid])
    return [
        SupplyVerdictRecorded(side=cmd.side, unit_ids=cmd.unit_ids, supplied=cmd.supplied, reason=cmd.reason,
                              gaps=tuple(sorted(gaps)))  # fmt: skip
    ]


def named(state: Any, unit_ids: tuple[str, ...]) -> tuple[str, ...]:
    """Each block as the table calls it ("German infantry (3/4 steps) in Kiev"), so the log names what the supply
    phase marked, restored or removed instead of counting it; () when a block is not on the map."""
    blocks = [state.units.get(u) for u in unit_ids]
    if not unit_ids or any(b is None for b in blocks):
        return ()
    return tuple(placed(b) for b in blocks)


def _with_names(state: Any, events: list[Event]) -> list[Event]:
    """The supply events of a decision, each naming its blocks as they stood when it was decided."""
    out: list[Event] = []
    for e in events:
        if isinstance(e, (UnitsMarkedOutOfSupply, UnitsEliminatedOutOfSupply, SupplyRestored, SupplyVerdictRecorded,
                          OutOfSupplyMarkerFlipped)):
            e = replace(e, named=named(state, e.unit_ids))
        elif isinstance(e, LimitedSupplyApplied) and e.eliminated:
            e = replace(e, eliminated_named=named(state, e.eliminated))
        out.append(e)
    return out


def supply_of(state: Any) -> SupplyState:
    return getattr(state, "supply", None) or SupplyState()


# ---------------------------------------------------------------- the game's dispatch targets


def determine_supply(command: DetermineSupply, state: Any, ctx: Context) -> list[Event]:
    """Limited Supply orders spend their Special Actions through the game's own rule (EE 7.9, 7.13)."""
    events = decide_determine(command, state.board, snapshot(state), supply_of(state))
    spent = [spend(state, o.nation, "limited_supply", "EE 7.9", o.area) for o in command.limited_supply]
    return [*spent, *_with_names(state, events)]


def choose_sea_supply_allocation(command: ChooseSeaSupplyAllocation, state: Any, ctx: Context) -> list[Event]:
    return decide_allocation(command, state.board, snapshot(state))


def record_supply_verdict(command: RecordSupplyVerdict, state: Any, ctx: Context) -> list[Event]:
    return _with_names(state, decide_verdict(command, state.board, snapshot(state)))


def marker_flips(state: Any, unit_ids: tuple[str, ...]) -> list[Event]:
    """Call from movement: out-of-supply units that move for the first time show the "moved" side (EE 3.5)."""
    flipping = tuple(u for u in unit_ids if u in state.units and state.units[u].oos and not state.units[u].moved)
    return [OutOfSupplyMarkerFlipped(unit_ids=flipping, named=named(state, flipping))] if flipping else []
