"""Start-up cost of the hot commands, against the interpreter's own floor.

    python bench/startup.py [--runs 15]

The agent hook and the gate run on every edit, so what they import matters as much as what
they compute. For each hot command, in a small project (one commit, a few events):

- **wall**: the whole process, median (p90) of ``--runs``;
- **imports**: the modules it loads, summed from ``python -X importtime`` (top-level entries,
  median of the runs), of which **kenning's own**;
- **floor**: ``python -c pass`` (interpreter start, ``site`` included) the same way;
- **ratio**: the command's wall time over the floor's.

Printed as a table and returned to ``bench/run.py``, which writes it to
``bench/results/latest.md``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from run import bench_env, git_repo  # noqa: E402

HOOK_PAYLOAD = {"session_id": "bench", "transcript_path": "/dev/null", "cwd": "", "hook_event_name": "PreToolUse",
                "tool_name": "Edit", "tool_input": {"file_path": "", "old_string": "a", "new_string": "b"}}


def _commands(ken: str, repo: Path) -> dict[str, tuple[list[str], bytes | None]]:
    payload = dict(HOOK_PAYLOAD, cwd=str(repo), tool_input=dict(HOOK_PAYLOAD["tool_input"],  # type: ignore[arg-type]
                                                                file_path=str(repo / "src" / "app.py")))
    return {
        "python -c pass (floor)": ([sys.executable, "-c", "pass"], None),
        "ken precheck FILE": ([ken, "precheck", "src/app.py"], None),
        "ken hook pre-tool-use (Claude Code)": ([ken, "hook", "pre-tool-use"], json.dumps(payload).encode()),
        "ken note TEXT --at FILE": ([ken, "note", "startup bench", "--at", "src/app.py"], None),
        "ken summary": ([ken, "summary"], None),
        "ken brief": ([ken, "brief"], None),
    }


def _imports_ms(cmd: list[str], stdin: bytes | None, repo: Path, env: dict[str, str]) -> tuple[float, float]:
    """(all imports, kenning's own) in ms, from one run under ``-X importtime``."""
    argv = [sys.executable, "-X", "importtime", *_python_args(cmd)]
    result = subprocess.run(argv, cwd=repo, env=env, input=stdin, capture_output=True)
    total = own = 0
    for line in result.stderr.decode(errors="replace").splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = line.split("|", 2)
        if not cumulative.strip().isdigit():
            continue  # the header line
        if name[:1] == " " and not name[1:2].isspace():  # a top-level import: its cumulative time counts
            total += int(cumulative)
            if name.strip().startswith("kenning"):
                own += int(cumulative)
    return total / 1000, own / 1000


def _python_args(cmd: list[str]) -> list[str]:
    """The same command run as ``python -m kenning ...`` (``ken`` is a console script)."""
    if cmd[0] == sys.executable:
        return cmd[1:]
    return ["-m", "kenning", *cmd[1:]]


def _wall(cmd: list[str], stdin: bytes | None, repo: Path, env: dict[str, str], runs: int) -> dict[str, float]:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=repo, env=env, input=stdin, capture_output=True)
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return {"median_ms": round(statistics.median(samples), 1), "p90_ms": round(samples[int(0.9 * (runs - 1))], 1)}


def startup(ken: str, runs: int, root: Path) -> list[dict[str, object]]:
    env = bench_env(root / "home")
    repo = git_repo(root / "startup", env)
    (repo / "src").mkdir()
    (repo / "src" / "app.py").write_text("print('hi')\n")
    subprocess.run(["git", "add", "-A"], cwd=repo, env=env, check=True)
    subprocess.run(["git", "commit", "-qm", "app"], cwd=repo, env=env, check=True)
    subprocess.run([ken, "init", "--no-hooks", "--no-register"], cwd=repo, env=env, check=True, capture_output=True)
    for record in (["issue", "the flush loses writes", "--at", "src/app.py"],
                   ["attempt", "retry the flush", "--failed", "--at", "src/app.py"]):
        subprocess.run([ken, *record], cwd=repo, env=env, check=True, capture_output=True)
    rows: list[dict[str, object]] = []
    floor = 0.0
    for name, (cmd, stdin) in _commands(ken, repo).items():
        wall = _wall(cmd, stdin, repo, env, runs)
        imports = [_imports_ms(cmd, stdin, repo, env) for _ in range(max(3, runs // 3))]
        row: dict[str, object] = {"command": name, "wall": wall,
                                  "imports_ms": round(statistics.median(i[0] for i in imports), 1),
                                  "kenning_imports_ms": round(statistics.median(i[1] for i in imports), 1)}
        if not floor:
            floor = wall["median_ms"]
        row["ratio_to_floor"] = round(wall["median_ms"] / floor, 1)
        rows.append(row)
    rows.append(_after_many_checks(ken, repo, env, runs, floor))
    return rows


CHECKS = 20_000  # a few months of an agent's edits: every edit leaves a check record


def _after_many_checks(ken: str, repo: Path, env: dict[str, str], runs: int, floor: float) -> dict[str, object]:
    """The agent hook again, once the machine-local check records have grown as they do in use
    (one per edit, many files, some closed by later edits): a cost that grows with them would
    show here and nowhere else."""
    records = []
    for n in range(CHECKS):
        path = f"src/mod_{n % 400}.py"
        if n % 3 == 2:
            records.append({"outcome": "edit", "file": path, "time": "2026-01-01T00:00:00.000000Z",
                            "repeated": False, "similar": None})
        else:
            records.append({"id": f"chk_{n:012x}", "time": "2026-01-01T00:00:00.000000Z", "surface": "agent-hook",
                            "file": path, "severity": ("none", "warn", "block")[n % 3], "warnings": [],
                            "snoozed": [], "event_ids": [], "decision": "advise", "session": "s", "similar": None})
    local = repo / ".kenning" / "local"
    with open(local / "checks.jsonl", "a", encoding="utf-8") as out:
        out.writelines(json.dumps(r, sort_keys=True, separators=(",", ":")) + "\n" for r in records)
    cmd, stdin = _commands(ken, repo)["ken hook pre-tool-use (Claude Code)"]
    wall = _wall(cmd, stdin, repo, env, runs)
    imports = [_imports_ms(cmd, stdin, repo, env) for _ in range(max(3, runs // 3))]
    return {"command": f"ken hook pre-tool-use, after {CHECKS:,} check records", "wall": wall,
            "imports_ms": round(statistics.median(i[0] for i in imports), 1),
            "kenning_imports_ms": round(statistics.median(i[1] for i in imports), 1),
            "ratio_to_floor": round(wall["median_ms"] / floor, 1)}


def table(rows: list[dict[str, object]]) -> str:
    lines = ["| command | wall: median (p90) ms | imports ms | of which kenning ms | × floor |",
             "|---|---:|---:|---:|---:|"]
    for row in rows:
        wall = row["wall"]
        assert isinstance(wall, dict)
        lines.append(f"| {row['command']} | {wall['median_ms']} ({wall['p90_ms']}) | {row['imports_ms']} |"
                     f" {row['kenning_imports_ms']} | {row['ratio_to_floor']} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--ken", default=shutil.which("ken") or str(Path(sys.executable).with_name("ken")))
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="ken-startup-"))
    try:
        print(table(startup(args.ken, args.runs, root)))
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
