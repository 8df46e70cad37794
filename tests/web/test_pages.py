"""The web UI through Flask's test client: pages, fragments, commands, errors, undo, time travel, live updates."""

from __future__ import annotations

import re

from tests.web.conftest import Client
from tests.web.held import held, sent


def text(response) -> str:
    return response.data.decode()


def entries(html: str) -> list[str]:
    return re.findall(r'<li id="e(\d+)"', html)


# ---------------------------------------------------------------- games list


def test_games_list_offers_every_kind_and_one_click_starts_a_game(client, web_assistant):
    page = client.get("/")
    assert page.status_code == 200
    assert "New Skirmish (test game)" in text(page)
    cid = re.search(r'name="command_id" value="([^"]+)"', text(page)).group(1)
    started = client.post("/new", {"kind": "toy", "command_id": cid})
    assert started.status_code == 303
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    assert web_assistant.game(game_id).kind == "toy"
    # A double tap on "Start" sends the same form again: still one game.
    again = client.post("/new", {"kind": "toy", "command_id": cid})
    assert again.headers["Location"] == started.headers["Location"]
    assert len(web_assistant.games()) == 1


def test_new_game_form_is_generated_from_the_options_type(client, web_assistant):
    page = text(client.get("/new?kind=toy"))
    assert 'name="sides"' in page and 'name="treasury"' in page and 'value="10"' in page
    refused = client.post("/new", {"kind": "toy", "sides": "red", "treasury": "9"})
    assert refused.status_code == 422
    assert "skirmish needs at least two distinct sides" in text(refused)
    made = client.post("/new", {"kind": "toy", "title": "Club night", "sides": "north, south, east", "treasury": "7"})
    game_id = made.headers["Location"].rsplit("/", 1)[1]
    assert web_assistant.game(game_id).title == "Club night"
    assert web_assistant.view(game_id).game.treasury == {"north": 7, "south": 7, "east": 7}


def test_options_fragment_for_another_kind(client):
    fragment = client.get("/new?kind=toy", htmx=True)
    assert text(fragment).lstrip().startswith('<fieldset id="options"')
    assert "HX-Request" in fragment.headers["Vary"]


def test_export_import_and_delete_with_confirmation(client, web_assistant, toy_id):
    exported = client.get(f"/g/{toy_id}/export")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["Content-Disposition"]
    confirm = client.get(f"/g/{toy_id}/delete")
    assert "Yes, delete it" in text(confirm)
    assert client.post(f"/g/{toy_id}/delete", {}).status_code == 400  # no confirmation, nothing happens
    assert [g.game_id for g in web_assistant.games()] == [toy_id]
    assert client.post(f"/g/{toy_id}/delete", {"confirm": "yes"}).status_code == 303
    assert web_assistant.games() == []
    # The game file can be imported elsewhere (a fresh database refuses only a clashing id).
    clash = client.post("/import", {"file": (__import__("io").BytesIO(exported.data), "game.jsonl")},
                        content_type="multipart/form-data")
    assert clash.status_code == 422 and "already in this database" in text(clash)
    junk = client.post("/import", {"file": (__import__("io").BytesIO(b"not a game"), "x.jsonl")},
                       content_type="multipart/form-data")
    assert junk.status_code == 422 and "could not be imported" in text(junk)


# ---------------------------------------------------------------- the table


def test_table_page_answers_whose_turn_and_what_to_do(client, toy_id):
    page = client.get(f"/g/{toy_id}")
    html = text(page)
    assert page.headers["Vary"].count("HX-Request") == 1
    assert "<html" in html
    assert '<span class="round">Round 1</span>' in html and '<span class="side">red</span>' in html
    assert "Round 1: red — buy." in html  # the game's guidance
    for tag in ("toy.buy", "toy.end_phase", "toy.edit_treasury"):
        assert f'name="type" value="{tag}"' in html
    assert 'name="type" value="toy.attack"' not in html  # the buy phase offers only its own commands
    fragment = text(client.get(f"/g/{toy_id}", htmx=True))
    assert fragment.lstrip().startswith('<div id="table"') and "<html" not in fragment


def test_each_form_render_has_its_own_command_id(client, toy_id):
    first = re.findall(r'name="command_id" value="([0-9a-f]{32})"', text(client.get(f"/g/{toy_id}")))
    second = re.findall(r'name="command_id" value="([0-9a-f]{32})"', text(client.get(f"/g/{toy_id}")))
    assert len(set(first)) == len(first) >= 4
    assert not set(first) & set(second)


