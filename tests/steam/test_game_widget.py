"""The game widget: a thin view; set values and click, then read what a player would see."""

import random
from pathlib import Path

import pytest

from zoobook.puzzles.loading import load_puzzle, parse_puzzle
from zoobook.steam.game.actions import LayTrack
from zoobook.steam.game import anytime
from zoobook.steam.game.maps import full_setup
from zoobook.widgets.steam_game import GamePlayer, action_label, budgeted_hint, menu_actions, status_html

ROOT = Path(__file__).resolve().parents[2]


def player(name, folder="steam-zoo-game"):
    return GamePlayer(load_puzzle(ROOT / "puzzles" / folder / f"{name}.toml").model, draw=False)


def test_status_shows_money_income_locomotive_and_the_clear_conditions():
    view = player("zoo-game-warm-up")
    html = view.status.value
    # the Zoo starts with $10 from 2 shares and locomotive 1 (S11b)
    for text in ("<td>$10</td>", "locomotive", "bonus tiles", "score (S10a)", "&#9744; zebras fed",
                 "&#9744; lions fed"):
        assert text in html
    assert status_html(view.state) == html


def test_choosing_from_the_list_plays_a_turn_and_refusals_change_nothing():
    view = player("zoo-game-exit-bonus")
    view.actions.value = dict((label, a) for label, a in view.actions.options)["issue 2 shares"]
    view.apply_button.click()
    assert view.phase_label.value.endswith("action phase")
    view.choose_text("select locomotive")
    before = view.state.position
    view.track.value = "0,0 1,0 2,0 3,0"
    view.lay_button.click()
    assert "Refused" in view.message.value and view.state.position is before
    view.lay("0,0 1,0 2,0")
    view.lay("4,0 5,0 6,0")
    view.choose_text("end build")
    labels = [label for label, _ in view.actions.options]
    assert "ship zebras -> 2,0 =teleport=> 4,0 -> tigers" in labels  # the solver's legal routes
    view.choose_text("ship zebras -> 2,0 =teleport=> 4,0 -> tigers")
    view.choose_text("pass")
    for label in ("issue no shares", "select feeding", "end build",
                  "ship tigers -> 4,0 =teleport=> 2,0 -> zebras"):
        view.choose_text(label)
    assert "CLEARED" in view.status.value and "&#9745; tigers fed" in view.status.value
    assert view.actions.options == () and view.hint_button.disabled


def test_the_hint_button_shows_the_planners_advice_and_hides_its_progress_bar():
    view = player("easter-game-warm-up", "steam-easter-game")
    view.hint_button.click()
    advice = view.last_hint
    assert advice.plan.turns == 1 and advice.action is not None
    assert f"Hint: <b>{action_label(advice.action)}</b>" in view.advice.value
    assert view.progress.layout.visibility == "hidden"


def click(view, *hexes):
    for h in hexes:
        view.board.buttons[h].click()


def test_clicking_hexes_on_the_board_lays_track_as_the_text_box_would():
    typed, clicked = player("zoo-game-exit-bonus"), player("zoo-game-exit-bonus")
    for view in (typed, clicked):
        view.choose_text("issue 2 shares")
        view.choose_text("select feeding")
    assert clicked.board.buttons[(0, 0)].description == "Zeb"  # the zebras' area, by its initials
    typed.lay("0,0 1,0 2,0")
    click(clicked, (0, 0), (1, 0), (2, 0))
    assert clicked.board_path.value == "0,0 1,0 2,0" and clicked.board.buttons[(1, 0)].description == "2"
    clicked.board_lay_button.click()
    assert clicked.message.value == "" and clicked.board.selected == []
    assert clicked.state.position == typed.state.position and clicked.state.log == typed.state.log
    assert clicked.log_view.value == typed.log_view.value and clicked.status.value == typed.status.value
    assert "=" in clicked.board.buttons[(1, 0)].description  # track now shows on the hex


def test_a_clicked_path_the_engine_refuses_shows_its_rule_changes_nothing_and_keeps_the_clicks():
    view = player("zoo-game-exit-bonus")
    view.choose_text("issue no shares")
    view.choose_text("select feeding")
    before = view.state.position
    click(view, (0, 0), (1, 0), (2, 0))
    click(view, (2, 0), (1, 0))  # a second click on the last hex takes it back: (0, 0) is left
    click(view, (2, 0))  # then a jump over (1, 0)
    view.board_lay_button.click()
    typed = player("zoo-game-exit-bonus")
    typed.choose_text("issue no shares")
    typed.choose_text("select feeding")
    typed.lay("0,0 2,0")
    assert view.message.value == typed.message.value and "Refused" in view.message.value
    assert view.state.position is before and view.board.text() == "0,0 2,0"
    view.board_clear_button.click()
    assert view.board.selected == [] and view.board_path.value == ""


