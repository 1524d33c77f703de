"""Age of Steam, Easter Island solo map: joining the ruins and clearing the moai.

Built on the shared hex map (:mod:`zoobook.steam.hexmap`):

* :mod:`.island`: the board as a rules model (track costs, cities, ruins, moai; the
  assumed layout :func:`~.island.easter_island`) and the clear conditions;
* :mod:`.connect`: the exact cheapest network of links joining every ruin, with a
  lower bound and an explanation;
* :mod:`.approximations`: networkx's textbook Steiner answers, for comparison;
* :mod:`.moai`: shipping the top cube, Rapa Nui, the difficulty set-ups;
* :mod:`.clearing`: the fewest turns to ship every cube away on a built network;
* :mod:`.draft`: a network laid by hand, hex by hex (the lesson's widget);
* :mod:`.generate`: random islands; :mod:`.kinds`: the puzzle kinds
  ``steam-easter/connect`` and ``steam-easter/moai``.
"""
