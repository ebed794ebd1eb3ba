"""An agent hook never breaks the agent: corrupt memory, a corrupt cache, bad input and a
timeout all end with exit 0 and a note on stderr. The one thing refused without a judgment is an
edit whose payload cannot be read (the hook's matcher sends only edits): it fails closed."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time

import pytest

from .conftest import Repo, context, decision, edit, session_start


def test_unreadable_memory_fails_open(repo: Repo):
    repo.block("src/a.py")
    log = repo.path / ".kenning" / "events.jsonl"
    saved = log.read_bytes()
    log.unlink()
    log.mkdir()  # the log is now a directory: memory cannot be read
    r = repo.hook("pre-tool-use", edit(repo, "src/a.py"))
    assert r.returncode == 0 and "Traceback" not in r.stderr
    answer = json.loads(r.stdout)  # allowed (nothing denied), but never silently: both user and agent are told
    assert "permissionDecision" not in answer["hookSpecificOutput"]
    assert answer["hookSpecificOutput"]["hookEventName"] == "PreToolUse"
    for told in (answer["systemMessage"], answer["hookSpecificOutput"]["additionalContext"]):
        assert "could not read its memory" in told and "not a regular file" in told
    r = repo.hook("session-start", session_start(repo))
    answer = json.loads(r.stdout)
    assert r.returncode == 0 and answer["hookSpecificOutput"]["hookEventName"] == "SessionStart"
    assert "could not read its memory" in answer["systemMessage"]

    log.rmdir()
    log.write_bytes(saved)  # restored: the gate answers again
    assert decision(repo.pre(edit(repo, "src/a.py"))[1]) == "deny"


def test_a_corrupt_cache_is_rebuilt_and_the_answer_is_right(repo: Repo):
    repo.block("src/a.py")
    assert decision(repo.pre(edit(repo, "src/a.py", session="warm"))[1]) == "deny"  # cache built
    db = repo.path / ".kenning" / "cache" / "index.sqlite"
    assert db.exists()
    for extra in ("-wal", "-shm"):
        (db.parent / (db.name + extra)).unlink(missing_ok=True)
    db.write_bytes(b"\x00garbage\xff\xfe not a database " * 64)
    r, result = repo.pre(edit(repo, "src/a.py"))
    assert decision(result) == "deny"
    assert "lock the writer" in json.dumps(result)
    assert db.read_bytes().startswith(b"SQLite format 3\x00")
    _, quiet = repo.pre(edit(repo, "src/quiet.py", "q = 2\n", "q = 1\n"))
    assert quiet == {}


def test_a_corrupt_config_fails_open(repo: Repo):
    repo.block("src/a.py")
    (repo.path / ".kenning" / "config.toml").write_text("[gate\nagent = = deny\n")
    r = repo.hook("pre-tool-use", edit(repo, "src/a.py"))
    assert r.returncode == 0 and "Traceback" not in r.stderr
    if r.stdout.strip():  # if it answers at all, it must answer properly
        json.loads(r.stdout)
    else:
        assert "kenning:" in r.stderr


@pytest.mark.parametrize(("key", "value"), [("churn_commits", "nan"), ("block_failed_attempts", "inf"),
                                            ("window_days", "-3"), ("agent", '"sometimes"')])
def test_a_bad_gate_value_keeps_the_gate_on_with_its_default_and_says_so(repo: Repo, key: str, value: str):
    repo.block("src/a.py")
    repo.set_gate(key, value)
    r, result = repo.pre(edit(repo, "src/a.py"))
    assert "Traceback" not in r.stderr
    assert decision(result) == "deny"
    told = f"[gate] {key} = {value}"
    assert told in result["systemMessage"] and "the default" in result["systemMessage"]
    assert told in context(result)


def _denied(r: subprocess.CompletedProcess[str]) -> bool:
    return bool(r.stdout.strip()) and json.loads(r.stdout)["hookSpecificOutput"].get("permissionDecision") == "deny"


@pytest.mark.slow
def test_invalid_stdin_refuses_the_edit_and_never_breaks_a_session(repo: Repo):
    for stdin in ("not json at all", '{"session_id": "s1", "tool_input": ', "[1, 2, 3]", '"a string"', "null"):
        for name in ("pre-tool-use", "session-start"):
            r = repo.hook(name, stdin)
            assert r.returncode == 0, (stdin, name, r.stderr)
            assert "Traceback" not in r.stderr
            if name == "pre-tool-use":
                assert _denied(r), stdin  # an edit nobody could read is not waved through
            else:
                assert "permissionDecision" not in r.stdout
    r = repo.hook("pre-tool-use", "")  # no payload at all: nothing to judge, nothing refused
    assert r.returncode == 0 and r.stdout == ""
    assert repo.checks() == []  # refused unread, never recorded as judged


def test_bad_json_says_so_on_stderr(repo: Repo):
    r = repo.hook("pre-tool-use", "{oops")
    assert r.returncode == 0 and _denied(r)
    assert r.stderr.startswith("kenning: pre-tool-use hook refused the edit: its payload is unreadable")
    assert len(r.stderr.strip().splitlines()) == 1


def test_payload_with_odd_shapes_is_refused_or_not_an_edit(repo: Repo):
    base = edit(repo, "src/quiet.py")
    for tool_input in ("a string", [], {"file_path": 42}, {"edits": "nope"}):
        r = repo.hook("pre-tool-use", {**base, "tool_input": tool_input})
        assert r.returncode == 0 and _denied(r) and "Traceback" not in r.stderr, tool_input
    for tool_input in (None, {"file_path": ""}):  # well typed, and naming no file: nothing to judge
        r = repo.hook("pre-tool-use", {**base, "tool_input": tool_input})
        assert r.returncode == 0 and r.stdout == "" and "Traceback" not in r.stderr, tool_input


def test_outside_a_project_an_unreadable_payload_is_left_alone(world):
    bare = world.repo(init=None, name="bare")  # no memory here: nothing of ours to refuse with
    r = bare.hook("pre-tool-use", "not json")
    assert r.returncode == 0 and r.stdout == "" and "hook skipped" in r.stderr


def test_outside_any_repository_or_before_init(world, tmp_path):
    bare = world.repo(init=None, name="bare")  # a git repository where `ken init` never ran
    r = bare.hook("pre-tool-use", edit(bare, "src/a.py"))
    assert r.returncode == 0 and r.stdout == ""
    assert not (bare.path / ".kenning").exists()
    r = bare.hook("session-start", session_start(bare))
    assert r.returncode == 0 and r.stdout == ""
    nowhere = tmp_path / "nowhere"
    nowhere.mkdir()
    payload = {**edit(bare, "x.py"), "cwd": str(nowhere)}
    r = bare.hook("pre-tool-use", payload, cwd=nowhere, env={"CLAUDE_PROJECT_DIR": str(nowhere)})
    assert r.returncode == 0 and r.stdout == "" and "Traceback" not in r.stderr


SLOW_HOOK = textwrap.dedent("""
    import sys, time
    import kenning.hooks.entry as hooks
    from kenning.app.gate import tool_calls

    def slow(*args, **kwargs):
        time.sleep(30)
        return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                       "permissionDecisionReason": "too late"}}

    hooks.AGENT_TIMEOUT = float(sys.argv[1])
    tool_calls.pre_tool_use = slow
    tool_calls.session_start = slow
    sys.exit(hooks.run(sys.argv[2]))
