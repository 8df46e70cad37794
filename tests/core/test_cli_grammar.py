"""A command line that names its command is read by that command's parser alone, exactly as by the whole grammar."""

from __future__ import annotations

import argparse

import pytest

from assistant.cli.parser import build_parser, command_word

LINES = [
    ["kinds"], ["--json", "games"], ["--db", "state", "state", "g1", "--at", "3"], ["new", "aa_classic", "-o", "players=5"],
    ["do", "g1", '{"type": "core.undo"}', "--expect-seq", "4", "--answers", "x"], ["undo", "g1", "--to", "2"],
    ["log", "g1", "--as", "germany"], ["--as", "log", "moves", "g1"], ["export", "g1", "--part", "board", "-o", "b.toml"],
    ["import", "f.jsonl"], ["verify", "g1"], ["serve", "--lan", "--port", "5000"], ["club", "add", "anna", "--admin"],
    ["db", "upgrade", "--app-role", "app"], ["migrate", "--from", "a.sqlite3", "--to", "postgresql://x/y"],
    ["report", "g1", "--chart", "units", "--format", "svg"], ["bench", "--only", "core"],
]


def _parsed(parser: argparse.ArgumentParser, words: list[str]) -> dict:
    args = vars(parser.parse_args(words))
    func = args.pop("func")
    return {**args, "func": func if isinstance(func, str) else func.__qualname__}


@pytest.mark.parametrize("words", LINES, ids=lambda w: " ".join(w))
def test_the_command_alone_reads_a_line_as_the_whole_grammar_does(words):
    assert _parsed(build_parser(only=command_word(words)), words) == _parsed(build_parser(), words)


def test_the_command_word_skips_flags_and_their_values():
    assert command_word(["--db", "x.sqlite3", "--as", "japan", "--json", "state", "g"]) == "state"
    assert command_word(["--json"]) is None


def test_a_mistyped_command_gets_the_whole_grammar_and_its_message(capsys):
    with pytest.raises(SystemExit):
        build_parser(only="stat").parse_args(["stat", "g1"])
    assert "invalid choice: 'stat' (choose from 'kinds', 'new'" in capsys.readouterr().err


@pytest.mark.parametrize("columns", ["", "97", "0", "x"])
def test_the_help_is_laid_out_for_the_width_shutil_would_tell(monkeypatch, columns):
    import shutil

    from assistant.cli.parser import _columns

    if columns:
        monkeypatch.setenv("COLUMNS", columns)
    else:
        monkeypatch.delenv("COLUMNS", raising=False)
    assert _columns() == shutil.get_terminal_size().columns
