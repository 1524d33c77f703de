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

Which planner answers is decided by what the search costs, not by a name: a map of at most
:data:`~zoobook.steam.game.anytime.EXACT_LAND` (30) land hexes goes to the exact planner
(:mod:`.planner`) under a budget (:data:`EXACT_BUDGET` CPU-s, :data:`EXACT_MEMORY_MB` MB); if
the budget stops it, the anytime planner gets the rest of :data:`SMALL_MAP_BUDGET` CPU-s and
the exact planner's proven bound (:func:`solve`). A larger map, such as the full set-ups shipped as
``puzzles/steam-easter-game/easter-{easy,normal,hard}.toml`` and
``puzzles/steam-zoo-game/zoo-full-map.toml``, goes to the anytime planner at once (:func:`anytime_solution`,
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
(1, 8)
"""

from __future__ import annotations

import argparse
from typing import Any

from zoobook.puzzles.fields import Table
from zoobook.puzzles.registry import PuzzleKind
from zoobook.puzzles.solution import Solution
from zoobook.steam.game.decision_kind import DECISION_KIND
from zoobook.steam.game.files import (check_not_cleared, dump_land, dump_start, read_land, read_start,
                                      read_turns)
from zoobook.steam.easter import kinds as easter_kinds
from zoobook.steam.game.easter_goods import TOWN, add_towns
from zoobook.steam.game.map_rules import EASTER, ZOO
from zoobook.steam.zoo.kinds import read_hex
from zoobook.steam.game.planner import plan
from zoobook.progress import Interrupted, TerminalBar
from zoobook.records import Player
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
    start = read_start(table, ZOO, turns)
    clash = sorted(h for h in land if zoo.hexmap.is_node(h))
    if clash:
        raise table.error("plain", f"{tuple(clash[0])} is a node hex; track never goes on a node")
    game = Game.zoo(zoo, land, turns, **start)
    check_not_cleared(table, game, "area")
    return game


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
    # The island as the moai kind reads it, but a game's track may be incomplete, as on the Zoo
    # map: track written in a file was laid in an earlier build (S15, S15a).
    inner = Table(raw)
    island = easter_kinds.read_game_island(inner)
    inner.done()
    if not any(c.ruin for c in island.cities):
        raise table.error("city", "Easter Island needs at least one ruin (ruin = true): the map is "
                                  "cleared when every ruin is joined (seed, Easter Island)")
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
    start = read_start(table, EASTER, turns)
    game = Game.easter(island, turns, **start)
    check_not_cleared(table, game, "city")
    return game


def dump_easter(game: Game) -> dict[str, Any]:
    """The ``steam-easter/clear`` keys of *game*."""
    island = game.start.board
    body = easter_kinds.dump_island(island)
    towns = [list(n.hex) for n in island.hexmap.nodes if n.type == TOWN]
    if towns:
        body["town"] = [{"hex": h} for h in towns]
    return {**dump_start(game), **body}


def plan_solution(game: Game, **kwargs: Any) -> Solution:
    """The planner's answer as a :class:`Solution` (value: the fewest turns); *kwargs* go to
    :func:`~zoobook.steam.game.planner.plan` (with a budget it may raise
    :class:`~zoobook.steam.game.planner.PlanBudgetExceeded`)."""
    return _plan_as_solution(plan(game, **kwargs))


def _plan_as_solution(found) -> Solution:
    """The exact planner's :class:`~zoobook.steam.game.planner.Plan` as a :class:`Solution`."""
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

#: CPU seconds ``solve`` gives the exact planner on a map it may fit, and the MB its search
#: may add to the process. Its cost is measured, not guessed from the map: it grows
#: exponentially with the land and the turns (random Zoo maps of 5 to 9 land hexes and 3 turns
#: took from a tenth of a second to minutes and over a gigabyte), so the planner runs under
#: this budget and a map it cannot settle in it goes to the anytime planner. The shipped small
#: maps take 5 to 7.5 CPU-s (``zoo-game-full``, on a busy machine: its exact plan, which the
#: anytime planner does not find) or well under one (the rest).
EXACT_BUDGET = 8.5
EXACT_MEMORY_MB = 300.0
#: CPU seconds of the whole answer on such a map: the exact planner's try and then the anytime
#: planner's (at least :data:`FALLBACK_MIN` of it), within the 10 CPU-s the command promises on
#: a map of up to 12 land hexes and 3 turns (``benchmarks/bench_steam_exact_budget.py``
#: measures the worst case; on its random maps the anytime planner proved its plan within a
#: few tenths of a second each time).
SMALL_MAP_BUDGET = 9.5
FALLBACK_MIN = 0.5


def solve(game: Game) -> Solution:
    """The certified fewest turns.

    A map the exact planner may fit (:func:`~zoobook.steam.game.anytime.exact_fits`: at most
    :data:`~zoobook.steam.game.anytime.EXACT_LAND` land hexes, beyond which it never finishes)
    goes to it with a budget (:data:`EXACT_BUDGET` CPU-s, :data:`EXACT_MEMORY_MB` MB). When it
    settles the map, its answer is exact: the fewest turns, then the best score and cash. When
    the budget stops it, the anytime planner gets the rest of :data:`SMALL_MAP_BUDGET`, and its
    answer counts only when its proven bound (the exact planner's refuted deadlines included)
    meets its plan (:func:`anytime_solution`); the explanation says which planner answered and
    why. A larger map goes to the anytime planner at once.
    """
    import time

    from zoobook.steam.game.anytime import exact_fits
    from zoobook.steam.game.planner import PlanBudgetExceeded

    if not exact_fits(game):
        return anytime_solution(game)
    start = time.process_time()
    try:
        return plan_solution(game, budget_seconds=EXACT_BUDGET, max_memory_mb=EXACT_MEMORY_MB)
    except PlanBudgetExceeded as stopped:
        spent = time.process_time() - start
        return anytime_solution(game, budget_seconds=max(FALLBACK_MIN, SMALL_MAP_BUDGET - spent),
                                exact_stopped=stopped)


def anytime_solution(game: Game, budget_seconds: float | None = None, *,
                     exact_stopped: Any = None) -> Solution:
    """The anytime planner's answer as a certified :class:`Solution`.

    *budget_seconds* defaults to :data:`ANYTIME_BUDGET` (CPU seconds). The value is certified
    when the proven lower bound meets the plan found (the fewest turns), or when the bound
    passes the turn limit (no plan: ``None``). Otherwise there is no certified value, and
    :class:`~zoobook.errors.PuzzleError` says so: what the search did (its CPU seconds and why
    it stopped), the best plan and the bound, and how to search longer. The plan's score and
    cash are the plan's own: the bound proves its turns, not that no plan in as many turns
    scores more.

    *exact_stopped* is the :class:`~zoobook.steam.game.planner.PlanBudgetExceeded` of an exact
    planner that ran out of budget on this map first (:func:`solve`): its proven bound counts,
    the anytime planner does not run the exact one again, and the explanation says both.

    >>> from zoobook.steam.game.maps import full_setup
    >>> anytime_solution(full_setup("easter-normal")).value
    9
    >>> anytime_solution(full_setup("easter-hard"), budget_seconds=0.05)
    Traceback (most recent call last):
    ...
    zoobook.errors.PuzzleError: no certified fewest turns: the anytime planner stopped after ...
    """
    import dataclasses
    import time

    from zoobook.errors import PuzzleError
    from zoobook.rulings import cite
    from zoobook.steam.game.anytime import EXACT_LAND, plan_anytime
    from zoobook.steam.game.bounds import IMPOSSIBLE, goods_bound

    if budget_seconds is None:
        budget_seconds = ANYTIME_BUDGET
    start = time.process_time()
    found = plan_anytime(game, budget_seconds=budget_seconds, cpu_budget=True,
                         exact=False if exact_stopped is not None else None)
    spent = time.process_time() - start
    exact_bound = None  # the exact planner's, when it proves more than the anytime planner
    if exact_stopped is not None:
        proved = exact_stopped.clears_in or exact_stopped.lower_bound
        if proved > found.lower_bound and (found.turns is None or proved <= found.turns):
            exact_bound = proved
            found = dataclasses.replace(found, lower_bound=proved,
                                        bound_reason=exact_stopped.bound_reason)
    rank = cite("S10a")
    if found.proved_impossible and found.lower_bound >= IMPOSSIBLE:
        return Solution(None, None, (f"The map can never be cleared: {found.bound_reason}.",))
    if found.proved_impossible:
        return Solution(None, None, (f"No plan clears the map by the end of turn {game.turns} {rank}: "
                                     f"no plan clears it before turn {found.lower_bound} "
                                     f"({found.bound_reason}).",))
    searched = _anytime_search_done(found, spent, budget_seconds)
    if exact_stopped is not None:
        searched = f"{exact_stopped}; then {searched}"
    if not found.proved_optimal:
        best = ("no plan found" if found.turns is None else
                f"the best plan found clears it in turn {found.turns}")
        raise PuzzleError(f"no certified fewest turns: {searched}; {best}, and the proven bound is "
                          f"turn {found.lower_bound}; search longer with "
                          f"'zoobook plan FILE --budget SECONDS'")
    bound_name = ("the goods bound" if goods_bound(game, game.start).turn == found.lower_bound
                  else "the proven lower bound")
    if exact_bound is not None:
        bound_name = "the exact planner's bound"
    if "links at the goods bound" in found.stats:
        first = "the link planner, at the goods bound"
    elif "at the goods bound" in found.stats:
        first = "the search over whole turns at the goods bound"
    else:
        first = next((step.what for step in found.history if step.turns is not None), "the plan search")
        first = first.replace("plan (", "the ").rstrip(")") if first.startswith("plan (") else first
    search = {"planner": "anytime", "found by": first, "bound": found.lower_bound}
    if exact_stopped is not None:
        search["exact planner"] = str(exact_stopped)
        stopped_text = str(exact_stopped)
        why_anytime = (f"{stopped_text[0].upper()}{stopped_text[1:]}; then "
                       f"{_anytime_search_done(found, spent, budget_seconds)}")
    else:
        why_anytime = (f"The map has {len(game.land)} land hexes, more than the {EXACT_LAND} the "
                       f"exact planner searches; {_anytime_search_done(found, spent, budget_seconds)}")
    witness = {"turns": found.turns, "score": found.score, "cash": found.cash,
               "plan": [s.text() for s in found.steps], "search": search}
    explanation = (
        f"A plan clears the map in turn {found.turns} with a score of {found.score} and "
        f"${found.cash} left: {game.rules.goods.clear_reason} {rank}.",
        f"No plan can clear it sooner: {found.bound_reason}, so none clears it before turn "
        f"{found.lower_bound} ({bound_name}, which the plan meets).",
        f"{why_anytime}, and found this plan ({first}), replayed through the engine. The bound "
        f"proves its turns are the fewest; its score and cash are this plan's, not proved the "
        f"best of every plan clearing in turn {found.turns}.",
    )
    return Solution(found.turns, witness, explanation)


def _anytime_search_done(found: Any, spent: float, budget: float) -> str:
    """What the anytime planner did, as a clause: its CPU seconds, its budget and why it stopped
    (a message must not say "within 60 CPU-s" of a search that ended after 1.7).

    >>> from types import SimpleNamespace
    >>> _anytime_search_done(SimpleNamespace(stats={"stopped": "finished"}), 1.74, 60)
    'the anytime planner stopped after 1.7 CPU-s of its 60 CPU-s budget: every search it runs had ended'
    """
    why = {"budget": "its budget was spent", "interrupted": "it was interrupted",
           "memory cap": "the exact planner reached its memory cap",
           "finished": "every search it runs had ended"}
    stopped = found.stats.get("stopped", "finished")
    if stopped == "finished" and getattr(found, "proved_optimal", False):
        return f"the anytime planner searched for {spent:.1f} CPU-s, until its plan met its bound"
    return (f"the anytime planner stopped after {spent:.1f} CPU-s of its {round(budget, 2):g} CPU-s budget: "
            f"{why.get(stopped, stopped)}")


#: The longest ``zoobook plan --budget`` allowed: a day. A longer one is a typo (or ``1e308``,
#: which the clock arithmetic cannot carry), not a plan anyone waits for.
MAX_BUDGET_SECONDS = 86_400.0


def budget_seconds(text: str) -> float:
    """``--budget``'s value: a finite number of seconds above 0 and at most
    :data:`MAX_BUDGET_SECONDS` (argparse turns the error into one line and exit status 2).

    >>> budget_seconds("2.5")
    2.5
    >>> budget_seconds("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: the budget is a number of seconds above 0 and at most 86400, not 'nan'
    """
    import math

    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and 0 < seconds <= MAX_BUDGET_SECONDS):
        raise argparse.ArgumentTypeError(f"the budget is a number of seconds above 0 and at most "
                                         f"{MAX_BUDGET_SECONDS:g}, not {text!r}")
    return seconds


