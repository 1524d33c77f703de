"""The ``zooloretto/decision`` puzzle kind: "find a better move" at a position of a recorded Zooloretto game.

``zoobook review FILE --puzzles DIR`` writes one for each mistake and blunder whose better move
is certified: the candidates compared on :data:`~zoobook.zooloretto.review.PUZZLE_DEALS` sampled
deals from the file's seed (:func:`zoobook.zooloretto.review.comparison`), the best action's lead
over the runner-up significant at 95%. ``zoobook verify`` deals the same supplies again and checks
that the best action is the same and its lead inside the file's interval (docs/puzzle-format.md,
``KIND/decision``).
"""

from __future__ import annotations

from zoobook.review_sampling import decision_kind
from zoobook.zooloretto.review import comparison

__all__ = ["DECISION_KIND", "mistake_puzzle"]

DECISION_KIND, mistake_puzzle = decision_kind(
    "zooloretto", "zooloretto/decision",
    "Zooloretto, a position of a recorded game: find a better move than the one played", comparison)
