"""Failed attempts captured from an agent session, end to end: the hooks `ken hooks install` writes,
run as real `ken hook` processes with the payloads Claude Code and Codex send (``samples.py``),
against a real repository whose files the replayed tool calls really change."""

from __future__ import annotations

import json

from agent.conftest import Repo, World, context, edit
from agent.samples import (
    PYTEST_FAILED,
    PYTEST_PASSED,
    claude_bash,
    claude_edit,
    claude_session_end,
    claude_session_start,
    claude_stop,
    codex_bash,
    codex_patch,
    codex_stop,
)

SESSION = "0d9b6c1e-7f00-4a5e-9d1c-3a6b2e4f5a01"


def captured(repo: Repo) -> list[dict]:
    lines = (repo.path / ".kenning" / "events.jsonl").read_text().splitlines()
    return [e for e in map(json.loads, filter(None, lines)) if e.get("captured")]


def quiet(repo: Repo, name: str, payload: dict, agent: str) -> None:
    """A capture hook: exit 0, nothing on stdout (every agent's "go on"), no traceback."""
    r = repo.hook(name, payload, agent=agent)
    assert (r.returncode, r.stdout) == (0, ""), r.stderr
    assert "Traceback" not in r.stderr


def test_claude_code_edit_fail_undo_then_pass_is_one_failed_attempt_the_next_session_sees(world: World) -> None:
    repo = world.repo()
    repo.ok("hooks", "install", "--agent", "claude")
    cwd, path = str(repo.path), str(repo.path / "src/a.py")
    token = "sk-ant-api03-" + "Zx9" * 30
    steps = [("a = 2\n", None), (None, (f"ANTHROPIC_API_KEY={token} pytest -q", PYTEST_FAILED, 1)),
             (None, ("git checkout -- src/a.py", "", 0)), ("a = 3\n", None),
             (None, ("pytest -q", PYTEST_PASSED, 0))]
    for n, (text, run) in enumerate(steps):
        call = f"toolu_{n:02d}"
        if text is not None:
            old = (repo.path / "src/a.py").read_text()
            repo.write("src/a.py", text)
            quiet(repo, "post-tool-use", claude_edit(cwd, SESSION, path, old, text, old, call), "claude")
        else:
            command, output, code = run
            if command.startswith("git "):
                repo.git(*command.split()[1:])
            payload = claude_bash(cwd, SESSION, command, output, code, call)
            quiet(repo, "post-tool-use", payload, "claude")
            quiet(repo, "post-tool-use", payload, "claude")  # a hook run twice: counted once
    for end in (claude_stop(cwd, SESSION), claude_session_end(cwd, SESSION), claude_stop(cwd, SESSION)):
        quiet(repo, "session-end", end, "claude")  # resumed and ended again: nothing written twice

    [event] = captured(repo)
    assert event["location"] == "src/a.py" and event["outcome"] == "failed"
    assert "failing tests/test_app.py::test_main" in event["summary"] and token not in json.dumps(event)

    start = repo.hook("session-start", claude_session_start(cwd, "a-new-session"), agent="claude")
    assert "kenning captured 1 failed attempt from your previous session" in context(json.loads(start.stdout))
    r = repo.hook("pre-tool-use", edit(repo, "src/a.py", session="a-new-session"), agent="claude")
    assert "captured from an agent session" in context(json.loads(r.stdout))


def test_codex_patch_failing_run_and_restore_is_one_failed_attempt(world: World) -> None:
    repo = world.repo()
    repo.ok("hooks", "install", "--agent", "codex")
    cwd, session = str(repo.path), "019a3f2c-codex-thread"
    repo.write("src/a.py", "a = 2\n")
    patch = "*** Begin Patch\n*** Update File: src/a.py\n@@\n-a = 1\n+a = 2\n*** End Patch\n"
    quiet(repo, "post-tool-use", codex_patch(cwd, session, patch, "call_1"), "codex")
    quiet(repo, "post-tool-use", codex_bash(cwd, session, "pytest -q", PYTEST_FAILED, "call_2"), "codex")
    repo.git("restore", "src/a.py")
    quiet(repo, "post-tool-use", codex_bash(cwd, session, "git restore src/a.py", "", "call_3"), "codex")
    quiet(repo, "session-end", codex_stop(cwd, session), "codex")
    [event] = captured(repo)
    assert event["captured"] == f"codex:{session}"


