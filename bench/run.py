"""Benchmarks: whole-process timings of `ken` on synthetic projects, printed as a table.

    python bench/run.py [--sizes 1500,10000,100000] [--runs 15] [--ken PATH]

For each log size it builds a throw-away git repository, fills `.kenning/events.jsonl` with
`bench/generate.py`, warms the cache once, then times `ken note` (a write: must not re-fold
the log) and `ken summary` (the session-start read). Every figure is the wall time of a whole
process (interpreter start included), median and 90th percentile over `--runs` runs. Results
are printed and written to `bench/results/latest.{md,json}`.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from generate import generate  # noqa: E402

HERE = Path(__file__).parent
RESULTS = HERE / "results"


def bench_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KEN_", "GIT_"))}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a real install has its bytecode compiled
    env.update(KEN_HOME=str(home), GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="bench@example.invalid",
               GIT_COMMITTER_NAME="bench", GIT_COMMITTER_EMAIL="bench@example.invalid")
    return env


def timed(cmd: list[str], cwd: Path, env: dict[str, str], runs: int) -> dict[str, float]:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True)
        samples.append((time.perf_counter() - start) * 1000)
        if result.returncode not in (0, 1):
            raise SystemExit(f"{' '.join(cmd)} failed: {result.stderr.decode()[-400:]}")
    samples.sort()
    return {"median_ms": round(statistics.median(samples), 1),
            "p90_ms": round(samples[int(0.9 * (len(samples) - 1))], 1), "min_ms": round(samples[0], 1)}


def make_repo(root: Path, size: int, ken: str, env: dict[str, str]) -> Path:
    repo = root / f"repo-{size}"
    repo.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True, env=env)
    (repo / "README.md").write_text("bench\n")
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=env)
    subprocess.run(["git", "commit", "-q", "-m", "init"], cwd=repo, check=True, env=env)
    subprocess.run([ken, "init", "--no-hooks", "--no-backfill", "--no-register"], cwd=repo, check=True,
                   env=env, capture_output=True)
    (repo / ".kenning" / "events.jsonl").write_text("\n".join(generate(size)) + "\n", encoding="utf-8")
    start = time.perf_counter()
    subprocess.run([ken, "regenerate"], cwd=repo, check=True, env=env, capture_output=True)
    print(f"  {size:>7,} events: index built from scratch in {time.perf_counter() - start:.1f} s")
    return repo


def core_bench(root: Path, sizes: list[int], ken: str, env: dict[str, str], runs: int) -> list[dict[str, object]]:
    rows = []
    for size in sizes:
        repo = make_repo(root, size, ken, env)
        counter = iter(range(10**6))
        note = timed([ken, "note", f"bench note {next(counter)}", "--at", "src/api/module_1.py"], repo, env, runs)
        summary = timed([ken, "summary"], repo, env, runs)
        rows.append({"events": size, "ken note": note, "ken summary": summary})
    return rows


def table(rows: list[dict[str, object]]) -> str:
    keys = [k for k in rows[0] if k != "events"]
    lines = ["| events | " + " | ".join(f"{k} median (p90) ms" for k in keys) + " |",
             "|---:|" + "---:|" * len(keys)]
    for row in rows:
        cells = [f"{row[k]['median_ms']} ({row[k]['p90_ms']})" for k in keys]  # type: ignore[index]
        lines.append(f"| {row['events']:,} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1500,10000,100000")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--ken", default=shutil.which("ken") or str(Path(sys.executable).with_name("ken")))
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    root = Path(tempfile.mkdtemp(prefix="ken-bench-"))
    env = bench_env(root / "home")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(args.ken).resolve().parent.parent / "lib")],
                   capture_output=True, env=env)
    import kenning  # the package under test: compile its bytecode as an install would
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(kenning.__file__).parent)],
                   capture_output=True, env=env)
    try:
        print(f"kenning benchmarks on {platform.machine()} ({os.cpu_count()} cores), Python {platform.python_version()}")
        rows = core_bench(root, sizes, args.ken, env, args.runs)
        text = "## Write and summary (whole process)\n\n" + table(rows)
        print("\n" + text)
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "latest.md").write_text(text + "\n")
        (RESULTS / "latest.json").write_text(json.dumps({"core": rows}, indent=2) + "\n")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
