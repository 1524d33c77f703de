"""The whole game as an OpenSpiel-style state: setup, rounds, scoring, final scoring, tiebreaks."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from zoobook.fivebyfive import lineup as lu
from zoobook.fivebyfive.board import ALL_CELLS, Board, Tile, start_squares
from zoobook.fivebyfive.components import components
from zoobook.errors import IllegalAction
from zoobook.fivebyfive.game import (
    BestLineup, ChooseMeeple, ChoosePopularity, ChooseSpecial, DiscardTile, GameState, PlaceTile,
    PlayerState, RowEffect, Take, TakeDoor, winner_order,
)
from zoobook.fivebyfive.scoring import most_visitors_award
from zoobook.fivebyfive.solver import solve_lineup


def random_game(players, seed, until=None):
    state = GameState.new(players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal() and not (until and until(state)):
        actions = [a for a in state.legal_actions() if not isinstance(a, BestLineup)]
        state.apply(rng.choice(actions))
    return state


def to_phase(state, phase, rng=None):
    rng = rng or random.Random(0)
    while state.phase != phase:
        state.apply(rng.choice([a for a in state.legal_actions() if not isinstance(a, BestLineup)]))
    return state


def test_same_seed_same_game_and_different_seeds_differ():
    game = random_game(2, 11)
    assert game.log == random_game(2, 11).log
    assert game.log != random_game(2, 12).log
    replayed = GameState.replay(game.config, game.history)
    assert replayed.log == game.log and replayed.returns() == game.returns()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_full_games_end_with_every_score_accounted_for(players):
    state = random_game(players, players)
    assert state.is_terminal() and state.legal_actions() == []
    for player in state.players:
        assert len(player.rounds) == 3
        assert player.score == sum(r.total for r in player.rounds) + sum(points for _, points in player.final)
        assert [name for name, _ in player.final][:3] == [f"bonus {b}" for b in state.bonus_cards]
    assert sorted(state.ranking()) == list(range(players))


def test_illegal_action_is_refused_and_changes_nothing():
    state = GameState.new(players=2, seed=1)
    before = (list(state.log), state.players[:])
    with pytest.raises(IllegalAction) as error:
        state.apply(Take(1, 0))
    assert error.value.rule == "F3" and "start tiles" in error.value.reason
    assert (state.log, state.players) == before


def test_setup_places_two_start_tiles_on_the_red_squares_from_the_start_player():
    state = GameState.new(players=3, seed=4)
    order = []
    while state.phase == "setup":
        order.append(state.current_player)
        action = state.legal_actions()[-1]
        assert {a.cell for a in state.legal_actions()} <= {c.name for c in start_squares()}
        state.apply(action)
    assert len(order) == 6 and order[0] == order[1]
    firsts = order[::2]
    assert firsts == [(firsts[0] + k) % 3 for k in range(3)]
    assert all(len(p.board.tiles) == 2 for p in state.players)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_main_phase_five_actions_each_and_two_tiles_left(players):
    state = to_phase(GameState.new(players=players, seed=20 + players), "main")
    takes = [0] * players
    while state.phase == "main":
        action = random.Random(len(state.log)).choice(state.legal_actions())
        if isinstance(action, Take):
            takes[state.current_player] += 1
        state.apply(action)
    assert takes == [5] * players
    # "There should be 2 tiles left in the Animal tile area after 5 turns" (solo: after the AI too).
    left = next(line for line in reversed(state.log) if line.startswith("left on the main board"))
    assert len(left.split(":")[1].split()) == 2


def test_row_2_popularity_token_or_a_door_instead():
    state = to_phase(GameState.new(players=2, seed=3), "main")
    seat = state.current_player
    state.apply(Take(2, 0))
    assert state.legal_actions() == [RowEffect(), TakeDoor()]
    state.apply(RowEffect())
    choices = state.legal_actions()
    assert all(isinstance(a, ChoosePopularity) for a in choices) and len(choices) == 2
    before = state.players[seat].board
    assert not before.is_popular(before.tile_named(choices[0].tile))
    state.apply(choices[0])
    after = state.players[seat].board
    assert after.is_popular(after.tile_named(choices[0].tile)) and len(after.popular) == len(before.popular) + 1


def test_row_3_special_card_row_4_two_cubes_row_5_meeple():
    state = to_phase(GameState.new(players=2, seed=5, condition="A"), "main")
    seat = state.current_player
    cubes = len(state.players[seat].cubes)
    state.apply(Take(4, 0))
    state.apply(RowEffect())
    assert len(state.players[seat].cubes) == cubes + 3      # the row's display cube and two drawn
    state.apply(state.legal_actions()[0])                    # place the tile
    other = state.current_player
    state.apply(Take(5, 0))
    state.apply(RowEffect())
    assert {type(a) for a in state.legal_actions()} == {ChooseMeeple}
    state.apply(ChooseMeeple(state.legal_actions()[0].colour))
    assert len(state.players[other].meeples) == 1
    state.apply(state.legal_actions()[0])
    state.apply(Take(3, 0))
    state.apply(RowEffect())
    specials = state.legal_actions()
    assert {type(a) for a in specials} == {ChooseSpecial} and len(specials) == 5


def test_door_instead_of_the_row_effect():
    state = to_phase(GameState.new(players=2, seed=6), "main")
    seat = state.current_player
    state.apply(Take(5, 1))
    state.apply(TakeDoor())
    assert state.players[seat].doors == 2 and state.players[seat].meeples == ""


def test_rows_1_and_6_have_no_effect_and_row_6_gives_no_cube():
    state = to_phase(GameState.new(players=2, seed=7), "main")
    seat = state.current_player
    cubes = state.players[seat].cubes
    state.apply(Take(6, 0))
    assert all(isinstance(a, PlaceTile) for a in state.legal_actions())
    assert state.players[seat].cubes == cubes
    tile = components().tile(state.legal_actions()[0].tile)
    assert tile.large


def test_condition_e_first_turn_token_on_the_chosen_tile():
    state = to_phase(GameState.new(players=2, seed=8, condition="E"), "main")
    seat = state.current_player
    state.apply(Take(1, 0))
    action = state.legal_actions()[0]
    state.apply(action)
    assert state.players[seat].board.is_popular(state.players[seat].board.tile_at(action.cell))


def test_lineup_phase_offers_the_whole_optimal_lineup_and_it_scores_the_solver_value():
    state = to_phase(GameState.new(players=1, seed=9), "lineup")
    puzzle = state.lineup_puzzle()
    solution = solve_lineup(puzzle)
    assert state.legal_actions()[0] == BestLineup()
    state.apply(BestLineup())
    result = next(line for line in reversed(state.log) if line.startswith("player 0 lineup:"))
    lineup_points = int(result.rsplit("=", 1)[1])
    points = solution.witness["points"]
    assert lineup_points == points["tiles"] + points["popularity"] + points["doors"]


def test_lineup_by_steps_refuses_illegal_steps_with_the_reason():
    state = to_phase(GameState.new(players=2, seed=10), "lineup")
    seat, log = state.current_player, list(state.log)
    with pytest.raises(IllegalAction) as error:
        state.apply(lu.Place(lu.Colour.RED))
    assert error.value.rule == "F4" and "move to an Animal tile before placing" in error.value.reason
    assert state.log == log and state.current_player == seat
    state.apply(lu.Stop())
    assert state.log[-2:] == [f"player {seat}: lineup: stop", f"player {seat} lineup: 0 visitors, "
                              "0 tiles + 0 popularity + 0 doors = 0"]
    assert state.current_player != seat or state.phase != "lineup"


def test_award_for_most_visitors_and_request_cards_set_aside_f13():
    state = random_game(3, 2)
    for player in state.players:
        assert not set(player.requests) & set(player.met_requests)
        assert len(player.requests) + len(player.met_requests) == 3
    # The awards logged each round follow F12 for the visitor counts.
    for r in range(3):
        visitors = [p.rounds[r].visitors for p in state.players]
        assert [p.rounds[r].award for p in state.players] == list(most_visitors_award(visitors))


def test_the_lowest_score_becomes_start_player():
    state = GameState.new(players=3, seed=12)
    rng = random.Random(1)
    while state.round < 2:
        state.apply(rng.choice([a for a in state.legal_actions() if not isinstance(a, BestLineup)]))
    scores = [p.score for p in state.players]
    assert scores[state.start_player] == min(scores)


def test_tiebreakers_popularity_then_tiles_then_clockwise_from_the_start_player():
    from zoobook.fivebyfive.board import Board, Tile
    one = Board().place(Tile.make("A1", "bird"))
    two = one.place(Tile.make("B1", "bird"))
    players = [PlayerState(0, board=one, score=50), PlayerState(1, board=two, score=50),
               PlayerState(2, board=one.add_popularity("A1"), score=50), PlayerState(3, board=one, score=49)]
    assert winner_order(players, start=0) == [2, 1, 0, 3]
    players[2] = PlayerState(2, board=one, score=50)
    assert winner_order(players, start=0) == [1, 2, 0, 3]
    # equal in everything: furthest clockwise from the start player first
    assert winner_order([PlayerState(i, board=one, score=5) for i in range(3)], start=1) == [0, 2, 1]


def test_solo_ai_removes_a_tile_after_every_turn_and_a_rank_is_given():
    state = random_game(1, 3)
    assert sum("AI removes" in line for line in state.log) == 15
    assert state.rank() and state.log[-1] == f"rank: {state.rank()}"


def test_clone_is_independent_and_reseed_changes_future_draws():
    state = to_phase(GameState.new(players=2, seed=13), "main")
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert state.log != copy.log and len(state.log) < len(copy.log)
    a, b = state.clone(), state.clone()
    for s in (a, b):
        while s.round < 2:
            s.apply(s.legal_actions()[0])
    assert a.log == b.log
    c = state.clone(reseed=99)
    while c.round < 2:
        c.apply(c.legal_actions()[0])
    assert c.log != a.log


def test_str_shows_the_main_board_and_every_zoo():
    state = to_phase(GameState.new(players=2, seed=14), "main")
    text = str(state)
    assert "row 6" in text and "player 1:" in text and text.count("+...+") >= 4


@pytest.mark.parametrize("seed", range(8))
def test_the_solver_witness_always_plays_through_the_lineup_state_machine(seed):
    """Every seat's whole optimal lineup is legal step by step and scores what the solver said."""
    state = to_phase(GameState.new(players=1 + seed % 4, seed=100 + seed), "lineup", random.Random(seed))
    round_number = state.round
    while state.phase == "lineup" and state.round == round_number:
        seat = state.current_player
        points = solve_lineup(state.lineup_puzzle()).witness["points"]
        state.apply(BestLineup())
        result = next(line for line in reversed(state.log) if line.startswith(f"player {seat} lineup:"))
        assert int(result.rsplit("=", 1)[1]) == points["tiles"] + points["popularity"] + points["doors"]



