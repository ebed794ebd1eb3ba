"""One process's memory while another process writes: what it renders and saves must include
the other's events.

A writer syncs, then refreshes ``summary.md`` a moment later; a capture reads git a moment after
its sync. In between, another process may append to the log (or derive from a new commit) and
bring the shared index up to date. The summary state's small fields (counts, the newest notes
and issues) are read once per process, so the first process has to notice that the index moved
on and read them again: otherwise its summary.md lags the log, and its next save writes the
stale fields over the newer ones. These tests interleave the two deterministically, with a real
``ken`` process as the other writer and real git; the concurrency stress in
``test_concurrency.py`` found the race.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from kenning import git as kenning_git
from kenning.app import record as record_app
from kenning.app.capture import derive as capture_app
from kenning.app.memory import Memory
from kenning.app.project import Project
from kenning.app.recall import open_memory
from kenning.app.record import record
from kenning.app.views import plan as plan_app
from kenning.app.views import summary as summary_app
from kenning.store import files
from kenning.store.cache import Cache
from kenning.store.log import EventLog
from machine import KEN, isolate_this_process, run_git, write_file

NOW = "2026-11-30T12:00:00Z"


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Project, dict[str, str]]:
    return make_world(tmp_path, monkeypatch)


def make_world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
               history: tuple[tuple[str, str], ...] = ()) -> tuple[Project, dict[str, str]]:
    """A repository with one commit (then ``history``: (message, date) commits to src/app.py)
    and ``ken init``; this process and ``ken`` share KEN_HOME."""
    env = isolate_this_process(monkeypatch, tmp_path, KEN_NOW=NOW)
    root = tmp_path / "repo"
    write_file(root, "src/app.py", "print('hello')\n")
    run_git(["init", "-q"], root, env)
    run_git(["add", "-A"], root, env)
    run_git(["commit", "-q", "-m", "initial"], root, {**env, "GIT_AUTHOR_DATE": "2026-04-01T10:00:00Z",
                                                       "GIT_COMMITTER_DATE": "2026-04-01T10:00:00Z"})
    project = Project(root)
    for n, (message, date) in enumerate(history):
        commit(project, env, f"print({n})\n", message, date)
    ken(root, env, "init", "--no-hooks", "--no-register")
    ken(root, env, "note", "the first note")
    return project, env


def ken(root: Path, env: dict[str, str], *args: str) -> str:
    assert KEN
    done = subprocess.run([KEN, *args], cwd=root, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def rebuilt(project: Project, env: dict[str, str]) -> str:
    """summary.md as a rebuild of the index from the log (and git) writes it."""
    ken(project.root, env, "regenerate")
    return project.summary_path.read_text()


def test_a_summary_refreshed_after_another_writer_includes_its_event(world: tuple[Project, dict[str, str]]) -> None:
    project, env = world
    with open_memory(project) as memory:
        assert "the first note" in summary_app.render_budgeted(memory)  # this process has read the state
        ken(project.root, env, "note", "written by another process")
        text = summary_app.refresh(memory)
    assert "written by another process" in text
    assert project.summary_path.read_text() == text
    assert rebuilt(project, env) == text


def test_a_capture_after_another_writer_keeps_its_event(world: tuple[Project, dict[str, str]]) -> None:
    project, env = world
    with open_memory(project) as memory:
        summary_app.render_budgeted(memory)
        ken(project.root, env, "note", "written by another process")
        write_file(project.root, "src/app.py", "print('hello, world')\n")
        run_git(["commit", "-q", "-am", "fix: greet the whole world"], project.root, env)
        assert capture_app.refresh(memory, 1_796_040_000) == 1  # the fix commit, derived here
    incremental = ken(project.root, env, "summary")  # from the state this process saved
    assert "written by another process" in incremental
    assert "greet the whole world" in incremental
    assert incremental == rebuilt(project, env)


def commit(project: Project, env: dict[str, str], text: str, message: str, date: str = "") -> None:
    write_file(project.root, "src/app.py", text)
    dated = {**env, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date} if date else env
    run_git(["commit", "-q", "-am", message], project.root, dated)


def test_a_summary_refreshed_after_another_process_widened_the_history_includes_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project, env = make_world(tmp_path, monkeypatch, (("fix: an old crash in the parser", "2026-05-01T10:00:00Z"),
                                                      ("fix: a recent crash", "2026-11-29T10:00:00Z")))
    with open_memory(project) as memory:
        assert "an old crash" not in summary_app.render_budgeted(memory)
        ken(project.root, env, "backfill", "--days", "365")  # another process widens the history
        text = summary_app.refresh(memory)  # the log and HEAD are where they were
        assert "an old crash" in text
        commit(project, env, "print('x')\n", "fix: the newest crash")
        assert capture_app.refresh(memory, 1_796_040_000) == 1  # and a save from here keeps it
    assert "an old crash" in ken(project.root, env, "summary")


def test_a_lesson_another_process_took_in_is_shared(world: tuple[Project, dict[str, str]],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The writer appends; before its own sync, a summary refresh elsewhere takes the event in.
    The writer's sync then finds nothing new: only the other memory can share the lesson."""
    project, env = world
    write_file(project.root, "requirements.txt", "requests==2.32\n")
    store = Path(env["KEN_HOME"]) / "lessons.jsonl"
    append = EventLog.append
    with open_memory(project) as other:

        def append_then_the_other_refreshes(log: EventLog, line: str) -> tuple[int, str | None]:
            done = append(log, line)
            monkeypatch.setattr(EventLog, "append", append)
            summary_app.refresh(other)
            return done

        monkeypatch.setattr(EventLog, "append", append_then_the_other_refreshes)
        record(project, {"type": "note", "summary": "the requests library: always pass timeout= to requests.get",
                         "lesson": True})
        assert other.promotable, "the other memory took the lesson in"
    assert store.exists() and "always pass timeout" in store.read_text()


