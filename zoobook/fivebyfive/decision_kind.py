"""The ``5x5/decision`` puzzle kind: "find a better move" at a position of a recorded 5x5 Zoo game.

``zoobook review FILE --puzzles DIR`` writes one for each mistake and blunder whose better move
is certified: the search bot's candidates compared on :data:`~zoobook.fivebyfive.review.PUZZLE_DEALS`
sampled deals from the file's seed (:func:`zoobook.fivebyfive.review.comparison`), the best
action's lead over the runner-up significant at 95%. The file holds the position as a record
prefix, the action played, the deals, the seed, the best action and its lead's interval;
``zoobook verify`` deals the same cards again and checks that the best action is the same and its
lead inside that interval (docs/puzzle-format.md, ``KIND/decision``).
"""

from __future__ import annotations

from zoobook.fivebyfive.review import comparison
from zoobook.review_sampling import decision_kind

__all__ = ["DECISION_KIND", "mistake_puzzle"]

DECISION_KIND, mistake_puzzle = decision_kind(
    "5x5", "5x5/decision", "5x5 Zoo, a position of a recorded game: find a better move than the one played",
    comparison)
