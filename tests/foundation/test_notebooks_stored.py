"""Notebooks are stored as nbval and readers need them: executed top to bottom, no errors.

nbval compares against the stored outputs, so a notebook saved half-run, run out of
order or showing a traceback is a broken page of the workbook. The fix is always the
same: ``jupyter execute --inplace notebooks/NAME.ipynb`` from the repository root.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
FIX = "store it executed: jupyter execute --inplace {}"


def all_notebooks() -> list[Path]:
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def test_there_is_a_start_here_notebook():
    assert (NOTEBOOKS / "00-start-here.ipynb") in all_notebooks()


@pytest.mark.parametrize("path", all_notebooks(), ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_notebook_is_stored_executed_top_to_bottom_without_errors(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    fix = FIX.format(path.relative_to(NOTEBOOKS.parent))
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    counts = [cell.get("execution_count") for cell in code]
    assert counts == list(range(1, len(code) + 1)), f"execution counts {counts}: {fix}"
    errors = [f"cell {counts[i]}: {out.get('ename')}: {out.get('evalue')}"
              for i, cell in enumerate(code) for out in cell.get("outputs", [])
              if out.get("output_type") == "error"]
    assert not errors, f"stored with errors {errors}: fix them, then {fix}"
    assert notebook["metadata"].get("kernelspec", {}).get("name") == "python3"
    first = notebook["cells"][0] if notebook["cells"] else {}
    assert first.get("cell_type") == "markdown" and "".join(first.get("source", "")).startswith("#"), \
        "a notebook opens with a Markdown title (00-start-here lists notebooks by it)"