def _plan_command(subparsers) -> None:
    command = subparsers.add_parser(
        "plan", help="plan a whole solo Age of Steam game (with progress)",
        description="Plan a whole solo game. Without --budget: the exact planner (fewest turns, "
                    "proved). With --budget SECONDS: the anytime planner, which prints the best "
                    "plan found, the proven lower bound, the gap and the time.")
    command.add_argument("file", nargs="?", help="a steam-zoo/clear or steam-easter/clear puzzle file")
    command.add_argument("--hint", action="store_true", help="only the best first action and why")
    command.add_argument("--budget", type=budget_seconds, metavar="SECONDS",
                         help="plan with the anytime planner for at most SECONDS seconds "
                              f"(above 0, at most {MAX_BUDGET_SECONDS:g})")
    command.add_argument("--setup", metavar="NAME",
                         help="a full set-up instead of a file: zoo, easter-easy, easter-normal, easter-hard")
    command.add_argument("--write", metavar="PATH",
                         help="write the set-up (or the file's game) as a puzzle file, with no [answer]")
    command.add_argument("--json", action="store_true",
                         help="with --budget: print the plan as one JSON object (its claims and actions)")
    command.add_argument("--record", metavar="OUT",
                         help="also write the plan as a game record (the start and the plan's actions; "
                              "'zoobook replay OUT' prints it)")
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
    if args.record is not None and args.hint:
        raise PuzzleError("--hint gives the first action only: a record needs the whole plan (drop --hint)",
                          key="--record")
    if args.record is not None and args.setup is not None and args.budget is None:
        raise PuzzleError("a full set-up is too big for the exact planner: add --budget SECONDS", key="--setup")
    if args.setup is not None:
        game = _setup_game(args.setup)
        title = f"full set-up {args.setup}"
        if args.write:
            write_puzzle(args.write, setup_toml(args.setup))
            print(f"wrote {args.write}", file=out)
            if args.budget is None and args.record is None:
                return 0
    else:
        puzzle = load_puzzle(args.file)
        game = puzzle.model
        title = puzzle.title or puzzle.id
        if not isinstance(game, Game):
            raise PuzzleError(f"'zoobook plan' plans whole games, not {puzzle.kind.name} puzzles",
                              file=args.file)
    if args.budget is not None:  # checked by argparse (budget_seconds)
        return _run_anytime(game, title, args.budget, out, err, as_json=args.json, record=args.record)
    if args.setup is not None:
        raise PuzzleError("a full set-up is too big for the exact planner: add --budget SECONDS",
                          key="--setup")
    # the exact planner counts the first turns it has tried for the fewest turns it is trying
    bar = TerminalBar(err, label="first turns tried")
    try:
        if args.hint:
            advice = hint(game, progress=bar)
            bar.close()
            print(advice.text(), file=out)
            return 0
        found = plan(game, progress=bar)
        solution = _plan_as_solution(found)
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
    if args.record is not None:
        _write_plan_record(game, found.actions, args.record, Player.bot("exact-planner"), out)
    return 0


