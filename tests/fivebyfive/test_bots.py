"""Bots: legal play, the greedy bot's choice is the best immediate value.

That the lookahead bot beats the greedy bot is a claim about many games (a paired t-test over 40
solo deals, two minutes of play; 12 deals proved too few): benchmarks/bench_5x5_game.py checks it,
``make bench``.
"""

import io
import random

import pytest

from zoobook.cli import main
from zoobook.fivebyfive.board import Board, Tile
from zoobook.fivebyfive.bots import GreedyBot, LookaheadBot, RandomBot, _settle, evaluate, play, reach
from zoobook.fivebyfive.game import BestLineup, GameState
from zoobook.fivebyfive.play.simulate import histogram, simulate, summary


def test_random_bot_plays_lineups_step_by_step():
    state = play(GameState.new(players=2, seed=4), [RandomBot(1), RandomBot(2)])
    assert state.is_terminal()
    assert not any(line.endswith(": best lineup") for line in state.log)


def test_greedy_bot_takes_the_best_immediate_value_by_brute_force():
    state = GameState.new(players=2, seed=21)
    rng = random.Random(2)
    checked = 0
    while checked < 6 and not state.is_terminal():
        actions = state.legal_actions()
        if state.phase in ("main", "setup") and len(actions) > 1:
            seat = state.current_player
            values = []
            for action in actions:
                trial = state.clone(reseed=0)
                trial.apply(action)
                _settle(trial, seat, 0)
                values.append(evaluate(trial, seat))
            chosen = GreedyBot().choose(state)
            assert values[actions.index(chosen)] == max(values)
            checked += 1
        state.apply(rng.choice([a for a in actions if not isinstance(a, BestLineup)]))
    assert checked == 6


def test_greedy_and_lookahead_play_the_optimal_lineup():
    rng = random.Random(0)
    state = GameState.new(players=1, seed=2)
    while state.phase != "lineup":
        state.apply(rng.choice(state.legal_actions()))
    assert GreedyBot().choose(state) == BestLineup() == LookaheadBot().choose(state)


def test_reach_stops_at_walls_and_unfitting_tiles():
    board = Board((Tile.make("A3", "bird"), Tile.make("B3", "reptile"), Tile.make("C3", "park", walls=["C3:W"]),
                   Tile.make(["A4", "A5"], "park")))
    assert reach(board, "W") == 3                 # A3, B3 and the large park; C3 is walled off
    assert reach(board, "W", "K") == 0            # a black visitor cannot enter the bird at A3
    assert reach(board, "N") == 0                 # nothing on C1


def test_simulation_summary_and_histogram():
    result = simulate(games=3, players=1, bot="random", seed=7)
    assert len(result.scores) == 3 and sum(result.ranks.values()) == 3
    text = summary(result)
    assert text.startswith("3 solo games, random bot, seeds 7-9") and "solo ranks:" in text
    assert sum(count for _, count in histogram(result.all_scores)) == 3
    with pytest.raises(ValueError):
        simulate(games=1, bot="clever")


def test_simulate_command():
    out, err = io.StringIO(), io.StringIO()
    assert main(["simulate-5x5", "--games", "2", "--players", "2", "--bot", "random"], out, err) == 0
    assert "2 2-player games" in out.getvalue() and "wins by seat" in out.getvalue()
    assert main(["simulate-5x5", "--games", "0"], out, err) == 2
    assert "--games must be 1 or more" in err.getvalue()


def test_the_bots_fast_values_agree_with_the_rules_code():
    """evaluate()'s one-pass line bonus cards and its cached lineup equal cards.final_bonus and the solver."""
    from zoobook.fivebyfive.bots import _board_bonus, lineup_value
    from zoobook.fivebyfive.components import components
    from zoobook.fivebyfive.cards import final_bonus
    from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
    from zoobook.fivebyfive.solver import solve_lineup

    boards, checked = set(), 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GameState.new(players=1, seed=seed)
        while not state.is_terminal():
            if state.phase == "main" and state.round:
                player = state.players[0]
                boards.add(player.board)
                cards = tuple(components().request_cards[i] for i in player.requests)
                puzzle = LineupPuzzle(player.board, state.gate, state.round, 1, player.cubes, player.meeples,
                                      player.doors, cards)
                assert lineup_value(state, 0) == solve_lineup(puzzle).value
                checked += 1
            actions = state.legal_actions()
            state.apply(BestLineup() if BestLineup() in actions else rng.choice(actions))
    counts = {letter: set() for letter in "CEFH"}
    for board in boards:
        for letter in "CDEFH":
            bonus = final_bonus(letter, board)
            assert _board_bonus(letter, board) == bonus.points, (letter, board)
            counts.get(letter, set()).add(bonus.count)
    assert checked > 50 and all(len(seen) >= 2 for seen in counts.values())   # not only empty lines


