"""00-start-here.ipynb in a real JupyterLab: run it, type into a widget, click Solve."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from labtools import output_html, outputs, run_notebook, screenshot

pytestmark = pytest.mark.browser


def test_start_here_runs_and_its_widgets_answer_a_reader(page, lab_url):
    run_notebook(page, lab_url, "00-start-here.ipynb")

    # The ruling lookup: the notebook's own cells left it at F7; a reader types Z2.
    lookup = outputs(page).locator(".widget-text input").first
    expect(lookup).to_have_value("F7")
    assert "Ruling Z2:" not in output_html(page)
    lookup.fill("Z2")
    expect(outputs(page).locator(".widget-html-content", has_text="Ruling Z2:")).to_have_count(1)

    # The puzzle browser: Solve shows the explained optimum (when there are puzzles at all).
    solve = outputs(page).get_by_role("button", name="Solve")
    expect(solve).to_have_count(1)
    if solve.is_disabled():
        expect(outputs(page).locator(".widget-html-content", has_text="No puzzles")).to_have_count(1)
    else:
        # The notebook's cells already solved one puzzle; choosing another clears that.
        picker = outputs(page).locator(".widget-dropdown select").nth(1)
        count = picker.locator("option").count()
        chosen = picker.evaluate("select => select.selectedIndex")
        picker.select_option(index=(chosen + 1) % count)
        if count > 1:
            expect(outputs(page).locator(".zoobook-solution")).to_have_count(0)
        solve.click()
        solution = outputs(page).locator(".zoobook-solution")
        expect(solution).to_have_count(1)
        expect(solution.locator("li").first).to_be_visible()
    screenshot(page, "start-here")