""")


@pytest.mark.parametrize("name", ["pre-tool-use", "session-start"])
def test_a_timeout_fails_open(repo: Repo, name: str):
    repo.block("src/a.py")
    payload = edit(repo, "src/a.py") if name == "pre-tool-use" else session_start(repo)
    started = time.monotonic()
    r = subprocess.run([sys.executable, "-c", SLOW_HOOK, "0.5", name], cwd=repo.path, env=repo.world.env,
                       input=json.dumps(payload), capture_output=True, text=True, timeout=20)
    elapsed = time.monotonic() - started
    assert r.returncode == 0, r.stderr
    # hang or not (the behaviour): the 0.5 s limit ended it, long before the 30 s the call would take
    assert elapsed < 10, f"the hook ran {elapsed:.1f}s: the timeout did not stop it"
    assert r.stdout == ""  # no late deny
    assert "timed out" in r.stderr and "0.5s" in r.stderr and name in r.stderr
    assert "Traceback" not in r.stderr


def test_the_real_hook_answers_before_its_timeout(repo: Repo):
    """Without patching, the default AGENT_TIMEOUT never cuts the real hook short: it answers, and
    says nothing of a timeout. (How fast it answers is bench/startup.py's figure.)"""
    repo.block("src/a.py")
    r, result = repo.pre(edit(repo, "src/a.py"))
    assert decision(result) == "deny"
    assert "timed out" not in r.stderr
    r, result = repo.pre(edit(repo, "src/a.py"))
    assert context(result) and "timed out" not in r.stderr
