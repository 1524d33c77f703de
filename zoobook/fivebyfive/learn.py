"""The 5x5 Zoo drills and quizzes of notebook 20 (``DRILLS``, ``QUIZZES``).

Every drill is a small position built with the engine's own constructors
(:class:`~zoobook.fivebyfive.lineup.LineupState` on a hand-made
:class:`~zoobook.fivebyfive.board.Board`, or a seeded
:class:`~zoobook.fivebyfive.game.GameState` played forward by its own actions), and every
answer is the engine's ``refusal``/``apply``. The rules they teach are in
``zoobook/fivebyfive/rules.toml``; nothing here decides what is legal.

Examples
--------
>>> from zoobook.learn.drill import DrillRun
>>> run = DrillRun(drill("drill-lineup-doors"))
>>> run.try_action(lu.Move("B3")).message
'Refused [F4]: B3 is not next to the W gate — ...'
>>> for action in run.drill.solution:
...     _ = run.try_action(action)
>>> run.done
True
>>> sorted({d.group for d in DRILLS}) == sorted({q.group for q in QUIZZES})
True
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

from zoobook.fivebyfive import lineup as lu
from zoobook.fivebyfive.board import Board, Cell, Tile
from zoobook.fivebyfive.cards import final_bonus
from zoobook.fivebyfive.game import (
    ChooseSpecial,
    DiscardTile,
    GameState,
    PlaceTile,
    RowEffect,
    Take,
    TakeDoor,
    components_special,
)
from zoobook.fivebyfive.learn_positions import (
    GAME_PICTURE,
    LINEUP_PICTURE,
    after_setup,
    best_lineups,
    covered,
    describe,
    game_choices,
    play_until,
    solve,
    tile_in_hand,
)
from zoobook.fivebyfive.learn_quizzes import QUIZZES, quiz
from zoobook.fivebyfive.vocabulary import Colour
from zoobook.learn.drill import Drill, out_of_reach

__all__ = ["DRILLS", "QUIZZES", "drill", "quiz", "describe", "LINEUP_PICTURE", "GAME_PICTURE", "after_setup",
           "play_until", "best_lineups"]

# -- setup -----------------------------------------------------------------------------------------
SETUP_SEED = 3


def _setup_start() -> GameState:
    return GameState.new(players=1, seed=SETUP_SEED)


_SETUP = Drill(
    "drill-setup-start-tiles", "setup", "Set up your zoo",
    "Get both of your start tiles onto your zoo board, where the setup rules put them.",
    ("F-SETUP-5", "F1"), start=_setup_start, choices=game_choices, reached=lambda s: s.phase != "setup",
    solution=solve(_setup_start, [lambda s: PlaceTile(tile_in_hand(s), "C1"),
                                   lambda s: PlaceTile(tile_in_hand(s), "A3")]),
    describe=describe, picture=GAME_PICTURE)


# -- a turn ----------------------------------------------------------------------------------------
TURN_SEED = 5


def _turn_start() -> GameState:
    return after_setup(1, TURN_SEED)


def _door_turn_done(state: GameState) -> bool:
    return state.players[0].doors >= 2


def _door_turn_misses(state: GameState) -> str | None:
    if state.turns[0] >= 1 and not state.pending:
        return "the turn is over and you still hold one door token"
    if state.pending and state.pending[0][0] != "effect" and state.players[0].doors < 2:
        if state.pending[0][0] == "place":
            return "this turn has no effect left to trade for a door token (rows 1 and 6 have none)"
        return "the row's effect is being used, so its door token is gone"
    return None


def _turn_choices(state: GameState) -> list:
    if state.phase == "main" and not state.pending:
        return [Take(row, 0) for row in (1, 2, 4, 6)] + [TakeDoor(), RowEffect()]
    return game_choices(state)


_TURN = Drill(
    "drill-turn-door", "turn", "A door token this turn",
    "End up holding two door tokens (you have one) before this turn is over.",
    ("F-TURN-6", "F-TURN-7"), start=_turn_start, choices=_turn_choices, reached=_door_turn_done,
    solution=(Take(2, 0), TakeDoor()), describe=describe, picture=GAME_PICTURE, misses=_door_turn_misses)


# -- placing tiles ----------------------------------------------------------------------------------
def _placement_start() -> GameState:
    state = after_setup(1, TURN_SEED)
    state.apply(Take(6, 0))       # a large tile from row 6 (no effect): it waits to be placed
    return state


def _placement_choices(state: GameState) -> list:
    tile = tile_in_hand(state)
    if tile is None:
        return []
    return ([PlaceTile(tile, cell) for cell in ("C1", "B1", "D2", "B4", "E5")] + [DiscardTile(tile), Take(1, 0)])


_PLACEMENT = Drill(
    "drill-placement", "placement", "Find room for a large tile",
    "Finish your turn with the large tile you took on your zoo board.",
    ("F-PLACEMENT-1", "F-PLACEMENT-2", "F-PLACEMENT-4"), start=_placement_start, choices=_placement_choices,
    reached=lambda s: s.turns[0] == 1 and not s.pending,
    solution=solve(_placement_start, [lambda s: next(PlaceTile(tile_in_hand(s), c) for c in ("D2", "B4", "E5")
                                                      if s.refusal(PlaceTile(tile_in_hand(s), c)) is None)]),
    describe=describe, picture=GAME_PICTURE)


# -- popularity ----------------------------------------------------------------------------------------
def _corner_start() -> GameState:
    state = after_setup(1, TURN_SEED, condition="A")
    state.apply(Take(1, 0))
    return state


def _corner_choices(state: GameState) -> list:
    tile = tile_in_hand(state)
    if tile is None:
        return []
    return [PlaceTile(tile, cell) for cell in ("B2", "A1", "E5", "C3", covered(state))]


def _corner_misses(state: GameState) -> str | None:
    if state.players[0].board.popular:
        return None
    if not state.pending:
        return "that cell is not one of the four corners, so condition A gives no token, and the turn is over"
    return None


_POPULARITY = Drill(
    "drill-popularity-corner", "popularity", "Earn a popularity token",
    "This game's popularity condition card is A (Four Corners). Earn a popularity token with the tile you took.",
    ("F-POPULARITY-2", "F-POPULARITY-1"), start=_corner_start, choices=_corner_choices,
    reached=lambda s: bool(s.players[0].board.popular),
    solution=solve(_corner_start, [lambda s: PlaceTile(tile_in_hand(s), "A1")]),
    describe=describe, picture=GAME_PICTURE, misses=_corner_misses)


# -- special cards --------------------------------------------------------------------------------------
def has_special(state: GameState, effect: str) -> bool:
    """Whether the player to move owns a special card with *effect*."""
    return any(components_special(card).effect == effect for card in state.players[state.current_player].specials)


@cache
def special_seed(effect: str, players: int = 1) -> int:
    """The first seed whose first main board offers a special card with *effect* (and a row-3 tile)."""
    for seed in range(500):
        state = after_setup(players, seed)
        if any(components_special(c).effect == effect for c in state.mainboard.specials):
            return seed
    raise LookupError(f"no seed below 500 offers a {effect} special card")


def _special_start() -> GameState:
    return after_setup(1, special_seed("door-and-cube"))


def _special_choices(state: GameState) -> list:
    if state.pending and state.pending[0][0] == "special":
        return [ChooseSpecial(card) for card in state.mainboard.specials]
    if state.phase == "main" and not state.pending:
        return [Take(row, 0) for row in (1, 2, 3, 4, 5)]
    return game_choices(state)


def _special_misses(state: GameState) -> str | None:
    if has_special(state, "door-and-cube"):
        return None
    if state.pending and state.pending[0][0] == "effect" and state.pending[0][1] != 3:
        return f"only row 3's effect gives a special card, and this tile came from row {state.pending[0][1]}"
    if state.pending and state.pending[0][0] in ("place", "popularity", "meeple") or (
            state.turns[0] >= 1 and not state.pending):
        return "this turn gives no special card any more: only row 3's effect gives one"
    return None


_SPECIALS = Drill(
    "drill-specials-door", "specials", "The special card you want",
    "Get the special card that gives a door token and a cube (it is on the main board) this turn.",
    ("F-TURN-9", "F-SPECIAL-4"), start=_special_start, choices=_special_choices,
    reached=lambda s: has_special(s, "door-and-cube"),
    solution=solve(_special_start, [Take(3, 0), RowEffect(),
                                     lambda s: next(ChooseSpecial(c) for c in s.mainboard.specials
                                                    if components_special(c).effect == "door-and-cube")]),
    describe=describe, picture=GAME_PICTURE, misses=_special_misses)


# -- the lineup -----------------------------------------------------------------------------------------
def _every_tile_visited(state: lu.LineupState) -> bool:
    return len(state.placed) == len(state.board.tiles)


def _lineup_misses(goal, why: str):
    """A ``misses`` for a lineup drill: *why* once no sequence of lineup steps can reach *goal*."""
    def misses(state: lu.LineupState) -> str | None:
        return why if out_of_reach(state, goal) else None
    return misses


def _colours_start() -> lu.LineupState:
    board = Board((Tile.make("A3", "carnivore"), Tile.make("B3", "bird")))
    return lu.LineupState.start(board, "W", cubes="RW")


_COLOURS = Drill(
    "drill-lineup-colours", "lineup", "A visitor for every tile",
    "From the W gate, give both tiles a visitor with the cubes in hand.",
    ("F6", "F4"), start=_colours_start,
    choices=lambda s: [lu.Move("A3"), lu.Move("B3"), lu.Place(Colour.RED), lu.Place(Colour.YELLOW),
                       lu.Place(Colour.WHITE)],
    reached=_every_tile_visited,
    solution=(lu.Move("A3"), lu.Place(Colour.RED), lu.Move("B3"), lu.Place(Colour.WHITE)),
    describe=describe, picture=LINEUP_PICTURE,
    misses=_lineup_misses(_every_tile_visited, "no cube left in hand fits the other tile"))


def _doors_start() -> lu.LineupState:
    board = Board((Tile.make("A3", "carnivore"), Tile.make("B3", "bird", walls=["B3:W"])))
    return lu.LineupState.start(board, "W", cubes="RY", doors=1)


_DOORS = Drill(
    "drill-lineup-doors", "lineup", "A wall in the way",
    "From the W gate, give both tiles a visitor. You hold one door token.",
    ("F7", "F4"), start=_doors_start,
    choices=lambda s: [lu.Move("A3"), lu.Move("B3"), lu.Place(Colour.RED), lu.Place(Colour.YELLOW),
                       lu.PlaceDoor("A3:W"), lu.PlaceDoor("A3:E")],
    reached=_every_tile_visited,
    solution=(lu.Move("A3"), lu.Place(Colour.RED), lu.PlaceDoor("A3:E"), lu.Move("B3"), lu.Place(Colour.YELLOW)),
    describe=describe, picture=LINEUP_PICTURE,
    misses=_lineup_misses(_every_tile_visited, "the wall between A3 and B3 can no longer be crossed"))


def _large_start() -> lu.LineupState:
    board = Board((Tile.make(["A3", "B3"], "park"), Tile.make("C3", "herbivore"), Tile.make("A2", "bird")))
    return lu.LineupState.start(board, "W", cubes="GY")


def _herbivore_visited(state: lu.LineupState) -> bool:
    return "C3" in state.path[:len(state.placed)]


_LARGE = Drill(
    "drill-lineup-large", "lineup", "Through a large tile",
    "From the W gate, get a visitor onto the herbivore at C3.",
    ("F5", "F6"), start=_large_start,
    choices=lambda s: [lu.Move("A3"), lu.Move("B3"), lu.Move("C3"), lu.Move("A2"), lu.Place(Colour.GREEN),
                       lu.Place(Colour.YELLOW)],
    reached=_herbivore_visited,
    solution=(lu.Move("A3"), lu.Place(Colour.YELLOW), lu.Move("C3"), lu.Place(Colour.GREEN)),
    describe=describe, picture=LINEUP_PICTURE,
    misses=_lineup_misses(_herbivore_visited, "the herbivore at C3 can no longer get a visitor"))


# -- free actions -----------------------------------------------------------------------------------------
def _free_start() -> lu.LineupState:
    board = Board((Tile.make("A3", "carnivore"), Tile.make("B3", "bird", walls=["B3:W"])))
    return lu.LineupState.start(board, "W", cubes="RYBBG", meeples="K")


def _bird_visited(state: lu.LineupState) -> bool:
    return "B3" in state.path[:len(state.placed)]


_FREE = Drill(
    "drill-free-door", "free", "No door in hand",
    "From the W gate, get a visitor onto the bird at B3. You hold no door token.",
    ("F9", "F-FREE-1"), start=_free_start,
    choices=lambda s: [lu.Move("A3"), lu.Move("B3"), lu.Place(Colour.RED), lu.Place(Colour.YELLOW),
                       lu.BuyDoor("BGK"), lu.BuyDoor("YBB"), lu.BuyDoor("BBG"), lu.PlaceDoor("A3:E")],
    reached=_bird_visited,
    solution=(lu.Move("A3"), lu.Place(Colour.RED), lu.BuyDoor("BBG"), lu.PlaceDoor("A3:E"), lu.Move("B3"),
              lu.Place(Colour.YELLOW)),
    describe=describe, picture=LINEUP_PICTURE,
    misses=_lineup_misses(_bird_visited, "the bird at B3 can no longer get a visitor"))


# -- scoring -----------------------------------------------------------------------------------------------
def _scoring_start() -> lu.LineupState:
    board = Board((Tile.make("A3", "carnivore"), Tile.make("B3", "bird", walls=["B3:W"]),
                   Tile.make("A2", "herbivore")), popular=frozenset({Cell.parse("A3")}))
    return lu.LineupState.start(board, "W", cubes="RYG", doors=1)


def _four_points(state: lu.LineupState) -> bool:
    return state.score().total >= 4


_SCORING = Drill(
    "drill-scoring-lineup", "scoring", "Score 4 in one lineup",
    "From the W gate, score at least 4 points with this lineup.",
    ("F11", "F8"), start=_scoring_start,
    choices=lambda s: [lu.Move("A3"), lu.Move("A2"), lu.Move("B3"), lu.Place(Colour.RED), lu.Place(Colour.GREEN),
                       lu.Place(Colour.YELLOW), lu.PlaceDoor("A3:E"), lu.PlaceDoor("A3:N"), lu.Stop()],
    reached=_four_points,
    solution=(lu.Move("A3"), lu.Place(Colour.RED), lu.PlaceDoor("A3:E"), lu.Move("B3"), lu.Place(Colour.YELLOW)),
    describe=describe, picture=LINEUP_PICTURE,
    misses=_lineup_misses(_four_points, "this lineup can no longer reach 4 points"))


# -- the end of the game ---------------------------------------------------------------------------------
FINAL_SEED = 8


def _final_start() -> GameState:
    """Round 3, your last turn: row 1 and column D each lack one cell, D1; bonus card C is in play."""
    state = after_setup(1, FINAL_SEED, bonus_cards=("A", "C", "E"))
    state = play_until(state, lambda s: s.round == 3 and s.phase == "main" and s.turns[0] == 4 and not s.pending,
                       random.Random(FINAL_SEED))
    tiles = [Tile.make(name, kind) for name, kind in (("A1", "bird"), ("B1", "aquatic"), ("C1", "reptile"),
                                                      ("E1", "herbivore"), ("D2", "bird"), ("D3", "carnivore"),
                                                      ("D4", "park"), ("D5", "aquatic"), ("A3", "herbivore"))]
    state.players[0] = replace(state.players[0], board=Board(tuple(tiles)))
    return state


def _full_lines(state: GameState) -> int:
    return final_bonus("C", state.players[0].board).count


def _final_choices(state: GameState) -> list:
    if state.phase == "main" and not state.pending:
        return [Take(row, slot) for row, slot in sorted(state.mainboard.slots())][:4] + [Take(1, 0)]
    tile = tile_in_hand(state)
    if tile is not None and state.pending and state.pending[0][0] == "place":
        return [PlaceTile(tile, cell) for cell in ("B2", "D1", "C4", "E5", "A1")]
    return game_choices(state)


def _final_misses(state: GameState) -> str | None:
    if _full_lines(state) >= 2:
        return None
    if state.turns[0] >= 5 and not state.pending or state.phase != "main":
        return "your last turn is over with fewer than two full rows or columns"
    return None


_FINAL = Drill(
    "drill-final-scoring", "final", "Bonus card C on your last turn",
    "Final bonus card C counts full rows and columns. Take and place your last tile of the game so that "
    "your zoo has two of them.",
    ("F-FINAL-5", "F17"), start=_final_start, choices=_final_choices, reached=lambda s: _full_lines(s) >= 2,
    solution=solve(_final_start, [lambda s: next(a for a in _final_choices(s) if s.refusal(a) is None),
                                   lambda s: TakeDoor() if s.pending[0][0] == "effect" else RowEffect(),
                                   lambda s: PlaceTile(tile_in_hand(s), "D1")]),
    describe=describe, picture=GAME_PICTURE, misses=_final_misses)


# -- solo --------------------------------------------------------------------------------------------------
def _solo_start() -> GameState:
    return after_setup(1, TURN_SEED)


@cache
def _solo_target() -> str:
    return _solo_start().mainboard.tile_at(5, 0)


def _solo_reached(state: GameState) -> bool:
    removed = _solo_target() not in [t for row in state.mainboard.rows for t in row] if state.mainboard else False
    return removed and _solo_target() not in [t for t, _ in state.players[0].hand] \
        and all(t.name != _solo_target() for t in state.players[0].board.tiles) and state.turns[0] == 1


def _solo_choices(state: GameState) -> list:
    if state.phase == "main" and not state.pending:
        return [Take(row, slot) for row in (1, 2, 3, 4, 5) for slot in (0, 1)]
    return game_choices(state)


def _solo_misses(state: GameState) -> str | None:
    if state.turns[0] >= 1 and not state.pending and not _solo_reached(state):
        return "the AI removed another tile: it takes the first tile below yours, in your column"
    if state.pending and _solo_target() in [t for t, _ in state.players[0].hand]:
        return "you took that tile yourself; the AI must remove it"
    return None


_SOLO = Drill(
    "drill-solo-ai", "solo", "Make the AI remove a tile",
    "Solo game: play one turn so that the AI removes the tile at the bottom of the left column (row 5).",
    ("F-SOLO-2", "F-SOLO-1"), start=_solo_start, choices=_solo_choices, reached=_solo_reached,
    solution=solve(_solo_start, [Take(4, 0), TakeDoor(),
                                  lambda s: next(a for a in s.legal_actions() if isinstance(a, PlaceTile))]),
    describe=describe, picture=GAME_PICTURE, misses=_solo_misses)


DRILLS: tuple[Drill, ...] = (_SETUP, _TURN, _PLACEMENT, _POPULARITY, _SPECIALS, _COLOURS, _DOORS, _LARGE, _FREE,
                             _SCORING, _FINAL, _SOLO)


def drill(drill_id: str) -> Drill:
    """The drill with this id (= its notebook cell id)."""
    for item in DRILLS:
        if item.id == drill_id:
            return item
    raise KeyError(f"no 5x5 drill {drill_id!r} (drills: {', '.join(d.id for d in DRILLS)})")

