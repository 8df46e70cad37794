"""The club's web app: signing in, invitations, seats deciding who acts and what each seat sees, the games list
and the archive. A real PostgreSQL behind it; every refusal names what was wrong and writes nothing."""

from __future__ import annotations


from tests.club.conftest import PASSWORD, sign_in
from tests.web.conftest import Client
from tests.games.europe_engulfed.test_map import played


def page(response) -> str:
    return response.data.decode()


def test_nothing_opens_without_signing_in_and_a_wrong_password_says_so(club_env):
    visitor = Client(club_env.app)
    response = visitor.get("/")
    assert response.status_code == 302 and response.headers["Location"].startswith("/signin")
    assert visitor.get("/g/anything").status_code == 302
    visitor.get("/signin")
    wrong = visitor.post("/signin", {"name": "Bob", "password": "not his password"})
    assert wrong.status_code == 422 and "do not match a member" in page(wrong)
    nobody = visitor.post("/signin", {"name": "Zed", "password": PASSWORD})
    assert nobody.status_code == 422 and "do not match a member" in page(nobody)  # no hint who exists
    assert visitor.get("/").status_code == 302
    bob = sign_in(club_env.app, "bob")  # names are not case-sensitive
    assert "Your games" in page(bob.get("/")) and "Bob" in page(bob.get("/"))


def test_posts_without_the_csrf_token_are_refused(club_env, skirmish):
    game_id, _ann = skirmish
    bob = sign_in(club_env.app, "Bob")
    response = bob.post(f"/g/{game_id}/do", {"type": "toy.end_phase", "command_id": "x"}, csrf=False)
    assert response.status_code == 403 and club_env.assistant.head(game_id) == 2


def test_an_invitation_link_lets_a_new_member_choose_a_password_once(club_env):
    ann = sign_in(club_env.app, "Ann")
    made = page(ann.post("/club/members", {"name": "Eve"}))
    link = made.split("Invitation link for Eve: ", 1)[1].split("<", 1)[0].strip()
    path = link.split("localhost", 1)[1]
    assert path.startswith("/invite/")
    eve = Client(club_env.app)
    assert "Welcome, Eve" in page(eve.get(path))
    differ = eve.post(path, {"password": "one long password", "again": "another long one"})
    assert differ.status_code == 422 and "differ" in page(differ)
    short = eve.post(path, {"password": "short", "again": "short"})
    assert short.status_code == 422 and "at least 10 characters" in page(short)
    done = eve.post(path, {"password": "eve's own password", "again": "eve's own password"})
    assert done.status_code == 303
    assert "Eve" in page(eve.get("/"))
    again = Client(club_env.app).get(path)
    assert again.status_code == 404 and "already used" in page(again)
    assert sign_in(club_env.app, "Eve", "eve's own password")
    assert sign_in(club_env.app, "Bob").get("/club/members").status_code == 403  # only administrators


def test_seats_decide_who_acts_for_which_side(club_env, skirmish):
    game_id, ann = skirmish
    edit = {"side": "red", "amount": "2", "reason": "found a coin"}
    bob = sign_in(club_env.app, "Bob")
    assert bob.do(game_id, "toy.edit_treasury", **edit).status_code == 200
    assert club_env.assistant.log(game_id)[-1].actor == "Bob"
    head = club_env.assistant.head(game_id)

    cy = sign_in(club_env.app, "Cy")
    refused = cy.do(game_id, "toy.edit_treasury", **edit)
    assert refused.status_code == 422 and "this is for red to do; Cy plays Blue here" in page(refused)
    assert cy.do(game_id, "toy.end_phase").status_code == 422
    assert club_env.assistant.head(game_id) == head, "a refused command writes nothing"
    assert cy.do(game_id, "core.add_note", about_seq="2", text="nice buy").status_code == 200  # notes: any seat

    dee = sign_in(club_env.app, "Dee")
    assert dee.do(game_id, "toy.edit_treasury", **edit).status_code == 403
    watched = dee.get(f"/g/{game_id}")
    assert watched.status_code == 303 and watched.headers["Location"].startswith(f"/watch/{game_id}/")
    assert "Spectator view" in page(dee.get(watched.headers["Location"]))

    assert ann.do(game_id, "toy.end_phase").status_code == 200  # the host acts for every side
    assert club_env.assistant.view(game_id).game.phase == "attack"
    assert club_env.assistant.head(game_id) == head + 2


