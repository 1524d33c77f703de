"""The third lineup for the final score (final bonus cards A, B, G), against the engine itself.

The twin shares nothing with :mod:`zoobook.fivebyfive.final_lineup`: it walks every sequence of
the engine's own lineup actions (moves, visitors, doors, free actions, stop) from a hand-built
third lineup to the end of the game, and reads the final score the game's scoring gives.
"""

import random

import pytest

from zoobook.fivebyfive.board import Board, Tile
from zoobook.fivebyfive.final_lineup import best_final_lineup, card_points, final_lineup_steps
from zoobook.fivebyfive import lineup as lu
from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
from zoobook.fivebyfive.game import BestLineup, GameState, witness_steps
from zoobook.fivebyfive.search_bot import SearchBot
from zoobook.widgets.fivebyfive_game import SoloGame, hint_html, hint_reason

CATEGORIES = ("carnivore", "aquatic", "herbivore", "bird", "reptile", "park")
COLOURS = "RBGYK"


def third_lineup(board: Board, cubes: str, meeples: str = "", doors: int = 0,
                 cards=("C", "D", "G"), players: int = 1, seed: int = 1) -> GameState:
    """A hand-built game at the start of the third lineup (every seat holds the same zoo)."""
    state = GameState.new(players=players, seed=seed, bonus_cards=cards)
    state.round, state.directions = 3, state.directions[:2] + ("W",)      # the west gate
    for seat in range(players):
        state._set(seat, board=board, cubes=cubes, meeples=meeples, doors=doors, hand=(), requests=())
    state._start_lineups()
    return state


def exhaustive_best(state: GameState) -> int:
    """The most final points any sequence of the engine's lineup actions reaches (solo).

    Depth first over ``legal_actions()``, each applied to a copy; lineups that reach the same
    lineup state (free actions taken in another order) are walked once.
    """
    seen: dict = {}

    def best_from(game: GameState) -> int:
        if game.is_terminal():
            return game.returns()[0]
        lineup = game.lineup
        key = (lineup.board, lineup.hand, lineup.path, lineup.crossings, lineup.placed, lineup.stopped)
        if key not in seen:
            values = []
            for action in game.legal_actions():
                if isinstance(action, BestLineup):
                    continue                              # the solver's: the twin walks steps only
                child = game.clone()
                child.apply(action)
                values.append(best_from(child))
            seen[key] = max(values)
        return seen[key]

    return best_from(state)


def random_third_lineup(rng: random.Random) -> GameState:
    """A small random zoo by the west gate (3 to 5 tiles in columns A-B, parks often) and a
    small hand, with card G always in play and A or B sometimes; one whose lineup can begin."""
    while True:
        state = _random_zoo(rng)
        if not state.is_terminal():
            return state


def _random_zoo(rng: random.Random) -> GameState:
    """Half the zoos are any small zoo; the other half the shape where the lineup solver's
    visitor on a park can cost a colour set: a row of tiles from the gate, four animal
    categories and a park, a cube of each of the five colours and a spare one."""
    if rng.random() < 0.5:
        cells = rng.sample(["A2", "A3", "A4", "B2", "B3", "B4"], rng.randint(3, 5))
        if "A3" not in cells:
            cells[0] = "A3"                               # the west gate's tile
        kinds = [rng.choice(CATEGORIES + ("park",)) for _ in cells]
        cubes = "".join(rng.sample(COLOURS + "W", rng.randint(3, 4)))
    else:
        cells = ["A3", "B3", "C3", "D3", "E3"]
        kinds = rng.sample(CATEGORIES[:5], 4) + ["park"]
        rng.shuffle(kinds)
        cubes = COLOURS + rng.choice(COLOURS + "W")
    tiles = [Tile.make(cell, kind, walls=[f"{cell}:{side}" for side in "NESW" if rng.random() < 0.08])
             for cell, kind in zip(cells, kinds)]
    board = Board(tuple(tiles))
    for tile in rng.sample(board.tiles, rng.randint(0, 2)):
        board = board.add_popularity(tile)
    meeples = rng.choice(["", rng.choice(COLOURS)])
    cards = rng.choice([("C", "D", "G"), ("A", "D", "G"), ("B", "C", "G"), ("A", "B", "G"), ("B", "C", "D")])
    return third_lineup(board, cubes, meeples, 0, cards)


