"""The 5x5 Zoo game notebook in a real browser: take a tile from the main board and place it."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.labtools import run_cells, screenshot

pytestmark = pytest.mark.browser


def test_take_a_tile_and_place_it_in_the_solo_game(page, lab_url):
    run_cells(page, lab_url, "22-5x5-game.ipynb", "play_here = SoloGame(")   # the reader's game, with its import
    zoo = page.locator(".zoobook-5x5-zoo").first
    expect(zoo).to_contain_text("Your zoo (0 tiles")
    page.get_by_role("button", name="C1", exact=True).first.click()       # the two start tiles
    page.get_by_role("button", name="A3", exact=True).first.click()
    expect(zoo).to_contain_text("Your zoo (2 tiles")
    page.get_by_role("button", name=re.compile(r"^take [TL]\d\d")).first.click()
    door = page.get_by_role("button", name="take a door token instead")
    if door.count():
        door.first.click()
    page.locator("button.mod-success").first.click()                      # a free cell of the zoo
    expect(zoo).to_contain_text("Your zoo (3 tiles")
    expect(page.locator(".widget-html-content", has_text="AI removes").first).to_be_attached()
    screenshot(page, "5x5-game")
