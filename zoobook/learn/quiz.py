"""Quizzes about real engine states: "legal or not?" (then "which rule?") and "how many points?".

A :class:`QuizSource` makes real states (after random legal play, say) and the actions
to ask about; a :class:`ScoreSource` makes real states and reads their score, line by
line, off the engine's scoring. :func:`question_at` turns either into the *k*-th
:class:`Question` of an endless, seeded stream (new positions each time: the counter
seeds the position), about half of the legal-or-not questions legal; the answer key
comes from ``refusal()`` and the rules index, never from this module. After an illegal
action the learner is asked which rule it breaks: the true rule and two or three
plausible wrong ones from the same rule group (:attr:`Question.reasons`).

Every source declares the rule ids it can produce (``rules``);
:func:`citable_rules` derives, from the engine's own code, the rules a question
could have as its reason, and :func:`quiz_coverage` samples the questions and
counts which of them some question has (``zoobook rules --quizzes``).

Examples
--------
>>> import random
>>> from zoobook.game_api import GameState, Refusal
>>> class Pile(GameState):
...     def __init__(self, left):
...         self.left = left
...     def legal_actions(self):
...         return [n for n in (1, 2) if n <= self.left]
...     def refusal(self, action):
...         return None if action in self.legal_actions() else Refusal("too many", "F-TOY-1")
...     def _apply(self, action):
...         self.left -= action
...     def is_terminal(self):
...         return self.left == 0
...     def returns(self):
...         return [float(self.left)]
...     def clone(self):
...         return Pile(self.left)
>>> source = QuizSource("toy", states=lambda rng: Pile(rng.randint(0, 5)),
...                     candidates=lambda state, rng: [1, 2, 3],
...                     describe=lambda n: f"take {n}", context=lambda s: f"{s.left} left.", rules=("F-TOY-1",))
>>> quiz = questions(source, 6, seed=1)
>>> len(quiz), quiz == questions(source, 6, seed=1)
(6, True)
>>> all(q.legal == (q.refusal is None) for q in quiz)
True
>>> [q for q in quiz if q.legal is False][0].explanation
'Not legal [F-TOY-1]: too many'
>>> question_at(source, 1, 0) == quiz[0], question_at(source, 1, 10**6).kind
(True, 'legal')

A "how many points?" source: the engine's score, one line per rule.

>>> points = ScoreSource("toy", states=lambda rng: Pile(rng.randint(1, 5)),
...                      score=lambda s: [ScoreLine(s.left, f"{s.left} left in the pile", "F-TOY-2")],
...                      ask="How many points does the pile score?", rules=("F-TOY-2",))
>>> q = question_at(points, 0, 0)
>>> q.kind, q.points == q.state.left, q.points in q.options, q.reasons
('points', True, True, ('F-TOY-2',))
"""

from __future__ import annotations

import ast
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zoobook.errors import Refusal
from zoobook.game_api import GameState
from zoobook.learn.index import RulesIndex, find_rule, games, load_index

__all__ = ["QuizSource", "ScoreSource", "ScoreLine", "Question", "questions", "question_at", "reason_choices",
           "citable_rules", "QuizCoverage", "quiz_coverage", "question_rules", "rule_index", "is_points_source"]


@dataclass(frozen=True)
class QuizSource:
    """Where a group's legal-or-not questions come from.

    Attributes
    ----------
    group : str
        The rule group.
    states : callable
        ``states(rng) -> GameState``: a real engine state.
    candidates : callable
        ``candidates(state, rng) -> Sequence``: actions to ask about, legal and illegal.
    describe : callable
        An action in words.
    context : callable or None
        ``context(state) -> str``: the state in one line, put before the question.
    picture : callable, str or None
        ``picture(state) -> str``: the state as HTML/SVG, for the quiz widget, or its hook
        ``"module:function"`` (:func:`zoobook.widgets.drill.draw` imports and calls it).
    rules : tuple of str
        The rule ids this source's illegal questions can have as reason (declared; the
        tests check each is produced).
    """

    group: str
    states: Callable[[random.Random], GameState]
    candidates: Callable[[GameState, random.Random], Sequence]
    describe: Callable[[Any], str] = str
    context: Callable[[GameState], str] | None = None
    picture: Callable[[GameState], str] | str | None = None
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class ScoreLine:
    """One line of a score's breakdown: the points, what they are for, and the rule that gives them.

    >>> str(ScoreLine(1, "condition A on A1", "F-POPULARITY-2", unit="token"))
    'condition A on A1: 1 token (F-POPULARITY-2)'
    """

    points: int
    text: str
    rule: str
    unit: str = "point"

    def __str__(self) -> str:
        return f"{self.text}: {self.points} {self.unit}{'' if abs(self.points) == 1 else 's'} ({self.rule})"


