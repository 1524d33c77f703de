"""Generators for the four Zooloretto kinds, on one sampler of random legal zoos.

:func:`random_zoo` fills a zoo by random legal play (the game's own
:func:`new_zoo`, :func:`legal_placements`, :func:`place_tile` and building
actions); every kind starts from it. ``zooloretto/truck`` adds a truck,
``zooloretto/sabotage`` markers and the tiles still to come to the opponent,
``zooloretto/invest`` coins and the tiles still to come to the player
(:func:`random_tiles`: mostly species the zoo already shows, fertile partners
for its unbred fertile animals, stalls; more tiles and more fertile animals
at higher difficulty hints).

Facts, per kind
---------------
``zooloretto/score`` (:func:`score_facts`): scoring a zoo is a computation, not
a search, so the facts measure what a player must get right when adding it up:
effort = score lines to add, decoys = lines that subtract (the ones players
forget), naive answer = the base-game lines only (rule Z1), as a player who
forgets the expansions' rules would. There is one score and one breakdown (it
is a function of the zoo), so ``optima = 1``.

``zooloretto/truck`` (:func:`truck_facts`): effort = placements the solver's
decision graph tries (its edges); a *placement* is a distinct final zoo (where
each tile, each offspring and the souvenir shop end up), over every order of
the tiles; optima = placements with the best (score, coins), the solver's own
ranking (ties go to coins, ``assumed("zooloretto.tiebreak")``); decoys = the
other placements within one point; greedy = :func:`greedy_truck`, each tile in
the truck's order where it scores most right now.

``zooloretto/sabotage`` (:func:`sabotage_facts`): effort = placements tried by
the opponent's searches, one per distinct zoo the markers and the opponent's
answers (ruling Z9: pass up to two markers on for 1 coin) make; optima =
distinct marker sets costing the most after the best answer; decoys = marker
sets costing one less; naive = :func:`naive_markers`, each marker on the
opponent's biggest herd (also answered).

``zooloretto/invest`` (:func:`invest_facts`): effort = placements tried by the
searches, buying nothing and each purchase; optima = purchases reaching the
best score; decoys = purchases one point short; naive = :func:`naive_purchase`,
"always buy, and buy what adds most right now".

Examples
--------
>>> import random
>>> from zoobook.zooloretto.kinds import solve_score
>>> zoo = sample_score(random.Random(1), 3)
>>> score_facts(zoo, solve_score(zoo)).effort > 0
True
>>> puzzle = sample_truck(random.Random(1), 3)
>>> 1 <= len(puzzle.tiles) <= 3
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from zoobook.explain import join_words, plural
from zoobook.generate.grading import Calibration, Facts
from zoobook.generate.registry import Generator
from zoobook.puzzles.solution import Solution
from zoobook.errors import IllegalAction
from zoobook.zooloretto.actions import (BARN, SITE_KINDS, buy_pavilion, buy_restaurant,
                                        legal_placements, place_site, place_tile, site_destinations)
from zoobook.zooloretto.invest import purchases
from zoobook.zooloretto.kinds import InvestPuzzle, SabotagePuzzle, TruckPuzzle
from zoobook.zooloretto.model import (CONSTRUCTION_SITES, EXPANSIONS, SPECIES, STALL_TYPES,
                                      THREE_BUILDINGS, Tile, Zoo, box_problems, new_zoo, sites_in_box)
from zoobook.zooloretto.placement import Plan, best_placement, coins_break_ties, decision_graph
from zoobook.zooloretto.sabotage import Answer, Plans, best_answer, marker_placements
from zoobook.zooloretto.scoring import Score, score

__all__ = ["random_zoo", "random_tiles", "sample_score", "sample_truck", "sample_sabotage", "sample_invest",
           "score_facts", "truck_facts", "sabotage_facts", "invest_facts", "final_placements",
           "greedy_truck", "naive_markers", "naive_purchase", "SCORE_GENERATOR", "TRUCK_GENERATOR",
           "SABOTAGE_GENERATOR", "INVEST_GENERATOR"]


# -- the one sampler of random legal zoos -----------------------------------------------------------
#: Tiles played by difficulty hint (more tiles, fuller zoos, more lines).
_TILES = {1: (5, 9), 2: (8, 12), 3: (10, 15), 4: (12, 18), 5: (14, 22)}


def _random_tile(rng: random.Random, species: tuple[str, ...]) -> Tile:
    roll = rng.random()
    if roll < 0.2:
        return Tile("stall", rng.choice(STALL_TYPES))
    sex = rng.choice((None, None, None, "male", "female"))
    return Tile("animal", rng.choice(species), sex)


def _play(rng: random.Random, difficulty: int, require: Sequence[str] = ()) -> tuple[Zoo, tuple[str, ...]]:
    """A zoo after random legal play, and the four species the game was played with."""
    players = rng.choice((2, 3, 4))
    # rng.random() is drawn for every expansion, required or not, so one stream gives one zoo.
    expansions = tuple(e for e in EXPANSIONS if rng.random() < 0.25 + 0.12 * difficulty or e in require)
    zoo = new_zoo(players, rng.choice((0, 0, 1)), expansions=expansions, coins=6)
    species = tuple(rng.sample(SPECIES, 4))
    low, high = _TILES[difficulty]
    for _ in range(rng.randint(low, high)):
        tile = _random_tile(rng, species)
        options = legal_placements(zoo, tile)
        if not options:
            continue
        # A player puts most tiles into the zoo, few into the barn.
        inside = [o for o in options if o[0] != "barn"]
        to, shop = rng.choice(inside if inside and rng.random() < 0.85 else options)
        zoo = place_tile(zoo, tile, to, shop_to=shop).zoo
    actions = []
    if THREE_BUILDINGS in expansions:
        actions += [buy_restaurant] + [lambda z, k=k: buy_pavilion(z, k) for k in zoo.keys]
    if CONSTRUCTION_SITES in expansions:
        actions += [lambda z, k=k: place_site(z, k) for k in SITE_KINDS]
    for action in rng.sample(actions, min(len(actions), rng.randint(0, 2))):
        try:
            zoo = action(zoo).zoo
        except (IllegalAction, ValueError):
            pass
    return zoo, species


def random_zoo(rng: random.Random, difficulty: int, *, require: Sequence[str] = ()) -> Zoo:
    """A zoo after a random number of random tiles placed legally (and, with the
    expansions, random buildings and construction sites); *require* names
    expansions the zoo must use (the others are drawn at random).

    >>> zoo = random_zoo(random.Random(3), 2, require=("construction-sites",))
    >>> zoo.uses("construction-sites")
    True
    """
    return _play(rng, difficulty, require)[0]


def sample_score(rng: random.Random, difficulty: int) -> Zoo:
    """A ``zooloretto/score`` question: a random zoo."""
    return random_zoo(rng, difficulty)


def random_tiles(rng: random.Random, zoo: Zoo, species: Sequence[str], count: int, *,
                 fertile: float = 0.2, aim: float = 0.0) -> tuple[Tile, ...]:
    """*count* tiles that matter to *zoo*, in random order.

    With probability *aim* the tiles first fill one enclosure (the one with the
    most empty spaces they can fill, without a stall if possible): tiles of its
    species, as many as it has empty spaces (the situations where a tile's best
    place now is not its best place with the others, and where a marker bites).
    Then animals of the game's *species*, mostly ones the zoo shows (a partner
    for an unbred fertile animal with probability *fertile*, else fertile with
    half that), stalls and a rare coin. No tile the box cannot supply to this
    zoo is drawn (ruling F20), so there may be fewer than *count* when the zoo
    holds most of the box.
    """
    waiting = [(e.species, sex) for e in zoo.enclosures for sex in e.fertile]
    partner = {"male": "female", "female": "male"}
    out = []
    fillable = [e for e in zoo.enclosures if e.species and 1 <= e.free_spaces <= count]
    if fillable and rng.random() < aim:
        # The most empty spaces, and no stall if possible: the first tiles into it score nothing yet.
        most = max(e.free_spaces for e in fillable)
        roomy = [e for e in fillable if e.free_spaces == most]
        target = rng.choice([e for e in roomy if not e.has_vending_stall] or roomy)
        out += [Tile("animal", target.species)] * target.free_spaces
    tries = 0
    while len(out) < count and tries < 200:
        tries += 1
        if out and box_problems(zoo, out):
            out.pop()  # the box has no such tile left for this zoo (F20): draw another
        roll = rng.random()
        if waiting and roll < fertile:
            name, sex = rng.choice(waiting)
            out.append(Tile("animal", name, partner[sex]))
        elif roll < 0.22:
            out.append(Tile("stall", rng.choice(STALL_TYPES)))
        elif roll < 0.26:
            out.append(Tile("coin", "coin"))
        else:
            shown = [e.species for e in zoo.enclosures if e.species]
            name = rng.choice(shown if shown and rng.random() < 0.75 else list(species))
            sex = rng.choice(("male", "female")) if rng.random() < fertile / 2 else None
            out.append(Tile("animal", name, sex))
    if box_problems(zoo, out):
        out.pop()
    rng.shuffle(out)
    return tuple(out)


def _fertile_rate(difficulty: int) -> float:
    return 0.1 + 0.08 * difficulty


def _aim_rate(difficulty: int) -> float:
    return 0.15 * (difficulty - 1)


#: Truck tiles by difficulty hint (a truck holds at most three).
_TRUCK = {1: (1, 2), 2: (2, 3), 3: (2, 3), 4: (3, 3), 5: (3, 3)}
#: Markers, and tiles still to come to the opponent (with none, only a barn marker costs), by hint.
_SABOTAGE = {1: ((1, 1), (1, 2)), 2: ((1, 2), (1, 2)), 3: ((1, 2), (1, 3)), 4: ((2, 3), (2, 3)),
             5: ((2, 3), (3, 3))}
#: Tiles still to come to the investor by difficulty hint.
_INVEST = {1: (0, 1), 2: (1, 2), 3: (2, 3), 4: (2, 4), 5: (3, 4)}


def sample_truck(rng: random.Random, difficulty: int) -> TruckPuzzle:
    """A random zoo and a truck of 1-3 tiles (three, more often fertile, at higher hints)."""
    # A zoo of any fullness: a full zoo leaves nothing to decide, however hard the truck.
    zoo, species = _play(rng, rng.randint(1, 5))
    return TruckPuzzle(zoo, random_tiles(rng, zoo, species, rng.randint(*_TRUCK[difficulty]),
                                         fertile=_fertile_rate(difficulty), aim=_aim_rate(difficulty)))


def sample_sabotage(rng: random.Random, difficulty: int) -> SabotagePuzzle:
    """An opponent's random zoo with Construction Sites, 0-3 coins (with one they may pass up to two
    markers on, ruling Z9), markers from the box, tiles to come."""
    zoo, species = _play(rng, difficulty, (CONSTRUCTION_SITES,))
    zoo = Zoo(zoo.players, zoo.expansions, zoo.enclosures, zoo.barn, rng.choice((0, 0, 1, 1, 3)), zoo.middle)
    markers_range, tiles_range = _SABOTAGE[difficulty]
    left = {kind: sites_in_box(kind) - count for kind, count in zoo.sites().items()}
    markers = []
    for _ in range(rng.randint(*markers_range)):
        kinds = [k for k in ("enclosure", "enclosure", "stall", "stall", "barn") if left[k] > 0]
        if not kinds:
            break
        kind = rng.choice(kinds)
        left[kind] -= 1
        markers.append(kind)
    # A marker bites where the tiles to come would complete something: aim at least half the time.
    tiles = random_tiles(rng, zoo, species, rng.randint(*tiles_range), fertile=_fertile_rate(difficulty),
                         aim=max(0.5, _aim_rate(difficulty)))
    return SabotagePuzzle(zoo, tuple(markers), tiles)


def sample_invest(rng: random.Random, difficulty: int) -> InvestPuzzle:
    """A random zoo with Three Additional Buildings, 3-6 coins and the tiles still to come."""
    zoo, species = _play(rng, difficulty, (THREE_BUILDINGS,))
    zoo = Zoo(zoo.players, zoo.expansions, zoo.enclosures, zoo.barn, rng.choice((3, 3, 4, 5, 6)), zoo.middle)
    tiles = random_tiles(rng, zoo, species, rng.randint(*_INVEST[difficulty]),
                         fertile=_fertile_rate(difficulty), aim=_aim_rate(difficulty))
    return InvestPuzzle(zoo, tiles)


# -- what a plan shows -----------------------------------------------------------------------------
def _plan_themes(zoo: Zoo, plan: Plan) -> list[str]:
    """The rules a best placement uses, as a player would name them."""
    out = []
    events = []
    here = zoo
    for move in plan.moves:
        outcome = place_tile(here, move.tile, move.to, shop_to=move.shop_to)
        events += outcome.events
        here = outcome.zoo
    if any(" is born" in e for e in events):
        out.append("birth")
    if any("souvenir shop" in e for e in events):
        out.append("souvenir shop")
    if any(m.to == BARN for m in plan.moves):
        out.append("barn")
    if any(m.tile.kind == "coin" for m in plan.moves):
        out.append("coin tile")
    before = {e.key: e for e in zoo.enclosures}
    after = {e.key: e for e in plan.zoo.enclosures}
    if any(after[k].is_full and not before[k].is_full for k in after):
        out.append("enclosure filled")
    if any(after[k].occupied == after[k].size - 1 and before[k].occupied != after[k].occupied for k in after):
        out.append("one space short")
    rules = {line.rule for line in plan.score.lines}
    if "Z2" in rules:
        out.append("restaurant")
    if any(after[k].pavilions and after[k] != before[k] and after[k].occupied >= after[k].size - 1
           for k in after):
        out.append("pavilion bonus")  # tiles placed here count a pavilion toward full or one short
    return out


def _gap(best: int, other: int) -> float:
    return abs(best - other) / max(1, abs(best))


# -- zooloretto/score -------------------------------------------------------------------------------
def score_facts(zoo: Zoo, solution: Solution) -> Facts:
    """Lines to add, subtracting lines, the base-rules-only total; one breakdown, so optima 1."""
    result = score(zoo)
    naive = sum(line.points for line in result.lines if line.rule == "Z1")
    rules = sorted({line.rule for line in result.lines})
    themes = [f"rule {r}" for r in rules]
    if any(line.points < 0 for line in result.lines):
        themes.append("barn penalty")
    themes.append("scoring by hand")
    return Facts(len(result.lines), sum(line.points < 0 for line in result.lines),
                 _gap(result.total, naive), naive, 1, tuple(themes))


def _score_problems(zoo: Zoo, solution: Solution, facts: Facts) -> list[str]:
    return [] if facts.effort >= 3 else ["fewer than three score lines is not a puzzle"]


def _score_title(zoo: Zoo, solution: Solution, facts: Facts) -> str:
    return f"Score a {zoo.players}-player zoo"


# -- zooloretto/truck -------------------------------------------------------------------------------
def _rank(zoo: Zoo, result: Score) -> tuple[int, int]:
    return result.total, zoo.coins if coins_break_ties() else 0


def final_placements(zoo: Zoo, tiles: Sequence[Tile]) -> dict[Zoo, Score]:
    """Every distinct zoo that placing all *tiles* (in any order, anywhere legal) can make, scored.

    >>> from zoobook.zooloretto.model import Enclosure
    >>> zoo = new_zoo(expansions=()).with_enclosure(Enclosure("5", "camel", 4))
    >>> sorted(s.total for s in final_placements(zoo, [Tile.parse("camel")]).values())
    [3, 5, 5, 8]
    """
    graph = decision_graph(zoo, tiles, every_order=True)
    return {node[0]: graph.nodes[node]["score"] for node in graph if "score" in graph.nodes[node]}


def greedy_truck(zoo: Zoo, tiles: Sequence[Tile]) -> Zoo:
    """The greedy player: each tile, in the truck's order, where the zoo scores most right now
    (ties: more coins, then the first legal place in board order, barn last).

    Each camel scores 1 now beside the 4-space enclosure's kiosk and nothing in
    the 5-space enclosure, which all three would fill (10 points, not 6):

    >>> from zoobook.zooloretto.model import Enclosure
    >>> zoo = new_zoo(expansions=()).with_enclosure(Enclosure("5", "camel", 2))
    >>> zoo = zoo.with_enclosure(Enclosure("4", stalls=("kiosk",)))
    >>> after = greedy_truck(zoo, [Tile.parse("camel")] * 3)
    >>> after.enclosure("4").animals, score(after).total
    (3, 6)
    """
    for tile in tiles:
        options = [place_tile(zoo, tile, to, shop_to=shop).zoo for to, shop in legal_placements(zoo, tile)]
        zoo = max(options, key=lambda z: _rank(z, score(z)))
    return zoo


def truck_facts(puzzle: TruckPuzzle, solution: Solution) -> Facts:
    """Placements tried, near-miss placements, the greedy player's score, optimal placements, themes."""
    zoo, tiles = puzzle.zoo, puzzle.tiles
    plan = best_placement(zoo, tiles)
    finals = final_placements(zoo, tiles)
    best = _rank(plan.zoo, plan.score)
    optima = sum(_rank(z, s) == best for z, s in finals.items())
    decoys = sum(s.total >= best[0] - 1 and _rank(z, s) != best for z, s in finals.items())
    greedy = score(greedy_truck(zoo, tiles)).total
    themes = _plan_themes(zoo, plan)
    if greedy < plan.score.total:
        themes.append("greedy falls short")
    themes += ["decision graph", "longest path in a DAG"]
    return Facts(plan.choices, decoys, _gap(plan.score.total, greedy), greedy, optima, tuple(themes))