def _write_plan_record(game: Game, actions, path: str, player, out) -> None:
    """Write *actions* from *game*'s start as a game record at *path* (replayed through the engine)."""
    from zoobook.errors import PuzzleError
    from zoobook.records import write_record

    state = game.new_state()
    for action in actions:
        state.apply(action)
    try:
        write_record(path, state.record([player]))
    except OSError as exc:
        raise PuzzleError(f"cannot write the record ({exc.strerror or exc})", file=str(path)) from None
    print(f"wrote the game record {path} ({len(actions)} actions)", file=out)


def _run_anytime(game: Game, title: str, budget: float, out, err, as_json: bool = False,
                 record: str | None = None) -> int:
    """``zoobook plan ... --budget SECONDS``: the anytime planner with a progress bar; Ctrl-C
    stops it and prints the best so far."""
    import json

    from zoobook.steam.game.anytime import plan_anytime, plan_record

    # the anytime planner counts tenths of a CPU-second of its budget
    bar = TerminalBar(err, label="planning", unit="CPU-s of the budget", scale=10)
    found = plan_anytime(game, budget_seconds=budget, progress=bar)
    bar.close()
    if record is not None:
        # The best plan found (cleared or not), from the start; stdout stays one JSON object with --json.
        _write_plan_record(game, found.actions, record, Player.bot("anytime-planner", budget=budget),
                           err if as_json else out)
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
    DECISION_KIND,     # "find a better move" at a position of a recorded game (zoobook review --puzzles)
)

# Hooks found by the registry, imported only when used (zoobook.puzzles.registry).
VIEWS = {"steam-zoo/clear": "zoobook.widgets.kind_views:CLEAR_VIEW",
         "steam-easter/clear": "zoobook.widgets.kind_views:CLEAR_VIEW",
         "steam/decision": "zoobook.widgets.kind_views:DECISION_VIEW"}
GENERATORS = {"steam-zoo/clear": "zoobook.generate.steam_game:ZOO_CLEAR_GENERATOR",
              "steam-easter/clear": "zoobook.generate.steam_game:EASTER_CLEAR_GENERATOR",
              "steam/decision": "zoobook.generate.steam_decision:DECISION_GENERATOR"}

# The game-record codec of both maps (zoobook.records), imported when a record is read or written.
RECORDS = {"steam": "zoobook.steam.game.record_codec:CODEC"}

# The game review's evaluator (zoobook.review), imported when a record of the game is reviewed.
REVIEWS = {"steam": "zoobook.steam.game.review:EVALUATOR"}
