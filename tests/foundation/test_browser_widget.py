"""The generic puzzle browser, driven as a reader would (no kernel needed)."""

from __future__ import annotations

import pytest

from tests.foundation.toykind import VALID_TOY, toy_file
from zoobook.puzzles import PuzzleKind, Solution, catalogue, register, unregister
from zoobook.widgets.browser import ALL_KINDS, PuzzleBrowser, option_label


@pytest.fixture
def shelf(tmp_path):
    """Three toy puzzles of two kinds and one broken file."""
    toy_file(tmp_path, "toy/three.toml")
    toy_file(tmp_path, "toy/empty.toml", 'id = "empty"\nkind = "toy/heaviest"\ndifficulty = 1\n'
             'title = "No tiles at all"\n')
    toy_file(tmp_path, "count/two.toml", 'id = "count-two"\nkind = "toy/count"\nn = 2\n'
             'description = "Count <b>two</b> things."\n')
    toy_file(tmp_path, "toy/broken.toml", 'id = "broken"\nkind = "toy/heaviest"\n[[tile]]\nname = 3\n')
    kind = register(PuzzleKind("toy/count", "how many things", lambda t: t.integer("n"),
                               lambda n: Solution(n, list(range(n)), (f"There are {n} things.",))))
    yield tmp_path
    unregister(kind.name)


def test_the_dropdown_offers_the_catalogue_in_zoobook_list_order(shelf):
    box = PuzzleBrowser(paths=[shelf])
    rows, errors = catalogue([shelf])
    assert box.visible_ids == [row.id for row in rows] == ["count-two", "empty", "three-tiles"]
    assert [label for label, _ in box.picker.options] == [option_label(row) for row in rows]
    assert box.picker.options[1][0] == "No tiles at all  (toy/heaviest, difficulty 1)"
    assert box.kind_filter.options == (ALL_KINDS, "toy/count", "toy/heaviest")
    # the broken file is reported once, under the browser, and not offered
    assert len(box.errors) == len(errors) == 1
    assert "tile[1].name: must be a string, not an integer" in box.problems.value


def test_the_card_shows_the_chosen_puzzles_common_keys(shelf):
    box = PuzzleBrowser(paths=[shelf])
    box.select("three-tiles")
    card = box.card.value
    for shown in ("Three tiles", "toy/heaviest", "the heaviest tile", "★★☆☆☆", "maximum, reading files",
                  "Which tile is heaviest?", "three.toml"):
        assert shown in card
    # issue 44: the file under the folder it was found in, never an absolute path
    assert f"<code>{shelf.name}/toy/three.toml</code>" in card and str(shelf) not in card
    assert box.solution.value == "" and not box.solve_button.disabled
    box.select("count-two")
    assert "Count &lt;b&gt;two&lt;/b&gt; things." in box.card.value  # the file's text is escaped
    assert "not rated" in box.card.value


def test_solve_shows_the_explained_optimum_and_choosing_again_clears_it(shelf):
    box = PuzzleBrowser(paths=[shelf])
    box.select("three-tiles")
    box.solve_button.click()
    assert "Three tiles: 7</b>" in box.solution.value
    assert "<li>Tile b weighs 7.</li>" in box.solution.value and "witness" in box.solution.value
    box.picker.value = "empty"
    assert box.solution.value == ""
    box.solve_button.click()
    assert "No tiles at all: no solution" in box.solution.value


def test_the_kind_filter_narrows_the_dropdown(shelf):
    box = PuzzleBrowser(paths=[shelf])
    box.kind_filter.value = "toy/heaviest"
    assert box.visible_ids == ["empty", "three-tiles"]
    assert box.picker.value == "empty" and "No tiles at all" in box.card.value
    box.select("count-two")  # a puzzle of another kind widens the filter again
    assert box.kind_filter.value == ALL_KINDS and box.picker.value == "count-two"
    with pytest.raises(KeyError, match="no puzzle 'nope'"):
        box.select("nope")


def test_an_empty_catalogue_says_so_and_offers_nothing_to_click(tmp_path):
    box = PuzzleBrowser(paths=[tmp_path])
    assert box.visible_ids == [] and box.picker.disabled and box.kind_filter.disabled
    assert box.solve_button.disabled
    assert f"No puzzles under {tmp_path} yet" in box.card.value
    box.solve_button.click()  # a click on a disabled button's handler changes nothing
    assert box.solution.value == "" and box.problems.value == ""


def test_a_missing_folder_is_an_empty_catalogue(tmp_path):
    box = PuzzleBrowser(paths=[tmp_path / "puzzles"])
    assert box.visible_ids == [] and box.errors == []
    assert "No puzzles under" in box.card.value


def test_a_file_changed_after_listing_is_reported_on_the_card(shelf):
    box = PuzzleBrowser(paths=[shelf])
    (shelf / "toy" / "three.toml").write_text(VALID_TOY.replace("weight = 7", "weight = 70"))
    box.select("three-tiles")
    assert "tile[2].weight: must be between 0 and 9, not 70" in box.card.value
    assert box.solve_button.disabled


def test_the_default_is_the_puzzles_folder_as_for_zoobook_list(tmp_path, monkeypatch):
    toy_file(tmp_path / "puzzles" / "toy")
    monkeypatch.chdir(tmp_path)
    assert PuzzleBrowser().visible_ids == ["three-tiles"]