def _truck_problems(puzzle: TruckPuzzle, solution: Solution, facts: Facts) -> list[str]:
    totals = {s.total for s in final_placements(puzzle.zoo, puzzle.tiles).values()}
    return [] if len(totals) > 1 else ["every placement scores the same: nothing to decide"]


def _truck_title(puzzle: TruckPuzzle, solution: Solution, facts: Facts) -> str:
    return "A truck of " + join_words(t.words for t in puzzle.tiles)


def _truck_describe(puzzle: TruckPuzzle, solution: Solution, facts: Facts) -> str:
    return (f"A generated {puzzle.zoo.players}-player zoo: place the truck's "
            f"{plural(len(puzzle.tiles), 'tile')} for the best score if the game ended now.")


# -- zooloretto/sabotage ----------------------------------------------------------------------------
def naive_markers(zoo: Zoo, markers: Sequence[str]) -> Zoo:
    """The naive saboteur: each marker, in order, at the opponent's biggest herd -- an enclosure
    marker on the enclosure with the most animals that has an empty space, a stall marker on the
    empty stall space by the enclosure with the most animals (ties: the bigger enclosure, then
    board order); a barn marker into the barn; a marker with no space is discarded.

    >>> from zoobook.zooloretto.model import Enclosure
    >>> zoo = new_zoo(expansions=("construction-sites",)).with_enclosure(Enclosure("6", "panda", 4))
    >>> naive_markers(zoo, ["enclosure"]).enclosure("6").sites
    1
    """
    for kind in markers:
        options = site_destinations(zoo, kind)
        if not options:
            continue
        if kind == "barn":
            zoo = place_site(zoo, kind, BARN).zoo
            continue
        herd = max(options, key=lambda k: (zoo.enclosure(k).animals, zoo.enclosure(k).size, -options.index(k)))
        zoo = place_site(zoo, kind, herd).zoo
    return zoo


