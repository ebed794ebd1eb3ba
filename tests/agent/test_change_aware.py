"""Change-aware warnings, end to end: a failed attempt carries its change (``--details``,
``--diff``, or a revert's diff derived from git) and an edit that resembles it is told so first."""

from __future__ import annotations

import json
import re

from .conftest import Repo, context, decision, edit, multi_edit, reason, write
from .samples import LOCK_LINES, LOCKED, MEMOIZE, RENAMED, STORE, UNRELATED

RESEMBLES = re.compile(r"this edit resembles failed attempt (evt_[0-9a-f]+) \(similarity (\d\.\d\d)\): (.*)")


def told(result: dict) -> str:
    return context(result) + reason(result)


def resembles(result: dict) -> tuple[str, float, str] | None:
    found = RESEMBLES.search(told(result))
    return (found.group(1), float(found.group(2)), found.group(3)) if found else None


def test_details_then_a_renamed_edit_is_recognized(repo: Repo):
    issue = repo.issue("b is slow", "src/a.py")
    failed = repo.failed("memoize compute_value in a dict", "src/a.py", issue, "--details", MEMOIZE)
    _, result = repo.pre(edit(repo, "src/a.py", RENAMED))
    assert decision(result) is None  # one failed attempt: a warning, not a block
    text = context(result)
    assert text.startswith(f"kenning: this edit resembles failed attempt {failed} (similarity ")  # said first
    found = resembles(result)
    assert found is not None and found[0] == failed and found[1] >= 0.6
    assert found[2] == "memoize compute_value in a dict"
    assert "src/a.py: WARN" in text  # the usual warning follows


def test_an_unrelated_edit_is_not_called_alike(repo: Repo):
    issue = repo.issue("b is slow", "src/a.py")
    repo.failed("memoize compute_value in a dict", "src/a.py", issue, "--details", MEMOIZE)
    _, result = repo.pre(edit(repo, "src/a.py", UNRELATED))
    assert resembles(result) is None
    assert "resembl" not in told(result)
    assert "memoize compute_value" in context(result)  # the plain warning is still there


def test_resemblance_is_per_file(repo: Repo):
    issue = repo.issue("b is slow", "src/a.py")
    repo.failed("memoize compute_value in a dict", "src/a.py", issue, "--details", MEMOIZE)
    r, result = repo.pre(edit(repo, "src/quiet.py", RENAMED, "q = 1\n"))
    assert result == {} and r.stdout == ""


def test_a_failed_attempt_of_a_fixed_issue_still_carries_its_change(repo: Repo):
    issue = repo.issue("b is slow", "src/a.py")
    failed = repo.failed("memoize compute_value in a dict", "src/a.py", issue, "--details", MEMOIZE)
    repo.ok("fix", "use the precomputed table", "--issue", issue, "--at", "src/a.py")
    _, result = repo.pre(edit(repo, "src/a.py", MEMOIZE))
    found = resembles(result)
    assert found is not None and found[0] == failed and found[1] == 1.0


def test_block_reason_names_the_resembling_attempt_first(repo: Repo):
    issue, _ = repo.block("src/a.py")
    failed = repo.failed("memoize compute_value in a dict", "src/a.py", issue, "--details", MEMOIZE)
    _, result = repo.pre(edit(repo, "src/a.py", RENAMED))
    assert decision(result) == "deny"
    assert reason(result).startswith(f"kenning: this edit resembles failed attempt {failed}")


def test_multiedit_payloads_are_compared(repo: Repo):
    issue = repo.issue("b is slow", "src/a.py")
    failed = repo.failed("memoize compute_value in a dict", "src/a.py", issue, "--details", MEMOIZE)
    lines = RENAMED.splitlines(keepends=True)
    _, by_multi = repo.pre(multi_edit(repo, "src/a.py", ["".join(lines[:2]), "".join(lines[2:])]))
    assert (resembles(by_multi) or ("",))[0] == failed
    _, unrelated = repo.pre(multi_edit(repo, "src/a.py", [UNRELATED, "x = 1\n"]))
    assert resembles(unrelated) is None


def test_write_content_that_is_the_failed_change_is_compared(repo: Repo):
    issue = repo.issue("b is slow", "src/a.py")
    failed = repo.failed("memoize compute_value in a dict", "src/a.py", issue, "--details", MEMOIZE)
    _, result = repo.pre(write(repo, "src/a.py", RENAMED))
    assert (resembles(result) or ("",))[0] == failed


def test_write_of_a_whole_file_containing_the_failed_change_is_recognized(repo: Repo):
    """Write's ``content`` is the whole new file: the failed change, verbatim, inside a nine-line
    module must still be recognized (issue 5, item 4 names ``content`` among the compared inputs)."""
    issue = repo.issue("b is slow", "src/a.py")
    failed = repo.failed("memoize compute_value in a dict", "src/a.py", issue, "--details", MEMOIZE)
    module = ('"""Values."""\nfrom .compute import compute_value\n\n\ndef build(items):\n'
              + "".join(f"    {line}\n" for line in MEMOIZE.splitlines()))
    _, result = repo.pre(write(repo, "src/a.py", module))
    found = resembles(result)
    assert found is not None and found[0] == failed, told(result)