def test_a_sync_that_waited_for_another_writer_does_not_rebuild(world: tuple[Project, dict[str, str]],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    project, env = world
    with open_memory(project) as memory:
        cleared: list[object] = []
        clear = Cache.clear
        monkeypatch.setattr(Cache, "clear", lambda cache, *args: (cleared.append(args), clear(cache, *args))[1])
        transaction = Cache.transaction

        def another_writer_first(cache: Cache) -> Any:
            monkeypatch.setattr(Cache, "transaction", transaction)
            ken(project.root, env, "note", "written while this process waited")
            return transaction(cache)

        monkeypatch.setattr(Cache, "transaction", another_writer_first)
        memory.sync()
        assert not cleared, "the other writer's append is a tail to read, not a rewritten log"
        assert "written while this process waited" in summary_app.refresh(memory)


def test_a_capture_that_waited_does_not_take_a_newer_commit_for_a_rewrite(
        world: tuple[Project, dict[str, str]], monkeypatch: pytest.MonkeyPatch) -> None:
    project, env = world
    commit(project, env, "a\n", "fix: the first crash")
    memory = Memory(project)
    with memory:
        memory.sync()
        head = kenning_git.head_commit

        def head_then_a_commit_captured_elsewhere(root: Path) -> str | None:
            seen = head(root)
            monkeypatch.setattr(kenning_git, "head_commit", head)
            commit(project, env, "b\n", "fix: the second crash")
            ken(project.root, env, "summary")  # a post-commit hook derives up to the new commit
            return seen

        monkeypatch.setattr(kenning_git, "head_commit", head_then_a_commit_captured_elsewhere)
        capture_app.refresh(memory, 1_796_040_000)
        newest = run_git(["rev-parse", "HEAD"], project.root, env).stdout.strip()
        assert memory.cache.meta("git")["head"] == newest
        assert any("the second crash" in row for row in memory.cache.all_events())


def test_a_memory_whose_index_another_process_rebuilt_uses_the_new_one(
        world: tuple[Project, dict[str, str]]) -> None:
    project, env = world
    with open_memory(project) as memory:
        ken(project.root, env, "regenerate")  # removes the index file this memory has open
        ken(project.root, env, "note", "written after the rebuild")
        text = summary_app.refresh(memory)
        assert memory.cache.path is not None, "still the index on disk, not one in memory"
        assert not memory.warnings, memory.warnings
    assert "written after the rebuild" in text


def test_a_memory_whose_index_another_process_rebuilt_captures_into_the_new_one(
        world: tuple[Project, dict[str, str]]) -> None:
    """No write of its own comes first to fail and reopen: the sync notices the new file."""
    project, env = world
    with open_memory(project) as memory:
        ken(project.root, env, "regenerate")
        commit(project, env, "print('fixed')\n", "fix: the crash after the rebuild")
        memory.sync()
        assert capture_app.refresh(memory, 1_796_040_000) == 1
        assert not memory.warnings, memory.warnings
    assert "the crash after the rebuild" in ken(project.root, env, "summary")


def short_lock(project: Project, env: dict[str, str]) -> None:
    """Waiting for a lock gives up after half a second: another process that must wait for
    this one says so at once instead of waiting for it."""
    config = project.dir / "config.toml"
    config.write_text(config.read_text().replace("timeout_seconds = 10.0", "timeout_seconds = 0.5"))


def test_references_are_resolved_against_the_log_as_the_lock_leaves_it(
        world: tuple[Project, dict[str, str]], monkeypatch: pytest.MonkeyPatch) -> None:
    """An attempt without --issue goes to the only open issue. Another process cannot fix it
    between this one resolving the reference and appending (an attempt against an issue
    already fixed): it has to wait for the log's lock."""
    project, env = world
    ken(project.root, env, "issue", "login fails", "--at", "src/app.py")
    short_lock(project, env)
    redact = record_app._redact_resolved  # called under the lock, once references are resolved
    fixing: list[subprocess.CompletedProcess[str]] = []

    def resolved_then_fixed_elsewhere(*args: Any) -> Any:
        assert KEN
        fixing.append(subprocess.run([KEN, "fix", "login fixed"], cwd=project.root, env=env,
                                     capture_output=True, text=True, timeout=60))
        return redact(*args)

    monkeypatch.setattr(record_app, "_redact_resolved", resolved_then_fixed_elsewhere)
    attempt = record(project, {"type": "attempt", "summary": "retry the login", "outcome": "failed"}).event
    assert fixing[0].returncode == 2 and "events.lock" in fixing[0].stderr, fixing[0]
    order = [json.loads(line)["type"] for line in project.log_path.read_text().splitlines()]
    assert order[-2:] == ["issue", "attempt"] and attempt.issue_id
    ken(project.root, env, "fix", "login fixed")  # the lock free, the fix comes after the attempt


def test_a_bad_reference_is_refused_without_waiting_for_the_lock(world: tuple[Project, dict[str, str]]) -> None:
    project, env = world
    assert KEN
    memory = Memory(project)
    with memory.log.lock(1):  # another writer holds the log, for longer than the lock's timeout
        began = time.monotonic()
        done = subprocess.run([KEN, "attempt", "retry", "--failed", "--issue", "zzzz"], cwd=project.root, env=env,
                              capture_output=True, text=True, timeout=60)
        took = time.monotonic() - began
    memory.close()
    assert done.returncode == 2 and "no issue matches 'zzzz'" in done.stderr, done.stderr
    assert took < 8, f"refused after {took:.1f} s: it waited for the lock (10 s) first"


def test_two_plan_ideas_at_once_are_both_kept(world: tuple[Project, dict[str, str]],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Another `ken plan` while this one is between reading plan.md and writing it back waits
    for it (here: gives up after the short lock), so it never writes over this one's idea."""
    project, env = world
    short_lock(project, env)
    write = files.write_atomic
    other: list[subprocess.CompletedProcess[str]] = []

    def another_idea_while_writing(path: Path, text: str, **kw: Any) -> None:
        assert KEN
        if path != project.plan_path:
            return write(path, text, **kw)  # the settings' cache, written on the way
        other.append(subprocess.run([KEN, "plan", "the other process's idea"], cwd=project.root, env=env,
                                    capture_output=True, text=True, timeout=60))
        write(path, text, **kw)

    monkeypatch.setattr(plan_app.files, "write_atomic", another_idea_while_writing)
    plan_app.add_idea(project, "this process's idea")
    assert other[0].returncode == 2 and "plan.lock" in other[0].stderr, other[0]
    ken(project.root, env, "plan", "the other process's idea")  # the lock free: added after
    text = project.plan_path.read_text()
    assert "this process's idea" in text and "the other process's idea" in text


def test_a_summary_renders_one_moment_of_the_index(world: tuple[Project, dict[str, str]],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Another process fixes the issue while this one renders: the render shows it open (before)
    or done (after), never in neither list. The render starts once the other process has
    either indexed its fix or is held back from doing so by this render's read."""
    project, env = world
    ken(project.root, env, "issue", "the parser crashes on empty input", "--at", "src/app.py")
    render = summary_app.render_budgeted
    other: list[subprocess.Popen[str]] = []

    def render_while_another_fixes(memory: Memory) -> str:
        assert KEN
        indexed = memory.cache.meta("log")
        other.append(subprocess.Popen([KEN, "fix", "guard the empty input"], cwd=project.root, env=env,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        wait_for_index(project, indexed)
        return render(memory)

    try:
        with open_memory(project) as memory:
            memory.state.short_fields()
            monkeypatch.setattr(summary_app, "render_budgeted", render_while_another_fixes)
            text = summary_app.refresh(memory)
        _, err = other[0].communicate(timeout=60)
    finally:
        for process in other:
            process.kill()
    assert other[0].returncode == 0, err
    assert "the parser crashes on empty input" in text
    assert "the parser crashes on empty input" in project.summary_path.read_text()


# Run in a process of its own: SQLite shares one process's locks among its connections, so a
# probe in the test process would read past the writer's pending lock.
_PROBE = """
import json, sqlite3, sys, time
probe = sqlite3.connect(sys.argv[1], timeout=0)
before = sys.argv[2]
deadline = time.monotonic() + 60
while time.monotonic() < deadline:
    try:
        row = probe.execute("SELECT value FROM meta WHERE key='log'").fetchone()
    except sqlite3.OperationalError:  # database is locked: a writer waits to commit
        sys.exit(0)
    if json.dumps(json.loads(row[0]) if row else None, sort_keys=True) != before:
        sys.exit(0)  # the writer committed
    time.sleep(0.01)
sys.exit("the other process neither indexed its event nor waited to")
"""


def wait_for_index(project: Project, indexed: Any) -> None:
    """Until another process sees the index's log position moved from ``indexed``, or cannot
    read the index because a writer is waiting to commit (held back by our read)."""
    done = subprocess.run([sys.executable, "-c", _PROBE, str(project.cache_dir / "index.sqlite"),
                           json.dumps(indexed, sort_keys=True)], capture_output=True, text=True, timeout=90)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("rebuild", ["regenerate", "delete"])
def test_a_memory_open_across_a_rebuild_writes_to_the_rebuilt_index(
        world: tuple[Project, dict[str, str]], rebuild: str) -> None:
    """Another process rebuilds the index while this one has it open: ``ken regenerate``, or the
    file deleted by hand and rebuilt by the next command. This process's next write must land in
    the index now at the path, not in a removed file ("attempt to write a readonly database")."""
    project, env = world
    with open_memory(project) as memory:
        summary_app.render_budgeted(memory)
        if rebuild == "delete":
            (project.cache_dir / "index.sqlite").unlink()
            ken(project.root, env, "summary")
        else:
            ken(project.root, env, "regenerate")
        commit(project, env, "print('hello, world')\n", "fix: greet the whole world")
        assert capture_app.refresh(memory, 1_796_040_000) == 1
    assert "greet the whole world" in ken(project.root, env, "summary")