def test_a_command_updates_forms_banner_ledgers_and_log_together(client, web_assistant, toy_id):
    page = text(client.get(f"/g/{toy_id}"))
    response = client.do(toy_id, "toy.buy", count="2", headers=held(page))
    html = text(response)
    assert response.status_code == 200 and response.headers["HX-Reswap"] == "none"
    swapped = {pid for _swap, pid in sent(html)}
    assert {"actions", "ledgers", "vcr", "live", "e3"} <= swapped, swapped
    # A device that says nothing of what it holds (no script) gets the whole table.
    again = text(client.do(toy_id, "toy.buy", count="1"))
    assert [pid for _swap, pid in sent(again)] == ["table", "flash"]
    assert "red bought 2 units for 6." in html
    assert web_assistant.view(toy_id).game.treasury["red"] == 3  # 12, less 6, less 3


def test_a_double_tap_books_once(client, web_assistant, toy_id):
    head = web_assistant.head(toy_id)
    for _ in range(2):
        assert client.do(toy_id, "toy.buy", count="1", command_id="same-form-render").status_code == 200
    assert web_assistant.head(toy_id) == head + 1
    assert web_assistant.view(toy_id).game.units["red"] == 1


def test_refusals_are_inline_plain_words_with_the_rule(client, web_assistant, toy_id):
    head = web_assistant.head(toy_id)
    response = client.do(toy_id, "toy.buy", count="9")
    html = text(response)
    assert response.status_code == 422
    assert "9 units cost 27, treasury holds 12 (Skirmish 1)" in html
    assert 'value="9"' in html  # what was typed stays in the form
    assert "Traceback" not in html
    assert web_assistant.head(toy_id) == head
    unreadable = client.do(toy_id, "toy.buy", count="two")
    assert unreadable.status_code == 422 and "Count must be a whole number" in text(unreadable)


def test_without_htmx_a_command_redirects_and_a_refusal_renders_the_page(client, toy_id):
    done = client.do(toy_id, "toy.buy", htmx=False, count="1")
    assert done.status_code == 303
    refused = client.do(toy_id, "toy.attack", htmx=False)
    assert refused.status_code == 422
    assert "<html" in text(refused) and "attacks happen in the attack phase (Skirmish 2)" in text(refused)


def test_battle_with_entered_dice_and_roll_for_me(client, web_assistant, toy_id):
    client.do(toy_id, "toy.buy", count="3")
    client.do(toy_id, "toy.end_phase")
    bad = client.do(toy_id, "toy.attack", faces="1 2")
    assert bad.status_code == 422 and "this throw is 3 dice; 2 faces were given" in text(bad)
    client.do(toy_id, "toy.attack", faces="1 2 6")
    log = web_assistant.log(toy_id)
    assert log[-2].event.faces == (1, 2, 6) and log[-2].event.source == "physical"
    client.do(toy_id, "toy.end_phase")
    client.do(toy_id, "toy.buy", count="1")
    client.do(toy_id, "toy.end_phase")
    client.do(toy_id, "toy.attack", faces="4", roll_for_me="1")
    assert web_assistant.log(toy_id)[-2].event.source == "assistant"


def test_undo_last_undo_to_here_and_redo(client, web_assistant, toy_id):
    client.do(toy_id, "toy.buy", count="1")
    client.do(toy_id, "toy.buy", count="1")
    assert web_assistant.view(toy_id).game.units["red"] == 2
    client.do(toy_id, "core.undo", origin="log")
    assert web_assistant.view(toy_id).game.units["red"] == 1
    client.do(toy_id, "core.redo", origin="log")
    assert web_assistant.view(toy_id).game.units["red"] == 2
    client.do(toy_id, "core.undo", origin="log", to_seq="2")
    assert web_assistant.view(toy_id).game.units["red"] == 0
    html = text(client.get(f"/g/{toy_id}"))
    # the two purchases, and the first undo (which the redo cancelled)
    assert re.findall(r'<li id="e(\d+)" class="entry cancelled"', html) == ["5", "4", "3"]


