"""00-start-here.ipynb in a real JupyterLab, run once: its widgets answer a reader, and the puzzle of the day.

Both tests share one tab and one run of the notebook (``start_here``).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.labtools import output_html, outputs, run_cells, screenshot
from zoobook.generate import generate_one
from zoobook.puzzles import parse_puzzle

pytestmark = pytest.mark.browser

# The card names the generated file: daily-<kind>-d<difficulty>-s<seed>-<number>.toml
DAILY_FILE = re.compile(r"daily-[a-z0-9-]+-d(\d)-s(\d+)-(\d+)\.toml")


@pytest.fixture(scope="module")
def start_here(page, lab_url):
    """The tab, with the cells behind the three widgets run once (outputs cleared first).

    The imports; the ruling lookup and the notebook's own typing in it; the catalogue, the puzzle
    browser and the notebook's own solve in it; the puzzle of the day (nbval runs the rest).
    """
    run_cells(page, lab_url, "00-start-here.ipynb", "import PuzzleBrowser", "lookup = RulingLookup(",
              'lookup.text.value = "F7"', "rows, problems = catalogue(", "browser = PuzzleBrowser(",
              "browser.select(", "daily = PuzzleOfTheDay(")
    return page


def test_start_here_runs_and_its_widgets_answer_a_reader(start_here):
    page = start_here
    # The ruling lookup: the notebook's own cells left it at F7; a reader types Z2.
    lookup = outputs(page).locator(".widget-text input").first
    expect(lookup).to_have_value("F7")
    assert "Ruling Z2:" not in output_html(page)
    lookup.fill("Z2")
    expect(outputs(page).locator(".widget-html-content", has_text="Ruling Z2:")).to_have_count(1)

    # The puzzle browser: the notebook's cells already solved one puzzle; choosing another
    # clears that, and Solve shows the explained optimum.
    solve = outputs(page).get_by_role("button", name="Solve")
    expect(solve).to_have_count(1)
    picker = outputs(page).locator(".widget-dropdown select").nth(1)
    count = picker.locator("option").count()
    assert count > 1
    chosen = picker.evaluate("select => select.selectedIndex")
    picker.select_option(index=(chosen + 1) % count)
    expect(outputs(page).locator(".zoobook-solution")).to_have_count(0)
    solve.click()
    solution = outputs(page).locator(".zoobook-solution")
    expect(solution).to_have_count(1)
    expect(solution.locator("li").first).to_be_visible()
    screenshot(page, "start-here")


def test_pick_a_kind_and_difficulty_guess_check_and_reveal_the_optimum(start_here):
    page = start_here
    daily = outputs(page).locator(".zoobook-puzzle-of-the-day").first
    card = daily.locator(".zoobook-puzzle")
    expect(card).to_contain_text("steam-zoo/shipment")          # as the notebook left it

    # Another kind and difficulty, by clicks; then the day's second puzzle of that batch.
    daily.locator(".widget-dropdown select").first.select_option(label="5x5/lineup")
    expect(card).to_contain_text("5x5/lineup")
    daily.get_by_role("button", name="3", exact=True).click()
    expect(card).to_contain_text("(3 of 5)")
    expect(card).to_contain_text(re.compile(r"daily-5x5-lineup-d3-s\d+-1\.toml"))
    daily.get_by_role("button", name="Another puzzle").click()
    expect(card).to_contain_text(re.compile(r"daily-5x5-lineup-d3-s\d+-2\.toml"))

    # The same puzzle, made again and solved here, independently of the kernel.
    difficulty, seed, number = map(int, DAILY_FILE.search(card.inner_text()).groups())
    made = generate_one("5x5/lineup", difficulty=difficulty, seed=seed, index=number - 1, prefix="daily")
    best = parse_puzzle(made.text).solve().value
    expect(card.locator("h4")).to_have_text(parse_puzzle(made.text).title)

    guess = daily.locator(".widget-text input").first
    check = daily.get_by_role("button", name="Check", exact=True)
    verdict = daily.locator(".zoobook-verdict")
    guess.fill(str(best + 1))
    guess.press("Enter")
    check.click()
    expect(verdict).to_contain_text("Not the optimum")
    assert str(best) not in verdict.inner_text()                 # the verdict keeps the answer hidden
    guess.fill(str(best))
    guess.press("Enter")
    check.click()
    expect(verdict).to_contain_text("Right!")

    expect(daily.locator(".zoobook-solution")).to_have_count(0)
    daily.get_by_role("button", name="Reveal the optimum").click()
    optimum = daily.locator(".zoobook-solution")
    expect(optimum).to_contain_text(f"Optimum: {best} points")
    expect(optimum.locator("li").first).to_contain_text(made.solution.explanation[0][:30])

    # Another kind, solved in the game's own widget: the Easter Island track layer.
    daily.locator(".widget-dropdown select").first.select_option(label="steam-easter/connect")
    expect(card).to_contain_text("steam-easter/connect")
    expect(optimum).to_have_count(0)                             # a new puzzle, its answer hidden
    daily.get_by_role("button", name="Try it in its widget").click()
    expect(daily.get_by_role("button", name="Lay hex")).to_be_visible()
    expect(daily.locator(".zoobook-how")).to_contain_text("Lay track hex by hex")
    screenshot(page, "puzzle-of-the-day")
