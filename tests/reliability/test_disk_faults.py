"""Disk faults: a full disk (a small tmpfs, and ``RLIMIT_FSIZE``), I/O errors injected at each step
of the write path, a read-only or damaged cache.

A write either is in the log and exits 0, or is not in the log and exits non-zero with one line
naming the real cause; it never says "failed" when it was written. Reads still work when the cache
cannot be written (they are answered from the log).
"""

from __future__ import annotations

import errno
import os
import random
import resource
import signal
from collections import Counter
from pathlib import Path

import pytest

from .conftest import (
    Repo,
    Result,
    World,
    bad_lines,
    clean_refusal,
    crash,
    fault_env,
    figure,
    log_events,
    notes,
    read_only,
    tmpfs,
)

CAUSES = ("No space left on device", "File too large", "Input/output error", "Read-only file system",
          "database or disk is full", "disk I/O error", "readonly database", "Permission denied")


def judge(repo: Repo, r: Result, text: str) -> str:
    """Classify one write under a fault: ``ok``, ``refused`` (cleanly, naming the cause), or the
    problem it shows. Complete lines of the log must stay intact either way."""
    data = repo.log_bytes()
    complete = data[:data.rfind(b"\n") + 1]
    if bad_lines(complete):
        return f"damaged the log: {bad_lines(complete)[:2]}"
    written = text in {e.get("summary") for e in log_events(data)}
    if r.returncode == 0:
        return "ok" if written else "exit 0 but not in the log"
    if written:
        return f"said it failed but the event is in the log: {r.stderr.strip()[:160]!r}"
    problem = clean_refusal(r)
    if problem:
        return f"not a clean refusal ({problem}): {r.stderr.strip()[:200]!r}"
    if not any(cause.lower() in r.stderr.lower() for cause in CAUSES):
        return f"the error does not name the cause: {r.stderr.strip()[:200]!r}"
    return "refused"


def reads_work(repo: Repo, word: str, expected: list[str]) -> list[str]:
    """Read commands answer (exit 0) and serve every expected summary."""
    problems = []
    for args in (("search", word, "--json", "--limit", "1000"), ("summary", "--full"),
                 ("precheck", "src/app.py", "--json")):
        r = repo.ken(*args)
        if r.returncode != 0 or crash(r):
            problems.append(f"ken {' '.join(args)}: {r.describe()}")
        elif args[0] in ("search", "summary"):
            missing = [s for s in expected if s not in r.stdout]
            if missing:
                problems.append(f"ken {' '.join(args)} does not serve {missing[:3]}")
    return problems


def fill(disk: Path) -> Path:
    """Fill the file system at ``disk`` until a write fails with ENOSPC."""
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as f:
        for size in (1 << 16, 4096, 1):
            try:
                while True:
                    f.write(b"\0" * size)
            except OSError as err:
                assert err.errno == errno.ENOSPC, err
    return filler


def align_to_page(repo: Repo, page: int = 4096) -> None:
    """Append a valid padding event so the log ends exactly on a page boundary."""
    size = repo.log.stat().st_size
    need = page - size % page
    need += page if need < 200 else 0
    head = b'{"id":"evt_00000000000000000a11","source":"cli","summary":"padding '
    tail = b'","timestamp":"2000-01-01T00:00:00.000000Z","type":"note","v":1}\n'
    repo.log.write_bytes(repo.log_bytes() + head + b"x" * (need - len(head) - len(tail)) + tail)
    assert repo.log.stat().st_size % page == 0


