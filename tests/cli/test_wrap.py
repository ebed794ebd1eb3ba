"""`ken wrap -- COMMAND …`: the real command runs on the caller's stdin/stdout/stderr with the
memory's paths in its environment, after the summary is refreshed, and its exit status is
`ken wrap`'s; a missing command is one line and 127, as in a shell."""

from __future__ import annotations

import os
import signal

import pytest

from .conftest import Repo


def test_the_exit_code_is_passed_through(repo: Repo):
    assert repo.ken("wrap", "--", "sh", "-c", "exit 3").returncode == 3
    assert repo.ken("wrap", "--", "sh", "-c", "exit 0").returncode == 0
    assert repo.ken("wrap", "sh", "-c", "exit 4").returncode == 4  # the `--` is optional


def test_the_command_gets_the_memory_and_the_terminal(repo: Repo):
    repo.ok("issue", "Webhook retries create duplicate charges")
    summary = repo.path / ".kenning" / "summary.md"
    summary.unlink()
    r = repo.ken("wrap", "--", "sh", "-c",
                 'cat; echo "$KEN_PROJECT|$KEN_SUMMARY|$KEN_INSTRUCTIONS|$KEN_MAP"; head -c 0 "$KEN_SUMMARY"; '
                 'grep -c "duplicate charges" "$KEN_SUMMARY"; echo to-stderr >&2',
                 input="typed by the user\n")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "typed by the user"  # stdin is the user's
    kenning = repo.path / ".kenning"
    assert lines[1] == f"{repo.path}|{summary}|{kenning / 'AI_INSTRUCTIONS.md'}|{kenning / 'PROJECT_MAP.md'}"
    assert lines[2] == "1"  # the summary was written afresh before the command ran
    assert r.stderr == "to-stderr\n"  # and ken itself printed nothing


def test_a_missing_command_is_one_line_and_127(repo: Repo):
    summary = repo.path / ".kenning" / "summary.md"
    summary.unlink(missing_ok=True)
    r = repo.ken("wrap", "--", "no-such-agent-cli", "--flag")
    assert r.returncode == 127
    assert r.stderr == "ken: error: no-such-agent-cli: command not found (is it installed and on PATH?)\n"
    assert not summary.exists()  # nothing is written on error


def test_a_file_that_cannot_run_is_126(repo: Repo):
    (repo.path / "notes.txt").write_text("not a program\n")
    r = repo.ken("wrap", "--", "./notes.txt")
    assert r.returncode == 126 and r.stderr.count("\n") == 1 and "not an executable file" in r.stderr
    r = repo.ken("wrap", "--", "./missing-script")
    assert r.returncode == 127 and "no such file" in r.stderr


def test_no_command_is_a_usage_error(repo: Repo):
    for args in (("wrap",), ("wrap", "--")):
        r = repo.ken(*args)
        assert r.returncode == 2 and "ken wrap -- aider" in r.stderr and "Traceback" not in r.stderr


def test_without_kenning_it_says_run_ken_init(bare_repo: Repo):
    r = bare_repo.ken("wrap", "--", "true")
    assert r.returncode == 3 and "ken init" in r.stderr


@pytest.mark.skipif(os.name == "nt", reason="POSIX signals")
def test_a_command_ended_by_a_signal_ends_the_same_way(repo: Repo):
    """The command replaces ken (exec): its end is the caller's to see, signal included."""
    r = repo.ken("wrap", "--", "sh", "-c", "kill -TERM $$")
    assert r.returncode == -signal.SIGTERM
