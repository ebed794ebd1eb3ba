"""Odd configuration and odd inputs, through the real ``ken``: one clear line, exit 2, nothing
written, no traceback, never a hang (each run has a timeout: a hang fails the test)."""

from __future__ import annotations

import json
import os
import re
import subprocess

import pytest

from cli.conftest import Repo

# odd argv and configuration through a process of its own: its exit, its streams, never a hang
pytestmark = pytest.mark.real_processes

ONE_LINE = re.compile(r"ken: error: [^\n]+\n")


def refused(repo: Repo, *args: str, **kw: object) -> str:
    before = repo.log_bytes()
    r = repo.ken(*args, **kw)  # type: ignore[arg-type]
    assert r.returncode == 2, (args, r.returncode, r.stdout, r.stderr)
    assert ONE_LINE.fullmatch(r.stderr), r.stderr
    assert repo.log_bytes() == before
    return r.stderr


def set_config(repo: Repo, table: str, key: str, value: str) -> None:
    cfg = repo.path / ".kenning" / "config.toml"
    text = cfg.read_text()
    line = re.compile(rf"(?m)^#? ?{key} = [^\n]*$")
    if line.search(text):
        text = line.sub(f"{key} = {value}", text, count=1)
    else:
        text = text.replace(f"[{table}]\n", f"[{table}]\n{key} = {value}\n", 1)
    cfg.write_text(text)


@pytest.fixture
def ready(repo: Repo) -> Repo:
    """An initialized repository (``repo``: initialized once, in this process)."""
    return repo


@pytest.mark.parametrize(("table", "key", "value", "said"), [
    ("gate", "churn_commits", "nan", "[gate] churn_commits = nan: give a whole number from 1 to 1000"),
    ("gate", "window_days", "inf", "[gate] window_days = inf: give a number greater than 0 and at most 36500"),
    ("gate", "stale_ratio", "-1.0", "[gate] stale_ratio = -1.0"),
    ("gate", "block_failed_attempts", "1e300", "[gate] block_failed_attempts = 1e+300"),
    ("gate", "similarity", '"high"', '[gate] similarity = "high"'),
    ("gate", "commit", '"Strict"', '[gate] commit = "Strict": give one of "advisory", "strict"'),
    ("gate", "agent", "{ a = 1 }", "[gate] agent = a table"),
])
def test_a_bad_gate_value_stops_precheck_in_one_line_naming_the_key(ready: Repo, table: str, key: str,
                                                                    value: str, said: str) -> None:
    set_config(ready, table, key, value)
    err = refused(ready, "precheck", "src/app.py")
    assert f"ken: error: .kenning/config.toml: {said}" in err


@pytest.mark.parametrize("value", ["nan", "inf", "-5.0", "0"])
def test_a_lock_timeout_that_never_ends_is_refused_before_the_write(ready: Repo, value: str) -> None:
    set_config(ready, "lock", "timeout_seconds", value)
    err = refused(ready, "note", "hello")
    assert f"[lock] timeout_seconds = {value}" in err


@pytest.mark.parametrize("pattern", ["(a+)+$", "(x|xy)*z*$", r"(\\w+\\s?)*!", r"\\d+\\d+="])
def test_a_pattern_that_backtracks_catastrophically_is_refused_and_nothing_hangs(ready: Repo, pattern: str) -> None:
    cfg = ready.path / ".kenning" / "config.toml"
    cfg.write_text(cfg.read_text().replace("[redaction.patterns]", f'[redaction.patterns]\nmine = "{pattern}"'))
    err = refused(ready, "note", "a" * 40 + "!")
    assert "[redaction.patterns] mine = " in err and "backtrack catastrophically" in err


def test_a_config_the_agent_hook_cannot_read_is_said_aloud_never_silently_allowed(ready: Repo) -> None:
    (ready.path / ".kenning" / "config.toml").write_text("x = " + "[" * 3000 + "]" * 3000 + "\n")
    payload = {"session_id": "s", "cwd": str(ready.path), "hook_event_name": "PreToolUse", "tool_name": "Edit",
               "tool_input": {"file_path": str(ready.path / "src/app.py"), "old_string": "1", "new_string": "2"}}
    r = ready.ken("hook", "pre-tool-use", input=json.dumps(payload), env={"CLAUDE_PROJECT_DIR": str(ready.path)})
    assert r.returncode == 0 and "Traceback" not in r.stderr
    answer = json.loads(r.stdout)
    told = answer["hookSpecificOutput"]["additionalContext"]
    assert answer["systemMessage"] == told
    assert "nothing was checked" in told and ".kenning/config.toml nests brackets" in told


