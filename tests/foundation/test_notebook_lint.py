"""A lint for the notebooks: what a reader sees must render and must point at things the reader has.

* money in Markdown is written ``\\\\$5`` (two backslashes in the source): JupyterLab and Voila pair
  ``$5 each ... $1`` as LaTeX math, and still do written ``\\$5`` or ``&#36;5``
  (tests/browser/test_markdown_math.py sees what the browser renders); a cell tagged ``math`` holds
  an intended formula;
* no absolute path (``/home/...``, ``/tmp/...``, ``C:\\...``) in a cell or a stored text output;
* no reference to a file a reader does not have: the rulebook folders and pages outside the
  project (``base-games.md``, ``shared/``, ``seeds/``) or a relative link to a missing file;
* titles numbered one way: a lesson's title is one ``# Title`` line with no number (its file
  name carries it); a classroom exercise's is ``# Classroom exercise N: ...`` with N from its file name.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb")) + sorted((REPO / "notebooks" / "classroom").glob("*.ipynb"))

CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)              # code blocks and spans: no math there
# A $ is text only after two backslashes (\\$5): one backslash (\$5) still pairs as math in the browser.
MONEY = re.compile(r"(?<!\\\\)\$(?=\d)")                        # $5 or \$5, not \\$5
DOLLAR = re.compile(r"(?<!\\\\)\$")
MONEY_ENTITY = re.compile(r"&#36;|&dollar;", re.I)
ABSOLUTE = re.compile(r"(?<![\w.~])(?:/(?:work|home|Users|tmp|root|mnt|opt)/[\w.-]+|[A-Z]:\\\\?[\w.-]+)")
OUTSIDE = re.compile(r"base-games\.md|\bshared/|\bseeds/|rules/rulings\.md")
LINK = re.compile(r"\]\(([^)\s]+)\)")
TITLE = re.compile(r"^# (?!#)(.+)$", re.M)


def markdown_problems(text: str) -> list[str]:
    r"""What is wrong with one Markdown cell's *text*.

    >>> markdown_problems("Costs \\\\$5, and `$x` is code, $$\\sum$$ is math")
    []
    >>> markdown_problems("Costs $5 each, then $1")
    ['unescaped $ before a number (write \\\\$5): "Costs $5 each, then $1"']
    >>> markdown_problems("Costs \\$5 each, then &#36;1")
    ['unescaped $ before a number (write \\\\$5): "Costs \\$5 each, then &#36;1"']
    >>> markdown_problems("a lone $ sign")
    ['an odd number of unescaped $ (half a formula): "a lone $ sign"']
    """
    prose = CODE.sub("", text)
    problems = []
    for line in prose.splitlines():
        if MONEY.search(line) or MONEY_ENTITY.search(line):
            problems.append(f'unescaped $ before a number (write \\\\$5): "{line.strip()[:80]}"')
    if not problems and len(DOLLAR.findall(prose)) % 2:
        line = next(line for line in prose.splitlines() if DOLLAR.search(line))
        problems.append(f'an odd number of unescaped $ (half a formula): "{line.strip()[:80]}"')
    return problems


def reference_problems(text: str, folder: Path) -> list[str]:
    """Absolute paths, files outside the project, and relative links to missing files in *text*.

    >>> reference_problems("see /home/alice/shared/rules/base-games.md", Path("."))  # doctest: +NORMALIZE_WHITESPACE
    ['absolute path /home/alice', 'a file the reader does not have: base-games.md',
     'a file the reader does not have: shared/']
    """
    problems = [f"absolute path {match}" for match in ABSOLUTE.findall(text)]
    problems += [f"a file the reader does not have: {match}" for match in sorted(set(OUTSIDE.findall(text)))]
    for target in LINK.findall(text):
        if re.match(r"^(?:[a-z]+:|#|data:)", target):
            continue
        if not (folder / target.split("#")[0]).exists():
            problems.append(f"a link to a missing file: {target}")
    return problems


def _outputs_text(cell: dict) -> str:
    """The stored text outputs of a code cell (images left out)."""
    parts = []
    for output in cell.get("outputs", ()):
        parts.append("".join(output.get("text", "")))
        for kind, value in output.get("data", {}).items():
            if kind in ("text/plain", "text/markdown"):
                parts.append("".join(value))
            elif kind == "text/html":
                parts.append(re.sub(r'src="data:[^"]*"', "", "".join(value)))
    return "\n".join(parts)


def title_problems(path: Path, cells: list[dict]) -> list[str]:
    """The notebook's title: one ``# `` heading, first, numbered the one way."""
    markdown = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    titles = [t for text in markdown for t in TITLE.findall(CODE.sub("", text))]
    first = "".join(cells[0]["source"]).lstrip() if cells else ""
    if not first.startswith("# ") or len(titles) != 1:
        return [f"one '# ' title, in the first cell (found {len(titles)}: {titles[:3]})"]
    title = titles[0]
    number = int(path.name.split("-", 1)[0])
    if path.parent.name == "classroom":
        if not title.startswith(f"Classroom exercise {number}: "):
            return [f"a classroom title reads '# Classroom exercise {number}: ...', not '# {title}'"]
    elif re.match(r"^\d+\s*[.·:)-]\s", title):
        return [f"a lesson's title carries no number (the file name does): '# {title}'"]
    return []


def lint(path: Path) -> list[str]:
    """Every problem of the notebook at *path*, each with its cell number."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    problems = title_problems(path, cells)
    for number, cell in enumerate(cells, 1):
        source = "".join(cell["source"])
        found = markdown_problems(source) if cell["cell_type"] == "markdown" else []
        found += reference_problems(source, path.parent)
        if cell["cell_type"] == "code":
            found += [f"output: {p}" for p in reference_problems(_outputs_text(cell), path.parent)
                      if not p.startswith("a link")]
        problems += [f"cell {number}: {problem}" for problem in found]
    return problems


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(REPO / "notebooks")))
def test_notebook_lint(path):
    assert lint(path) == []


def test_the_lint_sees_every_notebook():
    assert len(NOTEBOOKS) >= 14
