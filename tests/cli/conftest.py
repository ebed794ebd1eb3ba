"""Fixtures for driving ``ken`` in throw-away git repositories.

Every run is isolated from the user's machine: its own ``KEN_HOME`` and ``HOME``, no
``KEN_*``/``GIT_*`` variables inherited, and a git identity configured in each repository.
``Repo.ken`` runs the command line's ``main`` in this process (``machine.run_main``: the same
argv, environment, folder, streams and exit code, without 60 ms of interpreter start each);
``Repo.process`` and the tests of a module marked ``real_processes`` start a real ``ken``: the
console script end to end, bytes in argv, what a process of its own shows.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from machine import KEN, isolated_env, run_ken  # noqa: E402  (tests/ is on sys.path: its conftest.py)

LOG = Path(".kenning") / "events.jsonl"
REPO_CONFIG = "[user]\n\tname = Test Runner\n\temail = runner@example.invalid\n[commit]\n\tgpgsign = false\n"


class World:
    """A temporary machine: ``KEN_HOME``, ``HOME`` and git repositories under one folder."""

    def __init__(self, base: Path, real_processes: bool = False) -> None:
        assert KEN, "the `ken` executable is not installed next to this Python nor on PATH"
        self.base = base
        self.env = isolated_env(base)
        self.real_processes = real_processes

    def git(self, cwd: Path, *args: str) -> str:
        r = subprocess.run(["git", *args], cwd=cwd, env=self.env, capture_output=True, text=True)
        assert r.returncode == 0, f"git {' '.join(args)} failed: {r.stderr}"
        return r.stdout

    def repo(self, name: str = "repo", files: dict[str, str] | None = None) -> Repo:
        """A git repository with one commit, not yet initialized for kenning."""
        path = self.base / name
        path.mkdir(parents=True)
        self.git(path, "init", "-q", "-b", "main")
        with open(path / ".git" / "config", "a") as config:  # `git config` three times, without three gits
            config.write(REPO_CONFIG)
        for rel, text in (files or {"src/app.py": "def main():\n    return 1\n"}).items():
            (path / rel).parent.mkdir(parents=True, exist_ok=True)
            (path / rel).write_text(text)
        self.git(path, "add", "-A")
        self.git(path, "commit", "-q", "-m", "initial")
        return Repo(self, path)


class Repo:
    def __init__(self, world: World, path: Path) -> None:
        self.world = world
        self.path = path

    @property
    def log(self) -> Path:
        return self.path / LOG

    def ken(self, *args: str, cwd: Path | None = None, input: str | bytes | None = None,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        """Run ``ken ARGS`` (in this process unless the world has real processes or the
        command needs one); text output unless ``input`` is bytes."""
        return run_ken(args, cwd or self.path, {**self.world.env, **(env or {})}, input=input,
                       real_process=self.world.real_processes)

    def process(self, *args: str, cwd: Path | None = None, input: str | bytes | None = None,
                env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        """Run a real ``ken`` process, as a user would; text output unless ``input`` is bytes."""
        return run_ken(args, cwd or self.path, {**self.world.env, **(env or {})}, input=input, real_process=True)

    def ok(self, *args: str, **kw: object) -> subprocess.CompletedProcess:
        r = self.ken(*args, **kw)  # type: ignore[arg-type]
        assert r.returncode == 0, f"ken {' '.join(args)} -> {r.returncode}\n{r.stdout}\n{r.stderr}"
        assert "Traceback" not in r.stderr
        return r

    def json(self, *args: str, env: dict[str, str] | None = None) -> Any:
        """A read or write command's ``--json`` output, parsed."""
        return json.loads(self.ok(*args, "--json", env=env).stdout)

    def init(self, *extra: str) -> subprocess.CompletedProcess:
        return self.ok("init", "--no-hooks", "--no-backfill", *extra)

    def log_bytes(self) -> bytes:
        return self.log.read_bytes()

    def events(self) -> list[dict]:
        return [json.loads(line) for line in self.log_bytes().decode().splitlines()]

    def append_raw(self, data: bytes) -> None:
        with open(self.log, "ab") as f:
            f.write(data)


def event_line(**fields: object) -> bytes:
    """A hand-written event line, as another clone or tool would have appended it."""
    return json.dumps({"v": 1, "source": "cli", **fields}, sort_keys=True, separators=(",", ":")).encode() + b"\n"


def real_processes(request: pytest.FixtureRequest) -> bool:
    """Whether the requesting test or its module is marked ``real_processes``."""
    return request.node.get_closest_marker("real_processes") is not None


@pytest.fixture
def world(tmp_path: Path, request: pytest.FixtureRequest) -> World:
    """A machine under ``tmp_path``; its ``ken`` runs are real processes in a module or test
    marked ``real_processes``."""
    return World(tmp_path, real_processes=real_processes(request))


@pytest.fixture
def repo(world: World) -> Repo:
    """An initialized repository: ``ken init`` run in this process whatever the world, as a
    set-up (the tests of ``init`` itself run it through ``Repo.init``)."""
    r = world.repo()
    args = ("init", "--no-hooks", "--no-backfill")
    done = run_ken(args, r.path, world.env)
    assert done.returncode == 0, f"ken init -> {done.returncode}\n{done.stdout}\n{done.stderr}"
    return r


@pytest.fixture
def bare_repo(world: World) -> Repo:
    """A git repository where ``ken init`` has not run."""
    return world.repo()
