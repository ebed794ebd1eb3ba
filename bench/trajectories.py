"""Replay public agent trajectories through session capture: how many failed attempts each
session yields, and which.

    python bench/trajectories.py TRAJ_FILE_OR_FOLDER... [--show]

A trajectory is SWE-agent's ``.traj`` (``{"trajectory": [{"action", "observation", ...}]}``, as its
repository ships demonstrations and test data). Each step becomes the tool call a coding agent
would have made, sent to the same use cases the hooks call (``app.capture.sessions.observe``, then
``fold`` at the end), in a temporary git repository where the edited files really change:

- an edit command (``edit``, ``insert``, ``append``, ``create``, ``str_replace_editor`` create,
  str_replace or insert) on the file SWE-agent has open becomes an edit of that file (new content
  each time, so hashes change); one SWE-agent's linter refused ("Your proposed edit has introduced
  new syntax error(s)") changed nothing and is skipped;
- any other command becomes a shell call with the observation as its output; SWE-agent states no
  exit code, so a run counts as failed when its output reads as one (as for Codex);
- a ``git checkout --``/``git restore``/``git stash`` in the trajectory is replayed with real git.

Prints one line per trajectory (steps, observations kept, attempts captured) and, with
``--show``, each captured attempt's summary, for reading by hand. Nothing is written to this
repository; the trajectories stay where they were fetched.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

EDITS = re.compile(r"^(edit|insert|append|create)\b|^str_replace_editor (create|str_replace|insert)\b")
REFUSED = "Your proposed edit has introduced new syntax error"
OPENED = re.compile(r"\[File: ([^\s\]]+) \(")


def steps(path: Path) -> list[tuple[str, str]]:
    data = json.loads(path.read_text(errors="replace"))
    return [(str(s.get("action") or ""), str(s.get("observation") or "")) for s in data.get("trajectory") or []]


def replay(path: Path, root: Path, show: bool) -> tuple[int, int, list[str]]:
    from kenning.app.capture import sessions
    from kenning.app.project import Project
    from kenning.app.setup.init import init

    repo = root / path.stem
    repo.mkdir(parents=True)
    git = ["git", "-c", "user.name=replay", "-c", "user.email=replay@example.invalid"]
    subprocess.run([*git, "init", "-q"], cwd=repo, check=True)
    (repo / "README.md").write_text("replay\n")
    subprocess.run([*git, "add", "-A"], cwd=repo, check=True)
    subprocess.run([*git, "commit", "-qm", "start"], cwd=repo, check=True)
    project: Project = init(repo, hooks=False, backfill=False, register=False)[0]
    session, current, kept = f"replay-{path.stem}", "", 0
    trajectory = steps(path)
    for n, (action, observation) in enumerate(trajectory):
        opened = OPENED.search(observation)
        if opened:
            current = opened.group(1).removeprefix("/testbed/").lstrip("/")
        words = action.split()
        if words[:1] == ["create"] and len(words) > 1:
            current = words[1]
        if EDITS.match(action):
            if REFUSED in observation or not current:
                continue
            target = repo / current
            target.parent.mkdir(parents=True, exist_ok=True)
            old = target.read_text() if target.exists() else ""
            target.write_text(f"# replayed edit {n}\n")
            payload = {"session_id": session, "cwd": str(repo), "hook_event_name": "PostToolUse", "tool_name": "Edit",
                       "tool_use_id": f"step{n}", "tool_input": {"file_path": str(target), "old_string": old,
                                                                  "new_string": f"# replayed edit {n}\n"}}
        else:
            if action.startswith("git "):
                subprocess.run(shlex.split(action), cwd=repo, capture_output=True)
            payload = {"session_id": session, "cwd": str(repo), "hook_event_name": "PostToolUse", "tool_name": "Bash",
                       "tool_use_id": f"step{n}", "tool_input": {"command": action}, "tool_response": observation}
        kept += sessions.observe(project, payload, "replay") is not None
    written = sessions.fold(project, {"session_id": session, "cwd": str(repo)}, "replay")
    summaries = []
    if show and written:
        log = (repo / ".kenning" / "events.jsonl").read_text().splitlines()
        summaries = [json.loads(line)["summary"] for line in log if line and json.loads(line)["id"] in written]
    return len(trajectory), kept, summaries or [""] * len(written)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--show", action="store_true")
    args = parser.parse_args()
    found = sorted(p for given in args.paths for p in ([given] if given.is_file() else given.rglob("*.traj")))
    total = 0
    with tempfile.TemporaryDirectory(prefix="ken-replay-") as tmp:
        for path in found:
            count, kept, captured = replay(path, Path(tmp), args.show)
            total += len(captured)
            print(f"{path.name}: {count} steps, {kept} observations kept, {len(captured)} failed attempts captured")
            for summary in captured:
                if summary:
                    print(f"    {summary}")
    print(f"{len(found)} trajectories, {total} failed attempts captured")


if __name__ == "__main__":
    sys.exit(main())
