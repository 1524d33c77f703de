"""Playing whole games of 5x5 Zoo: playthroughs, simulation and the ``zoobook simulate-5x5`` command.

The game itself lives in :mod:`zoobook.fivebyfive.game` and the bots in
:mod:`zoobook.fivebyfive.bots`; this sub-package runs them (its ``kinds`` module
adds the command, so it stays apart from the puzzle kinds of ``zoobook.fivebyfive.kinds``).
"""
