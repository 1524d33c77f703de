"""The hint's one-line reason, computed from the model, on hand-built positions where the reason is known."""

from dataclasses import replace

import pytest

from zoobook.fivebyfive import reasons
from zoobook.fivebyfive.board import Board, Tile
from zoobook.fivebyfive.bots import GreedyBot
from zoobook.fivebyfive.cards import final_bonus
from zoobook.fivebyfive.components import components
from zoobook.fivebyfive.game import BestLineup, GameState, PlaceTile, Take
from zoobook.fivebyfive.reasons import gains, reason, ways_out
from zoobook.fivebyfive.solver import solve_lineup


def placing(tile_id: str, board: Board, condition: str = "A", cubes: str = "", gate: str = "W",
            requests: tuple[int, ...] = (), bonus: tuple[str, ...] | None = None) -> GameState:
    """A solo game in round 1 with *tile_id* in hand to place on *board* (row 1's tile taken, its cube dropped)."""
    state = GameState.new(players=1, seed=3, condition=condition, bonus_cards=bonus)
    while state.phase == "setup":
        state.apply(state.legal_actions()[0])
    state.apply(Take(1, 0))
    state.directions = (gate,) + tuple(d for d in "NESW" if d != gate)[:2]
    state.players[0] = replace(state.players[0], board=board, hand=((tile_id, False),), cubes=cubes,
                               requests=requests)
    assert PlaceTile(tile_id, "E5") in state.legal_actions()
    return state


def kinds(state, action) -> set[str]:
    return {g.kind for g in gains(state, action)}


def test_a_tile_that_completes_condition_c_says_so_and_one_that_does_not_does_not():
    herbivores = Board((Tile.make("B2", "herbivore"), Tile.make("B3", "herbivore")))
    state = placing("T12", herbivores, condition="C")           # T12: a herbivore, no stars, no walls
    assert reason(state, PlaceTile("T12", "B4")).startswith(
        "this tile completes condition C (3 connected herbivores): a popularity token on it")
    assert "condition" in kinds(state, PlaceTile("T12", "C2"))   # C2 touches B2: three joined too
    assert "condition" not in kinds(state, PlaceTile("T12", "D4"))
    assert "condition C" not in reason(state, PlaceTile("T12", "D4"))


def test_a_corner_meets_condition_a():
    state = placing("T12", Board((Tile.make("C3", "park"),)), condition="A")
    assert "meets condition A (Four Corners)" in reason(state, PlaceTile("T12", "A1"))
    assert "condition" not in kinds(state, PlaceTile("T12", "B2"))


def test_keeps_the_blue_visitors_path_open_where_another_cell_would_close_it():
    pond = Board((Tile.make("A3", "aquatic", walls=["A3:N", "A3:S"]),))   # the only way on is B3
    state = placing("T01", pond, cubes="B")                                # T01: a carnivore
    assert ways_out(pond, "W", "B") == 1
    assert reason(state, PlaceTile("T01", "D4")) == (
        "keeps the blue visitors' path from the W gate open (on B3 this tile would close it)")
    assert "path" not in kinds(state, PlaceTile("T01", "B3"))           # the cell that closes it
    red = placing("T01", pond, cubes="R")                               # no blue visitor in hand: nothing to keep
    assert "path" not in kinds(red, PlaceTile("T01", "D4"))


def test_an_aquatic_tile_opens_the_blue_visitors_path():
    pond = Board((Tile.make("A3", "aquatic", walls=["A3:N", "A3:S"]),))
    state = placing("T23", pond, cubes="BB")                            # T23: aquatic
    assert "opens the blue visitors' path from the W gate to 2 tiles (was 1)" in reason(
        state, PlaceTile("T23", "B3"), top=5)


def test_a_tile_that_lets_the_lineup_meet_a_request_card_names_the_card():
    card = 26                                                     # Herbivore x1 & Bird x1 & Reptile x1
    assert str(components().request_cards[card]) == "Herbivore x1 & Bird x1 & Reptile x1 (3 points)"
    path = Board((Tile.make("A3", "herbivore"), Tile.make("B3", "bird")))
    state = placing("T45", path, cubes="GYK", requests=(card,))   # T45: a reptile
    found = gains(state, PlaceTile("T45", "C3"))
    assert [(g.kind, g.points) for g in found if g.kind == "request"] == [("request", 3)]
    assert "this round's best lineup now meets request card Herbivore x1 & Bird x1 & Reptile x1" in reason(
        state, PlaceTile("T45", "C3"))
    lineup = next(g for g in found if g.kind == "lineup")      # the rest of the rise: the third tile visited
    # before: 2 tiles + the door placed at the gate = 3 (F11, F21); after: 3 tiles + the door + the card's 3 = 7
    assert lineup.points == 1 and lineup.text == "raises this round's best lineup from 3 to 7 points"
    assert "request" not in kinds(state, PlaceTile("T45", "D4"))   # off the path: the card stays unmet


