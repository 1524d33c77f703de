"""The game widget: a thin view; set values and click, then read what a player would see."""

from pathlib import Path

from zoobook.puzzles.loading import load_puzzle
from zoobook.widgets.steam_game import GamePlayer, status_html

ROOT = Path(__file__).resolve().parents[2]


def player(name, folder="steam-zoo-game"):
    return GamePlayer(load_puzzle(ROOT / "puzzles" / folder / f"{name}.toml").model, draw=False)


def test_status_shows_money_income_locomotive_and_the_clear_conditions():
    view = player("zoo-game-warm-up")
    html = view.status.value
    for text in ("$10", "locomotive", "bonus tiles", "&#9744; zebras fed", "&#9744; lions fed"):
        assert text in html
    assert status_html(view.state) == html


def test_choosing_from_the_list_plays_a_turn_and_refusals_change_nothing():
    view = player("zoo-game-exit-bonus")
    view.actions.value = view.actions.options[0][1]
    view.apply_button.click()
    assert view.phase_label.value.endswith("action phase")
    view.choose_text("select feeding")
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
    view.choose_text("ship tigers -> 4,0 =teleport=> 2,0 -> zebras")
    assert "CLEARED" in view.status.value and "&#9745; tigers fed" in view.status.value
    assert view.actions.options == () and view.hint_button.disabled


def test_the_hint_button_shows_the_planners_advice_and_hides_its_progress_bar():
    view = player("easter-game-warm-up", "steam-easter-game")
    view.hint_button.click()
    assert "Hint: <b>issue 13 shares</b>" in view.advice.value
    assert view.progress.layout.visibility == "hidden" and view.last_hint.plan.turns == 1
