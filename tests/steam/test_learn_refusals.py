"""Every Age of Steam refusal names the one rule it breaks (issue 43 item 5).

Refusals are sampled from random play (the Learn quizzes' positions and the actions a learner
might try there); for each, the function that wrote the refusal is found by watching
``Refusal`` being built, and the rule it cites must list that function as its engine code in
``zoobook/steam/rules.toml``. The words must be one short sentence of the player's, not a rule
statement pasted behind it.
"""

from __future__ import annotations

import random
import sys

import pytest

from zoobook.errors import Refusal
from zoobook.learn import load_index
from zoobook.learn.quiz import QuizSource
from zoobook.steam import learn
from zoobook.steam.game import easter_goods, zoo_goods
from zoobook.steam.game.memo import IdentityCache

_NEW = Refusal.__new__.__code__
_HELPERS = {("zoobook.steam.game.state", "_refuse"), ("zoobook.steam.game.laying", "_refuse")}


def _writer(frame) -> str:
    """``module:qualname`` of the engine function that built the refusal (past the helper)."""
    caller = frame.f_back
    while (caller.f_globals.get("__name__"), caller.f_code.co_name) in _HELPERS:
        caller = caller.f_back
    return f"{caller.f_globals.get('__name__')}:{caller.f_code.co_qualname}"


def sampled_refusals(draws: int = 400, seed: int = 0) -> list[tuple[Refusal, str, object]]:
    """(refusal, the function that wrote it, the action) from random quiz positions.

    The goods rules memoise their refusals, so the caches start empty and every refusal is
    watched from the moment it is built (a ``Refusal`` passed on unchanged keeps its writer).
    """
    written: dict[int, tuple[Refusal, str]] = {}

    def watch(frame, event, arg):
        if event == "return" and frame.f_code is _NEW and isinstance(arg, Refusal) \
                and frame.f_back.f_globals.get("__name__") != "zoobook.errors":
            written.setdefault(id(arg), (arg, _writer(frame)))

    rng = random.Random(seed)
    found = []
    sources = [source for source in learn.QUIZZES if isinstance(source, QuizSource)]
    with pytest.MonkeyPatch.context() as patch:
        for module in (zoo_goods, easter_goods):
            patch.setattr(module, "_CACHE", IdentityCache())
        sys.setprofile(watch)
        try:
            for _ in range(draws):
                state = rng.choice(sources).states(rng)
                for action in learn._near_misses(state) + list(learn._OTHER_PHASES):
                    why = state.refusal(action)
                    if why is not None:
                        found.append((why, written[id(why)][1] if id(why) in written else "", action))
        finally:
            sys.setprofile(None)
    return found


def test_each_sampled_refusal_cites_a_rule_whose_engine_is_the_function_that_refused():
    index = load_index("steam")
    refusals = sampled_refusals()
    assert len(refusals) > 500
    cited = set()
    for why, writer, action in refusals:
        rule = index.by_id(why.rule)          # the rule itself, never a ruling resolved to another rule
        assert writer in rule.engine, f"{action}: {why} was written by {writer}, not by {rule.engine}"
        cited.add(why.rule)
    # the catch-all rulings of a map are cited only for what they state themselves
    assert len(cited) >= 15, sorted(cited)


def test_a_refusal_is_one_short_sentence_without_a_rule_statement_behind_it():
    index = load_index("steam")
    statements = [rule.statement for rule in index.rules]
    lengths = []
    for why, _, action in sampled_refusals(draws=150, seed=1):
        assert "\u2014" not in why.reason and not any(s in why.reason for s in statements), why
        lengths.append(len(why.reason))
    lengths.sort()
    assert lengths[len(lengths) // 2] <= 120 and lengths[-1] <= 200, lengths[-5:]
