"""Easter Island lesson in a real browser: lay track by hand and watch the running cost."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.labtools import run_cells, screenshot, widget_box

pytestmark = pytest.mark.browser


def test_laying_track_by_hand_updates_cost_and_optimum(page, lab_url):
    run_cells(page, lab_url, "12-steam-easter-island.ipynb", "import ConnectLab", "corridor = load_puzzle(",
              "lab = ConnectLab(corridor)")
    lab = widget_box(page, page.get_by_role("button", name="Show optimum"))
    status = lab.locator(".widget-html-content", has_text="laid in").first
    # The notebook's own cell laid a $14 network; start again by hand.
    expect(status).to_contain_text("$14 laid in 2 links")
    lab.get_by_role("button", name="Clear").click()
    expect(status).to_contain_text("$0 laid in 0 links")
    box = lab.locator(".widget-text input").first
    # Typed, then committed by the button or by Enter; each entry is laid once and the box emptied.
    for entry, commit, running in (("Yellow 1", "button", "$0 laid in 0 links (+ a link under way"),
                                   ("2,1", "Enter", "$3 laid in 0 links (+ a link under way"),
                                   ("Yellow 2", "button", "$3 laid in 1 link: 2 separate groups of ruins")):
        box.fill(entry)
        if commit == "Enter":
            box.press("Enter")
        else:
            lab.get_by_role("button", name="Lay hex").click()
        expect(status).to_contain_text(running)
        expect(box).to_have_value("")
    box.fill("2,1")
    lab.get_by_role("button", name="Lay hex").click()
    expect(lab.locator(".widget-html-content", has_text="not a city").first).to_be_visible()
    lab.get_by_role("button", name="Show optimum").click()
    expect(lab.locator(".zoobook-solution").first).to_contain_text("Cheapest network: 10 dollars")
    expect(status).to_contain_text("Optimum: $10.")
    screenshot(page, "steam-easter")
