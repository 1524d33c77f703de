"""Whole-game puzzle kinds: "clear this map in the fewest turns".

``steam-zoo/clear``: the keys of ``steam-zoo/shipment`` without ``from``, ``to`` and
``feeding`` (areas, exits, towns, track, or an ASCII ``map``), plus the whole-game keys of
:mod:`zoobook.steam.game.files` (``plain``, ``mountain``, ``turns``, ``[start]``)::

    id = "zoo-warm-up"
    kind = "steam-zoo/clear"
    turns = 3
    plain = [[1, 0], [2, 0]]
    [[area]]
    name = "goats"
    hex = [0, 0]
    danger = 1
    ...
    [answer]
    value = 2          # the fewest turns; no_solution = true when no plan clears it in time

``steam-easter/clear``: the keys of ``steam-easter/connect`` (``plain``, ``mountain``,
``[[city]]`` with ``colour``, ``ruin`` and ``cubes``) plus ``[[town]]``, ``[[track]]``,
``turns`` and ``[start]``.

The value is the fewest turns that clear the map (S10), the witness the plan, turn by
turn, with the cash it leaves and what the search did (``search``: the positions it expanded,
the whole turns it weighed there, and the first turns it refuted at the last deadline; the
generator grades puzzles by these), and the explanation why no plan is faster or richer.

Which planner answers is a size rule, not a name: a map of at most
:data:`~zoobook.steam.game.anytime.EXACT_LAND` (30) land hexes goes to the exact planner
(:mod:`.planner`); a larger one, such as the full set-ups shipped as
``puzzles/steam-easter-game/easter-{easy,normal,hard}.toml`` and
``puzzles/steam-zoo-game/zoo-full-map.toml``, to the anytime planner (:func:`anytime_solution`,
at most :data:`ANYTIME_BUDGET` CPU seconds). Its value counts only when certified: when its
proven lower bound (on the full set-ups, the goods bound) meets its plan, replayed through the
engine. The witness then has the same keys (``search`` says which planner found the plan and
the bound), and the explanation names the bound; the plan's score and cash are its own, not
proved the best. Without a proof ``solve`` raises one clear error, and ``zoobook verify`` fails
the file with that reason.

The extra command ``zoobook plan FILE [--hint]`` plans with a terminal progress bar
(Ctrl-C stops it cleanly). ``zoobook plan FILE --budget SECONDS`` (or ``--setup easter-hard``
for a full set-up, ``--write PATH`` to save one as a puzzle file without ``[answer]``) runs the
anytime planner (:mod:`.anytime`): the best plan found, the proven bound, the gap and the time.

Examples
--------
>>> from zoobook.puzzles.loading import parse_puzzle
>>> text = '''id = "x"
... kind = "steam-zoo/clear"
... turns = 2
... plain = [[1, 0]]
... [[area]]
... name = "goats"
... hex = [0, 0]
... danger = 1
... [[area]]
... name = "yaks"
... hex = [2, 0]
... danger = 1
... '''
>>> solution = parse_puzzle(text).solve()
>>> solution.value, solution.witness["cash"]
(1, 3)
"""

from __future__ import annotations

import argparse
from typing import Any

from zoobook.puzzles.fields import Table
from zoobook.puzzles.registry import PuzzleKind
from zoobook.puzzles.solution import Solution
from zoobook.steam.game.files import dump_land, dump_start, read_land, read_start, read_turns
from zoobook.steam.easter import kinds as easter_kinds
from zoobook.steam.game.easter_goods import TOWN, add_towns
from zoobook.steam.game.maps import EASTER, ZOO
from zoobook.steam.zoo.kinds import read_hex
from zoobook.steam.game.planner import plan
from zoobook.progress import Interrupted, TerminalBar
from zoobook.steam.game.state import Game
from zoobook.steam.zoo import kinds as zoo_kinds

__all__ = ["parse_zoo", "parse_easter", "solve", "dump_zoo", "dump_easter", "KINDS", "COMMANDS",
           "plan_solution", "setup_toml"]

_ZOO_MAP_KEYS = ("map", "area", "exit", "town", "track")


