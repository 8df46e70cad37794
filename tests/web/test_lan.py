"""The LAN can't be guessed into: join-code guessing bounded per device and per table, Host checked in every mode,
any bind beyond loopback behind the join code, and only local redirects after joining."""

from __future__ import annotations

import re

import pytest

from assistant.web import create_app
from assistant.web.joining import ALPHABET, CODE_LENGTH, JoinGuard, code_matches, new_join_code
from assistant.web.server import exposure
from tests.web.conftest import Client

CODE = "k7mp-q2xz"


def text(response) -> str:
    return response.get_data(as_text=True)


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def lan_app(web_assistant, clock):
    return create_app(web_assistant, lan=True, join_code=CODE, testing=True, guard=JoinGuard(clock=clock),
                      hosts=frozenset({"localhost", "127.0.0.1", "192.168.1.5"}))


def _phone(app, address: str):
    phone = Client(app)
    env = {"REMOTE_ADDR": address}
    page = phone.http.get("/join", environ_base=env, headers={"Host": "192.168.1.5:5173"})
    token = re.search(r'name="csrf" value="([^"]+)"', text(page)).group(1)

    def attempt(code: str, **extra):
        return phone.http.post("/join", data={"csrf": token, "code": code, **extra}, environ_base=env,
                               headers={"Host": "192.168.1.5:5173"})
    return attempt


def test_join_codes_are_long_enough_and_easy_to_type():
    codes = {new_join_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert re.fullmatch(rf"[{ALPHABET}]{{4}}-[{ALPHABET}]{{4}}", code)
    assert len(ALPHABET) ** CODE_LENGTH > 8 * 10**11  # 39.6 bits
    assert not set("01ilo") & set(ALPHABET)
    assert code_matches(" K7MP Q2XZ ", CODE) and code_matches("k7mpq2xz", CODE) and not code_matches("k7mp-q2xy", CODE)


def test_3000_wrong_codes_then_the_right_one_from_one_device_are_stopped(lan_app, clock):
    attempt = _phone(lan_app, "192.168.1.66")
    statuses = []
    for n in range(3000):
        clock.now += 0.005  # 200 tries a second, as fast as a script sends them
        statuses.append(attempt(f"aaaa-{n:04d}").status_code)
    assert statuses.count(422) <= 5  # judged wrong codes: the rest were never compared
    right = attempt(CODE)
    assert right.status_code == 429 and "Too many wrong codes" in text(right)
    clock.now += 15 * 60
    assert attempt(CODE, next="/").status_code == 303  # the table's own player gets in once the lockout is over


def _hour_of_guessing(clock, devices: int, step: float = 1.0) -> int:
    """Wrong codes judged in one hour from ``devices`` addresses trying as fast as the guard lets them (the guard
    the join page asks before comparing a code; the HTTP path is exercised by the test above)."""
    guard = JoinGuard(clock=clock)
    start, judged = clock.now, 0
    while clock.now - start < 3600:
        for i in range(devices):
            device = f"10.0.{i // 250}.{i % 250 + 1}"
            if guard.refusal(device) is None:
                guard.failed(device)
                judged += 1
        clock.now += step
    return judged


def test_guesses_per_hour_from_one_device(clock):
    assert _hour_of_guessing(clock, 1) == 20  # 5 per 15 minutes


def test_guesses_per_hour_from_many_devices(clock):
    assert _hour_of_guessing(clock, 50, step=5.0) == 180  # 30 per 10 minutes for the whole table


def test_a_table_wide_pause_names_itself_and_spares_the_host(lan_app, clock, toy_id):
    for i in range(30):
        clock.now += 1
        assert _phone(lan_app, f"10.1.0.{i + 1}")("zzzz-zzzz").status_code == 422
    paused = _phone(lan_app, "10.1.1.1")(CODE)
    assert paused.status_code == 429 and "joining is paused" in text(paused)
    host = Client(lan_app)
    assert host.get(f"/g/{toy_id}").status_code == 200  # the host's browser needs no code


def test_host_is_checked_on_the_lan_too(lan_app, toy_id):
    client = Client(lan_app)
    rebound = client.http.get(f"/g/{toy_id}", headers={"Host": "attacker.example"})
    assert rebound.status_code == 403 and CODE not in text(rebound)
    page = client.http.get("/", headers={"Host": "attacker.example:5173"})
    assert page.status_code == 403 and CODE not in text(page)
    assert client.http.get("/", headers={"Host": "localhost:5173"}).status_code == 200
    phone = Client(lan_app)
    assert phone.http.get("/join", environ_base={"REMOTE_ADDR": "192.168.1.66"},
                          headers={"Host": "attacker.example"}).status_code == 403


def test_any_address_beyond_loopback_needs_the_join_code():
    assert exposure("127.0.0.1", False) == ("127.0.0.1", False)
    assert exposure("127.0.0.1", True) == ("0.0.0.0", True)
    assert exposure("0.0.0.0", False) == ("0.0.0.0", True)
    assert exposure("192.168.1.5", False) == ("192.168.1.5", True)


@pytest.mark.parametrize("target", ["/%09/evil.example", "/%0a/evil.example", "/%5Cevil.example", "//evil.example",
                                    "https://evil.example/", "/\\evil.example", "%2F%2Fevil.example"])
def test_after_joining_only_local_paths(lan_app, target):
    client = Client(lan_app)
    page = client.http.get("/")
    token = re.search(r'name="csrf" value="([^"]+)"', text(page)).group(1)
    done = client.http.post(f"/join?next={target}", data={"csrf": token, "code": CODE})
    assert done.status_code == 303 and done.headers["Location"] == "/"


def test_a_player_name_is_checked_when_joining(lan_app):
    attempt = _phone(lan_app, "192.168.1.70")
    refused = attempt(CODE, player="<script>x</script>")
    assert refused.status_code == 422 and "letters, digits" in text(refused)
