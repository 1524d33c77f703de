"""Every bot of 5x5 Zoo by name: the table ``zoobook simulate-5x5`` and the game widget choose from.

The simple bots (:mod:`zoobook.fivebyfive.bots`) and the search bot
(:mod:`zoobook.fivebyfive.search_bot`, which builds on them) meet here, above both, so
neither module has to reach up to the other. Each entry makes a bot from a seed.

Examples
--------
>>> sorted(BOTS)
['greedy', 'lookahead', 'random', 'search']
>>> BOTS["search"](5).seed
5
"""

from __future__ import annotations

from zoobook.fivebyfive.bots import GreedyBot, LookaheadBot, RandomBot
from zoobook.fivebyfive.search_bot import SearchBot

__all__ = ["BOTS"]

#: Bot name -> a function of the seed that makes one (each class takes the seed first).
BOTS = {"random": RandomBot, "greedy": GreedyBot, "lookahead": LookaheadBot, "search": SearchBot}