def parse_zoo(table: Table) -> Game:
    """A Zoo-map game from a ``steam-zoo/clear`` table (the map read by the shipment kind)."""
    raw = {k: table.raw(k) for k in _ZOO_MAP_KEYS if k in table}
    names = [a.get("name") for a in raw.get("area", []) if isinstance(a, dict)]
    names = [n for n in names if isinstance(n, str)]
    if len(names) < 2:
        raise table.error("area", "a Zoo game needs at least two animal areas")
    # The shipment kind reads the map; from/to only satisfy its own question keys.
    inner = Table({**raw, "from": names[0], "to": names[-1] if names[-1] != names[0] else names[1]})
    zoo = zoo_kinds.parse(inner).zoo
    inner.done()
    drawn = {h: t for h, t in zoo.terrain if not zoo.hexmap.is_node(h)}
    land = read_land(table, drawn)
    turns = read_turns(table)
    start = read_start(table, tuple(c.name for c in ZOO.cards), ZOO.start)
    clash = sorted(h for h in land if zoo.hexmap.is_node(h))
    if clash:
        raise table.error("plain", f"{tuple(clash[0])} is a node hex; track never goes on a node")
    return Game.zoo(zoo, land, turns, **start)


def dump_zoo(game: Game) -> dict[str, Any]:
    """The ``steam-zoo/clear`` keys of *game*."""
    from zoobook.steam.zoo.kinds import ShipmentQuestion, dump as dump_map

    zoo = game.start.board
    body = dump_map(ShipmentQuestion(zoo, zoo.areas[0].name, zoo.areas[1].name))
    for key in ("from", "to", "feeding"):
        body.pop(key)
    return {**dump_start(game), **dump_land(game), **body}


_EASTER_MAP_KEYS = ("plain", "mountain", "city", "track")


def parse_easter(table: Table) -> Game:
    """An Easter Island game from a ``steam-easter/clear`` table (the island read by the moai kind)."""
    raw = {k: table.raw(k) for k in _EASTER_MAP_KEYS if k in table}
    # The moai kind reads the island; its locomotive key is ours to give ([start] sets the real one).
    inner = Table({**raw, "locomotive": 2})
    island = easter_kinds.parse_moai(inner).island
    inner.done()
    towns = []
    for t in table.tables("town"):
        h = read_hex(t.raw("hex"), t.key("hex"))
        t.done()
        if island.hexmap.is_node(h) or any(h == land for land, _ in island.hexmap.terrain):
            raise t.error("hex", f"{tuple(h)} is already a city or a track hex")
        towns.append(h)
    from zoobook.steam.box import RULE, box_excess

    # A black city is a black new city tile already laid (S14): it counts with the towns.
    laid = sum(1 for c in island.cities if c.colour == "black" and not c.ruin)
    excess = box_excess("easter", towns=len(towns) + laid)
    if excess is not None:
        raise table.error(excess[0], f"{excess[1]} ({RULE})")
    island = add_towns(island, towns)
    turns = read_turns(table)
    start = read_start(table, tuple(c.name for c in EASTER.cards), EASTER.start)
    return Game.easter(island, turns, **start)


def dump_easter(game: Game) -> dict[str, Any]:
    """The ``steam-easter/clear`` keys of *game*."""
    island = game.start.board
    body = easter_kinds.dump_island(island)
    towns = [list(n.hex) for n in island.hexmap.nodes if n.type == TOWN]
    if towns:
        body["town"] = [{"hex": h} for h in towns]
    return {**dump_start(game), **body}


def plan_solution(game: Game, **kwargs: Any) -> Solution:
    """The planner's answer as a :class:`Solution` (value: the fewest turns)."""
    found = plan(game, **kwargs)
    if not found.cleared:
        return Solution(None, None, found.explanation)
    stats = found.stats
    witness = {"turns": found.turns, "score": found.score, "cash": found.cash,
               "plan": [s.text() for s in found.steps],
               "search": {"positions": stats.expanded, "turns": stats.weighed,
                          "refuted": stats.refuted}}
    return Solution(found.turns, witness, found.explanation)


