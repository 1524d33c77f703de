"""Bots for 5x5 Zoo: random, greedy and lookahead.

A bot is any object with ``choose(state) -> action`` (one of
``state.legal_actions()``); :func:`play` runs a game with one bot per seat.

* :class:`RandomBot` picks uniformly among the legal actions (the whole-lineup
  action excepted: it walks its lineups step by step, at random).
* :class:`GreedyBot` takes the action with the best immediate value: it tries
  each legal action on a copy of the state (with fresh random draws, so it never
  peeks at the real ones), settles the follow-up choices of the same effect
  (which special card, which meeple, where the token goes) greedily, and scores
  the result with :func:`evaluate`. In the lineup phase it plays the optimal
  lineup of :mod:`zoobook.fivebyfive.solver` (:class:`~zoobook.fivebyfive.game.BestLineup`).
* :class:`LookaheadBot` looks one whole turn ahead: for each tile it could take
  it plays the rest of the turn greedily and values the zoo by :func:`evaluate`
  plus the solver's best lineup for the hand it would then hold; it places tiles
  by the same value. That it beats the greedy bot is measured in
  ``tests/fivebyfive/test_bots.py`` and ``benchmarks/bench_5x5_game.py``.

Examples
--------
>>> from zoobook.fivebyfive.game import GameState
>>> state = play(GameState.new(players=2, seed=3), [RandomBot(1), RandomBot(2)])
>>> state.is_terminal()
True
"""

from __future__ import annotations

import random
from collections import OrderedDict
from functools import lru_cache, wraps

from zoobook.fivebyfive.board import ALL_CELLS, Board, Border, gate_border
from zoobook.fivebyfive.cards import chart_points, final_bonus, special_card_points
from zoobook.fivebyfive.components import components
from zoobook.fivebyfive.game import BestLineup, GameState, PlaceTile, Take, components_special
from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
from zoobook.fivebyfive.solver import best_lineup_value
from zoobook.fivebyfive.vocabulary import Category, Colour, fits

__all__ = ["RandomBot", "GreedyBot", "LookaheadBot", "evaluate", "lineup_value", "reach", "play"]

#: The final bonus cards that read the board alone (A, B and G read the third lineup).
_BOARD_CARDS = frozenset("CDEFH")


def _lineups_left(state: GameState) -> list[str]:
    """The gates of the lineups still to come, this round's included (direction cards are face up)."""
    first = state.round if state.phase in ("main", "lineup") else state.round + 1
    return list(state.directions[max(first, 1) - 1:])


#: Entries an identity cache (:func:`_by_identity`) keeps before it drops its oldest, one by one.
#: A search decision of 2 CPU-s adds some 4,000 to the busiest (:func:`reach`'s), and a board
#: comes back by identity only within the search that made it, so this keeps a dozen decisions'
#: worth. It was 200,000: forty decisions' dead boards, kept alive for nothing, which every full
#: pass of the cycle collector walked.
IDENTITY_CACHE_SIZE = 50_000


def _by_identity(function, size: int | None = None):
    """*function* of a board (then hashable values), cached by the board's identity first.

    A board is a frozen value shared by every copy of a state until it changes, so the
    same object comes back thousands of times in a search; hashing it (every tile,
    door and token) for the lru cache underneath costs more than most answers.

    Past *size* entries (:data:`IDENTITY_CACHE_SIZE`) the oldest is dropped at each new
    one. Clearing all of them at once, as this cache once did, freed up to 200,000 boards'
    worth of objects in one go -- 0.6 CPU-s for the line counts' cache alone -- in the middle
    of whichever search filled it: the search bot's decisions of 2.0 to 3.3 s.
    """
    cache: OrderedDict = OrderedDict()
    limit = IDENTITY_CACHE_SIZE if size is None else size

    @wraps(function)
    def cached(board, *rest):
        key = (id(board),) + rest
        hit = cache.get(key)
        if hit is not None and hit[0] is board:
            return hit[1]
        value = function(board, *rest)
        if len(cache) >= limit:
            cache.popitem(last=False)      # the oldest: one entry freed, never a burst
        cache[key] = (board, value)        # holding the board keeps its id from being reused
        return value

    cached.cache_clear = cache.clear
    cached.cache = cache
    return cached


