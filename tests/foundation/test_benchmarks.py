"""Every benchmark keeps the one convention of benchmarks/README.md (read from the scripts).

``make test`` runs each one's ``--quick``; ``make bench`` each in full. Here, without running
them: each script has a ``--quick`` option, is listed in the README's table, exits with its
``main``'s status, and prints its targets the one way (``target <what>: MET`` or ``MISSED``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
SCRIPTS = sorted(BENCHMARKS.glob("bench_*.py"))
README = (BENCHMARKS / "README.md").read_text(encoding="utf-8")


def test_the_benchmarks_are_found():
    assert len(SCRIPTS) >= 10


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_every_benchmark_keeps_the_convention(script):
    text = script.read_text(encoding="utf-8")
    assert f"| `{script.stem}` |" in README, "not in benchmarks/README.md's table"
    quick = "options(" in text or re.search(r"add_argument\(\s*\"--quick\"", text)
    assert quick, "no --quick option (benchmarks.timing.options, or argparse's --quick)"
    assert re.search(r"^if __name__ == \"__main__\":\n    sys\.exit\(main\(", text, re.M), \
        "does not exit with main()'s status"
    # a benchmark that names a target judges it: benchmarks.timing's target(), or MET/MISSED printed
    assert "target(" in text or "MISSED" in text or "no speed target" in text.lower(), \
        "its target is printed but never judged (target <what>: MET/MISSED)"
