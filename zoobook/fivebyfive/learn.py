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
from functools import cache

from zoobook.fivebyfive import lineup as lu
from zoobook.fivebyfive.board import ALL_CELLS, Board, Cell, Tile
from zoobook.fivebyfive.game import (BestLineup, ChooseMeeple, ChoosePopularity, ChooseSpecial, DiscardTile,
                                     GameState, PlaceTile, RowEffect, Take, TakeDoor, action_text,
                                     components_special)
from zoobook.fivebyfive.components import anchors, components
from zoobook.fivebyfive.lineup_generator import random_lineup_puzzle
from zoobook.fivebyfive.vocabulary import Colour
from zoobook.learn.drill import Drill
from zoobook.learn.quiz import QuizSource

__all__ = ["DRILLS", "QUIZZES", "drill", "describe", "LINEUP_PICTURE", "GAME_PICTURE", "after_setup", "play_until"]

#: The pictures of the drills and quizzes, named (drawn by the Learn widgets, :func:`zoobook.widgets.drill.draw`):
#: a lineup as the lineup lesson draws it, a game as the game widget does.
LINEUP_PICTURE = "zoobook.widgets.fivebyfive_lineup:lineup_picture"
GAME_PICTURE = "zoobook.widgets.fivebyfive_game:game_picture"


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
    "drill-setup-start-tiles", "setup", "Two start tiles on the red squares",
    "Place both start tiles: they go on the red squares, the cells beside the gates.",
    ("F-SETUP-5", "F3"), start=_setup_start, choices=_game_choices, reached=lambda s: s.phase != "setup",
    solution=_solve(_setup_start, [lambda s: PlaceTile(_tile_in_hand(s), "C1"),
                                   lambda s: PlaceTile(_tile_in_hand(s), "A3")]),
    describe=describe, picture=GAME_PICTURE)


# -- a turn ----------------------------------------------------------------------------------------
TURN_SEED = 5


def _turn_start() -> GameState:
    return after_setup(1, TURN_SEED)


def _door_turn_done(state: GameState) -> bool:
    return state.players[0].doors == 2 and state.turns[0] == 1 and not state.pending


_TURN = Drill(
    "drill-turn-door", "turn", "A turn: take, effect or door, place",
    "Take the tile of row 2, take a door token instead of its effect, then place the tile.",
    ("F-TURN-6", "F-TURN-7", "F-TURN-5"), start=_turn_start, choices=_game_choices, reached=_door_turn_done,
    solution=_solve(_turn_start, [Take(2, 0), TakeDoor(),
                                  lambda s: next(a for a in s.legal_actions() if isinstance(a, PlaceTile))]),
    describe=describe, picture=GAME_PICTURE)


# -- placing tiles ----------------------------------------------------------------------------------
def _placement_start() -> GameState:
    state = after_setup(1, TURN_SEED)
    state.apply(Take(1, 0))       # row 1 has no effect: the tile waits to be placed
    return state


