"""Benchmark of `ken visualize` (and `ken dashboard`): whole processes at 100,000 events over 5,000 files.

    python bench/visualize.py [--events 100000] [--files 5000] [--runs 5] [--ken PATH]

The project (a temporary git repository outside this one) has one Python module per file the
events cite (`src/<folder>/module_<n>.py`, each importing two to four others, so the code map
has every file and about three edges per file), an initial commit and 40 later commits on
some of them inside the gate's window (churn). Its log holds `--events` events from
`bench/generate.py` over those `--files` files (a few hot files, a long tail). The index and
the code map are built first, then each command is timed warm (the index up to date, as after
any earlier `ken` command), median (min-max) over `--runs` runs, interpreter start included.
Reported: the time, the page's size, whether two runs gave the same bytes. Targets (issue 14):
the whole `ken visualize` under 3 s and the page under 5 MB.

Printed, and written to `bench/results/visualize.{md,json}`.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from generate import STEP_US, file_list, generate  # noqa: E402

HERE = Path(__file__).parent
RESULTS = HERE / "results"
TARGET_S, TARGET_BYTES = 3.0, 5 * 1024 * 1024
NOW_S = 1_900_000_000  # 2030-03-17: the clock every run is pinned to (KEN_NOW), so pages compare byte for byte
CHURN_COMMITS = 40


def bench_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KEN_", "GIT_"))}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(KEN_HOME=str(home), GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="bench@example.invalid",
               GIT_COMMITTER_NAME="bench", GIT_COMMITTER_EMAIL="bench@example.invalid",
               KEN_NOW=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(NOW_S)))
    return env


def git(repo: Path, env: dict[str, str], *args: str, when: int | None = None) -> None:
    extra = {"GIT_AUTHOR_DATE": f"@{when} +0000", "GIT_COMMITTER_DATE": f"@{when} +0000"} if when else {}
    subprocess.run(["git", *args], cwd=repo, env={**env, **extra}, check=True, capture_output=True)


def make_tree(repo: Path, files: list[str], env: dict[str, str]) -> None:
    """One module per file, importing a few others in its folder or the next, committed once;
    then commits on some files inside the gate's 30-day window."""
    rng = random.Random(5)
    repo.mkdir()
    git(repo, env, "init", "-q")
    for path in files:
        target = repo / path
        target.parent.mkdir(parents=True, exist_ok=True)
        imports = "".join(f"from {p[:-3].replace('/', '.').rsplit('.', 1)[0]} import {p.rsplit('/', 1)[1][:-3]}\n"
                          for p in rng.sample(files, rng.randint(2, 4)))
        target.write_text(f'"""{path}."""\n{imports}\n\ndef handle(value):\n    return value\n')
    git(repo, env, "add", "-A")
    git(repo, env, "commit", "-q", "-m", "initial", when=NOW_S - 200 * 86400)
    for n in range(CHURN_COMMITS):
        path = files[min(int(rng.expovariate(1 / 40)), len(files) - 1)]  # mostly hot files, as churn goes
        with open(repo / path, "a", encoding="utf-8") as f:
            f.write(f"# change {n}\n")
        git(repo, env, "commit", "-q", "-am", f"tweak {path}", when=NOW_S - (CHURN_COMMITS - n) * 12 * 3600)


def timed(cmd: list[str], cwd: Path, env: dict[str, str], runs: int) -> dict[str, float]:
    """Wall time and CPU time (user + system, the process and its git children) of each run: on
    a shared machine the wall time also counts waiting for a core, the CPU time does not."""
    samples, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        result = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True)
        samples.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if result.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed: {result.stderr.decode()[-600:]}")
    return {"median_s": round(statistics.median(samples), 3), "min_s": round(min(samples), 3),
            "max_s": round(max(samples), 3), "cpu_median_s": round(statistics.median(cpu), 3)}


def step(what: str, cmd: list[str], cwd: Path, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=env, check=True, capture_output=True)
    took = time.perf_counter() - start
    print(f"  {what}: {took:.1f} s", flush=True)
    return took


