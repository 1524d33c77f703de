"""What notebook 31 says of the rules agrees with the library and the rulebooks (issue 41)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from zoobook.zooloretto.model import ENCLOSURE_SPECS

NOTEBOOK = Path(__file__).parents[2] / "notebooks" / "31-zooloretto.ipynb"
KEYS = {"5-space": "5", "4-space": "4", "6-space": "6", "expansion": "x1"}


def _markdown() -> str:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return re.sub(r"\s+", " ", text)


def test_the_points_lists_name_every_enclosure_with_its_points():
    """'*full* pays 8, 5, 10 or 9 (5-space, 4-space, 6-space, expansion)': each enclosure the
    one-short list names, the full list names too, with the points the scoring uses."""
    found = re.search(r"\*full\* pays ([\d, or]+) \(([^)]*)\), \*one space short\* ([\d, or]+),", _markdown())
    assert found, "the points sentence of notebook 31 is gone"
    full = [int(n) for n in re.findall(r"\d+", found[1])]
    names = [name.strip() for name in found[2].split(",")]
    short = [int(n) for n in re.findall(r"\d+", found[3])]
    assert len(full) == len(names) == len(short) == len(KEYS), (full, names, short)
    assert full == [ENCLOSURE_SPECS[KEYS[name]].full_points for name in names]
    assert short == [ENCLOSURE_SPECS[KEYS[name]].short_points for name in names]


def test_the_markers_text_says_enclosure_markers_are_discarded_too():
    """Construction Sites (seed 001): 'If there is no free enclosure space, the player discards the marker',
    as for a stall marker; the notebook must not say only stall markers are discarded."""
    text = _markdown()
    assert "stall space (discarded if there is none)" not in text
    assert re.search(r"an enclosure marker on an empty enclosure space, a stall marker on an empty stall space "
                     r"\(either is discarded when that zoo has no such space\)", text)
