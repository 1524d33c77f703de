"""The toy game's kinds module: all the registry needs to know about the game.

Hooks are relative dotted names, imported only when used, so a copy of this
package works wherever it is dropped.
"""

from __future__ import annotations

import argparse

from zoobook.puzzles import PuzzleKind

from .model import dump, parse, solve

__all__ = ["KINDS", "VIEWS", "GENERATORS", "COMMANDS"]

KINDS = (PuzzleKind("toy/heaviest", "the heaviest tile", parse, solve, dump),)
VIEWS = {"toy/heaviest": ".views:VIEW"}
GENERATORS = {"toy/heaviest": ".generator:HEAVIEST_GENERATOR"}


def _weigh(args: argparse.Namespace, out, err) -> int:
    from zoobook.puzzles import load_puzzle

    tiles = load_puzzle(args.file).model
    print(sum(tile.weight for tile in tiles), file=out)
    return 0


def add_weigh_command(commands) -> None:
    """``zoobook toy-weigh FILE``: the total weight of a toy puzzle's tiles."""
    parser = commands.add_parser("toy-weigh", help="the total weight of a toy puzzle's tiles")
    parser.add_argument("file")
    parser.set_defaults(run=_weigh)


COMMANDS = (add_weigh_command,)