def test_a_missing_tool_or_a_passing_fix_captures_nothing(world: World) -> None:
    repo = world.repo()
    cwd, path = str(repo.path), str(repo.path / "src/a.py")
    repo.write("src/a.py", "a = 2\n")
    quiet(repo, "post-tool-use", claude_edit(cwd, SESSION, path, "a = 1\n", "a = 2\n", "a = 1\n", "t1"), "claude")
    quiet(repo, "post-tool-use", claude_bash(cwd, SESSION, "pytest", "sh: 1: pytest: not found", 127, "t2"), "claude")
    repo.git("checkout", "--", "src/a.py")
    quiet(repo, "post-tool-use", claude_bash(cwd, SESSION, "git checkout -- src/a.py", "", 0, "t3"), "claude")
    quiet(repo, "session-end", claude_stop(cwd, SESSION), "claude")
    assert captured(repo) == []


def test_a_payload_that_is_not_json_is_skipped_quietly(world: World) -> None:
    repo = world.repo()
    r = repo.hook("post-tool-use", "{not json", agent="claude")
    assert (r.returncode, r.stdout) == (0, "") and "post-tool-use hook skipped" in r.stderr


def test_gemini_cli_gets_the_gate_and_capture_hooks_with_its_timeouts_in_milliseconds(world: World) -> None:
    from agent.samples import gemini_replace, gemini_session_end, gemini_shell

    repo = world.repo()
    r = repo.ok("hooks", "install", "--agent", "gemini")
    assert "/hooks" in r.stdout
    hooks = json.loads((repo.path / ".gemini" / "settings.json").read_text())["hooks"]
    assert set(hooks) == {"BeforeTool", "SessionStart", "AfterTool", "AfterAgent", "SessionEnd"}
    assert hooks["AfterTool"][0]["matcher"] == "run_shell_command|replace|write_file"
    assert hooks["AfterTool"][0]["hooks"][0]["timeout"] == 30000
    cwd, session = str(repo.path), "gemini-1"
    repo.write("src/a.py", "a = 2\n")
    quiet(repo, "post-tool-use", gemini_replace(cwd, session, str(repo.path / "src/a.py"), "a = 1", "a = 2"), "gemini")
    quiet(repo, "post-tool-use", gemini_shell(cwd, session, "pytest", PYTEST_FAILED, 1), "gemini")
    repo.git("checkout", "--", "src/a.py")
    quiet(repo, "post-tool-use", gemini_shell(cwd, session, "git checkout -- src/a.py", "", 0), "gemini")
    quiet(repo, "session-end", gemini_session_end(cwd, session), "gemini")
    assert [e["captured"] for e in captured(repo)] == [f"gemini:{session}"]


def test_a_forgotten_captured_attempt_no_longer_warns_nor_shows_and_is_not_captured_again(world: World) -> None:
    """``ken forget`` on a captured attempt: the next gate says nothing of it, the summary lists it
    no more, ``ken show`` says why; the same attempt met in a later session stays forgotten."""
    repo = world.repo()
    repo.ok("hooks", "install", "--agent", "codex")
    cwd, patch = str(repo.path), "*** Begin Patch\n*** Update File: src/a.py\n@@\n-a = 1\n+a = 2\n*** End Patch\n"

    def abandoned(session: str) -> None:
        repo.write("src/a.py", "a = 2\n")
        quiet(repo, "post-tool-use", codex_patch(cwd, session, patch, "call_1"), "codex")
        quiet(repo, "post-tool-use", codex_bash(cwd, session, "pytest -q", PYTEST_FAILED, "call_2"), "codex")
        repo.git("restore", "src/a.py")
        quiet(repo, "post-tool-use", codex_bash(cwd, session, "git restore src/a.py", "", "call_3"), "codex")
        quiet(repo, "session-end", codex_stop(cwd, session), "codex")

    abandoned("thread-1")
    [event] = captured(repo)
    assert event["id"] in repo.ok("precheck", "src/a.py").stdout + repo.ok("summary").stdout

    said = repo.ok("forget", event["id"][:12], "--reason", "pytest failed for a missing fixture").stdout
    assert said.startswith(f"forgot attempt {event['id']} (captured from an agent session")

    gate = repo.ok("precheck", "src/a.py").stdout
    assert "captured from an agent session" not in gate and event["id"] not in gate
    assert "captured from an agent session" not in repo.ok("summary").stdout
    shown = repo.ken("show", event["id"])
    assert shown.returncode != 0 and "pytest failed for a missing fixture" in shown.stderr
    again = repo.ken("forget", event["id"])
    assert again.returncode != 0 and again.stderr.count("\n") == 1 and "nothing written" in again.stderr

    abandoned("thread-2")  # the same attempt in another session: the same id, still forgotten
    assert len(captured(repo)) == 1
    assert "captured from an agent session" not in repo.ok("precheck", "src/a.py").stdout