def test_undo_last_says_what_it_takes_back(client, web_assistant, toy_id):
    """A note is a command too: after a fork's note, say, "Undo last" would take the note back, not the last move."""
    client.do(toy_id, "toy.buy", count="1")
    bought = web_assistant.head(toy_id)
    html = text(client.get(f"/g/{toy_id}"))
    assert f'<p id="undo-what" class="muted undo-what">Undo takes back event {bought}: ' in html
    client.do(toy_id, "core.add_note", about_seq=str(bought), text="a bold start")
    html = text(client.get(f"/g/{toy_id}"))
    assert f"Undo takes back event {bought + 1}: Note on event {bought}" in html
    client.do(toy_id, "core.undo", origin="log")
    html = text(client.get(f"/g/{toy_id}"))  # the undo itself is not what the next undo takes back
    assert f"Undo takes back event {bought}: " in html


def test_undo_refused_across_dice_is_shown_as_a_message(client, toy_id):
    client.do(toy_id, "toy.buy", count="1")
    client.do(toy_id, "toy.end_phase")
    client.do(toy_id, "toy.attack", faces="5")
    refused = client.do(toy_id, "core.undo", origin="log")
    assert refused.status_code == 422
    assert refused.headers["HX-Retarget"] == "#flash"
    assert "take-backs stop at dice" in text(refused)


def test_entry_actions_correct_dice_and_roll_back(client, web_assistant, toy_id):
    client.do(toy_id, "toy.buy", count="2")
    client.do(toy_id, "toy.end_phase")
    client.do(toy_id, "toy.attack", faces="5 6")
    dice_seq = next(e.seq for e in web_assistant.log(toy_id) if e.type == "core.dice_rolled")
    menu = text(client.get(f"/g/{toy_id}/entry/{dice_seq}"))
    assert 'value="core.correct_dice"' in menu and 'value="5 6"' in menu
    assert client.do(toy_id, "core.correct_dice", origin="log", dice_seq=str(dice_seq), faces="1 6",
                     reason="a die was misread").status_code == 200
    html = text(client.get(f"/g/{toy_id}"))
    assert "(corrected to 1 6)" in html
    assert client.do(toy_id, "core.roll_back", origin="log", to_seq="2", reason="wrong game").status_code == 200
    assert web_assistant.view(toy_id).game.units["red"] == 0


# ---------------------------------------------------------------- time travel


def test_time_travel_shows_the_table_as_it_was_read_only(client, web_assistant, toy_id):
    client.do(toy_id, "toy.buy", count="2")
    client.do(toy_id, "toy.buy", count="1")
    head = web_assistant.head(toy_id)
    past = text(client.get(f"/g/{toy_id}?at=3", htmx=True))
    assert "as it was at event 3 of 4" in past
    # read-only: the forms' part is there, empty and hidden, and the live poll's asks for nothing
    assert re.search(r'<section id="actions" data-part class="actions" hidden[^>]*></section>', past)
    assert 'name="type"' not in past and 'id="undo"' not in past  # no command form anywhere
    assert re.search(r'<div id="live" data-part[^>]*></div>', past) and "/live?" not in past
    assert re.search(r"treasury</th><td>.*?<th>red</th><td>6</td>", past, re.S)
    assert 'class="entry here"' in past and 'id="e4"' not in past  # the future is not shown
    assert 'value="3"' in past and f'max="{head}"' in past  # the slider
    now = text(client.get(f"/g/{toy_id}", htmx=True))
    assert 'id="actions"' in now and "You are looking at the table" not in now
    assert client.get(f"/g/{toy_id}?at=99").status_code == 404


def test_play_advances_one_event_at_a_time(client, toy_id):
    client.do(toy_id, "toy.buy", count="1")
    html = text(client.get(f"/g/{toy_id}?at=1&play=1", htmx=True))
    assert 'hx-get="/g/%s?at=2&play=1"' % toy_id in html and 'hx-trigger="load delay:900ms"' in html
    assert "Pause" in html


# ---------------------------------------------------------------- live updates


def test_live_poll_answers_nothing_new_with_204(client, web_assistant, toy_id):
    head = web_assistant.head(toy_id)
    assert client.get(f"/g/{toy_id}/live?seq={head}").status_code == 204


def test_live_poll_sends_the_changed_regions_out_of_band(client, web_assistant, toy_id):
    page = text(client.get(f"/g/{toy_id}"))
    live = re.search(r'hx-get="([^"]+/live[^"]+)"', page).group(1).replace("&amp;", "&")
    web_assistant.handle(toy_id, '{"type": "toy.buy", "count": 1}')  # another device
    update = text(client.get(live, headers=held(page)))
    for region in ("ledgers", "live"):
        assert re.search(rf'id="{region}"[^>]*hx-swap-oob="true"', update), region
    assert "red bought 1 units for 3." in update
    # The forms come again, drawn for the new log position: a form left open at the old one would be refused
    # (the page keeps a form someone is typing in, under a notice; see app.js).
    assert re.search(r'id="actions"[^>]*hx-swap-oob="true"', update)
    assert f'name="__at" value="{web_assistant.head(toy_id)}"' in update


