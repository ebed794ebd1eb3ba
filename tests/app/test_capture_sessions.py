"""Failed attempts captured from an agent session's tool calls, replayed in-process against a real
repository: the agent's edits are made on disk, its undos run with real git, and each tool call
reaches ``app.capture.sessions`` as the agent's payload (``tests/agent/samples.py``)."""

from __future__ import annotations

import json
from pathlib import Path

from agent.samples import (
    PYTEST_FAILED,
    PYTEST_PASSED,
    claude_bash,
    claude_edit,
    claude_session_start,
    claude_stop,
    claude_write,
    codex_bash,
    codex_patch,
    codex_stop,
)
from kenning.app.capture import sessions
from kenning.app.gate import tool_calls
from kenning.app.project import Project
from kenning.app.record import record
from machine import run_git

NOW = "2030-06-30T12:00:00Z"
ORIGINAL = "def main():\n    return 1\n"
BROKEN = "def main():\n    return 2\n"
OTHER = "def main():\n    return int('1')\n"
SESSION = "5c1d0a7e-0000-4000-8000-00000000a1b2"


class Agent:
    """One agent session on ``project``: each call changes the repository as the tool did, then
    sends the post-tool payload."""

    def __init__(self, project: Project, session: str = SESSION, agent: str = "claude") -> None:
        self.project, self.session, self.agent, self.calls = project, session, agent, 0
        self.cwd = str(project.root)

    def _call(self) -> str:
        self.calls += 1
        return f"toolu_{self.session[:4]}{self.calls:04d}"

    def edit(self, new: str, rel: str = "src/app.py") -> dict:
        path = self.project.root / rel
        old = path.read_text()
        path.write_text(new)
        return self.send(claude_edit(self.cwd, self.session, str(path), old, new, old, self._call()))

    def run(self, command: str, output: str, code: int) -> dict:
        return self.send(claude_bash(self.cwd, self.session, command, output, code, self._call()))

    def git(self, *args: str) -> dict:
        run_git(args, self.project.root, None)
        return self.run("git " + " ".join(args), "", 0)

    def send(self, payload: dict) -> dict:
        sessions.observe(self.project, payload, self.agent)
        return payload

    def stop(self) -> list[str]:
        return sessions.fold(self.project, claude_stop(self.cwd, self.session), self.agent, now=NOW)


def events(project: Project) -> list[dict]:
    return [json.loads(line) for line in (project.root / ".kenning" / "events.jsonl").read_text().splitlines() if line]


def captured(project: Project) -> list[dict]:
    return [e for e in events(project) if e.get("captured")]


def test_edit_failing_test_undo_then_a_different_edit_that_passes_is_one_failed_attempt(project: Project) -> None:
    agent = Agent(project)
    agent.edit(BROKEN)
    agent.run("python -m pytest -q tests/test_app.py", PYTEST_FAILED, 1)
    agent.git("checkout", "--", "src/app.py")
    agent.edit(OTHER)
    agent.run("python -m pytest -q tests/test_app.py", PYTEST_PASSED, 0)
    written = agent.stop()

    found = captured(project)
    assert [e["id"] for e in found] == written and len(found) == 1
    event = found[0]
    assert (event["type"], event["outcome"], event["source"]) == ("attempt", "failed", "agent-hook")
    assert event["location"] == "src/app.py" and event["captured"] == f"claude:{SESSION}"
    assert event["summary"].startswith(
        "captured from an agent session: a change to src/app.py made `python -m pytest -q tests/test_app.py` "
        "fail (failing tests/test_app.py::test_main)")
    assert "first error: AssertionError: assert 2 == 1" in event["details"]
    assert "undone by git checkout --" in event["details"]
    assert "return 2" not in json.dumps(event)  # no file content is kept


