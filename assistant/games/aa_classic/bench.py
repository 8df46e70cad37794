"""Benchmark: random legal 20-round games, replayed from scratch and played command by command through the
application (SQLite log). ``run()`` returns the figures; ``tabletop bench`` prints them."""

from __future__ import annotations

import random
from typing import Any

import msgspec

from assistant.decider import Context, DiceRoller, Refused
from assistant.families.axis_allies import bench as family_bench
from assistant.games.aa_classic import commands as c
from assistant.games.aa_classic import geography as geo
from assistant.games.aa_classic.game import GAME
from assistant.games.aa_classic.moves.battle import candidates, next_action, required
from assistant.games.aa_classic.state import State

ROUNDS = 20


class RandomPlayer:
    """Plays every power with random but legal commands (a refused try is simply not played)."""

    def __init__(self, seed: int, aggression: float = 0.25):
        self.rng = random.Random(seed)
        self.aggression = aggression

    def turn_commands(self, s: State, try_: Any) -> None:
        """Drive one power's whole turn through ``try_(command) -> bool``."""
        w = s.world
        power = s.power
        s = try_(c.Research(dice=1)) if self.rng.random() < 0.15 else s
        while s and s.breakthroughs:
            s = try_(c.RollBreakthroughs())
        s = self._current()
        budget = s.treasury.get(power, 0)
        buy: dict[str, int] = {}
        for kind in self.rng.choices(["infantry", "infantry", "armour", "fighter", "transport"], k=8):
            cost = w.units[kind].cost
            if cost <= budget:
                buy[kind] = buy.get(kind, 0) + 1
                budget -= cost
        if buy:
            try_(c.Purchase(units=buy))
        try_(c.EndStep())
        self._attacks(try_)
        try_(c.EndStep())
        self._battles(try_)
        try_(c.EndStep())
        self._landings(try_)
        self._advance(try_)
        # Aircraft the player did not bring home although they could land are given up, with the reason.
        try_(c.EndStep()) or try_(c.EndStep(override="the random player leaves them in the air"))
        self._placements(try_)
        try_(c.EndStep())
        try_(c.EndStep())

    def _current(self) -> State:
        return self.state_of()

    def _attacks(self, try_) -> None:
        s = self._current()
        w = s.world
        mine = [(i, u) for i, u in s.units.items() if u.owner == s.power and w.domain(u.kind) in ("land", "air")]
        self.rng.shuffle(mine)
        for i, u in mine[:40]:
            s = self._current()
            if i not in s.units or s.mark(i).step:
                continue
            here = s.units[i].space
            targets = [n for n in w.neighbours(here) if not w.is_sea(n) and w.enemies(s.controller(n), s.power)]
            if w.domain(u.kind) == "air":
                reach = geo.reachable(w.board, here, 2, "air")
                targets = [n for n in reach if s.enemy_units_in(n, s.power) and not w.is_sea(n)]
                if targets:
                    goal = self.rng.choice(targets)
                    path = geo.shortest_path(w.board, here, goal, "air")
                    if path:
                        try_(c.Move(path=path, ids=(i,)))
                continue
            if targets:
                try_(c.Move(path=(here, self.rng.choice(targets)), ids=(i,)))

    def _battles(self, try_) -> None:
        for _ in range(400):
            s = self._current()
            open_ = [b for b in s.battles.values() if not b.outcome]
            if not open_:
                return
            b = open_[0]
            act, _what = next_action(s, b)
            if act == "casualties":
                assert b.pending is not None
                pool = sorted(candidates(s, b, b.pending))
                need = required(s, pool, b.pending)
                ships = [i for i in pool if s.world.domain(s.units[i].kind) != "air"]
                chosen = (ships + [i for i in pool if i not in ships])[:need]
                try_(c.ChooseCasualties(battle=b.key, ids=tuple(chosen)))
            elif act == "retreat" or (b.round > 2 and not b.amphibious and b.came_from and self.rng.random() < 0.3):
                if not any(try_(c.Retreat(battle=b.key, to=to)) for to in b.came_from):
                    if not try_(c.Fire(battle=b.key)):
                        return
            elif not try_(c.Fire(battle=b.key)):
                return

    def _landings(self, try_) -> None:
        s = self._current()
        w = s.world
        for i, u in list(s.units.items()):
            s = self._current()
            if i not in s.units or u.owner != s.power or w.domain(u.kind) != "air":
                continue
            here = s.units[i].space
            if not w.is_sea(here) and s.friendly_territory(here, s.power) and here not in s.captured_this_turn:
                continue
            reach = geo.reachable(w.board, here, 4, "air")
            homes = sorted(
                (d, n)
                for n, d in reach.items()
                if not w.is_sea(n) and s.friendly_territory(n, s.power) and n not in s.captured_this_turn
            )
            for _, home in homes[:3]:
                path = geo.shortest_path(w.board, here, home, "air")
                if path and try_(c.Move(path=path, ids=(i,))):
                    break

    def _advance(self, try_) -> None:
        """Non-combat: land units step towards the nearest enemy territory."""
        s = self._current()
        w = s.world
        front = {n: 0 for n, p in s.control.items() if w.enemies(p, s.power)}
        queue = list(front)
        while queue:
            here = queue.pop(0)
            for n in w.neighbours(here):
                if not w.is_sea(n) and n not in front:
                    front[n] = front[here] + 1
                    queue.append(n)
        for i, u in list(s.units.items()):
            s = self._current()
            if u.owner != s.power or w.domain(u.kind) != "land" or i not in s.units or s.mark(i).step:
                continue
            here = s.units[i].space
            steps = [n for n in w.neighbours(here) if front.get(n, 99) < front.get(here, 99)]
            if steps and self.rng.random() < self.aggression:
                try_(c.Move(path=(here, steps[0]), ids=(i,)))

    def _placements(self, try_) -> None:
        s = self._current()
        w = s.world
        capital = w.capital_of(s.power)
        land = {k: n for k, n in s.purchased.items() if w.domain(k) != "sea"}
        if land:
            try_(c.Place(space=capital, units=land))
        for kind, n in s.purchased.items():
            if w.domain(kind) == "sea":
                for zone in w.neighbours(capital):
                    if w.is_sea(zone) and try_(c.Place(space=zone, units={kind: n})):
                        break