def test_a_form_drawn_before_another_device_moved_the_table_is_refused_and_writes_nothing(client, web_assistant, toy_id):
    page = text(client.get(f"/g/{toy_id}"))
    at = re.search(r'name="__at" value="(\d+)"', page).group(1)
    web_assistant.handle(toy_id, '{"type": "toy.buy", "count": 2}')  # the other device, first
    head = web_assistant.head(toy_id)
    response = client.do(toy_id, "toy.buy", count="1", __at=at)
    assert response.status_code == 409
    html = text(response)
    assert "The table changed on another device since this form was shown" in html
    assert "red bought 2 units" in html and "Nothing was booked. Here is the table now." in html
    assert web_assistant.head(toy_id) == head  # nothing written
    assert f'name="__at" value="{head}"' in html  # the fresh forms answer the table now
    # A note from another device changes nothing: the form still answers the table.
    web_assistant.handle(toy_id, '{"type": "core.add_note", "about_seq": 1, "text": "good luck"}')
    assert client.do(toy_id, "toy.buy", count="1", __at=str(head)).status_code == 200
    # Without htmx the whole page comes back with the reason, and a made-up position is refused plainly.
    old = client.do(toy_id, "toy.buy", count="1", __at=str(head), htmx=False)
    assert old.status_code == 409 and "Here is the table now." in text(old)
    assert client.do(toy_id, "toy.buy", count="1", __at="999").status_code == 422
    assert client.do(toy_id, "toy.buy", count="1", __at="x1").status_code == 422


def test_live_poll_replaces_the_forms_when_the_step_changes_them(client, web_assistant, toy_id):
    """The toy game declares Buy for its buy phase and Attack for its attack phase: the generic table follows."""
    page = text(client.get(f"/g/{toy_id}"))
    assert 'value="toy.buy"' in page and 'value="toy.attack"' not in page
    live = re.search(r'hx-get="([^"]+/live[^"]+)"', page).group(1).replace("&amp;", "&")
    web_assistant.handle(toy_id, '{"type": "core.add_note", "about_seq": 1, "text": "good luck"}')
    update = text(client.get(live, headers=held(page)))
    assert "good luck" in update and 'id="actions"' not in update
    web_assistant.handle(toy_id, '{"type": "toy.end_phase"}')
    update = text(client.get(live, headers=held(page)))
    assert re.search(r'id="actions"[^>]*hx-swap-oob="true"', update)
    assert 'value="toy.attack"' in update and 'value="toy.buy"' not in update


# ---------------------------------------------------------------- log paging


def test_log_is_paged_and_grouped_by_round_and_turn(client, web_assistant, toy_id):
    for i in range(60):
        web_assistant.handle(toy_id, '{"type": "core.add_note", "about_seq": 1, "text": "n%d"}' % i)
    html = text(client.get(f"/g/{toy_id}"))
    shown = entries(html)
    assert len(shown) == 40 and shown[0] == str(web_assistant.head(toy_id))
    older = re.search(r'hx-get="(/g/[^"]+/log\?upto=\d+[^"]*)"', html).group(1).replace("&amp;", "&")
    more = text(client.get(older, htmx=True))
    assert entries(more)[0] == str(web_assistant.head(toy_id) - 40)
    assert "Round 1" in more and "red · buy" in more and "Set-up" in more


# ---------------------------------------------------------------- security


def test_every_post_needs_the_csrf_token(client, web_assistant, toy_id):
    head = web_assistant.head(toy_id)
    missing = client.post(f"/g/{toy_id}/do", {"type": "toy.buy", "count": "1"}, csrf=False)
    assert missing.status_code == 403 and "expired" in text(missing)
    forged = client.post(f"/g/{toy_id}/do", {"type": "toy.buy", "count": "1", "csrf": "guess"}, csrf=False)
    assert forged.status_code == 403
    assert client.post("/new", {"kind": "toy"}, csrf=False).status_code == 403
    assert web_assistant.head(toy_id) == head


def test_the_csrf_token_may_come_as_the_htmx_header(client, toy_id):
    client.get("/")
    response = client.http.post(f"/g/{toy_id}/do", data={"type": "toy.buy", "count": "1"},
                                headers={"HX-Request": "true", "X-CSRF-Token": client.csrf})
    assert response.status_code == 200


