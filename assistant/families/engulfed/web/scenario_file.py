"""A scenario file chosen in a set-up form (TOML as saved, or JSON as the set-up command takes it), read into the
command's JSON with every problem in words."""

from __future__ import annotations

import msgspec

from assistant.families.engulfed.board_files import Files
from assistant.families.engulfed.web.uploads import uploaded_text
from assistant.web.forms import FormError

FIELD = "scenario_file"


def uploaded_scenario(files: Files, field: str = FIELD) -> str:
    text = uploaded_text(field, "Scenario file")
    try:
        if text.lstrip().startswith("{"):
            scenario = msgspec.json.decode(text, type=files.cls)
        else:
            scenario = files.loads(text)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise FormError(f"Scenario file: {exc}") from None
    except ValueError as exc:  # the game's ScenarioInvalid: a TOML or format problem, each in words
        raise FormError("Scenario file: " + "; ".join(getattr(exc, "problems", None) or [str(exc)])) from None
    return msgspec.json.encode(scenario).decode()