#: CPU seconds the anytime planner is given to certify a map too large for the exact planner.
#: On the full set-ups it stops as soon as its plan meets the goods bound (Easter Island Easy,
#: Normal and Hard: within about 2, 1 and 10 CPU-s); the rest is the margin of a slower machine.
ANYTIME_BUDGET = 60.0


def solve(game: Game) -> Solution:
    """The certified fewest turns: the exact planner on a map it fits
    (:func:`~zoobook.steam.game.anytime.exact_fits`), else the anytime planner, whose answer
    counts only when its proven bound meets its plan (:func:`anytime_solution`)."""
    from zoobook.steam.game.anytime import exact_fits

    return plan_solution(game) if exact_fits(game) else anytime_solution(game)


def anytime_solution(game: Game, budget_seconds: float | None = None) -> Solution:
    """The anytime planner's answer as a certified :class:`Solution`.

    *budget_seconds* defaults to :data:`ANYTIME_BUDGET` (CPU seconds). The value is certified
    when the proven lower bound meets the plan found (the fewest turns), or when the bound
    passes the turn limit (no plan: ``None``). Otherwise there is no certified value, and
    :class:`~zoobook.errors.PuzzleError` says so: the best plan and the bound, and how to
    search longer. The plan's score and cash are the plan's own: the bound proves its
    turns, not that no plan in as many turns scores more.

    >>> from zoobook.steam.game.maps import full_setup
    >>> anytime_solution(full_setup("easter-normal")).value
    9
    >>> anytime_solution(full_setup("easter-hard"), budget_seconds=0.05)
    Traceback (most recent call last):
    ...
    zoobook.errors.PuzzleError: no certified fewest turns within 0.05 CPU-s: ...
    """
    from zoobook.errors import PuzzleError
    from zoobook.rulings import cite
    from zoobook.steam.game.anytime import EXACT_LAND, plan_anytime
    from zoobook.steam.game.bounds import IMPOSSIBLE, goods_bound

    if budget_seconds is None:
        budget_seconds = ANYTIME_BUDGET
    found = plan_anytime(game, budget_seconds=budget_seconds, cpu_budget=True)
    rank = cite("S10a")
    if found.proved_impossible and found.lower_bound >= IMPOSSIBLE:
        return Solution(None, None, (f"The map can never be cleared: {found.bound_reason}.",))
    if found.proved_impossible:
        return Solution(None, None, (f"No plan clears the map by the end of turn {game.turns} {rank}: "
                                     f"no plan clears it before turn {found.lower_bound} "
                                     f"({found.bound_reason}).",))
    if not found.proved_optimal:
        best = ("no plan found" if found.turns is None else
                f"the best plan found clears it in turn {found.turns}")
        raise PuzzleError(f"no certified fewest turns within {budget_seconds:g} CPU-s: {best}, and "
                          f"the proven bound is turn {found.lower_bound}; search longer with "
                          f"'zoobook plan FILE --budget SECONDS'")
    bound_name = ("the goods bound" if goods_bound(game, game.start).turn == found.lower_bound
                  else "the proven lower bound")
    if "links at the goods bound" in found.stats:
        first = "the link planner, at the goods bound"
    elif "at the goods bound" in found.stats:
        first = "the search over whole turns at the goods bound"
    else:
        first = next((step.what for step in found.history if step.turns is not None), "the plan search")
        first = first.replace("plan (", "the ").rstrip(")") if first.startswith("plan (") else first
    witness = {"turns": found.turns, "score": found.score, "cash": found.cash,
               "plan": [s.text() for s in found.steps],
               "search": {"planner": "anytime", "found by": first, "bound": found.lower_bound}}
    explanation = (
        f"A plan clears the map in turn {found.turns} with a score of {found.score} and "
        f"${found.cash} left: {game.rules.goods.clear_reason} {rank}.",
        f"No plan can clear it sooner: {found.bound_reason}, so none clears it before turn "
        f"{found.lower_bound} ({bound_name}, which the plan meets).",
        f"The map has {len(game.land)} land hexes, more than the {EXACT_LAND} the exact planner "
        f"searches; the anytime planner found this plan ({first}) and replayed it through the "
        f"engine. The bound proves its turns are the fewest; its score and cash are this plan's, "
        f"not proved the best of every plan clearing in turn {found.turns}.",
    )
    return Solution(found.turns, witness, explanation)


