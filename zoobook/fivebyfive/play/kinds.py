"""``zoobook simulate-5x5``: run seeded games of 5x5 Zoo with a bot and print the score distribution.

This module defines no puzzle kinds (those live in ``zoobook.fivebyfive.kinds``),
only the command (its shape is every game's, :mod:`zoobook.simulate_command`)::

    zoobook simulate-5x5 --games 20 --players 1 --bot greedy --seed 0
    zoobook simulate-5x5 --games 20 --players 2 --bot search --against lookahead
    zoobook simulate-5x5 --games 5 --records games/     # games/5x5-seed-0.jsonl ... (zoobook replay)

With ``--against`` the other seats play that bot and the ``--bot``'s seat moves round
the table from game to game; the summary gives its win rate with a 95% interval.
"""

from __future__ import annotations

import argparse

from zoobook.simulate_command import SimulateCommand

__all__ = ["KINDS", "COMMANDS", "SIMULATE"]

KINDS = ()

def _add_against(parser: argparse.ArgumentParser) -> None:
    from zoobook.fivebyfive.all_bots import BOTS
    parser.add_argument("--against", choices=sorted(BOTS), help="2-4 players: the bot in the other seats "
                        "(the --bot's seat moves round the table, game by game); default: --bot in every seat")


def _read_against(args: argparse.Namespace) -> dict:
    if args.against and args.players < 2:
        raise ValueError("--against needs 2-4 players (solo, the other side is the AI)")
    return {"against": args.against}


#: Solo games also count the ranks (ruling F19).
SIMULATE = SimulateCommand("simulate-5x5", "5x5 Zoo", "zoobook.fivebyfive.play.simulate",
                           "zoobook.fivebyfive.all_bots:BOTS", players=(1, 4), default_players=1,
                           players_help="1 (solo) to 4",
                           record=("players", "bot", "seed", "scores", "ranks", "against", "bot_seats", "winners"),
                           options=_add_against, read_options=_read_against, records=True)

COMMANDS = (SIMULATE.add,)

# The game-record codec (zoobook.records), imported when a record is read or written.
RECORDS = {"5x5": "zoobook.fivebyfive.record_codec:CODEC"}

# The game review's evaluator (zoobook.review), imported when a record of the game is reviewed.
REVIEWS = {"5x5": "zoobook.fivebyfive.review:EVALUATOR"}
