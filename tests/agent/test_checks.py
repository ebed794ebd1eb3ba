"""What the gate did: every gate run leaves a record in .kenning/local/checks.jsonl, later edits
and commits complete it, ``kenning.app.gate.checks.stats`` folds the records, and none of it is tracked."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kenning.app.gate import checks
from kenning.app.project import Project
from kenning.store import tail

from .conftest import NOW, Repo, decision, edit
from .samples import LOCK_LINES, LOCKED, MEMOIZE, RENAMED, STORE, UNRELATED

BLOCK = tail.BLOCK
RECORD_KEYS = {"id", "time", "surface", "file", "severity", "warnings", "snoozed", "event_ids", "decision", "session",
               "similar"}


def records(repo: Repo) -> list[dict]:
    return [r for r in repo.checks() if "outcome" not in r]


def outcomes(repo: Repo) -> list[dict]:
    return [r for r in repo.checks() if "outcome" in r]


def stats(repo: Repo) -> dict:
    return checks.stats(Project(repo.path))


def test_cli_precheck_leaves_one_record_per_file(repo: Repo):
    _, ids = repo.block("src/a.py")
    repo.ok("precheck", "src/a.py", "src/quiet.py")
    repo.ok("precheck", "src/a.py", "--json")
    got = records(repo)
    assert [(r["surface"], r["file"], r["severity"], r["decision"]) for r in got] == [
        ("cli", "src/a.py", "block", "advise"), ("cli", "src/quiet.py", "none", "advise"),
        ("cli", "src/a.py", "block", "advise")]
    first = got[0]
    assert set(first) == RECORD_KEYS
    assert first["id"].startswith("chk_") and len({r["id"] for r in got}) == 3
    assert first["time"].startswith(NOW[:19])
    assert first["warnings"] == ["failed_attempts", "open_issues"]
    assert set(ids) <= set(first["event_ids"])
    assert got[1]["warnings"] == [] and got[1]["event_ids"] == []


def test_agent_hook_records_its_decisions(repo: Repo):
    repo.block("src/a.py")
    repo.pre(edit(repo, "src/quiet.py", "q = 2\n", "q = 1\n", session="s1"))
    repo.pre(edit(repo, "src/a.py", session="s1"))
    repo.pre(edit(repo, "src/a.py", session="s1"))
    repo.set_gate("agent", '"ask"')
    repo.pre(edit(repo, "src/a.py", session="s2"))
    repo.set_gate("agent", '"advise"')
    repo.pre(edit(repo, "src/a.py", session="s3"))
    got = records(repo)
    assert [(r["surface"], r["file"], r["severity"], r["decision"], r["session"]) for r in got] == [
        ("agent-hook", "src/quiet.py", "none", "allow", "s1"),
        ("agent-hook", "src/a.py", "block", "deny", "s1"),
        ("agent-hook", "src/a.py", "block", "allow-after-deny", "s1"),
        ("agent-hook", "src/a.py", "block", "ask", "s2"),
        ("agent-hook", "src/a.py", "block", "advise", "s3"),
    ]
    assert all(set(r) == RECORD_KEYS for r in got)
    assert got[1]["warnings"] == ["failed_attempts", "open_issues"]


def test_a_snoozed_check_records_the_snoozed_warnings(repo: Repo):
    repo.block("src/a.py")
    repo.ok("precheck", "src/a.py", "--snooze", "1d", "--reason", "after the release")
    repo.pre(edit(repo, "src/a.py"))
    last = records(repo)[-1]
    assert last["surface"] == "agent-hook" and last["decision"] != "deny"
    assert last["warnings"] == [] and set(last["snoozed"]) == {"failed_attempts", "open_issues"}


def test_later_edits_complete_warned_records(repo: Repo):
    issue = repo.issue("b is slow", "src/a.py")
    failed = repo.failed("memoize compute_value in a dict", "src/a.py", issue, "--details", MEMOIZE)
    repo.pre(edit(repo, "src/a.py", UNRELATED))  # warned; the record stays open
    assert outcomes(repo) == []
    repo.pre(edit(repo, "src/a.py", RENAMED))  # a later edit that repeats the failed change
    done = outcomes(repo)
    assert len(done) == 1
    assert done[0]["outcome"] == "edit" and done[0]["file"] == "src/a.py" and done[0]["repeated"] is True
    assert done[0]["similar"]["id"] == failed and done[0]["similar"]["score"] >= 0.6
    repo.pre(edit(repo, "src/a.py", UNRELATED))  # the next one does not
    done = outcomes(repo)
    assert len(done) == 2 and done[1]["repeated"] is False and done[1]["similar"] is None


def test_quiet_records_are_never_completed(repo: Repo):
    repo.pre(edit(repo, "src/quiet.py", "q = 2\n", "q = 1\n"))
    repo.pre(edit(repo, "src/quiet.py", "q = 3\n", "q = 2\n"))
    assert len(records(repo)) == 2 and outcomes(repo) == []


def test_stats_counts_warnings_blocks_overrides_and_repeats(world):
    repo = world.repo({"src/a.py": "a = 1\n", "src/b.py": "b = 1\n", "src/quiet.py": "q = 1\n"})
    repo.block("src/a.py")
    issue = repo.issue("b is slow", "src/b.py")
    repo.failed("memoize compute_value in a dict", "src/b.py", issue, "--details", MEMOIZE)
    empty = stats(repo)
    zero = {"checks": 0, "warnings": 0, "blocks": 0, "overrides": 0, "repeats": 0}
    assert empty == {**zero, "files": {}, "by_origin": {"agent": zero, "person": zero, "unknown": zero}}

    assert repo.pre(edit(repo, "src/quiet.py", "q = 2\n", "q = 1\n"))[1] == {}
    assert decision(repo.pre(edit(repo, "src/a.py"))[1]) == "deny"
    assert decision(repo.pre(edit(repo, "src/a.py"))[1]) is None  # an override: denied, then made anyway
    repo.pre(edit(repo, "src/b.py", RENAMED, "b = 1\n"))  # warned
    repo.pre(edit(repo, "src/b.py", RENAMED, "b = 1\n"))  # completes the last: a repeat; warned again
    repo.pre(edit(repo, "src/b.py", UNRELATED, "b = 1\n"))  # completes it: no repeat; warned again

    got = stats(repo)
    assert got["files"] == {
        "src/a.py": {"checks": 2, "warnings": 2, "blocks": 2, "overrides": 1, "repeats": 0},
        "src/b.py": {"checks": 3, "warnings": 3, "blocks": 0, "overrides": 0, "repeats": 1},
        "src/quiet.py": {"checks": 1, "warnings": 0, "blocks": 0, "overrides": 0, "repeats": 0},
    }
    assert {k: got[k] for k in ("checks", "warnings", "blocks", "overrides", "repeats")} == {
        "checks": 6, "warnings": 5, "blocks": 2, "overrides": 1, "repeats": 1}
    assert got["by_origin"]["agent"] == {"checks": 6, "warnings": 5, "blocks": 2, "overrides": 1, "repeats": 1}
    assert list(got["files"]) == sorted(got["files"])

    repo.ok("precheck", "src/a.py")  # the CLI's runs count too, as a person's
    assert stats(repo)["files"]["src/a.py"]["checks"] == 3 and stats(repo)["blocks"] == 3
    assert stats(repo)["by_origin"]["person"]["checks"] == 1 and stats(repo)["by_origin"]["agent"]["checks"] == 6


def test_stats_skips_a_torn_line(repo: Repo):
    repo.block("src/a.py")
    repo.ok("precheck", "src/a.py")
    with open(repo.checks_path, "a") as f:
        f.write('{"id": "chk_torn", "surface": "cli", "fi')
    assert stats(repo)["checks"] == 1
    repo.ok("precheck", "src/a.py")  # appends after a torn line: one record lost at most
    repo.ok("precheck", "src/a.py")
    assert stats(repo)["checks"] == 1  # the same evidence and no change in between: one check
    assert len([r for r in checks.read(Project(repo.path)) if "outcome" not in r]) in (2, 3)


def committed_repo(world) -> Repo:
    """kenning with its git hooks; the store, its memory and kenning's files committed."""
    repo = world.repo({"src/store.py": STORE, "src/other.py": "o = 1\n"}, init=("--no-backfill",))
    issue = repo.issue("saves get lost", "src/store.py")
    repo.failed("lock around save", "src/store.py", issue, "--details", LOCK_LINES)
    repo.git("add", "-A")
    repo.git("commit", "-q", "--no-verify", "-m", "kenning and memory")
    return repo


