"""The ``zoobook generate`` and ``zoobook survey`` commands (this package defines no puzzle kinds).

``zoobook generate KIND [--difficulty N] [--seed S] [--count K] [--out DIR]``
writes K graded puzzle files with certified answers to DIR (default: the
current folder), one per line on standard output, with a progress bar on
standard error when K > 1. The same arguments write the same files, byte for
byte. ``zoobook generate --list`` names the kinds that have a generator.
"""

from __future__ import annotations

import argparse
from pathlib import Path

__all__ = ["COMMANDS", "add_generate_command", "add_survey_command"]


def _difficulty(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"difficulty must be a whole number 1-5, not {text!r}") from None
    if not 1 <= value <= 5:
        raise argparse.ArgumentTypeError(f"difficulty must be between 1 and 5, not {value}")
    return value


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"count must be a whole number, not {text!r}") from None
    if not 1 <= value <= 10_000:
        raise argparse.ArgumentTypeError(f"count must be between 1 and 10000, not {value}")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be a whole number, not {text!r}") from None


def _run(args: argparse.Namespace, out, err) -> int:
    from zoobook.generate import generator_kinds
    from zoobook.generate.pipeline import GenerationError, generate_one, write_generated
    from zoobook.progress import TerminalBar

    kinds = generator_kinds()
    if args.list or args.kind is None:
        if args.kind is None and not args.list:
            print("zoobook: generate needs a KIND (or --list)", file=err)
            return 2
        print("\n".join(kinds), file=out)
        return 0
    if args.kind not in kinds:
        print(f"zoobook: no generator for kind {args.kind!r} (generators: {', '.join(kinds)})", file=err)
        return 2
    folder = Path(args.out)
    if folder.exists() and not folder.is_dir():
        print(f"zoobook: --out {folder}: not a folder", file=err)
        return 2
    bar = TerminalBar(err, label=args.kind, close_when_done=True) if args.count > 1 else None
    avoid: set[str] = set()
    made = []
    try:
        for index in range(args.count):
            made.append(generate_one(args.kind, difficulty=args.difficulty, seed=args.seed, index=index,
                                     avoid=avoid))
            if bar:
                bar(index + 1, args.count)
    except GenerationError as exc:
        if bar:
            err.write("\n")
        print(f"zoobook: {exc}", file=err)
        return 1
    for puzzle in made:  # written only when the whole batch succeeded
        path = write_generated(puzzle, folder)
        print(f"{path}  difficulty {puzzle.difficulty}, answer {puzzle.solution.value}", file=out)
    return 0


def add_generate_command(commands) -> None:
    """Add ``zoobook generate`` to the command's sub-parsers."""
    parser = commands.add_parser(
        "generate", help="write graded puzzle files with certified answers",
        description="Generate puzzles of KIND with certified answers, graded 1-5 by solver facts.")
    parser.add_argument("kind", nargs="?", help="puzzle kind, e.g. steam-zoo/shipment (see --list)")
    parser.add_argument("--difficulty", type=_difficulty, default=None, help="1-5 (default: any)")
    parser.add_argument("--seed", type=_seed, default=0, help="random seed (default 0)")
    parser.add_argument("--count", type=_count, default=1, help="how many puzzles (default 1)")
    parser.add_argument("--out", default=".", help="folder to write to (default: current folder)")
    parser.add_argument("--list", action="store_true", help="list the kinds that have a generator")
    parser.set_defaults(run=_run)


def add_survey_command(commands) -> None:
    """Add ``zoobook survey`` (:mod:`zoobook.generate.survey`, imported only when it runs)."""
    from zoobook.generate.survey import add_survey_command as add

    add(commands)


COMMANDS = (add_generate_command, add_survey_command)
