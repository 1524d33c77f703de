"""The Easter Island widgets: laying track hex by hex, the optimum button, the moai exercise."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from zoobook.puzzles.loading import load_puzzle  # noqa: E402
from zoobook.steam.easter.draft import TrackDraft  # noqa: E402
from zoobook.widgets.steam_easter import ConnectLab, MoaiLab  # noqa: E402

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

PUZZLES = Path(__file__).resolve().parents[2] / "puzzles" / "steam-easter"


def corridor_lab():
    return ConnectLab(load_puzzle(PUZZLES / "easter-one-corridor-two-claims.toml").model)


def lay_all(lab, entries):
    for entry in entries:
        lab.entry.value = entry
        lab.lay_button.click()


def test_laying_track_shows_running_cost_and_joined_groups():
    lab = corridor_lab()
    lay_all(lab, ["Yellow 1", "2,1"])
    assert "$3 laid in 0 links" in lab.status.value and "under way from Yellow 1" in lab.status.value
    lay_all(lab, ["Yellow 2"])
    assert "$3 laid in 1 link: 2 separate groups" in lab.status.value
    lay_all(lab, ["Yellow 1", "3,0", "3,1", "Red 5"])
    assert "$10 laid in 2 links: every ruin is joined." in lab.status.value


def test_a_bad_hex_is_refused_with_a_message_and_changes_nothing():
    lab = corridor_lab()
    lay_all(lab, ["Yellow 1", "2,1", "Yellow 2", "Red 5", "3,1", "2,1"])
    assert "already holds track" in lab.message.value and "[S2]" in lab.message.value   # the rule named
    assert lab.draft.current == ((4, 1), (3, 1))
    lay_all(lab, ["nowhere"])
    assert "neither a city nor a hex" in lab.message.value


def test_a_hex_is_laid_once_whether_the_click_or_the_typed_entry_reaches_the_kernel_first():
    # In the browser the entry is committed (Enter, or leaving it for the button) and the click
    # travels separately; a busy kernel may get them in either order.
    value_first, click_first = corridor_lab(), corridor_lab()
    value_first.entry.value = "Yellow 1"            # committing the entry lays it and empties the box
    assert value_first.entry.value == "" and len(value_first.draft.current) == 1
    value_first.lay_button.click()                  # the click then finds the box empty: nothing more
    click_first.lay_button.click()                  # the click before the entry: nothing, and no complaint
    assert click_first.draft == TrackDraft(click_first.island) and click_first.message.value == ""
    click_first.entry.value = "Yellow 1"
    assert value_first.draft == click_first.draft and value_first.status.value == click_first.status.value
    value_first.entry.value = "2,5"                 # a refused entry stays in the box to be mended
    assert value_first.entry.value == "2,5" and value_first.message.value
    assert len(value_first.draft.current) == 1


def test_undo_reopens_the_last_link():
    lab = corridor_lab()
    lay_all(lab, ["Yellow 1", "2,1", "Yellow 2"])
    lab.undo_button.click()
    assert lab.draft.links == () and len(lab.draft.current) == 2
    lab.clear_button.click()
    assert lab.draft == TrackDraft(lab.island)


def test_show_optimum_draws_and_explains_the_hand_checked_answer():
    lab = corridor_lab()
    lab.optimum_button.click()
    assert "Cheapest network: 10 dollars" in lab.solution.value
    assert "share 1 hex" in lab.solution.value and "<img" in lab.solution.value


def test_moai_lab_ships_flips_and_compares_with_the_plan():
    lab = MoaiLab(load_puzzle(PUZZLES / "moai-turn-the-statue.toml").model.island, level=2)
    lab.city.value = "Red 2"
    lab.ship_button.click()  # the top red cube needs 6 links: refused
    assert "cannot be delivered within 2 links [S-GOODS-2]" in lab.state.value and lab.moves == []
    lab.flip_button.click()
    lab.ship_button.click()
    assert lab.moves == ["Rapa Nui on Red 2", "ship blue from Red 2 to Blue 1 (Red 2 - Blue 1)"]
    solution = lab.show_plan()
    assert solution.value == 3 and "Fewest turns: 3 turns" in lab.solution.value


def test_the_moves_refuse_with_the_one_illegal_action_error_naming_the_rule():
    from zoobook.errors import IllegalAction
    from zoobook.steam.easter.moai import rapa_nui, ship

    lab = corridor_lab()
    with pytest.raises(IllegalAction) as refused:
        lab.draft.lay((2, 1))                  # a link starts at a city
    assert refused.value.rule == "S-TRACK-1" and "is not a city" in refused.value.reason
    island = load_puzzle(PUZZLES / "moai-turn-the-statue.toml").model.island
    with pytest.raises(IllegalAction) as refused:
        ship(island, "Red 2", 2)               # the top red cube needs 6 links
    assert refused.value.rule == "S-GOODS-2"
    with pytest.raises(IllegalAction) as refused:
        rapa_nui(island, "Blue 1")             # a city with no moai of two cubes
    assert refused.value.rule == "S-MOAI-2"


def test_the_locomotive_rule_is_the_model_s_and_the_lab_only_shows_its_refusal():
    from zoobook.errors import IllegalAction
    from zoobook.steam.easter.moai import raise_locomotive

    assert [raise_locomotive(level) for level in range(1, 6)] == [2, 3, 4, 5, 6]
    with pytest.raises(IllegalAction) as refused:
        raise_locomotive(6)                    # never above 6
    assert refused.value.rule == "S-LOCOMOTIVE-1" and "already at level 6" in refused.value.reason
    lab = MoaiLab(load_puzzle(PUZZLES / "moai-turn-the-statue.toml").model.island, level=5)
    lab.raise_button.click()
    assert lab.level == 6 and lab.moves == ["locomotive to level 6"]
    lab.raise_button.click()                   # refused: nothing changes, the reason is shown
    assert lab.level == 6 and lab.moves == ["locomotive to level 6"]
    assert "already at level 6, the highest [S-LOCOMOTIVE-1]" in lab.state.value