def test_local_mode_refuses_other_host_names(client):
    assert client.http.get("/", headers={"Host": "attacker.example"}).status_code == 403
    assert client.http.get("/", headers={"Host": "localhost:5173"}).status_code == 200


def test_spectator_link_is_read_only(client, web_assistant, toy_id):
    page = text(client.get(f"/g/{toy_id}"))
    link = re.search(r'value="http://localhost(/watch/[^"]+)"', page).group(1)
    watch = text(client.get(link))
    assert "Spectator view: read-only." in watch
    assert 'name="type"' not in watch and "Undo last" not in watch
    assert f'{link}/live?seq=' in watch
    assert client.post(link, {}).status_code in (403, 405)
    assert client.get(link[:-3] + "xyz").status_code == 404
    assert client.get(f"/watch/{toy_id}/nonsense").status_code == 404
    for i in range(45):
        web_assistant.handle(toy_id, '{"type": "core.add_note", "about_seq": 1, "text": "n%d"}' % i)
    watch = text(client.get(link))
    older = re.search(r'hx-get="(/watch/[^"]+/log\?upto=\d+&amp;ro=1)"', watch).group(1).replace("&amp;", "&")
    page = text(client.get(older, htmx=True))
    assert 'id="e1"' in page and "Undo to here" not in page and 'class="more"' not in page
    assert f'href="{link}?at=1"' in page


def test_lan_mode_asks_other_devices_for_the_join_code(web_assistant, toy_id):
    from assistant.web import create_app

    from assistant.web.joining import JoinGuard

    # a wrong code then the right one at once: the guard's second between tries is not this test's subject
    app = create_app(web_assistant, lan=True, join_code="424242", testing=True, guard=JoinGuard(spacing=0))
    host = Client(app)
    assert "424242" in text(host.get("/"))  # shown on the host screen
    phone = Client(app)
    remote = {"REMOTE_ADDR": "192.168.1.23"}
    first = phone.http.get(f"/g/{toy_id}", environ_base=remote)
    assert first.status_code == 302 and "/join" in first.headers["Location"]
    join = phone.http.get("/join", environ_base=remote)
    token = re.search(r'name="csrf" value="([^"]+)"', text(join)).group(1)
    assert "424242" not in text(join)
    wrong = phone.http.post("/join", data={"csrf": token, "code": "111111"}, environ_base=remote)
    assert wrong.status_code == 422 and "does not match" in text(wrong)
    right = phone.http.post("/join", data={"csrf": token, "code": "424242", "player": "Ana",
                                          "next": f"/g/{toy_id}"}, environ_base=remote)
    assert right.status_code == 303 and right.headers["Location"] == f"/g/{toy_id}"
    table = phone.http.get(f"/g/{toy_id}", environ_base=remote)
    assert table.status_code == 200 and "424242" not in text(table)
    assert "Join this game as Ana" in text(table)  # not yet a player of this game: one tap joins it
    joined = phone.http.post(f"/g/{toy_id}/do", data={"csrf": token, "type": "core.add_player", "name": "Ana",
                                                      "origin": "log"}, environ_base=remote)
    assert joined.status_code == 303 and web_assistant.players(toy_id) == (("Ana", ()),)
    assert "Join this game as" not in text(phone.http.get(f"/g/{toy_id}", environ_base=remote))
    bought = phone.http.post(f"/g/{toy_id}/do", data={"csrf": token, "type": "toy.buy", "count": "1"},
                             headers={"HX-Request": "true"}, environ_base=remote)
    assert bought.status_code == 200
    assert web_assistant.log(toy_id)[-1].actor == "Ana"


def test_unexpected_errors_never_show_a_stack_trace(flask_app, client, toy_id, monkeypatch):
    from assistant.web import presenter

    def broken(self, table):
        raise RuntimeError("the ledger fell off the table")

    monkeypatch.setattr(presenter.Presenter, "ledgers", broken)
    flask_app.testing = False
    flask_app.config["PROPAGATE_EXCEPTIONS"] = False
    page = client.get(f"/g/{toy_id}")
    assert page.status_code == 500
    assert "Something went wrong" in text(page) and "the ledger fell off the table" in text(page)
    assert "Traceback" not in text(page) and 'File "' not in text(page)
    fragment = client.get(f"/g/{toy_id}", htmx=True)
    assert fragment.headers["HX-Retarget"] == "#flash"


