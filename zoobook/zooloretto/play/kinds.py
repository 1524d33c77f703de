"""``zoobook simulate-zooloretto``: seeded whole games of Zooloretto with a bot; the score distribution.

This module defines no puzzle kinds (those live in ``zoobook.zooloretto.kinds``), only the command::

    zoobook simulate-zooloretto --players 3 --bot greedy --games 20 --expansions buildings,sites
"""

from __future__ import annotations

import argparse
import json
import sys

__all__ = ["KINDS", "COMMANDS"]

KINDS = ()


def _run(args: argparse.Namespace, out, err) -> int:
    from zoobook.progress import TerminalBar
    from zoobook.zooloretto.game import parse_expansions
    from zoobook.zooloretto.play.simulate import simulate, summary

    if args.games < 1 or not 2 <= args.players <= 5:
        print("zoobook simulate-zooloretto: --games must be 1 or more and --players 2-5", file=err)
        return 2
    try:
        expansions = parse_expansions(args.expansions)
    except ValueError as exc:
        print(f"zoobook simulate-zooloretto: --expansions: {exc}", file=err)
        return 2
    bar = TerminalBar(err if err is not None else sys.stderr, label="games", close_when_done=True)
    result = simulate(args.games, args.players, args.bot, args.seed, expansions,
                      progress=bar if not args.quiet else (lambda *_: None))
    if args.json:
        print(json.dumps({"players": result.players, "bot": result.bot, "seed": result.seed,
                          "expansions": list(result.expansions),
                          "scores": [list(s) for s in result.scores],
                          "winners": list(result.winners)}), file=out)
    else:
        print(summary(result), file=out)
    return 0


def add_simulate(commands) -> None:
    from zoobook.zooloretto.bots import BOTS

    parser = commands.add_parser("simulate-zooloretto", help="play seeded Zooloretto games with a bot in "
                                 "every seat; print the score distribution")
    parser.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    parser.add_argument("--players", type=int, default=2, help="2 to 5 (default 2)")
    parser.add_argument("--bot", choices=sorted(BOTS), default="greedy", help="the bot in every seat")
    parser.add_argument("--expansions", default="", help="buildings, sites, buildings,sites or none "
                        "(default none; both together are flagged, ruling Z6)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (game i: seed + i)")
    parser.add_argument("--json", action="store_true", help="print the raw scores as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=_run)


COMMANDS = (add_simulate,)
