"""One process's memory while another process writes: what it renders and saves must include
the other's events.

A writer syncs, then refreshes ``summary.md`` a moment later; a capture reads git a moment after
its sync. In between, another process may append to the log (or derive from a new commit) and
bring the shared index up to date. The summary state's small fields (counts, the newest notes
and issues) are read once per process, so the first process has to notice that the index moved
on and read them again: otherwise its summary.md lags the log, and its next save writes the
stale fields over the newer ones. These tests interleave the two deterministically, with a real
``ken`` process as the other writer and real git; the concurrency stress in
``test_concurrency.py`` found the race.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from kenning.app import capture as capture_app
from kenning.app import summary as summary_app
from kenning.app.memory import open_memory
from kenning.app.project import Project
from machine import KEN, isolated_env, run_git, write_file

NOW = "2026-11-30T12:00:00Z"


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Project, dict[str, str]]:
    """A repository with one commit and ``ken init``; this process and ``ken`` share KEN_HOME."""
    env = isolated_env(tmp_path, KEN_NOW=NOW)
    for name in list(os.environ):
        if name.startswith(("KEN_", "GIT_")):
            monkeypatch.delenv(name)
    for name in ("KEN_HOME", "HOME", "XDG_CONFIG_HOME", "GIT_CONFIG_NOSYSTEM", "GIT_CEILING_DIRECTORIES", "KEN_NOW"):
        monkeypatch.setenv(name, env[name])
    root = tmp_path / "repo"
    write_file(root, "src/app.py", "print('hello')\n")
    run_git(["init", "-q"], root, env)
    run_git(["add", "-A"], root, env)
    run_git(["commit", "-q", "-m", "initial"], root, env)
    ken(root, env, "init", "--no-hooks", "--no-register")
    ken(root, env, "note", "the first note")
    return Project(root), env


def ken(root: Path, env: dict[str, str], *args: str) -> str:
    assert KEN
    done = subprocess.run([KEN, *args], cwd=root, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def rebuilt(project: Project, env: dict[str, str]) -> str:
    """summary.md as a rebuild of the index from the log (and git) writes it."""
    ken(project.root, env, "regenerate")
    return project.summary_path.read_text()


def test_a_summary_refreshed_after_another_writer_includes_its_event(world: tuple[Project, dict[str, str]]) -> None:
    project, env = world
    with open_memory(project) as memory:
        assert "the first note" in summary_app.render_budgeted(memory)  # this process has read the state
        ken(project.root, env, "note", "written by another process")
        text = summary_app.refresh(memory)
    assert "written by another process" in text
    assert project.summary_path.read_text() == text
    assert rebuilt(project, env) == text


def test_a_capture_after_another_writer_keeps_its_event(world: tuple[Project, dict[str, str]]) -> None:
    project, env = world
    with open_memory(project) as memory:
        summary_app.render_budgeted(memory)
        ken(project.root, env, "note", "written by another process")
        write_file(project.root, "src/app.py", "print('hello, world')\n")
        run_git(["commit", "-q", "-am", "fix: greet the whole world"], project.root, env)
        assert capture_app.refresh(memory, 1_796_040_000) == 1  # the fix commit, derived here
    incremental = ken(project.root, env, "summary")  # from the state this process saved
    assert "written by another process" in incremental
    assert "greet the whole world" in incremental
    assert incremental == rebuilt(project, env)