def played(state: GameState, steps: list) -> GameState:
    game = state.clone()
    for step in steps:
        game.apply(step)
    return game


def test_the_final_lineup_is_the_engines_best_on_random_small_zoos():
    rng = random.Random(20261203)
    gains = 0
    for _ in range(30):
        state = random_third_lineup(rng)
        best = best_final_lineup(state.lineup_puzzle(), state.bonus_cards)
        game = played(state, witness_steps(best.plan.witness()))
        if not game.is_terminal():
            game.apply(lu.Stop())
        assert game.returns()[0] == exhaustive_best(state)
        solvers = played(state, [BestLineup()])
        assert game.returns()[0] - solvers.returns()[0] == best.gain >= 0
        gains += best.gain > 0
    assert gains >= 2                                     # the shapes where the solver's lineup is not best


def test_card_g_takes_the_colour_a_set_lacks_on_the_park():
    row = ("carnivore", "aquatic", "herbivore", "bird", "park")
    board = Board(tuple(Tile.make(f"{column}3", kind) for column, kind in zip("ABCDE", row)))
    state = third_lineup(board, "RBGKY", "Y")
    best = best_final_lineup(state.lineup_puzzle(), state.bonus_cards)
    assert best.solver_cards == {"G": 0} and best.cards == {"G": 3} and best.plan.value == best.solver_plan.value
    assert "3 more" in " ".join(best.explanation())
    no_g = best_final_lineup(state.lineup_puzzle(), ("A", "C", "D"))
    assert no_g.gain == 0 and no_g.plan is no_g.solver_plan   # on a tie the solver's lineup stays


def test_card_points_read_the_visitors_and_the_popular_tiles_visited():
    board = Board(tuple(Tile.make(f"{column}3", "park") for column in "ABCDE"))
    board = board.add_popularity(board.tiles[1])
    state = third_lineup(board, "RBGKYR")
    plan = best_final_lineup(state.lineup_puzzle(), ("A", "B", "G")).plan
    assert len(plan.tiles) == 5
    assert card_points(plan, ("A", "B", "G", "C")) == {"A": 0, "B": 0, "G": 3}


def test_an_unknown_card_is_refused():
    state = third_lineup(Board((Tile.make("A3", "park"),)), "R")
    with pytest.raises(ValueError, match="not Z"):
        best_final_lineup(state.lineup_puzzle(), ("A", "Z"))


def test_the_search_bot_walks_the_final_lineup_step_by_step():
    row = ("carnivore", "aquatic", "herbivore", "bird", "park")
    board = Board(tuple(Tile.make(f"{column}3", kind) for column, kind in zip("ABCDE", row)))
    state = third_lineup(board, "RBGKY", "Y")
    bot = SearchBot(seed=1, iterations=2)
    view = bot.search(state)
    assert [c.mean for c in view.candidates] == sorted((c.mean for c in view.candidates), reverse=True)
    assert isinstance(view.candidates[1].action, BestLineup) and view.candidates[0].mean - view.candidates[1].mean == 3
    game = state.clone()
    while not game.is_terminal():
        game.apply(bot.choose(game))
    assert game.returns()[0] == played(state, [BestLineup()]).returns()[0] + 3


def test_one_bot_for_every_seat_walks_each_seats_own_lineup():
    row = ("carnivore", "aquatic", "herbivore", "bird", "park")
    board = Board(tuple(Tile.make(f"{column}3", kind) for column, kind in zip("ABCDE", row)))
    state = third_lineup(board, "RBGKY", "Y", players=2)
    bot = SearchBot(seed=1, iterations=2)
    game = state.clone()
    while not game.is_terminal():
        game.apply(bot.choose(game))
    bonus_g = [dict(player.final)["bonus G"] for player in game.players]
    assert bonus_g == [3, 3]


def test_the_hint_shows_the_whole_final_lineup_and_why():
    row = ("carnivore", "aquatic", "herbivore", "bird", "park")
    board = Board(tuple(Tile.make(f"{column}3", kind) for column, kind in zip("ABCDE", row)))
    state = third_lineup(board, "RBGKY", "Y")
    view = SearchBot(seed=1, iterations=2).search(state)
    html = hint_html(view, why=hint_reason(state, view))
    assert "the lineup for the final score (5 round points; G 3)" in html and "place a black cube" in html
    assert "3 more" in html and "exact" in html
    final = view.candidates[0].mean
    assert view.lines()[0] == f"the lineup for the final score (5 round points; G 3): final score {final:.0f}"