@settings(max_examples=12, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 10_000))
def test_random_play_keeps_the_invariants(players, seed):
    """Whatever legal actions are taken: F10 holds, the stock never goes negative, every round
    leaves 2 tiles on the main board, and the score only grows."""
    state = GameState.new(players=players, seed=seed)
    rng = random.Random(seed)
    last_scores = [0] * players
    while not state.is_terminal():
        state.apply(rng.choice([a for a in state.legal_actions() if not isinstance(a, BestLineup)]))
        assert all(n >= 0 for n in state.stock.values())
        for player, before in zip(state.players, last_scores):
            assert len(player.board.popular) <= len(player.board.tiles)
            assert player.score >= before and player.doors >= 0
        last_scores = [p.score for p in state.players]
        if state.phase == "lineup" and state.mainboard is not None:
            assert len(state.mainboard.remaining()) == 2


def _game_candidates(state):
    """Actions that may or may not be legal now: every kind of decision, with wrong targets mixed in."""
    from zoobook.fivebyfive.board import ALL_CELLS, CellSide, Side
    from zoobook.fivebyfive.game import DiscardTile

    hand = [t for t, _ in state.players[state.current_player].hand] or ["T01"]
    out = [Take(r, s) for r in range(1, 7) for s in range(4)] + [RowEffect(), TakeDoor(), BestLineup()]
    out += [ChoosePopularity(c.name) for c in ALL_CELLS[::2]] + [ChooseSpecial(f"S{i:02d}") for i in (1, 5, 9, 15)]
    out += [ChooseMeeple(c) for c in "RBGYKW"] + [DiscardTile(t) for t in hand + ["L01"]]
    out += [PlaceTile(t, c.name) for t in hand for c in ALL_CELLS[::3]]
    out += [lu.PlaceDoor(CellSide(c, s).name) for c in ALL_CELLS for s in Side]
    out += [lu.Move(c.name) for c in ALL_CELLS] + [lu.Place(c, m) for c in lu.Colour for m in (False, True)]
    out += [lu.BuyDoor(p) for p in ("RRR", "RGB", "WYK")] + [lu.BuyPopularity("C3", "RRR"), lu.Stop(), None]
    return out


