"""The targets of issue 30, one row each: `python bench/targets.py [--shapes default,one-file] [--runs 7]`.

On each shape of `bench/shapes_gen.py` at 100,000 events (whole processes, medians of `--runs`):

- the first `ken summary` after a clone (no index: it answers from one pass while the index is
  built in the background; each run waits for that build to end before the next);
- the whole index rebuild, in CPU seconds of the process that does it (the background build:
  `ken summary` with `KEN_INDEX_BUILDER` set, the index removed);
- the first `ken precheck` of 20 files after a clone;
- the warm `ken precheck` of 20 files;
- the warm agent hook (`ken hook pre-tool-use`) on the hot file.

Each cell is the median wall time and, in brackets, the median CPU (user + system) of the same
process: on a shared machine the CPU is the figure to compare. (A first command's CPU counts its
background build too when that build ended before the command's last git call: Python reaps a
finished child as it starts the next, and the child's CPU is then the command's. The wall time is
the target's; `bench/results/targets.md` says how the process's own CPU was taken.) Prints a Markdown table with the
commit, the time measured and the load average; `--out FILE` also writes it.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from run import bench_env  # noqa: E402
from shapes import END_US, ken_log, shape_repo  # noqa: E402
from shapes_gen import SHAPES  # noqa: E402
from startup import HOOK_PAYLOAD  # noqa: E402

TARGETS = {"first `ken summary` after a clone": ("s", 2.5), "whole index rebuild (background), CPU": ("s", 4.0),
           "first 20-file precheck after a clone": ("s", 2.5), "warm 20-file precheck": ("ms", 90),
           "warm single-file precheck, agent hook": ("ms", 80)}


def _built(repo: Path) -> bool:
    index = repo / ".kenning" / "cache" / "index.sqlite"
    try:
        with sqlite3.connect(f"file:{index}?mode=ro", uri=True, timeout=0.05) as db:
            return db.execute("SELECT 1 FROM meta WHERE key='log'").fetchone() is not None
    except sqlite3.Error:
        return False


def _wait_built(repo: Path, timeout: float = 600) -> None:
    """Until the background build has written the index, and a moment for it to exit."""
    end = time.monotonic() + timeout
    while not _built(repo) and time.monotonic() < end:
        time.sleep(0.2)
    time.sleep(1.0)


def _timed(cmd: list[str], repo: Path, env: dict[str, str], stdin: bytes | None = None) -> tuple[float, float]:
    """(wall, CPU) seconds of one process: its CPU is user + system of that process alone (a
    background build it starts is not waited for, so not counted), what a busy machine moves least."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, cwd=repo, env=env, input=stdin, capture_output=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


_HISTORIES: dict[tuple[str, ...], Path] = {}


def measure(shape_name: str, ken: str, root: Path, env: dict[str, str], runs: int) -> dict[str, tuple[float, float]]:
    shape = SHAPES[shape_name](100_000, END_US)
    repo = shape_repo(root, shape, env, _HISTORIES)  # shapes over the same files share one history
    ken_log(repo, shape.lines, ken, env)
    cache = repo / ".kenning" / "cache"
    found: dict[str, list[tuple[float, float]]] = {name: [] for name in TARGETS}
    hook = json.dumps(dict(HOOK_PAYLOAD, cwd=str(repo), tool_input=dict(
        HOOK_PAYLOAD["tool_input"], file_path=str(repo / shape.hot)))).encode()  # type: ignore[arg-type]
    for _ in range(runs):
        shutil.rmtree(cache, ignore_errors=True)
        found["first `ken summary` after a clone"].append(_timed([ken, "summary"], repo, env))
        _wait_built(repo)
        shutil.rmtree(cache, ignore_errors=True)
        found["first 20-file precheck after a clone"].append(_timed([ken, "precheck", *shape.twenty], repo, env))
        _wait_built(repo)
        shutil.rmtree(cache, ignore_errors=True)
        wall, cpu = _timed([ken, "summary"], repo, {**env, "KEN_INDEX_BUILDER": "1"})
        found["whole index rebuild (background), CPU"].append((cpu, cpu))  # its target is in CPU seconds
    for _ in range(runs):
        found["warm 20-file precheck"].append(_timed([ken, "precheck", *shape.twenty], repo, env))
        found["warm single-file precheck, agent hook"].append(_timed([ken, "hook", "pre-tool-use"], repo, env, hook))
    shutil.rmtree(repo, ignore_errors=True)
    return {name: (statistics.median(w for w, _ in values), statistics.median(c for _, c in values))
            for name, values in found.items()}


def _cell(unit: str, seconds: float) -> str:
    return f"{seconds:.2f} s" if unit == "s" else f"{seconds * 1000:.0f} ms"


def table(results: dict[str, dict[str, tuple[float, float]]], runs: int) -> str:
    """Each cell: the median wall time, then (in brackets) the median CPU of the same process;
    the rebuild's row is CPU alone, as its target is."""
    shapes = list(results)
    commit = subprocess.run(["git", "-C", str(HERE), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip() or "unknown"
    lines = [f"| measure (100,000 events, median of {runs}; wall (CPU)) | " + " | ".join(shapes) + " | target |",
             "|---|" + "---:|" * (len(shapes) + 1)]
    for name, (unit, target) in TARGETS.items():
        cells = [_cell(unit, results[s][name][1]) if "CPU" in name
                 else f"{_cell(unit, results[s][name][0])} ({_cell(unit, results[s][name][1])})" for s in shapes]
        lines.append(f"| {name} | " + " | ".join(cells) + f" | ≤ {target:g} {unit} |")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    lines.append(f"\n_Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} at kenning {commit}, "
                 f"{os.cpu_count()} cores, load average {load} at the end._")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shapes", default="default", help=f"comma-separated: {', '.join(SHAPES)}")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--ken", default=shutil.which("ken") or str(Path(sys.executable).with_name("ken")))
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="ken-targets-"))
    env = bench_env(root / "home")
    try:
        results = {name: measure(name, args.ken, root, env, args.runs) for name in args.shapes.split(",")}
    finally:
        shutil.rmtree(root, ignore_errors=True)
    text = table(results, args.runs)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
