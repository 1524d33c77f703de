"""The map editor notebook in a real browser: paint a few hexes with clicks and save the file."""

import pytest
from playwright.sync_api import expect

from tests.browser.labtools import outputs, run_cells, screenshot
from zoobook.puzzles.loading import load_puzzle

pytestmark = pytest.mark.browser


def test_paint_a_few_hexes_and_save_the_board(page, lab_url, lab_server):
    run_cells(page, lab_url, "16-steam-map-editor.ipynb", "editor = MapEditor(")   # with its import
    out = outputs(page)
    editor = out.locator(".widget-vbox", has=page.locator("button[title='4,1']")).first
    hex_button = lambda q, r: editor.locator(f"button[title='{q},{r}']").first  # noqa: E731
    expect(hex_button(0, 0)).to_have_text("R1:2", timeout=30_000)  # the cells' own clicks
    editor.get_by_role("button", name="town", exact=True).first.click()
    page.wait_for_timeout(400)  # let the kernel receive the brush before the click
    hex_button(1, 1).click()
    expect(hex_button(1, 1)).to_have_text("T", timeout=20_000)
    editor.get_by_role("button", name="mountain", exact=True).first.click()
    page.wait_for_timeout(400)
    hex_button(3, 0).click()
    expect(hex_button(3, 0)).to_have_text("^", timeout=20_000)
    hex_button(6, 0).click()  # a "+" hex east of the board: the board grows
    expect(hex_button(6, 0)).to_have_text("^", timeout=20_000)
    name = editor.locator(".widget-text input").last  # the File box
    name.fill("painted-in-the-browser.toml")
    name.press("Enter")
    page.wait_for_timeout(400)
    editor.get_by_role("button", name="Save").first.click()
    expect(editor.locator(".widget-html-content", has_text="Saved painted-in-the-browser.toml")
           ).to_be_attached(timeout=20_000)
    screenshot(page, "steam-map-editor")
    game = load_puzzle(lab_server.root / "painted-in-the-browser.toml").model
    island = game.start.board
    assert [tuple(n.hex) for n in island.hexmap.nodes if n.type == "town"] == [(1, 1)]
    assert game.land[(3, 0)] == "mountain" and game.land[(6, 0)] == "mountain"
    assert {c.name: c.cubes for c in island.cities} == {"Red 1": ("blue", "red"), "Blue 1": ()}
