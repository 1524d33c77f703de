"""Zooloretto with Three Additional Buildings and Construction Sites.

One topic per module:

- :mod:`~zoobook.zooloretto.model`: the zoo (enclosures, stall spaces, barn, coins, what is still in the
  middle of the table) and the tiles, as frozen values;
- :mod:`~zoobook.zooloretto.actions`: every action with the reason and rule for every refusal (placing,
  births, coins for filling, the money actions, the buildings, construction-site markers, the box),
  raising :class:`zoobook.errors.IllegalAction`;
- :mod:`~zoobook.zooloretto.scoring`: the final score, line by line (rulings Z1-Z6);
- :mod:`~zoobook.zooloretto.files`: a zoo in puzzle files (the ``zooloretto/score`` contract);
- :mod:`~zoobook.zooloretto.placement`: the decision graph of placements and its longest path;
- :mod:`~zoobook.zooloretto.truck`, :mod:`~zoobook.zooloretto.sabotage`,
  :mod:`~zoobook.zooloretto.invest`: the three decision puzzles;
- :mod:`~zoobook.zooloretto.kinds`: the puzzle kinds registered with zoobook.
"""

from zoobook.errors import IllegalAction
from zoobook.zooloretto.actions import Outcome, place_tile, refusal, refusal_of
from zoobook.zooloretto.model import Enclosure, Tile, Zoo, new_zoo
from zoobook.zooloretto.scoring import Score, score

__all__ = ["Zoo", "Enclosure", "Tile", "new_zoo", "IllegalAction", "Outcome", "place_tile", "refusal", "refusal_of",
           "Score", "score"]
