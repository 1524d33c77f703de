"""The game widget: buttons apply legal actions, refusals change nothing, panels follow the state; bots in
the other seats with 2-4 players; the hint's reason is the model's."""

import html

import pytest

from zoobook.fivebyfive.game import BestLineup, PlaceTile, Take
from zoobook.fivebyfive.reasons import reason
from zoobook.fivebyfive.search_bot import SearchBot
from zoobook.widgets.fivebyfive_game import FiveByFiveGame, SoloGame, mainboard_html, scores_html


def setup_done(seed=4):
    game = SoloGame(seed=seed)
    while game.state.phase == "setup":
        cell = game.state.legal_actions()[0].cell
        game.cell_buttons[cell].click()
    return game


def test_start_tiles_go_on_the_red_squares_by_clicking_cells():
    game = SoloGame(seed=4)
    enabled = {name for name, button in game.cell_buttons.items() if not button.disabled}
    assert enabled == {"C1", "E3", "C5", "A3"}
    game.cell_buttons["A1"].click()                       # disabled in a browser; here it is refused
    assert "Not allowed" in game.status.value and not game.state.players[0].board.tiles
    game = setup_done()
    assert game.state.phase == "main" and len(game.state.players[0].board.tiles) == 2


def test_take_a_tile_and_place_it():
    game = setup_done()
    take = game.take_box.children[-1]                     # a tile of row 6: a large one
    assert take.description.startswith("take L")
    take.click()
    placements = [a for a in game.state.legal_actions() if isinstance(a, PlaceTile)]
    assert placements and all(not game.cell_buttons[a.cell].disabled for a in placements)
    before = len(game.state.players[0].board.tiles)
    game.cell_buttons[placements[0].cell].click()
    assert len(game.state.players[0].board.tiles) == before + 1
    assert "AI removes" in game.state.log[-1]             # the solo AI answered the turn
    assert "(taken)" in game.main_view.value


def test_row_effect_choices_are_buttons():
    game = setup_done()
    first_row2 = [a for a in game.state.legal_actions() if isinstance(a, Take) and a.row == 2][0]
    game.act(first_row2)
    labels = [b.description for b in game.choices.children]
    assert labels == ["use the row effect", "take a door token instead"]
    game.choices.children[1].click()
    assert game.state.players[0].doors == 2


def test_hint_names_an_action_without_playing_it():
    game = setup_done()
    log = list(game.state.log)
    game.hint_button.click()
    assert "The best bot would: <b>take row" in game.hint_view.value
    assert game.state.log == log


def test_a_whole_game_by_the_bot_button_ends_with_a_rank_and_the_breakdown():
    game = SoloGame(seed=6)
    while not game.state.is_terminal():
        if BestLineup() in game.state.legal_actions():
            game.best_lineup.click()
        else:
            game.bot_move.click()
    assert "Rank:" in game.scores_view.value and "Game over" in game.status.value
    assert game.scores_view.value.count("<td>round") == 3 and "stars" in game.scores_view.value
    assert scores_html(game.state).startswith("<div class='zoobook-5x5-scores'><b>Score: "
                                              f"{game.state.players[0].score}</b>")
    assert "Main board, round 3" in mainboard_html(game.state)


def test_the_lineup_panel_follows_the_steps():
    from zoobook.fivebyfive import lineup as lu
    game = SoloGame(seed=6)
    while game.state.phase != "lineup":
        game.bot_move.click()
    assert "Lineup from the" in game.zoo_view.value and "not started" in game.zoo_view.value
    moves = [a for a in game.state.legal_actions() if isinstance(a, lu.Move)]
    assert moves                                       # this deal can enter its gate tile
    next(b for b in game.choices.children if b.description == f"lineup: move to {moves[0].tile}").click()
    assert "waiting for a visitor" in game.zoo_view.value
    game.choices.children[0].click()                   # the first visitor that fits
    assert f"{moves[0].tile} (" in game.zoo_view.value and "so far 1 tiles" in game.zoo_view.value


def test_with_two_players_the_other_seat_is_a_bot_that_plays_at_once():
    game = FiveByFiveGame(players=2, seed=5, opponents="greedy")
    other = 1
    assert len(game.state.players[other].board.tiles) == 2 or game.state.current_player == 0
    decisions = 0
    while not game.state.is_terminal():
        assert game.state.current_player == 0               # whenever the buttons wait, it is your turn
        if BestLineup() in game.state.legal_actions():
            game.best_lineup.click()
        else:
            game.bot_move.click()
        decisions += 1
    assert game.state.players[other].rounds and len(game.state.players[other].board.tiles) > 5
    winner = game.state.ranking()[0]
    assert f"Game over: player {winner} wins" in game.status.value
    assert "Places:" in game.table_view.value and "Player 1</b> (greedy)" in game.table_view.value
    assert decisions < len(game.state.history)              # the bot's decisions were not ours


