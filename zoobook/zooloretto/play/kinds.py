"""``zoobook simulate-zooloretto``: seeded whole games of Zooloretto with a bot; the score distribution.

This module defines no puzzle kinds (those live in ``zoobook.zooloretto.kinds``), only the command
(its shape is every game's, :mod:`zoobook.simulate_command`)::

    zoobook simulate-zooloretto --players 3 --bot greedy --games 20 --expansions buildings,sites
    zoobook simulate-zooloretto --games 5 --records games/   # games/zooloretto-seed-0.jsonl ...
"""

from __future__ import annotations

import argparse

from zoobook.simulate_command import SimulateCommand

__all__ = ["KINDS", "COMMANDS", "SIMULATE"]

KINDS = ()


def _add_expansions(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--expansions", default="", help="buildings, sites, buildings,sites or none "
                        "(default none; both together are flagged, ruling Z6)")


def _read_expansions(args: argparse.Namespace) -> dict:
    from zoobook.zooloretto.game import parse_expansions

    try:
        return {"expansions": parse_expansions(args.expansions)}
    except ValueError as exc:
        raise ValueError(f"--expansions: {exc}") from None


SIMULATE = SimulateCommand("simulate-zooloretto", "Zooloretto", "zoobook.zooloretto.play.simulate",
                           "zoobook.zooloretto.bots:BOTS", players=(2, 5), default_players=2,
                           players_help="2 to 5", record=("players", "bot", "seed", "expansions", "scores", "winners"),
                           options=_add_expansions, read_options=_read_expansions, progress=True,
                           records=True)

COMMANDS = (SIMULATE.add,)

# The game-record codec (zoobook.records), imported when a record is read or written.
RECORDS = {"zooloretto": "zoobook.zooloretto.record_codec:CODEC"}

# The game review's evaluator (zoobook.review), imported when a record of the game is reviewed.
REVIEWS = {"zooloretto": "zoobook.zooloretto.review:EVALUATOR"}