def _values(state: GameState) -> tuple:
    """What a refused action must not change, as values: the players (frozen), the lineup's fields
    (each immutable), copies of the log and the pending list (compared at a third of their repr's cost)."""
    lineup = dict(vars(state.lineup)) if state.lineup is not None else None
    return state.log[:], tuple(state.players), state.phase, lineup, state.current_player, state.pending[:]


@pytest.mark.parametrize("players, seed", [(1, 31), (2, 32), (3, 33), (4, 34), (2, 35)])
def test_refusal_and_legal_actions_agree_over_random_games(players, seed):
    """The game API's contract at every few decisions of a random game, illegal candidates mixed in
    (every row and slot, doors on every border, moves to every cell, payments, wrong phases)."""
    from zoobook.game_api import contract_violations

    state = GameState.new(players=players, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if step % 4 == 0:
            legal = [a for a in state.legal_actions() if not isinstance(a, BestLineup)]
            candidates = rng.sample(_game_candidates(state), 30)
            assert contract_violations(state, candidates + rng.sample(legal, min(6, len(legal))),
                                       snapshot=_values) == []
        state.apply(rng.choice([a for a in state.legal_actions() if not isinstance(a, BestLineup)]))
        step += 1


def test_every_refusal_names_its_rule():
    state = GameState.new(players=2, seed=1)
    assert state.refusal(Take(1, 0)).rule == "F3"
    assert state.refusal(PlaceTile("T99", "C1")).rule == "F3"
    to_phase(state, "main")
    assert state.refusal(RowEffect()).rule == "F-TURN-6"
    assert state.refusal(Take(6, 3)).rule == "F15"
    state.apply(Take(2, 0))
    assert state.refusal(Take(1, 0)).rule == "F-TURN-7"
    state.apply(RowEffect())
    board = state.players[state.current_player].board
    empty = next(c.name for c in ALL_CELLS if board.tile_at(c.name) is None)
    # A token on an empty cell breaks "a popularity token goes on an Animal tile" (row 2's effect),
    # not "at most one token per tile" (issue 43: it used to cite F10).
    assert state.refusal(ChoosePopularity(empty)).rule == "F-TURN-8"
    assert state.refusal(TakeDoor()).rule == "F-TURN-8"
    state.apply(state.legal_actions()[0])
    tile = state.legal_actions()[0].tile
    assert state.refusal(PlaceTile(tile, "Z9")).rule == "F-PLACEMENT-2"
    assert state.refusal(PlaceTile("T99" if tile != "T99" else "T98", "A1")).rule == "F-PLACEMENT-1"
    assert state.refusal(DiscardTile(tile)).rule == "F-PLACEMENT-4"       # it still fits: it must be placed
    to_phase(state, "lineup")
    assert state.refusal(Take(1, 0)).rule == "F-LINEUP-1"
    assert state.refusal(lu.Place(lu.Colour.RED)).rule == "F4"
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(BestLineup() if BestLineup() in legal else legal[0])
    assert state.refusal(Take(1, 0)).rule == "F-FINAL-1"


def test_each_refusal_cites_the_one_rule_it_breaks_issue_43():
    board = Board((Tile.make(["A3", "B3"], "park"), Tile.make("C3", "bird")), popular=frozenset())
    assert board.popularity_refusal("E5").rule == "F-TURN-8"             # no tile there
    assert board.add_popularity("C3").popularity_refusal("C3").rule == "F10"   # one token per tile
    assert board.door_refusal(lu.Border.parse("A3:E")).rule == "F5"     # inside the large tile
    line = lu.LineupState.start(board, "W", cubes="GY")
    assert line.refusal(lu.Move("D4")).rule == "F4"                       # an empty cell: not a tile
    assert line.refusal(lu.Move("F3")).rule == "F1"                       # off the board
    assert line.refusal(lu.PlaceDoor("A3:W")).rule == "F-FREE-1"          # no door token in hand
    for seed in range(1, 30):                     # a game whose first lineup can make a move
        state = GameState.new(players=1, seed=seed)
        to_phase(state, "lineup")
        moves = [a for a in state.lineup.legal_actions() if isinstance(a, lu.Move)]
        if moves:
            break
    state.apply(moves[0])
    assert state.refusal(BestLineup()).rule == "F-LINEUP-1"     # the whole lineup is one action only at first


@pytest.mark.parametrize("condition", "ABCDEF")
def test_the_start_tiles_earn_no_popularity_token_f22(condition):
    state = GameState.new(players=4, seed=40, condition=condition)
    while state.phase == "setup":
        state.apply(state.legal_actions()[0])
    assert all(not p.board.popular for p in state.players)


def test_conditions_d_and_e_read_each_players_own_first_and_fifth_action_f22():
    for condition, turn in (("E", 1), ("D", 5)):
        state = to_phase(GameState.new(players=3, seed=41, condition=condition), "main")
        earned = set()
        while state.phase == "main":
            seat = state.current_player
            before = len(state.players[seat].board.popular)
            action = next((a for a in state.legal_actions() if not isinstance(a, (RowEffect, ChoosePopularity))),
                          state.legal_actions()[0])
            state.apply(action)
            if isinstance(action, PlaceTile) and len(state.players[seat].board.popular) > before:
                earned.add((seat, state.turns[seat]))
        assert earned == {(seat, turn) for seat in range(3)}, condition


def test_tied_lowest_score_the_start_player_keeps_the_card_f22():
    from zoobook.fivebyfive.scoring import next_start_player
    assert next_start_player([7, 7, 7], start=1) == 1
    assert next_start_player([9, 7, 7], start=0) == 1
    assert next_start_player([7, 9, 7], start=1) == 2


def test_a_player_with_no_visitor_never_earns_the_most_visitors_award_f22():
    assert most_visitors_award([0, 0]) == (0, 0)
    assert most_visitors_award([3, 0, 0, 0]) == (4, 0, 0, 0)
    assert most_visitors_award([3, 3, 0]) == (3, 3, 0)


def test_a_player_is_changed_exactly_as_dataclasses_replace_would():
    """GameState._set copies the frozen PlayerState's fields instead of calling replace: the same
    value, for any change of any field, and an unknown field is refused as replace refuses it."""
    from dataclasses import fields, replace
    assert not hasattr(PlayerState, "__post_init__")             # what the shortcut relies on
    assert all(f.init for f in fields(PlayerState))
    rng = random.Random(5)
    sources = [p for seed in range(3) for p in random_game(1 + seed % 2, seed, until=lambda s: s.round == 2).players]
    names = [f.name for f in fields(PlayerState) if f.name != "seat"]      # _set names the seat itself
    for _ in range(200):
        old, donor = rng.choice(sources), rng.choice(sources)
        changes = {name: getattr(donor, name) for name in rng.sample(names, rng.randint(1, 4))}
        state = GameState.new(players=1, seed=0)
        state.players[0] = old
        new = state._set(0, **changes)
        assert new == replace(old, **changes) and repr(new) == repr(replace(old, **changes))
        assert vars(new) == vars(replace(old, **changes)) and state.players[0] is new
        assert hash(new.board) == hash(replace(old, **changes).board)
    with pytest.raises(TypeError):
        GameState.new(players=1, seed=0)._set(0, colour="R")
    with pytest.raises(TypeError):
        replace(sources[0], colour="R")
