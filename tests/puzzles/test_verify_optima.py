"""``zoobook verify`` checks ``[answer].optima`` where a file stores it, not only the value."""

from __future__ import annotations

import io
from pathlib import Path

from zoobook.cli import main

SHIPPED = Path(__file__).resolve().parents[2] / "puzzles" / "steam-zoo" / "generated-zoo-shipment-d1-s2026-1.toml"


def verify(path: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(["verify", str(path)], out=out, err=err), out.getvalue(), err.getvalue()


def with_optima(tmp_path: Path, line: str) -> Path:
    text = SHIPPED.read_text(encoding="utf-8")
    assert "\noptima = 4\n" in text           # the shipped count (4 routes reach level 5)
    path = tmp_path / SHIPPED.name
    path.write_text(text.replace("\noptima = 4\n", f"\n{line}\n"), encoding="utf-8")
    return path


def test_the_shipped_count_verifies(tmp_path):
    assert verify(with_optima(tmp_path, "optima = 4")) == (0, "1 passed, 0 failed\n", "")


def test_a_wrong_count_fails_with_the_right_one_named(tmp_path):
    path = with_optima(tmp_path, "optima = 5")
    status, out, err = verify(path)
    assert (status, out) == (1, "0 passed, 1 failed\n")
    assert err == f"{path}: [answer].optima is 5 but there are 4\n"


def test_a_file_without_optima_is_checked_on_its_value_alone(tmp_path):
    assert verify(with_optima(tmp_path, ""))[0] == 0