def sabotage_facts(puzzle: SabotagePuzzle, solution: Solution) -> Facts:
    """Placements the opponent's searches try, near-miss marker sets, the naive saboteur's cost,
    optimal marker sets, themes. Every cost is taken after the opponent's best answer (Z9)."""
    zoo, markers, tiles = puzzle.zoo, puzzle.markers, puzzle.tiles
    plans = Plans(tiles)
    untouched = best_answer(zoo, tiles, plans)
    costs, answers = {}, {}
    for marked in marker_placements(zoo, markers):
        answer = best_answer(marked, tiles, plans)
        costs[marked] = untouched.plan.score.total - answer.plan.score.total
        answers[marked] = answer
    effort = plans.choices
    best = max(costs.values())
    optima = sum(c == best for c in costs.values())
    decoys = sum(c == best - 1 for c in costs.values())
    naive = untouched.plan.score.total - best_answer(naive_markers(zoo, markers), tiles, plans).plan.score.total
    chosen = next(m for m, c in costs.items() if c == best)  # the solver's witness: the first best
    themes = _sabotage_themes(zoo, untouched, chosen, answers[chosen], solution)
    if naive < best:
        themes.append("biggest herd is the wrong target")
    themes += ["construction sites (Z5)", "min-max"]
    return Facts(effort, decoys, _gap(best, naive), naive, optima, tuple(themes))