def run(events: int, nfiles: int, runs: int, ken: str) -> dict[str, object]:
    root = Path(tempfile.mkdtemp(prefix="ken-bench-visualize-"))
    env = bench_env(root / "home")
    import kenning  # the package under test: compile its bytecode as an install would

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(kenning.__file__).parent)],
                   capture_output=True, env=env)
    try:
        repo = root / "project"
        files = file_list(nfiles=nfiles)
        start = time.perf_counter()
        make_tree(repo, files, env)
        took = time.perf_counter() - start
        print(f"  tree: {nfiles:,} files, {CHURN_COMMITS + 1} commits in {took:.1f} s", flush=True)
        subprocess.run([ken, "init", "--no-hooks", "--no-backfill"], cwd=repo, env=env, check=True, capture_output=True)
        with open(repo / ".kenning" / "events.jsonl", "a", encoding="utf-8") as log:
            log.write("\n".join(generate(events, nfiles=nfiles, end_us=NOW_S * 1_000_000 - STEP_US)) + "\n")
        index_s = step(f"index built from {events:,} events", [ken, "regenerate"], repo, env)
        map_s = step("code map built", [ken, "map", "--build"], repo, env)
        first = root / "first.html"
        cold_s = step("first `ken visualize`", [ken, "visualize", "-o", str(first)], repo, env)
        page = root / "page.html"
        warm = timed([ken, "visualize", "-o", str(page)], repo, env, runs)
        dashboard = timed([ken, "dashboard", "-o", str(root / "all.html")], repo, env, runs)
        size = page.stat().st_size
        data = json.loads(subprocess.run([ken, "visualize", "-o", str(root / "json.html"), "--json"], cwd=repo,
                                         env=env, check=True, capture_output=True).stdout)["data"]
        return {"events": events, "files": nfiles, "index_build_s": round(index_s, 2), "map_build_s": round(map_s, 2),
                "first_visualize_s": round(cold_s, 3), "visualize": warm, "dashboard": dashboard, "page_bytes": size,
                "dashboard_bytes": (root / "all.html").stat().st_size,
                "same_bytes": page.read_bytes() == first.read_bytes(),
                "shown": {"events": len(data["timeline"]["events"]), "heat_files": len(data["heat"]["files"]),
                          "files_with_heat": data["heat"]["total"],
                          "map_files": len(data["codemap"]["files"]) if data["codemap"] else 0,
                          "map_edges": len(data["codemap"]["edges"]) if data["codemap"] else 0,
                          "issues": len(data["issues"]["shown"]), "decisions": len(data["decisions"]["shown"])},
                "machine": f"{platform.machine()}, {os.cpu_count()} cores", "python": platform.python_version(),
                "load_average": round(os.getloadavg()[0], 1)}
    finally:
        shutil.rmtree(root, ignore_errors=True)


def report(result: dict[str, object]) -> str:
    warm, dash, shown = result["visualize"], result["dashboard"], result["shown"]
    assert isinstance(warm, dict) and isinstance(dash, dict) and isinstance(shown, dict)
    size = int(result["page_bytes"])  # type: ignore[call-overload]
    ok_time = "✓" if warm["median_s"] < TARGET_S else "✗"
    ok_size = "✓" if size < TARGET_BYTES else "✗"
    return "\n".join([
        "# `ken visualize` at scale (bench/visualize.py)",
        "",
        f"{result['events']:,} events over {result['files']:,} files (bench/generate.py), a {result['files']:,}-file "
        f"git repository with {CHURN_COMMITS + 1} commits and its code map ({shown['map_files']:,} files, "
        f"{shown['map_edges']:,} import edges). Whole process, warm index, median (min-max) over the runs. "
        f"{result['machine']}, Python {result['python']}.",
        "",
        "| command | seconds (wall) | CPU seconds | page | target |",
        "|---|---:|---:|---:|---|",
        f"| `ken visualize` | {warm['median_s']} ({warm['min_s']}-{warm['max_s']}) | {warm['cpu_median_s']} | "
        f"{size / 1024 / 1024:.2f} MB | < {TARGET_S:g} s {ok_time}, < 5 MB {ok_size} |",
        f"| `ken dashboard` (this project registered) | {dash['median_s']} ({dash['min_s']}-{dash['max_s']}) | "
        f"{dash['cpu_median_s']} | {int(result['dashboard_bytes']) / 1024:.0f} KB |  |",  # type: ignore[call-overload]
        "",
        f"The first `ken visualize` after the index and the code map were built took {result['first_visualize_s']} s; "
        f"building the index from the log took {result['index_build_s']} s and the code map {result['map_build_s']} s "
        "(once, not part of the figure). Two runs with the same `KEN_NOW` gave "
        f"{'the same bytes' if result['same_bytes'] else 'DIFFERENT bytes'}. The machine's load average when "
        f"the runs ended was {result['load_average']} (CPU seconds do not count the wait for a core).",
        "",
        f"What the page holds: the {shown['events']:,} most recent events in the timeline's list (its chart counts "
        f"all {result['events']:,}), the {shown['heat_files']:,} hottest of {shown['files_with_heat']:,} files with "
        f"heat, {shown['issues']} issue lifecycles, {shown['decisions']} decisions, every mapped file in the code map.",
        "",
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--files", type=int, default=5_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ken", default=shutil.which("ken") or str(Path(sys.executable).with_name("ken")))
    args = parser.parse_args()
    print(f"`ken visualize` at {args.events:,} events over {args.files:,} files", flush=True)
    result = run(args.events, args.files, args.runs, args.ken)
    text = report(result)
    print("\n" + text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "visualize.md").write_text(text)
    (RESULTS / "visualize.json").write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
