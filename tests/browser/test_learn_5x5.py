"""The 5x5 Learn notebook in a real browser: click through the door drill, a refusal first."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.labtools import run_cells, screenshot
from zoobook.fivebyfive.learn import DRILLS

pytestmark = pytest.mark.browser


def test_the_door_drill_refuses_naming_the_rule_then_reaches_its_goal(page, lab_url):
    # The notebook's imports, its progress bar and the door drill's widget (the reader's, untouched by the
    # notebook's cells); the other drills and the walk-throughs are nbval's.
    run_cells(page, lab_url, "20-learn-5x5.ipynb", "import DrillWidget", "progress = LearnProgress(",
              'DrillWidget(drill("drill-lineup-doors")')
    drill = page.locator(".zoobook-drill", has_text=next(d.title for d in DRILLS if d.id == "drill-lineup-doors"))
    expect(drill).to_have_count(1)
    answer = drill.locator(".zoobook-drill-answer")
    progress = page.locator(".zoobook-learn-progress").first
    expect(progress).to_contain_text(f"0 of {len(DRILLS)} drills done")
    drill.get_by_role("button", name="move to B3", exact=True).click()
    expect(answer).to_contain_text("Refused [F4]")
    for label in ("move to A3", "place a red cube", "door on A3:E", "move to B3", "place a yellow cube"):
        drill.get_by_role("button", name=label, exact=True).click()
        expect(answer).to_contain_text(f"{label}: legal")
    expect(answer).to_contain_text("Goal reached")
    expect(progress).to_contain_text(f"1 of {len(DRILLS)} drills done")
    expect(drill.locator("svg circle[data-step='2']")).to_have_count(1)      # the picture follows the walk
    screenshot(page, "learn-5x5")
