"""The game table widget: a thin view that applies legal actions, shows refusals with their rule,
lets the bots play, gives hints, and ends with the scores."""

from zoobook.widgets.zooloretto_game import GameTable, trucks_html
from zoobook.zooloretto.game import Draw, Take


def test_a_refused_action_shows_its_rule_and_changes_nothing():
    table = GameTable(players=3, seed=2, expansions="buildings,sites", bot="random")
    before = repr(table.state)
    assert table.act(Take(0)) is False
    assert "at least one tile" in table.message.value and "Z-TRUCK-2" in table.message.value
    assert repr(table.state) == before
    assert "Z6" in table.header.value


def test_the_bots_play_until_it_is_your_turn_and_the_trucks_show_the_tiles():
    table = GameTable(players=3, seed=2, bot="greedy")
    assert table.act(Draw()) and table.state.phase == "load"
    table.act(table.state.legal_actions()[0])
    assert table.state.current_player == 0 or table.state.is_terminal()
    drawn = sum(len(t) for t in table.state.trucks) + sum(t is not None for t in table.state.taken)
    assert drawn >= 1 and "truck 1 (3)" in trucks_html(table.state)


def test_a_whole_game_through_the_widget_ends_with_the_scores():
    table = GameTable(players=2, seed=4, expansions="sites", bot="greedy")
    while not table.state.is_terminal():
        assert table.act(table.actions.value)
    assert "Game over" in table.header.value and table.actions.options == ()
    assert table.boards.value.count("Total:") == 2
    table.show_hint()
    assert "over" in table.hint.value


def test_the_hint_names_the_lookahead_bots_choice_and_its_reasons():
    table = GameTable(players=2, seed=8, expansions="buildings", bot="greedy")
    action = table.show_hint()
    assert f"would: {action}" in table.hint.value and "actions weighed" in table.hint.value


def test_the_supply_line_shows_the_state_s_count_of_tiles_before_the_end_stack():
    from zoobook.widgets.zooloretto_game import supply_html
    from zoobook.zooloretto.game import ZoolorettoState
    from zoobook.zooloretto.supply import END_STACK

    state = ZoolorettoState.new(players=2, seed=3)
    before = state.tiles_before_end_stack
    assert before == len(state.supply) - END_STACK > 0
    assert f"({before} more before the end stack of {END_STACK})" in supply_html(state)
    state.supply = state.supply[:END_STACK - 1]    # inside the end stack: nothing left before it
    assert state.tiles_before_end_stack == 0
