"""Learn Zooloretto in a real browser: a drill answers a refused click with the rule's ID, then its goal."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.labtools import outputs, run_cells, screenshot, wait_for_kernel_idle

pytestmark = pytest.mark.browser


def test_the_load_drill_refuses_a_full_truck_then_reaches_its_goal(page, lab_url):
    # The imports, the progress bar and the load drill's widget (the other drills are nbval's).
    run_cells(page, lab_url, "30-learn-zooloretto.ipynb", "import DrillWidget", "progress = LearnProgress(",
              'DrillWidget(drills["drill-turn-load"]')
    drill = outputs(page).locator(".zoobook-drill", has_text="Load the drawn tile").first
    progress = outputs(page).locator(".zoobook-learn-progress").first
    expect(progress).to_contain_text("0 of 12 drills done")
    drill.get_by_role("button", name="load it on truck 3", exact=True).click()
    answer = drill.locator(".zoobook-drill-answer")
    expect(answer).to_contain_text("Refused [Z-TRUCK-1]: truck 3 is full")
    # every answer redraws the drill's buttons: let the new ones arrive before the next click
    wait_for_kernel_idle(page)
    page.wait_for_timeout(1500)
    drill.get_by_role("button", name="load it on truck 1", exact=True).click()
    expect(answer).to_contain_text("Goal reached", timeout=30_000)
    expect(progress).to_contain_text("1 of 12 drills done")
    screenshot(page, "learn-zooloretto")


def test_a_legal_move_that_misses_says_why_and_undo_brings_the_choices_back(page, lab_url):
    """The stall drill left no button after 2 of its 3 legal moves (issue 43): now the miss is explained."""
    run_cells(page, lab_url, "30-learn-zooloretto.ipynb", "import DrillWidget", "progress = LearnProgress(",
              'DrillWidget(drills["drill-scoring-stall"]')
    drill = outputs(page).locator(".zoobook-drill", has_text="Make the enclosure score").first
    answer = drill.locator(".zoobook-drill-answer")
    drill.get_by_role("button", name="place kiosk in the barn", exact=True).click()
    expect(answer).to_contain_text("legal, but a vending stall in the barn earns nothing")
    expect(drill.locator(".zoobook-drill-answer.missed")).to_have_count(1)
    wait_for_kernel_idle(page)
    page.wait_for_timeout(1500)
    drill.locator(".zoobook-drill-undo").click()
    wait_for_kernel_idle(page)
    page.wait_for_timeout(1500)
    drill.get_by_role("button", name="place kiosk in the 6-space enclosure", exact=True).click()
    expect(answer).to_contain_text("Goal reached", timeout=30_000)
