"""Zooloretto lesson in a real browser: place a tile on the live board and see the score change."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.labtools import run_cells, screenshot, widget_box

pytestmark = pytest.mark.browser


def test_placing_a_stall_on_the_board_changes_the_score(page, lab_url):
    run_cells(page, lab_url, "31-zooloretto.ipynb", "import PuzzleCard, ZooBoard", "board = ZooBoard(",
              'board.place(Tile.parse("zebra"), "4")')
    board = widget_box(page, page.get_by_role("button", name="Place tile"))
    score = board.locator(".widget-html-content", has_text="Total:").first
    # The notebook's own cell filled the 4-space enclosure with zebras: 5 points so far.
    expect(score).to_contain_text("Total: 5")
    board.locator(".widget-dropdown", has_text="Tile").locator("select").select_option(label="kiosk")
    board.locator(".widget-dropdown", has_text="To").locator("select").first.select_option(label="6-space enclosure")
    board.get_by_role("button", name="Place tile").click()
    # A kiosk on a stall space is one vending stall type: +2.
    expect(score).to_contain_text("Vending stalls: 1 type (kiosk)")
    expect(score).to_contain_text("Total: 7")
    expect(board.locator("svg.zoobook-zoo")).to_contain_text("kiosk")
    screenshot(page, "zooloretto")