def _plan_command(subparsers) -> None:
    command = subparsers.add_parser(
        "plan", help="plan a whole solo Age of Steam game (with progress)",
        description="Plan a whole solo game. Without --budget: the exact planner (fewest turns, "
                    "proved). With --budget SECONDS: the anytime planner, which prints the best "
                    "plan found, the proven lower bound, the gap and the time.")
    command.add_argument("file", nargs="?", help="a steam-zoo/clear or steam-easter/clear puzzle file")
    command.add_argument("--hint", action="store_true", help="only the best first action and why")
    command.add_argument("--budget", type=float, metavar="SECONDS",
                         help="plan with the anytime planner for at most SECONDS seconds")
    command.add_argument("--setup", metavar="NAME",
                         help="a full set-up instead of a file: zoo, easter-easy, easter-normal, easter-hard")
    command.add_argument("--write", metavar="PATH",
                         help="write the set-up (or the file's game) as a puzzle file, with no [answer]")
    command.add_argument("--json", action="store_true",
                         help="with --budget: print the plan as one JSON object (its claims and actions)")
    command.set_defaults(run=_run_plan)


def _setup_game(name: str):
    from zoobook.errors import PuzzleError
    from zoobook.steam.game.maps import full_setup

    try:
        return full_setup(name)
    except ValueError as exc:
        raise PuzzleError(str(exc), key="--setup") from None


#: The shipped full set-ups: file id and difficulty (puzzles/steam-*-game/ID.toml).
SHIPPED_SETUPS = {"zoo": ("zoo-full-map", 4), "easter-easy": ("easter-easy", 3),
                  "easter-normal": ("easter-normal", 4), "easter-hard": ("easter-hard", 5)}


def setup_toml(name: str, answer: int | None = None) -> str:
    """The puzzle-file text of a full set-up.

    Without *answer* (``zoobook plan --setup NAME --write PATH``) the file has no ``[answer]``;
    with it, the file is the shipped puzzle (:data:`SHIPPED_SETUPS`): its id, difficulty and the
    certified fewest turns, which ``zoobook verify`` re-derives with the anytime planner.
    """
    from zoobook.puzzles.loading import Answer, puzzle_toml
    from zoobook.steam.game.maps import setup_name

    kind, level = setup_name(name)
    game = _setup_game(name)
    board = game.start.board
    land = len(game.land)
    if kind == "zoo":
        body = dump_zoo(game)
        title = "The full Zoo map: feed every animal"
        themes = ["full-size map", "goods bound", "exit teleport", "anytime planner"]
        what = (f"the whole solo game on the full Zoo map: {len(board.areas)} animal areas with "
                f"danger levels 1 to 6, {len(board.exits)} exits and {len(board.towns)} towns, "
                f"{land} land hexes")
        where = ("the ASSUMED full Zoo board of zoobook/data/assumed.toml ([steam.zoo], ruling "
                 "S16): no text gives the printed board")
        bound = "one shipment feeds one area, one shipment per move-goods round"
    else:
        body = dump_easter(game)
        title = f"Easter Island, {level.capitalize()}: the full set-up"
        themes = ["full-size map", "goods bound", "link planning", "anytime planner"]
        ruins = sum(1 for c in board.cities if c.ruin)
        what = (f"the whole solo game at {level.capitalize()}: {board.cube_count()} moai cubes, "
                f"{ruins} ruins to join and {len(game.rules.goods.towns(board))} towns, "
                f"{land} land hexes")
        where = ("the ASSUMED full island of zoobook/data/assumed.toml ([steam.easter]) with its "
                 "one assumed draw of cubes from the bag (rulings S14, S16), not a printed board")
        bound = "one cube leaves per move-goods round"
    if answer is None:
        ident, difficulty = f"full-{name}", 5
        description = (f"A full set-up: {what}. The map is {where}. This file carries no "
                       "[answer]: 'zoobook solve FILE' certifies one (the anytime planner), "
                       "'zoobook plan FILE --budget SECONDS' shows the search.")
    else:
        ident, difficulty = SHIPPED_SETUPS[name]
        description = (f"{what[0].upper()}{what[1:]}. The map is {where}. Clear it in as few "
                       f"turns as you can: the answer is proved by the goods bound ({bound}, "
                       "two rounds a turn), which a plan of the anytime planner meets.")
    return puzzle_toml(id=ident, kind=f"steam-{kind}/clear", body=body, title=title,
                       difficulty=difficulty, themes=themes, description=description,
                       answer=None if answer is None else Answer(answer),
                       multiline_strings=True)