def test_a_stopped_walk_answers_the_best_found_and_says_so():
    row = ("carnivore", "aquatic", "herbivore", "bird", "park")
    board = Board(tuple(Tile.make(f"{column}3", kind) for column, kind in zip("ABCDE", row)))
    state = third_lineup(board, "RBGKY", "Y")
    stopped = best_final_lineup(state.lineup_puzzle(), state.bonus_cards, stop=lambda: True)
    assert not stopped.complete and stopped.paths == 0 and stopped.plan is stopped.solver_plan
    assert "stopped after 0 paths" in stopped.explanation()[-1]
    whole = best_final_lineup(state.lineup_puzzle(), state.bonus_cards)
    assert whole.complete and whole.gain == 3 and "proves every other one no better" in whole.explanation()[-1]


def test_the_best_lineup_button_walks_the_lineup_for_the_final_score_in_round_3():
    row = ("carnivore", "aquatic", "herbivore", "bird", "park")
    board = Board(tuple(Tile.make(f"{column}3", kind) for column, kind in zip("ABCDE", row)))
    for cards, label, gain in ((("C", "D", "G"), "Best lineup for the final score", 3),
                               (("C", "D", "E"), "Best lineup", 0)):
        state = third_lineup(board, "RBGKY", "Y", cards=cards)
        game = SoloGame(seed=1)
        game.state = state.clone()
        game.refresh()
        assert game.best_lineup.description == label and not game.best_lineup.disabled
        game.best_lineup.click()
        assert game.state.is_terminal()
        assert game.state.returns()[0] == played(state, [BestLineup()]).returns()[0] + gain


def test_an_empty_gate_cell_gives_the_empty_lineup_not_a_crash():
    """Issue 41: no tile on the round's gate cell (E3) and cards reading the lineup made the
    bound fail. By hand: no visitor can enter (F4), so nothing is visited, the three cubes buy
    nothing that scores (a popularity token needs a visited tile to count, a door needs a
    crossing), and card A charts 0 visitors as 0: the empty lineup, 0 points, gaining nothing."""
    board = Board((Tile.make("A3", "bird"),))
    best = best_final_lineup(LineupPuzzle(board, "E", round=3, cubes="RRR"), ("A", "C", "D"))
    assert best.plan.tiles == () and best.value == 0 and best.cards == {"A": 0} and best.gain == 0
    assert best.plan == best.solver_plan and best.complete


def _random_third_lineups(seeds, cards=("A", "B", "G")):
    """Solo games played at random up to the start of their third lineup."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GameState.new(players=1, seed=seed, bonus_cards=cards)
        while not (state.round == 3 and state.phase == "lineup") and not state.is_terminal():
            state.apply(rng.choice([a for a in state.legal_actions() if not isinstance(a, BestLineup)]))
        if not state.is_terminal():
            yield state


def test_random_play_reaching_an_empty_gate_cell_in_round_3_is_answered_and_played():
    """Random solo games reach a third lineup whose gate cell is empty (seeds 21 and 23 of these):
    the final lineup is the empty one (nothing can be entered, F4), the search bot and the hint
    answer, and the game plays to its end."""
    empty = 0
    for state in _random_third_lineups(range(40)):
        puzzle = state.lineup_puzzle()
        best = best_final_lineup(puzzle, state.bonus_cards)
        if puzzle.board.gate_tile(puzzle.gate) is not None:
            continue
        empty += 1
        assert best.plan.tiles == () and best.value == 0 and final_lineup_steps(state) is None
        bot = SearchBot(seed=1, iterations=2)
        view = bot.search(state)
        assert hint_html(view, why=hint_reason(state, view))
        game = state.clone()
        while not game.is_terminal():
            game.apply(bot.choose(game))
        assert dict(game.players[0].final)["bonus A"] == 0
        widget = SoloGame(seed=1)                        # the widget's button walks the same empty lineup
        widget.state = state.clone()
        widget.refresh()
        assert widget.best_lineup.description == "Best lineup for the final score"
        widget.best_lineup.click()
        assert widget.state.is_terminal() and widget.state.returns() == game.returns()
    assert empty >= 2
