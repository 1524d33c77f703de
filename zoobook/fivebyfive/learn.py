"""The 5x5 Zoo drills and quizzes of notebook 23 (``DRILLS``, ``QUIZZES``).

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
from zoobook.fivebyfive.board import ALL_CELLS, Board, Cell, Tile
from zoobook.fivebyfive.game import (BestLineup, ChooseMeeple, ChoosePopularity, ChooseSpecial, DiscardTile,
                                     GameState, PlaceTile, RowEffect, Take, TakeDoor, action_text,
                                     components_special)
from zoobook.fivebyfive.cards import FINAL_BONUS_CARDS, chart_points, final_bonus
from zoobook.fivebyfive.components import anchors, components
from zoobook.fivebyfive.lineup_generator import random_lineup_puzzle
from zoobook.fivebyfive.solo import RANKS, solo_rank
from zoobook.fivebyfive.vocabulary import Colour
from zoobook.learn.drill import Drill, out_of_reach
from zoobook.learn.quiz import QuizSource, ScoreLine, ScoreSource

__all__ = ["DRILLS", "QUIZZES", "drill", "describe", "LINEUP_PICTURE", "GAME_PICTURE", "after_setup", "play_until"]

#: The pictures of the drills and quizzes, named (drawn by the Learn widgets, :func:`zoobook.widgets.drill.draw`):
#: a lineup as the lineup lesson draws it, a game as the game widget does.
LINEUP_PICTURE = "zoobook.widgets.fivebyfive_lineup:lineup_picture"
GAME_PICTURE = "zoobook.widgets.fivebyfive_game:game_picture"
#: The final bonus card of a chart question; the solo rank table of a rank question.
CHART_PICTURE = "zoobook.widgets.fivebyfive_learn:chart_card"
RANK_PICTURE = "zoobook.widgets.fivebyfive_learn:rank_card"


def describe(action) -> str:
    """An action in words (the game log's words, without its "lineup:" prefix).

    >>> describe(lu.Move("B3")), describe(Take(2, 0))
    ('move to B3', 'take row 2 slot 1')
    """
    return action_text(action).removeprefix("lineup: ")


# -- positions built with the engine ------------------------------------------------------------------
def after_setup(players: int = 1, seed: int = 0, **options) -> GameState:
    """A new game with the start tiles placed (the first legal placements): round 1, main phase."""
    state = GameState.new(players=players, seed=seed, **options)
    while state.phase == "setup":
        state.apply(state.legal_actions()[0])
    return state


def play_until(state: GameState, done, rng: random.Random, *, prefer=None, limit: int = 400) -> GameState:
    """Play random legal actions (never the whole-lineup shortcut) until ``done(state)``.

    *prefer(state, legal)* may return a preferred action (to steer towards a decision).
    """
    for _ in range(limit):
        if done(state) or state.is_terminal():
            return state
        legal = [a for a in state.legal_actions() if not isinstance(a, BestLineup)]
        choice = prefer(state, legal) if prefer else None
        state.apply(choice if choice is not None else rng.choice(legal))
    return state


def best_lineups(state: GameState, legal: list):
    """A *prefer* for :func:`play_until`: each lineup walked whole and best (a sensible zoo to ask about)."""
    return BestLineup() if state.phase == "lineup" and not state.lineup.path else None


def _tile_in_hand(state: GameState) -> str | None:
    hand = state.players[state.current_player].hand
    return hand[0][0] if hand else None


def _covered(state: GameState) -> str:
    return state.players[state.current_player].board.tiles[0].anchor.name


def _game_choices(state: GameState) -> list:
    """A handful of actions to offer at any decision of a game: some legal, some not."""
    if state.is_terminal():
        return [Take(1, 0), BestLineup()]
    if state.phase == "lineup":
        steps = [a for a in state.lineup.legal_actions() if isinstance(a, (lu.Move, lu.Place, lu.Stop))][:4]
        return ([BestLineup()] if not state.lineup.path else []) + steps + [Take(1, 0)]
    if state.phase == "setup":
        tile = _tile_in_hand(state)
        return [PlaceTile(tile, cell) for cell in ("A1", "C1", "C3", "A3", "E3", "C5")]
    if not state.pending:
        return [Take(row, slot) for row in (1, 2, 3, 4, 5) for slot in (0,)] + [Take(6, 4), RowEffect()]
    kind = state.pending[0][0]
    if kind == "effect":
        return [RowEffect(), TakeDoor(), Take(1, 0)]
    if kind == "popularity":
        names = [t.name for t in state.players[state.current_player].board.tiles]
        return [ChoosePopularity(name) for name in names[:4]] + [ChoosePopularity("E5"), TakeDoor()]
    if kind == "special":
        return [ChooseSpecial(card) for card in state.mainboard.specials] + [TakeDoor()]
    if kind == "meeple":
        return [ChooseMeeple(colour) for colour in "RBGYK"] + [TakeDoor()]
    tile = _tile_in_hand(state)
    board = state.players[state.current_player].board
    spots = [c.name for c in anchors(components().tile(tile), board)][:3]
    return [PlaceTile(tile, cell) for cell in spots] + [PlaceTile(tile, _covered(state)), DiscardTile(tile),
                                                         Take(1, 1)]


def _solve(start, steps) -> tuple:
    """The actions *steps(state)* yields one by one from ``start()`` (each may look at the state)."""
    state = start()
    actions = []
    for step in steps:
        action = step(state) if callable(step) else step
        state.apply(action)
        actions.append(action)
    return tuple(actions)


# -- setup -----------------------------------------------------------------------------------------
SETUP_SEED = 3


def _setup_start() -> GameState:
    return GameState.new(players=1, seed=SETUP_SEED)


_SETUP = Drill(
    "drill-setup-start-tiles", "setup", "Set up your zoo",
    "Get both of your start tiles onto your zoo board, where the setup rules put them.",
    ("F-SETUP-5", "F1"), start=_setup_start, choices=_game_choices, reached=lambda s: s.phase != "setup",
    solution=_solve(_setup_start, [lambda s: PlaceTile(_tile_in_hand(s), "C1"),
                                   lambda s: PlaceTile(_tile_in_hand(s), "A3")]),
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
    return _game_choices(state)


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
    tile = _tile_in_hand(state)
    if tile is None:
        return []
    return ([PlaceTile(tile, cell) for cell in ("C1", "B1", "D2", "B4", "E5")] + [DiscardTile(tile), Take(1, 0)])


_PLACEMENT = Drill(
    "drill-placement", "placement", "Find room for a large tile",
    "Finish your turn with the large tile you took on your zoo board.",
    ("F-PLACEMENT-1", "F-PLACEMENT-2", "F-PLACEMENT-4"), start=_placement_start, choices=_placement_choices,
    reached=lambda s: s.turns[0] == 1 and not s.pending,
    solution=_solve(_placement_start, [lambda s: next(PlaceTile(_tile_in_hand(s), c) for c in ("D2", "B4", "E5")
                                                      if s.refusal(PlaceTile(_tile_in_hand(s), c)) is None)]),
    describe=describe, picture=GAME_PICTURE)


# -- popularity ----------------------------------------------------------------------------------------
def _corner_start() -> GameState:
    state = after_setup(1, TURN_SEED, condition="A")
    state.apply(Take(1, 0))
    return state


def _corner_choices(state: GameState) -> list:
    tile = _tile_in_hand(state)
    if tile is None:
        return []
    return [PlaceTile(tile, cell) for cell in ("B2", "A1", "E5", "C3", _covered(state))]


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
    solution=_solve(_corner_start, [lambda s: PlaceTile(_tile_in_hand(s), "A1")]),
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
    return _game_choices(state)


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
    solution=_solve(_special_start, [Take(3, 0), RowEffect(),
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
    tile = _tile_in_hand(state)
    if tile is not None and state.pending and state.pending[0][0] == "place":
        return [PlaceTile(tile, cell) for cell in ("B2", "D1", "C4", "E5", "A1")]
    return _game_choices(state)


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
    solution=_solve(_final_start, [lambda s: next(a for a in _final_choices(s) if s.refusal(a) is None),
                                   lambda s: TakeDoor() if s.pending[0][0] == "effect" else RowEffect(),
                                   lambda s: PlaceTile(_tile_in_hand(s), "D1")]),
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
    return _game_choices(state)


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
    solution=_solve(_solo_start, [Take(4, 0), TakeDoor(),
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


# -- quizzes: real engine states, actions to judge, scores to count -------------------------------------------
def _main_board_text(state: GameState) -> str:
    rows = " | ".join(f"{n}: " + " ".join(t or "--" for t in tiles) for n, tiles in enumerate(state.mainboard.rows, 1))
    return f"Main board rows {rows}."


def _any_cell(rng: random.Random) -> str:
    return rng.choice(ALL_CELLS).name


def _setup_states(rng: random.Random) -> GameState:
    state = GameState.new(players=rng.randint(1, 4), seed=rng.randrange(10**6))
    for _ in range(rng.randrange(3)):
        state.apply(rng.choice(state.legal_actions()))
    return state


def _setup_candidates(state: GameState, rng: random.Random) -> list:
    tile = _tile_in_hand(state)
    board = state.players[state.current_player].board
    taken = [t.anchor.name for t in board.tiles]
    free = [c for c in ("C1", "A3", "E3", "C5") if c not in taken]
    return ([PlaceTile(tile, rng.choice(free)), PlaceTile(tile, rng.choice(free)), PlaceTile(tile, _any_cell(rng))]
            + ([PlaceTile(tile, rng.choice(taken))] if taken else []) + [Take(1, 0)])


def _setup_context(state: GameState) -> str:
    placed = sorted(t.anchor.name for t in state.players[state.current_player].board.tiles)
    return (f"Setup, {len(state.players)} player(s): player {state.current_player} has start tiles on "
            f"{', '.join(placed) or 'no cell yet'}.")


def _main_state(rng: random.Random, players=None) -> GameState:
    """A main phase position of a random game: some turns into a random round."""
    state = after_setup(players or rng.randint(1, 4), rng.randrange(10**6))
    round_ = rng.choice((1, 1, 2, 3))
    turns = rng.randrange(4)
    return play_until(state, lambda s: s.round >= round_ and s.phase == "main" and s.turns[s.current_player] >= turns
                      and not s.pending or s.round > round_, rng, prefer=best_lineups, limit=900)


def _turn_states(rng: random.Random) -> GameState:
    state = _main_state(rng)
    if state.phase == "main" and rng.random() < 0.4:        # half a turn on: the row's effect to use
        rows = [a for a in state.legal_actions() if isinstance(a, Take) and 2 <= a.row <= 5]
        if rows:
            state.apply(rng.choice(rows))
    return state


def _turn_candidates(state: GameState, rng: random.Random) -> list:
    if state.phase != "main":
        return [Take(1, 0), RowEffect()]
    if state.pending and state.pending[0][0] == "effect":
        tile = _tile_in_hand(state) or "T01"
        return [RowEffect(), TakeDoor(), Take(rng.randint(1, 6), 0), PlaceTile(tile, _any_cell(rng))]
    slots = sorted(state.mainboard.slots())
    empty = [(r, c) for r in range(1, 7) for c in range(len(state.mainboard.rows[r - 1]))
             if (r, c) not in slots]
    return ([Take(*rng.choice(slots)) for _ in range(2)] + ([Take(*rng.choice(empty))] if empty else [])
            + [rng.choice((RowEffect(), TakeDoor()))])


def _turn_context(state: GameState) -> str:
    if state.phase != "main":
        return f"Round {state.round}, {state.phase} phase."
    if state.pending:
        return (f"Round {state.round}: player {state.current_player} took {_tile_in_hand(state)} from row "
                f"{state.pending[0][1]}.")
    return f"Round {state.round}, player {state.current_player} to start a turn. {_main_board_text(state)}"


def _steer(kind: str, rows: tuple[int, ...]):
    """A *prefer* for :func:`play_until`: take from *rows* and use the effect, to reach a *kind* decision."""
    def prefer(state: GameState, legal: list):
        for action in legal:
            if isinstance(action, Take) and action.row in rows:
                return action
        if state.pending and state.pending[0][0] == "effect" and kind != "place":
            return RowEffect() if RowEffect() in legal else None
        return None
    return prefer


def _pending_states(kind: str, rows: tuple[int, ...], players=None):
    def states(rng: random.Random) -> GameState:
        state = _main_state(rng, players)
        return play_until(state, lambda s: bool(s.pending) and s.pending[0][0] == kind, rng,
                          prefer=_steer(kind, rows))
    return states


def _placement_candidates(state: GameState, rng: random.Random) -> list:
    tile = _tile_in_hand(state)
    if tile is None:
        return [Take(1, 0)]
    board = state.players[state.current_player].board
    covered = [c.name for t in board.tiles for c in t.cells]
    spots = [c.name for c in anchors(components().tile(tile), board)]
    other = rng.choice([t.id for t in components().tiles if t.id != tile])
    return (([PlaceTile(tile, rng.choice(spots))] if spots else []) + [PlaceTile(tile, rng.choice(covered))]
            + [PlaceTile(other, rng.choice(spots or covered)), DiscardTile(tile), Take(1, 0)])


def _placement_context(state: GameState) -> str:
    tile = _tile_in_hand(state)
    board = state.players[state.current_player].board
    covered = " ".join(sorted(c.name for t in board.tiles for c in t.cells))
    return f"Tile to place: {tile}; covered cells: {covered or 'none'}."


def _popularity_candidates(state: GameState, rng: random.Random) -> list:
    board = state.players[state.current_player].board
    names = [t.name for t in board.tiles]
    popular = [t.name for t in board.tiles if board.is_popular(t)]
    empty = [c.name for c in ALL_CELLS if board.tile_at(c.name) is None]
    return ([ChoosePopularity(rng.choice(names)), ChoosePopularity(rng.choice(names))]
            + ([ChoosePopularity(rng.choice(empty))] if empty else [])
            + ([ChoosePopularity(rng.choice(popular))] if popular else []) + [TakeDoor()])


def _popularity_context(state: GameState) -> str:
    board = state.players[state.current_player].board
    tiles = " ".join(t.name + ("*" if board.is_popular(t) else "") for t in board.tiles)
    return f"Row 2's popularity token to place; your tiles (* has a token): {tiles}."


def _special_states(rng: random.Random) -> GameState:
    kind = rng.choice(("special", "meeple"))
    return _pending_states(kind, (3,) if kind == "special" else (5,))(rng)


def _special_candidates(state: GameState, rng: random.Random) -> list:
    if state.pending and state.pending[0][0] == "meeple":
        offered = state.mainboard.meeples
        return (([ChooseMeeple(rng.choice(offered))] if offered else []) + [ChooseMeeple(rng.choice("RBGYK")),
                ChooseSpecial(rng.choice(state.mainboard.specials or ("S01",)))])
    every = [c.id for c in components().special_cards]
    offered = list(state.mainboard.specials) if state.mainboard else []
    return (([ChooseSpecial(rng.choice(offered))] if offered else []) + [ChooseSpecial(rng.choice(every)),
                                                                   ChooseMeeple(rng.choice("RBGYK"))])


def _special_context(state: GameState) -> str:
    if state.pending and state.pending[0][0] == "meeple":
        return f"Row 5's effect: take a regular meeple; on the main board: {state.mainboard.meeples or 'none'}."
    offered = ", ".join(f"{c} ({components_special(c).effect})" for c in state.mainboard.specials)
    return f"Row 3's effect: choose a special card; on the main board: {offered or 'none'}."


def _walled_in(state: lu.LineupState) -> bool:
    """Whether a wall without a door stops some move from where the visitor stands (rule F7 to ask about)."""
    return any((why := state.refusal(lu.Move(t.name))) is not None and why.rule == "F7" for t in state.board.tiles)


def _random_lineup(rng: random.Random) -> lu.LineupState:
    """A random lineup position; half of them next to a wall without a door (a few draws at most)."""
    if rng.random() < 0.5:
        return _random_lineup_once(rng)
    for _ in range(4):
        puzzle = random_lineup_puzzle(rng, cells=rng.randint(14, 25), max_cubes=8)
        state = lu.LineupState.start(puzzle.board, puzzle.gate, cubes=puzzle.cubes, meeples=puzzle.meeples,
                                     doors=puzzle.doors)
        for _ in range(12):                   # walk until a wall without a door is in the way
            if _walled_in(state):
                return state
            moves = [a for a in state.legal_actions() if isinstance(a, (lu.Move, lu.Place))]
            if not moves:
                break
            state.apply(rng.choice(moves))
    return state


def _random_lineup_once(rng: random.Random) -> lu.LineupState:
    """A random zoo (12 to 25 cells covered), a random hand, a few random lineup steps taken."""
    puzzle = random_lineup_puzzle(rng, cells=rng.randint(12, 25), max_cubes=8)
    state = lu.LineupState.start(puzzle.board, puzzle.gate, cubes=puzzle.cubes, meeples=puzzle.meeples,
                                 doors=puzzle.doors)
    for _ in range(rng.randrange(5)):
        actions = [a for a in state.legal_actions() if not isinstance(a, lu.Stop)]
        if not actions:
            break
        state.apply(rng.choice(actions))
    places = [a for a in state.legal_actions() if isinstance(a, lu.Place)]
    if state.awaiting_placement and places and rng.random() < 0.7:     # mostly a visitor ready to move on
        state.apply(rng.choice(places))
    return state


def _borders_here(state: lu.LineupState) -> list[str]:
    """The borders of the cell the visitor stands on (or of the gate cells), as buttons name them."""
    cells = [state.path[-1]] if state.path else [t.name for t in state.board.tiles][:2]
    return [f"{cell}:{side}" for cell in cells for side in "NESW"]


def _lineup_candidates(state: lu.LineupState, rng: random.Random) -> list:
    names = [t.name for t in state.board.tiles]
    empty = [c.name for c in ALL_CELLS if state.board.tile_at(c.name) is None]
    moves = [lu.Move(name) for name in names]          # every tile: each rule a move can break is asked about
    steps = [a for a in state.legal_actions() if isinstance(a, (lu.Move, lu.Place))]
    large = [t for t in state.board.tiles if len(t.cells) == 2]
    inner = [lu.PlaceDoor(f"{large[0].cells[0].name}:{side}") for side in "ES"] if large and state.hand.doors else []
    off_board = [lu.Move(rng.choice(("F3", "A6", "E0")))] if rng.random() < 0.3 else []
    return (moves + ([lu.Move(rng.choice(empty))] if empty else []) + off_board
            + [lu.Place(c) for c in rng.sample(list(Colour), 2)] + steps[:2] + inner)


def _lineup_context(state: lu.LineupState) -> str:
    where = f"on {state.path[-1]}" if state.path else f"at the {state.gate} gate"
    visited = ", ".join(state.path) or "none"
    return (f"Standing {where} (visited: {visited}); cubes {state.hand.cubes or '-'}, "
            f"meeples {state.hand.meeples or '-'}, doors {state.hand.doors}.")


def _lineup_game_states(rng: random.Random) -> GameState:
    state = after_setup(rng.randint(1, 3), rng.randrange(10**6))
    steps = rng.randrange(4)
    return play_until(state, lambda s: s.phase == "lineup" and len(s.lineup.path) >= steps, rng, limit=900)


def _lineup_game_candidates(state: GameState, rng: random.Random) -> list:
    if state.phase != "lineup":
        return [Take(1, 0)]
    steps = [a for a in state.lineup.legal_actions() if not isinstance(a, lu.Stop)]
    hand = state.players[state.current_player].hand
    return (steps[:2] + [Take(rng.randint(1, 6), 0), TakeDoor(), RowEffect()]
            + ([PlaceTile(hand[0][0], _any_cell(rng))] if hand else []) + [BestLineup()])


def _lineup_game_context(state: GameState) -> str:
    if state.phase != "lineup":
        return f"Round {state.round}, {state.phase} phase."
    line = state.lineup
    return (f"Round {state.round} lineup phase, player {state.current_player} from the {state.gate} gate: "
            f"visited {', '.join(line.path) or 'nothing yet'}.")


def _free_candidates(state: lu.LineupState, rng: random.Random) -> list:
    letters = "RBGYKW"
    cubes = "".join(rng.choice(state.hand.cubes + letters) for _ in range(rng.choice((2, 3, 3, 3))))
    own = "".join(rng.sample(state.hand.cubes, 3)) if len(state.hand.cubes) >= 3 else cubes
    names = [t.name for t in state.board.tiles]
    empty = [c.name for c in ALL_CELLS if state.board.tile_at(c.name) is None]
    edges = [f"{c}:{side}" for c, side in (("A1", "N"), ("A1", "W"), ("E5", "S"), ("E5", "E"), ("B1", "N"),
                                            ("A4", "W"), ("E2", "E"), ("D5", "S"))]
    gates = [f"{c}:{side}" for c, side in (("C1", "N"), ("A3", "W"), ("E3", "E"), ("C5", "S"))]
    doors = [f"{d}" for d in state.board.doors]
    return [lu.BuyDoor(rng.choice((cubes, own, own[:2] + (state.hand.meeples[:1] or "K")))),
            lu.BuyPopularity(rng.choice(names + empty), own),
            lu.PlaceDoor(rng.choice(_borders_here(state))), lu.PlaceDoor(rng.choice(edges)),
            lu.PlaceDoor(rng.choice(gates))] + ([lu.PlaceDoor(rng.choice(doors))] if doors else [])


# -- points questions: the engine's scoring, line by line -----------------------------------------------------
def _finished_lineup(rng: random.Random) -> lu.LineupState:
    """A random lineup walked at random to its end (a few tries for one that goes somewhere)."""
    for _ in range(10):
        state = _random_lineup(rng)
        if state.legal_actions() and any(isinstance(a, lu.Move) for a in state.legal_actions()):
            break
    for _ in range(30):
        actions = [a for a in state.legal_actions() if not isinstance(a, lu.Stop)]
        if not actions:
            break
        state.apply(rng.choice(actions))
    return state


def _lineup_score(state: lu.LineupState) -> list[ScoreLine]:
    score = state.score()
    return [ScoreLine(score.tiles, f"{score.tiles} visited tile(s)", "F11"),
            ScoreLine(score.popularity, f"{score.popularity} popularity token(s) on visited tiles", "F11"),
            ScoreLine(score.doors, f"{score.doors} door(s) crossed", "F11")]


def _scored_round(rng: random.Random) -> GameState:
    """A game just after a round's scoring phase (2-4 players or solo)."""
    state = after_setup(rng.choice((1, 2, 3, 4)), rng.randrange(10**6))
    round_ = rng.choice((1, 1, 2))
    return play_until(state, lambda s: s.round > round_, rng, prefer=best_lineups, limit=1500)


def _scored_seat(state: GameState) -> int:
    return state.start_player          # the seat asked about: whoever starts next (any seat would do)


def _round_score(state: GameState) -> list[ScoreLine]:
    seat = _scored_seat(state)
    result = state.players[seat].rounds[-1]
    award = (ScoreLine(result.award, f"solo bonus for {result.visitors} visitor(s)", "F-SOLO-4") if state.solo
             else ScoreLine(result.award, f"award for most visitors ({result.visitors} placed)", "F12"))
    return [ScoreLine(result.lineup, "the lineup score", "F11"), award,
            ScoreLine(result.requests, "request cards met", "F13")]


def _round_context(state: GameState) -> str:
    seat = _scored_seat(state)
    rounds = len(state.players[seat].rounds)
    visitors = ", ".join(f"player {p.seat} {p.rounds[-1].visitors}" for p in state.players)
    return (f"Round {rounds} is over ({len(state.players)} player(s)); visitors placed: {visitors}; "
            f"player {seat}'s lineup scored {state.players[seat].rounds[-1].lineup} "
            f"and met requests worth {state.players[seat].rounds[-1].requests}.")


_BONUS_RULE = {"A": "F-FINAL-4", "B": "F-FINAL-4", "G": "F-FINAL-4", "C": "F-FINAL-5", "D": "F-FINAL-6",
               "E": "F-FINAL-7", "F": "F-FINAL-7", "H": "F-FINAL-8"}
_SPECIAL_RULE = {"three-points": "F-SPECIAL-2"}


def _finished_game(rng: random.Random) -> GameState:
    state = after_setup(rng.choice((1, 2)), rng.randrange(10**6))
    return play_until(state, lambda s: False, rng, prefer=best_lineups, limit=2500)


def _last_lineup_or_end(rng: random.Random) -> GameState:
    """Round 3's lineup, a few steps in, or the game over."""
    state = after_setup(rng.choice((1, 2)), rng.randrange(10**6))
    if rng.random() < 0.5:
        return _finished_game(rng)
    steps = rng.randrange(3)
    return play_until(state, lambda s: s.round == 3 and s.phase == "lineup" and len(s.lineup.path) >= steps, rng,
                      prefer=lambda s, legal: best_lineups(s, legal) if s.round < 3 else None, limit=2500)


def _last_lineup_candidates(state: GameState, rng: random.Random) -> list:
    if state.is_terminal():
        return [Take(1, 0), BestLineup(), lu.Stop(), TakeDoor()]
    steps = [a for a in state.lineup.legal_actions() if isinstance(a, (lu.Move, lu.Place, lu.Stop))]
    return rng.sample(steps, min(2, len(steps))) + [Take(1, 0)]


def _last_lineup_context(state: GameState) -> str:
    if state.is_terminal():
        return f"The game is over: final scores {state.returns()}."
    return (f"Round 3 lineup phase, player {state.current_player} from the {state.gate} gate: "
            f"visited {', '.join(state.lineup.path) or 'nothing yet'}.")


def _final_score(state: GameState) -> list[ScoreLine]:
    lines = []
    for name, points in state.players[0].final:
        if name.startswith("bonus "):
            letter = name.split()[1]
            lines.append(ScoreLine(points, f"bonus card {letter}", _BONUS_RULE[letter]))
        elif name.startswith("special "):
            effect = components_special(name.split()[1]).effect
            lines.append(ScoreLine(points, f"special card {name.split()[1]} ({effect})",
                                   _SPECIAL_RULE.get(effect, "F-SPECIAL-1")))
        else:
            lines.append(ScoreLine(points, "stars on your tiles", "F-FINAL-3"))
    return lines


def _final_context(state: GameState) -> str:
    cards = ", ".join(state.bonus_cards)
    specials = ", ".join(f"{c} ({components_special(c).effect})" for c in state.players[0].specials) or "none"
    return (f"The game is over. Final bonus cards {cards}; player 0's special cards: {specials}; "
            f"round 3 visitors: {len(state.players[0].round3.visitors)}.")


def _chart_question(rng: random.Random) -> tuple[str, int]:
    """A bonus card and its count: the chart is the question (no board)."""
    letter = rng.choice(sorted(_BONUS_RULE))
    return letter, rng.randrange(0, 20 if letter in "AB" else 4 if letter == "G" else 13)


def _chart_score(ask: tuple[str, int]) -> list[ScoreLine]:
    letter, count = ask
    return [ScoreLine(chart_points(letter, count), f"bonus card {letter} with a count of {count}, on its chart",
                      "F17")]


def _chart_ask(ask: tuple[str, int]) -> str:
    letter, count = ask
    return (f"Final bonus card {letter} ({FINAL_BONUS_CARDS[letter].text}) counts {count}. "
            "How many points does it give?")


def _winner(state: GameState) -> int:
    return state.ranking()[0]


def _winner_lines(state: GameState) -> list[ScoreLine]:
    return [ScoreLine(p.score, f"player {p.seat}: {p.popularity_tokens} popularity token(s), "
                               f"{len(p.board.tiles)} tiles", "F-FINAL-9") for p in state.players]


def _close_finish(rng: random.Random) -> GameState:
    """A finished 2-4 player game, the top two scores at most 3 apart when the draw allows."""
    best = None
    for _ in range(3):
        state = after_setup(rng.choice((2, 3, 4)), rng.randrange(10**6))
        state = play_until(state, lambda s: False, rng, prefer=best_lineups, limit=3000)
        scores = sorted(state.returns(), reverse=True)
        if best is None or scores[0] - scores[1] < best[0]:
            best = (scores[0] - scores[1], state)
        if best[0] <= 3:
            break
    return best[1]


def _winner_context(state: GameState) -> str:
    players = "; ".join(f"player {p.seat} {p.score} points, {p.popularity_tokens} token(s), {len(p.board.tiles)} "
                        "tiles" for p in state.players)
    return f"Final scores: {players}; start player {state.start_player}."


def _rank_score(rng: random.Random) -> int:
    """A final solo score: the rank table is the question (no board)."""
    return rng.randrange(40, 175)


def _rank_lines(score: int) -> list[ScoreLine]:
    return [ScoreLine(score, "final solo score", "F19")]


def _rank_choices(score: int) -> list[str]:
    names = [name for _, name in RANKS]
    at = names.index(solo_rank(score))
    return names[max(0, at - 2):at + 2]


QUIZZES: tuple[QuizSource | ScoreSource, ...] = (
    QuizSource("setup", _setup_states, _setup_candidates, describe, _setup_context, GAME_PICTURE,
               rules=("F-SETUP-5",)),
    QuizSource("turn", _turn_states, _turn_candidates, describe, _turn_context, GAME_PICTURE,
               rules=("F15", "F-TURN-6", "F-TURN-7", "F-PLACEMENT-4")),
    QuizSource("placement", _pending_states("place", (1, 6)), _placement_candidates, describe,
               _placement_context, GAME_PICTURE, rules=("F-PLACEMENT-1", "F-PLACEMENT-2", "F-PLACEMENT-4")),
    QuizSource("popularity", _pending_states("popularity", (2,)), _popularity_candidates, describe,
               _popularity_context, GAME_PICTURE, rules=("F10", "F-TURN-8")),
    QuizSource("specials", _special_states, _special_candidates, describe, _special_context, GAME_PICTURE,
               rules=("F-TURN-9", "F-TURN-11")),
    QuizSource("lineup", _random_lineup, _lineup_candidates, describe, _lineup_context, LINEUP_PICTURE,
               rules=("F1", "F4", "F5", "F6", "F7", "F21")),
    QuizSource("lineup", _lineup_game_states, _lineup_game_candidates, describe, _lineup_game_context,
               GAME_PICTURE, rules=("F-LINEUP-1", "F4", "F6", "F7")),
    QuizSource("free", _random_lineup, _free_candidates, describe, _lineup_context, LINEUP_PICTURE,
               rules=("F9", "F-FREE-1", "F21", "F8", "F5", "F10", "F-TURN-8")),
    ScoreSource("scoring", _finished_lineup, _lineup_score, "How many points does this lineup score?",
                _lineup_context, LINEUP_PICTURE, rules=("F11",)),
    ScoreSource("scoring", _scored_round, _round_score, lambda s: f"How many points did player {_scored_seat(s)} "
                "score in this round's scoring phase?", _round_context, GAME_PICTURE,
                rules=("F11", "F12", "F13", "F-SOLO-4")),
    QuizSource("final", _last_lineup_or_end, _last_lineup_candidates, describe, _last_lineup_context, GAME_PICTURE,
               rules=("F-FINAL-1", "F-LINEUP-1")),
    ScoreSource("final", _finished_game, _final_score, "How many points does player 0's final scoring add?",
                _final_context, GAME_PICTURE,
                rules=("F-FINAL-3", "F-FINAL-4", "F-FINAL-5", "F-FINAL-6", "F-FINAL-7", "F-FINAL-8",
                       "F-SPECIAL-1", "F-SPECIAL-2")),
    ScoreSource("final", _chart_question, _chart_score, _chart_ask, picture=CHART_PICTURE, rules=("F17",)),
    ScoreSource("final", _close_finish, _winner_lines, "Who wins?", _winner_context, GAME_PICTURE,
                rules=("F-FINAL-9",), answer=_winner, choices=lambda s: range(len(s.players)),
                label=lambda seat: f"player {seat}"),
    QuizSource("solo", lambda rng: _main_state(rng, 1), _turn_candidates, describe, _turn_context, GAME_PICTURE,
               rules=("F15", "F-TURN-6")),
    ScoreSource("solo", _rank_score, _rank_lines, lambda score: f"A solo game ends with {score} points. Which rank?",
                picture=RANK_PICTURE, rules=("F19",), answer=solo_rank, choices=_rank_choices, label=str),
)
