"""The engine's cheap copy for a search (``GameState.search_copy``) copies what ``clone()`` copies.

The copy lives in the engine's package (``fivebyfive/fast_copy.py``) so that no bot keeps a list
of the engine's fields (issue 42 item 3); this test is what makes the list safe: a field that
``clone()`` copies anew must be copied anew by ``search_copy()`` too, or a search would change the
state it searches from.
"""

from dataclasses import fields

from zoobook.fivebyfive.bots import GreedyBot
from zoobook.fivebyfive.game import GameState


def a_game_in_round_two(players: int) -> GameState:
    state = GameState.new(players=players, seed=17)
    bots = [GreedyBot(seat) for seat in range(players)]
    while state.round < 2 or state.phase != "main":
        state.apply(bots[state.current_player].choose(state))
    return state


def test_every_field_clone_copies_anew_is_copied_anew_by_the_search_copy():
    for players in (1, 3):
        state = a_game_in_round_two(players)
        clone, quick = state.clone(), state.search_copy()
        for spec in fields(state):
            name = spec.name
            original = getattr(state, name)
            if getattr(clone, name) is not original and isinstance(original, (list, dict, set)) or name == "lineup":
                assert getattr(quick, name) is not original or original is None, name
            if name not in ("log", "history", "rng"):
                assert getattr(quick, name) == getattr(clone, name), name
        assert quick.legal_actions() == state.legal_actions()


def test_playing_on_the_search_copy_leaves_the_state_as_it_was():
    state = a_game_in_round_two(2)
    snapshot = state.clone()
    quick = state.search_copy(5)
    bots = [GreedyBot(seat) for seat in range(2)]
    for _ in range(30):
        if quick.is_terminal():
            break
        action = bots[quick.current_player].choose(quick)
        assert action in quick.legal_actions()
        quick.apply_unchecked(action)
    assert quick.history == [] and quick.log == []                       # a search keeps no record
    for spec in fields(state):
        if spec.name != "rng":
            assert getattr(state, spec.name) == getattr(snapshot, spec.name), spec.name
