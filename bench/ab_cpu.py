"""Two commits' rebuild and first summary, alternating, in CPU seconds of the answering process.

    python bench/ab_cpu.py A_SRC B_SRC [--shapes default,wide-paths] [--runs 7] [--events 100000]

A_SRC and B_SRC are two `src/` folders (a second worktree at the older commit: `git worktree add
--detach /tmp/before COMMIT`, then `/tmp/before/src`). On each shape of `bench/shapes_gen.py`, in
a repository from `bench/shapes.py`, each run takes, for A then B (B then A on every other run):

- the whole rebuild: `.kenning/cache` removed, `ken summary` with `KEN_INDEX_BUILDER` set (the
  background build's own command);
- the first `ken summary` after a clone: `.kenning/cache` removed, `ken summary` answering from one
  pass while it starts the background build; the next run waits for that build to end.

Each figure is the user + system CPU of that `ken` process and the git it waited for, written by
the process itself as it exits (`getrusage`): on a machine shared with other work, wall times move
with the load and CPU seconds much less. (This harness's own `RUSAGE_CHILDREN` would also count
the background build whenever it ended first: Python reaps a finished child as it starts the next
process, and its CPU is then the parent's; `ken` never waits for the build it starts.) Prints
the medians, and whether A and B printed the same summary.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from run import bench_env  # noqa: E402
from shapes import END_US, ken_log, shape_repo  # noqa: E402
from shapes_gen import SHAPES  # noqa: E402

# `ken ARGS` through `kenning.cli.main.main` (not the console script's `run`, which leaves with
# `os._exit` and so skips what follows), writing its own CPU seconds, and its waited-for
# children's (git), to the file KEN_AB_CPU names: from `getrusage`, to the microsecond (`os.times`
# counts in clock ticks, 10 ms here: as coarse as a warm gate's differences)
_SELF = ("import os, sys; sys.argv = ['ken', *sys.argv[1:]]; from kenning.cli.main import main\n"
         "try:\n    code = main()\nexcept SystemExit as done:\n    code = done.code\n"
         "sys.stdout.flush(); import resource; used = [resource.getrusage(w) for w in "
         "(resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]\n"
         "open(os.environ['KEN_AB_CPU'], 'w').write(str(sum(u.ru_utime + u.ru_stime for u in used))); "
         "sys.exit(code)")
MEASURES = ("whole rebuild", "first summary")


def _built(repo: Path) -> bool:
    try:
        with sqlite3.connect(f"file:{repo}/.kenning/cache/index.sqlite?mode=ro", uri=True, timeout=0.05) as db:
            return db.execute("SELECT 1 FROM meta WHERE key='log'").fetchone() is not None
    except sqlite3.Error:
        return False


def _own_cpu(repo: Path, src: str, env: dict[str, str], cpu_file: Path) -> tuple[float, bytes]:
    run_env = {**env, "PYTHONPATH": src, "KEN_AB_CPU": str(cpu_file)}
    done = subprocess.run([sys.executable, "-c", _SELF, "summary"], cwd=repo, env=run_env, capture_output=True,
                          check=False)
    if done.returncode != 0:
        raise SystemExit(f"ken summary failed with {src}: {done.stderr.decode(errors='replace')[-400:]}")
    return float(cpu_file.read_text()), done.stdout


def measure(repo: Path, sources: dict[str, str], env: dict[str, str], runs: int, cpu_file: Path
            ) -> tuple[dict[tuple[str, str], list[float]], set[bytes]]:
    found: dict[tuple[str, str], list[float]] = {(m, who): [] for m in MEASURES for who in sources}
    printed: set[bytes] = set()
    cache = repo / ".kenning" / "cache"
    for run in range(runs):
        for who in ("AB" if run % 2 == 0 else "BA"):
            shutil.rmtree(cache, ignore_errors=True)
            cpu, out = _own_cpu(repo, sources[who], {**env, "KEN_INDEX_BUILDER": "1"}, cpu_file)
            found["whole rebuild", who].append(cpu)
            printed.add(out)
            shutil.rmtree(cache, ignore_errors=True)
            cpu, out = _own_cpu(repo, sources[who], env, cpu_file)
            found["first summary", who].append(cpu)
            printed.add(out)
            end = time.monotonic() + 900
            while not _built(repo) and time.monotonic() < end:  # the background build, then its exit
                time.sleep(0.3)
            time.sleep(1.5)
    return found, printed


def arguments(doc: str | None, runs: int) -> tuple[argparse.Namespace, dict[str, str]]:
    """The command line of an A/B bench (this one, ``ab_warm.py``): its arguments, and the two
    sides' ``src/`` folders by name."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a_src")
    parser.add_argument("b_src")
    parser.add_argument("--shapes", default="default")
    parser.add_argument("--runs", type=int, default=runs)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--ken", default=shutil.which("ken") or str(Path(sys.executable).with_name("ken")))
    args = parser.parse_args()
    return args, {"A": str(Path(args.a_src).resolve()), "B": str(Path(args.b_src).resolve())}


def main() -> None:
    args, sources = arguments(__doc__, 7)
    title = f"measure (CPU s, median of {args.runs} [min-max])"
    for name, _, repo, env, root in compared_shapes(args, sources, "ken-ab-", title, "same summary"):
        found, printed = measure(repo, sources, env, args.runs, root / "cpu")
        for what in MEASURES:
            row(name, what, found[what, "A"], found[what, "B"], len(printed) == 1, ".2f")


def compared_shapes(args: argparse.Namespace, sources: dict[str, str], prefix: str, title: str,
                    agree: str) -> Iterator[tuple[str, Any, Path, dict[str, str], Path]]:
    """An A/B table's header, then each shape of ``--shapes`` as (name, shape, its logged
    repository, the environment, the scratch folder), the repository removed after its turn,
    then the footer."""
    root = Path(tempfile.mkdtemp(prefix=prefix))
    env = bench_env(root / "home")
    print(f"| shape | {title} | A | B | {agree} |")
    print("|---|---|---:|---:|---|")
    histories: dict[tuple[str, ...], Path] = {}  # shapes over the same files share one history
    try:
        for name in args.shapes.split(","):
            shape = SHAPES[name](args.events, END_US)
            repo = shape_repo(root, shape, env, histories)
            ken_log(repo, shape.lines, args.ken, env)
            yield name, shape, repo, env, root
            shutil.rmtree(repo, ignore_errors=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    footer(sources)


def row(shape: str, what: str, a: list[float], b: list[float], same: bool, form: str) -> None:
    """One line of an A/B table: each side's median [min-max], and whether both answered alike."""
    cells = [f"{statistics.median(v):{form}} [{min(v):{form}}-{max(v):{form}}]" for v in (a, b)]
    print(f"| {shape} | {what} | {cells[0]} | {cells[1]} | {'yes' if same else 'NO'} |", flush=True)


def footer(sources: dict[str, str]) -> None:
    print(f"\n_A: {sources['A']}, B: {sources['B']}; {os.cpu_count()} cores, load average "
          f"{', '.join(f'{x:.2f}' for x in os.getloadavg())} at the end._")


if __name__ == "__main__":
    main()
