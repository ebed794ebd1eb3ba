"""Damaged memory and hostile repositories: symbolic links where kenning keeps its files, a log of
garbage, wrong-typed and future-dated events, a newer schema version, a byte-order mark, merge
markers, edits in place, a user's own git hook. Nothing outside the repository is touched, no valid
event is lost, and a reader never says "ok" when it could not read memory.
"""

from __future__ import annotations

import json
import os
import time

from .conftest import Repo, World, bad_lines, clean_refusal, crash, event_line, log_events, notes


def test_a_symlinked_log_is_refused_and_its_target_untouched(world: World, repo: Repo) -> None:
    victim = world.base / "victim.txt"
    victim.write_bytes(b"line one\nunterminated")
    repo.log.unlink()
    os.symlink(victim, repo.log)
    r = repo.ken("note", "through the link")
    assert victim.read_bytes() == b"line one\nunterminated", "ken wrote through a symlinked events.jsonl"
    assert r.returncode != 0 and clean_refusal(r) is None, r.describe()


def test_symlinks_under_kenning_are_never_written_through(world: World, repo: Repo) -> None:
    repo.ok("issue", "an issue", "--at", "src/app.py")
    rc_file = world.base / "rc-file.txt"
    rc_file.write_text("# rc\n")
    outside_dir = world.base / "outside-dir"
    outside_dir.mkdir()
    summary_target = world.base / "summary-target.md"
    summary_target.write_text("mine\n")
    local = repo.path / ".kenning" / "local"
    local.mkdir(exist_ok=True)
    for name, target in ((local / "checks.jsonl", rc_file), (local / "quarantine", outside_dir),
                         (repo.path / ".kenning" / "summary.md", summary_target)):
        if name.exists() or name.is_symlink():
            name.unlink()
        os.symlink(target, name)
    repo.log.write_bytes(repo.log_bytes() + b'{"v":1,"id":"evt_torn')  # the next write quarantines it
    runs = [repo.ken("precheck", "src/app.py"), repo.ken("note", "a note"), repo.ken("summary")]
    assert rc_file.read_text() == "# rc\n", "a symlinked .kenning/local/checks.jsonl was appended to"
    assert not list(outside_dir.iterdir()), "torn bytes were quarantined through a symlinked folder"
    assert summary_target.read_text() == "mine\n", "summary.md was written through a symlink"
    assert not [r for r in runs if crash(r)], [r.describe() for r in runs if crash(r)]


def test_a_log_of_garbage_is_never_ok(repo: Repo) -> None:
    repo.log.write_bytes(b"\x00garbage\n" * 3)
    r = repo.ken("precheck", "src/app.py")
    assert r.returncode == 4 and not crash(r), f"a log of garbage must make precheck exit 4: {r.describe()}"
    r = repo.ken("precheck", "src/app.py", "--json")
    assert r.returncode == 4 and not crash(r), r.describe()


def test_a_wrong_typed_line_does_not_turn_the_gate_off(repo: Repo) -> None:
    iid = repo.json("issue", "retries double charge", "--at", "src/app.py")["issue_id"]
    for t in ("lock around charge", "dedupe on event id", "retry with backoff"):
        repo.ok("attempt", t, "--failed", "--issue", iid, "--at", "src/app.py")
    repo.log.write_bytes(repo.log_bytes() + event_line(id="evt_00000000000000000009", type="note", summary="x",
                                                       timestamp="2026-01-01T00:00:00.000000Z", commit_message=5,
                                                       location={"a": 1}))
    r = repo.ken("precheck", "src/app.py", "--strict")
    assert r.returncode == 1 and not crash(r), f"a blocked file must stay blocked: {r.describe()}"
    r = repo.ken("summary")
    assert r.returncode == 0 and not crash(r), r.describe()
    doctor = json.loads(repo.ken("doctor", "--json").stdout)
    assert doctor["problems"], "ken doctor does not report the wrong-typed line"


def test_a_future_dated_event_does_not_drag_new_timestamps(repo: Repo) -> None:
    repo.log.write_bytes(repo.log_bytes() + event_line(id="evt_00000000000000000077", type="note",
                                                       summary="from the future",
                                                       timestamp="2099-01-01T00:00:00.000000Z"))
    repo.ok("note", "written today")
    today = [e for e in log_events(repo.log_bytes()) if e.get("summary") == "written today"]
    assert today and today[0]["timestamp"].startswith(time.strftime("%Y", time.gmtime())), today


