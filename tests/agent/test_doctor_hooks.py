"""``ken doctor`` runs each installed agent hook command the way the agent would (a shell, in the
repository, a SessionStart payload on stdin, a bare PATH) and exits non-zero when one cannot start:
an agent treats that as a non-blocking error and goes on without the gate, saying nothing."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from .conftest import SETTINGS, Repo, installed_command

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX shells and PATH")

# what `ken hooks install --agent claude` wrote before it named ken by its path
BARE = {"hooks": {
    "PreToolUse": [{"matcher": "Edit|Write|MultiEdit|NotebookEdit",
                    "hooks": [{"type": "command", "command": "ken hook pre-tool-use", "timeout": 30}]}],
    "SessionStart": [{"matcher": "startup|resume|clear|compact",
                      "hooks": [{"type": "command", "command": "ken hook session-start", "timeout": 30}]}]}}


def seed(repo: Repo, agent: str, data: dict) -> None:
    path = repo.path / SETTINGS[agent]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n")


def doctor(repo: Repo, *args: str):
    return repo.ken("doctor", *args)


def test_a_hook_that_cannot_find_ken_is_a_problem(repo: Repo):
    """The agent hook test environment has ken on PATH; the check runs with a bare one anyway,
    because that is what an agent started from a launcher has."""
    seed(repo, "claude", BARE)
    r = doctor(repo)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("agent_hook_fails:")]
    assert len(lines) == 2
    start = next(ln for ln in lines if "SessionStart" in ln)
    assert "claude" in start and str(repo.path / SETTINGS["claude"]) in start
    assert "PATH=/usr/bin:/bin" in start and "`ken hook session-start`: command not found" in start
    assert "ken hooks install --agent claude" in start
    # and a third: the file has no capture hooks (PostToolUse, Stop...), so it is out of date
    assert "3 problems" in r.stdout and "agent_hooks_outdated" in r.stdout

    report = json.loads(doctor(repo, "--json").stdout)
    fails = [p for p in report["problems"] if p["kind"] == "agent_hook_fails"]
    assert sorted(p["event"] for p in fails) == ["PreToolUse", "SessionStart"]
    assert {p["agent"] for p in fails} == {"claude"}
    assert [run["status"] for run in report["agent_hooks"]] == ["failed", "failed"]


def test_reinstalling_fixes_it(repo: Repo):
    seed(repo, "claude", BARE)
    assert doctor(repo).returncode == 1
    repo.ok("hooks", "install", "--agent", "claude")
    r = doctor(repo)
    assert r.returncode == 0, r.stdout
    assert f"agent hook ok: claude SessionStart: {installed_command('session-start', 'claude')}" in r.stdout
    assert f"agent hook ok: claude PreToolUse: {installed_command('pre-tool-use', 'claude')}" in r.stdout
    runs = json.loads(doctor(repo, "--json").stdout)["agent_hooks"]
    assert [(x["agent"], x["event"], x["status"]) for x in runs] == [
        ("claude", event, "ok") for event in ("PostToolUse", "PostToolUseFailure", "PreToolUse", "SessionEnd",
                                              "SessionStart", "Stop")]


def test_both_agents_are_checked(repo: Repo):
    repo.ok("hooks", "install", "--agent", "claude")
    seed(repo, "codex", {"hooks": {"SessionStart": [{"matcher": "startup|resume|clear|compact", "hooks": [
        {"type": "command", "command": "/nowhere/ken hook session-start --agent codex"}]}]}})
    r = doctor(repo)
    assert r.returncode == 1
    failing = [ln for ln in r.stdout.splitlines() if ln.startswith("agent_hook_fails:")]
    assert len(failing) == 1 and "codex SessionStart" in failing[0] and "/nowhere/ken" in failing[0]
    assert "agent hook ok: claude SessionStart" in r.stdout


def fake_ken(repo: Repo, folder: Path, script: str, args: str) -> None:
    """A `ken` that is not kenning, installed as the claude SessionStart hook."""
    fake = folder / "bin" / "ken"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\n" + script)
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    seed(repo, "claude", {"hooks": {"SessionStart": [{"matcher": "startup|resume|clear|compact", "hooks": [
        {"type": "command", "command": f"{fake} {args}"}]}]}})


def test_a_hook_that_fails_says_how(repo: Repo, tmp_path):
    fake_ken(repo, tmp_path, "echo 'kenning is broken here' >&2\nexit 3\n", "hook session-start --agent claude")
    r = doctor(repo)
    assert r.returncode == 1
    line = next(ln for ln in r.stdout.splitlines() if ln.startswith("agent_hook_fails:"))
    assert "exited 3" in line and "kenning is broken here" in line


def test_a_hook_that_answers_nothing_at_session_start_is_a_problem(repo: Repo, tmp_path):
    fake_ken(repo, tmp_path, "cat >/dev/null\n", "hook session-start")
    r = doctor(repo)
    assert r.returncode == 1 and "answered no summary" in r.stdout


def test_an_outdated_matcher_is_a_problem(repo: Repo):
    repo.ok("hooks", "install", "--agent", "claude")
    path = repo.path / SETTINGS["claude"]
    path.write_text(path.read_text().replace("startup|resume|clear|compact", "startup|resume"))
    r = doctor(repo)
    assert r.returncode == 1
    line = next(ln for ln in r.stdout.splitlines() if ln.startswith("agent_hooks_outdated:"))
    assert "'startup|resume'" in line and "ken hooks install --agent claude" in line


def test_an_unreadable_settings_file_is_a_problem(repo: Repo):
    path = repo.path / SETTINGS["codex"]
    path.parent.mkdir()
    path.write_text("{not json")
    r = doctor(repo)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert any(ln.startswith("agent_hooks_unreadable:") and "hooks.json" in ln for ln in r.stdout.splitlines())


def test_without_agent_hooks_doctor_runs_nothing(repo: Repo):
    r = doctor(repo)
    assert r.returncode == 0, r.stdout
    assert json.loads(doctor(repo, "--json").stdout)["agent_hooks"] == []
    seed(repo, "claude", {"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "exit 9"}]}]}})
    assert doctor(repo).returncode == 0  # a user's own hook is not kenning's to judge
