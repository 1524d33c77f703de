"""``zoobook simulate-5x5``: run seeded games of 5x5 Zoo with a bot and print the score distribution.

This module defines no puzzle kinds (those live in ``zoobook.fivebyfive.kinds``),
only the command (its shape is every game's, :mod:`zoobook.simulate_command`)::

    zoobook simulate-5x5 --games 20 --players 1 --bot greedy --seed 0
"""

from __future__ import annotations

from zoobook.simulate_command import SimulateCommand

__all__ = ["KINDS", "COMMANDS", "SIMULATE"]

KINDS = ()

#: Solo games also count the ranks (ruling F19).
SIMULATE = SimulateCommand("simulate-5x5", "5x5 Zoo", "zoobook.fivebyfive.play.simulate",
                           "zoobook.fivebyfive.bots:BOTS", players=(1, 4), default_players=1,
                           players_help="1 (solo) to 4", record=("players", "bot", "seed", "scores", "ranks"))

COMMANDS = (SIMULATE.add,)
