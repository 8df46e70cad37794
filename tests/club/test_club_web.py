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
    assert "Ann" in listing and "hosts the table" in listing and "plays red" in listing and "blue, red" in listing
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