def test_the_host_seats_players_and_others_only_read_the_seats(club_env, skirmish):
    game_id, ann = skirmish
    listing = page(ann.get(f"/g/{game_id}/seats"))
    assert "Ann" in listing and "hosts the table" in listing and "plays red" in listing and ": red, blue" in listing  # in the game's order
    assert ann.post(f"/g/{game_id}/seats", {"name": "Dee", "powers": "blue, red"}).status_code == 303
    dee_seat = club_env.club.seat(game_id, club_env.members["Dee"].member_id)
    assert dee_seat.powers == ("blue", "red") and not dee_seat.host
    bad = ann.post(f"/g/{game_id}/seats", {"name": "Nobody", "powers": "red"})
    assert bad.status_code == 422 and "no member called &#39;Nobody&#39;" in page(bad)
    bob = sign_in(club_env.app, "Bob")
    assert bob.post(f"/g/{game_id}/seats", {"name": "Bob", "powers": "red, blue"}).status_code == 403
    assert club_env.club.seat(game_id, club_env.members["Bob"].member_id).powers == ("red",)


def test_games_list_per_member_and_the_archive_stays_readable(club_env, skirmish):
    game_id, ann = skirmish
    bob, dee = sign_in(club_env.app, "Bob"), sign_in(club_env.app, "Dee")
    bobs = page(bob.get("/"))
    assert bobs.index("Your games") < bobs.index("Club skirmish") < bobs.index("Other tables")
    assert "you play red" in bobs
    dees = page(dee.get("/"))
    assert dees.index("Other tables") < dees.index("Club skirmish") and "Watch" in dees
    # Reports and the game file show every side's hidden facts: the host's, or everyone's once archived.
    assert bob.get(f"/g/{game_id}/report").status_code == 303
    assert bob.get(f"/g/{game_id}/export").status_code == 403
    assert bob.post(f"/g/{game_id}/delete", {"confirm": "yes"}).status_code == 403
    assert ann.post(f"/g/{game_id}/delete", {"confirm": "yes"}).status_code == 303
    archived = page(dee.get("/"))
    assert archived.index("Archive") < archived.index("Club skirmish")
    assert f'href="/g/{game_id}/teach"' in archived and dee.get(f"/g/{game_id}/teach").status_code == 200
    assert dee.get(f"/g/{game_id}").status_code == 200 and dee.get(f"/g/{game_id}/export").status_code == 200
    refused = bob.do(game_id, "toy.edit_treasury", side="red", amount="1", reason="late")
    assert refused.status_code == 403 and "archived" in page(refused)


def test_hidden_blocks_are_filtered_by_seat_on_the_server(club_env):
    game_id = played(club_env.assistant)
    club, m = club_env.club, club_env.members
    club.set_seat(game_id, m["Ann"].member_id, (), host=True)
    club.set_seat(game_id, m["Bob"].member_id, ("Axis",))
    club.set_seat(game_id, m["Cy"].member_id, ("allied",))
    axis = page(sign_in(club_env.app, "Bob").get(f"/g/{game_id}/space/kiev?seen=all"))  # asking changes nothing
    assert "germany infantry 4/4" in axis and "ussr infantry" not in axis and "s_inf9" not in axis
    allied_client = sign_in(club_env.app, "Cy")
    allied = page(allied_client.get(f"/g/{game_id}/space/kiev?seen=Axis"))
    assert "ussr infantry 4/4" in allied and "germany infantry" not in allied and "g_inf3" not in allied
    table = page(allied_client.get(f"/g/{game_id}?seen=all"))
    assert "your seat sees the Allied side" in table and "?seen=" not in table  # no choice offered
    host = page(sign_in(club_env.app, "Ann").get(f"/g/{game_id}/space/kiev"))
    assert "germany infantry 4/4" in host and "ussr infantry 4/4" in host
    dee = sign_in(club_env.app, "Dee")
    watched = dee.get(f"/g/{game_id}/space/kiev?seen=all")
    assert watched.status_code == 303
    spectator = page(dee.get(watched.headers["Location"]))
    assert "germany infantry" not in spectator and "ussr infantry" not in spectator


def test_an_invitation_page_shows_nobody_signed_in_and_a_form_sent_signed_out_asks_to_sign_in(club_env):
    token = club_env.club.invite(club_env.members["Ann"].member_id)  # Ann administers the club
    visitor = Client(club_env.app)
    welcome = page(visitor.get(f"/invite/{token}"))
    assert "Welcome, Ann" in welcome
    assert "Sign out" not in welcome and "/club/members" not in welcome  # nobody is signed in yet
    sent = visitor.post("/signout", {})
    assert sent.status_code == 302 and sent.headers["Location"] == "/signin"  # not ?next=/signout, a form


def test_signing_in_goes_on_only_to_a_page_of_the_club(club_env):
    for target in ("/\\evil.example", "/\t/evil.example", "//evil.example", "https://evil.example/"):
        client = Client(club_env.app)
        client.get("/signin")
        done = client.post("/signin", {"name": "Bob", "password": PASSWORD, "next": target})
        assert done.status_code == 303 and done.headers["Location"] == "/", target
    client = Client(club_env.app)
    client.get("/signin")
    done = client.post("/signin", {"name": "Bob", "password": PASSWORD, "next": "/club/members"})
    assert done.headers["Location"] == "/club/members"


