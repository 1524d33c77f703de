"""Playing whole games of Zooloretto: simulation, golden playthroughs, puzzles from played games
and the ``zoobook simulate-zooloretto`` command.

The game lives in :mod:`zoobook.zooloretto.game` and the bots in :mod:`zoobook.zooloretto.bots`;
this sub-package runs them (its ``kinds`` module adds the command and no puzzle kind).
"""
