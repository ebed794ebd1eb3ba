"""Fixtures for the gate, capture and git-hook tests: real git; ``ken`` run by
its command line's ``main`` in this process, or as a real process where a test is marked
``real_processes`` (the git hooks always start real ones).

Every test runs in its own temporary world: ``KEN_HOME`` and ``HOME`` point into it, no
``KEN_*``/``GIT_*`` variable leaks in from the machine, system git config is ignored, and the
git identity lives in that ``HOME``. Time is an input: commits are backdated with
``GIT_AUTHOR_DATE``/``GIT_COMMITTER_DATE`` relative to a fixed ``NOW``, and every ``ken`` run gets
``KEN_NOW`` so its verdicts are reproducible.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from machine import KEN, isolated_env, run_git, run_ken, wait_for_processes_to_end, write_file  # noqa: E402  (tests/ is on sys.path: its conftest.py)

NOW = dt.datetime(2030, 6, 30, 12, 0, 0, tzinfo=dt.timezone.utc)
LOG = Path(".kenning") / "events.jsonl"


def at(days: float) -> str:
    """ISO 8601 time ``days`` before NOW (negative: after NOW), as KEN_NOW takes it."""
    return (NOW - dt.timedelta(days=days)).strftime("%Y-%m-%dT%H:%M:%SZ")


def git_date(days: float) -> str:
    """The same instant in git's own date format."""
    return f"@{int((NOW - dt.timedelta(days=days)).timestamp())} +0000"


def real_git_dir() -> str:
    found = shutil.which("git")
    assert found, "git is not installed"
    return str(Path(found).parent)


class World:
    """A temporary machine: HOME, KEN_HOME and git repositories under one folder."""

    def __init__(self, base: Path, real_processes: bool = False) -> None:
        assert KEN, "the `ken` executable is not installed next to this Python nor on PATH"
        self.base = base
        self.real_processes = real_processes
        self.home = base / "home"
        self.env = isolated_env(base, name="Gate Tester", email="tester@example.invalid", NO_COLOR="1",
                                KEN_NOW=at(0))

    def repo(self, name: str = "repo") -> Repo:
        path = self.base / name
        path.mkdir(parents=True)
        repo = Repo(self, path)
        repo.git("init", "-q")
        return repo

    def clone(self, source: Repo, name: str) -> Repo:
        target = self.base / name
        subprocess.run(["git", "clone", "-q", str(source.path), str(target)], env=self.env, check=True,
                       capture_output=True)
        return Repo(self, target)


