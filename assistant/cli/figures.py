"""Figures: the post-game report and its charts, and the speed benchmarks."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assistant.kinds import KindRegistry, UnknownKind

if TYPE_CHECKING:
    from assistant.application import Assistant
    from assistant.decider import Ref


def cmd_report(app: Assistant, args: argparse.Namespace) -> int:
    from assistant.analysis.reports import chart_file, report_command
    from assistant.decider import Refused

    if args.chart:
        if args.format not in ("svg", "png"):
            raise Refused("a chart is exported as --format svg or png")
        try:
            out: str | bytes = chart_file(app, args.game, args.chart, args.format)
        except ValueError as exc:
            raise Refused(str(exc)) from None
    elif args.format in ("svg", "png"):
        raise Refused("svg and png export one chart: add --chart METRIC (the report lists its charts)")
    else:
        out = report_command(app, args.game, args.format)
    data = out if isinstance(out, bytes) else out.encode()
    if args.output and args.output != "-":
        Path(args.output).write_bytes(data)
        sys.stdout.write(f"wrote {args.output} ({len(data)} bytes)\n")
    else:
        sys.stdout.buffer.write(data if data.endswith(b"\n") or isinstance(out, bytes) else data + b"\n")
    return 0


def _benches() -> dict[str, Ref[Any]]:
    """The core's figures, then each installed game's (``GameKind.benches``)."""
    from assistant.decider import Ref

    out: dict[str, Ref[Any]] = {"core": Ref("assistant.bench:run")}
    for loaded in KindRegistry().loaded():
        out.update(loaded.kind.benches)
    return out


def cmd_bench(app: Assistant | None, args: argparse.Namespace) -> int:
    benches = _benches()
    unknown = sorted(set(args.only or ()) - set(benches))
    if unknown:
        raise UnknownKind(f"no benchmark named {', '.join(unknown)}; there are: {', '.join(benches)}")
    if os.environ.get("TABLETOP_CONFIG_DIR"):
        return _bench(benches, args)
    # The benchmarks' throwaway databases get a key and records of heads seen of their own, in a folder removed
    # afterwards, not among the player's (the same files, the same work)
    import tempfile

    with tempfile.TemporaryDirectory(prefix="tabletop-bench-config-") as config:
        os.environ["TABLETOP_CONFIG_DIR"] = config
        try:
            return _bench(benches, args)
        finally:
            del os.environ["TABLETOP_CONFIG_DIR"]


def _bench(benches: dict[str, Any], args: argparse.Namespace) -> int:
    results: dict[str, Any] = {}
    for name, ref in benches.items():
        if args.only and name not in args.only:
            continue
        try:
            run = ref.load()
        except ModuleNotFoundError:  # an optional dependency of that bench is not installed
            continue
        if not args.json:
            sys.stdout.write(f"== {name}\n")
            sys.stdout.flush()
        figures = run()
        results[name] = figures
        if not args.json:
            for key, value in figures.items():
                sys.stdout.write(f"  {key}: {value}\n")
            sys.stdout.flush()
    if args.json:
        sys.stdout.write(json.dumps(results, indent=2) + "\n")
    return 0
