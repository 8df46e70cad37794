"""A report adapter for the test game (Skirmish): its numbers come from its state and its ledger projection."""

from assistant.analysis.adapters import Adapter, BattleRow
from events.core import DiceRolled, PhaseBegan


def snapshot(view) -> dict[str, dict[str, float]]:
    return {
        "treasury": dict(view.game.treasury),
        "units": dict(view.game.units),
        "ledger": dict(view.read("ledger").totals),
    }


def battles(app, game_id, entries) -> list[BattleRow]:
    rows, round_ = [], 0
    last_roll = None
    for e in entries:
        if e.cancelled:
            continue
        if isinstance(e.event, PhaseBegan):
            round_ = e.event.round
        elif isinstance(e.event, DiceRolled):
            last_roll = e
        elif e.type == "toy.hits_scored":
            attacking = app.view(game_id, at=last_roll.seq - 1).game.units
            rows.append(
                BattleRow(
                    seq=last_roll.seq, round=round_, battle=f"attack {last_roll.seq}", where="the field",
                    attacker=e.event.side, defender=e.event.target,
                    attacking={"unit": attacking[e.event.side]}, defending={"unit": attacking[e.event.target]},
                    outcome=f"{e.event.hits} hits", defender_losses={"unit": e.event.hits} if e.event.hits else {},
                )
            )
    return rows


TOY_ADAPTER = Adapter(
    kind="toy",
    metrics={"treasury": "Treasury", "units": "Units on the board", "ledger": "Ledger: net spending"},
    snapshot=snapshot,
    battles=battles,
    sections={"Purchases": ("toy.units_bought",), "Battles": ("core.dice_rolled", "toy.hits_scored"),
              "Income": ("toy.treasury_edited",)},
)
