"""A refused command says which entry of a table was wrong: msgspec prints a table's key as ``[...]``."""

from __future__ import annotations

from typing import Annotated

import msgspec
import pytest

from events.base import Command, Event
from events.catalogue import Catalogue


class Bought(Event, tag="msg.bought"):
    units: dict[str, int]


class Buy(Command, tag="msg.buy"):
    units: dict[str, Annotated[int, msgspec.Meta(ge=1, le=99)]]


def test_a_bad_count_in_a_table_names_its_key():
    catalogue = Catalogue([Bought], [Buy])
    with pytest.raises(msgspec.ValidationError) as refused:
        catalogue.decode_command('{"type": "msg.buy", "units": {"infantry": 3, "armour": 500, "fighter": 1}}')
    assert str(refused.value) == "Expected `int` <= 99 - at `$.units['armour']`"
    with pytest.raises(msgspec.ValidationError, match=r"Expected `int`, got `str` - at `\$\.units\['fighter'\]`"):
        catalogue.decode_command('{"type": "msg.buy", "units": {"infantry": 3, "fighter": "two"}}')
    assert catalogue.decode_command('{"type": "msg.buy", "units": {"infantry": 3}}') == Buy(units={"infantry": 3})