def points_label(points: Any) -> str:
    """``"7 points"`` (``"1 point"``): a points answer on its button."""
    return f"{points} point{'' if points == 1 else 's'}"


@dataclass(frozen=True)
class ScoreSource:
    """Where a group's "how many points?" questions come from.

    Attributes
    ----------
    group : str
    states : callable
        ``states(rng) -> GameState``: a real engine state to score.
    score : callable
        ``score(state) -> Sequence[ScoreLine]``: the breakdown, read off the engine's scoring
        (its lines add up to the answer).
    ask : str or callable
        The question (``"How many points does this lineup score?"``), or ``ask(state) -> str``.
    context, picture : as in :class:`QuizSource`
    rules : tuple of str
        The rule ids its breakdowns can cite.
    answer : callable or None
        ``answer(state) -> int | str``: the answer when it is not the sum of the lines (who wins,
        which rank); the lines then explain it.
    choices : callable or None
        ``choices(state) -> Sequence``: the answers offered when they are not numbers near the
        answer (the players, the ranks).
    label : callable
        An answer on its button (``"7 points"``).
    """

    group: str
    states: Callable[[random.Random], GameState]
    score: Callable[[GameState], Sequence[ScoreLine]]
    ask: str | Callable[[GameState], str] = "How many points?"
    context: Callable[[GameState], str] | None = None
    picture: Callable[[GameState], str] | str | None = None
    rules: tuple[str, ...] = ()
    answer: Callable[[GameState], Any] | None = None
    choices: Callable[[GameState], Sequence] | None = None
    label: Callable[[Any], str] = points_label


@dataclass(frozen=True)
class Question:
    """One question: the prompt, the engine's answer and why.

    ``kind`` is ``"legal"`` (legal or not?) or ``"points"`` (how many?). For a legal-or-not
    question ``legal`` and ``refusal`` are the engine's answer; for an illegal one,
    ``reasons`` are the choices of "which rule?" (rule ids, the true one among them, shuffled)
    and ``rule`` the true one. For a points question ``points`` is the answer, ``options`` the
    choices offered, ``breakdown`` the engine's lines and ``reasons`` their rules.
    ``state`` and ``action`` keep what was asked about (not compared).
    """

    group: str
    prompt: str
    legal: bool | None
    refusal: Refusal | None
    explanation: str
    state: Any = field(default=None, compare=False, repr=False)
    action: Any = field(default=None, compare=False, repr=False)
    kind: str = "legal"
    rule: str | None = None
    reasons: tuple[str, ...] = ()
    points: Any = None
    options: tuple = ()
    breakdown: tuple[ScoreLine, ...] = ()


def rule_index(rule_id: str, index: RulesIndex | None = None) -> RulesIndex | None:
    """*index*, or else the index of the game whose rules hold *rule_id* (None if no game's does)."""
    if index is not None:
        return index
    for game in games():
        try:
            load_index(game).resolve(rule_id)
        except KeyError:
            continue
        return load_index(game)
    return None


def _rule_of(rule_id: str, index: RulesIndex | None):
    rule = None
    if index is not None:
        try:
            rule = index.resolve(rule_id)
        except KeyError:
            rule = None
    return rule or find_rule(rule_id)


def _explain(refusal: Refusal | None, label: str, index: RulesIndex | None) -> str:
    if refusal is None:
        return f"Legal: the engine accepts {label} here."
    if not refusal.rule:
        return f"Not legal: {refusal.reason}"
    rule = _rule_of(refusal.rule, index)
    text = f"Not legal [{refusal.rule}]: {refusal.reason}"
    return f"{text} — {rule.statement}" if rule is not None else text


