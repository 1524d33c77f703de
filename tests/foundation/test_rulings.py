"""The rulings: the project's own list (zoobook/data/rulings.toml) is whole, cited IDs exist, the page is current.

The project ships what it tests: nothing here reads a file outside the repository.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from zoobook.rulings import all_rulings, cite, ruling, rulings_markdown

REPO = Path(__file__).resolve().parents[2]

#: The rulings the rulebooks' gaps needed (base list) and the amendments of 2026-12-01 and 2026-12-04,
#: which replace what they contradict (a letter after a number amends that ruling).
BASE = ([f"F{n}" for n in range(1, 20)] + [f"S{n}" for n in range(1, 12)] + [f"Z{n}" for n in range(1, 7)])
AMENDMENTS = ["F18a", "F20", "F21", "F22", "F23", "S2a", "S10a", "S11b", "S12", "S13", "S14", "S15",
              "Z7", "Z8", "Z9", "Z10"]
#: The amendments of 2026-12-04: readings that had no ruling, now ruled.
AMENDMENTS += ["F24", "F25", "F26", "S12a", "S13a", "S15a", "Z11"]
#: Rulings the workbook added where its own work met a gap (S16: the assumed full Zoo board).
PROJECT = ["S16"]
#: Where an ID is cited: "ruling F7", "rulings S2", cite("Z1"), rule="F21", "[S12]".
CITED = re.compile(r"""(?:\b[Rr]ulings? |cite\(["']|rule=["']|\[)([FSZ]\d{1,2}a?)\b""")


def _sources() -> dict[str, str]:
    """The text of every module, document and notebook cell source (outputs left out)."""
    texts = {}
    for path in sorted((REPO / "zoobook").rglob("*.py")) + sorted((REPO / "docs").glob("*.md")):
        if path.name != "rulings.md":          # generated from the data itself
            texts[str(path.relative_to(REPO))] = path.read_text(encoding="utf-8")
    for path in sorted((REPO / "notebooks").rglob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        texts[str(path.relative_to(REPO))] = "\n".join("".join(cell["source"]) for cell in cells)
    return texts


def cited_ids(text: str) -> set[str]:
    """The ruling IDs *text* cites.

    >>> sorted(cited_ids('see ruling F7 and [S12]; cite("Z1"); Refusal("x", rule="F18a"); cell F1'))
    ['F18a', 'F7', 'S12', 'Z1']
    """
    return set(CITED.findall(text))


def test_docs_rulings_page_is_generated_from_the_data():
    page = (REPO / "docs" / "rulings.md").read_text(encoding="utf-8")
    assert page == rulings_markdown(), "regenerate: python -m zoobook.rulings > docs/rulings.md"


def test_every_ruling_and_every_amendment_is_restated():
    ours = {r.id for r in all_rulings()}
    assert [rid for rid in BASE + AMENDMENTS + PROJECT if rid not in ours] == []
    assert sorted(ours - set(BASE + AMENDMENTS + PROJECT)) == [], "a ruling the lists above do not know: add it there"


def test_an_amendment_follows_the_ruling_it_amends():
    order = [r.id for r in all_rulings()]
    for rid in order:
        if rid[-1].isalpha():
            assert rid[:-1] in order and order.index(rid[:-1]) < order.index(rid), rid


def test_every_cited_ruling_exists():
    ours = {r.id for r in all_rulings()}
    missing = {f"{name}: {rid}" for name, text in _sources().items() for rid in cited_ids(text) - ours}
    assert sorted(missing) == []


def test_every_ruling_has_a_title_and_text_and_a_citation():
    for item in all_rulings():
        assert item.title.strip() and len(item.text) > 20, item.id
        assert cite(item.id) == f"(ruling {item.id}: {item.title})"
        assert ruling(item.id) is item
