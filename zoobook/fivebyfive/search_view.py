"""What the search bot saw at a decision: its candidates, their values, and a reason for the best.

The game widget's hint shows a :class:`SearchView` (``SearchBot.search``); :func:`reason` puts
the best action's biggest gain in one line, measured on sampled draws.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from zoobook.fivebyfive.bots import reach
from zoobook.fivebyfive.game import BestLineup, GameState, PlaceTile, Take
from zoobook.fivebyfive.playouts import _greedy_value, deal, lineup_points

__all__ = ["Candidate", "SearchView", "reason"]


@dataclass(frozen=True)
class Candidate:
    """One action the search considered.

    Attributes
    ----------
    action
        The action (one of the state's legal actions).
    text : str
        The action in words.
    visits : int
        Iterations that tried it.
    share : float
        ``visits`` over all the root's iterations (0-1).
    mean, spread : float
        The searching seat's expected value after it, mean and standard
        deviation over the sampled deals (``spread`` 0 with one sample). The
        value is taken at the search's horizon, the end of this round: the
        expected final score (:func:`~zoobook.fivebyfive.playouts.final_estimate`); in round 3 it is the
        final score itself.
    prior : int
        Its place in the greedy ranking (0 = the greedy bot's own choice).
    """

    action: object
    text: str
    visits: int
    share: float
    mean: float
    spread: float
    prior: int


@dataclass(frozen=True)
class SearchView:
    """What the search saw at one decision: the candidates (best first) and why the best.

    Attributes
    ----------
    seat : int
    iterations : int
        Rollouts run (fewer than the budget when the time cap stopped it).
    seconds : float
    candidates : tuple of Candidate
        Most visited first (the choice is the most visited: the robust child).
    best
        The action chosen.
    reason : str
        One line: what the best action enables.
    deals : int
        Sampled deals the rollouts were played on (every candidate of a sweep is
        played on one deal).
    steps : tuple
        At the third lineup's start, when the lineup with the most final points is not
        the solver's: that whole lineup, step by step (``best`` is its first step, and the
        candidates' values are exact, not sampled). Else empty.
    """

    seat: int
    iterations: int
    seconds: float = field(compare=False)
    candidates: tuple[Candidate, ...]
    best: object
    reason: str
    deals: int = 0
    steps: tuple = ()

    def lines(self, top: int = 5) -> list[str]:
        """The view in words, one candidate per line."""
        if self.steps:                                 # exact values: nothing sampled
            out = [f"{c.text}: final score {c.mean:.0f}" for c in self.candidates[:top]]
            return out + [f"why: {self.reason}"]
        out = [f"{c.text}: expected value {c.mean:.1f} +/- {c.spread:.1f}, {c.share:.0%} of "
               f"{self.iterations} rollouts on {self.deals} sampled deals" for c in self.candidates[:top]]
        return out + [f"why: {self.reason}"]


# -- the reason -----------------------------------------------------------------------------------
def _features(state: GameState, seat: int) -> dict:
    player = state.players[seat]
    board = player.board
    gate = state.gate or state.directions[0]
    return {"popularity": len(board.popular), "lineup": lineup_points(state, seat),
            "reach": reach(board, gate), "stars": sum(t.stars for t in board.tiles),
            "doors": player.doors, "meeples": len(player.meeples), "cubes": len(player.cubes),
            "specials": len(player.specials), "score": player.score}


#: Sampled draws the reason looks at (it names only the gains every one of them makes).
_REASON_DRAWS = 4


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def reason(state: GameState, action, candidates: tuple[Candidate, ...] = ()) -> str:
    """One line on what *action* does for the current player: the biggest gain it makes.

    Compares the player's position before and after the action (and, after a
    take, the rest of the turn played greedily) over a few sampled draws:
    popularity tokens, the best lineup of this round (the solver), the tiles
    the gate reaches, stars, doors, meeples, cubes -- the gains every draw
    makes, and a lineup that only some draws raise as a "may".
    """
    seat = state.current_player
    if isinstance(action, BestLineup):
        return "the lineup solver's optimal lineup for this round"
    before = _features(state, seat)
    samples = []
    for seed in range(_REASON_DRAWS):       # random draws (row 4's cubes) differ: a few sampled ones
        trial = deal(state, seed)
        trial.apply(action)
        if isinstance(action, Take):
            while trial.pending and trial.current_player == seat and not trial.is_terminal():
                choices = trial.legal_actions()
                trial.apply(max(choices, key=lambda a: _greedy_value(trial, a, seat, seed)))
        samples.append(_features(trial, seat) if not trial.is_terminal() else before)
    after = {key: min(sample[key] for sample in samples) for key in before}   # what every draw gives
    lineups = sorted(sample["lineup"] for sample in samples)
    gate = state.gate or state.directions[0]
    parts = []
    if after["popularity"] > before["popularity"]:
        parts.append(f"earns a popularity token (condition {state.condition})")
    if after["lineup"] > before["lineup"]:
        parts.append(f"raises this round's best lineup from {before['lineup']} to {after['lineup']} points")
    elif lineups[-1] > before["lineup"]:
        parts.append(f"may raise this round's best lineup from {before['lineup']} points (to "
                     f"{lineups[len(lineups) // 2]} with half of the sampled draws)")
    if after["reach"] > before["reach"]:
        parts.append(f"keeps the visitors' path from the {gate} gate open ({_count(after['reach'], 'tile')} "
                     f"reachable)")
    elif isinstance(action, PlaceTile) and after["reach"] == before["reach"]:
        parts.append(f"keeps the {gate} gate's path as it was (it does not block the lineup)")
    if after["stars"] > before["stars"]:
        parts.append(f"adds {_count(after['stars'] - before['stars'], 'star point')}")
    for key, word in (("doors", "door"), ("meeples", "meeple"), ("specials", "special card"),
                      ("cubes", "cube")):
        if after[key] > before[key]:
            parts.append(f"gains {_count(after[key] - before[key], word)}")
    line = "; ".join(parts[:2]) or "the best expected score of the sampled deals"
    if len(candidates) > 1:
        best, runner = candidates[0], candidates[1]
        line += f" ({best.mean:.1f} expected vs {runner.mean:.1f} for {runner.text})"
    return line
