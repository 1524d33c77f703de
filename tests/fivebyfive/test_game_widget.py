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
