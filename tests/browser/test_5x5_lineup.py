"""5x5 lineup lesson in a real browser: build a two-step lineup by clicking tiles."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.labtools import run_cells, screenshot

pytestmark = pytest.mark.browser


def test_two_clicks_build_a_two_step_lineup_with_its_score(page, lab_url):
    run_cells(page, lab_url, "21-5x5-lineup.ipynb", "import LineupExplorer", "explorer = LineupExplorer(")
    # The first explorer in the notebook is the reader's, untouched by the notebook's own cells.
    score = page.locator(".zoobook-5x5-score").first
    expect(score).to_contain_text("Score so far: 0")
    page.get_by_role("button", name="A3", exact=True).first.click()
    expect(score).to_contain_text("Score so far: 1")
    page.get_by_role("button", name="A2", exact=True).first.click()
    expect(score).to_contain_text("Score so far: 2")
    board = page.locator(".widget-html-content svg.zoobook-5x5-board").first   # the widget's picture
    expect(board.locator("circle[data-step='2']")).to_have_count(1)
    expect(page.get_by_role("button", name="A2 \u2713").first).to_be_visible()
    screenshot(page, "5x5-lineup")
