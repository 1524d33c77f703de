"""The library speaks the project's own words (issue: "seed" means the random seed only).

What a user reads -- docstrings and messages under ``zoobook/``, the docs, the benchmarks, the
puzzle files -- names no file a user does not have (the rulebook folders and pages outside the
project) and no word from outside the project: the rulebooks are "the rulebook", never "the seed",
and there is no "workplace". (The notebooks have their own lint, test_notebook_lint.py.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
TEXTS = sorted([*REPO.glob("zoobook/**/*.py"), *REPO.glob("zoobook/**/*.toml"), *REPO.glob("docs/*.md"),
                *REPO.glob("benchmarks/*.py"), *REPO.glob("benchmarks/*.md"), *REPO.glob("puzzles/**/*.toml"),
                REPO / "README.md", REPO / "CONTRIBUTING.md", REPO / "CHANGELOG.md"])
OUTSIDE = re.compile(r"base-games\.md|(?<![\w.-])shared/|(?<![\w.-])seeds/|rules/rulings\.md|\bworkplace\b"
                     r"|\bseed (?:text|rulebook|rules?|says)\b|\bthe seeds'|\brulebook seeds?\b|\bseed's rule",
                     re.I)


def problems(text: str) -> list[str]:
    """Words from outside the project in *text*.

    >>> problems("the random seed 7; the rulebook's example")
    []
    >>> problems("as the seed text says, see ../shared/rules/base-games.md")
    ['seed text', 'shared/', 'base-games.md']
    """
    return [m.group(0) for m in OUTSIDE.finditer(text)]


def test_the_scan_reads_the_library_docs_and_puzzles():
    assert len(TEXTS) > 200


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: str(p.relative_to(REPO)))
def test_no_words_from_outside_the_project(path):
    assert problems(path.read_text(encoding="utf-8")) == []