class Repo:
    def __init__(self, world: World, path: Path) -> None:
        self.world = world
        self.path = path

    # -- git ----------------------------------------------------------------------------------

    def git(self, *args: str, days: float | None = None, check: bool = True, cwd: Path | None = None,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        full = {**self.world.env, **(env or {})}
        if days is not None:
            full["GIT_AUTHOR_DATE"] = full["GIT_COMMITTER_DATE"] = git_date(days)
        return run_git(args, cwd or self.path, full, check)

    def write(self, rel: str, text: str) -> Path:
        return write_file(self.path, rel, text)

    def commit(self, rel: str | None, text: str | None, message: str, days: float, verify: bool = False) -> str:
        """Write ``rel`` (when given), stage it and commit, backdated ``days`` before NOW."""
        if rel is not None:
            self.write(rel, text or "")
            self.git("add", "--", rel)
        self.git("commit", "-q", *(() if verify else ("--no-verify",)), "-m", message, days=days)
        return self.head()

    def head(self) -> str:
        return self.git("rev-parse", "HEAD").stdout.strip()

    def status(self) -> str:
        return self.git("status", "--porcelain").stdout

    # -- ken ----------------------------------------------------------------------------------

    def ken(self, *args: str, days: float = 0, cwd: Path | None = None,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        """``ken ARGS`` at ``days`` before NOW: in this process (``machine.run_ken``) unless the
        world has real processes (a test marked ``real_processes``) or the command needs one."""
        full = {**self.world.env, "KEN_NOW": at(days), **(env or {})}
        return run_ken(args, cwd or self.path, full, real_process=self.world.real_processes)

    def ok(self, *args: str, **kw: object) -> subprocess.CompletedProcess:
        r = self.ken(*args, **kw)  # type: ignore[arg-type]
        assert r.returncode == 0, f"ken {' '.join(args)} -> {r.returncode}\n{r.stdout}\n{r.stderr}"
        assert "Traceback" not in r.stderr
        return r

    def json(self, *args: str, **kw: object):
        return json.loads(self.ok(*args, "--json", **kw).stdout)

    def precheck(self, *paths: str, days: float = 0, **kw: object) -> dict:
        return self.json("precheck", *paths, days=days, **kw)

    def issue(self, summary: str, where: str | None, days: float) -> str:
        args = ["issue", summary, *(("--at", where) if where else ())]
        return str(self.json(*args, days=days)["issue_id"])

    def record(self, command: str, summary: str, days: float, *extra: str) -> str:
        """``ken attempt|fix|decide|note SUMMARY EXTRA… --json``: the new event's id."""
        return str(self.json(command, summary, *extra, days=days)["id"])

    def failed(self, summary: str, where: str, issue: str, days: float) -> str:
        return self.record("attempt", summary, days, "--failed", "--issue", issue, "--at", where)

    def all_events(self, days: float = 0) -> list[dict]:
        """Every event memory serves (the log's and the ones derived from git), via `ken search`."""
        return self.json("search", "", "--limit", "100000", days=days)

    def derived(self, days: float = 0) -> dict[str, dict]:
        return {e["id"]: e for e in self.all_events(days) if e.get("source") == "git"}

    def log_events(self) -> list[dict]:
        log = self.path / LOG
        return [json.loads(line) for line in log.read_text().splitlines() if line.strip()]

    def config(self, text: str) -> None:
        """Append TOML to .kenning/config.toml, replacing a table of the same name."""
        cfg = self.path / ".kenning" / "config.toml"
        current = cfg.read_text() if cfg.exists() else ""
        for table in [ln.strip() for ln in text.splitlines() if ln.strip().startswith("[")]:
            current = _drop_table(current, table)
        cfg.parent.mkdir(parents=True, exist_ok=True)
        cfg.write_text(current.rstrip("\n") + "\n\n" + text.strip("\n") + "\n")

    def cached_head(self) -> str | None:
        """The HEAD the index derived events up to (a read-only peek: it never waits on a writer)."""
        db = self.path / ".kenning" / "cache" / "index.sqlite"
        if not db.exists():
            return None
        try:
            con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=1)
            try:
                row = con.execute("SELECT value FROM meta WHERE key='git'").fetchone()
            finally:
                con.close()
        except sqlite3.Error:
            return None
        return json.loads(row[0]).get("head") if row else None

    def wait_for_refresh(self, timeout: float = 60.0) -> bool:
        """Whether the background refresh the git hooks started has caught up with HEAD: waits
        until every process they left running has exited (so all they write is written), then
        reads the HEAD the index derived events up to."""
        assert wait_for_processes_to_end(self.world.env, timeout), f"hook processes still running after {timeout}s"
        return self.cached_head() == self.head()


def _drop_table(text: str, header: str) -> str:
    out, skipping = [], False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            skipping = stripped.split("#")[0].strip() == header
        if not skipping:
            out.append(line)
    return "\n".join(out) + ("\n" if out else "")


def counting_git(base: Path) -> tuple[Path, Path]:
    """A ``git`` shim that logs each call to a file, then runs the real git: (shim dir, count file)."""
    shim = base / "shim"
    shim.mkdir(exist_ok=True)
    count = base / "gitcount"
    count.write_text("")
    (shim / "git").write_text(f'#!/bin/sh\nprintf "%s\\n" "$*" | tr -d "\\035\\036\\037" >> "{count}"\n'
                              f'exec "{real_git_dir()}/git" "$@"\n')
    (shim / "git").chmod(0o755)
    return shim, count


def git_calls(count: Path) -> list[str]:
    """The git command lines the shim recorded (one per process)."""
    return [line for line in count.read_text().split("\n") if line.strip()]


def path_without_ken(env: dict[str, str]) -> str:
    """PATH minus every folder that holds a `ken` executable."""
    keep = [d for d in env.get("PATH", "").split(os.pathsep)
            if d and not os.access(os.path.join(d, "ken"), os.X_OK)]
    return os.pathsep.join(keep)


def entry(report: dict, path: str) -> dict:
    found = [f for f in report["files"] if f["path"] == path]
    assert len(found) == 1, f"{path} appears {len(found)} times in {json.dumps(report)[:800]}"
    return found[0]


def kinds(file_entry: dict) -> set[str]:
    return {w["kind"] for w in file_entry["warnings"]}


def warning(file_entry: dict, kind: str) -> dict:
    found = [w for w in file_entry["warnings"] if w["kind"] == kind]
    assert len(found) == 1, f"no single {kind} warning in {json.dumps(file_entry)[:800]}"
    return found[0]


@pytest.fixture
def world(tmp_path: Path, request: pytest.FixtureRequest) -> World:
    """A machine under ``tmp_path``; its ``ken`` runs are real processes in a module or test
    marked ``real_processes``."""
    return World(tmp_path, real_processes=request.node.get_closest_marker("real_processes") is not None)
