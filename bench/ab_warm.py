"""Two commits' warm gate, alternating, in CPU milliseconds of the answering process.

    python bench/ab_warm.py A_SRC B_SRC [--shapes default,wide-paths] [--runs 15] [--events 100000]

A_SRC and B_SRC are two `src/` folders (a second worktree at the older commit: `git worktree add
--detach /tmp/before COMMIT`, then `/tmp/before/src`). On each shape of `bench/shapes_gen.py`, a
repository from `bench/shapes.py` is copied once per side (each side builds and keeps its own
index: two versions of the index in one repository would rebuild each other's on every run),
each side's index is built and warmed (the first gate after a build asks git for its files'
history), then each run takes, for A then B (B then A on every other run):

- the warm 20-file precheck: `ken precheck` on the shape's twenty files;
- the warm agent hook: `ken hook pre-tool-use` with a Claude Code Edit payload on the hot file.

Each figure is the user + system CPU of that `ken` process alone, written by the process itself as
it exits (`os.times`), as `bench/ab_cpu.py` does: on a machine shared with other work, wall times
move with the load and CPU much less. The clock is fixed (`KEN_NOW`), so both sides must print
the same answers; the table says whether they did. Prints medians with [min-max].
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from ab_cpu import _SELF, arguments, compared_shapes, row  # noqa: E402
from shapes import END_US  # noqa: E402
from startup import HOOK_PAYLOAD  # noqa: E402

MEASURES = ("warm 20-file precheck", "warm agent hook")
# the clock both sides answer at: an hour after the generated log ends (a fixed clock, so both
# must print the same answers; before the log's end, its newest events would not count)
NOW = datetime.fromtimestamp(END_US / 1e6 + 3600, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000000Z")


def _own_cpu(repo: Path, src: str, env: dict[str, str], args: list[str], cpu_file: Path,
             stdin: bytes | None = None) -> tuple[float, bytes]:
    run_env = {**env, "PYTHONPATH": src, "KEN_AB_CPU": str(cpu_file)}
    done = subprocess.run([sys.executable, "-c", _SELF, *args], cwd=repo, env=run_env, input=stdin,
                          capture_output=True, check=False)
    if done.returncode not in (0, 1):
        raise SystemExit(f"ken {args[0]} failed with {src}: {done.stderr.decode(errors='replace')[-400:]}")
    return float(cpu_file.read_text()) * 1000, done.stdout


def _side(root: Path, repo: Path, who: str, src: str, env: dict[str, str]) -> tuple[Path, dict[str, str]]:
    """A copy of ``repo`` with its own home and its own built index, for one side."""
    mine = root / f"side-{who}"
    shutil.copytree(repo, mine / repo.name, symlinks=True)
    side_env = {**env, "KEN_HOME": str(mine / "home"), "KEN_NOW": NOW}
    shutil.rmtree(mine / repo.name / ".kenning" / "cache", ignore_errors=True)
    subprocess.run([sys.executable, "-c", _SELF, "summary"], cwd=mine / repo.name, check=True, capture_output=True,
                   env={**side_env, "PYTHONPATH": src, "KEN_INDEX_BUILDER": "1", "KEN_AB_CPU": str(mine / "cpu")})
    return mine / repo.name, side_env


def measure(repos: dict[str, tuple[Path, dict[str, str]]], sources: dict[str, str], twenty: list[str], hot: str,
            runs: int, cpu_file: Path) -> tuple[dict[tuple[str, str], list[float]], dict[str, set[bytes]]]:
    found: dict[tuple[str, str], list[float]] = {(m, who): [] for m in MEASURES for who in sources}
    printed: dict[str, set[bytes]] = {m: set() for m in MEASURES}
    for run in range(-2, runs):  # two runs to warm each side (not counted)
        for who in ("AB" if run % 2 == 0 else "BA"):
            repo, env = repos[who]
            payload = json.dumps(dict(HOOK_PAYLOAD, cwd=str(repo), tool_input=dict(
                HOOK_PAYLOAD["tool_input"], file_path=str(repo / hot)))).encode()  # type: ignore[arg-type]
            cpu, out = _own_cpu(repo, sources[who], env, ["precheck", *twenty], cpu_file)
            if run >= 0:
                found["warm 20-file precheck", who].append(cpu)
                printed["warm 20-file precheck"].add(out)
            cpu, out = _own_cpu(repo, sources[who], env, ["hook", "pre-tool-use"], cpu_file, payload)
            if run >= 0:
                found["warm agent hook", who].append(cpu)
                printed["warm agent hook"].add(out.replace(str(repo).encode(), b"REPO"))
    return found, printed


def main() -> None:
    args, sources = arguments(__doc__, 15)
    title = f"measure (CPU ms, median of {args.runs} [min-max])"
    for name, shape, repo, env, root in compared_shapes(args, sources, "ken-ab-warm-", title, "same answers"):
        repos = {who: _side(root / name, repo, who, src, env) for who, src in sources.items()}
        found, printed = measure(repos, sources, shape.twenty, shape.hot, args.runs, root / "cpu")
        for what in MEASURES:
            row(name, what, found[what, "A"], found[what, "B"], len(printed[what]) == 1, ".0f")
        shutil.rmtree(root / name, ignore_errors=True)


if __name__ == "__main__":
    main()
