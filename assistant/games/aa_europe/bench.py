"""Benchmark: random legal 20-round games of A&A Europe, replayed from scratch, every read model folded, every
command handled by the application over a SQLite log; exact odds of 20-against-20 battles with artillery, two-hit
battleships and shore bombardment; the table's pages of one such game (whole page, htmx fragment, a step back in
time), through Flask's test client. ``run()`` returns the figures; ``tabletop bench --only aa_europe`` prints them
(or ``python3 -m assistant.games.aa_europe.bench``)."""

from __future__ import annotations

import random
import time
from typing import Any

import msgspec

from assistant.decider import Context, DiceRoller, Refused
from assistant.families.axis_allies import bench as family_bench
from assistant.families.axis_allies.odds import Battle, battle_odds, clear_caches
from assistant.games.aa_europe import commands as c
from assistant.games.aa_europe.game import GAME
from assistant.games.aa_europe.moves.battle import next_action
from assistant.games.aa_europe.moves.casualties import default_choice, due, pool
from assistant.games.aa_europe.odds import RULES, profiles
from assistant.games.aa_europe.state import State

ROUNDS = 20
BUYS = ["infantry", "infantry", "infantry", "artillery", "armour", "fighter", "submarine", "destroyer", "bomber"]
LAND_20 = ({"infantry": 8, "artillery": 6, "armour": 4, "fighter": 2},
           {"infantry": 14, "artillery": 2, "armour": 2, "fighter": 2, "aa_gun": 1}, {"battleship": 2, "destroyer": 1})
SEA_20 = ({"battleship": 4, "destroyer": 6, "submarine": 6, "carrier": 2, "fighter": 2},
          {"battleship": 3, "destroyer": 5, "submarine": 6, "carrier": 3, "fighter": 3}, {})