def test_a_newer_schema_version_is_kept_and_reported(repo: Repo) -> None:
    repo.ok("note", "a note of today")
    future = event_line(id="evt_00000000000000000099", type="note", summary="from ken 9",
                        timestamp="2026-01-01T00:00:00.000000Z").replace(b'"v":1', b'"v":99')
    repo.log.write_bytes(repo.log_bytes() + future)
    number = repo.log_bytes().count(b"\n")
    r = repo.ken("summary")
    assert r.returncode == 0 and not crash(r), r.describe()
    assert f"line {number}" in r.stderr, f"the reader does not warn about line {number} (v 99): {r.stderr!r}"
    assert "from ken 9" not in repo.ok("search", "ken", "--json").stdout, "a v99 event was read as if it were v1"
    repo.ok("note", "after the v99 line")
    assert future in repo.log_bytes(), "the v99 line's bytes were not kept"
    doctor = repo.ken("doctor")
    assert doctor.returncode != 0 and not crash(doctor), f"doctor must report the v99 line: {doctor.describe()}"


def test_a_byte_order_mark_does_not_hide_the_first_event(repo: Repo) -> None:
    repo.ok("note", "the very first note")
    data = repo.log_bytes()
    repo.log.write_bytes(b"\xef\xbb\xbf" + data)
    r = repo.ok("search", "very first", "--json")
    assert "the very first note" in r.stdout, f"a UTF-8 BOM hides the first event: {r.describe()}"
    repo.ok("note", "after the BOM")
    assert repo.log_bytes().startswith(b"\xef\xbb\xbf" + data), "the log's first bytes were rewritten"


def test_windows_line_endings_and_merge_markers(repo: Repo) -> None:
    repo.ok("note", "ours")
    ours = repo.log_bytes()
    theirs = event_line(id="evt_000000000000000000aa", type="note", summary="theirs",
                        timestamp="2026-02-01T00:00:00.000000Z")
    repo.log.write_bytes(b"<<<<<<< HEAD\n" + ours.replace(b"\n", b"\r\n") + b"=======\n" + theirs + b">>>>>>> branch\n")
    r = repo.ok("search", "", "--json", "--limit", "100")
    served = {e["summary"] for e in json.loads(r.stdout)}
    assert {"ours", "theirs"} <= served, f"events around merge markers or with CRLF were lost: {served}"
    repo.ok("note", "after the conflict")
    assert b"<<<<<<< HEAD" in repo.log_bytes(), "kenning deleted bytes that never formed an event"


def test_a_same_length_edit_in_place_is_noticed(repo: Repo) -> None:
    repo.log.write_bytes(repo.log_bytes() + notes(150))  # 20 KB, so the edited line sits mid-file
    repo.ok("note", "the word pumpkinpie appears here")
    repo.log.write_bytes(repo.log_bytes() + notes(150, start=150))
    repo.ok("summary")
    size = repo.log.stat().st_size
    repo.log.write_bytes(repo.log_bytes().replace(b"pumpkinpie", b"XXXXXXXXXX"))
    assert repo.log.stat().st_size == size
    r = repo.ok("search", "pumpkinpie")
    assert "pumpkinpie" not in r.stdout, "a same-length edit in the log did not reach the index"


def test_a_users_hook_comes_back_byte_for_byte(world: World) -> None:
    repo = world.repo(init=False)
    hook = repo.path / ".git" / "hooks" / "pre-commit"
    original = b"#!/bin/sh\r\necho mine \xff\r\nexit 0\r\n"
    hook.write_bytes(original)
    os.chmod(hook, 0o700)
    repo.ok("init", "--no-backfill")
    repo.ok("hooks", "uninstall")
    assert hook.read_bytes() == original, repr(hook.read_bytes()[:200])
    assert hook.stat().st_mode & 0o777 == 0o700, oct(hook.stat().st_mode & 0o777)


def test_doctor_says_so_with_its_exit_code(repo: Repo) -> None:
    repo.ok("note", "fine")
    assert repo.ken("doctor").returncode == 0, "doctor fails on a healthy log"
    repo.log.write_bytes(repo.log_bytes() + b"not json at all\n")
    r = repo.ken("doctor")
    assert r.returncode != 0 and not crash(r), f"ken doctor must exit non-zero on a problem: {r.describe()}"
    assert not bad_lines(repo.log_bytes()[:-len(b"not json at all\n")])


def test_a_deeply_nested_last_line_does_not_stop_the_next_write(repo: Repo) -> None:
    """Found by the long fuzz run: the write path reads the log's last line for its timestamp."""
    nested = b'{"v":1,"id":"evt_00000000000000000d0e","type":"note","summary":"deep","details":' \
             + b'{"a":' * 5000 + b"1" + b"}" * 5000 + b',"timestamp":"2026-01-01T00:00:00.000000Z"}\n'
    repo.log.write_bytes(repo.log_bytes() + nested)
    r = repo.ken("note", "after the nested line")
    assert r.returncode == 0 and not crash(r), r.describe()
    assert nested in repo.log_bytes(), "the nested line's bytes were not kept"
    assert log_events(repo.log_bytes())[-1]["summary"] == "after the nested line"