def test_the_threshold_comes_from_config(repo: Repo):
    issue = repo.issue("b is slow", "src/a.py")
    repo.failed("memoize compute_value in a dict", "src/a.py", issue, "--details", MEMOIZE)
    repo.set_gate("similarity", "0.99")
    _, result = repo.pre(edit(repo, "src/a.py", RENAMED))
    assert resembles(result) is None
    found = resembles(repo.pre(edit(repo, "src/a.py", MEMOIZE))[1])
    assert found is not None and found[1] == 1.0


# -- ken attempt --failed --diff ------------------------------------------------------------------

def test_attempt_diff_attaches_the_working_tree_diff(world):
    repo = world.repo({"src/store.py": STORE})
    issue = repo.issue("saves get lost", "src/store.py")
    repo.write("src/store.py", LOCKED)
    event = repo.json("attempt", "lock around save", "--failed", "--issue", issue, "--at", "src/store.py", "--diff",
                      "--details", "deadlocks under load")
    details = event["details"]
    assert details.startswith("deadlocks under load\n\n")
    assert "diff --git a/src/store.py b/src/store.py" in details
    assert "+        with self.lock:" in details and "-        self.rows.append(record)" in details
    assert (repo.path / "src/store.py").read_text() == LOCKED  # the working tree is left alone
    shown = repo.json("show", event["id"])
    assert "with self.lock" in json.dumps(shown)

    repo.git("checkout", "--", "src/store.py")  # the approach is abandoned
    _, result = repo.pre(edit(repo, "src/store.py", LOCK_LINES, "self.rows.append(record)\n"))
    found = resembles(result)
    assert found is not None and found[0] == event["id"] and found[1] >= 0.6
    _, other = repo.pre(edit(repo, "src/store.py", UNRELATED, "return record\n"))
    assert resembles(other) is None


def test_attempt_diff_without_a_change_or_without_at_is_refused(world):
    repo = world.repo({"src/store.py": STORE})
    issue = repo.issue("saves get lost", "src/store.py")
    log = repo.path / ".kenning" / "events.jsonl"
    before = log.read_bytes()
    for args in (("--at", "src/store.py"), (), ("--at", "src/missing.py")):
        r = repo.ken("attempt", "lock around save", "--failed", "--issue", issue, "--diff", *args)
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1, (args, r.stderr)
        assert "Traceback" not in r.stderr
    assert "--at" in repo.ken("attempt", "x", "--failed", "--issue", issue, "--diff").stderr
    assert "no uncommitted change" in repo.ken("attempt", "x", "--failed", "--issue", issue, "--diff", "--at",
                                               "src/store.py").stderr
    assert log.read_bytes() == before  # nothing recorded


# -- a revert derived from git --------------------------------------------------------------------

def test_a_backfilled_revert_is_recognized(world):
    repo = world.repo({"src/store.py": STORE}, init=None)
    repo.commit("src/store.py", LOCKED, "Lock the store around save")
    repo.git("revert", "--no-edit", "HEAD")
    repo.ok("init", "--no-hooks")  # with backfill: the revert becomes a failed attempt
    derived = [e for e in repo.json("search", "", "--limit", "100")
               if e.get("source") == "git" and e.get("type") == "attempt"]
    assert len(derived) == 1, derived
    reverted = derived[0]
    assert reverted["outcome"] == "failed" and "Lock the store around save" in reverted["summary"]
    assert "+        with self.lock:" not in reverted["details"] and "-        with self.lock:" in reverted["details"]

    _, result = repo.pre(edit(repo, "src/store.py", LOCK_LINES, "self.rows.append(record)\n"))
    found = resembles(result)
    assert found is not None and found[0] == reverted["id"] and found[1] >= 0.6
    # what the revert put back (its added lines) is not the failed change
    _, back = repo.pre(edit(repo, "src/store.py", STORE, STORE))
    assert resembles(back) is None or back == {}


def test_a_staged_diff_like_a_failed_change_is_named_by_the_pre_commit_hook(world):
    """Issue 5, item 4: "When the proposed edit … or a staged diff resembles a failed attempt's
    change … the warning says so first"."""
    repo = world.repo({"src/store.py": STORE}, init=("--no-backfill",))
    repo.git("add", "-A")
    repo.git("commit", "-q", "--no-verify", "-m", "add kenning")
    issue = repo.issue("saves get lost", "src/store.py")
    failed = repo.failed("lock around save", "src/store.py", issue, "--details", LOCK_LINES)
    repo.write("src/store.py", LOCKED)
    repo.git("add", "-A")
    r = repo.git("commit", "-m", "lock the store again")
    assert f"resembles failed attempt {failed}" in r.stderr, r.stderr
