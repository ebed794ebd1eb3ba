"""``ken hooks install|uninstall|status --agent claude|codex``: merging into a shared settings file."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
from pathlib import Path

import pytest

from machine import KEN  # noqa: E402  (tests/ is on sys.path: its conftest.py)

from .conftest import BARE_PATH, EDIT_TOOLS, SETTINGS, Repo, edit, fallback_of, installed_command, session_start

START_SOURCES = {"startup", "resume", "clear", "compact"}  # Claude Code's hooks reference; Codex's SessionStartSource
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
    assert settings["hooks"]["PostToolUse"][0] == USER_POST  # the user's own groups stay, first
    assert settings["hooks"]["Stop"][0] == USER_STOP
    post, end = ours(settings, "PostToolUse"), ours(settings, "Stop")
    assert [h["command"] for h in post[0]["hooks"]] == [installed_command("post-tool-use", agent)]
    assert {"Bash", "Edit", "Write"} <= set(post[0]["matcher"].split("|"))
    assert [h["command"] for h in end[0]["hooks"]] == [installed_command("session-end", agent)]
    assert "matcher" not in end[0]  # Stop takes no matcher

    pre, start = ours(settings, "PreToolUse"), ours(settings, "SessionStart")
    assert len(pre) == 1 and len(start) == 1
    tools = set(pre[0]["matcher"].split("|"))
    expected = set(EDIT_TOOLS.split("|")) if agent == "claude" else {"Edit", "Write", "MultiEdit", "apply_patch"}
    assert expected <= tools
    assert set(start[0]["matcher"].split("|")) == START_SOURCES
    assert [h["command"] for h in pre[0]["hooks"]] == [installed_command("pre-tool-use", agent)]
    assert [h["command"] for h in start[0]["hooks"]] == [installed_command("session-start", agent)]
    for group in (*pre, *start):
        assert all(h["type"] == "command" for h in group["hooks"])

    snapshot = path.read_bytes()
    r = repo.ok("hooks", "install", "--agent", agent)
    assert "unchanged" in r.stdout
    assert path.read_bytes() == snapshot, "a second install changed the file"


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_session_start_runs_after_clear_and_compact(repo: Repo, agent: str):
    repo.ok("hooks", "install", "--agent", agent)
    settings = repo.settings(agent)
    assert set(ours(settings, "SessionStart")[0]["matcher"].split("|")) == START_SOURCES
    if agent == "claude":
        assert ours(settings, "PreToolUse")[0]["matcher"] == EDIT_TOOLS


def run_installed(repo: Repo, command: str, payload: dict, path: str = BARE_PATH) -> subprocess.CompletedProcess:
    """The installed command as the agent runs it: a shell, in the repository, the payload on
    stdin, and a PATH without ken's folder."""
    env = {**repo.world.env, "PATH": path}
    return subprocess.run(["/bin/sh", "-c", command], cwd=repo.path, env=env, input=json.dumps(payload),
                          capture_output=True, text=True, timeout=60)


@pytest.mark.skipif(os.name == "nt", reason="POSIX shells")
@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_installed_commands_run_without_ken_on_the_agents_path(repo: Repo, agent: str):
    """An agent's PATH may not hold ken (a desktop launcher, an IDE): the command names ken by its
    absolute path, so it still answers: the summary at session start, the gate before an edit."""
    repo.block("src/a.py")
    repo.ok("hooks", "install", "--agent", agent)
    settings = repo.settings(agent)
    mine = [c for c in commands(settings) if "ken" in c]
    # the gate, the summary, and the capture hooks: after a tool call (and a failed one), at a turn's end
    assert len(mine) == (6 if agent == "claude" else 4)
    for command in mine:
        words = shlex.split(command)
        assert os.path.isabs(fallback_of(command))
        assert words[1:3] == ["hook", words[2]] and words[3:] == ["--agent", agent]
    start = run_installed(repo, ours(settings, "SessionStart")[0]["hooks"][0]["command"], session_start(repo))
    assert start.returncode == 0, start.stderr
    told = json.loads(start.stdout)["hookSpecificOutput"]["additionalContext"]
    assert told.encode() == (repo.path / ".kenning" / "summary.md").read_bytes()
    pre = run_installed(repo, ours(settings, "PreToolUse")[0]["hooks"][0]["command"], edit(repo, "src/a.py"))
    assert pre.returncode == 0, pre.stderr
    assert json.loads(pre.stdout)["hookSpecificOutput"]["permissionDecision"] == "deny"


