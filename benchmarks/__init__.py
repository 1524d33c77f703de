"""The benchmarks (``make bench``); each runs as ``python -m benchmarks.bench_NAME`` from the repository root."""
