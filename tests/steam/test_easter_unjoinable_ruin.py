"""A ruin no track can reach is found up front and named, for every command (issue 41, item 3).

Before, the bounds crashed on a large map (``int(None)`` from the cheapest network that does not
exist) and on a small map the exact planner's "no solution" blamed the search, not the ruin.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from zoobook.cli import main
from zoobook.steam.easter.island import City, Island
from zoobook.steam.game import plan
from zoobook.steam.game.anytime import exact_fits, plan_anytime
from zoobook.steam.game.bounds import IMPOSSIBLE, all_bounds, lower_bound
from zoobook.steam.game.easter_goods import unjoinable_ruin
from zoobook.steam.game.state import Game


def _cities(far):
    return [City("Red 1", (0, 0), "red", True, ("blue",)), City("Blue 2", (2, 0), "blue", True),
            City("Yellow 3", far, "yellow", True)]


def _small_game():
    """Yellow 3 at (6, 0) touches no land hex."""
    return Game.easter(Island.build(plain=[(1, 0), (3, 0)], cities=_cities((6, 0))), 3)


def _large_game():
    """A block of land around the first two ruins; Yellow 3 far off, with land of its own that
    no chain of land joins to the block."""
    nodes = {(0, 0), (2, 0)}
    plain = [(q, r) for q in range(-1, 9) for r in range(1, 4)] + [(1, 0), (3, 0)]
    plain += [(20, 0), (21, 0)]
    island = Island.build(plain=[h for h in plain if h not in nodes], cities=_cities((22, 0)))
    return Game.easter(island, 10)


def test_a_ruin_no_land_touches_is_named():
    assert unjoinable_ruin(_small_game().start.board) == (
        "ruin at (6,0) (Yellow 3) cannot be joined: no land hex touches it, and track leaves a city "
        "only onto land (S2)")


def test_a_ruin_whose_land_leads_nowhere_is_named():
    assert unjoinable_ruin(_large_game().start.board).startswith(
        "ruin at (22,0) (Yellow 3) cannot be joined: no chain of land hexes leads from it to Red 1")


def test_joinable_ruins_are_not_named_even_through_a_town_or_a_city():
    # Blue 2 is reached only through the town at (2, 1): towns and cities may be junctions
    island = Island.build(plain=[(1, 0), (1, 1), (3, 1)], cities=_cities((4, 1))[:2] + [
        City("Yellow 3", (4, 1), "yellow", True)], towns=[("t", (2, 1))])
    assert unjoinable_ruin(island) == ""
    # two ruins side by side make no link: a link has one tile at least (S2)
    side = Island.build(plain=[(5, 5)], cities=[City("Red 1", (0, 0), "red", True),
                                                City("Blue 2", (1, 0), "blue", True)])
    assert unjoinable_ruin(side).startswith("ruin at (1,0) (Blue 2) cannot be joined")


def test_the_exact_planner_explains_the_unjoinable_ruin_without_a_search():
    found = plan(_small_game())
    assert not found.cleared
    assert found.explanation == ("The map can never be cleared: ruin at (6,0) (Yellow 3) cannot be "
                                 "joined: no land hex touches it, and track leaves a city only onto "
                                 "land (S2).",)
    assert found.stats.expanded == 0


def test_the_bounds_and_the_anytime_planner_on_a_large_map_name_the_ruin():
    game = _large_game()
    assert not exact_fits(game)
    bounds = dict(all_bounds(game))                  # no int(None) any more
    assert bounds["connection_bound"].turn == IMPOSSIBLE
    assert "(Yellow 3) cannot be joined" in lower_bound(game).reason
    found = plan_anytime(game, budget_seconds=5, cpu_budget=True)
    assert found.proved_impossible and found.turns is None
    assert "(Yellow 3) cannot be joined" in found.bound_reason


def _file(tmp_path: Path, far, plain, answer: str) -> Path:
    lines = ['id = "unjoinable"', 'kind = "steam-easter/clear"', "turns = 3",
             f"plain = {[list(h) for h in plain]}"]
    for name, h, colour, cubes in (("Red 1", (0, 0), "red", '["blue"]'), ("Blue 2", (2, 0), "blue", "[]"),
                                   ("Yellow 3", far, "yellow", "[]")):
        lines += ["", "[[city]]", f'name = "{name}"', f"hex = {list(h)}", f'colour = "{colour}"',
                  "ruin = true", f"cubes = {cubes}"]
    lines += ["", "[answer]", answer, ""]
    path = tmp_path / "unjoinable.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


LARGE_PLAIN = [h for h in [(q, r) for q in range(-1, 9) for r in range(1, 4)] + [(1, 0), (3, 0), (20, 0), (21, 0)]]


@pytest.mark.parametrize("size", ["small", "large"])
@pytest.mark.parametrize("command", ["solve", "plan", "verify"])
def test_every_command_explains_the_unjoinable_ruin_without_a_traceback(tmp_path, size, command):
    far, plain = ((6, 0), [(1, 0), (3, 0)]) if size == "small" else ((22, 0), LARGE_PLAIN)
    path = _file(tmp_path, far, plain, "no_solution = true")
    out, err = io.StringIO(), io.StringIO()
    status = main([command, str(path)], out=out, err=err)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    if command == "verify":
        assert (status, out.getvalue()) == (0, "1 passed, 0 failed\n")
    else:
        assert status == 0, err.getvalue()
        assert f"ruin at ({far[0]},{far[1]}) (Yellow 3) cannot be joined" in out.getvalue()


def test_verify_names_the_ruin_when_a_file_claims_a_value(tmp_path):
    path = _file(tmp_path, (6, 0), [(1, 0), (3, 0)], "value = 2")
    out, err = io.StringIO(), io.StringIO()
    status = main(["verify", str(path)], out=out, err=err)
    assert status != 0
    assert "Traceback" not in err.getvalue()
    assert ("[answer].value is 2 but the solver finds no solution: The map can never be cleared: ruin at "
            "(6,0) (Yellow 3) cannot be joined") in err.getvalue()
