"""Money reads as money: no Markdown cell of the workbook renders as mathematics unless it means to.

JupyterLab and Voila hand a Markdown cell's ``$ ... $`` pairs to MathJax, so "costs $1 a share plus $1
a level" renders the words between the two prices as italic math -- written ``\\$1`` or ``&#36;1`` too.
This test renders every Markdown cell of every notebook in the real front ends, the way a reader
sees them, and counts MathJax's output (``mjx-container``) in each: none is allowed, except in the
cells tagged ``math`` (the few intended formulas), which must show theirs (so a MathJax that did not
run cannot pass for clean money).

All the cells go into one generated notebook, in order, each remembering where it came from: math is
paired cell by cell, so this renders each cell as its own notebook does, at the cost of one kernel
and one page instead of twenty (``tests/foundation/test_notebook_lint.py`` checks the same rule on
the source text, without a browser).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.browser.labtools import (POLL_MS, free_port, isolated_jupyter_env, open_notebook, screenshot,
                                    stop_process, wait_for_http)

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((REPO / "notebooks").rglob("*.ipynb"))
GATHERED = "every-markdown-cell.ipynb"
MATH_TAG = "math"
#: A rendered Markdown cell, in JupyterLab and in Voila alike.
RENDERED = ".jp-MarkdownCell .jp-RenderedMarkdown"


def gather_markdown(folder: Path) -> list[dict]:
    """Write every Markdown cell of the workbook into ``folder/GATHERED``; returns, per cell in order,
    where it came from and whether it is tagged as intended math."""
    cells, origins = [], []
    for path in NOTEBOOKS:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for index, cell in enumerate(notebook["cells"]):
            if cell["cell_type"] != "markdown":
                continue
            tags = cell.get("metadata", {}).get("tags", [])
            cells.append({"cell_type": "markdown", "metadata": {}, "source": cell["source"],
                          "id": f"c{len(cells)}"})
            origins.append({"where": f"{path.relative_to(REPO / 'notebooks')} cell {index} "
                                     f"({cell.get('id', '?')})", "math": MATH_TAG in tags})
    gathered = {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                            "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    (folder / GATHERED).write_text(json.dumps(gathered, indent=1), encoding="utf-8")
    return origins


def verdict(origins: list[dict], counts: list[int]) -> list[str]:
    """What is wrong, cell by cell: math where none is meant, none where it is."""
    assert len(counts) == len(origins), f"{len(counts)} Markdown cells rendered, {len(origins)} gathered"
    wrong = [f"{origin['where']}: {count} formula(s) where the source means none (money written $5?)"
             for origin, count in zip(origins, counts) if count and not origin["math"]]
    wrong += [f"{origin['where']}: tagged {MATH_TAG!r} but MathJax rendered nothing"
              for origin, count in zip(origins, counts) if origin["math"] and not count]
    return wrong


# The count of MathJax's output per rendered Markdown cell, once MathJax has finished: the page's
# count is the same on two reads 1.5 s apart and the intended formulas are there.
_COUNT_MATH = """selector => Array.from(document.querySelectorAll(selector))
    .map(cell => cell.querySelectorAll('mjx-container').length)"""

# Rendered cells whose text shows a backslash before a dollar: money escaped once too often.
_STRAY_BACKSLASH = """selector => Array.from(document.querySelectorAll(selector))
    .map((cell, index) => cell.innerText.includes('\\\\$') ? index : -1).filter(index => index >= 0)"""


def settled_counts(page, selector: str, expected_math: int, timeout_s: float = 60) -> list[int]:
    """MathJax's output per cell of *selector*, once the counts stop changing and at least
    *expected_math* cells hold some (MathJax typesets after the cells render)."""
    deadline, last = time.monotonic() + timeout_s, None
    while time.monotonic() < deadline:
        counts = page.evaluate(_COUNT_MATH, selector)
        with_math = sum(1 for count in counts if count)
        if counts == last and with_math >= expected_math:
            return counts
        last = counts
        page.wait_for_timeout(1500)
    return last or []


def check_rendered(page, origins: list[dict], picture: str) -> None:
    """Every gathered cell rendered, MathJax settled, then: math only where meant, no stray backslash."""
    page.wait_for_function(f"n => document.querySelectorAll('{RENDERED}').length === n", arg=len(origins),
                           polling=POLL_MS)
    counts = settled_counts(page, RENDERED, sum(origin["math"] for origin in origins))
    screenshot(page, picture)
    assert verdict(origins, counts) == []
    stray = page.evaluate(_STRAY_BACKSLASH, RENDERED)
    assert [origins[index]["where"] for index in stray] == [], "a reader sees a backslash before a price"


def test_no_markdown_cell_renders_money_as_math_in_jupyterlab(page, lab_server, lab_url):
    origins = gather_markdown(lab_server.root)
    assert sum(origin["math"] for origin in origins) >= 1, "the intended formulas should be tagged 'math'"
    open_notebook(page, lab_url, GATHERED)
    check_rendered(page, origins, "markdown-math-lab")


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory):
    """Voila serving the gathered notebook, as `make app` serves a class's notebooks."""
    base = tmp_path_factory.mktemp("voila-math")
    origins = gather_markdown(base)
    port = free_port()
    log = base / "voila.log"
    with log.open("wb") as sink:
        process = subprocess.Popen([sys.executable, "-m", "voila", GATHERED, "--no-browser", f"--port={port}",
                                    "--Voila.ip=127.0.0.1"], cwd=base, env=isolated_jupyter_env(base / "home"),
                                   stdout=sink, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_for_http(url, process=process, log=log, timeout=300)
        yield url, origins
    finally:
        stop_process(process)


def test_no_markdown_cell_renders_money_as_math_in_voila(browser, voila_url):
    url, origins = voila_url
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(120_000)
    tab = context.new_page()
    try:
        tab.goto(url)
        check_rendered(tab, origins, "markdown-math-voila")
    finally:
        context.close()


def test_the_verdict_names_math_where_none_is_meant_and_missing_formulas():
    origins = [{"where": "a cell 1 (x)", "math": False}, {"where": "b cell 2 (y)", "math": True}]
    assert verdict(origins, [0, 3]) == []
    wrong = verdict(origins, [2, 0])
    assert "a cell 1 (x): 2 formula(s)" in wrong[0] and "b cell 2 (y): tagged 'math'" in wrong[1]