def _run_plan(args: argparse.Namespace, out, err) -> int:
    from zoobook.errors import PuzzleError
    from zoobook.puzzles.loading import load_puzzle, write_puzzle
    from zoobook.steam.game.hint import hint

    if (args.file is None) == (args.setup is None):
        raise PuzzleError("give a puzzle file or --setup NAME (one of them)", key="plan")
    if args.setup is not None:
        game = _setup_game(args.setup)
        title = f"full set-up {args.setup}"
        if args.write:
            write_puzzle(args.write, setup_toml(args.setup))
            print(f"wrote {args.write}", file=out)
            if args.budget is None:
                return 0
    else:
        puzzle = load_puzzle(args.file)
        game = puzzle.model
        title = puzzle.title or puzzle.id
        if not isinstance(game, Game):
            raise PuzzleError(f"'zoobook plan' plans whole games, not {puzzle.kind.name} puzzles",
                              file=args.file)
    if args.budget is not None:
        if args.budget <= 0:
            raise PuzzleError(f"the budget is a number of seconds above 0, not {args.budget:g}",
                              key="--budget")
        return _run_anytime(game, title, args.budget, out, err, as_json=args.json)
    if args.setup is not None:
        raise PuzzleError("a full set-up is too big for the exact planner: add --budget SECONDS",
                          key="--setup")
    bar = TerminalBar(err)
    try:
        if args.hint:
            advice = hint(game, progress=bar)
            bar.close()
            print(advice.text(), file=out)
            return 0
        solution = plan_solution(game, progress=bar)
    except Interrupted as exc:
        bar.close()
        print(f"zoobook: {exc}", file=err)
        return 130
    bar.close()
    print(title, file=out)
    value = "no plan" if solution.value is None else f"{solution.value} turns"
    print(f"  value: {value}", file=out)
    for line in (solution.witness or {}).get("plan", []):
        print(f"  {line}", file=out)
    for sentence in solution.explanation:
        print(f"  - {sentence}", file=out)
    return 0


def _run_anytime(game: Game, title: str, budget: float, out, err, as_json: bool = False) -> int:
    """``zoobook plan ... --budget SECONDS``: the anytime planner with a progress bar; Ctrl-C
    stops it and prints the best so far."""
    import json

    from zoobook.steam.game.anytime import plan_anytime, plan_record

    bar = TerminalBar(err)
    found = plan_anytime(game, budget_seconds=budget, progress=bar)
    bar.close()
    if as_json:
        print(json.dumps({"title": title, **plan_record(found)}), file=out)
        return 130 if found.interrupted else 0
    print(title, file=out)
    for line in found.text().splitlines():
        print(f"  {line}", file=out)
    return 130 if found.interrupted else 0


COMMANDS = (_plan_command,)

KINDS = (
    PuzzleKind("steam-zoo/clear", "Age of Steam Zoo map: the fewest turns to feed every animal",
               parse_zoo, solve, dump_zoo),
    PuzzleKind("steam-easter/clear",
               "Age of Steam Easter Island: the fewest turns to join the ruins and ship every moai",
               parse_easter, solve, dump_easter),
)

# Hooks found by the registry, imported only when used (zoobook.puzzles.registry).
VIEWS = {"steam-zoo/clear": "zoobook.widgets.kind_views:CLEAR_VIEW",
         "steam-easter/clear": "zoobook.widgets.kind_views:CLEAR_VIEW"}
GENERATORS = {"steam-zoo/clear": "zoobook.generate.steam_game:ZOO_CLEAR_GENERATOR",
              "steam-easter/clear": "zoobook.generate.steam_game:EASTER_CLEAR_GENERATOR"}
