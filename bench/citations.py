"""What `ken verify` costs: 1,000 citations in a repository with 10,000 commits.

    python bench/citations.py [--commits 10000] [--citations 1000] [--files 200] [--at-commits 1000] [--runs 5]
                              [--against OTHER/src]

The repository is written by `git fast-import` (fast: one process): `--files` Python files of
200 lines each, then `--commits` commits, each inserting a line into one file or editing one line
of it, so that cited blocks shift, change and disappear as they do in a living project. The
memory gets `--citations` notes, each citing 3 to 12 lines of a file as it was at one of
`--at-commits` commits spread over the history (a memory is written at whatever HEAD was then),
appended to `.kenning/events.jsonl` as `ken note --at PATH:START-END` would have written them.

Printed: `ken verify --json` cold (no citation cache: every citation worked out, the index
already built) and warm (the cache answers), as whole-process wall times (median of `--runs`)
and the CPU seconds of ken and the git processes it ran (what a busy machine does not inflate),
the statuses found, and the git processes the cold run started (counted with GIT_TRACE).
Targets (issue 31): at most 5 s cold and 1 s warm. With `--against`, the `src` directory of
another checkout (an older commit: `git archive COMMIT src | tar -x -C DIR`) is timed too, run
for run alternately with this one on the same repository, so a busy machine weighs on both alike;
both print the same statuses or the bench says so.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from kenning.core.citations import fingerprint  # noqa: E402

KEN = str(Path(sys.executable).with_name("ken"))
WORDS = ("order", "charge", "refund", "key", "store", "gateway", "retry", "config", "ledger", "user", "token")


def code_line(rng: random.Random, n: int) -> str:
    a, b, c = rng.choice(WORDS), rng.choice(WORDS), rng.choice(WORDS)
    return f"    {a}_{n} = {b}.{c}({a}, retries={n % 7})"


def generate(root: Path, files: int, commits: int, at_commits: int, rng: random.Random
             ) -> tuple[dict[int, dict[str, list[str]]], dict[int, str]]:
    """Write the history; return the files at each citing commit (by mark) and each mark's sha."""
    state = {f"src/mod{f:03d}.py": [f"def f{f}_{k}():" if k % 10 == 0 else code_line(rng, f * 1000 + k)
                                    for k in range(200)] for f in range(files)}
    citing = set(rng.sample(range(2, commits + 1), min(at_commits, commits - 1)))
    snapshots: dict[int, dict[str, list[str]]] = {}
    stream: list[bytes] = []
    when = 1_600_000_000

    def commit(mark: int, changed: dict[str, list[str]], message: str) -> None:
        body = [f"commit refs/heads/main\nmark :{mark}\ncommitter Bench <b@example.invalid> {when + mark * 600} +0000\n"
                f"data {len(message)}\n{message}\n"]
        if mark > 1:
            body.append(f"from :{mark - 1}\n")
        for path, lines in changed.items():
            data = ("\n".join(lines) + "\n").encode()
            body.append(f"M 100644 inline {path}\ndata {len(data)}\n")
            stream.append("".join(body).encode() + data + b"\n")
            body = []
        if body:
            stream.append("".join(body).encode())

    commit(1, state, "initial")
    for mark in range(2, commits + 1):
        path = rng.choice(sorted(state))
        lines = state[path]
        at = rng.randrange(len(lines))
        if rng.random() < 0.5:
            lines.insert(at, code_line(rng, mark))
        else:
            lines[at] = code_line(rng, mark)
        commit(mark, {path: lines}, f"change {mark}")
        if mark in citing:
            snapshots[mark] = {p: list(ls) for p, ls in state.items()}
    marks = root / ".git" / "bench-marks"
    subprocess.run(["git", "fast-import", "--quiet", f"--export-marks={marks}"], cwd=root,
                   input=b"".join(stream), check=True)
    subprocess.run(["git", "checkout", "-q", "-f", "main"], cwd=root, check=True)
    shas = {int(m[1:]): sha for m, sha in (row.split() for row in marks.read_text().splitlines())}
    return snapshots, shas


