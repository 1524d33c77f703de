"""Every benchmark's quick mode in one Python process: what ``make test`` runs (``make test-bench``).

``python -m benchmarks.quick [NAME ...]`` (from the repository root) runs ``main(["--quick"])`` of
each ``benchmarks/bench_*.py`` (or of the ones named, e.g. ``bench_5x5_lineup``), one after the
other, even after one fails, and exits as every benchmark does (benchmarks/README.md): 0 when
each quick run exited 0, 1 when any failed, naming those. One interpreter for all of them: each
separate ``python -m benchmarks.bench_NAME --quick`` paid again for the interpreter and for
importing networkx and zoobook, a second or more of CPU each, for a few milliseconds of case.
"""

from __future__ import annotations

import importlib
import sys
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent


def names(argv: list[str]) -> list[str]:
    """The benchmarks to run: those named, else every ``bench_*.py`` here, in name order."""
    found = sorted(path.stem for path in HERE.glob("bench_*.py"))
    unknown = [name for name in argv if name not in found]
    if unknown:
        raise SystemExit(f"benchmarks.quick: no benchmark named {', '.join(unknown)} (have: {', '.join(found)})")
    return argv or found


def run(name: str) -> int:
    """One benchmark's quick mode: its exit status (1 for a crash, which is printed)."""
    print(f"== {name} --quick", flush=True)
    try:
        status = importlib.import_module(f"benchmarks.{name}").main(["--quick"])
    except SystemExit as stop:  # argparse or the benchmark itself ended the run
        status = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        if stop.code not in (None, 0) and not isinstance(stop.code, int):
            print(stop.code, file=sys.stderr)
    except Exception:  # a crash fails this benchmark; the others still run (Ctrl-C stops them all)
        traceback.print_exc()
        status = 1
    sys.stdout.flush()
    return status or 0


def main(argv: list[str] | None = None) -> int:
    failed = [name for name in names(sys.argv[1:] if argv is None else argv) if run(name) != 0]
    if failed:
        print(f"benchmarks.quick: quick benchmarks failed: {' '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
