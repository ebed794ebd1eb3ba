"""``ken hooks install|uninstall|status --agent claude|codex``: merging into a shared settings file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .conftest import EDIT_TOOLS, Repo

SETTINGS = {"claude": Path(".claude") / "settings.json", "codex": Path(".codex") / "hooks.json"}
USER_PRE = {"matcher": "Bash", "hooks": [{"type": "command", "command": "./scripts/check-bash.sh", "timeout": 5}]}
USER_POST = {"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "npx prettier --write ."}]}
USER_STOP = {"hooks": [{"type": "command", "command": "say done"}]}


def user_settings() -> dict:
    return {
        "$schema": "https://json.schemastore.org/claude-code-settings.json",
        "model": "keep-me",
        "permissions": {"allow": ["Bash(npm run test:*)"], "deny": ["Read(./.env)"]},
        "env": {"FOO": "bar"},
        "hooks": {"PreToolUse": [USER_PRE], "PostToolUse": [USER_POST], "Stop": [USER_STOP]},
    }


def seed(repo: Repo, agent: str, data: object) -> Path:
    path = repo.path / SETTINGS[agent]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=4) + "\n")
    return path


def ours(settings: dict, event: str) -> list[dict]:
    """Kenning's matcher groups under ``event``."""
    return [g for g in settings.get("hooks", {}).get(event, [])
            if any("ken" in h.get("command", "") for h in g.get("hooks", []))]


def commands(settings: dict) -> list[str]:
    return [h["command"] for groups in settings.get("hooks", {}).values() for g in groups
            for h in g.get("hooks", []) if h.get("type") == "command"]


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_install_merges_keeps_everything_and_is_idempotent(repo: Repo, agent: str):
    path = seed(repo, agent, user_settings())
    r = repo.ok("hooks", "install", "--agent", agent)
    assert str(SETTINGS[agent]) in r.stdout
    settings = json.loads(path.read_text())

    before = user_settings()
    for key in ("$schema", "model", "permissions", "env"):
        assert settings[key] == before[key]
    assert settings["hooks"]["PreToolUse"][0] == USER_PRE  # the user's own group stays, first
    assert settings["hooks"]["PostToolUse"] == [USER_POST]
    assert settings["hooks"]["Stop"] == [USER_STOP]

    pre, start = ours(settings, "PreToolUse"), ours(settings, "SessionStart")
    assert len(pre) == 1 and len(start) == 1
    tools = set(pre[0]["matcher"].split("|"))
    expected = set(EDIT_TOOLS.split("|")) if agent == "claude" else {"Edit", "Write", "MultiEdit"}
    assert expected <= tools
    assert "startup" in start[0]["matcher"] and "resume" in start[0]["matcher"]
    assert [h["command"] for h in pre[0]["hooks"]] == ["ken hook pre-tool-use"]
    assert [h["command"] for h in start[0]["hooks"]] == ["ken hook session-start"]
    for group in (*pre, *start):
        assert all(h["type"] == "command" for h in group["hooks"])

    snapshot = path.read_bytes()
    r = repo.ok("hooks", "install", "--agent", agent)
    assert "unchanged" in r.stdout
    assert path.read_bytes() == snapshot, "a second install changed the file"


def test_claude_session_start_matches_compact(repo: Repo):
    repo.ok("hooks", "install", "--agent", "claude")
    settings = json.loads((repo.path / SETTINGS["claude"]).read_text())
    assert set(ours(settings, "SessionStart")[0]["matcher"].split("|")) == {"startup", "resume", "compact"}
    assert ours(settings, "PreToolUse")[0]["matcher"] == EDIT_TOOLS


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_commands_are_plain_ken_words(repo: Repo, agent: str):
    """The file is shared by the team and may run under cmd.exe: no path, no shell syntax."""
    repo.ok("hooks", "install", "--agent", agent)
    settings = json.loads((repo.path / SETTINGS[agent]).read_text())
    mine = [c for c in commands(settings) if "ken" in c]
    assert sorted(mine) == ["ken hook pre-tool-use", "ken hook session-start"]
    for command in mine:
        assert re.fullmatch(r"ken hook [a-z-]+", command), command
        for bad in ("$", "&&", "||", "|", ";", "'", '"', "/", "\\", "`", ">", "<", "%"):
            assert bad not in command, (bad, command)
    text = (repo.path / SETTINGS[agent]).read_text()
    assert str(repo.path) not in text and str(repo.world.base) not in text