def commit(repo: Repo, rel: str, text: str, message: str) -> None:
    repo.write(rel, text)
    repo.git("add", "--", rel)
    repo.git("commit", "-q", "-m", message)  # with the hooks


def test_the_pre_commit_hook_records_and_the_post_commit_hook_completes(world):
    repo = committed_repo(world)
    repo.ok("precheck", "src/store.py")
    commit(repo, "src/store.py", LOCKED, "lock the store again")
    got = repo.settled_checks()
    assert [(r["surface"], r["file"], r["severity"], r["decision"]) for r in records(repo)] == [
        ("cli", "src/store.py", "warn", "advise"), ("git-hook", "src/store.py", "warn", "advise")]
    done = [r for r in got if "outcome" in r]
    assert len(done) == 1, got
    assert done[0]["outcome"] == "commit" and done[0]["file"] == "src/store.py" and done[0]["repeated"] is True
    assert done[0]["similar"]["summary"] == "lock around save"
    assert checks.stats(Project(repo.path))["repeats"] == 1

    commit(repo, "src/store.py", LOCKED + "\n\ndef helper():\n    return 42\n", "add a helper")
    got = repo.settled_checks()
    done = [r for r in got if "outcome" in r]
    assert len(done) == 2 and done[1]["repeated"] is False and done[1]["similar"] is None
    assert checks.stats(Project(repo.path))["files"]["src/store.py"]["repeats"] == 1

    commit(repo, "src/other.py", "o = 2\n", "touch another file")  # nothing warned there: nothing to complete
    repo.settled_checks()  # its post-commit hook has exited: anything it would complete is written
    assert len(outcomes(repo)) == 2
    assert records(repo)[-1]["file"] == "src/other.py" and records(repo)[-1]["severity"] == "none"


