"""``zoobook simulate-5x5``: run seeded games of 5x5 Zoo with a bot and print the score distribution.

This module defines no puzzle kinds (those live in ``zoobook.fivebyfive.kinds``),
only the command::

    zoobook simulate-5x5 --games 20 --players 1 --bot greedy --seed 0
"""

from __future__ import annotations

import argparse
import json

__all__ = ["KINDS", "COMMANDS"]

KINDS = ()


def _run(args: argparse.Namespace, out, err) -> int:
    from zoobook.fivebyfive.play.simulate import simulate, summary

    if args.games < 1 or not 1 <= args.players <= 4:
        print("zoobook simulate-5x5: --games must be 1 or more and --players 1-4", file=err)
        return 2
    result = simulate(args.games, args.players, args.bot, args.seed)
    if args.json:
        print(json.dumps({"players": result.players, "bot": result.bot, "seed": result.seed,
                          "scores": [list(s) for s in result.scores],
                          "ranks": dict(result.ranks)}), file=out)
    else:
        print(summary(result), file=out)
    return 0


def add_simulate(commands) -> None:
    from zoobook.fivebyfive.bots import BOTS

    parser = commands.add_parser("simulate-5x5", help="play seeded 5x5 Zoo games with a bot; "
                                 "print the score (and solo rank) distribution")
    parser.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    parser.add_argument("--players", type=int, default=1, help="1 (solo) to 4 (default 1)")
    parser.add_argument("--bot", choices=sorted(BOTS), default="greedy", help="the bot in every seat")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (game i: seed + i)")
    parser.add_argument("--json", action="store_true", help="print the raw scores as JSON")
    parser.set_defaults(run=_run)


COMMANDS = (add_simulate,)
