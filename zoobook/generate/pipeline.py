"""Making graded, certified puzzle files: sample, solve, measure, filter, grade, write.

One puzzle is made by rejection sampling from a random stream that depends only
on the kind, the difficulty asked for, the seed and the puzzle's index, so the
same arguments give the same files, byte for byte, and puzzle 3 of a batch of
10 is puzzle 3 of a batch of 5.

A candidate is kept when it passes every quality filter (:func:`quality_problems`):

* it has an answer (a generated question always has a solution);
* its file certifies: written with the kind's ``dump``, it loads (every rule the
  loader checks holds) and solves to the same optimum (that value goes to ``[answer].value``);
* it is not trivial: from difficulty 3 the greedy or naive answer is wrong;
* the kind's own checks pass (no one-step routes, no empty boards ...);
* it is not a copy of a puzzle made earlier in the same batch;

and when its grade (:func:`zoobook.generate.grading.grade`) is the difficulty
asked for. Where the kind can count optimal witnesses, their number is written
as ``[answer].optima``.

Examples
--------
>>> made = generate("steam-zoo/shipment", difficulty=2, seed=1, count=2)
>>> [p.difficulty for p in made], made[0].id
([2, 2], 'generated-zoo-shipment-d2-s1-1')
>>> made[0].text == generate("steam-zoo/shipment", difficulty=2, seed=1)[0].text
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zoobook.errors import PuzzleError
from zoobook.generate.grading import GREEDY_RIGHT_CAP, Facts, grade, score
from zoobook.generate.registry import Generator, get_generator
from zoobook.puzzles.loading import Answer, parse_puzzle, puzzle_toml, write_puzzle
from zoobook.puzzles.registry import get_kind
from zoobook.puzzles.solution import Solution

__all__ = ["GeneratedPuzzle", "GenerationError", "generate", "generate_one", "quality_problems",
           "write_generated", "candidate", "MAX_TRIES", "puzzle_id"]

#: Candidates tried for one puzzle before giving up.
MAX_TRIES = 400


class GenerationError(RuntimeError):
    """No candidate passed the filters at the difficulty asked for within the tries allowed."""


@dataclass(frozen=True)
class GeneratedPuzzle:
    """One generated puzzle: its file text and how it was graded."""

    id: str
    kind: str
    difficulty: int
    text: str
    model: Any
    solution: Solution
    facts: Facts
    score: float
    tries: int

    @property
    def game(self) -> str:
        """The folder under ``puzzles/`` the kind's files go to."""
        return self.kind.split("/", 1)[0]

    @property
    def filename(self) -> str:
        return f"{self.id}.toml"


@dataclass(frozen=True)
class Candidate:
    """A sampled model with its solution, facts, score and grade (before filtering)."""

    model: Any
    solution: Solution
    facts: Facts
    score: float
    difficulty: int


def candidate(generator: Generator, rng: random.Random, hint: int) -> Candidate:
    """Sample one model with *rng*, solve it and grade it."""
    kind = get_kind(generator.kind)
    model = generator.sample(rng, hint)
    solution = (generator.solve or kind.solve)(model)
    facts = generator.facts(model, solution)
    difficulty = (generator.grade(model, solution, facts) if generator.grade is not None
                  else grade(facts, generator.calibration))
    return Candidate(model, solution, facts, score(facts, generator.calibration), difficulty)


def quality_problems(generator: Generator, found: Candidate) -> list[str]:
    """Why *found* is not a good puzzle (empty: it is); the certificate is checked on the file."""
    out = []
    if found.solution.value is None:
        out.append("the question has no solution")
    if found.difficulty > GREEDY_RIGHT_CAP and found.facts.greedy_right:
        out.append(f"difficulty {found.difficulty} but the greedy answer is already optimal")
    out += generator.problems(found.model, found.solution, found.facts)
    return out


def puzzle_id(kind: str, difficulty: int, seed: int, index: int, prefix: str = "generated") -> str:
    """The kebab-case id of puzzle *index* (from 0): ``generated-zoo-shipment-d3-s7-1``.

    >>> puzzle_id("5x5/lineup", 3, 7, 0)
    'generated-5x5-lineup-d3-s7-1'
    """
    game, question = kind.split("/", 1)
    short = game.split("-")[-1] if "-" in game else game
    seed_part = f"s{seed}" if seed >= 0 else f"sm{-seed}"
    return f"{prefix}-{short}-{question}-d{difficulty}-{seed_part}-{index + 1}".lower()