def reason_choices(rule_id: str, rng: random.Random, index: RulesIndex | None = None, *,
                   prefer: Sequence[str] = (), wrong: int = 3) -> tuple[str, ...]:
    """The choices of "which rule?": *rule_id*'s rule and up to *wrong* others of its group, shuffled.

    Wrong reasons come first from *prefer* (the rules the source can produce: refusals a
    learner meets in this position), then from the rest of the group. Ids are the index's
    rule ids (a ruling id resolves to its rule).
    """
    index = rule_index(rule_id, index)
    rule = _rule_of(rule_id, index)
    if rule is None or index is None:
        return (rule.id if rule else rule_id,)
    group = [r.id for r in index.in_group(rule.group) if r.id != rule.id]
    preferred = []
    for other in prefer:
        try:
            resolved = index.resolve(other).id
        except KeyError:
            continue
        if resolved in group and resolved not in preferred:
            preferred.append(resolved)
    rest = [r for r in group if r not in preferred]
    rng.shuffle(preferred)
    rng.shuffle(rest)
    picked = (preferred + rest)[:wrong]
    if len(picked) < 2:                      # a small group: borrow plausible reasons from the whole game
        others = [r.id for r in index.rules if r.id != rule.id and r.id not in picked]
        picked += rng.sample(others, min(2 - len(picked), len(others)))
    choices = [rule.id] + picked
    rng.shuffle(choices)
    return tuple(choices)


def _prompt(source, state, label: str) -> str:
    context = source.context(state) + " " if source.context else ""
    return f"{context}Is this legal: {label}?"


def _legal_question(source: QuizSource, rng: random.Random, index: RulesIndex | None, tries: int) -> Question | None:
    """Legal or not with even odds; an illegal action's rule drawn evenly among the rules the position breaks."""
    want_legal = rng.random() < 0.5
    fallback = None
    for _ in range(tries):
        state = source.states(rng)
        actions = list(source.candidates(state, rng))
        rng.shuffle(actions)
        answers = [(action, state.refusal(action)) for action in actions]
        wanted = [(action, why) for action, why in answers if (why is None) == want_legal]
        if not wanted:
            fallback = fallback or next(((state, a, w) for a, w in answers), None)
            continue
        if not want_legal:                 # one rule as likely as another, however many actions break it
            rule = rng.choice(sorted({why.rule for _, why in wanted}))
            wanted = [(action, why) for action, why in wanted if why.rule == rule]
        action, why = wanted[0]
        return _make_legal(source, state, action, why, rng, index)
    return _make_legal(source, *fallback, rng, index) if fallback else None


def _make_legal(source: QuizSource, state, action, why, rng: random.Random, index: RulesIndex | None) -> Question:
    label = source.describe(action)
    rule = reasons = None
    if why is not None and why.rule:
        found = _rule_of(why.rule, index)
        rule = found.id if found else why.rule
        reasons = reason_choices(why.rule, rng, index, prefer=source.rules)
    return Question(source.group, _prompt(source, state, label), why is None, why, _explain(why, label, index),
                    state, action, "legal", rule, reasons or ())


def _point_options(points: int, rng: random.Random) -> tuple[int, ...]:
    near = [p for p in range(points - 3, points + 4) if p >= min(0, points) and p != points]   # scores may be < 0
    options = rng.sample(near, min(3, len(near))) + [points]
    return tuple(sorted(options))


def _points_question(source: ScoreSource, rng: random.Random, index: RulesIndex | None) -> Question:
    state = source.states(rng)
    lines = tuple(source.score(state))
    ask = source.ask(state) if callable(source.ask) else source.ask
    context = source.context(state) + " " if source.context else ""
    reasons = tuple(dict.fromkeys(line.rule for line in lines))
    if source.answer is None:
        answer = sum(line.points for line in lines)
        explanation = "; ".join(str(line) for line in lines) + f". In all: {points_label(answer)}."
    else:
        answer = source.answer(state)
        explanation = "; ".join(str(line) for line in lines) + f". So: {source.label(answer)}."
    options = tuple(source.choices(state)) if source.choices else _point_options(answer, rng)
    return Question(source.group, f"{context}{ask}", None, None, explanation, state, None, "points",
                    reasons[0] if reasons else None, reasons, answer, options, lines)


def is_points_source(source) -> bool:
    """Whether *source* asks "how many points?" (a :class:`ScoreSource`: it scores, it offers no actions).

    Read from what the source does, not its class: a doctest run may import this module twice.
    """
    return callable(getattr(source, "score", None)) and not hasattr(source, "candidates")


