"""The throw or decision a battle command answers at this moment, in plain words (``Move.answers``).

A form carries these words; the command it sends is refused as stale when the battle has moved on since (dice typed
for Germany's attack are never booked as the USSR's defence).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.games.aa_classic.describe import FIRE, POWER, battle_dice, battle_name
from assistant.games.aa_classic.moves.battle import next_action, firer_of
from assistant.games.aa_classic.state import State

ATTACKER_FIRES = ("first_strike", "attack", "support", "damage")


def _turn(s: State) -> str:
    return f"{POWER.get(s.power, s.power)}'s turn of round {s.round}"


def battle_throw(s: State, fields: Mapping[str, Any]) -> str:
    """The throw ``aa.fire`` enters now in the battle named by ``fields["battle"]``."""
    b = s.battles.get(str(fields.get("battle", "")))
    if b is None:
        return ""
    act, what = next_action(s, b)
    if act != "fire":
        return f"{battle_name(b.key)} (round {b.round}), where no throw is due ({act})"
    firer = b.attacker if what in ATTACKER_FIRES else firer_of(s, b, what)
    return f"{battle_dice(firer, what, b.key, b.round)}, {_turn(s)}"


def casualty_choice(s: State, fields: Mapping[str, Any]) -> str:
    """The hits whose casualties ``aa.choose_casualties`` names now."""
    b = s.battles.get(str(fields.get("battle", "")))
    if b is None or b.pending is None:
        return ""
    p = b.pending
    fire = FIRE.get(p.fire.partition(":")[0], p.fire)
    return (f"the {p.side}'s {p.hits} casualt{'y' if p.hits == 1 else 'ies'} from the {fire} "
            f"at {battle_name(b.key)} (round {b.round}), {_turn(s)}")


def round_end(s: State, fields: Mapping[str, Any]) -> str:
    """The attacker's choice at the end of a round (retreat or submerge): which round of which battle."""
    b = s.battles.get(str(fields.get("battle", "")))
    if b is None:
        return ""
    return f"the end of round {b.round} at {battle_name(b.key)}, {_turn(s)}"
