"""The lineup widgets: the board drawing and the interactive explorer, driven from code."""

from __future__ import annotations

import re

from zoobook.fivebyfive.board import Board, Border, Cell, Tile
from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
from zoobook.fivebyfive.scoring import RequestCard
from zoobook.fivebyfive.solver import solve_lineup
from zoobook.widgets.fivebyfive_board import board_svg, lineup_graph_figure
from zoobook.widgets.fivebyfive_lineup import LineupExplorer


def mr_a_puzzle() -> LineupPuzzle:
    tiles = (Tile.make("A3", "carnivore"), Tile.make("B3", "herbivore"), Tile.make("C3", "park"),
             Tile.make("D3", "reptile", walls=["D3:W"]), Tile.make("D2", "bird"), Tile.make("E2", "carnivore"),
             Tile.make("E1", "carnivore"))
    board = Board(tiles, popular=frozenset(Cell.parse(c) for c in ("A3", "D2", "E1")))
    return LineupPuzzle(board, "W", cubes="RGBKKW", doors=1,
                        requests=(RequestCard.make({"carnivore": 1, "herbivore": 1}, 3),))


def test_board_svg_draws_tiles_walls_doors_tokens_gates_and_the_lineup():
    puzzle = mr_a_puzzle()
    board = puzzle.board.add_door(Border.parse("C3:E"))
    svg = board_svg(board, gate="W", path=["A3", "B3"], visitors=[])
    assert len(re.findall(r'class="tile"', svg)) == 7
    assert 'data-wall="D3:W"' in svg and 'data-door="C3:E"' in svg
    assert len(re.findall(r'class="popularity"', svg)) == 3
    assert 'class="gate active-gate" data-gate="W"' in svg and svg.count('class="gate') == 4
    assert 'data-step="2"' in svg and 'data-step="3"' not in svg
    large = board_svg(Board((Tile.make(["A1", "B1"], "park"),)))
    assert 'width="122"' in large    # one rectangle over two cells


def test_lineup_graph_figure_draws_every_node():
    fig = lineup_graph_figure(mr_a_puzzle().board, "W")
    assert len(fig.axes[0].collections[0].get_offsets()) == 7 + 1     # the tiles and the gate


def test_lineup_graph_figure_crops_no_node_disc():
    """Every node's whole disc lies inside the picture (the outermost ones used to be cut in half)."""
    fig = lineup_graph_figure(mr_a_puzzle().board, "W")
    ax = fig.axes[0]
    fig.canvas.draw()
    nodes = ax.collections[0]
    radius = (nodes.get_sizes()[0] ** 0.5) / 2 * fig.dpi / 72          # marker size is in points squared
    box = ax.get_window_extent()
    for x, y in ax.transData.transform(nodes.get_offsets()):
        assert box.x0 <= x - radius and x + radius <= box.x1 and box.y0 <= y - radius and y + radius <= box.y1


def test_explorer_builds_mr_as_lineup_by_clicks_with_the_running_score():
    explorer = LineupExplorer(mr_a_puzzle())
    for cell in ("A3", "B3", "C3"):
        explorer.click(cell)
    assert "Score so far: 7" in explorer.score.value     # 3 tiles + 1 token + 3 for the card met
    explorer.click("D3")
    assert "Not allowed" in explorer.message.value and "example D" in explorer.message.value
    explorer.border_choice.value = "C3:E"
    explorer.place_door_button.click()
    explorer.click("D3")
    explorer.click("D2")
    assert explorer.state.path == ("A3", "B3", "C3", "D3", "D2")
    assert "Score so far: 11" in explorer.score.value    # 8 + the request card's 3
    assert "Card 1" in explorer.requests.value and "<b>met</b>" in explorer.requests.value
    assert "serves card 1" in explorer.requests.value
    explorer.undo_button.click()
    assert explorer.state.path == ("A3", "B3", "C3", "D3")
    explorer.reset_button.click()
    assert explorer.state.path == ()


def test_explorer_best_lineup_button_draws_and_explains_the_optimum():
    puzzle = mr_a_puzzle()
    explorer = LineupExplorer(puzzle)
    explorer.best_button.click()
    # By hand: without the card Mr. A's best lineup scores 8 (the rulebook's example, pinned by
    # test_solver's test_mr_a_lineup_is_optimal_at_8_points), and the one request card adds at most
    # its 3 points; A3 B3 C3 D3 D2 scores the 8 and visits the carnivore and the herbivore it asks
    # for (the walk above reads "Score so far: 11"), so the optimum is 8 + 3 = 11.
    assert explorer.best_solution.value == 11 == solve_lineup(puzzle).value
    assert "<svg" in explorer.best.value and "Why nothing scores more" in explorer.best.value


def test_explorer_visitor_choice_and_free_actions():
    board = Board((Tile.make("A3", "park"), Tile.make("B3", "bird")))
    explorer = LineupExplorer(LineupPuzzle(board, "W", cubes="RRRYW"))
    explorer.visitor_choice.value = "W:cube"
    explorer.click("A3")
    assert str(explorer.state.placed[-1]) == "white cube"
    explorer.buy_token_button.click()           # pays the three red cubes
    assert explorer.state.hand.cubes == "Y" and explorer.state.board.is_popular(board.tile_at("A3"))
    explorer.click("B3")
    assert "Score so far: 3" in explorer.score.value