@pytest.mark.parametrize(("text", "said"), [
    ("x = " + "[" * 5000 + "]" * 5000 + "\n", "nests brackets"),
    ("# " + "x" * (70 << 10) + "\n", "is larger than 64 KB"),
    ("[gate]\nchurn_commits = 4\n\xff\n", "is not UTF-8 text"),
    ("x = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n", "nests brackets"),
])
def test_a_huge_or_deep_config_is_one_line(ready: Repo, text: str, said: str) -> None:
    (ready.path / ".kenning" / "config.toml").write_text(text, encoding="latin-1")
    assert said in refused(ready, "precheck", "src/app.py")


@pytest.mark.parametrize("now", ["9999-12-31T23:59:59Z", "0001-01-01T00:00:00Z", "0001-01-01T00:00:00+05:00",
                                 "1969-12-31T23:59:59Z"])
@pytest.mark.parametrize("command", [("precheck", "src/app.py"), ("note", "hi"), ("issue", "it breaks"),
                                     ("precheck", "src/app.py", "--snooze", "7d", "--reason", "known")])
def test_an_extreme_clock_is_one_line(ready: Repo, now: str, command: tuple[str, ...]) -> None:
    err = refused(ready, *command, "--now", now)
    assert "--now" in err and ("out of range" in err or "not a valid time" in err)
    err = refused(ready, *command, env={"KEN_NOW": now})
    assert "KEN_NOW" in err


@pytest.mark.parametrize("duration", ["99999999w", "999999999999999999999d", "5215w", "101y"])
def test_a_snooze_past_the_calendar_is_one_line(ready: Repo, duration: str) -> None:
    err = refused(ready, "precheck", "src/app.py", "--snooze", duration, "--reason", "known")
    assert duration in err or "not a duration" in err


def test_validate_refuses_a_device_and_a_fifo_without_reading_them(ready: Repo) -> None:
    assert "/dev/zero is a device, not a regular file" in refused(ready, "validate", "/dev/zero")
    fifo = ready.path.parent / "pipe"
    os.mkfifo(fifo)
    assert "is a named pipe (FIFO), not a regular file" in refused(ready, "validate", str(fifo))
    assert "is a device" in refused(ready, "import", "--from", "jsonl", "/dev/zero")
    assert "is a named pipe" in refused(ready, "import", "--from", "jsonl", str(fifo))
    assert "it is a named pipe" in refused(ready, "note", "x", "--details-file", str(fifo))


def test_the_gate_never_waits_on_a_fifo_in_the_work_tree(ready: Repo) -> None:
    os.mkfifo(ready.path / "src" / "pipe.py")
    r = ready.ok("precheck", "src/pipe.py", "--json")
    assert [f["severity"] for f in json.loads(r.stdout)["files"]] == ["none"]


def test_redact_reads_a_bounded_amount_of_standard_input(ready: Repo) -> None:
    r = ready.ken("redact", input=b"a" * (17 << 20))
    assert r.returncode == 2 and r.stdout == b""
    assert ONE_LINE.fullmatch(r.stderr.decode()), r.stderr
    assert b"more than 16 MB" in r.stderr


@pytest.mark.slow
def test_import_from_an_endless_standard_input_stops_at_its_bound(ready: Repo) -> None:
    before = ready.log_bytes()
    with open("/dev/zero", "rb") as zero:
        r = subprocess.run([*ready_ken(ready), "import", "--from", "jsonl", "-"], cwd=ready.path,
                           env=ready.world.env, stdin=zero, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and ONE_LINE.fullmatch(r.stderr), r.stderr
    assert "standard input holds more than 512 MB" in r.stderr
    assert ready.log_bytes() == before


def ready_ken(repo: Repo) -> list[str]:
    from machine import KEN

    return [KEN]


def test_redact_with_a_broken_config_says_so_instead_of_dropping_the_teams_patterns(ready: Repo) -> None:
    cfg = ready.path / ".kenning" / "config.toml"
    cfg.write_text(cfg.read_text().replace("[redaction.patterns]", '[redaction.patterns]\nbadge = "BADGE-[0-9]{6}"'))
    r = ready.ken("redact", input="door BADGE-123456\n")
    assert r.returncode == 0 and "BADGE-123456" not in r.stdout and "[REDACTED:badge]" in r.stdout
    set_config(ready, "lock", "timeout_seconds", "nan")  # the config now holds a bad value
    r = ready.ken("redact", input="door BADGE-123456\n")
    assert r.returncode == 2 and r.stdout == "", r.stdout  # never the text with the team's pattern left out
    assert ONE_LINE.fullmatch(r.stderr) and "timeout_seconds = nan" in r.stderr
