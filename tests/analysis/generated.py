"""Generated long games of the test game: every round each side collects income, buys and attacks (seeded dice)."""

from __future__ import annotations

import random
from datetime import datetime, timezone
from pathlib import Path

from assistant.application import Assistant
from assistant.decider import DiceRoller
from assistant.kinds import KindRegistry
from events.store import EventStore
from tests.toygame.game import GAME as TOY

FIXED = datetime(2026, 11, 21, 20, 0, tzinfo=timezone.utc)


def long_game(path: Path, rounds: int, seed: int = 7) -> tuple[Assistant, str]:
    registry = KindRegistry({})
    registry.register(TOY)
    rng = random.Random(seed)
    app = Assistant(EventStore(path), registry, clock=lambda: FIXED, dice=DiceRoller(rng.randrange))
    gid = app.new_game("toy", {"treasury": 9})
    app.handle(gid, '{"type": "toy.end_phase"}')
    for _ in range(rounds):
        for side in ("red", "blue"):
            app.handle(gid, f'{{"type": "toy.edit_treasury", "side": "{side}", "amount": 6, "reason": "income"}}')
            app.handle(gid, '{"type": "toy.buy", "count": 2}')
            app.handle(gid, '{"type": "toy.end_phase"}')
            if app.view(gid).game.units[side]:
                app.handle(gid, '{"type": "toy.attack"}')
            app.handle(gid, '{"type": "toy.end_phase"}')
    return app, gid
