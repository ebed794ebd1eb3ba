"""Durability under real contention: concurrent writer processes and ``kill -9`` mid-write.

The writers are ``python -c`` processes calling the same ``record()`` every surface uses (a
``ken`` process per event would cost ~100 ms each); the locks, files and processes are real.
"""

from __future__ import annotations

import json
import random
import re
import signal
import subprocess
import sys
import time

import pytest

from .conftest import Repo

pytestmark = pytest.mark.slow  # concurrency and kill -9 stress: `make test-slow`

WRITERS = 8
PER_WRITER = 200

WRITER = """
import os, sys, time
from pathlib import Path
from kenning.app.project import find_project
from kenning.app.record import record

writer, count, go = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])
project = find_project(Path.cwd())
print("ready", flush=True)  # imported: the test starts every writer at once when all are ready
while not go.exists():  # start together, so the writers really contend for the lock
    time.sleep(0.001)
for n in range(count):
    record(project, {"type": "note", "summary": f"writer {writer} note {n}", "source": "cli"})
"""

ACKNOWLEDGING_WRITER = """
import sys
from pathlib import Path
from kenning.app.project import find_project
from kenning.app.record import record

project = find_project(Path.cwd())
run = sys.argv[1]
n = 0
while True:
    result = record(project, {"type": "note", "summary": f"run {run} note {n}", "source": "cli"})
    sys.stdout.write(result.event.id + "\\n")  # acknowledged only once record() has returned
    sys.stdout.flush()
    n += 1
"""


def test_concurrent_writers_lose_and_corrupt_nothing(repo: Repo) -> None:
    repo.ok("note", "before the writers")
    start = len(repo.log_bytes().splitlines())
    go = repo.world.base / "go"
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(w), str(PER_WRITER), str(go)],
                              cwd=repo.path, env=repo.world.env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for w in range(WRITERS)]
    for p in procs:  # every interpreter has imported kenning
        assert p.stdout is not None and p.stdout.readline() == "ready\n", p.communicate(timeout=60)
    go.touch()
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
        assert "Traceback" not in err

    data = repo.log_bytes()
    assert data.endswith(b"\n")
    lines = data.splitlines()
    new = [json.loads(line) for line in lines[start:]]  # every line is valid JSON
    assert len(new) == WRITERS * PER_WRITER
    assert len({e["id"] for e in new}) == WRITERS * PER_WRITER
    pairs = sorted(tuple(int(x) for x in re.fullmatch(r"writer (\d+) note (\d+)", e["summary"]).groups())
                   for e in new)
    assert pairs == [(w, n) for w in range(WRITERS) for n in range(PER_WRITER)]
    stamps = [json.loads(line)["timestamp"] for line in lines]
    assert all(a < b for a, b in zip(stamps, stamps[1:], strict=False)), "timestamps must strictly increase"
    for w in range(WRITERS):  # each writer's own events appear in the order it wrote them
        mine = [e["summary"] for e in new if e["summary"].startswith(f"writer {w} ")]
        assert mine == [f"writer {w} note {n}" for n in range(PER_WRITER)]

    left = (repo.path / ".kenning" / "summary.md").read_text()
    r = repo.ok("summary")
    assert r.stderr == "" and "writer" in r.stdout
    assert r.stdout == left, "summary.md left by the last writer is not the summary of the whole log"
    rebuilt = repo.ok("regenerate")
    assert rebuilt.returncode == 0
    assert repo.ok("summary").stdout == left
    assert json.loads(repo.ok("doctor", "--json").stdout)["problems"] == []


def test_kill_9_never_loses_an_acknowledged_event(repo: Repo) -> None:
    rng = random.Random(20240611)
    acknowledged: list[str] = []
    for run in range(6):
        proc = subprocess.Popen([sys.executable, "-c", ACKNOWLEDGING_WRITER, str(run)], cwd=repo.path,
                                env=repo.world.env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert proc.stdout is not None
        first = proc.stdout.readline()  # the first acknowledged write: the kill lands mid-writing, not mid-import
        time.sleep(rng.uniform(0.0, 0.3))  # a random moment among the writes (the scenario)
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate(timeout=30)
        assert proc.returncode == -signal.SIGKILL
        # a line cut off by the kill was never fully acknowledged: count complete lines only
        complete = (first + out).decode("ascii", "replace").split("\n")[:-1]
        assert all(re.fullmatch(r"evt_[0-9a-f]{20}", line) for line in complete)
        acknowledged += complete
        check_log_shape(repo.log_bytes())
    assert len(acknowledged) >= 10, "too few writes between the kills to mean anything"

    logged = {json.loads(line)["id"] for line in _complete_lines(repo.log_bytes())}
    missing = [i for i in acknowledged if i not in logged]
    assert not missing, f"{len(missing)} acknowledged events are not in the log"

    torn = repo.log_bytes().rsplit(b"\n", 1)[1]
    repo.ok("note", "after the kills")
    data = repo.log_bytes()
    assert data.endswith(b"\n")
    assert [json.loads(line)["summary"] for line in data.splitlines()][-1] == "after the kills"
    quarantine = repo.path / ".kenning" / "local" / "quarantine"
    if torn:
        assert torn in [p.read_bytes() for p in quarantine.iterdir()]


def _complete_lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")[:-1]


def check_log_shape(data: bytes) -> None:
    """Every complete line is an event; only a final line without its newline may be torn."""
    for line in _complete_lines(data):
        event = json.loads(line)
        assert event["summary"].startswith("run ")
