"""A step in which the power can do nothing but end it says so plainly, and the table puts the end of the step
first; refusals and the raid banner give the numbers the table needs (why a complex is full, how many dice)."""

from __future__ import annotations

import re
from datetime import datetime, timezone

import msgspec
import pytest

from assistant.application import Assistant
from assistant.decider import Refused
from assistant.games.aa_classic import commands as c
from assistant.games.aa_classic.guidance import guidance
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.games.aa_classic.table import Table, spec


def _ussr_broke() -> Table:
    """The review's USSR: no IPC, Moscow's region held by Germany (so no income either)."""
    t = Table()
    t.until("ussr", "purchase")
    t.edit(treasury_to={"ussr": 0}, control={"Russia": "germany"}, clear=["Russia"])
    return t


def test_a_power_that_cannot_afford_anything_is_told_to_end_the_purchase():
    t = _ussr_broke()
    assert guidance(t.state) == (
        "Round 1, the USSR, research and purchase: the USSR has 0 IPC (its capital is held by Germany), too little "
        "for a unit or a research die: end the step.")


def test_enough_for_an_infantry_is_something_to_buy():
    t = Table()
    t.until("ussr", "purchase")
    t.edit(treasury_to={"ussr": 3})
    assert guidance(t.state).endswith("buy research dice and units, then end the step.")
    t.edit(treasury_to={"ussr": 2})
    assert guidance(t.state).endswith("the USSR has 2 IPC, too little for a unit or a research die: end the step.")


def test_steps_with_nothing_to_do_say_so():
    t = _ussr_broke()
    t.do(c.EndStep())
    t.do(c.EndStep())  # combat move: nothing moved
    assert guidance(t.state) == "Round 1, the USSR, combat: no battle this turn: end the step."
    t.do(c.EndStep())
    t.do(c.EndStep())
    assert guidance(t.state) == "Round 1, the USSR, placement of new units: nothing was bought: end the step."
    t.do(c.EndStep())
    assert guidance(t.state) == ("Round 1, the USSR, income: the USSR collects no income (its capital is held by "
                                 "Germany): end the step to end the turn.")


def test_a_combat_step_whose_battles_are_over_does_not_mention_rockets_the_power_lacks():
    t = Table()
    t.until("ussr", "combat_move")
    t.do(c.Move(path=("Karelia S.S.R.", "Finland-Norway"), units={"infantry": 2, "armour": 1}))
    t.do(c.EndStep())
    assert "no battle" not in guidance(t.state)
    # the battle as it stands once fought out (its dice do not matter here)
    over = msgspec.structs.replace(t.state.battles["Finland-Norway"], outcome="defender_won")
    t.state = msgspec.structs.replace(t.state, battles={"Finland-Norway": over})
    assert guidance(t.state) == "Round 1, the USSR, combat: every battle is over: end the step."


def test_units_that_no_complex_can_take_are_named():
    t = Table()
    t.until("ussr", "purchase")
    t.do(c.Purchase(units={"battleship": 1}))
    t.edit(control={"Russia": "germany", "Karelia S.S.R.": "germany"})  # no complex left to the USSR
    t.until("ussr", "placement")
    assert guidance(t.state).endswith("no complex can take the 1 battleship waiting: end the step (they are lost, "
                                      "A&A §4.5).")


def test_a_full_captured_complex_says_why_it_is_full():
    t = Table()
    t.until("ussr", "purchase")
    t.edit(control={"Karelia S.S.R.": "germany"}, clear=["Karelia S.S.R."])
    t.until("germany", "purchase")
    t.do(c.Purchase(units={"infantry": 4}))
    t.until("germany", "placement")
    with pytest.raises(Refused) as refused:
        t.do(c.Place(space="Karelia S.S.R.", units={"infantry": 4}))
    assert refused.value.reason == (
        "the complex at Karelia S.S.R. can produce 3 more this turn: a captured complex produces up to its "
        "territory's value each turn (Karelia S.S.R. is worth 3 IPC; 0 placed there already)")
    assert refused.value.rule == "A&A §4.5"


def test_the_raid_banner_gives_the_number_of_dice_to_roll():
    t = Table()
    t.until("uk", "purchase")
    t.edit(add=[spec("United Kingdom", "uk", "bomber")], technologies={"uk": ["heavy_bombers"]})
    t.until("uk", "combat_move")
    t.do(c.Move(path=("United Kingdom", "North Sea", "Baltic Sea", "Germany"), units={"bomber": 2}, bombing=True))
    t.do(c.EndStep())
    t.do(c.Fire(battle="Germany/bombing", faces=(6, 6)))
    assert guidance(t.state).endswith("the raid on Germany: roll 6 damage dice in all (2 bombers, 3 each); Germany "
                                      "pays the total, at most its treasury.")


@pytest.fixture
def app(tmp_path):
    store = EventStore(tmp_path / "games.sqlite3")
    yield Assistant(store, KindRegistry(), clock=lambda: datetime(2026, 11, 21, tzinfo=timezone.utc))
    store.close()


def _actions(html: str) -> str:
    return html[html.index('id="actions"'):html.index("Edits and overrides")]


def test_the_table_puts_the_end_of_the_step_first_when_nothing_can_be_bought(app):
    gid = app.new_game("aa_classic", {"players": 5})
    app.handle(gid, '{"type": "aa.start"}')
    web = create_app(app, testing=True).test_client()
    shown = _actions(web.get(f"/g/{gid}").data.decode())
    assert shown.index("cmd purchase") < shown.index("cmd endstep")  # something to buy: the grid first
    app.handle(gid, '{"type": "aa.edit", "reason": "the review", "treasury_to": {"ussr": 0}}')
    shown = _actions(web.get(f"/g/{gid}").data.decode())
    assert shown.index("cmd endstep") < shown.index("cmd purchase")
    # the purchase and research forms are still there, folded under their reason
    folded = re.findall(r"<summary>(.*?)</summary>", shown, re.S)
    assert [re.sub(r"<[^>]+>|\s+", " ", s).split()[0] for s in folded] == ["Purchase", "Research"]
    assert "0 IPC, too little for any unit" in shown and "a research die costs 5 IPC" in shown
