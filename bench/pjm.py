"""The reference tool, projectmem (`pjm`), fed the same synthetic memory as kenning, for side-by-side timings.

projectmem keeps its memory in `.projectmem/events.jsonl` at the repository root: one JSON object per
line (`json.dumps(..., sort_keys=True)`, default separators), fields `id`, `type` (issue, hypothesis,
attempt, fix, decision, note), `summary`, `timestamp` (`YYYY-MM-DDTHH:MM:SSZ`, second precision),
`issue_id`, `outcome` (worked, failed, partial), `location` (`file[:line]`), `files`, `notes`,
`git_commit`, `supersedes` and auto-capture fields; empty fields are left out. A line it cannot parse,
or an unknown type, makes the whole log unreadable (`pjm precheck` then silently reports nothing), so
only the types it knows are written.

`pjm precheck FILE...` (run from the repository root) reads the whole log, then per file runs
`git log --since=30.days.ago --oneline -- FILE` (churn) and, when decisions/fixes/notes cite an
existing file, `git log --format=%cI --since=OLDEST -- FILE` (stale memory). Every pjm process reads
`$PROJECTMEM_HOME` (default `~/.projectmem/`) and `pjm init` registers the project there, so
`pjm_env` points it at a throw-away directory.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

# Flags that keep `pjm init` to creating `.projectmem/` (plus a .gitignore entry and the registry
# record under $PROJECTMEM_HOME): no git hooks, no global-memory import, no watcher daemon, no git
# backfill, no CLAUDE.md, no stack detection, no MCP config printout, no code-structure scan.
INIT_FLAGS = ["--no-hooks", "--no-global", "--no-watch", "--no-backfill", "--no-claude-md", "--no-stack-detect",
              "--no-mcp-config", "--no-structure"]
PJM_TYPES = {"issue", "attempt", "fix", "decision", "note"}  # kenning types pjm also has (it has no `snooze`)


def pjm_env(env: dict[str, str], home: Path) -> dict[str, str]:
    """`env` with pjm's per-user state (registry, upgrade marker, global memory) moved under `home`."""
    home.mkdir(parents=True, exist_ok=True)
    return {**env, "HOME": str(home), "PROJECTMEM_HOME": str(home / ".projectmem")}


def find_pjm() -> str | None:
    """`pjm` on PATH, else the venv the benchmark notes install it in (`/tmp/pjmvenv`), else None."""
    found = shutil.which("pjm")
    if found:
        return found
    venv = Path("/tmp/pjmvenv/bin/pjm")
    return str(venv) if venv.exists() else None


def pjm_available(pjm: str) -> bool:
    """True when `pjm` runs (and answers `--help`)."""
    try:
        result = subprocess.run([pjm, "--help"], capture_output=True, timeout=30, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return result.returncode == 0 and b"precheck" in result.stdout


def pjm_version(pjm: str) -> str | None:
    """The installed projectmem version (`pjm` has no --version): asked of the interpreter in its shebang."""
    try:
        first = Path(pjm).read_bytes()[:400].split(b"\n", 1)[0].decode()
        if not first.startswith("#!"):
            return None
        ask = "import importlib.metadata as m; print(m.version('projectmem'))"
        result = subprocess.run([*first[2:].split(), "-c", ask], capture_output=True, text=True, timeout=30,
                                stdin=subprocess.DEVNULL)
    except (OSError, UnicodeDecodeError, subprocess.TimeoutExpired):
        return None
    return (result.stdout.strip() or None) if result.returncode == 0 else None


def _pjm_timestamp(ts: str) -> str:
    # kenning: 2029-01-01T00:00:00.123456Z; pjm writes (and normalizes every read to) second precision.
    return ts[:19] + "Z"


def to_pjm(event: dict[str, object]) -> dict[str, object] | None:
    """One kenning event as the line pjm itself would have written, or None when pjm has no such type."""
    if event.get("type") not in PJM_TYPES:
        return None
    out: dict[str, object] = {"id": event["id"], "type": event["type"], "summary": event["summary"],
                              "timestamp": _pjm_timestamp(str(event["timestamp"]))}
    for key in ("issue_id", "outcome", "location", "supersedes", "git_commit"):
        if event.get(key):
            out[key] = event[key]
    if event.get("details"):
        out["notes"] = event["details"]
    return out


def make_pjm_repo(repo: Path, events: list[dict[str, object]], pjm: str, env: dict[str, str]) -> None:
    """Initialize pjm in the existing git repository `repo` and give it `events` (kenning event dicts).

    `env` must come from `pjm_env` (pjm writes to $PROJECTMEM_HOME on every run). Events are written
    in the given order, translated field by field; kenning-only fields (`v`, `source`, `lesson`)
    are dropped, `details` becomes pjm's `notes`.
    """
    if "PROJECTMEM_HOME" not in env:
        raise ValueError("make_pjm_repo: pass an env from pjm_env() so pjm does not write to the real HOME")
    subprocess.run([pjm, "init", *INIT_FLAGS], cwd=repo, env=env, check=True, capture_output=True,
                   stdin=subprocess.DEVNULL)
    lines = []
    for event in events:
        translated = to_pjm(event)
        if translated is not None:
            lines.append(json.dumps(translated, sort_keys=True))
    path = repo / ".projectmem" / "events.jsonl"
    tmp = path.with_suffix(".tmp")
    tmp.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    os.replace(tmp, path)
