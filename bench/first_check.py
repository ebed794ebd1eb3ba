"""The first `ken precheck` of a file after `ken init`, two kennings alternating in one run.

    python bench/first_check.py --old REV [--new worktree|REV] [--repos denoland+deno,...]
                                [--per-group 8] [--rounds 2]

On a shared machine the load changes by the minute: two versions measured one after the other
compare the load, not the code. Here each repository's throw-away clone (bench/audit.py's
`clone`) is set up by each version in turn, the order swapped every round, and for each version:
`ken init --no-hooks --no-register` (git's commit-graph removed first), then for every file the
first `ken precheck FILE --json` and a second one. For a version that writes the commit-graph in
the background, the checks right after init ("bg") run while git writes it, and the version is
measured again once the graph is there ("graph"). Reported: wall and CPU (user + system of the
`ken` process and the git it waited for) of init and of the checks, p50 and p95 (nearest rank).
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import audit as bench  # noqa: E402  (bench/audit.py: clone, pick_files, run, snapshot)

WRITER = "commit-graph write --reachable --changed-paths"


def writers() -> bool:
    return bool(subprocess.run(["pgrep", "-f", WRITER], capture_output=True, text=True).stdout.split())


def reset(repo: Path, home: Path, keep_graph: bool) -> None:
    shutil.rmtree(repo / ".kenning", ignore_errors=True)
    shutil.rmtree(home, ignore_errors=True)
    for name in ("CLAUDE.md", "AGENTS.md", ".gitattributes"):  # what init wrote: back as HEAD has it, or gone
        if subprocess.run(["git", "checkout", "-q", "HEAD", "--", name], cwd=repo, capture_output=True).returncode:
            (repo / name).unlink(missing_ok=True)
    if not keep_graph:
        info = repo / ".git" / "objects" / "info"
        (info / "commit-graph").unlink(missing_ok=True)
        shutil.rmtree(info / "commit-graphs", ignore_errors=True)


def nearest(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return round(ordered[max(0, math.ceil(share * len(ordered)) - 1)], 1)


def measure(repo: Path, env: dict[str, str], files: list[str], label: str, keep_graph: bool) -> dict[str, Any]:
    reset(repo, Path(env["KEN_HOME"]), keep_graph)
    ken = [sys.executable, "-m", "kenning"]
    init = bench.run([*ken, "init", "--no-hooks", "--no-register"], repo, env, ok=(0,))
    row: dict[str, Any] = {"repository": repo.name, "label": label, "load": bench.load(),
                           "init_wall_ms": round(init.wall_ms), "init_cpu_ms": round(init.cpu_ms),
                           "writer_after_init": writers(), "cold": [], "warm": []}
    for path in files:
        for key in ("cold", "warm"):
            done = bench.run([*ken, "precheck", path, "--json"], repo, env)
            row[key].append([round(done.wall_ms, 1), round(done.cpu_ms, 1)])
    return row


def summary(rows: list[dict[str, Any]], label: str) -> str:
    picked = [r for r in rows if r["label"] == label]
    cold_cpu = [c[1] for r in picked for c in r["cold"]]
    cold_wall = [c[0] for r in picked for c in r["cold"]]
    extra = [c[1] - w[1] for r in picked for c, w in zip(r["cold"], r["warm"], strict=True)]
    return (f"{label:>10}: {len(cold_cpu)} first checks, CPU p50 {nearest(cold_cpu, .5)} / p95 "
            f"{nearest(cold_cpu, .95)} ms (beyond the second check: p50 {nearest(extra, .5)} / p95 "
            f"{nearest(extra, .95)}), wall p50 {nearest(cold_wall, .5)} / p95 {nearest(cold_wall, .95)} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old", required=True, help="the kenning commit to compare with")
    parser.add_argument("--new", default="worktree", help="worktree (default) or a commit")
    parser.add_argument("--repos", default="denoland+deno,protocolbuffers+protobuf,google+perfetto")
    parser.add_argument("--per-group", type=int, default=8, help="most changed and drawn files per repository")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="ken-first-check-"))
    rows: list[dict[str, Any]] = []
    try:
        versions = {}
        for name, source in (("old", args.old), ("new", args.new)):
            (root / name).mkdir()
            extra, _ = bench.snapshot(root / name, None if source == "worktree" else source)
            versions[name] = dict(bench.bench_env(root / name / "home"), **extra,
                                  PYTHONPYCACHEPREFIX=str(root / name / "pycache"))
            subprocess.run([sys.executable, "-c", "import compileall, kenning, pathlib; compileall.compile_dir("
                            "pathlib.Path(kenning.__file__).parent, quiet=1)"], env=versions[name], check=True)
        for name in args.repos.split(","):
            repo = bench.clone(name, root)
            clock = int(bench._git(repo, "log", "-1", "--format=%ct", "HEAD")) + 3600
            hot, others = bench.pick_files(repo, clock, args.per_group, 1)
            for number in range(args.rounds):
                for version in (("old", "new") if number % 2 == 0 else ("new", "old")):
                    env = dict(versions[version], KEN_HOME=str(root / f"home-{name}-{version}"),
                               KEN_NOW=bench._iso(clock))
                    if version == "old":
                        rows.append(measure(repo, env, hot + others, "old", False))
                        continue
                    rows.append(measure(repo, env, hot + others, "new-bg", False))
                    while writers():
                        time.sleep(1)
                    rows.append(measure(repo, env, hot + others, "new-graph", True))
                    for row in rows[-2:]:
                        print(f"  {name} {row['label']}: init {row['init_wall_ms']} ms (CPU {row['init_cpu_ms']})",
                              flush=True)
        for label in ("old", "new-bg", "new-graph"):
            print(summary(rows, label))
        (root.parent / f"{root.name}.json").write_text(json.dumps(rows, indent=1) + "\n")
        print(f"rows: {root.parent / (root.name + '.json')}")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