def question_at(source: QuizSource | ScoreSource, seed: int, k: int, *, index: RulesIndex | None = None,
                tries: int = 30) -> Question | None:
    """The *k*-th question of *source*'s endless stream *seed* (the pair seeds its position).

    A legal-or-not question is legal or not with even odds: the position is drawn until an
    action with the drawn answer is found (*tries* positions at most; then any answer).
    """
    # The source's own name in the seed: two sources of one stream draw their answers apart.
    rng = random.Random(f"{seed}:{source.group}:{getattr(source.states, '__qualname__', '')}:{k}")
    if is_points_source(source):
        return _points_question(source, rng, index)
    return _legal_question(source, rng, index, tries)


def questions(source: QuizSource | ScoreSource, n: int, seed: int, *, index: RulesIndex | None = None,
              tries: int = 30) -> list[Question]:
    """Up to *n* distinct questions (by prompt) from *source*'s stream *seed*, seeded and reproducible.

    Parameters
    ----------
    source : QuizSource or ScoreSource
    n : int
        How many questions (fewer if *source* cannot make that many distinct ones).
    seed : int
    index : RulesIndex, optional
        For the rule's statement in explanations (found by rule id when omitted).
    tries : int
        Positions drawn per question (see :func:`question_at`).
    """
    if n < 0:
        raise ValueError(f"n must be 0 or more, not {n}")
    found: list[Question] = []
    prompts: set[str] = set()
    for k in range(max(1, n) * 3):
        if len(found) >= n:
            break
        question = question_at(source, seed, k, index=index, tries=tries)
        if question is None or question.prompt in prompts:
            continue
        prompts.add(question.prompt)
        found.append(question)
    return found


# -- coverage: which rules can be a reason, which are ----------------------------------------------------
_SCORING_NAME = re.compile(r"scor|bonus|points|award|rank")
_REFUSERS = ("Refusal", "IllegalAction")


def _constructs_refusal(function: ast.AST, helpers=frozenset()) -> bool:
    for node in ast.walk(function):
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name in _REFUSERS or name in helpers:
                return True
    return False


#: Modules of a game whose refusals are about puzzle files and the map editor, not play.
_NOT_PLAY = frozenset({"kinds.py", "files.py", "box.py", "editing.py"})


def _refusal_citations(folder: Path) -> set[str]:
    """Every rule id cited inside a function of *folder*'s modules that builds a refusal.

    A function builds a refusal when it calls ``Refusal`` or ``IllegalAction``, or a function of the
    game's modules that does (a helper like ``_refuse(reason, rule)``); it cites a rule by writing its id,
    or by naming a module constant that holds one (``ONE_SPECIES = "Z-PLACE-2"``).
    """
    from zoobook.learn.index import _RULE_ID

    # A game's modules share their helpers and rule constants (a package split by topic imports
    # them from its common module): helpers are gathered over the whole folder, and a module's rule
    # constants are its own and those it imports by name from the folder's other modules.
    paths = sorted(folder.rglob("*.py"))
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in paths}
    # what a file, its loader or the map editor refuses (a map holding more than the box) is no
    # action of play: those modules' refusals are no quiz's reason
    played = {path for path in paths if path.name not in _NOT_PLAY}

    def own_constants(tree: ast.AST) -> dict[str, str]:
        return {node.targets[0].id: node.value.value for node in tree.body
                if isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str) and _RULE_ID.fullmatch(node.value.value)}

    def dotted(path: Path) -> str:
        parts = path.relative_to(folder.parent).with_suffix("").parts
        return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)

    by_module = {dotted(path): own_constants(tree) for path, tree in trees.items()}
    functions = [node for tree in trees.values() for node in ast.walk(tree)
                 if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    helpers = frozenset(f.name for f in functions if _constructs_refusal(f))
    cited: set[str] = set()
    for path, tree in trees.items():
        if path not in played:
            continue
        constants = dict(by_module[dotted(path)])
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                source = by_module.get(node.module.removeprefix("zoobook."), {})
                constants.update({alias.asname or alias.name: source[alias.name]
                                  for alias in node.names if alias.name in source})
        for function in (node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))):
            if not _constructs_refusal(function, helpers):
                continue
            for leaf in ast.walk(function):
                if isinstance(leaf, ast.Constant) and isinstance(leaf.value, str) and _RULE_ID.fullmatch(leaf.value):
                    cited.add(leaf.value)
                elif isinstance(leaf, ast.Name) and leaf.id in constants:
                    cited.add(constants[leaf.id])
    return cited


