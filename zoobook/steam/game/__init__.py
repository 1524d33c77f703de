"""Whole solo games of Age of Steam on the Zoo and Easter Island maps.

* :mod:`.economy`: shares, income, expenses, income reduction (rulings S11, S11b);
* :mod:`.actions`: the decisions of a turn;
* :mod:`.cards`, :mod:`.maps`: what differs between the maps, as small strategy parts;
* :mod:`.zoo_goods`, :mod:`.easter_goods`: each map's goods and clear conditions, on the
  shipment and connection models of :mod:`zoobook.steam.zoo` and :mod:`zoobook.steam.easter`;
* :mod:`.state`: the OpenSpiel-style turn engine (:class:`GameState`);
* :mod:`.planner`, :mod:`.hint`: the fewest turns to clear a map, and the best next action;
* :mod:`.kinds`: the puzzle kinds ``steam-zoo/clear`` and ``steam-easter/clear``.

Illegal actions raise :class:`zoobook.errors.IllegalAction`, whose refusal cites a ruling.
"""

from zoobook.steam.game.actions import (EndBuild, IssueShares, LayTrack, Pass, RaiseLocomotive,
                                        Select, Ship, Urbanize)
from zoobook.steam.game.economy import Economy
from zoobook.steam.game.hint import Hint, hint
from zoobook.steam.game.planner import Plan, plan
from zoobook.steam.game.state import Game, GameResult, GameState, Position, final_score

# Illegal actions raise zoobook.errors.IllegalAction (the one error of every engine).
__all__ = ["EndBuild", "IssueShares", "LayTrack", "Pass", "RaiseLocomotive", "Select", "Ship",
           "Urbanize", "Economy", "Hint", "hint", "Plan", "plan", "Game", "GameResult", "GameState",
           "Position", "final_score"]
