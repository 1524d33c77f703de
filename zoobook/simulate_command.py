"""The ``zoobook simulate-<game>`` commands: one shape for every game that has bots.

Each runs seeded games (game *i* uses seed ``seed + i``) with one bot in every seat
and prints the score distribution, or the raw scores as JSON. A game declares its
command in its ``play/kinds.py`` as a :class:`SimulateCommand`; the game's
``simulate`` module is imported only when the command runs, so building the
``zoobook`` parser stays cheap.

Examples
--------
>>> import argparse, io, json
>>> from zoobook.fivebyfive.play.kinds import SIMULATE
>>> parser = argparse.ArgumentParser(prog="zoobook")
>>> SIMULATE.add(parser.add_subparsers())
>>> args = parser.parse_args(["simulate-5x5", "--games", "2", "--bot", "random", "--json"])
>>> out = io.StringIO()
>>> args.run(args, out, None), len(json.loads(out.getvalue())["scores"])
(0, 2)
>>> err = io.StringIO()
>>> args.games = 0
>>> args.run(args, out, err), err.getvalue().strip()
(2, 'zoobook simulate-5x5: --games must be 1 or more and --players 1-4')
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zoobook.progress import TerminalBar, quiet

__all__ = ["SimulateCommand"]


def _no_options(parser: argparse.ArgumentParser) -> None:
    return None


def _read_no_options(args: argparse.Namespace) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class SimulateCommand:
    """A game's ``zoobook simulate-<game>`` command.

    Attributes
    ----------
    name : str
        The sub-command (``"simulate-5x5"``).
    game : str
        The game's name in the help (``"5x5 Zoo"``).
    module : str
        The module with ``simulate(games, players, bot, seed, **options)`` and ``summary(result)``.
    bots : str
        ``"module:ATTRIBUTE"`` of the game's bots by name (the ``--bot`` choices).
    players : tuple of int
        The fewest and most players; ``default_players`` and ``players_help`` describe them.
    record : tuple of str
        The result's attributes printed by ``--json``, in that order.
    options : callable
        ``options(parser)`` adds the game's own arguments; ``read_options(args)`` turns them
        into keywords of ``simulate`` (a ValueError is the one-line message of a bad one).
    progress : bool
        ``simulate`` takes ``progress=``: show a bar on the error stream (``--quiet``: none).
    records : bool
        ``simulate`` takes ``records=FOLDER``: ``--records DIR`` writes one game record per game
        there (:mod:`zoobook.records`), named by the game and its seed.
    """

    name: str
    game: str
    module: str
    bots: str
    players: tuple[int, int]
    default_players: int
    players_help: str
    record: tuple[str, ...]
    options: Callable[[argparse.ArgumentParser], None] = _no_options
    read_options: Callable[[argparse.Namespace], dict[str, Any]] = _read_no_options
    progress: bool = False
    records: bool = False

    def add(self, commands) -> None:
        """Add the command to ``zoobook``'s sub-commands."""
        module, attribute = self.bots.split(":")
        bots = getattr(importlib.import_module(module), attribute)
        parser = commands.add_parser(self.name, help=f"play seeded {self.game} games with a bot in every seat; "
                                     "print the score distribution")
        parser.add_argument("--games", type=int, default=10, help="how many games (default 10)")
        parser.add_argument("--players", type=int, default=self.default_players,
                            help=f"{self.players_help} (default {self.default_players})")
        parser.add_argument("--bot", choices=sorted(bots), default="greedy", help="the bot in every seat")
        self.options(parser)
        parser.add_argument("--seed", type=int, default=0, help="seed of the first game (game i: seed + i)")
        parser.add_argument("--json", action="store_true", help="print the raw scores as JSON")
        if self.progress:
            parser.add_argument("--quiet", action="store_true", help="no progress bar")
        if self.records:
            parser.add_argument("--records", metavar="DIR", type=Path,
                                help="write each game's record there (made if missing), named by its seed")
        parser.set_defaults(run=self.run)

    def run(self, args: argparse.Namespace, out, err) -> int:
        """Play the games *args* ask for; 2 with one line on *err* when an argument is wrong."""
        fewest, most = self.players
        if args.games < 1 or not fewest <= args.players <= most:
            print(f"zoobook {self.name}: --games must be 1 or more and --players {fewest}-{most}", file=err)
            return 2
        try:
            options = self.read_options(args)
        except ValueError as exc:
            print(f"zoobook {self.name}: {exc}", file=err)
            return 2
        if getattr(args, "records", None) is not None:
            if args.records.exists() and not args.records.is_dir():
                print(f"zoobook {self.name}: --records {args.records}: not a folder", file=err)
                return 2
            try:
                args.records.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                print(f"zoobook {self.name}: --records {args.records}: cannot make the folder "
                      f"({exc.strerror or exc})", file=err)
                return 2
            options["records"] = args.records
        if self.progress:
            options["progress"] = quiet if args.quiet else TerminalBar(err if err is not None else sys.stderr,
                                                                       label="games", close_when_done=True)
        simulation = importlib.import_module(self.module)
        result = simulation.simulate(args.games, args.players, args.bot, args.seed, **options)
        if args.json:
            print(json.dumps({field: getattr(result, field) for field in self.record}), file=out)
        else:
            print(simulation.summary(result), file=out)
        return 0