def _sabotage_themes(zoo: Zoo, untouched: Answer, marked: Zoo, answer: Answer, solution: Solution) -> list[str]:
    out = []
    after_reply = answer.zoo
    lines_before = {e.key: line.points for e, line in zip(zoo.enclosures, untouched.plan.score.lines)}
    lines_after = {e.key: line.points for e, line in zip(zoo.enclosures, answer.plan.score.lines)}
    for before, after in zip(zoo.enclosures, after_reply.enclosures):
        if after.sites > before.sites and lines_after[after.key] < lines_before[after.key]:
            out.append("marker blocks an enclosure")
            break
    if any(after.sites - before.sites >= 2 for before, after in zip(zoo.enclosures, marked.enclosures)):
        out.append("two markers in one enclosure")
    if len(answer.plan.zoo.barn.stall_types) > len(untouched.plan.zoo.barn.stall_types):
        out.append("stall pushed into the barn")
    if after_reply.barn.sites and not zoo.barn.sites:
        out.append("barn marker")
    if any("discarded" in words for words in solution.witness["markers"]):
        out.append("marker discarded")
    if answer.reply != "keep every marker":
        out.append("opponent passes markers on (Z9)")
    elif marked.coins < 1:
        out.append("opponent has no coin to answer (Z9)")
    out += [t for t in _plan_themes(after_reply, answer.plan) if t in ("birth", "souvenir shop")]
    return out