def test_full_disk(world: World) -> None:
    """A 3 MB tmpfs filled up, then freed a little at a time (7 steps): each write at each level of free
    space is either kept or cleanly refused; reads work throughout; freeing space heals."""
    with tmpfs(world.base / "disk", "3m") as disk:
        repo = world.repo("repo", where=disk)
        repo.ok("issue", "the disk fills up", "--at", "src/app.py")
        repo.ok("note", "a note on a roomy disk")
        align_to_page(repo)  # so the next append needs a new page of the full disk
        filler = fill(disk)
        outcomes: Counter[str] = Counter()
        problems: list[str] = []
        kept = ["a note on a roomy disk"]
        for step, free in enumerate([0, 0, 1024, 4096, 16384, 65536, 262144]):
            os.truncate(filler, max(0, filler.stat().st_size - free))
            text = f"full disk write {step}"
            r = repo.ken("note", text)
            verdict = judge(repo, r, text)
            outcomes[verdict if verdict in ("ok", "refused") else "problem"] += 1
            if verdict == "ok":
                kept.append(text)
            elif verdict != "refused":
                problems.append(f"{free} bytes freed: {verdict}")
            problems += [f"{free} bytes freed: {p}" for p in reads_work(repo, "disk", kept)]
        filler.unlink()
        r = repo.ken("note", "after freeing the disk")
        assert r.returncode == 0, r.describe()
        data = repo.log_bytes()
        assert not bad_lines(data), f"the log did not heal: {bad_lines(data)[:2]}"
    figure("disk.full_tmpfs", f"3 MB tmpfs, full then freed in 7 steps: {outcomes['ok']} writes kept, "
           f"{outcomes['refused']} refused naming the cause, {outcomes['problem']} wrong; {len(problems)} problems")
    assert not problems, "\n".join(problems[:8])


def _fsize_limit(limit: int):  # noqa: ANN202 - a preexec_fn
    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # writes past the limit fail with EFBIG instead
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


def test_file_size_limit(repo: Repo) -> None:
    """``RLIMIT_FSIZE`` a little above the log's size: the append (or the index) cannot grow."""
    repo.log.write_bytes(repo.log_bytes() + notes(300, "filler note {n} " + "x" * 200))
    outcomes: Counter[str] = Counter()
    problems: list[str] = []
    kept: list[str] = []
    for step, extra in enumerate([0, 1, 40, 150, 400, 1000, 4096, 1 << 20]):
        limit = max(repo.log.stat().st_size, (repo.path / ".kenning" / "summary.md").stat().st_size) + extra
        text = f"size limited write {step}"
        r = repo.ken("note", text, preexec_fn=_fsize_limit(limit))
        verdict = judge(repo, r, text)
        outcomes[verdict if verdict in ("ok", "refused") else "problem"] += 1
        if verdict == "ok":
            kept.append(text)
        elif verdict != "refused":
            problems.append(f"limit +{extra} bytes: {verdict}")
        r = repo.ken("search", "size limited", "--json", preexec_fn=_fsize_limit(limit))
        if r.returncode != 0 or crash(r) or any(k not in r.stdout for k in kept):
            problems.append(f"limit +{extra} bytes: a read under the same limit failed: {r.describe()}")
    r = repo.ken("note", "without a limit")
    assert r.returncode == 0, r.describe()
    assert not bad_lines(repo.log_bytes())
    figure("disk.file_size_limit", f"8 writes under RLIMIT_FSIZE (log of 300 events; its size + 0 B .. 1 MB): "
           f"{outcomes['ok']} kept, {outcomes['refused']} refused naming the cause, {outcomes['problem']} wrong; "
           f"{len(problems)} problems")
    assert not problems, "\n".join(problems[:8])


IO_FAULTS = [
    "eio:write:events.jsonl",
    "enospc:write:events.jsonl",
    "eio:fsync:events.jsonl",
    "eio:fsync:summary.md",
    "enospc:replace:summary.md",
    "eio:fsync:quarantine",
]


