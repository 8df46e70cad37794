"""The table as named parts: an update brings a device only the parts it does not hold (assistant/web/parts.py).

Each scenario plays devices through Flask's test client: a device holds a page, names what it holds as a browser
does (``X-Parts``), applies the answer's out-of-band swaps as htmx does (``tests/web/held.py``) and must then hold
exactly the table a fresh page shows. The parts sent are compared with the parts whose content changed, never with
byte counts.
"""

from __future__ import annotations

import re

from assistant.web.mapframes import part_id
from assistant.web.parts import Held, Page, holding
from tests.web.conftest import Client
from tests.web.held import apply, held, sent, table


def text(response) -> str:
    return response.data.decode()


def digests(html: str) -> dict[str, str]:
    return {item.split(":")[0]: item.split(":")[1] for item in holding(html).split(",")}


def changed_between(before: str, after: str) -> set[str]:
    """The parts whose own content differs between two renders (new ones included)."""
    old, new = digests(before), digests(after)
    return {pid for pid, digest in new.items() if old.get(pid) != digest}


# ---------------------------------------------------------------- the mechanism on plain markup


def page(*, note: str = "a", item: str = "x", items: tuple[str, ...] = ("1", "2"), frame: str = "") -> Page:
    lis = "".join(f'<li id="i{n}" data-part>{item if n == "1" else n}</li>' for n in items)
    return Page(f'<div id="top" data-part>{frame}<p id="note" data-part>{note}</p>'
                f'<ol id="list" data-part="list">{lis}</ol>'
                f'<form><input type="hidden" name="command_id" value="{"ab" * 16}"></form></div>')


def holds(p: Page) -> Held:
    return Held.parse(holding(p.html))


def test_a_part_changed_inside_an_unchanged_one_is_sent_alone():
    before, after = page(), page(note="b")
    assert before.by_id["top"].digest == after.by_id["top"].digest  # the inner part is not the outer one's content
    swaps = after.changed(holds(before))
    assert [re.search(r'id="([^"]+)"', s).group(1) for s in swaps] == ["note"]
    assert 'hx-swap-oob="true"' in swaps[0] and f'data-v="{after.by_id["note"].digest}"' in swaps[0]
    assert after.changed(holds(after)) == []  # a device holding this render needs nothing


def test_a_part_drawn_inside_an_svg_is_sent_inside_one():
    def drawing(fill: str) -> Page:
        return Page(f'<div id="map" data-part><svg viewBox="0 0 9 9"><g class="borders"><line x1="1"/></g>'
                    f'<a id="s1" data-part href="/s/1"><circle r="3" fill="{fill}"/></a>'
                    f'<a id="s2" data-part href="/s/2"><circle r="3" fill="red"/></a></svg></div>')
    before, after = drawing("red"), drawing("blue")
    assert [p.in_svg for p in after.by_id.values()] == [False, True, True]
    swaps = after.changed(holds(before))
    assert swaps == [f'<svg><a id="s1" data-part href="/s/1" hx-swap-oob="true" data-v="{after.by_id["s1"].digest}">'
                     '<circle r="3" fill="blue"/></a></svg>']
    assert after.changed(None)[0].startswith('<div id="map" data-part hx-swap-oob="true"')  # an HTML part: as it is


def test_command_ids_change_no_digest_and_a_device_holding_nothing_gets_everything():
    a = page()
    b = Page(a.raw.replace("ab" * 16, "cd" * 16))
    assert {p.id: p.digest for p in a.by_id.values()} == {p.id: p.digest for p in b.by_id.values()}
    everything = b.changed(None)
    assert len(everything) == 1 and everything[0].startswith('<div id="top" data-part hx-swap-oob="true"')
    assert page(frame="<h2>new</h2>").changed(holds(a))[0].startswith('<div id="top"')  # own content changed


