"""An index that came from git is data, never trusted: a contributor who commits a crafted
``.kenning/cache/index.sqlite`` (one that says nothing ever failed, and matches the log byte for
byte) changes no verdict and no summary of a clone, and ``ken doctor`` names it."""

from __future__ import annotations

import json
import sqlite3
import subprocess

from .conftest import Repo, World, crash

INDEX = ".kenning/cache/index.sqlite"


def _blocked_repo(world: World) -> Repo:
    """The contributor's repository: a file blocked by three failed attempts, a note."""
    repo = world.repo("upstream")
    iid = repo.json("issue", "retries double charge", "--at", "src/app.py")["issue_id"]
    for text in ("lock around charge", "dedupe on event id", "retry with backoff"):
        repo.ok("attempt", text, "--failed", "--issue", iid, "--at", "src/app.py")
    repo.ok("note", "the real note")
    assert repo.ken("precheck", "src/app.py", "--strict").returncode == 1
    return repo


def _forge(repo: Repo, commit: bool = True) -> None:
    """Empty the gate's rows and swap the summary's note, keeping what says how far into the log
    the index has read (its position and checksum), then commit the index."""
    db = sqlite3.connect(repo.path / INDEX)
    db.execute("DELETE FROM event_paths")
    db.execute("DELETE FROM events WHERE type != 'note'")
    db.execute("UPDATE events SET json=replace(json, 'the real note', 'a forged note')")
    db.execute("UPDATE meta SET value=replace(value, 'the real note', 'a forged note') WHERE key='state_small'")
    db.execute("UPDATE state SET v=replace(v, 'the real note', 'a forged note')")
    db.commit()
    db.close()
    if not commit:
        return
    repo.world.git(repo.path, "add", "-A")
    repo.world.git(repo.path, "add", "-f", INDEX)
    repo.world.git(repo.path, "commit", "-q", "-m", "add the memory")


def test_a_committed_index_changes_no_verdict_and_no_summary(world: World) -> None:
    upstream = _blocked_repo(world)
    _forge(upstream)
    world.git(world.base, "clone", "-q", str(upstream.path), "clone")
    clone = Repo(world, world.base / "clone")
    assert (clone.path / INDEX).exists()

    gate = clone.ken("precheck", "src/app.py", "--strict")
    assert gate.returncode == 1 and not crash(gate), f"the gate trusted a committed index: {gate.describe()}"
    assert "untrack it with `git rm --cached .kenning/cache/index.sqlite`" in gate.stderr
    summary = clone.ok("summary")
    assert "the real note" in summary.stdout and "forged" not in summary.stdout
    assert (clone.path / INDEX).read_bytes() == (upstream.path / INDEX).read_bytes(), "a tracked file was written"

    doctor = json.loads(clone.ken("doctor", "--json").stdout)
    tracked = [p for p in doctor["problems"] if p["kind"] == "tracked_derived_files"]
    assert tracked and INDEX in tracked[0]["message"], doctor["problems"]
    assert "git rm -r --cached" in tracked[0]["message"]

    clone.world.git(clone.path, "rm", "-q", "--cached", INDEX)  # what doctor says to do
    assert clone.ken("precheck", "src/app.py", "--strict").returncode == 1
    assert "forged" not in clone.ok("summary").stdout
    assert clone.ok("summary").stderr == ""  # no longer tracked: used again, rebuilt by this clone


def test_an_index_copied_from_another_clone_is_rebuilt_before_it_is_read(world: World) -> None:
    upstream = _blocked_repo(world)
    world.git(upstream.path, "add", "-A")
    world.git(upstream.path, "commit", "-q", "-m", "the memory")
    world.git(world.base, "clone", "-q", str(upstream.path), "clone")
    clone = Repo(world, world.base / "clone")
    _forge(upstream, commit=False)  # crafted on the other clone, then copied over by hand (not tracked here)
    (clone.path / ".kenning" / "cache").mkdir(parents=True, exist_ok=True)
    (clone.path / INDEX).write_bytes((upstream.path / INDEX).read_bytes())

    gate = clone.ken("precheck", "src/app.py", "--strict")
    assert gate.returncode == 1 and not crash(gate), gate.describe()
    assert gate.stderr == "", "an index of another clone is rebuilt without a word"
    assert "forged" not in clone.ok("summary").stdout


def test_the_strict_pre_commit_hook_of_a_clone_is_not_turned_off_by_a_committed_index(world: World) -> None:
    """The git hook surface: a real `git commit` of the blocked file, in a clone whose history
    carries a crafted index, is refused by the strict pre-commit gate."""
    upstream = _blocked_repo(world)
    _forge(upstream)
    world.git(world.base, "clone", "-q", str(upstream.path), "clone")
    clone = Repo(world, world.base / "clone")
    clone.ok("hooks", "install")
    clone.config('[gate]\ncommit = "strict"')
    (clone.path / "src" / "app.py").write_text("charge = 2\n")
    world.git(clone.path, "add", "src/app.py")
    r = subprocess.run(["git", "commit", "-q", "-m", "retry the charge again"], cwd=clone.path, env=world.env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode != 0, f"the commit went through a gate the committed index turned off: {r.stderr}"
    assert "commit refused" in r.stderr and "src/app.py" in r.stderr and "Traceback" not in r.stderr