def test_check_records_are_never_tracked(world):
    repo = committed_repo(world)
    repo.ok("precheck", "src/store.py")
    repo.pre(edit(repo, "src/store.py", LOCK_LINES, "self.rows.append(record)\n"))
    commit(repo, "src/store.py", LOCKED, "lock the store again")
    assert [r for r in repo.settled_checks() if "outcome" in r]
    assert repo.checks_path.exists() and len(repo.checks()) >= 3
    assert repo.status() == "", repo.status()
    assert repo.git("check-ignore", "-q", ".kenning/local/checks.jsonl", check=False).returncode == 0
    assert repo.git("check-ignore", "-q", ".kenning/local/agent-seen.json", check=False).returncode == 0
    tracked = repo.git("ls-files").stdout.splitlines()
    assert not [t for t in tracked if t.startswith(".kenning/local/")]
    repo.git("add", "-A")
    assert not [t for t in repo.git("diff", "--cached", "--name-only").stdout.splitlines() if "local/" in t]


def test_a_denied_edit_is_not_a_repeat(repo: Repo):
    """A PreToolUse call the gate denies never reaches the file: it must not complete earlier
    records as an edit that repeated the failed change. The retry that goes through is one repeat."""
    issue, _ = repo.block("src/a.py")
    repo.failed("memoize compute_value in a dict", "src/a.py", issue, "--details", MEMOIZE)
    repo.ok("precheck", "src/a.py")  # the CLI warned: an open record
    assert decision(repo.pre(edit(repo, "src/a.py", RENAMED))[1]) == "deny"
    assert stats(repo)["repeats"] == 0, repo.checks()
    assert decision(repo.pre(edit(repo, "src/a.py", RENAMED))[1]) is None  # made anyway
    repo.pre(edit(repo, "src/a.py", "a = 5\n"))  # a later, different edit closes the override's record
    got = stats(repo)
    assert got["overrides"] == 1
    assert got["repeats"] == 1, repo.checks()