def test_a_list_gets_new_items_inserted_and_old_ones_deleted():
    before, after = page(items=("3", "2", "1")), page(items=("4", "3", "2"), item="y")
    swaps = after.changed(holds(before))
    assert swaps == [
        '<div id="i1" hx-swap-oob="delete"></div>',
        f'<div hx-swap-oob="beforebegin:#i3">{after.markup(after.by_id["i4"])}</div>',
    ]
    applied = apply(before.html, "".join(swaps))
    assert applied == after.html
    reordered = page(items=("2", "3"))
    assert [s[:13] for s in reordered.changed(holds(page(items=("3", "2"))))] == ['<ol id="list"']


def test_what_a_device_names_is_bounded_and_checked():
    assert Held.parse(None) is None
    assert Held.parse("x" * 70_000) is None
    held_ = Held.parse("top:abc:,list:12:0,i1:34:1,i1:56:1,<b>:1:0,note:zz:0")
    # bad items dropped; an id named twice is trusted for neither
    assert held_.digests == {"top": "abc", "list": "12", "i1": ""}
    assert held_.children["list"] == ["i1"]


# ---------------------------------------------------------------- the table through the app (test game)


def test_a_one_event_command_sends_only_the_parts_that_changed(client, web_assistant, toy_id):
    shown = text(client.get(f"/g/{toy_id}"))
    response = client.do(toy_id, "toy.buy", count="2", headers=held(shown))
    assert response.status_code == 200 and response.headers["HX-Reswap"] == "none"
    fresh = text(client.get(f"/g/{toy_id}"))
    changed = changed_between(shown, fresh)
    swapped = {pid for _swap, pid in sent(text(response))} - {"flash"}
    assert swapped == changed - {"lg2"}  # the new entry goes into its group, which is otherwise the same
    assert "actions" in swapped and "e3" in swapped and "banner" not in swapped and "table" not in swapped
    assert table(apply(shown, text(response))) == table(fresh)


def test_a_poll_with_nothing_new_returns_nothing(client, web_assistant, toy_id):
    shown = text(client.get(f"/g/{toy_id}"))
    live = re.search(r'hx-get="([^"]+/live[^"]+)"', shown).group(1).replace("&amp;", "&")
    quiet = client.get(live, headers=held(shown))
    assert quiet.status_code == 204 and quiet.data == b""
    web_assistant.handle(toy_id, '{"type": "core.add_note", "about_seq": 1, "text": "good luck"}')
    update = client.get(live, headers=held(shown))
    shown = apply(shown, text(update))
    assert {pid for _swap, pid in sent(text(update))} == {"vcr", "undo", "e3", "live"}  # a note: the log moves on
    live = re.search(r'hx-get="([^"]+/live[^"]+)"', shown).group(1).replace("&amp;", "&")
    assert client.get(live, headers=held(shown)).status_code == 204


def test_two_devices_at_one_table_each_end_with_the_table_as_it_is(flask_app, web_assistant, toy_id):
    desk, phone = Client(flask_app), Client(flask_app)
    on_desk, on_phone = text(desk.get(f"/g/{toy_id}")), text(phone.get(f"/g/{toy_id}"))
    bought = desk.do(toy_id, "toy.buy", count="1", headers=held(on_desk))
    on_desk = apply(on_desk, text(bought))
    live = re.search(r'hx-get="([^"]+/live[^"]+)"', on_phone).group(1).replace("&amp;", "&")
    seen = phone.get(live, headers=held(on_phone))
    on_phone = apply(on_phone, text(seen))
    for device, shown in ((desk, on_desk), (phone, on_phone)):
        assert table(shown) == table(text(device.get(f"/g/{toy_id}")))
    # The phone sends the purchase form it drew before the desk's second command: refused, nothing booked, and
    # the parts it is missing come with the reason.
    at = re.search(r'name="__at" value="(\d+)"', on_phone).group(1)
    on_desk = apply(on_desk, text(desk.do(toy_id, "toy.end_phase", headers=held(on_desk))))
    head = web_assistant.head(toy_id)
    stale = phone.do(toy_id, "toy.buy", count="1", __at=at, headers=held(on_phone))
    assert stale.status_code == 409 and web_assistant.head(toy_id) == head
    on_phone = apply(on_phone, text(stale))
    assert "Here is the table now." in on_phone and 'value="toy.attack"' in on_phone
    fresh = text(phone.get(f"/g/{toy_id}"))
    assert {k: v for k, v in digests(on_phone).items() if k != "actions"} == \
        {k: v for k, v in digests(fresh).items() if k != "actions"}
    notice = re.search(r'<p class="notice stale".*?</p>\s*', on_phone, re.S).group(0)

    def plain(html: str) -> str:
        return re.sub(r"\s+", " ", re.sub(r' data-v="[0-9a-f]+"', "", html))

    assert plain(table(on_phone).replace(notice, "")) == plain(table(fresh))
    assert table(on_desk) == table(text(desk.get(f"/g/{toy_id}")))