def _sabotage_problems(puzzle: SabotagePuzzle, solution: Solution, facts: Facts) -> list[str]:
    if solution.value is None or solution.value <= 0:
        return ["the markers cost the opponent nothing"]
    if set(puzzle.markers) == {"barn"}:
        return ["barn markers have only one place to go"]
    return []


def _sabotage_title(puzzle: SabotagePuzzle, solution: Solution, facts: Facts) -> str:
    if len(puzzle.markers) == 1:
        article = "an" if puzzle.markers[0] == "enclosure" else "a"
        return f"Where does {article} {puzzle.markers[0]} marker hurt most?"
    return f"Where do {join_words(puzzle.markers)} markers hurt most?"


def _sabotage_describe(puzzle: SabotagePuzzle, solution: Solution, facts: Facts) -> str:
    hand = join_words(t.words for t in puzzle.tiles) if puzzle.tiles else "no more tiles"
    coins = puzzle.zoo.coins
    answer = ("They have no coin, so they cannot pass markers on." if coins < 1 else
              f"They have {plural(coins, 'coin')}: for 1 they may pass up to two markers on, and they will "
              "if it helps them (ruling Z9).")
    return (f"A generated opponent's zoo ({puzzle.zoo.players} players) with {hand} still to come: "
            f"place your {plural(len(puzzle.markers), 'construction-site marker')} where they cost most "
            f"after the opponent's best answer. {answer}")