def _stream(kind: str, difficulty: int | None, seed: int, index: int) -> random.Random:
    # A string seed is hashed with SHA-512 by random.seed: stable across runs and platforms.
    return random.Random(f"zoobook-generate:{kind}:{difficulty}:{seed}:{index}")


def _body(generator: Generator, puzzle_kind, model: Any) -> dict:
    if generator.dump is not None:
        try:
            return generator.dump(model)
        except ValueError:
            pass
    return puzzle_kind.dump(model)


def generate_one(kind: str, *, difficulty: int | None = None, seed: int = 0, index: int = 0,
                 prefix: str = "generated", avoid: set[str] | None = None,
                 max_tries: int = MAX_TRIES) -> GeneratedPuzzle:
    """Puzzle *index* of the batch ``(kind, difficulty, seed)``; any difficulty when None.

    *avoid* holds the kind-specific bodies of puzzles already made (copies are
    rejected; the new body is added).
    """
    if difficulty is not None and not 1 <= difficulty <= 5:
        raise ValueError(f"difficulty must be between 1 and 5, not {difficulty}")
    generator = get_generator(kind)
    puzzle_kind = get_kind(kind)
    rng = _stream(kind, difficulty, seed, index)
    avoid = set() if avoid is None else avoid
    for tries in range(1, max_tries + 1):
        hint = difficulty if difficulty is not None else rng.randint(1, 5)
        found = candidate(generator, rng, hint)
        if difficulty is not None and found.difficulty != difficulty:
            continue
        if quality_problems(generator, found):
            continue
        body = _body(generator, puzzle_kind, found.model)
        fingerprint = repr(body)
        if fingerprint in avoid:
            continue
        pid = puzzle_id(kind, found.difficulty, seed, index, prefix)
        text = puzzle_toml(
            id=pid, kind=kind, body=body,
            title=generator.title(found.model, found.solution, found.facts),
            difficulty=found.difficulty, themes=found.facts.themes,
            description=(generator.describe(found.model, found.solution, found.facts)
                         if generator.describe else ""),
            answer=Answer(found.solution.value, found.facts.optima), multiline_strings=True)
        # The certificate: the file as written loads (a random model may break a rule the
        # loader checks, a box count say) and solves to the value it states.
        try:
            reread = parse_puzzle(text, file=f"{pid}.toml")
        except PuzzleError:
            continue
        if reread.solve().value != found.solution.value:
            continue
        avoid.add(fingerprint)
        return GeneratedPuzzle(pid, kind, found.difficulty, text, found.model, found.solution,
                               found.facts, found.score, tries)
    wanted = f"difficulty {difficulty}" if difficulty is not None else "any difficulty"
    raise GenerationError(f"no {kind} puzzle of {wanted} passed the filters in {max_tries} tries "
                          f"(seed {seed}, puzzle {index + 1}); try another seed or difficulty")


def generate(kind: str, *, difficulty: int | None = None, seed: int = 0, count: int = 1,
             prefix: str = "generated", progress: Callable[[int, int], None] | None = None,
             max_tries: int = MAX_TRIES) -> list[GeneratedPuzzle]:
    """*count* distinct puzzles; ``progress(done, count)`` is called after each one."""
    if count < 1:
        raise ValueError(f"count must be at least 1, not {count}")
    made: list[GeneratedPuzzle] = []
    avoid: set[str] = set()
    for index in range(count):
        made.append(generate_one(kind, difficulty=difficulty, seed=seed, index=index, prefix=prefix,
                                 avoid=avoid, max_tries=max_tries))
        if progress is not None:
            progress(index + 1, count)
    return made


def write_generated(puzzle: GeneratedPuzzle, folder: str | Path) -> Path:
    """Write *puzzle* to ``folder/<id>.toml`` (checked to load first; see write_puzzle)."""
    return write_puzzle(Path(folder) / puzzle.filename, puzzle.text)
