"""The engine's cheap copy of a 5x5 Zoo game for a search's inner loop (``GameState.search_copy``).

A search copies a state for every action it rates (about 90 times a play-out), so the copy
skips what a search never reads and what ``clone()`` pays for: the log and the history
are sinks (:class:`Sink`), the counters are copied without ``Counter.update``'s checks, and
a generator is seeded only when something draws from it (:class:`SeededOnUse`). It lives
beside the engine (``game.py`` calls it), so a new engine field is copied in the engine's
package, never in a bot: ``tests/fivebyfive/test_fast_copy.py`` checks that every field
``clone()`` copies anew is copied anew here too.

Examples
--------
>>> from zoobook.fivebyfive.game import GameState
>>> state = GameState.new(players=1, seed=3)
>>> copy = state.search_copy()
>>> copy.legal_actions() == state.legal_actions(), copy.history == [], copy.players is state.players
(True, True, False)
"""

from __future__ import annotations

import random
from collections import Counter

__all__ = ["search_copy", "draws_untouched", "SeededOnUse", "DrawnAtRandom", "Sink", "LIST_FIELDS"]

#: The list fields of a 5x5 game that a copy must copy (the rest are immutable or copied below).
LIST_FIELDS = ("players", "small_deck", "large_deck", "special_deck", "request_deck", "customer_deck",
               "customer_discard", "turns", "pending", "lineup_order")


def search_copy(state, draws: int | None = None):
    """A copy of the 5x5 *state* for a search: ``clone()`` without the log and the history.

    With *draws* (a seed), its random draws come from that seed and the one-time customer deck
    is drawn at random (:class:`DrawnAtRandom`, as good as reshuffled): a policy rating an
    action inside a sampled deal must not see the cubes that deal would draw (it would take
    row 4 only where they fit). The tile decks keep their order: a search copies a sampled
    deal already (``clone(reseed=...)``), and a turn draws from them only by a special card.
    Not for a true state: ``clone(reseed=...)`` is the copy that cannot peek.
    """
    copy = object.__new__(type(state))
    fields = copy.__dict__
    fields.update(state.__dict__)
    for name in LIST_FIELDS:
        fields[name] = list(fields[name])
    fields["stock"] = counter_copy(state.stock)
    fields["meeple_stock"] = counter_copy(state.meeple_stock)
    fields["lineup_results"] = dict(state.lineup_results)
    fields["log"], fields["history"] = Sink(), Sink()
    fields["lineup"] = state.lineup.clone() if state.lineup else None
    if draws is None:
        if isinstance(state.rng, SeededOnUse) and state.rng.rng is None:
            fields["rng"] = SeededOnUse(state.rng.seed)       # not drawn from yet: the same numbers to come
        else:
            fields["rng"] = random.Random()
            fields["rng"].setstate(state.rng.getstate())
        if isinstance(state.customer_deck, DrawnAtRandom):    # the copy draws as the original would
            fields["customer_deck"] = DrawnAtRandom(fields["customer_deck"], fields["rng"])
    else:
        fields["rng"] = SeededOnUse(draws)
        fields["customer_deck"] = DrawnAtRandom(fields["customer_deck"], fields["rng"])
    return copy


def draws_untouched(state, draws: int) -> bool:
    """Whether *state* is a ``search_copy(draws)`` (or a copy of one) that has drawn no random number
    yet: its draws to come are exactly those of a fresh ``search_copy(draws)``."""
    rng = state.rng
    return isinstance(rng, SeededOnUse) and rng.rng is None and rng.seed == draws


class SeededOnUse:
    """``random.Random(seed)``, made when something first draws from it: the same numbers.

    Seeding a generator costs about as much as copying the rest of a state, and most of the
    copies a search makes (one per action it rates) never draw a random number.
    """

    __slots__ = ("seed", "rng")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng: random.Random | None = None

    def __getattr__(self, name: str):                   # only for what the slots lack: the generator's methods
        if self.rng is None:
            self.rng = random.Random(self.seed)
        return getattr(self.rng, name)


class DrawnAtRandom(list):
    """A search copy's one-time customer deck: kept in any order, each ``pop()`` draws a card
    uniformly at random from those left (with the copy's own random numbers).

    The same chance as shuffling the deck and drawing from the top: after a uniform shuffle
    the top card is uniform over the deck, and given it the rest is a uniform shuffle of the
    others, so the cards drawn, in order, are a uniform random sequence without replacement.
    Not the same random numbers, and it saves the shuffle: most actions a search rates never
    draw a customer card. Once the deck runs out, the game reshuffles the discard pile into a
    plain list, as it always does.
    """

    __slots__ = ("rng",)

    def __init__(self, cards, rng) -> None:
        super().__init__(cards)
        self.rng = rng

    def pop(self, index: int = -1):
        if index != -1:
            raise ValueError("a deck drawn at random is drawn from the top only")
        if not self:
            raise IndexError("pop from empty list")
        drawn = self.rng.randrange(len(self))
        self[drawn], self[-1] = self[-1], self[drawn]    # the order left does not matter: every draw is random
        return super().pop()


def counter_copy(counts: Counter) -> Counter:
    """``Counter(counts)`` for a Counter: the same counts, without ``Counter.update``'s checks."""
    copy = Counter()
    dict.update(copy, counts)
    return copy


class Sink(list):
    """A log or history nobody reads: appending keeps nothing."""

    def append(self, item) -> None:
        pass