_PLACEMENT = Drill(
    "drill-placement", "placement", "Place the tile you took",
    "Place the tile taken this turn on an open space of your zoo.",
    ("F-PLACEMENT-1", "F-PLACEMENT-2"), start=_placement_start, choices=_game_choices,
    reached=lambda s: s.turns[0] == 1 and not s.pending,
    solution=_solve(_placement_start, [lambda s: next(a for a in s.legal_actions() if isinstance(a, PlaceTile))]),
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


_POPULARITY = Drill(
    "drill-popularity-corner", "popularity", "Condition A: four corners",
    "This game's popularity condition is A (Four Corners): earn a popularity token with the tile you place.",
    ("F-POPULARITY-2", "F-POPULARITY-1"), start=_corner_start, choices=_corner_choices,
    reached=lambda s: bool(s.players[0].board.popular),
    solution=_solve(_corner_start, [lambda s: PlaceTile(_tile_in_hand(s), "A1")]),
    describe=describe, picture=GAME_PICTURE)


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
    return _game_choices(state)


_SPECIALS = Drill(
    "drill-specials-door", "specials", "A special card from row 3",
    "Take the row-3 tile, use the row's effect and choose the special card that gives a door token and a cube.",
    ("F-TURN-9", "F-SPECIAL-4"), start=_special_start, choices=_special_choices,
    reached=lambda s: has_special(s, "door-and-cube"),
    solution=_solve(_special_start, [Take(3, 0), RowEffect(),
                                     lambda s: next(ChooseSpecial(c) for c in s.mainboard.specials
                                                    if components_special(c).effect == "door-and-cube")]),
    describe=describe, picture=GAME_PICTURE)


# -- the lineup -----------------------------------------------------------------------------------------
def _colours_start() -> lu.LineupState:
    board = Board((Tile.make("A3", "bird"), Tile.make("B3", "carnivore")))
    return lu.LineupState.start(board, "W", cubes="RW")


_COLOURS = Drill(
    "drill-lineup-colours", "lineup", "Each visitor to its colour",
    "Visit both tiles: a bird takes yellow or the wild white cube, a carnivore red.",
    ("F6",), start=_colours_start,
    choices=lambda s: [lu.Move("A3"), lu.Move("B3"), lu.Place(Colour.RED), lu.Place(Colour.YELLOW),
                       lu.Place(Colour.WHITE)],
    reached=lambda s: len(s.placed) == 2,
    solution=(lu.Move("A3"), lu.Place(Colour.WHITE), lu.Move("B3"), lu.Place(Colour.RED)),
    describe=describe, picture=LINEUP_PICTURE)


def _doors_start() -> lu.LineupState:
    board = Board((Tile.make("A3", "carnivore"), Tile.make("B3", "bird", walls=["B3:W"])))
    return lu.LineupState.start(board, "W", cubes="RY", doors=1)


_DOORS = Drill(
    "drill-lineup-doors", "lineup", "A door in the wall",
    "Walk a visitor from the W gate to the carnivore, then through a door to the bird.",
    ("F7", "F4"), start=_doors_start,
    choices=lambda s: [lu.Move("A3"), lu.Move("B3"), lu.Place(Colour.RED), lu.Place(Colour.YELLOW),
                       lu.PlaceDoor("A3:E")],
    reached=lambda s: len(s.placed) == 2,
    solution=(lu.Move("A3"), lu.Place(Colour.RED), lu.PlaceDoor("A3:E"), lu.Move("B3"), lu.Place(Colour.YELLOW)),
    describe=describe, picture=LINEUP_PICTURE)


def _large_start() -> lu.LineupState:
    board = Board((Tile.make(["A3", "B3"], "park"), Tile.make("C3", "herbivore"), Tile.make("A2", "bird")))
    return lu.LineupState.start(board, "W", cubes="GY")


_LARGE = Drill(
    "drill-lineup-large", "lineup", "Through a large tile",
    "Walk through the large park (one tile, one visitor) to the herbivore beyond it.",
    ("F5", "F4"), start=_large_start,
    choices=lambda s: [lu.Move("A3"), lu.Move("C3"), lu.Move("A2"), lu.Place(Colour.GREEN),
                       lu.Place(Colour.YELLOW)],
    reached=lambda s: "C3" in s.path[:len(s.placed)],
    solution=(lu.Move("A3"), lu.Place(Colour.YELLOW), lu.Move("C3"), lu.Place(Colour.GREEN)),
    describe=describe, picture=LINEUP_PICTURE)


# -- free actions -----------------------------------------------------------------------------------------
def _free_start() -> lu.LineupState:
    board = Board((Tile.make("A3", "carnivore"), Tile.make("B3", "bird", walls=["B3:W"])))
    return lu.LineupState.start(board, "W", cubes="RYBBG", meeples="K")


_FREE = Drill(
    "drill-free-door", "free", "Three cubes buy a door",
    "Reach the bird behind the wall: pay three spare cubes for a door and place it.",
    ("F9", "F-FREE-1"), start=_free_start,
    choices=lambda s: [lu.Move("A3"), lu.Place(Colour.RED), lu.BuyDoor("BGK"), lu.BuyDoor("BBG"),
                       lu.PlaceDoor("A3:E"), lu.Move("B3"), lu.Place(Colour.YELLOW)],
    reached=lambda s: "B3" in s.path[:len(s.placed)],
    solution=(lu.Move("A3"), lu.Place(Colour.RED), lu.BuyDoor("BBG"), lu.PlaceDoor("A3:E"), lu.Move("B3"),
              lu.Place(Colour.YELLOW)),
    describe=describe, picture=LINEUP_PICTURE)


# -- scoring -----------------------------------------------------------------------------------------------
def _scoring_start() -> lu.LineupState:
    board = Board((Tile.make("A3", "carnivore"), Tile.make("B3", "bird", walls=["B3:W"]),
                   Tile.make("A2", "herbivore")), popular=frozenset({Cell.parse("A3")}))
    return lu.LineupState.start(board, "W", cubes="RYG", doors=1)


_SCORING = Drill(
    "drill-scoring-lineup", "scoring", "Score 4 in one lineup",
    "Score 4 points: 1 per visited tile, 1 per popularity token on a visited tile, 1 per door crossed.",
    ("F11", "F8"), start=_scoring_start,
    choices=lambda s: [lu.Move("A3"), lu.Move("A2"), lu.Move("B3"), lu.Place(Colour.RED), lu.Place(Colour.GREEN),
                       lu.Place(Colour.YELLOW), lu.PlaceDoor("A3:E"), lu.Stop()],
    reached=lambda s: s.score().total >= 4,
    solution=(lu.Move("A3"), lu.Place(Colour.RED), lu.PlaceDoor("A3:E"), lu.Move("B3"), lu.Place(Colour.YELLOW)),
    describe=describe, picture=LINEUP_PICTURE)


# -- the end of the game ---------------------------------------------------------------------------------
FINAL_SEED = 8


def _final_start() -> GameState:
    state = after_setup(1, FINAL_SEED)
    return play_until(state, lambda s: s.round == 3 and s.phase == "lineup", random.Random(FINAL_SEED))


_FINAL = Drill(
    "drill-final-scoring", "final", "The end of the game",
    "Finish round 3's lineup (the best lineup in one click) and read the final scoring.",
    ("F-FINAL-2", "F-FINAL-1"), start=_final_start, choices=_game_choices, reached=lambda s: s.is_terminal(),
    solution=(BestLineup(),), describe=describe, picture=GAME_PICTURE)


# -- solo --------------------------------------------------------------------------------------------------
def _solo_start() -> GameState:
    return after_setup(1, TURN_SEED)


def _solo_choices(state: GameState) -> list:
    if state.phase == "main" and not state.pending:
        return [Take(row, slot) for row in (1, 2, 3) for slot in (0, 1)] + [Take(6, 2)]
    return _game_choices(state)


_SOLO = Drill(
    "drill-solo-ai", "solo", "The solo AI removes a tile",
    "Play two turns from column 1: after each, the AI removes the first tile below yours in that column.",
    ("F-SOLO-2", "F-SOLO-1"), start=_solo_start, choices=_solo_choices,
    reached=lambda s: s.turns[0] >= 2 and not s.pending,
    solution=_solve(_solo_start, [Take(1, 0), lambda s: next(a for a in s.legal_actions() if isinstance(a, PlaceTile)),
                                  Take(3, 0), TakeDoor(),
                                  lambda s: next(a for a in s.legal_actions() if isinstance(a, PlaceTile))]),
    describe=describe, picture=GAME_PICTURE)


DRILLS: tuple[Drill, ...] = (_SETUP, _TURN, _PLACEMENT, _POPULARITY, _SPECIALS, _COLOURS, _DOORS, _LARGE, _FREE,
                             _SCORING, _FINAL, _SOLO)


def drill(drill_id: str) -> Drill:
    """The drill with this id (= its notebook cell id)."""
    for item in DRILLS:
        if item.id == drill_id:
            return item
    raise KeyError(f"no 5x5 drill {drill_id!r} (drills: {', '.join(d.id for d in DRILLS)})")


# -- quizzes: real engine states, actions to judge ----------------------------------------------------------
def _seeded_game(rng: random.Random, players=None, **options) -> GameState:
    return GameState.new(players=players or rng.randint(1, 4), seed=rng.randrange(10**6), **options)


def _main_board_text(state: GameState) -> str:
    rows = " | ".join(f"{n}: " + " ".join(t or "--" for t in tiles) for n, tiles in enumerate(state.mainboard.rows, 1))
    return f"Main board rows {rows}."


def _setup_states(rng: random.Random) -> GameState:
    state = _seeded_game(rng)
    for _ in range(rng.randrange(3)):
        state.apply(rng.choice(state.legal_actions()))
    return state


def _setup_candidates(state: GameState, rng: random.Random) -> list:
    tile = _tile_in_hand(state)
    cells = rng.sample([c.name for c in ALL_CELLS], 2) + [rng.choice(("C1", "E3", "C5", "A3"))]
    return [PlaceTile(tile, cell) for cell in cells] + [Take(1, 0)]


def _setup_context(state: GameState) -> str:
    placed = sorted(t.anchor.name for t in state.players[state.current_player].board.tiles)
    return (f"Setup, {len(state.players)} player(s): player {state.current_player} has start tiles on "
            f"{', '.join(placed) or 'no cell yet'}.")


def _turn_states(rng: random.Random) -> GameState:
    state = after_setup(rng.randint(1, 4), rng.randrange(10**6))
    turns = rng.randrange(6)
    return play_until(state, lambda s: s.phase == "main" and sum(s.turns) >= turns and not s.pending
                      or s.phase != "main", rng)


def _turn_candidates(state: GameState, rng: random.Random) -> list:
    if state.phase != "main":
        return [Take(1, 0)]
    slots = [Take(rng.randint(1, 6), rng.randrange(5)) for _ in range(3)]
    return slots + [rng.choice((RowEffect(), TakeDoor()))]


def _turn_context(state: GameState) -> str:
    if state.phase != "main":
        return f"Round {state.round}, {state.phase} phase."
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
        state = after_setup(players or rng.randint(1, 4), rng.randrange(10**6))
        turns = rng.randrange(4)
        state = play_until(state, lambda s: s.phase == "main" and sum(s.turns) >= turns, rng)
        return play_until(state, lambda s: bool(s.pending) and s.pending[0][0] == kind, rng,
                          prefer=_steer(kind, rows))
    return states


def _placement_candidates(state: GameState, rng: random.Random) -> list:
    tile = _tile_in_hand(state)
    if tile is None:
        return [Take(1, 0)]
    cells = rng.sample([c.name for c in ALL_CELLS], 3)
    return [PlaceTile(tile, cell) for cell in cells] + [DiscardTile(tile), Take(1, 0)]


def _placement_context(state: GameState) -> str:
    tile = _tile_in_hand(state)
    board = state.players[state.current_player].board
    covered = " ".join(sorted(c.name for t in board.tiles for c in t.cells))
    return f"Tile to place: {tile}; covered cells: {covered or 'none'}."


def _popularity_candidates(state: GameState, rng: random.Random) -> list:
    board = state.players[state.current_player].board
    names = [t.name for t in board.tiles]
    popular = [t.name for t in board.tiles if board.is_popular(t)]
    return ([ChoosePopularity(rng.choice(names)), ChoosePopularity(rng.choice([c.name for c in ALL_CELLS]))]
            + ([ChoosePopularity(rng.choice(popular))] if popular else []) + [TakeDoor()])


def _popularity_context(state: GameState) -> str:
    board = state.players[state.current_player].board
    tiles = " ".join(t.name + ("*" if board.is_popular(t) else "") for t in board.tiles)
    return f"Row 2's popularity token to place; your tiles (* has a token): {tiles}."


def _special_candidates(state: GameState, rng: random.Random) -> list:
    every = [c.id for c in components().special_cards]
    offered = list(state.mainboard.specials) if state.mainboard else []
    return ([ChooseSpecial(rng.choice(offered))] if offered else []) + [ChooseSpecial(rng.choice(every)),
                                                                       ChooseMeeple(rng.choice("RBGYK"))]


def _special_context(state: GameState) -> str:
    offered = ", ".join(f"{c} ({components_special(c).effect})" for c in state.mainboard.specials)
    return f"Row 3's effect: choose a special card; on the main board: {offered or 'none'}."


def _random_lineup(rng: random.Random) -> lu.LineupState:
    puzzle = random_lineup_puzzle(rng, max_cubes=8)
    state = lu.LineupState.start(puzzle.board, puzzle.gate, cubes=puzzle.cubes, meeples=puzzle.meeples,
                                 doors=puzzle.doors)
    for _ in range(rng.randrange(4)):
        actions = [a for a in state.legal_actions() if not isinstance(a, lu.Stop)]
        if not actions:
            break
        state.apply(rng.choice(actions))
    return state


def _lineup_candidates(state: lu.LineupState, rng: random.Random) -> list:
    names = [t.name for t in state.board.tiles]
    moves = [lu.Move(name) for name in rng.sample(names, min(3, len(names)))]
    steps = [a for a in state.legal_actions() if isinstance(a, (lu.Move, lu.Place))]
    return moves + [lu.Place(colour) for colour in rng.sample(list(Colour), 2)] + steps[:1] * 2


def _lineup_context(state: lu.LineupState) -> str:
    where = f"on {state.path[-1]}" if state.path else f"at the {state.gate} gate"
    visited = ", ".join(state.path) or "none"
    return (f"Standing {where} (visited: {visited}); cubes {state.hand.cubes or '-'}, "
            f"meeples {state.hand.meeples or '-'}, doors {state.hand.doors}.")


def _free_candidates(state: lu.LineupState, rng: random.Random) -> list:
    letters = "RBGYKW"
    cubes = "".join(rng.choice(state.hand.cubes + letters) for _ in range(rng.choice((2, 3, 3, 3))))
    names = [t.name for t in state.board.tiles]
    borders = [f"{rng.choice(names)}:{rng.choice('NESW')}"]
    return [lu.BuyDoor(cubes), lu.BuyPopularity(rng.choice(names), cubes), lu.PlaceDoor(borders[0])]


def _scoring_states(rng: random.Random) -> GameState:
    state = after_setup(rng.randint(1, 4), rng.randrange(10**6))
    steps = rng.randrange(3)
    return play_until(state, lambda s: s.phase == "lineup" and len(s.lineup.path) >= steps, rng)


def _scoring_candidates(state: GameState, rng: random.Random) -> list:
    if state.phase != "lineup":
        return [Take(1, 0)]
    steps = state.lineup.legal_actions()
    return [BestLineup(), lu.Stop(), rng.choice(steps), Take(1, 0)]


def _scoring_context(state: GameState) -> str:
    if state.phase != "lineup":
        return f"Round {state.round}, {state.phase} phase."
    line = state.lineup
    return (f"Round {state.round} lineup phase, player {state.current_player}: {len(line.placed)} visitor(s) "
            f"placed, {len(line.path) - len(line.placed)} tile(s) waiting for one.")


def _final_states(rng: random.Random) -> GameState:
    state = after_setup(rng.randint(1, 2), rng.randrange(10**6))
    if rng.random() < 0.5:
        return play_until(state, lambda s: False, rng, limit=600)          # to the end of the game
    return play_until(state, lambda s: s.round == 3 and s.phase == "lineup", rng, limit=600)


def _final_candidates(state: GameState, rng: random.Random) -> list:
    options = [Take(rng.randint(1, 6), rng.randrange(3)), BestLineup(), lu.Stop()]
    return options + ([] if state.is_terminal() else [rng.choice(state.legal_actions())])


def _final_context(state: GameState) -> str:
    if state.is_terminal():
        return f"The game is over: final scores {state.returns()}."
    line = state.lineup
    return (f"Round 3 lineup phase, player {state.current_player}: {len(line.placed)} visitor(s) placed; "
            f"scores so far {state.returns()}.")


def _solo_states(rng: random.Random) -> GameState:
    state = after_setup(1, rng.randrange(10**6))
    turns = rng.randrange(1, 5)
    return play_until(state, lambda s: s.turns[0] >= turns and not s.pending, rng)


QUIZZES: tuple[QuizSource, ...] = (
    QuizSource("setup", _setup_states, _setup_candidates, describe, _setup_context, GAME_PICTURE),
    QuizSource("turn", _turn_states, _turn_candidates, describe, _turn_context, GAME_PICTURE),
    QuizSource("placement", _pending_states("place", (1, 6)), _placement_candidates, describe,
               _placement_context, GAME_PICTURE),
    QuizSource("popularity", _pending_states("popularity", (2,)), _popularity_candidates, describe,
               _popularity_context, GAME_PICTURE),
    QuizSource("specials", _pending_states("special", (3,)), _special_candidates, describe, _special_context,
               GAME_PICTURE),
    QuizSource("lineup", _random_lineup, _lineup_candidates, describe, _lineup_context, LINEUP_PICTURE),
    QuizSource("free", _random_lineup, _free_candidates, describe, _lineup_context, LINEUP_PICTURE),
    QuizSource("scoring", _scoring_states, _scoring_candidates, describe, _scoring_context, GAME_PICTURE),
    QuizSource("final", _final_states, _final_candidates, describe, _final_context, GAME_PICTURE),
    QuizSource("solo", _solo_states, _turn_candidates, describe, _turn_context, GAME_PICTURE),
)