@_by_identity
@lru_cache(maxsize=65536)
def reach(board: Board, gate: str, colours: str = "") -> int:
    """Tiles joined to *gate* over open borders and doors (walls stop it); with *colours*, only
    tiles a visitor of one of those colours fits are entered. A cheap stand-in for a lineup.

    >>> from zoobook.fivebyfive.board import Tile
    >>> board = Board((Tile.make("A3", "bird"), Tile.make("B3", "reptile"), Tile.make("C3", "park", walls=["C3:W"])))
    >>> reach(board, "W"), reach(board, "W", "Y")
    (2, 1)
    """
    start = board.gate_tile(gate)
    if start is None or board.is_blocked(gate_border(gate)):
        return 0
    allowed = _categories_fitting(colours) if colours else None
    if allowed is not None and start.category not in allowed:
        return 0
    blocked = _blocked_steps(board)
    seen, frontier = {id(start)}, list(start.cells)      # a board holds each tile once: tiles by identity
    while frontier:
        cell = frontier.pop()
        for other_cell, step in _STEPS[cell]:
            other = board.tile_at(other_cell)
            if other is None or id(other) in seen or (allowed is not None and other.category not in allowed):
                continue
            if blocked >> step & 1:
                continue
            seen.add(id(other))
            frontier.extend(other.cells)
    return len(seen)


#: Each cell's neighbours, in :meth:`~zoobook.fivebyfive.board.Cell.neighbours`' order, each with a
#: number for the border between them (:func:`reach` steps over thousands of borders a search
#: decision: a number is hashed at once, a :class:`Border` by its cell and side).
_STEP_NUMBERS: dict[Border, int] = {}
_STEPS = {cell: tuple((other, _STEP_NUMBERS.setdefault(Border(cell, side), len(_STEP_NUMBERS)))
                      for side, other in cell.neighbours()) for cell in ALL_CELLS}


@_by_identity
def _blocked_steps(board: Board) -> int:
    """The inner borders :meth:`Board.is_blocked` says are blocked, as bits: bit *n* for the
    border numbered *n* (:data:`_STEPS`). A number, not a set: the cycle collector does not
    walk it (a cache holds a hundred thousand of them)."""
    return sum(1 << _STEP_NUMBERS[border] for border in board.blocked_borders if border in _STEP_NUMBERS)


@lru_cache(maxsize=None)
def _categories_fitting(colours: str) -> frozenset[Category]:
    """The categories a visitor of one of *colours* (letters) fits; :class:`ValueError` on a bad letter."""
    wanted = [Colour(c) for c in set(colours)]
    return frozenset(category for category in Category if any(fits(colour, category) for colour in wanted))


@_by_identity
@lru_cache(maxsize=65536)
def _board_points(board: Board, cards: tuple[str, ...], specials: tuple[str, ...]) -> int:
    """Stars, board-only final bonus cards and end-game special cards, as the board stands."""
    points = sum(t.stars for t in board.tiles)
    points += sum(_board_bonus(letter, board) for letter in cards if letter in _BOARD_CARDS)
    return points + sum(special_card_points(components_special(card), board) for card in specials)


@_by_identity
def _lines(board: Board) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per line (rows 1-5, then columns A-E): the cells covered, the walls, the categories
    (how many different). Counted once per board for all the line cards in play; tuples of
    numbers, which the cycle collector stops tracking (a cache holds a hundred thousand of them)."""
    covered, walls = [0] * 10, [0] * 10
    kinds: list[set] = [set() for _ in range(10)]
    for tile in board.tiles:
        for cell in tile.cells:
            covered[cell.row] += 1
            covered[5 + cell.column] += 1
            kinds[cell.row].add(tile.category)
            kinds[5 + cell.column].add(tile.category)
        for wall in tile.walls:
            walls[wall.cell.row] += 1
            walls[5 + wall.cell.column] += 1
    return tuple(covered), tuple(walls), tuple(len(k) for k in kinds)


def _board_bonus(letter: str, board: Board) -> int:
    """``final_bonus(letter, board).points`` for the board-only cards, the line cards (C, E, F, H)
    counted in one pass over the tiles (``tests/fivebyfive/test_bots.py`` checks they agree)."""
    if letter not in "CEFH":
        return final_bonus(letter, board).points
    covered, walls, kinds = _lines(board)
    if letter == "C":
        count = sum(n == 5 for n in covered)
    elif letter == "E":
        count = sum(k == 3 for k in kinds)
    elif letter == "F":
        count = sum(k >= 4 for k in kinds)
    else:
        count = sum(n >= 2 for n in walls)
    return chart_points(letter, count)


def evaluate(state: GameState, seat: int) -> float:
    """A quick value of *seat*'s position: points banked plus what the zoo promises.

    Banked: the score, the stars, the board-only final bonus cards and the special
    cards' end-game points as they stand. Promised, per lineup still to come: a
    popularity token or a meeple about 1 point, a door about half, each tile the
    gate reaches over open borders about 0.6; this round's cubes, and tiles still in
    hand, a little.
    """
    player = state.players[seat]
    board = player.board
    value = float(player.score)
    if state.is_terminal():
        return value
    value += _board_points(board, state.bonus_cards, player.specials)
    gates = _lineups_left(state)
    value += len(gates) * (0.9 * len(board.popular) + 1.0 * len(player.meeples))
    value += 0.5 * player.doors
    value += sum(0.6 * reach(board, gate) for gate in gates)
    if state.phase == "main":
        visitors = player.cubes + player.meeples
        value += 0.8 * min(len(visitors), reach(board, state.gate, "".join(sorted(set(visitors)))))
        value += 0.2 * len(player.cubes)
        value += sum(0.5 + components().tile(tile_id).stars for tile_id, _ in player.hand)
    return value


def lineup_value(state: GameState, seat: int) -> int:
    """The points of the best lineup *seat* could walk now from this round's gate (the lineup solver)."""
    player = state.players[seat]
    return _lineup_value(player.board, state.gate, state.round, len(state.players), player.cubes,
                         player.meeples, player.doors, player.requests)