def test_unknown_game_is_a_plain_404(client):
    page = client.get("/g/doesnotexist")
    assert page.status_code == 404 and "There is no game" in text(page)


def test_a_device_names_itself_for_the_log(client, web_assistant, toy_id):
    page = text(client.get(f"/g/{toy_id}"))
    assert 'action="/player"' in page
    saved = client.post("/player", {"player": "Chloé", "next": f"/g/{toy_id}"})
    assert saved.status_code == 303 and saved.headers["Location"] == f"/g/{toy_id}"
    assert client.post("/player", {"player": "x", "next": "//evil.example/"}).headers["Location"] == "/"
    client.post("/player", {"player": "Chloé"})
    refused = client.do(toy_id, "toy.buy", count="1")  # a name is not yet a player of this game
    assert refused.status_code == 422 and "&#39;Chloé&#39; is not at this table" in text(refused)
    client.do(toy_id, "core.add_player", name="Chloé")
    client.do(toy_id, "toy.buy", count="1")
    assert web_assistant.log(toy_id)[-1].actor == "Chloé"
    assert "Chloé" in text(client.get(f"/g/{toy_id}"))


def test_a_turn_that_begins_is_logged_under_its_first_phase(real):
    """A&A: "Round 1: Germany's turn begins" is recorded with Germany's first phase, in one command: the log shows it
    under that phase's heading, not under the USSR's last phase."""
    assistant, client = real
    gid = assistant.new_game("aa_classic", {})
    assistant.handle(gid, '{"type": "aa.start"}')
    while assistant.view(gid).game.power == "ussr":
        assistant.handle(gid, '{"type": "aa.end_step", "override": "a quick test"}')
    html = text(client.get(f"/g/{gid}"))
    germany = html.index("Germany · research and purchase")
    begins = html.index("Germany&#39;s turn begins")
    ussr = html.index("USSR · ")
    assert germany < begins < ussr, (germany, begins, ussr)


def test_a_table_with_nothing_to_play_says_so_instead_of_an_empty_box(tmp_path):
    """A game over (here: a kind whose only move left is an edit) shows no empty actions box."""
    import msgspec

    from assistant.application import Assistant
    from assistant.decider import Move
    from assistant.kinds import KindRegistry
    from assistant.web import create_app
    from events.store import EventStore
    from tests.toygame.game import GAME as TOY, EditTreasury, edit_treasury

    registry = KindRegistry()
    registry.register(msgspec.structs.replace(TOY, moves=(Move(EditTreasury, edit_treasury),), commands=(EditTreasury,)))
    store = EventStore(tmp_path / "over.sqlite3")
    app = Assistant(store, registry)
    gid = app.new_game("toy", {"treasury": 0})
    page = create_app(app, testing=True).test_client().get(f"/g/{gid}").data.decode()
    actions = page[page.index('id="actions"'):]
    assert "Nothing to play now; an edit or an override below still puts the table right." in actions
    assert '<div class="forms">' in actions  # the edits' own list, under their summary
    store.close()


def test_the_table_names_its_players_with_the_powers_they_play(real):
    """One laptop shared by the table seats everyone from the page (each phone may also join as itself): a name and
    the powers ticked, offered by their names; the players named are listed."""
    assistant, client = real
    gid = assistant.new_game("aa_classic", {})
    page = client.get(f"/g/{gid}").data.decode()
    assert "No players named yet: commands are recorded as the table." in page
    assert re.search(r'<input type="checkbox" name="plays" value="germany"> Germany</label>', page)
    client.do(gid, "core.add_player", name="Ann", plays=["germany", "japan"])
    client.do(gid, "core.add_player", name="Bo", plays="ussr")
    assert assistant.players(gid) == (("Ann", ("germany", "japan")), ("Bo", ("ussr",)))
    page = client.get(f"/g/{gid}").data.decode()
    assert "Players: Ann (Germany, Japan); Bo (USSR)." in page
    refused = client.do(gid, "core.add_player", name="x" * 100, origin="log")  # as the form sends it
    assert refused.status_code == 422 and "name: at most 64 characters" in refused.data.decode()
    assert len(assistant.players(gid)) == 2
    watch = re.search(r'Spectator link \(read-only\): <input readonly value="http://localhost([^"]+)"', page).group(1)
    spectator = client.get(watch)
    assert spectator.status_code == 200 and "Name a player" not in spectator.data.decode()  # not for spectators