# -- zooloretto/invest ------------------------------------------------------------------------------
def naive_purchase(zoo: Zoo) -> str | None:
    """The naive investor always buys, and buys what adds most to the score right now (the tiles
    to come ignored; ties: the first legal purchase, restaurant first, then board order); None
    when nothing may be bought.

    >>> from zoobook.zooloretto.model import Enclosure
    >>> zoo = new_zoo(expansions=("three-buildings",), coins=3).with_enclosure(Enclosure("5", "camel", 3))
    >>> naive_purchase(zoo)
    'a pavilion in the 5-space enclosure'
    """
    legal, _ = purchases(zoo)
    if not legal:
        return None
    return max(legal, key=lambda name: score(legal[name]).total)


def invest_facts(puzzle: InvestPuzzle, solution: Solution) -> Facts:
    """Placements the searches try, purchases one point short, the naive investor's gain,
    optimal purchases, themes."""
    zoo, tiles = puzzle.zoo, puzzle.tiles
    base = best_placement(zoo, tiles)
    legal, _ = purchases(zoo)
    if not legal:
        return Facts(base.choices, 0, 0.0, None, None, ("nothing may be bought",))
    plans = {name: best_placement(after, tiles) for name, after in legal.items()}
    effort = base.choices + sum(p.choices for p in plans.values())
    best = max(p.score.total for p in plans.values())
    optima = sum(p.score.total == best for p in plans.values())
    decoys = sum(p.score.total == best - 1 for p in plans.values())
    gain = best - base.score.total
    naive = plans[naive_purchase(zoo)].score.total - base.score.total
    bought = solution.witness["buy"]
    themes = ["restaurant (Z2)" if bought == "the restaurant" else "pavilion (Z4)"]
    themes += [t for t in _plan_themes(legal[bought], plans[bought]) if t != "restaurant"]
    sheltered = [a.key for a, b in zip(legal[bought].enclosures, zoo.enclosures) if a.pavilions > b.pavilions]
    if sheltered and "pavilion bonus" not in themes:
        final = plans[bought].zoo.enclosure(sheltered[0])
        if final.occupied >= final.size - 1:
            themes.append("pavilion bonus")
    if gain <= 0:
        themes.append("keep your coins")
    if naive < gain:
        themes.append("look ahead to the tiles to come")
    themes.append("investment")
    return Facts(effort, decoys, _gap(gain, naive), naive, optima, tuple(themes))