@pytest.mark.skipif(os.name == "nt", reason="POSIX shells")
def test_a_teammates_clone_runs_the_ken_on_its_own_path(repo: Repo):
    """The settings file is committed: on a teammate's machine the installer's path does not
    exist, and the command runs the ken on that machine's PATH instead."""
    repo.block("src/a.py")
    repo.ok("hooks", "install", "--agent", "claude")
    command = ours(repo.settings("claude"), "PreToolUse")[0]["hooks"][0]["command"]
    elsewhere = command.replace(fallback_of(command), "/nonexistent/ken")
    pre = run_installed(repo, elsewhere, edit(repo, "src/a.py"), path=f"{Path(str(KEN)).parent}:{BARE_PATH}")
    assert pre.returncode == 0, pre.stderr
    assert json.loads(pre.stdout)["hookSpecificOutput"]["permissionDecision"] == "deny"
    missing = run_installed(repo, elsewhere, edit(repo, "src/a.py"))
    assert missing.returncode == 127  # neither: what `ken doctor` reports


@pytest.mark.skipif(os.name == "nt", reason="POSIX shells")
def test_a_ken_path_with_spaces_and_quotes_is_shell_quoted(repo: Repo, tmp_path):
    """ken reached through a folder whose name a shell would split: the command still runs."""
    folder = tmp_path / "my tools 'v2'"
    folder.mkdir()
    (folder / "ken").symlink_to(KEN)
    r = subprocess.run([str(folder / "ken"), "hooks", "install", "--agent", "claude"], cwd=repo.path,
                       env=repo.world.env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    command = ours(repo.settings("claude"), "SessionStart")[0]["hooks"][0]["command"]
    assert fallback_of(command) == str(folder / "ken")
    ran = run_installed(repo, command, session_start(repo))
    assert ran.returncode == 0 and json.loads(ran.stdout)["hookSpecificOutput"]["hookEventName"] == "SessionStart"


# what `ken hooks install` wrote before commands named ken by its path
OLD_PRE = {"matcher": EDIT_TOOLS, "hooks": [{"type": "command", "command": "ken hook pre-tool-use", "timeout": 30}]}
OLD_START = {"matcher": "startup|resume|compact",
             "hooks": [{"type": "command", "command": "ken hook session-start", "timeout": 30}]}


def test_reinstalling_upgrades_old_entries_where_they_stand(repo: Repo):
    user_start = {"matcher": "startup", "hooks": [{"type": "command", "command": "echo hello"}]}
    path = seed(repo, "claude", {"model": "keep-me", "hooks": {
        "PreToolUse": [USER_PRE, OLD_PRE, USER_POST], "SessionStart": [OLD_START, user_start], "Stop": [USER_STOP]}})
    line = repo.ok("hooks", "status", "--agent", "claude").stdout
    assert "out of date" in line and "clear" in line and "PATH" in line
    assert "ken hooks install --agent claude" in line

    repo.ok("hooks", "install", "--agent", "claude")
    hooks = json.loads(path.read_text())["hooks"]
    assert hooks["PreToolUse"][0] == USER_PRE and hooks["PreToolUse"][2] == USER_POST  # order kept
    assert hooks["PreToolUse"][1] == {"matcher": EDIT_TOOLS, "hooks": [
        {"type": "command", "command": installed_command("pre-tool-use", "claude"), "timeout": 30}]}
    assert hooks["SessionStart"][1] == user_start
    assert hooks["SessionStart"][0]["matcher"] == "startup|resume|clear|compact"
    assert [h["command"] for h in hooks["SessionStart"][0]["hooks"]] == [installed_command("session-start", "claude")]
    assert hooks["Stop"][0] == USER_STOP and len(hooks["PreToolUse"]) == 3 and len(hooks["SessionStart"]) == 2
    line = repo.ok("hooks", "status", "--agent", "claude").stdout
    assert "installed" in line and "out of date" not in line
    snapshot = path.read_bytes()
    assert "unchanged" in repo.ok("hooks", "install", "--agent", "claude").stdout
    assert path.read_bytes() == snapshot


def test_duplicate_and_other_forms_of_kennings_entries_collapse_into_one(repo: Repo):
    """Every form kenning ever wrote is recognized: bare, by path, through `python -m kenning`."""
    by_module = {"matcher": "Edit", "hooks": [{"type": "command", "command": "/usr/bin/python3 -m kenning hook "
                                                                           "pre-tool-use"}]}
    shared = {"matcher": "Write", "hooks": [{"type": "command", "command": "./lint.sh"},
                                            {"type": "command", "command": "'/opt/ken tools/ken' hook pre-tool-use"}]}
    path = seed(repo, "codex", {"hooks": {"PreToolUse": [by_module, OLD_PRE, shared]}})
    repo.ok("hooks", "install", "--agent", "codex")
    pre = json.loads(path.read_text())["hooks"]["PreToolUse"]
    assert pre == [{"matcher": "Edit|Write|MultiEdit|apply_patch", "hooks": [
        {"type": "command", "command": installed_command("pre-tool-use", "codex"), "timeout": 30}]},
        {"matcher": "Write", "hooks": [{"type": "command", "command": "./lint.sh"}]}]
    repo.ok("hooks", "uninstall", "--agent", "codex")
    assert json.loads(path.read_text()) == {"hooks": {"PreToolUse": [
        {"matcher": "Write", "hooks": [{"type": "command", "command": "./lint.sh"}]}]}}


def test_codex_install_says_how_to_trust_the_hooks(repo: Repo):
    """Codex skips new or changed hooks until the user trusts them in /hooks (its hooks docs)."""
    r = repo.ok("hooks", "install", "--agent", "codex")
    assert "/hooks" in r.stdout and "trust" in r.stdout
    assert "trust" not in repo.ok("hooks", "install", "--agent", "codex").stdout  # nothing changed: nothing to do
    assert "trust" not in repo.ok("hooks", "install", "--agent", "claude").stdout


def test_install_creates_the_file_when_missing(repo: Repo):
    assert not (repo.path / ".claude").exists()
    repo.ok("hooks", "install", "--agent", "claude")
    settings = json.loads((repo.path / SETTINGS["claude"]).read_text())
    assert set(settings) == {"hooks"}
    assert set(settings["hooks"]) == {"PreToolUse", "SessionStart", "PostToolUse", "PostToolUseFailure", "Stop",
                                      "SessionEnd"}


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
    def status(*agent: str) -> dict[str, str]:
        out = repo.ok("hooks", "status", *(("--agent", *agent) if agent else ())).stdout
        return {line.split()[0]: line for line in out.splitlines() if line.strip()}

    assert "not installed" in status("claude")["claude"]
    seed(repo, "claude", user_settings())
    assert "not installed" in status("claude")["claude"]  # user hooks are not kenning's
    repo.ok("hooks", "install", "--agent", "claude")
    line = status("claude")["claude"]
    assert "installed" in line and "not installed" not in line
    assert "PreToolUse" in line and "SessionStart" in line and str(SETTINGS["claude"]) in line
    assert set(status("claude")) == {"claude"}  # only the agent asked about
    assert set(status("codex")) == {"codex"} and "not installed" in status("codex")["codex"]
    everything = status()  # without --agent: the git hooks and both agents
    assert {"pre-commit", "claude", "codex"} <= set(everything)
    assert "not installed" not in everything["claude"] and "not installed" in everything["codex"]
    repo.ok("hooks", "uninstall", "--agent", "claude")
    assert "not installed" in status("claude")["claude"]


def test_status_json(repo: Repo):
    repo.ok("hooks", "install", "--agent", "codex")
    one = json.loads(repo.ok("hooks", "status", "--agent", "codex", "--json").stdout)
    assert list(one) == ["agents"] and [a["agent"] for a in one["agents"]] == ["codex"]
    codex = one["agents"][0]
    assert codex["installed"] is True and codex["outdated"] == [] and codex["problem"] is None
    assert codex["file"] == str(repo.path / SETTINGS["codex"])
    assert codex["hooks"] == {
        "PreToolUse": [{"matcher": "Edit|Write|MultiEdit|apply_patch",
                        "command": installed_command("pre-tool-use", "codex")}],
        "SessionStart": [{"matcher": "startup|resume|clear|compact",
                          "command": installed_command("session-start", "codex")}],
        "PostToolUse": [{"matcher": "Bash|Edit|Write|apply_patch",
                         "command": installed_command("post-tool-use", "codex")}],
        "Stop": [{"matcher": None, "command": installed_command("session-end", "codex")}]}
    every = json.loads(repo.ok("hooks", "status", "--json").stdout)
    assert [a["agent"] for a in every["agents"]] == ["claude", "codex", "gemini", "cursor"]
    assert every["agents"][0]["installed"] is False
    assert {g["hook"] for g in every["git"]} == {"pre-commit", "post-commit", "post-merge", "post-checkout"}
    assert every["hooks_folder"]
    seed(repo, "claude", [1, 2])
    broken = json.loads(repo.ok("hooks", "status", "--agent", "claude", "--json").stdout)["agents"][0]
    assert broken["installed"] is False and "JSON object" in broken["problem"]


def test_an_event_that_is_not_a_list_is_refused(repo: Repo):
    path = seed(repo, "claude", {"hooks": {"SessionStart": {"matcher": "startup"}}})
    before = path.read_bytes()
    r = repo.ken("hooks", "install", "--agent", "claude")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "SessionStart" in r.stderr
    assert path.read_bytes() == before


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