def test_install_creates_the_file_when_missing(repo: Repo):
    assert not (repo.path / ".claude").exists()
    repo.ok("hooks", "install", "--agent", "claude")
    settings = json.loads((repo.path / SETTINGS["claude"]).read_text())
    assert set(settings) == {"hooks"}
    assert set(settings["hooks"]) == {"PreToolUse", "SessionStart"}


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_uninstall_removes_only_kennings_entries(repo: Repo, agent: str):
    path = seed(repo, agent, user_settings())
    repo.ok("hooks", "install", "--agent", agent)
    repo.ok("hooks", "uninstall", "--agent", agent)
    after = json.loads(path.read_text())
    assert after == user_settings()
    assert not any("ken" in c for c in commands(after))
    # the user's entries keep their exact bytes (as json.dumps would re-render them)
    for event, group in (("PreToolUse", USER_PRE), ("PostToolUse", USER_POST), ("Stop", USER_STOP)):
        assert json.dumps(after["hooks"][event][0]) == json.dumps(group)
    snapshot = path.read_bytes()
    repo.ok("hooks", "uninstall", "--agent", agent)
    assert path.read_bytes() == snapshot


def test_uninstall_keeps_a_user_hook_sharing_kennings_event(repo: Repo):
    """A user's SessionStart hook survives uninstall; kenning's SessionStart group goes."""
    user_start = {"matcher": "startup", "hooks": [{"type": "command", "command": "echo hello"}]}
    path = seed(repo, "claude", {"hooks": {"SessionStart": [user_start]}})
    repo.ok("hooks", "install", "--agent", "claude")
    assert len(json.loads(path.read_text())["hooks"]["SessionStart"]) == 2
    repo.ok("hooks", "uninstall", "--agent", "claude")
    assert json.loads(path.read_text()) == {"hooks": {"SessionStart": [user_start]}}


def test_uninstall_without_a_file_creates_nothing(repo: Repo):
    r = repo.ok("hooks", "uninstall", "--agent", "claude")
    assert "unchanged" in r.stdout
    assert not (repo.path / ".claude").exists()


@pytest.mark.parametrize("agent", ["claude", "codex"])
@pytest.mark.parametrize("action", ["install", "uninstall"])
def test_invalid_json_is_refused_with_one_line_and_left_alone(repo: Repo, agent: str, action: str):
    path = repo.path / SETTINGS[agent]
    path.parent.mkdir(parents=True)
    broken = b'{"hooks": {"PreToolUse": [ ,]}, // a comment\n'
    path.write_bytes(broken)
    r = repo.ken("hooks", action, "--agent", agent)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "JSON" in lines[0] and SETTINGS[agent].name in lines[0], r.stderr
    assert path.read_bytes() == broken


def test_hooks_not_an_object_is_refused(repo: Repo):
    path = seed(repo, "claude", {"hooks": ["not", "an", "object"]})
    before = path.read_bytes()
    r = repo.ken("hooks", "install", "--agent", "claude")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert path.read_bytes() == before


def test_status(repo: Repo):
    def status() -> dict[str, str]:
        out = repo.ok("hooks", "status", "--agent", "claude").stdout
        return {line.split()[0]: line for line in out.splitlines() if line.strip()}

    assert "not installed" in status()["claude"]
    seed(repo, "claude", user_settings())
    assert "not installed" in status()["claude"]  # user hooks are not kenning's
    repo.ok("hooks", "install", "--agent", "claude")
    line = status()["claude"]
    assert "installed" in line and "not installed" not in line
    assert "PreToolUse" in line and "SessionStart" in line
    assert "not installed" in status()["codex"]
    repo.ok("hooks", "uninstall", "--agent", "claude")
    assert "not installed" in status()["claude"]


def test_install_then_uninstall_round_trips_a_file_byte_for_byte(repo: Repo):
    """A file already in the two-space JSON kenning writes comes back with the same bytes."""
    path = seed(repo, "claude", {})
    text = json.dumps(user_settings(), indent=2) + "\n"
    path.write_text(text)
    repo.ok("hooks", "install", "--agent", "claude")
    assert path.read_text() != text
    repo.ok("hooks", "uninstall", "--agent", "claude")
    assert path.read_text() == text


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_uninstall_leaves_no_trace_in_a_file_without_hooks(repo: Repo, agent: str):
    """install adds a "hooks" table to a settings file that had none; uninstall must not leave
    an empty one behind (the file is shared and tracked: `git diff` would show the residue)."""
    path = seed(repo, agent, {})
    text = json.dumps({"model": "keep-me", "env": {"FOO": "bar"}}, indent=2) + "\n"
    path.write_text(text)
    repo.ok("hooks", "install", "--agent", agent)
    repo.ok("hooks", "uninstall", "--agent", agent)
    assert json.loads(path.read_text()) == {"model": "keep-me", "env": {"FOO": "bar"}}
    assert path.read_text() == text
