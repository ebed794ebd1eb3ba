"""``ken hooks install --agent gemini|cursor``: the files each agent reads, and the installed
commands fed the payloads Gemini CLI and Cursor send, answered in their dialects (Gemini CLI:
``decision``/``reason``, packages/core/src/hooks/types.ts; Cursor: ``permission`` and
``agent_message``, ``additional_context``, cursor.com/docs/hooks)."""

from __future__ import annotations

import json
import subprocess
from typing import Any

from .conftest import Repo


def _run(repo: Repo, command: str, payload: dict[str, Any]) -> dict[str, Any]:
    r = subprocess.run(["sh", "-c", command], cwd=repo.path, env=repo.world.env, input=json.dumps(payload),
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    return dict(json.loads(r.stdout)) if r.stdout.strip() else {}


def test_gemini_hooks_gate_edits_and_start_sessions_in_its_dialect(repo: Repo) -> None:
    repo.block("src/a.py")
    repo.ok("hooks", "install", "--agent", "gemini")
    hooks = json.loads((repo.path / ".gemini" / "settings.json").read_text())["hooks"]
    before = hooks["BeforeTool"][0]
    assert before["matcher"] == "write_file|replace" and before["hooks"][0]["timeout"] == 30_000  # milliseconds
    edit = {"session_id": "g1", "transcript_path": "/tmp/t.json", "cwd": str(repo.path),
            "hook_event_name": "BeforeTool", "timestamp": "2030-06-30T12:00:00.000Z", "tool_name": "replace",
            "tool_input": {"file_path": str(repo.path / "src" / "a.py"), "instruction": "change a",
                           "old_string": "a = 1\n", "new_string": "a = 2\n"}}
    first = _run(repo, before["hooks"][0]["command"], edit)
    assert first["decision"] == "deny" and "lock the writer" in first["reason"]
    assert "hookSpecificOutput" not in first  # BeforeTool would read it as a changed tool input
    again = _run(repo, before["hooks"][0]["command"], edit)  # seen once: let through, the user told
    assert "decision" not in again and "lock the writer" in again["systemMessage"]
    start = _run(repo, hooks["SessionStart"][0]["hooks"][0]["command"],
                 {"session_id": "g1", "transcript_path": "/tmp/t.json", "cwd": str(repo.path),
                  "hook_event_name": "SessionStart", "timestamp": "2030-06-30T12:00:00.000Z", "source": "startup"})
    assert start["hookSpecificOutput"]["hookEventName"] == "SessionStart"
    assert "loses writes" in start["hookSpecificOutput"]["additionalContext"]


def test_cursor_hooks_gate_edits_and_start_sessions_in_its_dialect(repo: Repo) -> None:
    repo.block("src/a.py")
    (repo.path / ".cursor").mkdir()
    (repo.path / ".cursor" / "hooks.json").write_text(json.dumps(
        {"version": 1, "hooks": {"afterFileEdit": [{"command": "./format.sh"}]}}))
    repo.ok("hooks", "install", "--agent", "cursor")
    data = json.loads((repo.path / ".cursor" / "hooks.json").read_text())
    assert data["hooks"]["afterFileEdit"] == [{"command": "./format.sh"}]  # the user's own hook is kept
    assert "alwaysApply: true" in (repo.path / ".cursor" / "rules" / "kenning.mdc").read_text()
    roots = {"conversation_id": "k1", "generation_id": "gen-1", "workspace_roots": [str(repo.path)]}
    edit = {**roots, "hook_event_name": "preToolUse", "tool_name": "Write",
            "tool_input": {"file_path": str(repo.path / "src" / "a.py"), "content": "a = 2\n"}}
    pre = data["hooks"]["preToolUse"][0]
    assert pre["matcher"] == "Write"
    denied = _run(repo, pre["command"], edit)
    assert denied["permission"] == "deny" and "double the buffer" in denied["agent_message"]
    assert set(denied) <= {"permission", "user_message", "agent_message"}
    quiet = _run(repo, pre["command"], {**edit, "tool_input": {"file_path": str(repo.path / "src" / "quiet.py"),
                                                               "content": "q = 2\n"}})
    assert quiet == {"permission": "allow"}  # nothing to say: Cursor, which reads an answer every time, goes ahead
    start = _run(repo, data["hooks"]["sessionStart"][0]["command"], {**roots, "hook_event_name": "sessionStart"})
    assert set(start) == {"additional_context"} and "loses writes" in start["additional_context"]
    repo.ok("hooks", "uninstall", "--agent", "cursor")
    assert json.loads((repo.path / ".cursor" / "hooks.json").read_text())["hooks"] == {
        "afterFileEdit": [{"command": "./format.sh"}]}
