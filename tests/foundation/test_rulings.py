"""The rulings: the project's restatement keeps every ID of the workplace's list."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from zoobook.rulings import all_rulings, cite, ruling, rulings_markdown

REPO = Path(__file__).resolve().parents[2]
SHARED_RULINGS = Path("/work/shared/rules/rulings.md")


def shared_rulings(text: str) -> dict[str, bool]:
    """ID -> marked ASSUMED, for each ``- F7 ...`` entry (with its continuation lines).

    >>> shared_rulings("## F\\n- F1 Cells.\\n- F2 ASSUMED Gates\\n  go on.\\n- F3 Walls. ASSUMED: none.\\n")
    {'F1': False, 'F2': True, 'F3': True}
    """
    entries: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        start = re.match(r"^- ([A-Z]\d+[a-z]?)\b", line)
        if start:
            current = start.group(1)
            entries[current] = [line]
        elif current and line.startswith("  "):
            entries[current].append(line)
        else:
            current = None
    return {rid: "ASSUMED" in " ".join(lines) for rid, lines in entries.items()}


@pytest.fixture(scope="module")
def shared():
    if not SHARED_RULINGS.exists():
        pytest.skip(f"{SHARED_RULINGS} is not on this machine; the IDs cannot be compared")
    return shared_rulings(SHARED_RULINGS.read_text(encoding="utf-8"))


def test_docs_rulings_page_is_generated_from_the_data():
    page = (REPO / "docs" / "rulings.md").read_text(encoding="utf-8")
    assert page == rulings_markdown(), "regenerate: python -m zoobook.rulings > docs/rulings.md"


def test_every_shared_ruling_id_is_restated(shared):
    ours = {r.id for r in all_rulings()}
    assert sorted(set(shared) - ours) == []
    assert sorted(ours - set(shared)) == [], "a ruling ID the workplace's list does not have"


def test_rulings_marked_assumed_there_are_assumed_here(shared):
    ours = {r.id: r.assumed for r in all_rulings()}
    assert sorted(rid for rid, assumed in shared.items() if assumed and not ours.get(rid)) == []
    assert sorted(rid for rid, assumed in ours.items() if assumed and not shared.get(rid)) == []


def test_every_ruling_has_a_title_and_text_and_a_citation():
    for item in all_rulings():
        assert item.title.strip() and len(item.text) > 20, item.id
        assert cite(item.id) == f"(ruling {item.id}: {item.title})"
        assert ruling(item.id) is item
