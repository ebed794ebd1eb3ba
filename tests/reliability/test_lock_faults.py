"""Lock faults: a dead holder of ``.kenning/local/events.lock`` releases at once (the OS drops a
killed process's flock), and a live holder that never lets go makes ``ken note`` fail within
``[lock] timeout_seconds`` with one clear line and exit 2, writing nothing.

The time bounds are the behaviour (waited out the timeout or not, hung or not), so they are wide;
the measured times are reported as figures (``bench/reliability.py`` prints them).
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import Repo, bad_lines, clean_refusal, fault_env, figure

HOLDER = """
import fcntl, os, sys, time
os.makedirs(os.path.dirname(sys.argv[1]), exist_ok=True)
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644)
fcntl.flock(fd, fcntl.LOCK_EX)
open(sys.argv[2], "w").close()
time.sleep(3600)
"""

TIMEOUT = 1.0


def hold_lock(repo: Repo) -> tuple[subprocess.Popen[bytes], Path]:
    """A process that takes the log lock and keeps it until killed."""
    ready = repo.world.base / f"holding-{time.monotonic_ns()}"
    lock = repo.path / ".kenning" / "local" / "events.lock"
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(lock), str(ready)])
    wait_for(ready, proc)
    return proc, ready


def wait_for(path: Path, proc: subprocess.Popen[bytes], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        assert proc.poll() is None, f"the lock holder exited early ({proc.returncode})"
        assert time.monotonic() < deadline, "the lock holder never took the lock"
        time.sleep(0.01)


def test_a_killed_lock_holder_releases_at_once(repo: Repo) -> None:
    repo.config(f"[lock]\ntimeout_seconds = {TIMEOUT * 5:g}")
    timings = []
    for holder in ("python", "ken"):
        if holder == "python":
            proc, _ = hold_lock(repo)
        else:  # a real `ken note` frozen while it holds the lock, then killed
            ready = repo.world.base / "ken-holding"
            proc = repo.popen("note", "the killed holder's note",
                              env=fault_env(repo.world.base, "hold:flock:events.lock", KEN_FAULT_READY=str(ready)))
            wait_for(ready, proc)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        r = repo.ken("note", f"after the {holder} holder died")
        assert r.returncode == 0, r.describe()  # a lock still held would end in exit 2 after the timeout
        assert r.seconds < TIMEOUT * 5, f"the write after a dead {holder} holder waited out the lock timeout"
        timings.append(r.seconds)
    data = repo.log_bytes()
    assert not bad_lines(data)
    assert b"the killed holder's note" not in data
    figure("lock.dead_holder", "after SIGKILL of a lock holder (a python flock holder, a frozen `ken note`) the "
           "next write succeeded in " + ", ".join(f"{t:.2f} s" for t in timings) + f" (lock timeout {TIMEOUT * 5:g} s)")


def test_a_stuck_lock_holder_times_out_cleanly(repo: Repo) -> None:
    repo.config(f"[lock]\ntimeout_seconds = {TIMEOUT:g}")
    before = repo.log_bytes()
    proc, _ = hold_lock(repo)
    try:
        r = repo.ken("note", "blocked by a stuck holder", timeout=60)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    problem = clean_refusal(r)
    assert problem is None, f"{problem}\n{r.describe()}"
    assert r.returncode == 2, r.describe()
    assert "lock" in r.stderr.lower(), r.describe()
    # waited its timeout out, then gave up instead of waiting on (a default, or for ever)
    assert TIMEOUT <= r.seconds < TIMEOUT + 10, f"gave up after {r.seconds:.2f}s with timeout_seconds = {TIMEOUT}"
    assert repo.log_bytes() == before, "a write that timed out on the lock changed the log"
    after = repo.ken("note", "once the holder is gone")
    assert after.returncode == 0, after.describe()
    figure("lock.stuck_holder", f"with a live holder and timeout_seconds = {TIMEOUT:g}: `ken note` exited "
           f"{r.returncode} after {r.seconds:.2f} s with one line ({r.stderr.strip()[:90]!r}); log unchanged")



REBUILDER = """
import fcntl, os, sys, time
lock = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644)
fcntl.flock(lock, fcntl.LOCK_EX)
marker = os.open(sys.argv[2], os.O_RDWR | os.O_CREAT, 0o644)
fcntl.flock(marker, fcntl.LOCK_SH)
open(sys.argv[3], "w").close()
time.sleep(3600)
"""


@pytest.mark.slow
def test_a_writer_queued_behind_a_rebuild_waits_for_it_instead_of_failing(repo: Repo) -> None:
    """A writer that holds the log's lock while it waits for a rebuild of the index (the
    rebuild's marker held) keeps `ken note` waiting past timeout_seconds, and the note is written
    once both end; with no rebuild running the same wait ends at the timeout (above)."""
    repo.config(f"[lock]\ntimeout_seconds = {TIMEOUT:g}")
    local = repo.path / ".kenning" / "local"
    ready = repo.world.base / "rebuild-held"
    holder = subprocess.Popen([sys.executable, "-c", REBUILDER, str(local / "events.lock"),
                               str(local / "rebuild.lock"), str(ready)])
    try:
        wait_for(ready, holder)
        writer = repo.popen("note", "queued behind a rebuild")
        started = time.monotonic()
        while time.monotonic() - started < TIMEOUT * 4:  # well past its timeout: it must still wait
            assert writer.poll() is None, f"the writer gave up during a rebuild: {writer.communicate()}"
            time.sleep(0.05)
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=30)
    out, err = writer.communicate(timeout=60)
    assert writer.returncode == 0 and b"Traceback" not in err, err.decode(errors="replace")
    assert b"queued behind a rebuild" in repo.log_bytes()


@pytest.mark.slow
def test_a_real_rebuild_marks_itself_while_it_folds_the_log(repo: Repo) -> None:
    """`ken regenerate` holds the rebuild marker while it folds the whole log (frozen there by
    the fault hook), and lets it go when it ends."""
    for i in range(20):
        repo.ok("note", f"history {i}")
    marker = repo.path / ".kenning" / "local" / "rebuild.lock"
    ready = repo.world.base / "rebuilding"
    rebuild = repo.popen("regenerate", env=fault_env(repo.world.base, "hold:flock:rebuild.lock",
                                                     KEN_FAULT_READY=str(ready)))
    try:
        wait_for(ready, rebuild)
        assert _lock_taken(marker)
    finally:
        rebuild.send_signal(signal.SIGKILL)
        rebuild.wait(timeout=30)
    assert not _lock_taken(marker)
    repo.ok("regenerate")
    assert not _lock_taken(marker)


def _lock_taken(lock: Path) -> bool:
    """Whether some process holds ``lock`` now (it cannot be taken without waiting)."""
    import fcntl
    import os

    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # closing drops a lock this probe took
    return False