def test_the_seats_page_offers_the_games_own_sides_and_refuses_a_misspelt_one(club_env):
    game_id = played(club_env.assistant)
    club, m = club_env.club, club_env.members
    club.set_seat(game_id, m["Ann"].member_id, (), host=True)
    ann = sign_in(club_env.app, "Ann")
    listing = page(ann.get(f"/g/{game_id}/seats"))
    assert ": Axis, Allied, germany" in listing and '<option value="Allied">' in listing
    typo = ann.post(f"/g/{game_id}/seats", {"name": "Bob", "powers": "Alied"})
    assert typo.status_code == 422 and "&#39;Alied&#39; is not a power or side of this game" in page(typo)
    assert club.seat(game_id, m["Bob"].member_id) is None
    assert ann.post(f"/g/{game_id}/seats", {"name": "Bob", "powers": "allied"}).status_code == 303
    assert club.seat(game_id, m["Bob"].member_id).powers == ("Allied",)  # as the game spells it


def test_the_teaching_replay_takes_notes_and_forks_of_a_live_game_from_its_host_only(club_env, skirmish):
    game_id, ann = skirmish
    head = club_env.assistant.head(game_id)
    bob = sign_in(club_env.app, "Bob")  # seated, not the host: his replay is the spectators'
    for path, form in ((f"/g/{game_id}/teach/2/note", {"text": "why?"}), (f"/g/{game_id}/teach/2/note", {"text": ""}),
                       (f"/g/{game_id}/teach/2/fork", {"command_id": "fork-bob"})):
        for htmx in (False, True):
            refused = bob.post(path, form, htmx=htmx)
            assert refused.status_code == 403 and "only its host" in page(refused), (path, form, htmx)
            assert "Add an annotation" not in page(refused)
    assert club_env.assistant.head(game_id) == head and len(club_env.assistant.games()) == 1


def test_a_what_if_fork_is_hosted_by_whoever_forked_it(club_env, skirmish):
    game_id, ann = skirmish
    forked = ann.post(f"/g/{game_id}/teach/2/fork", {"command_id": "fork-ann"})
    assert forked.status_code == 303
    fork_id = forked.headers["Location"].rsplit("/", 1)[1]
    assert fork_id != game_id
    seat = club_env.club.seat(fork_id, club_env.members["Ann"].member_id)
    assert seat is not None and seat.host
    assert ann.get(f"/g/{fork_id}").status_code == 200  # her table, not the spectators' page
    assert ann.do(fork_id, "toy.end_phase").status_code == 200
    assert "you host" in page(ann.get("/")).split(f"/g/{fork_id}", 1)[1].split("</li>", 1)[0]


def test_any_member_forks_an_archived_game_which_stays_as_it_was(club_env, skirmish):
    game_id, ann = skirmish
    assert ann.post(f"/g/{game_id}/delete", {"confirm": "yes"}).status_code == 303
    head = club_env.assistant.head(game_id)
    dee = sign_in(club_env.app, "Dee")  # no seat at the game
    replay = page(dee.get(f"/g/{game_id}/teach?at=2"))
    assert "What if… (a new game from event 2)" in replay and "Add an annotation" not in replay
    assert dee.post(f"/g/{game_id}/teach/2/note", {"text": "late"}).status_code == 403
    forked = dee.post(f"/g/{game_id}/teach/2/fork", {"command_id": "fork-dee"})
    assert forked.status_code == 303
    fork_id = forked.headers["Location"].rsplit("/", 1)[1]
    assert club_env.assistant.head(game_id) == head, "nothing more is written to an archived game"
    assert club_env.club.seat(fork_id, club_env.members["Dee"].member_id).host
    assert f"What-if fork of game {game_id}" in page(dee.get(f"/g/{fork_id}/teach?at=3"))


def test_the_games_list_names_each_games_kind_by_its_title(club_env, skirmish):
    listing = page(sign_in(club_env.app, "Bob").get("/"))
    title = dict(club_env.assistant.kinds())["toy"]
    assert title != "toy" and f"{title} · " in listing and ">toy · " not in listing


def test_a_refused_import_shows_the_members_own_list_and_archiving_says_what_it_does(club_env, skirmish):
    """An import refused in the club answers with the member's games list (seats, Archive), not every game of the
    club with local "Delete…" links; and the host's "Archive…" page says the game stays readable."""
    import io

    game_id, ann = skirmish
    refused = ann.post("/import", {"file": (io.BytesIO(b"not a game"), "x.jsonl")},
                       content_type="multipart/form-data")
    listing = page(refused)
    assert refused.status_code == 422 and "That file could not be imported" in listing
    assert "Your games" in listing and "Other tables of the club" in listing and "Delete…" not in listing
    confirm = page(ann.get(f"/g/{game_id}/delete"))
    assert "Archive “Club skirmish”?" in confirm and "Yes, archive it" in confirm and "disappears" not in confirm
