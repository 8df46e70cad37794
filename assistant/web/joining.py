"""The LAN join code and the guard that keeps it from being guessed.

The code is eight characters from an alphabet without look-alikes (no 0/o, 1/l/i), shown as ``abcd-efgh``:
31^8, about 8.5 x 10^11 codes (39.6 bits). It is typed case-insensitively, with or without the dash or spaces.

Guessing is bounded three ways (``JoinGuard``):

* per device: a wrong code makes it wait ``spacing`` seconds before the next try, and after ``per_device``
  wrong codes it is locked out for ``lockout`` seconds (the defaults allow 5 wrong codes per 15 minutes: 20 an
  hour); a right code is never held up;
* for the whole table: after ``per_table`` wrong codes within ``window`` seconds from any devices, joining
  pauses until the window has passed (the defaults allow 30 per 10 minutes: 180 an hour);
* the host's own browser never needs the code, so a pause never locks the table out of its game.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable

ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # 31 characters, none mistaken for another
CODE_LENGTH = 8


def new_join_code() -> str:
    raw = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
    return f"{raw[:4]}-{raw[4:]}"


def normalise(code: str) -> str:
    """What a player typed, as the code is compared: lower case, without dashes and spaces, bounded."""
    return "".join(c for c in code[:64].lower() if c not in " -_")


def code_matches(typed: str, code: str) -> bool:
    return hmac.compare_digest(normalise(typed).encode(), normalise(code).encode())


class JoinGuard:
    """Counts join attempts per device and for the table; thread-safe; time from ``clock`` (seconds)."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic, spacing: float = 1.0, per_device: int = 5,
                 lockout: float = 900.0, per_table: int = 30, window: float = 600.0, devices: int = 10_000):
        self.clock = clock
        self.spacing, self.per_device, self.lockout = spacing, per_device, lockout
        self.per_table, self.window, self.devices = per_table, window, devices
        self._last: dict[str, float] = {}
        self._failures: dict[str, deque[float]] = {}
        self._table: deque[float] = deque()
        self._lock = threading.Lock()

    def refusal(self, device: str) -> str | None:
        """Why ``device`` may not try a code now (and records the try), or None when it may."""
        now = self.clock()
        with self._lock:
            self._forget(now)
            failures = self._failures.get(device, deque())
            if len(failures) >= self.per_device:
                wait = failures[0] + self.lockout - now
                return f"Too many wrong codes from this device: try again in {_minutes(wait)}."
            if len(self._table) >= self.per_table:
                wait = self._table[0] + self.window - now
                return f"Too many wrong codes at this table: joining is paused for {_minutes(wait)}."
            last = self._last.get(device)
            if last is not None and now - last < self.spacing:
                return "One try a second, please."
            return None

    def failed(self, device: str) -> None:
        now = self.clock()
        with self._lock:
            self._failures.setdefault(device, deque()).append(now)
            self._table.append(now)
            self._last[device] = now

    def succeeded(self, device: str) -> None:
        with self._lock:
            self._failures.pop(device, None)

    def _forget(self, now: float) -> None:
        while self._table and now - self._table[0] >= self.window:
            self._table.popleft()
        for device in [d for d, f in self._failures.items() if f and now - f[-1] >= self.lockout]:
            del self._failures[device]
        for device, f in self._failures.items():
            while f and now - f[0] >= self.lockout:
                f.popleft()
        if len(self._last) > self.devices:  # many addresses: keep the memory bounded, the newest count
            for device in sorted(self._last, key=self._last.__getitem__)[: len(self._last) - self.devices]:
                del self._last[device]


def _minutes(seconds: float) -> str:
    minutes = max(1, round(seconds / 60 + 0.49))
    return "1 minute" if minutes == 1 else f"{minutes} minutes"
