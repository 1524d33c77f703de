"""A kernel restart loses no game (issue 45, item 2): in JupyterLab, play three moves of the 5x5 Zoo
solo game of notebook 22, restart the kernel, run the cells again, resume the saved game from the
widget's list, and find the same position on the screen."""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.labtools import restart_kernel, run_cells, run_open_cells, screenshot

pytestmark = pytest.mark.browser

PANELS = (".zoobook-5x5-zoo", ".zoobook-5x5-hand", ".zoobook-5x5-scores")


def _shown(page) -> list[str]:
    """What the widget shows: the status line and its panels' text."""
    status = page.locator(".widget-html-content", has_text=re.compile(r"phase\.")).first.inner_text()
    return [status] + [page.locator(panel).first.inner_text() for panel in PANELS]


def test_a_restarted_kernel_resumes_the_saved_game_at_the_same_position(page, lab_server):
    cell = "play_here = SoloGame("
    games = lab_server.root / "games"
    earlier = set(games.glob("*.jsonl"))          # games other tests of this session played there
    run_cells(page, lab_server.url, "22-5x5-game.ipynb", cell)
    zoo = page.locator(".zoobook-5x5-zoo").first
    expect(zoo).to_contain_text("Your zoo (0 tiles")
    page.get_by_role("button", name="C1", exact=True).first.click()           # two start tiles...
    expect(zoo).to_contain_text("Your zoo (1 tiles")
    page.get_by_role("button", name="A3", exact=True).first.click()
    expect(zoo).to_contain_text("Your zoo (2 tiles")
    page.get_by_role("button", name=re.compile(r"^take [TL]\d\d")).first.click()   # ...and a tile taken
    expect(page.locator(".zoobook-5x5-hand").first).to_be_attached()
    expect(page.get_by_role("button", name="Undo").first).to_be_enabled()
    page.wait_for_timeout(1000)                   # the background save: on the disk within milliseconds
    saved = sorted(set(games.glob("5x5-*-seed-11.jsonl")) - earlier)
    assert len(saved) == 1, sorted(games.iterdir()) if games.exists() else "no games/ beside the notebook"
    assert json.loads(saved[0].read_text(encoding="utf-8").splitlines()[0])["actions"] == 3
    before = _shown(page)
    assert "Tiles to place" in before[1]

    restart_kernel(page)
    run_open_cells(page, cell)                    # the reader runs the cells again: a new game
    expect(zoo).to_contain_text("Your zoo (0 tiles")
    menu = page.locator(".zoobook-keeper .widget-dropdown select").first
    expect(menu.locator("option").first).to_contain_text("3 moves")
    page.get_by_role("button", name="Resume").first.click()
    expect(zoo).to_contain_text("Your zoo (2 tiles")
    expect(page.locator(".zoobook-keeper").first).to_contain_text("Resumed")
    assert _shown(page) == before
    screenshot(page, "keep-game-resumed")