def play(seed: int, rounds: int = ROUNDS) -> tuple[dict[str, Any], list, list]:
    """A random game: its definition, the commands played (with the rolls they used) and every event."""
    player = RandomPlayer(seed)
    definition = msgspec.json.decode(msgspec.json.encode(GAME.setup({"players": 5})))
    box = {"state": GAME.initial_state(definition)}
    player.state_of = lambda: box["state"]
    dice = DiceRoller(random.Random(seed + 1).randrange)
    commands: list = []
    events: list = []

    def try_(command) -> State | None:
        try:
            out = GAME.decide(command, box["state"], Context(dice=dice))
        except Refused:
            return None
        for e in out:
            box["state"] = GAME.evolve(box["state"], e)
        commands.append(command)
        events.extend(out)
        return box["state"]

    try_(c.Start())
    while box["state"].round <= rounds and box["state"].victory is None:
        player.turn_commands(box["state"], try_)
    return definition, commands, events


def replay(definition: dict[str, Any], events: list) -> State:
    return family_bench.replay(GAME, definition, events)


def replay_read_models(definition: dict[str, Any], events: list) -> list:
    """Every read model folded from scratch (board, ledger, battles, technologies, victory)."""
    return family_bench.replay_read_models(GAME, definition, events)


def run(games: int = 3) -> dict[str, Any]:
    """Figures over ``games`` random games that last the full 20 rounds (games won earlier are skipped)."""
    return family_bench.game_figures(GAME, play, {"players": 5}, games, app_seed_offset=1)


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value}")
