"""The Age of Steam Learn notebook in a real browser: click one drill to its goal, a refusal first."""

import pytest
from playwright.sync_api import expect

from tests.browser.labtools import outputs, run_cells, screenshot

pytestmark = pytest.mark.browser


def test_the_danger_drill_refuses_the_route_past_the_bears_then_reaches_its_goal(page, lab_url):
    # The imports and progress bar, and the danger drill's widget (the other drills are nbval's).
    run_cells(page, lab_url, "10-learn-steam.ipynb", "progress = LearnProgress(",
              'DrillWidget(drill_by_id("drill-danger-route")')
    drill = outputs(page).locator(".zoobook-drill", has_text="Around the bears").first
    answer = drill.locator(".zoobook-drill-answer")
    progress = outputs(page).locator(".zoobook-learn-progress").first
    expect(progress).to_contain_text("0 of 14 drills done")
    drill.get_by_role("button", name="ship goats -> bears -> yaks", exact=True).click()
    expect(answer).to_contain_text("Refused [S4]", timeout=20_000)
    expect(answer).to_contain_text("needs locomotive level 3")
    drill.get_by_role("button", name="ship goats -> yaks", exact=True).click()
    expect(answer).to_contain_text("Goal reached", timeout=20_000)
    expect(progress).to_contain_text("1 of 14 drills done", timeout=20_000)
    expect(drill.get_by_role("button", name="ship goats -> bears", exact=True)).to_have_count(0)   # done: no moves left
    screenshot(page, "learn-steam")
