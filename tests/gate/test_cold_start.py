"""The first gate after a clone or a lost cache: with a long log and no index, ``ken precheck``
answers from the lines that can decide it, while a background ``ken summary`` builds the index.
Real ``ken`` processes in a real repository; the log is written as a teammate's clone holds it.

What a user sees: the same verdict, byte for byte, as the whole index gives once it is built,
and the index built without another command asking for it.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from kenning.app.recall import COLD_LOG_BYTES
from machine import wait_for_processes_to_end

from .conftest import KEN, LOG, NOW, World, at

PAD = "the retry loop in the payment queue drops a message when the broker restarts " * 6


def line(n: int, kind: str, days: float, **fields: object) -> str:
    stamp = NOW.timestamp() - days * 86400
    data = {"v": 1, "id": f"evt_{n:020x}", "type": kind, "source": "cli", "actor": "agent",
            "summary": f"{kind} number {n}", "details": PAD,
            "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime(stamp)), **fields}
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def long_log() -> list[str]:
    """Over COLD_LOG_BYTES of ordinary history on other files, and among it what decides the gate
    on src/pay.py: three failed attempts, an issue closed by a fix that names no file, a
    decision retired by one recorded elsewhere, a standing decision, and an open issue."""
    lines = []
    n = 0
    while sum(len(x) + 1 for x in lines) < COLD_LOG_BYTES + 200_000:
        n += 1
        kind = ("note", "attempt", "decision")[n % 3]
        lines.append(line(n, kind, 20 + n % 9, location=f"src/mod{n % 40}.py:{n % 90}",
                          **({"outcome": "worked"} if kind == "attempt" else {})))
    decided = [
        line(900_001, "attempt", 3, location="src/pay.py:10", outcome="failed", issue_id="k7q2"),
        line(900_002, "attempt", 2, location="src/pay.py", outcome="failed", issue_id="k7q2"),
        line(900_003, "attempt", 1, paths=["src/pay.py", "src/api.py"], outcome="failed", issue_id="k7q2"),
        line(900_004, "issue", 5, location="src/pay.py:4", issue_id="m3x9"),
        line(900_005, "fix", 4, issue_id="m3x9"),
        line(900_006, "issue", 2, location="src/pay.py:8", issue_id="p4w8"),
        line(900_007, "decision", 6, location="src/pay.py", summary="keep the queue single-threaded"),
        line(900_008, "decision", 3, location="src/mod3.py", supersedes="evt_000000000000000dbba7",
             summary="move the queue to the worker pool"),
        line(900_009, "decision", 9, location="src/pay.py", summary="retry at most twice"),
    ]
    return lines[: len(lines) // 2] + decided + lines[len(lines) // 2:]


def index_built(repo_path: Path) -> bool:
    index = repo_path / ".kenning" / "cache" / "index.sqlite"
    if not index.exists():
        return False
    try:
        with sqlite3.connect(f"file:{index}?mode=ro", uri=True, timeout=0.1) as db:
            return db.execute("SELECT 1 FROM meta WHERE key='log'").fetchone() is not None
    except sqlite3.Error:  # being written
        return False


def built_in_the_background(world: World, repo_path: Path) -> None:
    """Wait for the ``ken summary`` the cold command started to exit; then the index is whole."""
    assert wait_for_processes_to_end(world.env, timeout=120), "the background build still runs after 120 s"
    assert index_built(repo_path), "no index after the background build exited"


@pytest.mark.slow  # a log over COLD_LOG_BYTES, and a background build of its index
def test_first_precheck_after_a_clone_answers_from_the_log_and_builds_the_index_behind(world: World) -> None:
    repo = world.repo()
    repo.commit("src/pay.py", "def pay():\n    return 1\n", "add pay", days=40)
    repo.ok("init", "--no-hooks", "--no-register")
    log = repo.path / LOG
    log.write_text("\n".join(long_log()) + "\n", encoding="utf-8")
    shutil.rmtree(repo.path / ".kenning" / "cache")  # as a fresh clone has it: no index at all
    assert log.stat().st_size >= COLD_LOG_BYTES

    cold = repo.ken("precheck", "src/pay.py", "src/api.py", "--json")
    assert cold.stderr == ""
    report = json.loads(cold.stdout)
    assert report["severity"] == "block"  # three failed attempts
    kinds = {w["kind"] for f in report["files"] for w in f["warnings"]}
    assert {"failed_attempts", "open_issues", "recent_decision"} <= kinds
    pay = next(f for f in report["files"] if f["path"] == "src/pay.py")
    assert "p4w8" in json.dumps(pay) and "m3x9" not in json.dumps(pay)  # the fix elsewhere closed m3x9

    built_in_the_background(world, repo.path)

    warm = repo.ken("precheck", "src/pay.py", "src/api.py", "--json")
    assert warm.stdout == cold.stdout
    assert warm.returncode == cold.returncode
    text_cold = repo.ken("precheck", "src/pay.py", days=0)
    assert "evt_000000000000000dbba9" in text_cold.stdout  # the standing decision: the one not retired
    assert "evt_000000000000000dbba7" not in text_cold.stdout


def test_a_short_log_builds_its_index_in_the_foreground(world: World) -> None:
    """Below COLD_LOG_BYTES a whole rebuild takes about a second: the first precheck builds the
    index itself, and later commands find it."""
    repo = world.repo()
    repo.commit("src/pay.py", "x = 1\n", "add pay", days=40)
    repo.ok("init", "--no-hooks", "--no-register")
    issue = repo.issue("the flush drops messages", "src/pay.py", days=2)
    repo.failed("retry the flush", "src/pay.py", issue, days=1)
    index = repo.path / ".kenning" / "cache" / "index.sqlite"
    index.unlink()
    assert repo.precheck("src/pay.py")["files"][0]["warnings"]
    assert index_built(repo.path)


@pytest.mark.slow  # a log over COLD_LOG_BYTES, and a background build of its index
def test_the_hook_payload_of_a_cold_clone_is_judged_like_a_warm_one(world: World) -> None:
    """The agent hook is the usual first command after a clone: same decision, cold or warm."""
    repo = world.repo()
    repo.commit("src/pay.py", "def pay():\n    return 1\n", "add pay", days=40)
    repo.ok("init", "--no-hooks", "--no-register")
    (repo.path / LOG).write_text("\n".join(long_log()) + "\n", encoding="utf-8")
    shutil.rmtree(repo.path / ".kenning" / "cache")  # as a fresh clone has it: no index at all

    def hook(session: str) -> str:  # a session's first sight of the evidence is denied
        edit = {"file_path": str(repo.path / "src/pay.py"), "old_string": "return 1", "new_string": "return 2"}
        payload = json.dumps({"session_id": session, "hook_event_name": "PreToolUse", "tool_name": "Edit",
                              "cwd": str(repo.path), "tool_input": edit})
        done = subprocess.run([KEN, "hook", "pre-tool-use"], input=payload, cwd=repo.path, text=True,
                              capture_output=True, env={**world.env, "KEN_NOW": at(0)}, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout

    cold = hook("s1")
    assert '"permissionDecision": "deny"' in cold
    built_in_the_background(world, repo.path)
    assert hook("s2") == cold


@pytest.mark.slow  # a log over COLD_LOG_BYTES, and a background build of its index
def test_a_session_starting_on_a_cold_clone_gets_the_summary_the_built_index_gives(world: World) -> None:
    """SessionStart is the first thing an agent runs after a clone; it must not wait for (or,
    past the hook's time limit, lose) the first build of a long log's index: it answers from
    one pass over the log, with the summary the index gives once the background build is done."""
    repo = world.repo()
    repo.commit("src/pay.py", "def pay():\n    return 1\n", "add pay", days=40)
    repo.ok("init", "--no-hooks", "--no-register")
    (repo.path / LOG).write_text("\n".join(long_log()) + "\n", encoding="utf-8")
    shutil.rmtree(repo.path / ".kenning" / "cache")  # as a fresh clone has it: no index at all

    def session() -> str:
        payload = json.dumps({"session_id": "s1", "hook_event_name": "SessionStart", "source": "startup",
                              "cwd": str(repo.path)})
        done = subprocess.run([KEN, "hook", "session-start"], input=payload, cwd=repo.path, text=True,
                              capture_output=True, env={**world.env, "KEN_NOW": at(0)}, timeout=60)
        assert done.returncode == 0 and done.stderr == "", done.stderr
        return str(json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"])

    first = session()
    built_in_the_background(world, repo.path)
    later = session()
    assert first == later == repo.ken("summary", days=0).stdout
    assert "keep the queue single-threaded" in later or "retry at most twice" in later


@pytest.mark.slow  # a log over COLD_LOG_BYTES, and a background build of its index
@pytest.mark.parametrize("command", [("summary",), ("brief",), ("context", "src/pay.py"), ("status", "--json")])
def test_the_first_whole_memory_read_after_a_clone_answers_as_the_built_index_does(world: World,
                                                                                  command: tuple[str, ...]) -> None:
    """``ken summary``, ``brief``, ``context`` and ``status`` after a fresh clone do not wait for
    the index: they answer from one pass over the log while it is built in the background, and
    the answer is the one the built index gives, byte for byte (status says, of the index, that
    it is being built)."""
    repo = world.repo()
    repo.commit("src/pay.py", "def pay():\n    return 1\n", "add pay", days=40)
    repo.commit("src/api.py", "def api():\n    return 1\n", "add api", days=30)
    repo.ok("init", "--no-hooks", "--no-register")
    (repo.path / LOG).write_text("\n".join(long_log()) + "\n", encoding="utf-8")
    shutil.rmtree(repo.path / ".kenning" / "cache")  # as a fresh clone has it: no index at all

    first = repo.ken(*command, days=0)
    assert first.returncode == 0 and first.stderr == "", first.stderr
    built_in_the_background(world, repo.path)
    warm = repo.ken(*command, days=0)
    if command[0] == "status":
        cold_report, warm_report = json.loads(first.stdout), json.loads(warm.stdout)
        cold_state = cold_report["memory"]["index"].pop("state")
        warm_state = warm_report["memory"]["index"].pop("state")
        assert "being built in the background" in cold_state and warm_state == "up to date"
        assert cold_report == warm_report
    else:
        assert first.stdout == warm.stdout
        assert "keep the queue single-threaded" in warm.stdout or "retry at most twice" in warm.stdout


@pytest.mark.slow  # a log over COLD_LOG_BYTES, and a background build of its index
def test_a_log_rewritten_shorter_under_its_index_is_judged_like_a_fresh_clone(world: World) -> None:
    """A checkout of an older branch leaves an index that read more than the log now holds: the
    whole index must be rebuilt, so the gate answers from the log's deciding lines meanwhile,
    with the verdict the rebuilt index gives."""
    repo = world.repo()
    repo.commit("src/pay.py", "def pay():\n    return 1\n", "add pay", days=40)
    repo.ok("init", "--no-hooks", "--no-register")
    log = repo.path / LOG
    longer = long_log()
    log.write_text("\n".join(longer + [line(950_000 + n, "note", 1, location="src/other.py") for n in range(2000)])
                   + "\n", encoding="utf-8")
    repo.ok("summary")
    log.write_text("\n".join(longer) + "\n", encoding="utf-8")  # the older branch: fewer events
    cold = repo.ken("precheck", "src/pay.py", "--json")
    assert cold.returncode in (0, 1) and cold.stderr == "", cold.stderr
    built_in_the_background(world, repo.path)
    assert repo.ken("precheck", "src/pay.py", "--json").stdout == cold.stdout
    assert json.loads(cold.stdout)["severity"] == "block"
