"""Blocks and force pools: steps lost (an eliminated block returns to its pool unless lost for good), blocks taken
from the pool or put on the map."""

from __future__ import annotations

from msgspec.structs import replace

import assistant.games.europe_engulfed.events as ev
from assistant.games.europe_engulfed.state import Block, EEState, pool_key


def take_from_pool(s: EEState, nation: str, key: str) -> EEState:
    pool = dict(s.pools.get(nation, {}))
    pool[key] = max(0, pool.get(key, 0) - 1)  # an overridden purchase may take a block the record lacks
    return replace(s, pools={**s.pools, nation: pool})


def lose_steps(s: EEState, losses: dict[str, int], permanent: bool = False) -> EEState:
    units = dict(s.units)
    pools = dict(s.pools)
    for uid, lost in losses.items():
        u = units[uid]
        left = u.steps - lost
        if left > 0:
            units[uid] = replace(u, steps=left, revealed=True)
            continue
        del units[uid]
        if not permanent:
            pool = dict(pools.get(u.nation, {}))
            key = pool_key(u.kind, u.max_steps, u.elite)
            pool[key] = pool.get(key, 0) + 1
            pools[u.nation] = pool
    return replace(s, units=units, pools=pools)


def put_blocks(s: EEState, blocks: tuple[ev.EditedBlock, ...]) -> EEState:
    units = dict(s.units)
    for b in blocks:
        units[b.id] = Block(id=b.id, nation=b.nation, kind=b.kind, max_steps=b.max_steps, steps=b.steps, area=b.area,
                            elite=b.elite)
        if b.from_pool:
            s = take_from_pool(s, b.nation, pool_key(b.kind, b.max_steps, b.elite))
    return replace(s, units=units)