class RandomPlayer:
    """Plays every power with random but legal commands (a refused try is simply not played)."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def turn(self, get, try_) -> None:
        s: State = get()
        budget, buy = s.treasury.get(s.power, 0), {}
        for kind in self.rng.choices(BUYS, k=10):
            cost = s.world.units[kind].cost
            if cost <= budget:
                buy[kind], budget = buy.get(kind, 0) + 1, budget - cost
        if buy:
            try_(c.Purchase(units=buy))
        try_(c.EndPhase())
        self._attack(get, try_)
        try_(c.EndPhase())
        self._fight(get, try_)
        try_(c.EndPhase())
        self._land(get, try_)
        try_(c.EndPhase())
        self._place(get, try_)
        try_(c.EndPhase())
        s = get()
        due_ = s.middle_east_column() if s.power == "germany" else 0
        split = {}
        for p in ("usa", "uk", "ussr"):
            share = min(due_, s.treasury.get(p, 0)) if p != "ussr" else due_
            if share:
                split[p], due_ = share, due_ - share
        try_(c.EndPhase(middle_east=split))

    def _attack(self, get, try_) -> None:
        s = get()
        w = s.world
        mine = sorted({u.space for u in s.units.values() if u.owner == s.power and not u.aboard})
        for space in mine:
            s = get()
            here = {k: n for k, n in _kinds(s, space, s.power).items() if w.units[k].attack and k != "aa_gun"}
            if not here or self.rng.random() < 0.4:
                continue
            if w.is_sea(space):
                ships = {k: n for k, n in here.items() if w.domain(k) == "sea"}
                zones = [z for z in w.spaces[space].borders if w.is_sea(z) and w.ships_may_cross(space, z)]
                if ships and zones:  # raids on convoy centres and sea battles
                    try_(c.Move(path=(space, self.rng.choice(zones)), units=ships))
                continue
            targets = [n for n in w.spaces[space].borders if not w.is_sea(n) and not w.neutral(n)
                       and w.enemies(s.controller(n), s.power)]
            land = {k: n for k, n in here.items() if w.domain(k) == "land"}
            if targets and land:
                goal = self.rng.choice(targets)
                try_(c.Move(path=(space, goal), units={k: max(1, n // 2) for k, n in land.items()}))
                if "fighter" in here and self.rng.random() < 0.5:
                    try_(c.Move(path=(space, goal), units={"fighter": 1}))
            if "bomber" in here and self.rng.random() < 0.3:
                raids = [t for t in s.complexes if w.enemies(s.controller(t), s.power)]
                for t in sorted(raids, key=lambda t: w.distance(space, t, "air") or 99)[:1]:
                    path = w.route(space, t, "air")
                    if path and len(path) <= 4:
                        try_(c.Move(path=path, units={"bomber": 1}, bombing=True))

    def _fight(self, get, try_) -> None:
        for _ in range(400):
            s = get()
            open_ = sorted((b for b in s.battles.values() if not b.outcome), key=lambda b: b.kind != "bombing")
            if not open_:
                return
            b = open_[0]
            act, _ = next_action(s, b)
            if act == "fire":
                try_(c.Fire(battle=b.key))
            elif act == "casualties":
                units = pool(s, b, b.pending)
                choice = default_choice(s, units, b.pending) or sorted(
                    units, key=lambda i: (s.world.units[s.units[i].kind].cost, i))[: due(s, units, b.pending)]
                try_(c.ChooseCasualties(battle=b.key, ids=tuple(choice)))
            elif act == "intercept":
                try_(c.Intercept(battle=b.key))
            else:
                to = next((z for z in b.came_from), "")
                if try_(c.Retreat(battle=b.key, to=to)) is None:
                    return

    def _land(self, get, try_) -> None:
        """Aircraft fly home to the nearest friendly territory held since before the turn."""
        s = get()
        w = s.world
        for i, u in sorted(s.units.items()):
            if u.owner != s.power or w.domain(u.kind) != "air" or not s.mark(i).phase:
                continue
            for dest in sorted(s.controlled_at_start, key=lambda t: w.distance(u.space, t, "air") or 99)[:3]:
                path = w.route(u.space, dest, "air")
                if path and len(path) > 1 and try_(c.Move(path=path, ids=(i,))) is not None:
                    break

    def _place(self, get, try_) -> None:
        s = get()
        capital = s.world.capital_of(s.power)
        land = {k: n for k, n in s.purchased.items() if s.world.domain(k) != "sea"}
        if land and capital in s.complexes and s.controller(capital) == s.power:
            try_(c.Place(space=capital, units=land))
        ships = {k: n for k, n in get().purchased.items() if s.world.domain(k) == "sea"}
        for zone in sorted(z for z in s.world.spaces[capital].borders if s.world.is_sea(z))[:1]:
            if ships:
                try_(c.Place(space=zone, units=ships))


def _kinds(s: State, space: str, power: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in s.units.values():
        if u.space == space and u.owner == power and not u.aboard:
            out[u.kind] = out.get(u.kind, 0) + 1
    return out


def play(seed: int, rounds: int = ROUNDS) -> tuple[dict[str, Any], list, list]:
    definition = msgspec.json.decode(msgspec.json.encode(GAME.setup({})))
    box = {"state": GAME.initial_state(definition)}
    dice = DiceRoller(random.Random(seed).randrange)
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

    try_(c.EndAdvance())
    try_(c.SplitAdvance(amounts={"ussr": 12}))
    try_(c.EndAdvance())
    player = RandomPlayer(seed)
    while box["state"].round <= rounds and box["state"].victory is None:
        before = box["state"]
        player.turn(lambda: box["state"], try_)
        if box["state"] is before:
            raise RuntimeError(f"the random player is stuck: {before.power}'s {before.phase} phase")
    return definition, commands, events


def replay(definition: dict[str, Any], events: list) -> State:
    return family_bench.replay(GAME, definition, events)


def replay_read_models(definition: dict[str, Any], events: list) -> list:
    return family_bench.replay_read_models(GAME, definition, events)


def through_the_app(seed: int, commands: list) -> list[float]:
    return family_bench.through_the_app("aa_europe", {}, seed, commands)


def odds_20_v_20() -> dict[str, float]:
    out = {}
    world = GAME.initial_state(GAME.setup({})).world
    for name, (atk, dfn, support) in (("land, artillery and bombardment", LAND_20), ("naval, two-hit battleships", SEA_20)):
        battle = Battle(profiles=profiles(world), attackers=atk, defenders=dfn, at_sea=not support,
                        support_fire=support, amphibious=bool(support), rules=RULES)
        clear_caches()
        t0 = time.perf_counter()
        o = battle_odds(battle)
        out[f"exact odds 20 v 20, {name} (s)"] = round(time.perf_counter() - t0, 3)
        out[f"  attacker wins ({name})"] = round(o.attacker_wins, 4)
    return out


def table(seed: int = 3) -> dict[str, Any]:
    """A 20-round game at the table (the web pages, time travel included)."""
    _definition, commands, _events = play(seed)
    return family_bench.table_figures("aa_europe", {}, seed, commands)


def run(games: int = 2) -> dict[str, Any]:
    return {**family_bench.game_figures(GAME, play, {}, games), **odds_20_v_20(), **table()}


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key}: {value}")
