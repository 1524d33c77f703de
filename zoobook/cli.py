"""The ``zoobook`` command: solve, verify and list puzzle files; replay game records; copy out the notebooks.

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
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from zoobook import __version__
from zoobook.errors import PuzzleError
from zoobook.progress import TerminalBar
from zoobook.puzzles import catalogue, default_puzzle_dir, load_puzzle, verify
from zoobook.puzzles.registry import game_modules
from zoobook.puzzles.solution import Solution

__all__ = ["main", "build_parser", "notebook_files"]

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

    replay = commands.add_parser("replay", help="print a game record move by move, with the scores")
    replay.add_argument("file", type=Path, help="a game record (docs/game-records.md)")
    replay.set_defaults(run=_replay)

    review = commands.add_parser(
        "review", help="review every decision of a game record: the best action, the loss, a label",
        description="Weigh each decision of the human seats (every seat when none is human) against the "
                    "engine's best action: the loss, a label (inaccuracy, mistake, blunder), a summary per "
                    "seat and the three costliest decisions with their reasons (docs/game-review.md).")
    review.add_argument("file", type=Path, help="a game record (docs/game-records.md)")
    review.add_argument("--budget", type=_seconds, metavar="S",
                        help="seconds of search for each decision (default: the game's; docs/game-review.md "
                             "says how each game spends it)")
    review.add_argument("--workers", type=_count, default=1, metavar="N",
                        help="run the decisions on a local Dask cluster of N processes")
    review.add_argument("--scheduler", metavar="ADDR", help="run the decisions on the Dask cluster at ADDR")
    review.add_argument("--seat", type=int, action="append", metavar="N",
                        help="review seat N (repeatable; default: the human seats)")
    review.add_argument("--puzzles", type=Path, metavar="DIR",
                        help="write each mistake and blunder as a 'find a better move' puzzle file in DIR")
    review.set_defaults(run=_review)

    notebooks = commands.add_parser("notebooks", help="copy the workbook's notebooks (with their data) into a folder")
    notebooks.add_argument("folder", type=Path, help="where to copy them (made if missing)")
    notebooks.add_argument("--force", action="store_true", help="replace files of the same name already there")
    notebooks.set_defaults(run=_notebooks)

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


def _replay(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from zoobook.records import load_record_text, replay_lines

    name = str(args.file)
    for line in replay_lines(load_record_text(args.file), file=name):
        print(line, file=out)
    return EXIT_OK


def _seconds(text: str) -> float:
    """A number of seconds above 0 and at most a day (argparse words the error)."""
    import math

    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 < value <= 86_400):
        raise argparse.ArgumentTypeError(f"a number of seconds above 0 and at most 86400, not {text!r}")
    return value


def _count(text: str) -> int:
    """A whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"a whole number of at least 1, not {text!r}")
    return value


def _review(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from zoobook.parallel import SchedulerUnreachable
    from zoobook.records import load_record_text, parse_record
    from zoobook.review import evaluator_for, review_lines, review_record, write_mistake_puzzles

    name = str(args.file)
    record, _ = parse_record(load_record_text(args.file), file=name)
    try:
        evaluator_for(record.game)
    except KeyError as exc:
        raise PuzzleError(exc.args[0], file=name) from None
    bad = [s for s in args.seat or () if not 0 <= s < len(record.players)]
    if bad:
        raise PuzzleError(f"seat {bad[0]} is not in this game (seats 0 to {len(record.players) - 1})", key="--seat")
    if args.puzzles is not None and args.puzzles.exists() and not args.puzzles.is_dir():
        raise PuzzleError("not a folder", key="--puzzles", file=str(args.puzzles))
    bar = TerminalBar(err, label="decisions reviewed")
    try:
        review = review_record(record, args.seat, args.budget, workers=args.workers, scheduler=args.scheduler,
                               progress=bar, file=name)
    except (SchedulerUnreachable, ImportError) as exc:     # no cluster there, or no Dask here
        bar.close()
        print(f"zoobook: {exc}", file=err)
        return EXIT_BAD_INPUT
    bar.close()
    for line in review_lines(review):
        print(line, file=out)
    if args.puzzles is not None:
        try:
            written = write_mistake_puzzles(review, record, args.puzzles)
        except OSError as exc:
            raise PuzzleError(f"cannot write the puzzles there ({exc.strerror or exc})", key="--puzzles",
                              file=str(args.puzzles)) from None
        for line in written:
            print(line, file=out)
    return EXIT_INTERRUPTED if review.partial else EXIT_OK


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
    # a bar only on a terminal: a log or a pipe gets the verdicts alone
    bar = TerminalBar(err, label="puzzles verified", close_when_done=True) if err.isatty() else None
    checks, errors = verify(paths, progress=bar)
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


def notebook_files(source: Path) -> list[Path]:
    """The files of the workbook's notebooks folder *source* a user works with, relative to it.

    Every notebook (``*.ipynb``, the classroom ones included) and everything under ``data/``
    (what the notebooks read); not Jupyter's checkpoints nor anything a package adds
    (``__init__.py``, ``__pycache__``).

    >>> from zoobook.puzzles.loading import workbook_dir
    >>> files = notebook_files(workbook_dir("notebooks"))
    >>> Path("00-start-here.ipynb") in files, {"classroom", "data"} <= {f.parts[0] for f in files}
    (True, True)
    """
    files = []
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source)
        if not path.is_file() or {".ipynb_checkpoints", "__pycache__"} & set(relative.parts):
            continue
        if path.suffix == ".ipynb" or relative.parts[0] == "data":
            files.append(relative)
    return files


def _notebooks(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Copy the notebooks and their data into *args.folder*: all of them, or nothing if a file is in the way."""
    from zoobook.puzzles.loading import workbook_dir

    source, target = workbook_dir("notebooks"), args.folder
    if target.exists() and not target.is_dir():
        print(f"{target}: not a folder", file=err)
        return EXIT_BAD_INPUT
    with contextlib.suppress(OSError, ValueError):  # the same folder: copying would write a file onto itself
        if target.resolve() == source.resolve() or target.resolve().is_relative_to(source.resolve()):
            print(f"{target}: is (or is inside) the workbook's own notebooks folder {source}; choose another folder",
                  file=err)
            return EXIT_BAD_INPUT
    files = notebook_files(source)
    blocked = [f for f in files if (target / f).exists() and (not args.force or (target / f).is_dir())]
    if blocked:
        shown = ", ".join(map(str, blocked[:3])) + (f" and {len(blocked) - 3} more" if len(blocked) > 3 else "")
        why = "" if args.force else "; --force replaces them"
        print(f"{target}: {len(blocked)} of the files to copy already exist ({shown}){why}", file=err)
        return EXIT_BAD_INPUT
    try:
        for file in files:
            (target / file).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source / file, target / file)
    except OSError as exc:
        print(f"{target}: cannot copy the notebooks there ({exc.strerror or exc})", file=err)
        return EXIT_BAD_INPUT
    count = sum(f.suffix == ".ipynb" for f in files)
    print(f"copied {count} notebooks and {len(files) - count} data files into {target}; "
          f"start with {target / '00-start-here.ipynb'}", file=out)
    return EXIT_OK


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