def test_a_tile_that_fills_a_second_row_adds_to_final_bonus_card_c():
    rows = Board(tuple(Tile.make(f"{c}1", "park") for c in "ABCDE")
                 + tuple(Tile.make(f"{c}5", "park") for c in "ABCD"))
    state = placing("T12", rows, condition="C", bonus=("C", "D", "E"))
    before = final_bonus("C", rows).points
    after = final_bonus("C", rows.place(Tile.make("E5", "herbivore"))).points
    assert (before, after) == (0, 1)
    bonus = [g for g in gains(state, PlaceTile("T12", "E5")) if g.kind == "bonus"]
    assert [(g.key, g.points) for g in bonus] == [("C", 1)]
    assert "adds 1 point on final bonus card C (Number of filled rows and columns)" in reason(
        state, PlaceTile("T12", "E5"))


def test_stars_and_nothing_else():
    state = placing("T22", Board((Tile.make("C3", "park"),)))              # T22: a 3-star herbivore
    assert reason(state, PlaceTile("T22", "D4")) == "adds 3 star points"
    assert reason(placing("T12", Board((Tile.make("C3", "park"),))), PlaceTile("T12", "D4")) == (
        "no gain the position shows (the expected scores decide)")


def test_a_take_whose_turn_draws_at_random_names_only_what_every_draw_gives(monkeypatch):
    state = GameState.new(players=1, seed=21)
    while state.phase == "setup":
        state.apply(GreedyBot().choose(state))
    take = next(a for a in state.legal_actions() if a.row == 4)          # row 4: two random cubes
    all_draws = {(g.kind, g.key) for g in gains(state, take)}
    monkeypatch.setattr(reasons, "REASON_DRAWS", 1)
    for seed in range(3):
        assert all_draws <= {(g.kind, g.key) for g in gains(state, take, seed=seed)}


def test_the_reason_is_reproducible_leaves_the_state_alone_and_refuses_an_illegal_action():
    state = GameState.new(players=2, seed=8)
    while state.phase != "main":
        state.apply(GreedyBot().choose(state))
    history, log, players = list(state.history), list(state.log), list(state.players)
    for action in state.legal_actions()[:4]:
        assert reason(state, action) == reason(state, action) and reason(state, action)
    assert (state.history, state.log, state.players) == (history, log, players)
    with pytest.raises(ValueError, match="not legal"):
        reason(state, PlaceTile("T01", "A1"))


def test_the_lineup_phase_reason_is_the_solvers_optimum():
    state = GameState.new(players=1, seed=2)
    while state.phase != "lineup":
        state.apply(GreedyBot().choose(state))
    value = solve_lineup(state.lineup_puzzle()).value
    assert reason(state, BestLineup()) == f"the lineup solver's optimal lineup of this round: {value} points"


def _best_lineup_now(state: GameState) -> tuple[int, frozenset]:
    """The best lineup of the current player's round and the request cards (box numbers) it meets,
    straight from the solver on the game's own puzzle (not through :func:`reasons.position`)."""
    puzzle = state.lineup_puzzle()
    solution = solve_lineup(puzzle)
    requests = state.players[state.current_player].requests
    return solution.value, frozenset(requests[n - 1] for n in solution.witness["cards"])


def test_lineup_and_request_claims_agree_with_the_solver_in_every_round():
    """Issue 41: in the main phase of rounds 2 and 3 the position read last round's lineup as walked,
    so every placement "raised the best lineup from 0" and "now met" cards met already. Each claim
    is checked against the solver run here on the game before the action and after it."""
    import random
    import re

    checked = {1: 0, 2: 0, 3: 0}
    for seed in (5, 6, 7):
        state = GameState.new(players=1, seed=seed, bonus_cards=("C", "D", "E"))
        rng, bot = random.Random(seed), GreedyBot()
        while not state.is_terminal():
            if state.phase == "main" and state.round and rng.random() < 0.3:
                before, met_before = _best_lineup_now(state)
                actions = state.legal_actions()
                for action in rng.sample(actions, min(2, len(actions))):
                    found = gains(state, action)
                    after = None
                    if isinstance(action, PlaceTile):            # the reason's own trial: the placement, nothing more
                        trial = state.clone(reseed=0)
                        trial.apply(action)
                        if trial.round == state.round and trial.phase in ("main", "lineup"):
                            after = _best_lineup_now(trial)
                    for gain in found:
                        if gain.kind == "lineup":
                            old, new = map(int, re.search(r"from (\d+) to (\d+) points", gain.text).groups())
                            assert old == before, (seed, state.round, gain.text)
                            assert after is None or new == after[0], (seed, state.round, gain.text)
                            checked[state.round] += 1
                        elif gain.kind == "request":
                            assert int(gain.key) not in met_before, (seed, state.round, gain.text)
                            assert after is None or int(gain.key) in after[1]
                            checked[state.round] += 1
            state.apply(bot.choose(state))
    assert checked[2] >= 3 and checked[3] >= 3, checked