def _invest_problems(puzzle: InvestPuzzle, solution: Solution, facts: Facts) -> list[str]:
    if solution.value is not None and len(solution.witness["alternatives"]) < 2 and not puzzle.tiles:
        return ["one purchase and no tiles to come: only arithmetic"]
    return []


def _invest_title(puzzle: InvestPuzzle, solution: Solution, facts: Facts) -> str:
    return (f"Buy now, with {plural(len(puzzle.tiles), 'tile')} to come?" if puzzle.tiles
            else "Buy now, with no tiles to come?")


def _invest_describe(puzzle: InvestPuzzle, solution: Solution, facts: Facts) -> str:
    hand = join_words(t.words for t in puzzle.tiles) if puzzle.tiles else "no more tiles"
    return (f"A generated {puzzle.zoo.players}-player zoo with {plural(puzzle.zoo.coins, 'coin')} and {hand} "
            "to come: does buying the restaurant or a pavilion now raise the best final score?")


# -- calibrations and registration ------------------------------------------------------------------
#: Calibrated with zoobook.generate.calibrate("zooloretto/score", samples=300, seed=0).
SCORE_CALIBRATION = Calibration(effort_scale=12, decoy_scale=3, gap_scale=0.3,
                                thresholds=(0.258, 0.643, 0.773, 0.856))

#: Calibrated with zoobook.generate.calibrate("zooloretto/truck", samples=400, seed=0).
TRUCK_CALIBRATION = Calibration(effort_scale=40, decoy_scale=3, gap_scale=0.3,
                                thresholds=(0.173, 0.383, 0.488, 0.636))

#: Calibrated with zoobook.generate.calibrate("zooloretto/sabotage", samples=400, seed=0).
SABOTAGE_CALIBRATION = Calibration(effort_scale=150, decoy_scale=3, gap_scale=1.0,
                                   thresholds=(0.18, 0.421, 0.66, 0.72))

#: Calibrated with zoobook.generate.calibrate("zooloretto/invest", samples=400, seed=0).
INVEST_CALIBRATION = Calibration(effort_scale=150, decoy_scale=2, gap_scale=1.0,
                                 thresholds=(0.166, 0.437, 0.644, 0.694))

SCORE_GENERATOR = Generator("zooloretto/score", sample_score, score_facts, SCORE_CALIBRATION, _score_title,
                            _score_problems)
TRUCK_GENERATOR = Generator("zooloretto/truck", sample_truck, truck_facts, TRUCK_CALIBRATION, _truck_title,
                            _truck_problems, _truck_describe)
SABOTAGE_GENERATOR = Generator("zooloretto/sabotage", sample_sabotage, sabotage_facts, SABOTAGE_CALIBRATION,
                               _sabotage_title, _sabotage_problems, _sabotage_describe)
INVEST_GENERATOR = Generator("zooloretto/invest", sample_invest, invest_facts, INVEST_CALIBRATION, _invest_title,
                             _invest_problems, _invest_describe)