def test_the_next_session_is_told_and_the_gate_warns_on_the_captured_attempt(project: Project) -> None:
    agent = Agent(project)
    agent.edit(BROKEN)
    agent.run("pytest", PYTEST_FAILED, 1)
    agent.edit(ORIGINAL)  # edited back by hand: an undo too
    agent.stop()

    told = tool_calls.session_start(project, claude_session_start(agent.cwd, "another-session"))
    context = told["hookSpecificOutput"]["additionalContext"]
    assert "kenning captured 1 failed attempt from your previous session" in context
    assert "a change to src/app.py made `pytest` fail" in context
    same = tool_calls.session_start(project, claude_session_start(agent.cwd, SESSION, "resume"))
    assert "from your previous session" not in same["hookSpecificOutput"]["additionalContext"]

    answer = tool_calls.pre_tool_use(project, {"session_id": "another-session", "cwd": agent.cwd, "tool_name": "Edit",
                                               "tool_input": {"file_path": str(project.root / "src/app.py"),
                                                              "old_string": "1", "new_string": "2"}}, now=NOW)
    assert answer is not None
    assert "captured from an agent session" in answer["hookSpecificOutput"]["additionalContext"]


def test_a_secret_in_the_command_or_the_output_is_redacted(project: Project) -> None:
    agent = Agent(project)
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    agent.edit(BROKEN)
    agent.run(f"GITHUB_TOKEN={token} pytest", f"E   ValueError: bad token {token}\n1 failed in 0.1s\n", 1)
    agent.git("restore", "src/app.py")
    agent.stop()

    [event] = captured(project)
    assert token not in json.dumps(event)
    assert token not in "".join(p.read_text() for p in (project.local_dir / "sessions").glob("*.jsonl"))


def test_edits_that_make_the_failing_run_pass_are_no_failed_attempt(project: Project) -> None:
    agent = Agent(project)
    agent.edit(BROKEN)
    agent.run("pytest", PYTEST_FAILED, 1)
    agent.edit(OTHER)
    agent.run("pytest", PYTEST_PASSED, 0)
    agent.git("checkout", "--", "src/app.py")  # cleaned up after passing: kept work, not a failure
    assert agent.stop() == [] and captured(project) == []


def test_a_formatting_only_change_undone_is_no_failed_attempt(project: Project) -> None:
    agent = Agent(project)
    agent.edit("def main():\n        return 1\n")
    agent.run("pytest", PYTEST_FAILED, 1)
    agent.git("checkout", "--", "src/app.py")
    assert agent.stop() == []


def test_a_run_whose_tool_is_missing_says_nothing_about_the_edits(project: Project) -> None:
    agent = Agent(project)
    agent.edit(BROKEN)
    agent.run("pytest", "/bin/bash: line 1: pytest: command not found", 127)
    agent.git("checkout", "--", "src/app.py")
    assert agent.stop() == []


def test_a_session_folded_twice_or_resumed_writes_nothing_twice(project: Project) -> None:
    agent = Agent(project)
    payload = agent.edit(BROKEN)
    agent.send(payload)  # the same hook run twice for one call
    agent.run("pytest", PYTEST_FAILED, 1)
    agent.git("stash")
    agent.git("stash", "drop")
    first = agent.stop()
    assert len(first) == 1
    assert agent.stop() == []  # Stop again (the next turn), and again after a resume
    resumed = Agent(project)
    resumed.calls = agent.calls
    resumed.edit(OTHER)
    resumed.run("pytest", PYTEST_PASSED, 0)
    assert resumed.stop() == []
    assert len(captured(project)) == 1


def test_a_stash_taken_back_is_no_undo(project: Project) -> None:
    agent = Agent(project)
    agent.edit(BROKEN)
    agent.run("pytest", PYTEST_FAILED, 1)
    agent.git("stash")
    agent.git("stash", "pop")
    assert agent.stop() == []


def test_the_same_attempt_in_another_session_is_merged_not_appended(project: Project) -> None:
    for session in ("session-one", "session-two"):
        agent = Agent(project, session)
        agent.edit(BROKEN)
        agent.run("pytest", PYTEST_FAILED, 1)
        agent.git("checkout", "--", "src/app.py")
        agent.stop()
    assert len(captured(project)) == 1


def test_the_open_issue_on_the_file_is_inherited(project: Project) -> None:
    issue = record(project, {"type": "issue", "summary": "main returns the wrong value", "location": "src/app.py"},
                   cwd=project.root, now=NOW).event.get("issue_id")
    agent = Agent(project)
    agent.edit(BROKEN)
    agent.run("pytest", PYTEST_FAILED, 1)
    agent.git("checkout", "--", "src/app.py")
    agent.stop()
    [event] = captured(project)
    assert event["issue_id"] == issue


