"""Benchmark: the whole-game widget on the full maps (about a hundred hexes).

In the build phase the widget's Action list offers urbanizing, ending the build and the
one-tile lays. Side by side in one run, at build-phase positions of the full set-ups
(``full_setup("zoo")``, ``full_setup("easter", "hard")``: the start, and after a first lay):

* **menu**: :func:`zoobook.widgets.steam_game.menu_actions`, each one-tile lay checked by the
  engine's refusal;
* **every path**: what the widget did before, every legal action listed
  (:meth:`GameState.legal_actions`, every simple path up to the tile limit) and the one-tile
  lays kept.

Both must give the same list; the script prints the medians, the ratio, and the time of a
whole refresh of the widget after a click (without and with the map redrawn), with MET or
MISSED for the targets (the menu at least 5 times faster; a click in the build phase that
changes no board under 300 ms; one that redraws it under 2 s); exit status as in :mod:`benchmarks.timing`.
Run: ``python -m benchmarks.bench_steam_widget [--quick]`` (``--quick``: a small map, once).
"""

from __future__ import annotations

import sys

from benchmarks.timing import agree, median_ms, options, target, verdict
from zoobook.steam.game.actions import LayTrack, Select
from zoobook.steam.game.maps import full_setup

TARGET_RATIO, TARGET_CLICK_MS, TARGET_DRAW_MS = 5.0, 300.0, 2000.0


def every_path_menu(state) -> list:
    """The baseline: every legal action, then the one-tile lays kept."""
    hexmap = state.game.rules.goods.hexmap(state.position.board)
    return [a for a in state.legal_actions()
            if not isinstance(a, LayTrack) or len(a.hexes) - 1 - hexmap.is_node(a.hexes[-1]) == 1]


def build_positions(game):
    """Build-phase states: after selecting the Engineer, and after one more lay."""
    state = game.new_state()
    state.apply(next(a for a in state.legal_actions() if a.count == 2))  # two shares: money to build
    state.apply(Select("engineer"))
    yield "build, no track", state.clone()
    from zoobook.widgets.steam_game import menu_actions

    lay = next(a for a in menu_actions(state) if isinstance(a, LayTrack))
    state.apply(lay)
    yield f"build, after {lay}", state


def main(argv=None) -> int:
    import matplotlib

    matplotlib.use("Agg")
    from zoobook.puzzles.loading import load_puzzle
    from zoobook.widgets.steam_game import GamePlayer, menu_actions

    args = options(argv, __doc__)
    if args.quick:
        from pathlib import Path

        path = Path(__file__).resolve().parents[1] / "puzzles" / "steam-zoo-game" / "zoo-game-exit-bonus.toml"
        games = [("zoo-game-exit-bonus", load_puzzle(path).model)]
    else:
        games = [("full Zoo", full_setup("zoo")), ("full Easter Island, hard", full_setup("easter", "hard"))]
    repeat = 1 if args.quick else 5
    targets = []
    for name, game in games:
        for where, state in build_positions(game):
            agree(sorted(map(str, menu_actions(state))), sorted(map(str, every_path_menu(state))),
                  f"{name}, {where}: the build phase's list")
            fast = median_ms(lambda: menu_actions(state), repeat)
            slow = median_ms(lambda: every_path_menu(state), repeat)
            print(f"{name}, {where}: menu {fast:.0f} ms, every path {slow:.0f} ms, {slow / fast:.1f}x")
            targets.append(target(f"{name}, {where}: menu >= {TARGET_RATIO:g}x faster",
                                  slow >= TARGET_RATIO * fast))
        view = GamePlayer(game, draw=True)
        view.state = state  # the last build position: the click that lists one-tile lays
        view.refresh()
        click = median_ms(view.refresh, repeat)  # the board has not changed: no redraw

        def redraw():
            view._drawn = (None, None)
            view.refresh()

        drawn = median_ms(redraw, repeat)
        print(f"{name}: a click's refresh {click:.0f} ms, with the map redrawn {drawn:.0f} ms")
        targets.append(target(f"{name}: a click < {TARGET_CLICK_MS:g} ms", click < TARGET_CLICK_MS))
        targets.append(target(f"{name}: a redraw < {TARGET_DRAW_MS:g} ms", drawn < TARGET_DRAW_MS))
    return verdict(targets, args.quick)


if __name__ == "__main__":
    sys.exit(main())