# -- the newest record about a file, read from the end ---------------------------------------------

_FILES = ["src/a.py", "a.py", "src/caf\u00e9.py", 'src/"quoted".py', "src/line\u2028break.py"]


@st.composite
def _record_lines(draw: st.DrawFn) -> list[str]:
    """Records as ``checks`` writes them, checks and changes, some naming another file in their
    text (a similar failure's summary), with torn and foreign lines among them."""
    lines = []
    for n in range(draw(st.integers(0, 25))):
        kind = draw(st.sampled_from(["check", "change", "torn", "foreign"]))
        path = draw(st.sampled_from(_FILES))
        other = draw(st.sampled_from(_FILES))
        if kind == "check":
            # a hand-edited file may hold a raw line break other than "\n" (U+2028 stays raw
            # when JSON is written without escaping)
            aside = draw(st.sampled_from(["", "\u2028", "\x85"]))
            record = {"id": f"chk_{n}", "file": path, "severity": draw(st.sampled_from(["none", "warn", "block"])),
                      "similar": {"summary": f"as in {json.dumps(other)}{aside}"}}
        elif kind == "change":
            record = {"outcome": "edit", "file": path, "similar": None}
        if kind in ("check", "change"):
            lines.append(json.dumps(record, sort_keys=True, separators=(",", ":"),
                                    ensure_ascii=draw(st.booleans())) + draw(st.sampled_from(["", "\r"])))
        elif kind == "torn":
            lines.append(json.dumps({"file": path, "severity": "warn"})[:-3])
        else:
            lines.append(json.dumps(draw(st.sampled_from([["file", path], {"file": [path], "severity": "warn"}]))))
    return lines


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=_record_lines(), block=st.sampled_from([None, 1, 7, 64]))
def test_the_newest_record_about_a_file_is_the_one_a_whole_read_ends_on(tmp_path: Path, lines: list[str],
                                                                      block: int | None) -> None:
    """The agent hook closes a file's open check on every edit: it asks for the newest record
    about the file without decoding every record ever made (the file is read from its end, a block
    at a time: ``block`` bytes here). It must be the last one a whole read (``checks.read``) finds
    for that file, whatever else the lines hold, "\r\n" line ends and raw breaks among them."""
    if block is not None:
        tail.BLOCK = block
    try:
        _newest_agrees(tmp_path, lines)
    finally:
        tail.BLOCK = BLOCK


def _newest_agrees(tmp_path: Path, lines: list[str]) -> None:
    project = Project(tmp_path)
    project.local_dir.mkdir(parents=True, exist_ok=True)
    (project.local_dir / checks.RECORDS).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    for path in _FILES:
        whole = [r for r in checks.read(project) if r.get("file") == path]
        assert checks.last_about(project, path) == (whole[-1] if whole else None)
    # the post-commit hook asks about every file a commit changed at once: the same answers
    assert checks.newest_about(project, list(_FILES)) == {p: checks.last_about(project, p) for p in _FILES}


def test_check_records_are_written_under_their_own_lock(repo: Repo):
    """Two hooks appending at once must not both end a cut-off line, nor split one's record
    with the other's: a record is appended only while ``checks.lock`` is held. Held elsewhere
    past the lock's timeout, the verdict is still given and the user is told the record was not
    kept."""
    from kenning.store.log import file_lock

    repo.block("src/a.py")
    config = repo.path / ".kenning" / "config.toml"
    config.write_text(config.read_text().replace("timeout_seconds = 10.0", "timeout_seconds = 0.2"))
    before = len(repo.checks())
    with file_lock(repo.path / ".kenning" / "local" / "checks.lock", 1):
        r = repo.ken("precheck", "src/a.py")
    assert "failed attempts" in r.stdout.lower() or "block" in r.stdout.lower(), r.stdout
    assert "the check was not recorded" in r.stderr and "checks.lock" in r.stderr, r.stderr
    assert len(repo.checks()) == before
    repo.ok("precheck", "src/a.py")
    assert len(repo.checks()) == before + 1