def test_capture_turned_off_in_the_config_observes_nothing(project: Project) -> None:
    config = project.root / ".kenning" / "config.toml"
    config.write_text(config.read_text().replace('# sessions = "on"', 'sessions = "off"'))
    off = Project(project.root)
    agent = Agent(off)
    agent.edit(BROKEN)
    agent.run("pytest", PYTEST_FAILED, 1)
    agent.git("checkout", "--", "src/app.py")
    assert agent.stop() == []
    assert not (project.local_dir / "sessions").exists()


def test_codex_patch_and_shell_output_without_an_exit_code(project: Project) -> None:
    cwd, session = str(project.root), "019a-codex-thread"
    (project.root / "src/app.py").write_text(BROKEN)
    patch = ("*** Begin Patch\n*** Update File: src/app.py\n@@\n def main():\n-    return 1\n+    return 2\n"
             "*** End Patch\n")
    sessions.observe(project, codex_patch(cwd, session, patch, "call_1"), "codex")
    sessions.observe(project, codex_bash(cwd, session, "pytest -q", PYTEST_FAILED, "call_2"), "codex")
    run_git(("checkout", "--", "src/app.py"), project.root, None)
    sessions.observe(project, codex_bash(cwd, session, "git checkout -- src/app.py", "", "call_3"), "codex")
    written = sessions.fold(project, codex_stop(cwd, session), "codex", now=NOW)
    [event] = captured(project)
    assert written == [event["id"]] and event["captured"] == f"codex:{session}"


def test_a_new_file_written_then_deleted_by_git_clean(project: Project) -> None:
    agent = Agent(project)
    path = project.root / "src/extra.py"
    path.write_text("X = 1\n")
    agent.send(claude_write(agent.cwd, SESSION, str(path), "X = 1\n", None, "toolu_w1"))
    agent.run("make test", "make: *** [test] Error 1\n", 2)
    run_git(("clean", "-fd", "src"), project.root, None)
    agent.run("git clean -fd src", "Removing src/extra.py\n", 0)
    agent.stop()
    [event] = captured(project)
    assert event["location"] == "src/extra.py" and "make: *** [test] Error 1" in event["details"]


def test_tool_calls_outside_the_repository_or_of_other_tools_are_not_observed(project: Project, tmp_path: Path) -> None:
    agent = Agent(project)
    outside = tmp_path / "elsewhere.py"
    outside.write_text("x = 1\n")
    assert sessions.observe(project, claude_edit(agent.cwd, SESSION, str(outside), "1", "2", "x = 1\n", "t1")) is None
    assert agent.run("ls -la", "total 0\n", 0) is not None  # the payload was sent...
    assert not (project.local_dir / "sessions").exists()  # ...and nothing was kept


def test_the_summarys_failed_approaches_include_the_captured_attempt(project: Project) -> None:
    from kenning.app.views.summary import summary

    agent = Agent(project)
    agent.edit(BROKEN)
    agent.run("pytest", PYTEST_FAILED, 1)
    agent.git("checkout", "--", "src/app.py")
    agent.stop()
    assert "captured from an agent session: a change to src/app.py" in summary(project)


def test_gemini_cli_replace_failing_shell_run_and_restore(project: Project) -> None:
    from agent.samples import gemini_replace, gemini_session_end, gemini_shell

    cwd, session, path = str(project.root), "gemini-session-1", str(project.root / "src/app.py")
    (project.root / "src/app.py").write_text(BROKEN)
    sessions.observe(project, gemini_replace(cwd, session, path, "return 1", "return 2"), "gemini")
    sessions.observe(project, gemini_shell(cwd, session, "npm test", PYTEST_FAILED, 1), "gemini")
    run_git(("restore", "src/app.py"), project.root, None)
    sessions.observe(project, gemini_shell(cwd, session, "git restore src/app.py", "", 0), "gemini")
    sessions.fold(project, gemini_session_end(cwd, session), "gemini", now=NOW)
    [event] = captured(project)
    assert event["captured"] == f"gemini:{session}" and "`npm test`" in event["summary"]
