"""Reliability figures (issue 11): run the suite in tests/reliability and print what it measured.

    python bench/reliability.py              # the fast version (`make test` and `make test-slow` between them)
    python bench/reliability.py --long       # the long version (KEN_RELIABILITY_LONG=1)
    python bench/reliability.py -k crash     # only some tests (passed to pytest as -k)
    python bench/reliability.py --long --json results.json

Fast: 8 writers x 25 events (CLI and API), 40 random kills, every cut of the last line
in-process, a few thousand fuzz inputs. Long: 8 x 500, 200 kills, every cut through real
processes, over 100,000 fuzz inputs (about 15-20 minutes on a 2-core machine).

Each figure is printed with the test that measured it; the exit status is pytest's, so a figure
from a failing test is printed next to the failure it belongs to.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--long", action="store_true", help="the long version (KEN_RELIABILITY_LONG=1)")
    parser.add_argument("-k", metavar="EXPR", help="only tests matching EXPR (pytest -k)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures to PATH as JSON")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="ken-reliability-") as tmp:
        figures_file = Path(tmp) / "figures.jsonl"
        env = {**os.environ, "KEN_RELIABILITY_FIGURES": str(figures_file),
               "KEN_RELIABILITY_LONG": "1" if args.long else "0"}
        cmd = [sys.executable, "-m", "pytest", "tests/reliability", "-p", "no:cacheprovider", "-rf",
               *(["-k", args.k] if args.k else [])]
        start = time.monotonic()
        run = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, errors="replace")
        seconds = time.monotonic() - start
        figures = [json.loads(line) for line in figures_file.read_text().splitlines()] if figures_file.exists() else []

    lines = [line for line in run.stdout.splitlines() if line.strip()]
    outcome = [line for line in lines if line.startswith("FAILED")] + lines[-1:]
    version = "long" if args.long else "fast"
    print(f"kenning reliability figures ({version} version, {seconds:.0f} s, `{' '.join(cmd[2:])}`)\n")
    for fig in figures:
        print(f"{fig['name']}\n    {fig['text']}")
    print()
    print("\n".join(outcome) or run.stdout[-2000:] + run.stderr[-2000:])
    if args.json:
        Path(args.json).write_text(json.dumps({"version": version, "seconds": round(seconds, 1),
                                               "figures": figures, "outcome": outcome}, indent=2) + "\n")
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