def test_a_spectator_gets_the_changed_parts_without_forms(client, web_assistant, toy_id):
    link = re.search(r'value="http://localhost(/watch/[^"]+)"', text(client.get(f"/g/{toy_id}"))).group(1)
    watching = text(client.get(link))
    web_assistant.handle(toy_id, '{"type": "toy.buy", "count": 2}')
    live = re.search(r'hx-get="([^"]+/live[^"]+)"', watching).group(1).replace("&amp;", "&")
    update = text(client.get(live, headers=held(watching)))
    assert 'name="type"' not in update and "actions" not in {pid for _s, pid in sent(update)}
    assert table(apply(watching, update)) == table(text(client.get(link)))


def test_time_travel_by_htmx_sends_what_differs_from_the_event_shown(client, web_assistant, toy_id):
    for n in range(3):
        web_assistant.handle(toy_id, '{"type": "toy.buy", "count": 1}')
    shown = text(client.get(f"/g/{toy_id}?at=3"))
    step = client.get(f"/g/{toy_id}?at=4", htmx=True, headers={**held(shown), "HX-Target": "table"})
    assert step.status_code == 200 and step.headers["HX-Reswap"] == "none"
    assert "table" not in {pid for _s, pid in sent(text(step))}
    assert table(apply(shown, text(step))) == table(text(client.get(f"/g/{toy_id}?at=4")))
    # Back to now and into the past again: the table's own frame is the same in both, so the forms, the live poll
    # and what else changed come as parts, not the whole table
    back = client.get(f"/g/{toy_id}", htmx=True, headers={**held(shown), "HX-Target": "table"})
    swapped = [pid for _s, pid in sent(text(back))]
    assert "table" not in swapped and {"actions", "live", "logtools", "banner", "vcr"} <= set(swapped)
    now = apply(shown, text(back))
    assert table(now) == table(text(client.get(f"/g/{toy_id}")))
    again = client.get(f"/g/{toy_id}?at=2", htmx=True, headers={**held(now), "HX-Target": "table"})
    swapped = [pid for _s, pid in sent(text(again))]
    assert "table" not in swapped and {"actions", "live", "logtools", "banner", "vcr"} <= set(swapped)
    assert table(apply(now, text(again))) == table(text(client.get(f"/g/{toy_id}?at=2")))
    # Without what it holds, the fragment is the whole table, as before
    assert text(client.get(f"/g/{toy_id}?at=4", htmx=True)).startswith('<div id="table"')


# ---------------------------------------------------------------- a real game: the map only when it changed


