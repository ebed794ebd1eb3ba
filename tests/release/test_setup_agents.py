"""The acceptance of the release: in a clean HOME, ``ken`` installed from the built wheel,
``ken setup --agent X`` for each agent, then each installed hook fed a payload exactly as that
agent sends it (shapes from the agents' sources, cited beside each), its reply held to what the
agent's output parser accepts."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from machine import isolated_env, run_git  # noqa: E402  (tests/ is on sys.path: its conftest.py)

pytestmark = pytest.mark.slow

NOW = "2030-06-30T12:00:00Z"
DATE = "@1908964800 +0000"
PATCH = "*** Begin Patch\n*** Update File: src/a.py\n@@\n-a = 1\n+a = 2\n*** End Patch\n"
# the top-level fields each parser knows: Claude Code's and Codex's hook output (Codex rejects
# "ask", codex-rs/hooks/src/engine/output_parser.rs), Gemini CLI's HookOutput
# (packages/core/src/hooks/types.ts), Cursor's preToolUse and sessionStart (cursor.com/docs/hooks)
COMMON = {"continue", "stopReason", "suppressOutput", "systemMessage", "decision", "reason", "hookSpecificOutput"}


def _claude_pre(repo: Path) -> dict[str, Any]:
    return {"session_id": "s1", "transcript_path": str(repo / "t.jsonl"), "cwd": str(repo),
            "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Edit",
            "tool_input": {"file_path": str(repo / "src" / "a.py"), "old_string": "a = 1\n", "new_string": "a = 2\n",
                           "replace_all": False}}


def _codex_pre(repo: Path) -> dict[str, Any]:
    return {"session_id": "c1", "turn_id": "turn-1", "transcript_path": None, "cwd": str(repo),
            "hook_event_name": "PreToolUse", "model": "gpt-5-codex", "permission_mode": "default",
            "tool_name": "apply_patch", "tool_input": {"command": PATCH}, "tool_use_id": "call_1"}


def _gemini_pre(repo: Path) -> dict[str, Any]:  # BeforeToolInput; replace's params (base-declarations.ts)
    return {"session_id": "g1", "transcript_path": str(repo / "t.json"), "cwd": str(repo),
            "hook_event_name": "BeforeTool", "timestamp": "2030-06-30T12:00:00.000Z", "tool_name": "replace",
            "tool_input": {"file_path": str(repo / "src" / "a.py"), "instruction": "change a",
                           "old_string": "a = 1\n", "new_string": "a = 2\n"}}


def _cursor_pre(repo: Path) -> dict[str, Any]:
    return {"conversation_id": "k1", "generation_id": "gen-1", "hook_event_name": "preToolUse",
            "workspace_roots": [str(repo)], "cursor_version": "2.0.77", "tool_name": "Write",
            "tool_input": {"file_path": str(repo / "src" / "a.py"), "content": "a = 2\n"}}


def _start(agent: str, repo: Path) -> dict[str, Any]:
    if agent == "cursor":
        return {"conversation_id": "k1", "generation_id": "gen-1", "hook_event_name": "sessionStart",
                "workspace_roots": [str(repo)]}
    extra = {"model": "gpt-5-codex", "permission_mode": "default"} if agent == "codex" else \
        {"timestamp": "2030-06-30T12:00:00.000Z"} if agent == "gemini" else {}
    return {"session_id": "s1", "transcript_path": None, "cwd": str(repo), "hook_event_name": "SessionStart",
            "source": "startup", **extra}


PRE = {"claude": _claude_pre, "codex": _codex_pre, "gemini": _gemini_pre, "cursor": _cursor_pre}
FILES = {"claude": ".claude/settings.json", "codex": ".codex/hooks.json", "gemini": ".gemini/settings.json",
         "cursor": ".cursor/hooks.json"}
EVENTS = {"claude": ("PreToolUse", "SessionStart"), "codex": ("PreToolUse", "SessionStart"),
          "gemini": ("BeforeTool", "SessionStart"), "cursor": ("preToolUse", "sessionStart")}


def _commands(agent: str, repo: Path) -> tuple[str, str]:
    """The commands the agent's settings file runs before an edit and at session start."""
    hooks = json.loads((repo / FILES[agent]).read_text())["hooks"]
    pre, start = (hooks[event] for event in EVENTS[agent])
    if agent == "cursor":
        return pre[0]["command"], start[0]["command"]
    return pre[0]["hooks"][0]["command"], start[0]["hooks"][0]["command"]


