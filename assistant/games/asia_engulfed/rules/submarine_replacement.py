"""The submarine Replacement marker (AE 4.61, 8.53).

A step bought for a 1-step submarine unit that was deployed from its holding box before the Production Phase does
not reach the unit at sea: the Replacement marker waits in the holding box. When the unit comes back to its box
after its last attack it merges with the marker into a 2-step unit; if the unit was destroyed, the marker becomes a
1-step unit in the box after the Air-Naval Combat Phase. At the end of that phase every submarine unit still at sea
goes back to its box « pour le prochain Tour de joueur » (AE 8.53)."""

from __future__ import annotations

from assistant.decider import Refused
from assistant.families.engulfed.ledger import Booking
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.scenario.format import Piece
from assistant.games.asia_engulfed.state import AEState
from events.base import Event

HOLDING = "holding"


def marker_id(nation: str) -> str:
    return f"{nation}-submarine-replacement"


def _boat(s: AEState, nation: str) -> Piece | None:
    return next((p for p in s.pieces.values() if p.nation == nation and p.kind == "submarine"), None)


def purchase(s: AEState, nation: str, steps: int, books: tuple[Booking, ...]) -> ev.Purchased:
    """The Purchased fact for ``steps`` submarine steps: on the unit, as a new unit, or as the waiting marker."""
    boat = _boat(s, nation)
    waiting = 1 if nation in s.submarine_replacements else 0
    if boat is not None and boat.steps + waiting + steps > 2:
        raise Refused("the submarine unit has two steps" + (" (its Replacement marker waits in the holding box)"
                                                            if waiting else ""), rule="AE 4.25, 4.61")
    if boat is None:
        if steps != 1:
            raise Refused("an eliminated submarine unit comes back at one step", rule="AE 4.61")
        piece = Piece(id=f"{nation}-submarine", nation=nation, kind="submarine", steps=1, max_steps=2, at=HOLDING)
        return ev.Purchased(nation=nation, item="submarine_step", target=piece.id, steps=1, piece=piece, books=books)
    if s.board.seas.get(boat.at) is not None:  # deployed before this Production Phase
        return ev.Purchased(nation=nation, item="submarine_step", target=marker_id(nation), steps=steps, books=books)
    return ev.Purchased(nation=nation, item="submarine_step", target=boat.id, steps=steps, books=books)


def merge(s: AEState, nations: tuple[str, ...] | None = None) -> list[Event]:
    """Markers that can merge now: with a unit back in its holding box, or into a new unit if it was destroyed."""
    out: list[Event] = []
    for nation in s.submarine_replacements:
        if nations is not None and nation not in nations:
            continue
        boat = _boat(s, nation)
        if boat is None:
            piece = Piece(id=f"{nation}-submarine", nation=nation, kind="submarine", steps=1, max_steps=2,
                          at=HOLDING)
            out.append(ev.SubmarineReplacementMerged(nation=nation, piece=piece.id, steps=1, new_piece=piece))
        elif boat.at == HOLDING:
            out.append(ev.SubmarineReplacementMerged(nation=nation, piece=boat.id, steps=min(boat.steps + 1, 2)))
    return out


def back_home(s: AEState) -> list[Event]:
    """End of the Air-Naval Combat Phase: submarine units still at sea go back to their boxes (AE 8.53)."""
    return [ev.NavalMoved(pieces=(p.id,), to=HOLDING, mode="return") for p in sorted(s.pieces.values(),
                                                                                      key=lambda p: p.id)
            if p.kind == "submarine" and p.at in s.board.seas]