def test_axis_and_allies_sends_the_map_only_when_the_board_changed(real):
    assistant, client = real
    game_id = assistant.new_game("aa_classic", {})
    assistant.handle(game_id, '{"type": "aa.start"}')
    shown = text(client.get(f"/g/{game_id}"))
    bought = text(client.do(game_id, "aa.purchase", headers=held(shown), **{"units.infantry": "3"}))
    swapped = {pid for _s, pid in sent(bought)}
    assert {"actions", "powers", "changes"} <= swapped and "map" not in swapped and "board" not in swapped
    shown = apply(shown, bought)
    assert table(shown) == table(text(client.get(f"/g/{game_id}")))
    shown = apply(shown, text(client.do(game_id, "aa.end_step", headers=held(shown))))
    moved = text(client.post(f"/g/{game_id}/do", {
        "type": "aa.move", "path": ["Karelia S.S.R.", "", "Finland-Norway"], "units.infantry": "2",
        "units.armour": "1", "command_id": "m1"}, htmx=True, headers=held(shown)))
    swapped = {pid for _s, pid in sent(moved)}
    # a battle opens at Finland-Norway: the two spaces change, and the mark naming where a phone's map opens moves
    # there; the map's frame is not sent again
    assert {pid for pid in swapped if pid.startswith("sp-")} == {part_id("Karelia S.S.R."), part_id("Finland-Norway")}
    assert "map-focus" in swapped and "map" not in swapped and "board" not in swapped
    assert "powers" not in swapped and "changes" not in swapped
    assert re.search(r'<span id="map-focus" data-part [^>]*data-focus="Finland-Norway"[^>]*hx-swap-oob', moved)
    assert table(apply(shown, moved)) == table(text(client.get(f"/g/{game_id}")))


def test_a_placement_and_a_step_in_time_send_the_spaces_that_changed_not_the_map(real):
    assistant, client = real
    game_id = assistant.new_game("aa_classic", {})
    for command in ('{"type": "aa.start"}', '{"type": "aa.purchase", "units": {"infantry": 2}}',
                    *['{"type": "aa.end_step"}'] * 4):
        assistant.handle(game_id, command)
    russia = part_id("Russia")
    shown = text(client.get(f"/g/{game_id}"))
    placed = text(client.do(game_id, "aa.place", headers=held(shown), space="Russia", **{"units.infantry": "2"}))
    swapped = {pid for _s, pid in sent(placed)}
    assert {pid for pid in swapped if pid.startswith("sp-")} == {russia} and "map" not in swapped
    # inside an <svg>, so that a browser reads the space as SVG
    assert re.search(rf'<svg><a id="{russia}" data-part [^>]*hx-swap-oob="true"[^>]*>.*?</a></svg>', placed, re.S)
    assert table(apply(shown, placed)) == table(text(client.get(f"/g/{game_id}")))
    # Time travel over the placement: the same space alone, both ways
    assistant.handle(game_id, '{"type": "core.add_note", "about_seq": 1, "text": "the placement is in the past"}')
    at = assistant.head(game_id) - 1
    before = text(client.get(f"/g/{game_id}?at={at - 1}"))
    for start, end in ((at - 1, at), (at, at - 1)):
        shown = text(client.get(f"/g/{game_id}?at={start}"))
        step = text(client.get(f"/g/{game_id}?at={end}", htmx=True, headers={**held(shown), "HX-Target": "table"}))
        swapped = {pid for _s, pid in sent(step)}
        assert {pid for pid in swapped if pid.startswith("sp-")} == {russia}
        assert "map" not in swapped and "board" not in swapped and len(step) < 8_000
        stepped = apply(shown, step)
        assert table(stepped) == table(text(client.get(f"/g/{game_id}?at={end}")))
    # the spaces' links name no event; the page names the one it shows, which a tap on the map sends with it
    assert f'<input type="hidden" id="tt-at" name="at" value="{at - 1}">' in before
    assert 'id="map" data-part hx-include="#tt-at"' in before
    assert f'hx-get="/g/{game_id}/space/Russia"' in before
    then = text(client.get(f"/g/{game_id}/space/Russia?at={at - 1}", htmx=True))
    now = text(client.get(f"/g/{game_id}/space/Russia?at={at}", htmx=True))
    assert then != now