@_by_identity
@lru_cache(maxsize=1 << 16)
def _lineup_value(board: Board, gate: str, round: int, players: int, cubes: str, meeples: str, doors: int,
                  requests: tuple[int, ...]) -> int:
    """:func:`lineup_value`, cached by the board and the hand (a search meets the same ones again and again)."""
    cards = tuple(components().request_cards[i] for i in requests)
    return best_lineup_value(LineupPuzzle(board, gate, round, players, cubes, meeples, doors, cards))


def _best(state: GameState, actions: list, seat: int, seed: int, value_of, settle: bool = True):
    """The action whose result *value_of* rates highest (the first among equals)."""
    best, best_value = actions[0], float("-inf")
    for action in actions:
        trial = state.clone(reseed=seed)
        trial.apply_unchecked(action)              # one of state's legal actions (a reseeded copy lists the same)
        if settle:
            _settle(trial, seat, seed)
        value = value_of(trial, seat)
        if value > best_value:
            best, best_value = action, value
    return best


def _settle(state: GameState, seat: int, seed: int) -> None:
    """Resolve *seat*'s follow-up choices of an effect (not the tile placement) greedily."""
    while (state.pending and state.current_player == seat and state.pending[0][0] != "place"
           and not state.is_terminal()):
        actions = state.legal_actions()
        state.apply_unchecked(actions[0] if len(actions) == 1 else _best(state, actions, seat, seed, evaluate))


def finish_turn(state: GameState, seat: int, seed: int) -> None:
    """Play *seat*'s pending decisions of this turn greedily (the lookahead's inner policy)."""
    while state.pending and state.current_player == seat and not state.is_terminal():
        actions = state.legal_actions()
        state.apply_unchecked(actions[0] if len(actions) == 1 else _best(state, actions, seat, seed, evaluate))


class RandomBot:
    """Uniformly random legal actions (lineups step by step)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState):
        actions = [a for a in state.legal_actions() if not isinstance(a, BestLineup)]
        return self.rng.choice(actions)


class GreedyBot:
    """The best immediate value (:func:`evaluate`), and the optimal lineup."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: GameState):
        actions = state.legal_actions()
        if state.phase == "lineup":
            return BestLineup()
        if len(actions) == 1:
            return actions[0]
        return self.choose_among(state, actions)

    def choose_among(self, state: GameState, actions: list):
        """The pick among several actions outside the lineup."""
        return _best(state, actions, state.current_player, self.seed, evaluate)


class LookaheadBot(GreedyBot):
    """One whole turn ahead, valuing the result with the solver's best lineup of the hand held."""

    name = "lookahead"

    def value(self, state: GameState, seat: int) -> float:
        value = evaluate(state, seat)
        if state.phase == "main" and state.round:
            value += lineup_value(state, seat)
        return value

    def choose_among(self, state: GameState, actions: list):
        seat = state.current_player
        if isinstance(actions[0], Take):
            best, best_value = actions[0], float("-inf")
            for action in actions:
                trial = state.clone(reseed=self.seed)
                trial.apply_unchecked(action)
                finish_turn(trial, seat, self.seed)
                value = self.value(trial, seat)
                if value > best_value:
                    best, best_value = action, value
            return best
        if isinstance(actions[0], PlaceTile) and state.phase == "main":
            return _best(state, actions, seat, self.seed, self.value, settle=False)
        return _best(state, actions, seat, self.seed, evaluate)


def play(state: GameState, bots) -> GameState:
    """Play *state* to the end, seat *i* played by ``bots[i]``; returns the final state."""
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    return state