def test_bots_in_every_seat_step_through_their_game_and_the_search_bot_can_sit_at_the_table():
    game = FiveByFiveGame(players=3, seed=2, you=None, opponents="greedy")
    assert game.state.phase == "setup" and not game.state.history   # nobody plays until asked
    seat, legal = game.state.current_player, game.state.legal_actions()
    game.bot_move.click()                                            # one decision, by that seat's bot
    assert len(game.state.history) == 1 and game.state.history[0] in legal
    assert f"player {seat}: place" in "\n".join(game.state.log)
    table = FiveByFiveGame(players=4, seed=2, you=None, opponents="search")
    assert all(isinstance(bot, SearchBot) for bot in table.bots.values()) and len(table.bots) == 4
    with pytest.raises(ValueError, match="unknown bot"):
        FiveByFiveGame(players=2, opponents="perfect")
    with pytest.raises(ValueError, match="seats 0-1"):
        FiveByFiveGame(players=2, you=2)


def test_the_hints_reason_is_the_models():
    game = setup_done()
    game.hint_iterations = 4
    game.hint_button.click()
    view = SearchBot(game.state.config.seed, iterations=4, time_limit=None).search(game.state)
    why = reason(game.state, view.best, seed=game.state.config.seed)
    assert f"Why: {html.escape(why)}" in game.hint_view.value
    assert f"expected vs {view.candidates[1].mean:.1f} for" in game.hint_view.value


def test_every_legal_lineup_step_is_reachable_and_stop_is_always_shown():
    """Issue 41: the step-by-step lineup offered no popularity token for 3 cubes, and with a door in
    hand its 40-button cap hid Stop and most door placements. Every legal step (BestLineup aside: its
    own button) is offered now, in buttons and dropdowns, through whole lineups of several games."""
    from zoobook.fivebyfive import lineup as lu

    bought = states = crowded = 0
    for seed in (6, 7, 8):
        game = SoloGame(seed=seed)
        while not game.state.is_terminal():
            if game.state.phase != "lineup":
                game.bot_move.click()
                continue
            states += 1
            legal = [a for a in game.state.legal_actions() if not isinstance(a, BestLineup)]
            crowded += len(legal) > 40
            reachable = game.reachable_steps()
            assert sorted(map(repr, reachable)) == sorted(map(repr, legal))
            assert game.stop_button in game.lineup_steps.children
            assert game.stop_button.disabled == (lu.Stop() not in legal)
            tokens = [a for a in legal if isinstance(a, lu.BuyPopularity)]
            if tokens and not bought:                            # buy one through the dropdowns
                game.token_tile.value, game.token_cubes.value = tokens[-1].tile, tokens[-1].cubes
                next(b for b in game.token_row.children if isinstance(b, type(game.stop_button))).click()
                assert game.state.history[-1] == tokens[-1]
                bought += 1
            elif lu.Stop() in legal and len(game.state.lineup.path) >= 2:
                game.stop_button.click()
                assert game.state.history[-1] == lu.Stop()
            else:
                buttons = game.choices.children
                (buttons[0] if buttons else game.stop_button).click()
    assert bought == 1 and states >= 10 and crowded >= 3


def test_with_a_door_in_hand_on_a_big_zoo_every_door_and_stop_are_offered():
    from zoobook.fivebyfive import lineup as lu
    from zoobook.fivebyfive.board import Board, Tile
    from zoobook.fivebyfive.game import GameState

    kinds = ("carnivore", "aquatic", "herbivore", "bird", "reptile", "park")
    board = Board(tuple(Tile.make(f"{column}{row}", kinds[(i + row) % 6])
                        for row in range(1, 6) for i, column in enumerate("ABCDE")))
    state = GameState.new(players=1, seed=1)
    state.round, state.directions = 1, ("W", "N", "E")
    state._set(0, board=board, cubes="RRBBGY", meeples="", doors=1, hand=())
    state._start_lineups()
    game = SoloGame(seed=1)
    game.state = state
    game.refresh()
    doors = [a for a in state.legal_actions() if isinstance(a, lu.PlaceDoor)]
    assert len(doors) > 40                                       # more than the old cap of buttons
    assert sorted(map(repr, game.reachable_steps())) == sorted(
        map(repr, [a for a in state.legal_actions() if not isinstance(a, BestLineup)]))
    assert not game.stop_button.disabled and game.stop_button in game.lineup_steps.children
    menu = game.step_menus[lu.PlaceDoor]
    menu.value = doors[-1]
    next(b for b in game.step_rows[lu.PlaceDoor].children if b is not menu).click()
    assert game.state.history[-1] == doors[-1] and game.state.lineup.hand.doors == 0
