"""Game files: export (the log, or a part such as a board), import, verify, and accepting a restored copy."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from assistant.cli.output import EXIT_REFUSED, say

if TYPE_CHECKING:
    from assistant.application import Assistant


def cmd_export(app: Assistant, args: argparse.Namespace) -> int:
    data = app.export_part(args.game, args.part).content if args.part else app.export(args.game)
    if args.output and args.output != "-":
        Path(args.output).write_bytes(data)
        say(args, {"file": args.output, "bytes": len(data)}, f"wrote {args.output} ({len(data)} bytes)")
    else:
        sys.stdout.buffer.write(data)
    return 0


def cmd_import(app: Assistant, args: argparse.Namespace) -> int:
    from assistant.decider import Refused

    try:
        data = Path(args.file).read_bytes()
    except OSError as exc:
        raise Refused(f"cannot read {args.file}: {exc.strerror}") from None
    gid = app.import_game(data)
    say(args, {"game_id": gid}, gid)
    return 0


def cmd_verify(app: Assistant | None, args: argparse.Namespace) -> int:
    from events.exchange import read_lines

    target = Path(args.target)
    if target.is_file():
        rows = read_lines(target.read_bytes())  # raises GameFileError naming the line
        say(args, {"ok": True, "events": len(rows)}, f"ok: {len(rows)} events, hash chain intact")
        return 0
    assert app is not None
    finding = app.verify(args.target)
    if finding is None:
        n = app.head(args.target)
        say(args, {"ok": True, "events": n}, f"ok: {n} events, hash chain intact, seals hold")
        return 0
    from events.integrity import Behind

    if isinstance(finding, Behind):  # whole and sealed, but older than this installation saw: a restore
        say(args, {"ok": False, "first_bad_seq": finding.seq, "problem": finding.problem, "behind": True,
                   "file_head": list(finding.file), "seen_head": list(finding.seen)},
            f"BEHIND: {finding} (accept it with `tabletop accept-restore {args.target}`)")
        return EXIT_REFUSED
    say(args, {"ok": False, "first_bad_seq": finding.seq, "problem": finding.problem}, f"TAMPERED: {finding}")
    return EXIT_REFUSED


def cmd_accept_restore(app: Assistant, args: argparse.Namespace) -> int:
    seq = app.accept_restore(args.game)
    say(args, {"ok": True, "game_id": app.game(args.game).game_id, "head": seq},
        f"accepted: the game continues from event {seq} of this copy")
    return 0