def _accepted(agent: str, event: str, reply: dict[str, Any]) -> None:
    """Fails unless ``reply`` is what ``agent``'s parser takes for ``event``."""
    if agent == "cursor":
        allowed = {"permission", "user_message", "agent_message", "updated_input"} if event == "pre" else \
            {"additional_context", "env", "continue"}
        assert set(reply) <= allowed, reply
        if event == "pre":
            assert reply["permission"] in ("allow", "deny", "ask")
        return
    assert set(reply) <= COMMON, reply
    specific = reply.get("hookSpecificOutput") or {}
    if agent == "gemini":
        assert reply.get("decision") in (None, "ask", "block", "deny", "approve", "allow"), reply
        return
    assert specific.get("hookEventName") == ("PreToolUse" if event == "pre" else "SessionStart"), reply
    allowed = ("allow", "deny") if agent == "codex" else ("allow", "deny", "ask")
    assert specific.get("permissionDecision") in (None, *allowed), reply
    if specific.get("permissionDecision") == "deny":
        assert specific.get("permissionDecisionReason") and "additionalContext" not in specific, reply


def _denied(agent: str, reply: dict[str, Any]) -> str:
    """The reason the agent shows its model for a refused edit."""
    if agent == "cursor":
        assert reply["permission"] == "deny"
        return str(reply["agent_message"])
    if agent == "gemini":
        assert reply["decision"] == "deny"
        return str(reply["reason"])
    assert reply["hookSpecificOutput"]["permissionDecision"] == "deny"
    return str(reply["hookSpecificOutput"]["permissionDecisionReason"])


@pytest.mark.parametrize("agent", ["claude", "codex", "gemini", "cursor"])
def test_setup_then_each_hook_answers_in_the_agents_dialect(agent: str, installed: Path, tmp_path: Path) -> None:
    env = isolated_env(tmp_path, KEN_NOW=NOW, GIT_AUTHOR_DATE=DATE, GIT_COMMITTER_DATE=DATE,
                       PATH=f"{installed}{os.pathsep}/usr/bin:/bin")
    repo = tmp_path / "repo"
    (repo / "src").mkdir(parents=True)
    (repo / "src" / "a.py").write_text("a = 1\n")
    run_git(["init", "-q"], repo, env)
    run_git(["add", "-A"], repo, env)
    run_git(["commit", "-q", "-m", "initial"], repo, env)

    def ken(*args: str) -> str:
        r = subprocess.run(["ken", *args], cwd=repo, env=env, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0 and "Traceback" not in r.stderr, f"ken {args}: {r.stdout}{r.stderr}"
        return r.stdout

    ken("init", "--no-hooks", "--no-backfill")
    issue = json.loads(ken("issue", "a.py loses writes", "--at", "src/a.py", "--json"))["issue_id"]
    for summary in ("retry the flush", "lock the writer", "double the buffer"):
        ken("attempt", summary, "--failed", "--issue", issue, "--at", "src/a.py")

    said = ken("setup", "--agent", agent)
    assert FILES[agent] in said and "created" in said
    assert "created" not in ken("setup", "--agent", agent) and "updated" not in ken("setup", "--agent", agent)

    pre, start = _commands(agent, repo)
    for event, command, payload in (("pre", pre, PRE[agent](repo)), ("start", start, _start(agent, repo))):
        # the agent runs the command with a shell, in the project, the payload on stdin
        r = subprocess.run(["sh", "-c", command], cwd=repo, env=env, input=json.dumps(payload),
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0 and r.stderr == "", r.stderr
        reply = json.loads(r.stdout)
        _accepted(agent, event, reply)
        if event == "pre":
            assert "retry the flush" in _denied(agent, reply)
        else:
            assert "a.py loses writes" in json.dumps(reply)