def _reach_as_written(board, gate, colours=""):
    """reach() before its step table: a flood over Cell.neighbours, Border objects and is_blocked."""
    from zoobook.fivebyfive.board import Border, gate_border
    from zoobook.fivebyfive.vocabulary import Colour, fits
    start = board.gate_tile(gate)
    if start is None or board.is_blocked(gate_border(gate)):
        return 0
    wanted = [Colour(c) for c in set(colours)]

    def enterable(tile) -> bool:
        return not colours or any(fits(colour, tile.category) for colour in wanted)

    if not enterable(start):
        return 0
    seen, frontier = {start.anchor}, list(start.cells)
    while frontier:
        cell = frontier.pop()
        for side, other_cell in cell.neighbours():
            other = board.tile_at(other_cell)
            if other is None or other.anchor in seen or not enterable(other):
                continue
            if board.is_blocked(Border(cell, side)):
                continue
            seen.add(other.anchor)
            frontier.extend(other.cells)
    return len(seen)


def test_reach_counts_as_the_plain_flood_does():
    """reach() walks a table of numbered borders and a board's blocked ones: the same counts as the
    plain flood over every board shape (walls, doors, large tiles, colours), and the same errors."""
    from zoobook.fivebyfive.lineup_generator import random_board
    rng, counts = random.Random(11), set()
    for _ in range(120):
        board = random_board(rng, cells=rng.randint(3, 25), walls=rng.choice([0.1, 0.3, 0.6]), doors=rng.randint(0, 4))
        assert {b for b in board.blocked_borders} == {b for t in board.tiles for w in t.walls
                                                       if board.is_blocked(b := w.border)}
        for gate in "NESW":
            for colours in ("", "R", "BY", "W", "KGR", rng.choice(["RBGYK", "YY", "GW"])):
                reach.cache_clear()
                counts.add(reach(board, gate, colours))
                assert reach(board, gate, colours) == _reach_as_written(board, gate, colours)
    assert len(counts) > 10                                        # walks of every length, not just 0
    with pytest.raises(ValueError):
        reach(Board((Tile.make("C1", "bird"),)), "N", "Q")


def test_an_identity_cache_drops_its_oldest_entry_one_at_a_time():
    # A full cache once cleared itself at once: up to 200,000 boards' worth of objects freed in one
    # go, 0.6 CPU-s in the middle of a search. Now each new entry past the size drops the oldest.
    from zoobook.fivebyfive.bots import _by_identity
    computed = []

    def double(board, k):
        computed.append((board, k))
        return 2 * k

    cached = _by_identity(double, size=3)
    boards = [object() for _ in range(4)]
    assert [cached(board, 1) for board in boards[:3]] == [2, 2, 2] and len(cached.cache) == 3
    cached(boards[3], 1)                               # a fourth: the oldest goes, the others stay
    assert list(cached.cache) == [(id(board), 1) for board in boards[1:]]
    computed.clear()
    cached(boards[1], 1)
    assert computed == []                              # still cached
    cached(boards[0], 1)
    assert computed == [(boards[0], 1)] and len(cached.cache) == 3      # computed again, the size kept


def test_the_bots_board_caches_hold_nothing_the_cycle_collector_walks():
    # After four games in one process the bots' caches held millions of objects that each full
    # pass of the cycle collector walked (8 to 17 s in the benchmark's workers): every board's
    # line counts as lists of sets, its blocked borders as a set, and a Border object of its own
    # for every wall. Numbers and tuples of numbers are not walked, and a wall's border is made
    # once per side of a tile, so boards sharing a tile share it.
    import gc

    from zoobook.fivebyfive.bots import _blocked_steps, _lines
    tiles = (Tile.make("A3", "bird", walls=["A3:E", "A3:S"]), Tile.make("B3", "reptile", walls=["B3:N"]),
             Tile.make(["C3", "D3"], "park"))
    board = Board(tiles)
    lines, blocked = _lines(board), _blocked_steps(board)
    gc.collect()
    gc.collect()                        # the first pass untracks the inner tuples, the second the outer
    assert not gc.is_tracked(lines) and not gc.is_tracked(blocked)
    covered, walls, kinds = lines
    assert (covered[2], walls[2], kinds[2]) == (4, 3, 3)   # row 3: four cells, three walls, three categories
    grown = Board(tiles + (Tile.make("E5", "bird"),))
    assert grown.blocked_borders == board.blocked_borders and len(board.blocked_borders) == 3
    assert {id(border) for border in grown.blocked_borders} == {id(border) for border in board.blocked_borders}