def _scores(reference: str) -> bool:
    """Whether an engine reference names a public scoring function (``LineupState.score``, ``final_bonus``).

    A private phase driver (``GameState._scoring``) runs the phase; it is not what a points
    question's breakdown cites.
    """
    name = reference.rpartition(":")[2].rpartition(".")[2]
    return not name.startswith("_") and bool(_SCORING_NAME.search(name))


def citable_rules(index: RulesIndex) -> tuple[str, ...]:
    """The rules of *index* that a question can have as its reason, derived from the engine's code.

    A rule is citable when the game's refusal code cites it (a rule or ruling id written in a
    function of the game package that builds a ``Refusal``), or when one of its engine
    references is a public scoring function (its name says it scores: ``score``, ``bonus``,
    ``points``, ``award``, ``rank``; not a private phase driver like ``_scoring``). In the
    index's order.

    >>> "F4" in citable_rules(load_index("fivebyfive")), "F11" in citable_rules(load_index("fivebyfive"))
    (True, True)
    """
    from zoobook.learn.index import _PACKAGE_FOLDER

    cited = set()
    for rule_id in _refusal_citations(_PACKAGE_FOLDER / index.package):
        try:
            cited.add(index.resolve(rule_id).id)
        except KeyError:
            continue
    for rule in index.rules:
        if any(_scores(ref) for ref in rule.engine):
            cited.add(rule.id)
    return tuple(rule.id for rule in index.rules if rule.id in cited)


def question_rules(question: Question) -> tuple[str, ...]:
    """The rules a question has as its reason: an illegal one's rule, a points one's breakdown rules."""
    if question.kind == "points":
        return question.reasons
    return (question.rule,) if question.rule else ()


@dataclass(frozen=True)
class QuizCoverage:
    """What a sample of a game's quizzes asks: the rules that can be a reason, those that are, the answers.

    Attributes
    ----------
    game : str
    citable : tuple of str
        :func:`citable_rules`.
    asked : tuple of str
        The citable rules some sampled question has as its reason.
    answers : Counter
        ``legal`` / ``illegal`` / ``points``: how many sampled questions have each answer.
    """

    game: str
    citable: tuple[str, ...]
    asked: tuple[str, ...]
    answers: Counter

    @property
    def share(self) -> float:
        return len(self.asked) / len(self.citable) if self.citable else 1.0

    @property
    def never(self) -> tuple[str, ...]:
        return tuple(r for r in self.citable if r not in self.asked)

    @property
    def always_not_legal(self) -> float:
        """What answering "Not legal" to every legal-or-not question scores."""
        asked = self.answers["legal"] + self.answers["illegal"]
        return self.answers["illegal"] / asked if asked else 0.0

    def __str__(self) -> str:
        total = sum(self.answers.values()) or 1
        shares = ", ".join(f"{what} {self.answers[what] / total:.0%}" for what in ("legal", "illegal", "points"))
        return (f"{self.game}: {len(self.asked)} of {len(self.citable)} rules that can be a reason are one "
                f"({self.share:.0%}); answers: {shares}; always \"Not legal\" scores {self.always_not_legal:.0%}")


def quiz_coverage(game: str, sources: Sequence, *, per_source: int = 40, seed: int = 0) -> QuizCoverage:
    """Sample *per_source* questions of each source of *game* and count the rules they have as reason."""
    index = load_index(game)
    citable = citable_rules(index)
    asked: set[str] = set()
    answers: Counter = Counter()
    for source in sources:
        for k in range(per_source):
            question = question_at(source, seed, k, index=index)
            if question is None:
                continue
            answers["points" if question.kind == "points" else "legal" if question.legal else "illegal"] += 1
            for rule_id in question_rules(question):
                try:
                    asked.add(index.resolve(rule_id).id)
                except KeyError:
                    continue
    return QuizCoverage(index.game, citable, tuple(r for r in citable if r in asked), answers)
