"""Fixtures for the use cases tested in-process: a real git repository under ``tmp_path``,
initialized by ``kenning.app.setup.init`` itself, and this process given that machine's environment
(``KEN_HOME``, ``HOME``, git config) so nothing on the real machine is read or written. No
``ken`` process is started: what a command prints is the surfaces' tests' business."""

from __future__ import annotations

from pathlib import Path

import pytest

from kenning.app.project import Project
from kenning.app.setup.init import init
from machine import isolate_this_process, run_git, write_file

NOW = "2030-06-30T12:00:00Z"


@pytest.fixture
def machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """This process's environment for a machine under ``tmp_path``: KEN_*/GIT_* of the real one
    removed, its own KEN_HOME and HOME."""
    env = isolate_this_process(monkeypatch, tmp_path)
    return env


@pytest.fixture
def project(tmp_path: Path, machine: dict[str, str]) -> Project:
    """An initialized project in a git repository with one commit (no hooks, no backfill)."""
    root = tmp_path / "repo"
    root.mkdir()
    write_file(root, "src/app.py", "def main():\n    return 1\n")
    for args in (("init", "-q"), ("add", "-A"), ("commit", "-q", "-m", "initial")):
        run_git(args, root, machine)
    initialized, _ = init(root, hooks=False, backfill=False, now=NOW, register=False)
    return initialized
