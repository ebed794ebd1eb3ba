"""``ken doctor`` on each form of damage a bad merge leaves in the log, and ``ken doctor --fix``,
which repairs by appending only: the log's existing bytes never change, a second ``--fix``
appends nothing, and afterwards the summary and the gate show every recovered event. Real
files, ``ken``'s command line; never a traceback."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from cli.conftest import Repo, World, event_line

CLOCK = {"KEN_NOW": "2030-06-01T00:00:00Z"}
STAMP = "2030-05-2{}T00:00:00.000000Z"  # within the gate's 30 days of CLOCK


def theirs(n: int, summary: str, **fields: object) -> bytes:
    """A line another clone wrote (without its final newline)."""
    fields = {"type": "note", **fields}
    return event_line(id=f"evt_{n:020d}", summary=summary, timestamp=STAMP.format(n), **fields).rstrip(b"\n")


def cut(line: bytes) -> bytes:
    """The start of a write that a crash cut off."""
    return line[: len(line) // 2]


def doctor(repo: Repo, *args: str) -> tuple[int, dict]:
    r = repo.ken("doctor", "--json", *args, env=CLOCK)
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)


def fix(repo: Repo) -> tuple[int, dict, bytes]:
    """``ken doctor --fix``, checked to have only appended: (exit code, report, bytes appended)."""
    before = repo.log_bytes()
    code, report = doctor(repo, "--fix")
    after = repo.log_bytes()
    assert after[: len(before)] == before, "--fix changed bytes already in the log"
    return code, report, after[len(before):]


def fixed_for_good(repo: Repo) -> dict:
    """A second --fix appends nothing and finds nothing to do; the report after it."""
    code, report, appended = fix(repo)
    assert (code, appended, report["fixed"]) == (0, b"", []), report
    return report


def gate(repo: Repo) -> dict:
    return json.loads(repo.ok("precheck", "src/app.py", "--json", env=CLOCK).stdout)


def failed_ids(repo: Repo) -> set[str]:
    return {i for f in gate(repo)["files"] for w in f["warnings"] if w["kind"] == "failed_attempts"
            for i in w["event_ids"]}


@pytest.fixture
def issue(repo: Repo) -> str:
    """Our side: an issue at src/app.py with a failed attempt, written by ken."""
    iid = repo.json("issue", "checkout times out", "--at", "src/app.py", env=CLOCK)["issue_id"]
    repo.ok("attempt", "ours: raised the timeout", "--failed", "--issue", iid, "--at", "src/app.py", env=CLOCK)
    return str(iid)


def test_a_glued_line_is_read_reported_then_fixed_by_appending_its_event(repo: Repo, issue: str) -> None:
    other = theirs(1, "theirs: pinned the driver", type="attempt", outcome="failed", issue_id=issue,
                   location="src/app.py")
    repo.append_raw(cut(theirs(9, "ours, cut off")) + other + b"\n")  # line 3: a cut-off line, theirs glued on
    repo.append_raw(theirs(2, "a later note") + b"\n")
    code, report = doctor(repo)
    assert code == 1
    assert [(p["kind"], p["line"]) for p in report["problems"]] == [("glued_line", 3)]
    assert "evt_00000000000000000001" in report["problems"][0]["message"]
    # ken reads the glued event already, so the memory is the same before and after the fix
    before = repo.ok("summary", "--full", env=CLOCK).stdout, gate(repo)
    assert "theirs: pinned the driver" in before[0] and "evt_00000000000000000001" in failed_ids(repo)

    code, report, appended = fix(repo)
    assert code == 0 and appended == other + b"\n", appended
    assert report["fixed"] == ["appended 1 event recovered from glued lines (evt_00000000000000000001)"]
    assert [(h["kind"], h["line"]) for h in report["harmless"]] == [("glued_line", 3)]
    assert (repo.ok("summary", "--full", env=CLOCK).stdout, gate(repo)) == before
    hits = repo.ok("search", "pinned the driver", env=CLOCK).stdout
    assert hits.count("evt_00000000000000000001") == 1, hits  # the glued copy and its own line: one event
    fixed_for_good(repo)


def test_two_whole_events_on_one_line_are_both_recovered(repo: Repo, issue: str) -> None:
    first, second = theirs(1, "theirs: first"), theirs(2, "theirs: second")
    repo.append_raw(first + second + b"\n")
    code, report, appended = fix(repo)
    assert code == 0 and appended == first + b"\n" + second + b"\n"
    summary = repo.ok("summary", "--full", env=CLOCK).stdout
    assert summary.count("theirs: first") == 1 and summary.count("theirs: second") == 1
    fixed_for_good(repo)


def test_a_torn_last_line_is_ended_with_a_newline_and_kept(repo: Repo, issue: str) -> None:
    torn = cut(theirs(9, "a write cut off by a crash"))
    repo.append_raw(torn)
    lines = repo.log_bytes().count(b"\n")
    code, report = doctor(repo)
    assert code == 1 and [(p["kind"], p["line"]) for p in report["problems"]] == [("torn_tail", lines + 1)]
    code, report, appended = fix(repo)
    assert (code, appended) == (0, b"\n")
    assert report["fixed"] == [f"ended line {lines + 1} with a newline (its bytes stay, a line readers skip)"]
    assert [(h["kind"], h["line"]) for h in report["harmless"]] == [("cut_off_line", lines + 1)]
    fixed_for_good(repo)
    # the next write finds nothing to move to the quarantine, and nobody warns about the kept bytes
    r = repo.ok("note", "written after the fix", env=CLOCK)
    assert torn + b"\n" in repo.log_bytes() and "warning" not in r.stderr, r.stderr
    assert not (repo.path / ".kenning" / "local" / "quarantine").exists()


def test_a_torn_last_line_with_a_whole_event_glued_on_gives_it_up_to_fix(repo: Repo, issue: str) -> None:
    other = theirs(1, "theirs: the glued note")
    repo.append_raw(cut(theirs(9, "ours, cut off")) + other)  # `cat theirs >> ours`: no newline anywhere
    code, report = doctor(repo)
    assert code == 1 and [p["kind"] for p in report["problems"]] == ["torn_tail"]
    assert "holds 1 whole event glued to it" in report["problems"][0]["message"]
    code, report, appended = fix(repo)
    assert code == 0 and appended == b"\n" + other + b"\n"
    assert "theirs: the glued note" in repo.ok("summary", "--full", env=CLOCK).stdout
    fixed_for_good(repo)


def test_the_next_write_keeps_a_glued_event_at_the_end_instead_of_quarantining_it(repo: Repo, issue: str) -> None:
    other = theirs(1, "theirs: the glued note")
    repo.append_raw(cut(theirs(9, "ours, cut off")) + other)
    repo.ok("note", "ours: the next write", env=CLOCK)
    assert cut(theirs(9, "ours, cut off")) + other + b"\n" in repo.log_bytes()
    assert "theirs: the glued note" in repo.ok("summary", "--full", env=CLOCK).stdout


def test_a_repeated_line_is_harmless_and_a_differing_copy_is_a_problem(repo: Repo, issue: str) -> None:
    first = repo.log_bytes().splitlines()[0]
    repo.append_raw(first + b"\n")  # line 3: what a cherry-pick merged back leaves
    code, report, appended = fix(repo)
    assert (code, appended) == (0, b"")
    assert [(h["kind"], h["line"]) for h in report["harmless"]] == [("duplicate_line", 3)]
    assert "repeats event" in report["harmless"][0]["message"] and "line 1" in report["harmless"][0]["message"]
    text = repo.ken("doctor", env=CLOCK).stdout
    assert "harmless: duplicate_line: line 3 repeats event" in text and "1 harmless" in text
    changed = json.loads(first)
    changed["summary"] = "edited on one branch"
    repo.append_raw(json.dumps(changed, sort_keys=True, separators=(",", ":")).encode() + b"\n")
    code, report, appended = fix(repo)  # nothing appending can settle: the problem stays, exit 1
    assert (code, appended) == (1, b"")
    assert [(p["kind"], p["line"]) for p in report["problems"]] == [("duplicate_event_id", 4)]


def test_conflict_markers_are_named_by_line_and_hide_no_event(repo: Repo, issue: str) -> None:
    ours = repo.log_bytes()
    repo.log.write_bytes(b"<<<<<<< HEAD\n" + ours + b"||||||| base\n=======\n" + theirs(1, "theirs: a note")
                         + b"\n>>>>>>> bob/main\n")
    code, report, appended = fix(repo)
    assert (code, appended) == (0, b"")
    assert [(h["kind"], h["line"]) for h in report["harmless"]] == [
        ("conflict_marker", 1), ("conflict_marker", 4), ("conflict_marker", 5), ("conflict_marker", 7)]
    r = repo.ok("summary", "--full", env=CLOCK)
    assert "theirs: a note" in r.stdout and "ours: raised the timeout" in r.stdout and "warning" not in r.stderr
    assert "unreadable_lines" not in gate(repo)


def test_fix_puts_back_the_union_lines_in_gitattributes(repo: Repo) -> None:
    (repo.path / ".gitattributes").write_text("*.png binary")  # no final newline, kenning's lines gone
    code, report = doctor(repo)
    assert code == 1 and {p["file"] for p in report["problems"] if p["kind"] == "merge_not_union"} == {
        ".kenning/events.jsonl", ".kenning/plan.md"}
    text = repo.ken("doctor", env=CLOCK).stdout
    assert "merge_not_union: .kenning/events.jsonl is not merged as a union" in text
    code, report, _ = fix(repo)
    assert code == 0 and report["merge"]["attributes"] == {".kenning/events.jsonl": "union",
                                                           ".kenning/plan.md": "union"}
    assert (repo.path / ".gitattributes").read_text() == (
        "*.png binary\n.kenning/events.jsonl merge=union\n.kenning/plan.md merge=union\n")
    fixed_for_good(repo)
    assert "merge ok: .kenning/events.jsonl and .kenning/plan.md merge as a union" in repo.ok("doctor").stdout


def test_a_later_attribute_that_overrides_union_is_overridden_in_turn(repo: Repo) -> None:
    with open(repo.path / ".gitattributes", "a") as f:
        f.write("*.jsonl -merge\n")
    code, report = doctor(repo)
    assert code == 1 and report["merge"]["attributes"][".kenning/events.jsonl"] == "unset"
    assert fix(repo)[0] == 0


def test_a_configured_union_driver_is_reported_and_left_to_the_user(repo: Repo) -> None:
    repo.world.git(repo.path, "config", "merge.union.driver", "cat %A")
    code, report, _ = fix(repo)
    assert code == 1 and [p["kind"] for p in report["problems"]] == ["merge_driver_replaced"]
    assert "git config --unset merge.union.driver" in report["problems"][0]["message"]


def test_a_private_log_has_no_merge_to_check(world: World) -> None:
    private = world.repo("private")
    private.init("--private")
    code, report = doctor(private)
    assert code == 0 and report["merge"] == {"checked": False}


@pytest.mark.parametrize("junk", [
    os.urandom(4096), b"\x00" * 100 + b"\n", b'{"' * 100_000 + b"\n", b"{" * 50_000 + b"}" * 50_000,
    b"<<<<<<<" + b"\xff" * 10, b"=======" * 1000 + b"\n" + cut(theirs(1, "x")) * 200])
def test_doctor_and_fix_never_show_a_traceback(repo: Repo, issue: str, junk: bytes) -> None:
    repo.append_raw(junk)
    for args in (["doctor"], ["doctor", "--json"], ["doctor", "--fix"], ["doctor", "--fix", "--json"]):
        r = repo.ken(*args, env=CLOCK)
        assert r.returncode in (0, 1) and "Traceback" not in r.stderr, (args, r.returncode, r.stderr[-2000:])
    assert "ours: raised the timeout" in repo.ok("summary", "--full", env=CLOCK).stdout


def test_fix_outside_an_initialized_project_is_an_error_line(world: World) -> None:
    r = world.repo("plain").ken("doctor", "--fix")
    assert r.returncode == 3 and "Traceback" not in r.stderr and r.stderr.startswith("ken:"), r.stderr


def test_the_gate_and_summary_agree_on_a_glued_log_and_a_clean_one(repo: Repo, issue: str) -> None:
    """Two clones holding the same events, one of them glued to a cut-off line (an old git's
    union merge), read the same memory before any --fix."""
    other = theirs(1, "theirs: pinned the driver", type="attempt", outcome="failed", issue_id=issue,
                   location="src/app.py")
    copy = repo.world.base / "elsewhere" / repo.path.name  # the summary is headed by the folder's name
    copy.parent.mkdir()
    subprocess.run(["cp", "-a", str(repo.path), str(copy)], check=True)
    clean = Repo(repo.world, copy)
    clean.append_raw(other + b"\n")
    repo.append_raw(cut(theirs(9, "ours, cut off")) + other + b"\n")
    read = [(r.ok("summary", "--full", env=CLOCK).stdout, r.ok("precheck", "src/app.py", "--json", env=CLOCK).stdout)
            for r in (repo, clean)]
    assert read[0] == read[1] and "theirs: pinned the driver" in read[0][0]
