"""Golden playthroughs: a seeded game written out as text, line by line (OpenSpiel style).

A playthrough is the game's log -- every action and every automatic event
(deals, cubes, popularity tokens, the solo AI, each scoring step, the final
scoring) -- followed by every final zoo, tile by tile. The tests replay the same seed and
policy and compare the text line by line with the stored files under
``tests/fivebyfive/golden/``.

The policy is fixed so the text can only change when the rules do: seeded random
choices in the main phase; in the lineup phase a seeded random walk (a random
legal move (each neighbour once, whatever border) or placement while there is one, then stop).
(The whole optimal lineup is left out on purpose: among equally good lineups the solver may
pick another one as it evolves, which would change the text without any rule changing;
``tests/fivebyfive/test_game.py`` checks that action by its points instead.)

Examples
--------
>>> lines = playthrough(players=2, seed=1)
>>> lines[0]
'5x5 Zoo, 2 players, seed 1'
>>> any(line.startswith("player 1: lineup: move to") for line in lines)
True
"""

from __future__ import annotations

import random

from zoobook.fivebyfive import lineup as lu
from zoobook.fivebyfive.game import BestLineup, GameState

__all__ = ["playthrough", "zoo_lines", "GOLDEN_GAMES"]

#: The stored playthroughs: file name -> (players, seed).
GOLDEN_GAMES = {"two-players.txt": (2, 2024), "four-players.txt": (4, 7), "solo.txt": (1, 5)}


def playthrough(players: int, seed: int) -> list[str]:
    """The text of the seeded game (log, then the final state)."""
    state = GameState.new(players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        actions = [a for a in state.legal_actions() if not isinstance(a, BestLineup)]
        if state.phase == "lineup":
            walk = [a for a in actions if isinstance(a, lu.Place) or (isinstance(a, lu.Move) and a.border is None)]
            actions = walk or [lu.Stop()]
        state.apply(rng.choice(actions))
    return state.log + ["== final zoos"] + [line for player in state.players for line in zoo_lines(player)]


def zoo_lines(player) -> list[str]:
    """A player's zoo, one tile a line: cells, category, stars, walls, popularity token; and the doors."""
    board = player.board
    lines = [f"player {player.seat}: {len(board.tiles)} tiles, {len(board.popular)} popularity tokens, "
             f"score {player.score}"]
    for tile in board.tiles:
        walls = " ".join(sorted(f"{w.cell.name}:{w.side.value}" for w in tile.walls))
        lines.append(f"  {'+'.join(c.name for c in tile.cells)} {tile.category.word}"
                     + (f" {tile.stars}*" if tile.stars else "") + (f" walls {walls}" if walls else "")
                     + (" popular" if board.is_popular(tile) else ""))
    doors = " ".join(sorted(f"{b.cell.name}:{b.side.value}" for b in board.doors))
    lines.append(f"  doors {doors or 'none'}")
    return lines