@pytest.mark.parametrize("fault", IO_FAULTS)
def test_injected_io_error(repo: Repo, fault: str) -> None:
    repo.ok("note", "before the fault")
    if "quarantine" in fault:  # the fault hits while a torn tail is being set aside
        repo.log.write_bytes(repo.log_bytes() + b'{"v":1,"id":"evt_torn')
    before = repo.log_bytes()
    text = f"write under {fault}"
    r = repo.ken("note", text, env=fault_env(repo.world.base, fault))
    verdict = judge(repo, r, text)
    if "quarantine" in fault and verdict in ("ok", "refused"):
        assert repo.log_bytes().startswith(before[:before.rfind(b"\n") + 1])
    problems = [] if verdict in ("ok", "refused") else [verdict]
    problems += reads_work(repo, "before", ["before the fault"])
    healed = repo.ken("note", "after the fault")
    if healed.returncode != 0 or bad_lines(repo.log_bytes()):
        problems.append(f"the next write did not heal the log: {healed.describe()}")
    figure(f"disk.io_error[{fault}]", f"{verdict}; {len(problems)} problems")
    assert not problems, f"{fault}: " + "\n".join(problems)


def test_reads_answer_from_the_log_when_the_cache_is_read_only(repo: Repo) -> None:
    repo.ok("issue", "an issue", "--at", "src/app.py")
    repo.ok("note", "indexed note")
    repo.ok("summary")
    # a line the index has not seen yet (a teammate's event arriving with a pull)
    repo.log.write_bytes(repo.log_bytes() + b'{"id":"evt_0000000000000000c0de","source":"cli","summary":'
                         b'"pulled note","timestamp":"2026-01-01T00:00:00.000000Z","type":"note","v":1}\n')
    cache = repo.path / ".kenning" / "cache"
    with read_only(cache) as how:
        problems = reads_work(repo, "note", ["indexed note", "pulled note"])
        r = repo.ken("note", "written with a read-only cache")
        verdict = judge(repo, r, "written with a read-only cache")
        if verdict not in ("ok", "refused"):
            problems.append(verdict)
    figure("disk.read_only_cache", f"cache folder made read-only ({how}): {3 - len(problems)} of 3 read commands "
           f"answered from the log; a write: {verdict}")
    assert not problems, "\n".join(problems)


def test_a_write_with_a_read_only_local_folder(repo: Repo) -> None:
    repo.ok("note", "before the lock folder went read-only")
    local = repo.path / ".kenning" / "local"
    local.mkdir(exist_ok=True)
    with read_only(local):
        r = repo.ken("note", "with a read-only lock folder")
        verdict = judge(repo, r, "with a read-only lock folder")
        problems = [] if verdict in ("ok", "refused") else [verdict]
        problems += reads_work(repo, "before", ["before the lock folder went read-only"])
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("damage", ["zeroed after the first page", "random bytes", "empty file", "a file for a folder"])
def test_a_damaged_cache_is_rebuilt(repo: Repo, damage: str) -> None:
    repo.ok("issue", "an issue", "--at", "src/app.py")
    repo.log.write_bytes(repo.log_bytes() + notes(20, "note number {n}"))
    expected = repo.ok("summary", "--full").stdout
    cache = repo.path / ".kenning" / "cache"
    index = cache / "index.sqlite"
    data = index.read_bytes()
    if damage == "zeroed after the first page":
        index.write_bytes(data[:4096] + b"\0" * (len(data) - 4096))
    elif damage == "random bytes":
        index.write_bytes(random.Random(5).randbytes(len(data)))
    elif damage == "empty file":
        index.write_bytes(b"")
    else:
        for p in cache.iterdir():
            p.unlink()
        cache.rmdir()
        cache.write_text("not a folder\n")
    r = repo.ken("summary", "--full")
    assert r.returncode == 0 and not crash(r), f"{damage}: {r.describe()}"
    assert r.stdout == expected, f"{damage}: the summary differs from the one before the damage"
    r = repo.ken("note", "after the damage")
    verdict = judge(repo, r, "after the damage")
    assert verdict == "ok" or (damage == "a file for a folder" and verdict == "refused"), f"{damage}: {verdict}"
    r = repo.ken("search", "note number", "--json", "--limit", "100")
    assert r.returncode == 0 and r.stdout.count('"note number') == 20, f"{damage}: {r.describe()}"
