"""Random tables: armies from the club's cards, random terrain, rivers and roads, and random commands (moves,
attacks, defensive fire, cover, Transports, edits, phase ends). Whatever is typed, the game either refuses it with
a reason or records facts that replay to the same state; it never fails otherwise."""

from __future__ import annotations

import random

import msgspec
import pytest

from assistant.decider import Context, DiceRoller, Refused
from assistant.games.aa_miniatures import commands as c
from assistant.games.aa_miniatures import hexes
from assistant.games.aa_miniatures.game import GAME
from events.base import tag_of
from events.catalogue import Catalogue, encode
from tests.games.aa_miniatures.table import EXTRA_CSV

TERRAINS = ("clear", "hill", "forest", "town", "marsh", "pond")
COLUMNS = "ABCDEFGH"


def _hex(rng: random.Random) -> str:
    return f"{rng.choice(COLUMNS)}{rng.randint(1, 10)}"


def _command(rng: random.Random, s) -> object:
    units = list(s.units.values())
    mine = [u for u in units if u.side == s.owner and u.hex] or units
    theirs = [u for u in units if u.side != s.owner and u.hex] or units
    uid = rng.choice(mine).id if mine else 1
    other = rng.choice(theirs).id if theirs else 1
    pick = rng.random()
    if s.stage == "deploy":
        mine = [u for u in units if u.side == s.deploying and not u.hex]
        if mine and pick < 0.9:
            u = mine[0]
            facing = rng.choice(hexes.FACINGS) if s.card(u).type == "vehicle" else ""
            return c.Deploy(unit=u.id, hex=_hex(rng), facing=facing)
        return c.EndPhase()
    if s.cover is not None and pick < 0.8:
        return c.Cover()
    if s.window is not None and pick < 0.6:
        return c.DefensiveFire(firer=other, step=rng.randint(1, 3), where=rng.choice(("start", "destination")))
    if s.phase == "initiative":
        return c.RollInitiative() if not s.initiative_winner else c.ChooseOrder(first=rng.choice(("axis", "allies")))
    if pick < 0.35:
        here = s.units[uid].hex or "A1"
        path, at = [], here
        for _ in range(rng.randint(0, 4)):
            at = rng.choice(hexes.neighbours(at) or [at])
            path.append(at)
        return c.Move(unit=uid, path=tuple(path), facing=rng.choice(("", *hexes.FACINGS)))
    if pick < 0.6:
        return c.Attack(attacker=uid, target=other)
    if pick < 0.65:
        return c.Board(soldier=uid, transport=other)
    if pick < 0.68:
        return c.Disembark(soldier=uid, hex=_hex(rng) if rng.random() < 0.5 else "")
    if pick < 0.7:
        return c.EditUnit(unit=uid, reason="random check", disrupted=rng.random() < 0.5)
    if pick < 0.72:
        return c.HoldFire()
    return c.EndPhase(control=rng.choice((None, "axis", "allies", "none")))


def play_random(seed: int, commands: int = 400) -> None:
    rng = random.Random(seed)
    definition = msgspec.json.decode(msgspec.json.encode(GAME.setup({})))
    state = GAME.initial_state(definition)
    ctx = Context(dice=DiceRoller(random.Random(seed + 7).randrange))
    log: list = []

    def do(command) -> None:
        nonlocal state
        try:
            events = GAME.decide(command, state, ctx)
        except Refused as refused:
            assert refused.reason
            return
        for e in events:
            state = GAME.evolve(state, e)
        log.extend(events)

    do(c.ImportCards(text=EXTRA_CSV))
    for _ in range(30):
        do(c.RecordHex(hex=_hex(rng), terrain=rng.choice(TERRAINS)))
        a = _hex(rng)
        do(c.RecordHexside(a=a, b=rng.choice(hexes.neighbours(a)), river=rng.random() < 0.5, road=rng.random() < 0.5))
    cards = sorted(state.catalogue)
    for side in ("axis", "allies"):
        for _ in range(8):
            do(c.Enlist(side=side, card=rng.choice(cards)))
        do(c.FinaliseArmy(side=side))
    do(c.ChooseMap(objective=(_hex(rng),)))
    do(c.ChooseDeploymentOrder(first=rng.choice(("axis", "allies"))))
    for _ in range(commands):
        if state.victory is not None:
            break
        do(_command(rng, state))
    catalogue = Catalogue(GAME.events, GAME.commands)
    replayed = GAME.initial_state(definition)
    for e in log:  # through the log's own encoding, as a saved game is read back
        tag = tag_of(type(e))
        replayed = GAME.evolve(replayed, catalogue.decode_event(tag, 1, encode(e)))
    assert replayed == state


@pytest.mark.parametrize("seed", range(12))
def test_random_commands_never_break_the_game(seed):
    play_random(seed)
