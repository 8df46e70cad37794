"""The table at every moment of a whole turn shows at most eight actions, each of this moment (the forms folded
under "Edits and overrides" are one click away and counted apart); the legend names every mark of the map."""

from __future__ import annotations

import re

from assistant.games.europe_engulfed.board.loader import to_dict
from tests.games.europe_engulfed.scenarios import game_options, mid_war
from tests.games.europe_engulfed.table import BOARD, advance
from tests.web.test_games import html, real  # noqa: F401  (the real games' client fixture)

MOST = 8


def actions(page: str) -> tuple[list[str], int]:
    """The tags of the forms shown in the actions section, and how many are folded with the edits."""
    section = page[page.index('<section id="actions"'):page.index("</section>", page.index('<section id="actions"'))]
    folded = section[section.index('<details class="edits"'):] if '<details class="edits"' in section else ""
    shown = section[:len(section) - len(folded)]
    return re.findall(r'name="type" value="([^"]+)"', shown), len(re.findall(r"<form", folded))


def test_every_moment_of_a_turn_shows_at_most_eight_actions_of_that_moment(real):
    assistant, client = real
    gid = assistant.new_game("europe_engulfed", game_options(mid_war()) | {"board": to_dict(BOARD)})
    seen: dict[str, int] = {}
    for _ in range(40):
        s = assistant.view(gid).game
        moment = f"{s.side} {s.phase} {s.step}".strip()
        tags, _folded = actions(html(client.get(f"/g/{gid}")))
        seen[moment] = len(tags)
        assert len(tags) <= MOST, (moment, tags)
        assert "ee.move" not in tags or s.phase in ("operational_move", "strategic_move", "breakthrough")
        assert "ee.buy" not in tags or s.phase == "production"
        if s.side == "Allied" and s.phase == "final_supply":
            break
        if s.step == "britain" and "uboats" not in s.ledger("britain").warfare:
            assert "ee.resolve_uboats" in tags  # the mandatory U-boat war is offered (EE 2.0)
            assistant.handle(gid, '{"type": "ee.resolve_uboats", "percent": 0, "werp_loss": 0, "faces": [1, 1]}')
        advance(assistant, gid)
    print("actions per moment:", seen)
    assert len(seen) >= 14  # weather, both sides' supply, every producing nation, movement, combat, breakthrough


def test_the_legend_names_every_mark_and_combat_is_not_a_home_ring(real):
    assistant, client = real
    gid = assistant.new_game("europe_engulfed", game_options(mid_war()) | {"board": to_dict(BOARD)})
    page = html(client.get(f"/g/{gid}"))
    legend = page[page.index('<p class="legend">'):page.index("</p>", page.index('<p class="legend">'))]
    for mark in ("combat this phase", "out of supply", "resource area", "capital", "port", "fortress",
                 "blocks in the area", "Soviet Union home area", "Germany home area", "river", "strait"):
        assert mark in legend, mark
    assert 'class="battlering"' in legend and 'class="homering" style="border-color:#c0271c"' in legend
