"""Scenario files: load one (TOML) into a ``Scenario``, or save the set-up the players entered."""

from __future__ import annotations

import tomllib
from pathlib import Path

import msgspec

from assistant.families.engulfed.toml_writer import dumps as toml_dumps
from assistant.games.europe_engulfed.scenario.format import Scenario
from assistant.games.europe_engulfed.scenario.validate import ScenarioInvalid


def loads(text: str) -> Scenario:
    try:
        return msgspec.convert(tomllib.loads(text), Scenario)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioInvalid([f"not a TOML file: {exc}"]) from None
    except msgspec.ValidationError as exc:
        raise ScenarioInvalid([f"scenario format: {exc}"]) from None


def load(path: str | Path) -> Scenario:
    return loads(Path(path).read_text(encoding="utf-8"))


def dumps(scenario: Scenario) -> str:
    header = "# Europe Engulfed scenario set-up saved by the assistant (format: assistant/games/europe_engulfed/data/README.md).\n"
    return header + toml_dumps(msgspec.to_builtins(scenario))


def save(scenario: Scenario, path: str | Path) -> None:
    Path(path).write_text(dumps(scenario), encoding="utf-8")