def test_the_board_lays_out_pointy_topped_rows_and_takes_clicks_only_while_building():
    view = player("zoo-game-warm-up")
    assert view.board.disabled and view.board_lay_button.disabled  # shares phase
    rows = view.board.children
    assert len(rows) == len({r for _, r in view.board.hexes})
    view.choose_text("issue no shares")
    view.choose_text("select no action")
    assert not view.board.disabled


# -- full maps: the action list without listing every path, the hint within a budget ------------

def one_tile(hexmap, lay):
    return len(lay.hexes) - 1 - hexmap.is_node(lay.hexes[-1]) == 1


HAND = """id = "bonus-tiles-in-hand"
kind = "steam-zoo/clear"
plain = [[1, 0], [2, 0], [1, 1], [0, 1], [3, 0]]
[start]
hand = 2
cash = 3
[[area]]
name = "goats"
hex = [0, 0]
danger = 1
[[area]]
name = "yaks"
hex = [4, 0]
danger = 2
[[exit]]
hex = [2, 1]
"""


@pytest.mark.parametrize("name, folder", [("bonus tiles in hand", None),
                                          ("zoo-game-exit-bonus", "steam-zoo-game"),
                                          ("generated-zoo-clear-d2-s2026-1", "steam-zoo-game"),
                                          ("easter-game-rapa-nui", "steam-easter-game"),
                                          ("generated-easter-clear-d4-s2026-1", "steam-easter-game")])
def test_the_action_list_is_the_legal_actions_with_one_tile_lays_in_every_phase(name, folder):
    """menu_actions finds the build phase's lays without listing every legal path: the same list
    as filtering every legal action, over random play (bonus tiles from exits included)."""
    rng = random.Random(7)
    for _ in range(6):
        state = (GamePlayer(parse_puzzle(HAND).model, draw=False) if folder is None else player(name, folder)).state
        builds = 0
        while not state.is_terminal() and builds < 12:
            legal = state.legal_actions()
            menu = menu_actions(state)
            if state.position.phase == "build":
                builds += 1
                hexmap = state.game.rules.goods.hexmap(state.position.board)
                wanted = [a for a in legal if not isinstance(a, LayTrack) or one_tile(hexmap, a)]
                assert sorted(map(str, menu)) == sorted(map(str, wanted))
            else:
                assert menu == legal
            state.apply(rng.choice(legal))


def test_the_hint_stops_when_its_budget_is_spent_and_says_so(monkeypatch):
    view = player("easter-game-warm-up", "steam-easter-game")
    clock = iter(range(0, 10 ** 6, 100))  # every look at the planner's clock: 100 s later
    monkeypatch.setattr(anytime.time, "perf_counter", lambda: next(clock))
    view.think.value = 5
    view.hint_button.click()
    assert "No plan found within 5 s" in view.advice.value and "think longer" in view.advice.value
    assert "No plan clears the map before turn 1" in view.advice.value  # the bound, proven at once
    assert view.last_hint.action is None and view.progress.layout.visibility == "hidden"


def test_the_hint_on_a_full_map_gives_an_action_the_engine_takes_and_the_bound():
    """A hundred hexes: the anytime planner's first action, legal here, and the gap it leaves."""
    view = GamePlayer(full_setup("easter", "normal"), draw=False)
    advice = budgeted_hint(view.state.game, view.state.position, 3)
    reasons = " ".join(advice.reasons)
    assert advice.plan.lower_bound >= 1
    if advice.plan.proved_optimal:  # the plan meets the bound (the link planner finds Normal's at once)
        assert "No plan clears the map sooner: proved optimal." in reasons
    else:
        assert "No plan clears the map before turn" in reasons
    if advice.action is not None:  # a plan was found in the budget: its first action is legal now
        assert view.state.refusal(advice.action) is None
        assert advice.plan.turns >= advice.plan.lower_bound


def test_the_action_list_never_starts_blank_so_do_it_always_does_something():
    """Issue 44: in notebooks 13 and 14 the list started blank and Do it did nothing."""
    view = player("zoo-game-exit-bonus")
    first_label, first = view.actions.options[0]
    assert view.actions.value == first and view.actions.label == first_label
    before = view.state.position
    view.apply_button.click()
    assert view.state.position is not before and view.message.value == ""
    assert view.actions.value == view.actions.options[0][1], "a new list selects its first action again"
    view.actions.value = None
    view.apply_button.click()
    assert "Choose an action" in view.message.value
