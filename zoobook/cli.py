"""The ``zoobook`` command: solve, verify and list puzzle files.

Exit status: 0 success, 1 a verification failed, 2 bad input (a bad puzzle
file, a bad argument), 3 an internal error, 130 interrupted, 141 the reader
closed the pipe (``zoobook list | head``: the command stops quietly, as Unix
tools do). A bad file is one
line on standard error naming the file, the key and the reason, never a
traceback; set ``ZOOBOOK_DEBUG=1`` to see tracebacks of internal errors.

Game packages may add sub-commands by defining ``COMMANDS`` in their ``kinds``
module (see :func:`zoobook.puzzles.registry.game_modules`).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from zoobook import __version__
from zoobook.errors import PuzzleError
from zoobook.puzzles import catalogue, default_puzzle_dir, load_puzzle, verify
from zoobook.puzzles.registry import game_modules
from zoobook.puzzles.solution import Solution

__all__ = ["main", "build_parser"]

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
EXIT_CLOSED_PIPE = 128 + 13  # what a shell reports for a tool stopped by SIGPIPE


class _Parser(argparse.ArgumentParser):
    """argparse, but bad arguments exit with status 2 and one line (no usage dump)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_BAD_INPUT, f"zoobook: {message} (see 'zoobook --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="zoobook", description="Solve, verify and list zoobook puzzle files.")
    parser.add_argument("--version", action="version", version=f"zoobook {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    solve = commands.add_parser("solve", help="solve one puzzle file")
    solve.add_argument("file", type=Path)
    solve.add_argument("--json", action="store_true", help="print one JSON object")
    solve.set_defaults(run=_solve)

    check = commands.add_parser("verify", help="re-solve puzzles and compare with their [answer]")
    check.add_argument("paths", nargs="*", type=Path, help="files or folders (default: puzzles/)")
    check.set_defaults(run=_verify)

    listing = commands.add_parser("list", help="the puzzles, with kind, difficulty and themes")
    listing.add_argument("paths", nargs="*", type=Path, help="files or folders (default: puzzles/)")
    listing.add_argument("--json", action="store_true", help="print a JSON list")
    listing.set_defaults(run=_list)

    for module in game_modules():
        for add_command in getattr(module, "COMMANDS", ()):
            add_command(commands)
    return parser


def _solve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    puzzle = load_puzzle(args.file)
    solution = puzzle.solve()
    if args.json:
        print(json.dumps(solution.as_json(id=puzzle.id, kind=puzzle.kind.name)), file=out)
    else:
        print(_solution_text(puzzle.title or puzzle.id, solution), file=out)
    return EXIT_OK


def _solution_text(title: str, solution: Solution) -> str:
    value = "no solution" if solution.value is None else solution.value
    lines = [title, f"  value:   {value}", f"  witness: {json.dumps(solution.witness)}"]
    lines += [f"  - {sentence}" for sentence in solution.explanation]
    return "\n".join(lines)


def _paths(args: argparse.Namespace) -> list[Path]:
    return args.paths or [default_puzzle_dir()]


def _missing(paths: list[Path], err: TextIO) -> bool:
    missing = [p for p in paths if not p.exists()]
    for path in missing:
        print(f"{path}: no such file or folder", file=err)
    return bool(missing)


def _verify(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    paths = _paths(args)
    if _missing(paths, err):
        return EXIT_BAD_INPUT
    checks, errors = verify(paths)
    for error in errors:
        print(error, file=err)
    failed = [c for c in checks if not c.ok]
    for check in failed:
        print(f"{check.puzzle.path}: {check.reason}", file=err)
    if not checks and not errors:
        print(f"no puzzle files under {', '.join(map(str, paths))}", file=err)
        return EXIT_FAILED
    print(f"{len(checks) - len(failed)} passed, {len(failed) + len(errors)} failed", file=out)
    if errors:
        return EXIT_BAD_INPUT
    return EXIT_FAILED if failed else EXIT_OK


def _list(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    paths = _paths(args)
    if _missing(paths, err):
        return EXIT_BAD_INPUT
    rows, errors = catalogue(paths)
    for error in errors:
        print(error, file=err)
    if args.json:
        print(json.dumps([{"id": r.id, "kind": r.kind, "difficulty": r.difficulty,
                           "themes": list(r.themes), "title": r.title, "path": r.path}
                          for r in rows], indent=1), file=out)
    else:
        print(format_catalogue(rows), file=out)
    return EXIT_BAD_INPUT if errors else EXIT_OK


def format_catalogue(rows: Sequence) -> str:
    """The catalogue as an aligned text table (what ``zoobook list`` prints)."""
    if not rows:
        return "no puzzles"
    table = [("id", "kind", "difficulty", "themes")]
    table += [(r.id, r.kind, str(r.difficulty or "-"), ", ".join(r.themes)) for r in rows]
    widths = [max(len(row[i]) for row in table) for i in range(3)]
    return "\n".join(f"{a:<{widths[0]}}  {b:<{widths[1]}}  {c:<{widths[2]}}  {d}".rstrip()
                     for a, b, c, d in table)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    """Run the command; returns the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        # argparse writes help and errors to sys.stdout/sys.stderr; send them where asked.
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            args = build_parser().parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a bad argument
        return int(exc.code or 0)
    try:
        status = args.run(args, out, err)
        out.flush()   # a closed pipe shows here, not at exit
        return status
    except BrokenPipeError:
        _silence(out)
        return EXIT_CLOSED_PIPE
    except PuzzleError as exc:
        print(exc, file=err)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("zoobook: interrupted", file=err)
        return EXIT_INTERRUPTED
    except Exception as exc:  # a bug, not bad input: say so in one line
        if os.environ.get("ZOOBOOK_DEBUG"):
            raise
        print(f"zoobook: internal error: {type(exc).__name__}: {exc} "
              "(set ZOOBOOK_DEBUG=1 for the traceback)", file=err)
        return EXIT_INTERNAL


def _silence(out: TextIO) -> None:
    """After the reader closed the pipe: send what is left of standard output nowhere.

    Without this, Python's own flush at exit would report the closed pipe again.
    """
    try:
        descriptor = out.fileno()
    except (AttributeError, OSError, ValueError):  # a StringIO: nothing to silence
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, descriptor)
    os.close(devnull)
