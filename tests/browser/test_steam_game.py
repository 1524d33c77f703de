"""The Zoo whole-game notebook in a real browser: play one turn with the widget's controls."""

import pytest
from playwright.sync_api import expect

from tests.browser.labtools import run_cells, screenshot

pytestmark = pytest.mark.browser


def test_play_one_turn_of_the_zoo_game(page, lab_url):
    # The imports, the ten-turn map, the player and the notebook's own first turn in it (the planner's
    # cells are nbval's).
    run_cells(page, lab_url, "13-steam-zoo-game.ipynb", "exit_bonus = load_puzzle(",
              'game = load_puzzle(DATA / "zoo-game-full.toml")', "player = GamePlayer(game)",
              'player.choose_text("issue no shares")')
    phase = page.locator(".widget-html-content", has_text="Turn 2 of 10").first
    expect(phase).to_be_attached()
    choose = page.locator(".jp-OutputArea-output .widget-dropdown select").first
    do_it = page.get_by_role("button", name="Do it").first
    log = page.locator(".zoobook-log").first
    for label, logged in [("issue 1 share", "issue 1 share: +$5"), ("select no action", "select no action"),
                          ("end build", "end build (0 tiles laid)"), ("pass", "pass"), ("pass", "== turn 3")]:
        expect(choose.locator("option", has_text=label).first).to_be_attached(timeout=20_000)
        choose.select_option(label=label)
        page.wait_for_timeout(400)  # let the kernel receive the new value before the click
        do_it.click()
        expect(log).to_contain_text(logged, timeout=20_000)
    expect(page.locator(".widget-html-content", has_text="Turn 3 of 10").first).to_be_attached(timeout=20_000)
    expect(page.locator(".zoobook-log").first).to_contain_text("== turn 3")
    screenshot(page, "steam-game")