def cite(root: Path, snapshots: dict[int, dict[str, list[str]]], shas: dict[int, str], count: int,
         rng: random.Random) -> None:
    events = []
    for n in range(count):
        mark = rng.choice(sorted(snapshots))
        path = rng.choice(sorted(snapshots[mark]))
        lines = snapshots[mark][path]
        size = rng.randint(3, 12)
        start = rng.randint(1, len(lines) - size + 1)
        block = lines[start - 1:start - 1 + size]
        citation = {"path": path, "start": start, "end": start + size - 1, "commit": shas[mark],
                    "lines": fingerprint(block), "text": "\n".join(block)}
        events.append({"v": 1, "id": f"evt_{n:020x}", "type": "note", "summary": f"about {path} {n}",
                       "timestamp": f"2026-01-01T00:{n // 60 % 60:02d}:{n % 60:02d}.{n:06d}Z", "source": "cli",
                       "actor": "human", "location": f"{path}:{start}", "git_commit": shas[mark],
                       "citation": citation})
    with open(root / ".kenning" / "events.jsonl", "a", encoding="utf-8") as log:
        for event in events:
            log.write(json.dumps(event, sort_keys=True, separators=(",", ":")) + "\n")


SOURCE = str(Path(__file__).resolve().parents[1] / "src")


def timed(root: Path, env: dict[str, str], cold: bool, src: str = SOURCE) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of ken and the git it ran, what it printed), ken run from the
    package in ``src``."""
    if cold:
        (root / ".kenning" / "cache" / "citations.json").unlink(missing_ok=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    command = [sys.executable, "-c", "import sys; from kenning.cli.main import main; sys.exit(main())",
               "verify", "--json"]
    r = subprocess.run(command, cwd=root, env={**env, "PYTHONPATH": src}, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, r.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commits", type=int, default=10000)
    parser.add_argument("--citations", type=int, default=1000)
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--at-commits", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", type=Path, help="the src directory of another checkout, timed alternately")
    args = parser.parse_args()
    rng = random.Random(31)
    base = Path(tempfile.mkdtemp(prefix="ken-bench-citations-"))
    try:
        root = base / "repo"
        root.mkdir()
        env = {**os.environ, "KEN_HOME": str(base / "kenhome"), "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(base)}
        subprocess.run(["git", "init", "-q", "-b", "main"], cwd=root, env=env, check=True)
        began = time.perf_counter()
        snapshots, shas = generate(root, args.files, args.commits, args.at_commits, rng)
        made = time.perf_counter() - began
        subprocess.run([KEN, "init", "--no-hooks", "--no-backfill"], cwd=root, env=env, capture_output=True,
                       check=True)
        cite(root, snapshots, shas, args.citations, rng)
        _, _, first = timed(root, env, cold=True)  # builds the index too: not what is measured
        counts = json.loads(first)["counts"]
        traced = {**env, "GIT_TRACE": str(base / "trace")}
        timed(root, traced, cold=True)
        processes = sum(1 for line in (base / "trace").read_text().splitlines() if "trace: built-in: git" in line)
        sources = {"this checkout": SOURCE}
        if args.against:
            sources[str(args.against)] = str(args.against.resolve())
        if args.against:
            theirs = json.loads(timed(root, env, cold=True, src=sources[str(args.against)])[2])
            same = theirs == json.loads(first)
            print(f"{args.against} gives {'the same' if same else 'OTHER'} statuses: "
                  + ", ".join(f"{n} {s}" for s, n in theirs["counts"].items()))
        loads = []
        cold: dict[str, list[tuple[float, float]]] = {name: [] for name in sources}
        warm: dict[str, list[tuple[float, float]]] = {name: [] for name in sources}
        for _ in range(args.runs):
            for name, src in sources.items():  # alternately: a busy spell weighs on each alike
                cold[name].append(timed(root, env, cold=True, src=src)[:2])
                loads.append(os.getloadavg()[0])
        for _ in range(args.runs):
            for name, src in sources.items():
                warm[name].append(timed(root, env, cold=False, src=src)[:2])
        print(f"repository: {args.commits:,} commits, {args.files} files (made in {made:.1f} s); "
              f"{args.citations:,} citations written at {len(snapshots):,} commits")
        print("statuses: " + ", ".join(f"{n} {s}" for s, n in counts.items()))
        print(f"git processes in a cold run: {processes}")
        print(f"machine load (1 min) while measured: {min(loads):.1f} to {max(loads):.1f} on {os.cpu_count()} cores")
        print("| ken verify --json | ken from | wall, median | wall, max | CPU (ken and git), median | target |\n"
              "|---|---|---:|---:|---:|---:|")
        for kind, table, target in (("cold (no citation cache)", cold, 5), ("warm (cached)", warm, 1)):
            for name, runs in table.items():
                print(f"| {kind} | {name} | {statistics.median(w for w, _ in runs):.2f} s | "
                      f"{max(w for w, _ in runs):.2f} s | {statistics.median(c for _, c in runs):.2f} s | {target} s |")
    finally:
        if not os.environ.get("KEEP"):
            shutil.rmtree(base, ignore_errors=True)
        else:
            print(base)


if __name__ == "__main__":
    main()
