"""The full set-ups shipped as puzzles, and how ``solve`` answers a map too large for the exact planner.

* the shipped files are exactly the full set-ups of the assumed values (``setup_toml``), so they
  never drift from ``zoobook/data/assumed.toml``;
* ``solve`` runs the exact planner on maps of at most ``EXACT_LAND`` land hexes and the anytime
  planner beyond (a size rule: flipping it flips the planner, on the same map);
* the anytime planner's answer is certified only when its bound meets its plan, or when the bound
  passes the turn limit; otherwise ``solve`` says so in one message and ``verify`` fails the file.

The full set-ups' answers themselves are re-derived by ``zoobook verify`` (make test's puzzle
check), which is what proves the anytime planner clears each one in the turns its file claims.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from zoobook.errors import PuzzleError
from zoobook.puzzles.catalogue import verify
from zoobook.puzzles.loading import load_puzzle, parse_puzzle
from zoobook.steam.game import anytime, kinds
from zoobook.steam.game.kinds import SHIPPED_SETUPS, anytime_solution, setup_toml, solve
from zoobook.steam.game.maps import full_setup

ROOT = Path(__file__).resolve().parents[2]


def shipped_path(name: str) -> Path:
    folder = "steam-zoo-game" if name == "zoo" else "steam-easter-game"
    return ROOT / "puzzles" / folder / f"{SHIPPED_SETUPS[name][0]}.toml"


@pytest.mark.parametrize("name", sorted(SHIPPED_SETUPS))
def test_each_shipped_full_setup_is_the_assumed_setup_with_its_answer(name):
    path = shipped_path(name)
    puzzle = load_puzzle(path)
    assert path.read_text() == setup_toml(name, answer=puzzle.answer.value)
    assert puzzle.id == path.stem and puzzle.difficulty == SHIPPED_SETUPS[name][1]
    assert "ASSUMED" in puzzle.description and "zoobook/data/assumed.toml" in puzzle.description
    game, assumed = puzzle.model, full_setup(name)
    assert dict(game.land) == dict(assumed.land) and game.turns == assumed.turns == 10
    assert game.start.economy == assumed.start.economy
    assert not anytime.exact_fits(game)
    # the goods bound: one delivery a move-goods round, two a turn; the answer meets it
    left = game.rules.goods.goods_left(game.start.board)
    assert puzzle.answer.value == -(-left // 2)


def test_the_size_rule_picks_the_planner_and_both_give_the_same_fewest_turns(monkeypatch):
    path = ROOT / "puzzles" / "steam-easter-game" / "easter-game-warm-up.toml"
    game = load_puzzle(path).model
    assert len(game.land) <= anytime.EXACT_LAND
    exact = solve(game)
    assert set(exact.witness["search"]) == {"positions", "turns", "refuted"}   # the exact planner's
    monkeypatch.setattr(anytime, "EXACT_LAND", len(game.land) - 1)             # now too large for it
    found = solve(game)
    assert found.witness["search"]["planner"] == "anytime"
    assert found.value == exact.value == load_puzzle(path).answer.value
    assert set(found.witness) == set(exact.witness)
    assert any(s.startswith("No plan can clear it sooner") for s in found.explanation)
    assert any(f"more than the {len(game.land) - 1} the exact planner" in s for s in found.explanation)


def test_the_full_zoo_map_is_certified_by_the_goods_bound():
    solution = anytime_solution(full_setup("zoo"))
    assert solution.value == 7 and solution.witness["turns"] == 7
    assert len(solution.witness["plan"]) == 7 and solution.witness["plan"][-1].startswith("turn 7:")
    assert "the goods bound" in solution.explanation[1] and "13 animal areas" in solution.explanation[1]
    assert "not proved the best" in solution.explanation[2]


def test_without_a_proof_solve_says_so_and_verify_fails_the_file(tmp_path, monkeypatch):
    with pytest.raises(PuzzleError, match="no certified fewest turns: the anytime planner stopped after .* of its "
                                         "0.01 CPU-s budget.*bound is turn 10"):
        anytime_solution(full_setup("easter-hard"), budget_seconds=0.01)
    copy = tmp_path / "easter-hard.toml"
    copy.write_text(shipped_path("easter-hard").read_text())
    monkeypatch.setattr(kinds, "ANYTIME_BUDGET", 0.01)
    checks, errors = verify([copy])
    assert not errors and len(checks) == 1
    assert not checks[0].ok and "no certified fewest turns" in checks[0].reason


def test_a_full_setup_that_cannot_be_cleared_in_time_is_certified_as_no_plan():
    # 20 cubes need 10 turns (the goods bound); with 9 allowed no plan exists, proved at once
    text = shipped_path("easter-hard").read_text().replace("turns = 10", "turns = 9")
    text = text.replace("value = 10", "no_solution = true")
    puzzle = parse_puzzle(text)
    solution = puzzle.solve()
    assert solution.value is None and puzzle.answer.value is None
    assert "No plan clears the map by the end of turn 9" in solution.explanation[0]
    assert "20 cubes" in solution.explanation[0]


def test_the_plan_command_still_writes_a_setup_without_an_answer(tmp_path):
    from zoobook.cli import main

    path = tmp_path / "hard.toml"
    assert main(["plan", "--setup", "easter-hard", "--write", str(path)]) == 0
    puzzle = load_puzzle(path)
    assert puzzle.answer is None and puzzle.id == "full-easter-hard"
    assert "carries no [answer]" in puzzle.description
