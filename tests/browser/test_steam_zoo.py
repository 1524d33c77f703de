"""Zoo-map lesson in a real browser: pick another destination and see the answer change."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.labtools import run_cells, screenshot, widget_box

pytestmark = pytest.mark.browser


def test_changing_the_destination_changes_the_shown_answer(page, lab_url):
    run_cells(page, lab_url, "11-steam-zoo-shipping.ipynb", "import ShipmentExplorer", "explorer = ShipmentExplorer(",
              "explorer.feeding.value = False")
    explorer = widget_box(page, page.locator(".widget-slider", has_text="Locomotive"))
    answer = explorer.locator(".widget-html-content", has_text="enough").first
    # The notebook's own cell left the explorer on wolves -> camels, level 4, with Feeding.
    expect(answer).to_contain_text("ship from wolves to camels")
    explorer.locator(".widget-dropdown select").nth(1).select_option(label="hippos")
    expect(answer).to_contain_text("ship from wolves to hippos")
    expect(answer).not_to_contain_text("to camels")
    expect(explorer.locator("img[alt^='wolves to hippos']")).to_have_count(1)
    screenshot(page, "steam-zoo")
