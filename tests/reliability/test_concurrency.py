"""Concurrent writers: 8 writers x N events through the CLI (real ``ken`` processes) and through
the app API (real ``multiprocessing`` processes calling ``kenning.app.record.record``).

Every acknowledged write is in the log, no id twice, every line intact JSON, and the derived
files (summary.md, ``ken search``, ``ken issues --json``) equal what a rebuild from the log gives.
Fast: N=25; long (``KEN_RELIABILITY_LONG=1``): N=500.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from .conftest import Repo, bad_lines, crash, figure, log_events, scale

pytestmark = pytest.mark.slow  # concurrency stress: `make test-slow`

WRITERS = 8
PER_WRITER = scale(25, 500)


def plan(writer: int, n: int, count: int) -> tuple[str, str]:
    """What writer ``writer`` records as its ``n``-th event: (command, summary). Each writer opens
    an issue, fails at it now and then, notes things, and fixes it last."""
    if n == 0:
        return "issue", f"writer {writer} issue"
    if n == count - 1:
        return "fix", f"writer {writer} fix"
    if n % 5 == 2:
        return "attempt", f"writer {writer} attempt {n}"
    return "note", f"writer {writer} note {n}"


def derived_views(repo: Repo) -> dict[str, Any]:
    """What readers are served: summary.md as it is on disk, and the answers of two read commands."""
    return {"summary.md": repo.summary_md().decode(),
            "search": repo.json("search", "", "--limit", "1000000"),
            "issues": repo.json("issues", "--all")}


def check_log(repo: Repo, start: int, acked: dict[str, str]) -> tuple[list[dict[str, Any]], int]:
    """Every acknowledged id in the log once, every line intact; the new events and duplicates."""
    data = repo.log_bytes()
    assert not bad_lines(data), f"damaged lines: {bad_lines(data)[:3]}"
    new = log_events(data)[start:]
    ids = [e["id"] for e in new]
    duplicates = len(ids) - len(set(ids))
    assert duplicates == 0, f"{duplicates} duplicate ids"
    missing = [f"{i} {s}" for i, s in acked.items() if i not in set(ids)]
    assert not missing, f"{len(missing)} acknowledged writes are not in the log: {missing[:5]}"
    assert len(new) == WRITERS * PER_WRITER, f"{len(new)} new events for {WRITERS * PER_WRITER} writes"
    stamps = [e["timestamp"] for e in log_events(data)]
    assert all(a < b for a, b in zip(stamps, stamps[1:], strict=False)), "timestamps must strictly increase"
    return new, duplicates


def check_rebuild(repo: Repo) -> None:
    before = derived_views(repo)
    repo.ok("regenerate")
    after = derived_views(repo)
    for name in before:
        assert before[name] == after[name], f"{name} differs from a rebuild from the log"


def test_cli_writers_lose_and_corrupt_nothing(repo: Repo) -> None:
    start = len(log_events(repo.log_bytes()))
    barrier = threading.Barrier(WRITERS)
    acked: dict[str, str] = {}
    failures: list[str] = []
    guard = threading.Lock()

    def writer(w: int) -> None:
        issue = ""
        barrier.wait()
        for n in range(PER_WRITER):
            command, text = plan(w, n, PER_WRITER)
            extra = {"issue": ["--at", "src/app.py"], "attempt": ["--failed", "--issue", issue, "--at", "src/app.py"],
                     "fix": ["--issue", issue], "note": []}[command]
            r = repo.ken(command, text, *extra, "--json", timeout=120)
            with guard:
                if r.returncode != 0 or crash(r):
                    failures.append(r.describe())
                    continue
                event = json.loads(r.stdout)
                acked[event["id"]] = text
                issue = issue or event.get("issue_id", "")

    began = time.monotonic()
    threads = [threading.Thread(target=writer, args=(w,)) for w in range(WRITERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seconds = time.monotonic() - began
    assert not failures, f"{len(failures)} failed writes; first: {failures[0]}"
    new, duplicates = check_log(repo, start, acked)
    assert sorted(acked.values()) == sorted(e["summary"] for e in new)
    check_rebuild(repo)
    figure("concurrency.cli", f"{WRITERS} ken processes x {PER_WRITER} writes: {len(acked)}/{WRITERS * PER_WRITER} "
           f"acknowledged and kept, {len(failures)} failed, {duplicates} duplicate ids, 0 damaged lines, "
           f"derived files equal a rebuild ({seconds:.1f} s, {len(acked) / seconds:.0f} writes/s)")


def _api_writer(root: str, env: dict[str, str], w: int, count: int, ready: Any, go: Any, results: Any) -> None:
    """One writer process: the same ``record()`` every surface calls, ``count`` times. Says it is
    ready once kenning is imported (or it failed to), then waits for ``go``."""
    os.environ.clear()
    os.environ.update(env)
    os.chdir(root)
    acked: list[tuple[str, str]] = []
    errors: list[str] = []
    try:
        try:
            from kenning.app.project import find_project
            from kenning.app.record import record

            project = find_project(Path(root))
        finally:
            ready.put(w)
        go.wait(120)
        issue = None
        for n in range(count):
            command, text = plan(w, n, count)
            fields: dict[str, Any] = {"type": command, "summary": text, "source": "cli", "actor": f"writer {w}"}
            if command == "issue":
                fields["location"] = "src/app.py"
            elif command == "attempt":
                fields.update(outcome="failed", issue_id=issue, location="src/app.py")
            elif command == "fix":
                fields["issue_id"] = issue
            try:
                event = record(project, fields).event
            except Exception as err:  # noqa: BLE001 - reported to the test, which fails on it
                errors.append(f"{type(err).__name__}: {err}")
                continue
            issue = issue or event.issue_id
            acked.append((event.id, text))
    except Exception as err:  # noqa: BLE001
        errors.append(f"{type(err).__name__}: {err}")
    results.put((w, acked, errors))


def test_api_writers_lose_and_corrupt_nothing(repo: Repo) -> None:
    start = len(log_events(repo.log_bytes()))
    ctx = multiprocessing.get_context("spawn")
    ready, go, results = ctx.Queue(), ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=_api_writer, args=(str(repo.path), repo.world.env, w, PER_WRITER, ready, go,
                                                   results))
             for w in range(WRITERS)]
    for p in procs:
        p.start()
    for _ in procs:  # every interpreter has imported kenning: go together, so the writers really contend
        ready.get(timeout=120)
    began = time.monotonic()
    go.set()
    reports = [results.get(timeout=600) for _ in procs]
    seconds = time.monotonic() - began
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0, f"writer process exited {p.exitcode}"
    errors = [e for _, _, errs in reports for e in errs]
    assert not errors, f"{len(errors)} failed writes; first: {errors[0]}"
    acked = {i: text for _, pairs, _ in reports for i, text in pairs}
    new, duplicates = check_log(repo, start, acked)
    for w, pairs, _ in reports:  # each writer's events appear in the order it wrote them
        mine = [e["summary"] for e in new if e.get("actor") == f"writer {w}"]
        assert mine == [text for _, text in pairs]
    check_rebuild(repo)
    figure("concurrency.api", f"{WRITERS} processes x {PER_WRITER} record() calls: {len(acked)}/{WRITERS * PER_WRITER} "
           f"kept, {len(errors)} failed, {duplicates} duplicate ids, 0 damaged lines, derived files equal a "
           f"rebuild ({seconds:.1f} s, {len(acked) / seconds:.0f} writes/s)")
