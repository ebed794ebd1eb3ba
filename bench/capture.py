"""The capture hooks' cost: `ken hook post-tool-use` runs after every edit and shell command an
agent makes, so it has the gate hook's budget (whole process, warm: about 80 ms).

    python bench/capture.py [--runs 15] [--ken PATH]

In a small project (one commit, an issue and a failed attempt), each row is the whole process
(interpreter start included), median (p90) of ``--runs``, with its imports from ``-X importtime``:
the interpreter's floor and the gate's hook for reference (on a busy machine every figure grows;
compare the rows of one run), the post-tool hook on a shell command it ignores, on an edit (the
file hashed, HEAD asked for its blob the first time), on a failing test run (the output read for
test names and an error line, redacted) and on an undo, and the end-of-turn hook folding a session
of 200 observations. Printed as a table and returned to ``bench/run.py``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from run import bench_env, git_repo  # noqa: E402
from startup import _imports_ms, _wall  # noqa: E402

FAILED = ("collected 2 items\n\ntests/test_app.py F.\n\nE       AssertionError: assert 2 == 1\n\n"
          "FAILED tests/test_app.py::test_main - AssertionError: assert 2 == 1\n1 failed, 1 passed in 0.03s\n") * 40


def _payload(repo: Path, session: str, call: str, event: str, tool: str, tool_input: dict[str, object],
             **extra: object) -> bytes:
    return json.dumps({"session_id": session, "transcript_path": "/dev/null", "cwd": str(repo),
                       "permission_mode": "default", "hook_event_name": event, "tool_name": tool,
                       "tool_input": tool_input, "tool_use_id": call, **extra}).encode()


def _commands(ken: str, repo: Path) -> dict[str, tuple[list[str], bytes]]:
    app = str(repo / "src" / "app.py")
    edit = {"file_path": app, "old_string": "print('hi')", "new_string": "print('hello')"}
    return {
        "python -c pass (the interpreter's floor)": ([sys.executable, "-c", "pass"], b""),
        "ken hook pre-tool-use (the gate, for reference)": (
            [ken, "hook", "pre-tool-use", "--agent", "claude"], _payload(repo, "b", "t0", "PreToolUse", "Edit", edit)),
        "ken hook post-tool-use: a shell command it ignores (ls)": (
            [ken, "hook", "post-tool-use", "--agent", "claude"],
            _payload(repo, "b", "t1", "PostToolUse", "Bash", {"command": "ls -la"},
                     tool_response={"stdout": "total 0\n", "stderr": "", "interrupted": False, "isImage": False})),
        "ken hook post-tool-use: an edit": (
            [ken, "hook", "post-tool-use", "--agent", "claude"],
            _payload(repo, "b", "t2", "PostToolUse", "Edit", edit,
                     tool_response={"filePath": app, "originalFile": "print('hi')\n", "structuredPatch": []})),
        "ken hook post-tool-use: a failing test run (output read, redacted)": (
            [ken, "hook", "post-tool-use", "--agent", "claude"],
            _payload(repo, "b", "t3", "PostToolUseFailure", "Bash", {"command": "python -m pytest -q"},
                     error="Exit code 1\n" + FAILED, is_interrupt=False)),
        "ken hook post-tool-use: an undo (git checkout -- F)": (
            [ken, "hook", "post-tool-use", "--agent", "claude"],
            _payload(repo, "b", "t4", "PostToolUse", "Bash", {"command": "git checkout -- src/app.py"},
                     tool_response={"stdout": "", "stderr": "", "interrupted": False, "isImage": False})),
    }


def _session(repo: Path, session: str, count: int) -> None:
    """A session file of ``count`` observations ending in one failed attempt, as the hooks write it."""
    folder = repo / ".kenning" / "local" / "sessions"
    folder.mkdir(parents=True, exist_ok=True)
    import hashlib

    lines = []
    for n in range(count - 3):
        lines.append({"kind": "run", "tool": "pytest", "command": "pytest", "exit": 0, "failed": False, "call": f"c{n}"}
                     if n % 2 else {"kind": "edit", "call": f"c{n}", "files": {
                         "src/app.py": {"before": "a" * 40, "after": f"{n:040x}", "format": False}}})
    lines += [{"kind": "edit", "call": "e1", "files": {"src/app.py": {"before": "a" * 40, "after": "b" * 40,
                                                                      "format": False}}},
              {"kind": "run", "tool": "pytest", "command": "pytest", "exit": 1, "failed": True, "missing": False,
               "tests": ["tests/test_app.py::test_main"], "call": "r1"},
              {"kind": "undo", "how": "git checkout --", "paths": ["src/app.py"], "call": "u1"}]
    name = hashlib.sha256(session.encode()).hexdigest()[:24]
    (folder / f"{name}.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))


def capture(ken: str, runs: int, root: Path) -> list[dict[str, object]]:
    env = bench_env(root / "home")
    repo = git_repo(root / "capture", env)
    (repo / "src").mkdir()
    (repo / "src" / "app.py").write_text("print('hi')\n")
    subprocess.run(["git", "add", "-A"], cwd=repo, env=env, check=True)
    subprocess.run(["git", "commit", "-qm", "app"], cwd=repo, env=env, check=True)
    subprocess.run([ken, "init", "--no-hooks", "--no-register"], cwd=repo, env=env, check=True, capture_output=True)
    for record in (["issue", "the flush loses writes", "--at", "src/app.py"],
                   ["attempt", "retry the flush", "--failed", "--at", "src/app.py"]):
        subprocess.run([ken, *record], cwd=repo, env=env, check=True, capture_output=True)
    rows: list[dict[str, object]] = []
    commands = dict(_commands(ken, repo))
    for n in range(runs):  # a fresh session each run: the fold writes its one attempt every time
        _session(repo, f"fold-{n}", 200)
    fold_runs = iter(range(runs))
    for name, (cmd, stdin) in commands.items():
        rows.append(_row(name, cmd, stdin, repo, env, runs))
    samples = []
    for _ in range(runs):
        n = next(fold_runs)
        stdin = json.dumps({"session_id": f"fold-{n}", "cwd": str(repo), "hook_event_name": "Stop",
                            "stop_hook_active": False}).encode()
        samples.append(_wall([ken, "hook", "session-end", "--agent", "claude"], stdin, repo, env, 1)["median_ms"])
    samples.sort()
    rows.append({"command": "ken hook session-end: fold 200 observations, write 1 attempt", "wall": {
        "median_ms": round(statistics.median(samples), 1), "p90_ms": round(samples[int(0.9 * (runs - 1))], 1)},
        "imports_ms": "", "kenning_imports_ms": ""})
    return rows


def _row(name: str, cmd: list[str], stdin: bytes, repo: Path, env: dict[str, str], runs: int) -> dict[str, object]:
    wall = _wall(cmd, stdin, repo, env, runs)
    imports = [_imports_ms(cmd, stdin, repo, env) for _ in range(max(3, runs // 3))]
    return {"command": name, "wall": wall, "imports_ms": round(statistics.median(i[0] for i in imports), 1),
            "kenning_imports_ms": round(statistics.median(i[1] for i in imports), 1)}


def table(rows: list[dict[str, object]]) -> str:
    lines = ["| hook | wall: median (p90) ms | imports ms | of which kenning ms |", "|---|---:|---:|---:|"]
    for row in rows:
        wall = row["wall"]
        assert isinstance(wall, dict)
        lines.append(f"| {row['command']} | {wall['median_ms']} ({wall['p90_ms']}) | {row['imports_ms']} |"
                     f" {row['kenning_imports_ms']} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--ken", default=shutil.which("ken") or str(Path(sys.executable).with_name("ken")))
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="ken-capture-"))
    try:
        print(table(capture(args.ken, args.runs, root)))
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
