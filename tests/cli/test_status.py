"""`ken status`: every wire on one screen (git hooks, agent hooks, MCP client configs, the
registry, memory health, the git history read), in text and `--json`, driven through the CLI."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from machine import KEN

from .conftest import Repo, World


def status(repo: Repo, **kw) -> dict:
    return repo.json("status", **kw)


def hook(report: dict, name: str) -> dict:
    return next(h for h in report["git_hooks"]["hooks"] if h["hook"] == name)


def agent(report: dict, name: str) -> dict:
    return next(a for a in report["agent_hooks"] if a["agent"] == name)


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_a_fresh_project_shows_every_wire_unplugged(repo: Repo):
    report = status(repo)
    assert set(report) == {"project", "memory", "git_history", "git_hooks", "agent_hooks", "mcp_clients"}
    project = report["project"]
    assert project["root"] == str(repo.path) and project["initialized"]
    assert project["registered"] and project["name"] == "repo"  # `ken init` registers
    assert not project["active"] and project["active_project"] is None  # but never makes active
    assert project["mcp_serves"] == {"name": "repo", "root": str(repo.path)}
    assert [h["hook"] for h in report["git_hooks"]["hooks"]] == ["pre-commit", "post-commit", "post-merge",
                                                                  "post-checkout"]
    assert not any(h["installed"] for h in report["git_hooks"]["hooks"])
    assert [(a["agent"], a["installed"]) for a in report["agent_hooks"]] == [("claude", False), ("codex", False),
                                                                          ("gemini", False), ("cursor", False)]
    assert report["mcp_clients"] == []
    memory = report["memory"]
    assert memory["events"] == 0 and memory["unreadable_lines"] == 0 and not memory["torn_tail"]
    assert memory["log"] == ".kenning/events.jsonl" and memory["index"]["path"] == ".kenning/cache/index.sqlite"


def test_installed_wires_are_reported_with_what_they_run(repo: Repo):
    mine = repo.path / ".git" / "hooks" / "post-merge"
    mine.write_text("#!/usr/bin/env python3\nprint('mine')\n")  # not sh: kept aside and chained
    mine.chmod(0o755)
    repo.ok("hooks", "install")
    repo.ok("hooks", "install", "--agent", "claude")
    (repo.path / ".mcp.json").write_text(json.dumps({"mcpServers": {"kenning": {"command": KEN, "args": ["mcp"]}}}))
    repo.ok("projects", "use", "repo")
    repo.ok("note", "the staging webhook secret rotates weekly")

    report = status(repo)
    assert all(h["installed"] for h in report["git_hooks"]["hooks"])
    assert hook(report, "post-merge")["chained"] == "post-merge.kenning-chained"
    assert hook(report, "pre-commit")["chained"] is None
    claude = agent(report, "claude")
    assert claude["installed"] and claude["file"] == ".claude/settings.json"
    assert {c["event"] for c in claude["commands"]} == {"PreToolUse", "SessionStart", "PostToolUse",
                                                      "PostToolUseFailure", "Stop", "SessionEnd"}
    assert all(c["runs"] and os.access(c["runs"], os.X_OK) for c in claude["commands"])
    assert [(c["client"], c["status"]) for c in report["mcp_clients"]] == [("Claude Code", "ok")]
    assert report["project"]["active"] and report["project"]["active_project"] == "repo"
    assert report["memory"]["events"] == 1

    text = repo.ok("status").stdout
    for words in ("project", "registered as repo; the active project", "git hooks", "post-merge",
                  "then post-merge.kenning-chained", "agent hooks", "claude", "mcp clients", "Claude Code",
                  "1 event, all readable"):
        assert words in text, text


def test_an_agent_hook_whose_ken_is_gone_says_so(repo: Repo):
    settings = repo.path / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text(json.dumps({"hooks": {"PreToolUse": [{"matcher": "Edit", "hooks": [
        {"type": "command", "command": "/nowhere/bin/ken hook pre-tool-use"}]}]}}))
    report = status(repo)
    claude = agent(report, "claude")
    assert claude["commands"] == [{"event": "PreToolUse", "command": "/nowhere/bin/ken hook pre-tool-use",
                                   "runs": None}]
    assert "NOT FOUND" in repo.ok("status").stdout


def test_cursor_hooks_are_reported_beside_the_others_and_checked_by_doctor(repo: Repo):
    """Cursor's flat hooks file (commands listed per event) is read as the grouped files are:
    status names its events and what they run; doctor runs each as Cursor would and says when
    one is missing or cannot start."""
    repo.ok("hooks", "install", "--agent", "cursor")
    cursor = agent(status(repo), "cursor")
    assert cursor["installed"] and cursor["file"] == ".cursor/hooks.json"
    assert {c["event"] for c in cursor["commands"]} == {"preToolUse", "sessionStart"}
    assert all(c["runs"] and os.access(c["runs"], os.X_OK) for c in cursor["commands"])
    assert "cursor" in repo.ok("status").stdout
    assert "cursor         installed (preToolUse, sessionStart)" in repo.ok("hooks", "status").stdout
    doctor = json.loads(repo.ken("doctor", "--json").stdout)
    assert not [p for p in doctor["problems"] if p.get("agent") == "cursor"], doctor["problems"]
    assert {run["status"] for run in doctor["agent_hooks"] if run["agent"] == "cursor"} == {"ok"}

    hooks_file = repo.path / ".cursor" / "hooks.json"
    data = json.loads(hooks_file.read_text())
    data["hooks"]["preToolUse"] = [{"command": "/nowhere/bin/ken hook pre-tool-use --agent cursor"}]
    del data["hooks"]["sessionStart"]
    hooks_file.write_text(json.dumps(data))
    assert agent(status(repo), "cursor")["commands"][0]["runs"] is None
    problems = {p["kind"]: p["message"] for p in json.loads(repo.ken("doctor", "--json").stdout)["problems"]
                if p.get("agent") == "cursor"}
    assert set(problems) == {"agent_hook_fails", "agent_hooks_outdated"}, problems
    assert "no sessionStart hook" in problems["agent_hooks_outdated"]
    assert "ken hooks install --agent cursor" in problems["agent_hook_fails"]


def test_memory_health_counts_unreadable_lines(repo: Repo):
    repo.ok("note", "one")
    repo.append_raw(b"this is not an event\n")
    repo.ok("note", "two")
    memory = status(repo)["memory"]
    assert memory["events"] == 2 and memory["unreadable_lines"] == 1
    r = repo.ok("status")
    assert "2 events, 1 unreadable line" in r.stdout and "ken doctor" in r.stdout


def test_the_git_history_read_and_a_head_that_moved(world: World):
    repo = world.repo()
    repo.ok("init", "--no-hooks")  # with the backfill
    history = status(repo)["git_history"]
    assert history["up_to_date"] and history["head"] == world.git(repo.path, "rev-parse", "HEAD").strip()
    assert history["start"].endswith("Z") and history["reverts_from"] <= history["start"]  # reverts: further back
    (repo.path / "b.py").write_text("b = 1\n")
    world.git(repo.path, "add", "b.py")
    world.git(repo.path, "commit", "-q", "-m", "feat: add b")
    report = status(repo)
    assert not report["git_history"]["up_to_date"]
    assert "HEAD has moved since" in repo.ok("status").stdout


def test_a_repository_without_kenning_is_reported_not_refused(bare_repo: Repo):
    report = status(bare_repo)
    assert not report["project"]["initialized"] and not report["project"]["registered"]
    assert report["memory"] is None and report["git_history"] is None
    assert "not set up here: run `ken init`" in bare_repo.ok("status").stdout


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_outside_a_repository_is_one_line_and_exit_3(world: World, tmp_path: Path):
    elsewhere = tmp_path / "plain"
    elsewhere.mkdir()
    r = world.repo().ken("status", cwd=elsewhere)
    assert r.returncode == 3 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_a_broken_config_is_reported(repo: Repo):
    (repo.path / ".kenning" / "config.toml").write_text("[gate]\nagent = 1\nagent = 2\n")
    report = status(repo)
    assert "config.toml is not valid TOML" in report["memory"]["config_error"]
    assert "config       " in repo.ok("status").stdout
