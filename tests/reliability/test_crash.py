"""Crashes: ``kill -9`` of ``ken note`` at random moments and at exact steps of the write path, and a
log cut at every byte of its last line.

Every acknowledged (exit 0) write survives; the log heals (every line intact after the next write);
a crash between the append and the summary refresh loses nothing (readers catch up from the log);
a cut that leaves a complete event without its final newline keeps that event.
Fast: 40 random kills, every cut position in-process plus a sample through real processes;
long: 200 kills and every cut position through real processes.
"""

from __future__ import annotations

import json
import random
import shutil
import signal
import time

import pytest

from .conftest import LONG, Repo, World, bad_lines, crash, fault_env, figure, log_events, scale

KILLS = scale(40, 200)


def views(repo: Repo) -> tuple[str, str]:
    """summary.md after a read, and every event as served: what a crash must not change."""
    searched = repo.ok("search", "", "--limit", "1000000", "--json").stdout
    return repo.summary_md().decode(), searched


@pytest.mark.slow  # crash stress: 40 kill -9s (200 long)
def test_random_kills_lose_no_acknowledged_write(repo: Repo) -> None:
    rng = random.Random(20250611)
    # kill anywhere from the start to a little past the end of a typical write on this machine now
    span = 1.5 * sorted(repo.ok("note", f"timing {n}").seconds for n in range(3))[1]
    acked: list[str] = []
    killed_after_append = killed_before = torn_seen = 0
    for i in range(KILLS):
        text = f"kill test {i}"
        before = repo.log_bytes()
        proc = repo.popen("note", text)
        time.sleep(rng.uniform(0.0, span))
        try:
            proc.send_signal(signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.communicate(timeout=60)
        after = repo.log_bytes()
        complete = after[:after.rfind(b"\n") + 1]
        assert not bad_lines(complete), f"kill {i}: a complete line is damaged: {bad_lines(complete)[:2]}"
        written = text in {e.get("summary") for e in log_events(after)}
        if proc.returncode == 0:
            acked.append(text)
            assert written, f"kill {i}: `ken note` exited 0 but its event is not in the log"
        elif written:
            killed_after_append += 1  # killed between the append and its exit: e.g. before the refresh
        else:
            killed_before += 1
        torn_seen += not after.endswith(b"\n") and after != before
    r = repo.ok("note", "after the kills")
    data = repo.log_bytes()
    assert not bad_lines(data), f"the log did not heal: {bad_lines(data)[:3]}"
    kept = {e.get("summary") for e in log_events(data)}
    lost = [t for t in acked if t not in kept]
    assert not lost, f"{len(lost)} acknowledged writes lost: {lost[:5]}"
    assert len(acked) >= KILLS // 8, f"only {len(acked)} writes were acknowledged between the kills"
    left = views(repo)
    repo.ok("regenerate")
    assert views(repo) == left, "after the kills the derived files differ from a rebuild from the log"
    assert "Traceback" not in r.stderr
    figure("crash.random_kills", f"{KILLS} SIGKILLs of `ken note` (0-{span * 1000:.0f} ms after start): "
           f"{len(acked)} acknowledged, {len(acked) - len(lost)} of them kept, {killed_after_append} killed after "
           f"the append (kept, derived files caught up), {killed_before} killed before it, {torn_seen} torn tails "
           "healed; 0 damaged lines after the next write")


CRASH_POINTS = [
    # (fault, what it simulates, is the event in the log afterwards)
    ("torn-kill:write:events.jsonl", "killed mid-append (half a line written)", False),
    ("kill-after:write:events.jsonl", "killed after the append, before fsync", True),
    ("kill-after:fsync:events.jsonl", "killed after fsync, before the summary refresh", True),
    ("kill-before:replace:summary.md", "killed while replacing summary.md", True),
    ("kill-before:write:events.jsonl", "killed just before the append", False),
]


@pytest.mark.parametrize("fault,what,kept", CRASH_POINTS, ids=[c[0] for c in CRASH_POINTS])
def test_kill_at_each_step_of_the_write_path(repo: Repo, fault: str, what: str, kept: bool) -> None:
    repo.ok("note", "a note before the crash")
    r = repo.ken("note", "the crashed write", env=fault_env(repo.world.base, fault))
    assert r.returncode == -signal.SIGKILL, f"the fault did not fire: {r.describe()}"
    data = repo.log_bytes()
    in_log = "the crashed write" in {e.get("summary") for e in log_events(data)}
    assert in_log == kept, f"{what}: in the log: {in_log}"
    read = repo.ok("search", "crashed", "--json")
    assert ("the crashed write" in read.stdout) == kept, f"{what}: a reader does not serve the log: {read.stdout}"
    summary = repo.ok("summary").stdout
    assert ("the crashed write" in summary) == kept, f"{what}: the summary did not catch up with the log"
    repo.ok("note", "the next write")
    data = repo.log_bytes()
    assert not bad_lines(data), f"{what}: the log did not heal: {bad_lines(data)[:3]}"
    left = views(repo)
    repo.ok("regenerate")
    assert views(repo) == left, f"{what}: derived files differ from a rebuild"


# -- a log cut at every byte of its last line ---------------------------------------------------------

LAST = "the precious last note: naïve ünïcode ✓ 終わり"


def cut_template(world: World) -> tuple[Repo, bytes, bytes]:
    """A repository whose last event line is LAST: (repo, the log before it, that line)."""
    repo = world.repo("template")
    repo.ok("issue", "an issue before", "--at", "src/app.py")
    repo.ok("note", "a note before")
    base = repo.log_bytes()
    repo.ok("note", LAST, "--at", "src/app.py:3")
    line = repo.log_bytes()[len(base):]
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    return repo, base, line[:-1]


def check_cut(repo: Repo, run, cut: int, line: bytes, event_id: str) -> list[str]:
    """Read, then write, after the log was cut ``cut`` bytes into its last line; what went wrong."""
    problems = []
    complete = cut == len(line)  # a whole event, only its final newline missing
    read = run("search", "ünïcode", "--json")
    if read.returncode != 0 or crash(read):
        problems.append(f"cut {cut}: the read failed: {read.describe()}")
    elif complete and event_id not in read.stdout:
        problems.append(f"cut {cut} (complete event, no final newline): the read does not serve it")
    write = run("note", f"after cut {cut}")
    data = repo.log_bytes()
    if write.returncode != 0 or crash(write):
        problems.append(f"cut {cut}: the next write failed: {write.describe()}")
    if bad_lines(data):
        problems.append(f"cut {cut}: lines damaged after the next write: {bad_lines(data)[:2]}")
    ids = [e.get("id") for e in log_events(data)]
    if complete and event_id not in ids:
        problems.append(f"cut {cut} (complete event, no final newline): the next write dropped it from the log")
    if not complete and ids.count(event_id):
        problems.append(f"cut {cut}: a partial line became an event")
    if 0 < cut < len(line) and not any(p.read_bytes() == line[:cut] for p in
                                       (repo.path / ".kenning" / "local" / "quarantine").glob("*")):
        problems.append(f"cut {cut}: the torn bytes were not kept in .kenning/local/quarantine/")
    return problems


def _cuts(world: World, real_processes: bool, positions: list[int] | None = None) -> tuple[int, list[str]]:
    template, base, line = cut_template(world)
    event_id = json.loads(line)["id"]
    cache = template.path / ".kenning" / "cache"
    snapshot = world.base / "cache-before"  # the index as it was before the cut line was written
    template.log.write_bytes(base)
    template.ok("search", "x")
    shutil.copytree(cache, snapshot)
    problems: list[str] = []
    positions = positions if positions is not None else list(range(len(line) + 1))
    for cut in positions:
        shutil.rmtree(cache)
        shutil.copytree(snapshot, cache)
        shutil.rmtree(template.path / ".kenning" / "local" / "quarantine", ignore_errors=True)
        template.log.write_bytes(base + line[:cut])
        run = template.ken if real_processes else template.inproc
        problems += check_cut(template, run, cut, line, event_id)
    return len(positions), problems


@pytest.mark.slow  # every cut of a line, a sample through real processes
def test_truncation_at_every_byte_of_the_last_line(world: World) -> None:
    """In-process (the CLI's ``main``, same code path) so every byte fits the fast suite; the long
    version runs every cut through real processes."""
    count, problems = _cuts(world, real_processes=LONG)
    how = "real processes" if LONG else "in-process"
    figure("crash.truncation", f"last line cut at each of {count} byte positions ({how}): "
           f"{count - len({p.split(':')[0] for p in problems})} cuts handled, {len(problems)} problems")
    assert not problems, f"{len(problems)} problems, first ones:\n" + "\n".join(problems[:6])


def test_truncation_samples_through_real_processes(world: World) -> None:
    """A sample of the cuts through real ``ken`` processes: the first byte, mid-character cuts, the
    complete event without its newline (fast suite; the long one runs them all)."""
    if LONG:
        pytest.skip("the long version runs every cut through real processes")
    line = cut_template(world)[2]
    multibyte = line.find("ü".encode()) + 1  # inside a two-byte character
    positions = sorted({1, len(line) // 2, multibyte, len(line) - 2, len(line) - 1, len(line)})
    count, problems = _cuts(World(world.base / "sampled"), real_processes=True, positions=positions)
    figure("crash.truncation_processes", f"{count} cut positions through real processes, {len(problems)} problems")
    assert not problems, "\n".join(problems[:6])
