"""Seats and what each device sees (EE: blocks stand on edge, EE 1.2): a LAN device that joined as a side's
player sees that side's hidden blocks only, with no switch to the other side; a device that joined under another
name and a spectator see no hidden block; the host's own screen chooses."""

from __future__ import annotations

from assistant.application import Assistant
from assistant.games.europe_engulfed.board.loader import to_dict
from assistant.kinds import KindRegistry
from assistant.web import create_app
from assistant.web.joining import JoinGuard
from events.store import EventStore
from tests.games.europe_engulfed.scenarios import game_options, mid_war
from tests.games.europe_engulfed.table import BOARD
from tests.web.conftest import Client

ADDRESSES = iter(range(40, 90))


def joined(app, name: str) -> Client:
    """A device of the LAN (each its own address) that joined with the host's code under ``name``."""
    import re

    device = Client(app)
    device.remote = {"REMOTE_ADDR": f"192.168.1.{next(ADDRESSES)}"}
    page = device.http.get("/join", environ_base=device.remote).data.decode()

    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    done = device.http.post("/join", data={"code": "123456", "player": name, "csrf": csrf},
                            environ_base=device.remote)
    assert done.status_code == 303
    return device


def test_a_seated_device_sees_its_side_only_and_cannot_switch(tmp_path):
    store = EventStore(tmp_path / "seats.sqlite3")
    assistant = Assistant(store, KindRegistry())
    # several devices join from one test address: no pause between their tries (JoinGuard's one try a second)
    app = create_app(assistant, lan=True, join_code="123456", testing=True, guard=JoinGuard(spacing=0.0))
    gid = assistant.new_game("europe_engulfed", game_options(mid_war(), players={"Axis": "Anna", "Allied": "Ben"})
                             | {"board": to_dict(BOARD)})

    def page(device: Client, query: str = "") -> str:
        return device.http.get(f"/g/{gid}/space/moscow{query}", environ_base=device.remote).data.decode()

    anna = joined(app, "anna")  # names match whatever the case
    assert "armor 4/4" in page(anna)  # her own German armor in Moscow
    assert "armor 4/4" in page(anna, "?seen=Allied")  # asking for the other side's view changes nothing
    table = anna.http.get(f"/g/{gid}?seen=Allied", environ_base=anna.remote).data.decode()
    assert "?seen=Allied" not in table and "the Axis side" in table
    ben = joined(app, "Ben")
    assert "armor 4/4" not in page(ben)
    carl = joined(app, "Carl")  # joined the table, but plays no side: sees what the public sees
    assert "armor 4/4" not in page(carl) and "armor 4/4" not in page(carl, "?seen=Axis")
    host = Client(app)
    assert "armor 4/4" in host.get(f"/g/{gid}/space/moscow?seen=Axis").data.decode()
    assert "?seen=Allied" in host.get(f"/g/{gid}").data.decode()  # the host's screen chooses
    store.close()


def test_whose_command_it_is_at_a_club_table():
    """A nation's production and its blocks' moves are that nation's and its side's (a seat may hold "Axis" or
    "germany"); a step of the phasing side as a whole is the side's and any of its major powers'; a Special Action
    names its nation, the defender's included."""
    from assistant.games.europe_engulfed.commands import Advance, Buy, Move, SpendSpecialAction
    from assistant.games.europe_engulfed.seats import acting_for
    from tests.games.europe_engulfed.table import Table
    from tests.games.europe_engulfed.test_production import to_production

    t = to_production(Table(game_options(mid_war())), "germany")
    assert acting_for(Buy(item="special_action"), t.state) == ("germany", "Axis")
    assert acting_for(Advance(), t.state) == ("Axis", "germany", "italy")
    german = next(i for i, u in t.state.units.items() if u.nation == "germany")
    assert acting_for(Move(unit_id=german, path=("berlin",)), t.state) == ("germany", "Axis")
    assert acting_for(SpendSpecialAction(nation="ussr", purpose="retreat"), t.state) == ("ussr", "Allied")
