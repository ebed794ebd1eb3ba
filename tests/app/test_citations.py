"""Citations with real git: a memory written with ``--at PATH:START-END`` keeps what it cites, and
``app.citations.verify`` follows the lines through moves, renames, re-indents, edits, splits,
copies and deletions across commits, a branch, a rebase, a shallow clone and uncommitted changes,
with a bounded number of git processes and nothing run again on a second read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kenning import git
from kenning.app import citations
from kenning.app.project import Project
from kenning.app.record import record
from kenning.core.errors import InvalidInput
from kenning.git import objects as git_objects
from machine import run_git, write_file

PAY = """import os


def charge(order):
    key = order.idempotency_key()
    if store.seen(key):
        return store.result(key)
    return gateway.charge(order, key=key)


def refund(order):
    return gateway.refund(order)
"""
BODY = PAY.splitlines()[4:8]  # lines 5-8: charge's body
NOW = "2030-06-30T12:00:00Z"


def commit(project: Project, env: dict[str, str], message: str = "change") -> None:
    run_git(("add", "-A", "--", ".", ":!.kenning"), project.root, env)
    run_git(("commit", "-q", "-m", message), project.root, env)


def cited(project: Project, env: dict[str, str], at: str = "src/pay.py:5-8", text: str = PAY) -> str:
    write_file(project.root, "src/pay.py", text)
    commit(project, env, "add pay")
    return note(project, at, "charge is idempotent by key").event.id


def note(project: Project, at: str, summary: str = "s") -> Any:
    return record(project, {"type": "note", "summary": summary, "location": at}, now=NOW, cwd=project.root)


def status(project: Project, event_id: str) -> dict[str, Any]:
    found = [item for item in citations.verify(project)["citations"] if item["id"] == event_id]
    assert len(found) == 1
    return found[0]


def where(item: dict[str, Any]) -> tuple[Any, ...]:
    return item["status"], item.get("path"), item.get("start"), item.get("end")


@pytest.fixture
def env(machine: dict[str, str]) -> dict[str, str]:
    return machine


def test_a_range_keeps_its_citation_in_the_event(project: Project, env: dict[str, str]) -> None:
    secret = "ghp_" + "a1" * 18
    text = PAY.replace("    key = order.idempotency_key()", f"    key = order.idempotency_key()  # {secret}")
    event_id = cited(project, env, text=text)
    event = note(project, "src/pay.py:5").event
    data = next(e for e in citations.verify(project)["citations"] if e["id"] == event_id)
    written = [line for line in project.log_path.read_text().splitlines() if event_id in line][0]
    assert '"location":"src/pay.py:5"' in written and secret not in written and "[REDACTED" in written
    assert data["cited"]["symbol"] == "charge" and data["cited"]["commit"] == project.head_commit()
    assert event.get("citation")["start"] == event.get("citation")["end"] == 5


def test_a_range_past_the_end_keeps_the_location_and_says_so(project: Project, env: dict[str, str]) -> None:
    write_file(project.root, "src/pay.py", PAY)
    written = note(project, "src/pay.py:40-52")
    assert written.event.get("citation") is None and written.event.location == "src/pay.py:40"
    assert "has 12 lines" in written.notices[0]
    with pytest.raises(InvalidInput, match="at most 500"):
        note(project, "src/pay.py:1-900")


def test_unchanged_code_is_verified_and_lines_added_above_move_it(project: Project, env: dict[str, str]) -> None:
    event_id = cited(project, env)
    assert where(status(project, event_id)) == ("verified", "src/pay.py", 5, 8)
    write_file(project.root, "src/pay.py", "import sys\n" + PAY)
    commit(project, env)
    assert where(status(project, event_id)) == ("verified", "src/pay.py", 6, 9)


def test_a_reindented_block_is_verified(project: Project, env: dict[str, str]) -> None:
    event_id = cited(project, env)
    lines = PAY.splitlines()
    indented = [*lines[:4], "    with lock:", *("    " + line for line in lines[4:8]), *lines[8:]]
    write_file(project.root, "src/pay.py", "\n".join(indented) + "\n")
    commit(project, env)
    assert where(status(project, event_id)) == ("verified", "src/pay.py", 6, 9)


def test_a_renamed_file_is_moved(project: Project, env: dict[str, str]) -> None:
    event_id = cited(project, env)
    (project.root / "src/billing").mkdir()
    run_git(("mv", "src/pay.py", "src/billing/pay.py"), project.root, env)
    commit(project, env)
    assert where(status(project, event_id)) == ("moved", "src/billing/pay.py", 5, 8)


def test_a_block_moved_to_another_file_is_moved_and_edited_there_is_changed(project: Project,
                                                                          env: dict[str, str]) -> None:
    event_id = cited(project, env)
    write_file(project.root, "src/pay.py", PAY.replace("\n".join(BODY), "    return charging.charge(order)"))
    write_file(project.root, "src/charging.py", "def charge(order):\n" + "\n".join(BODY) + "\n")
    commit(project, env)
    assert where(status(project, event_id)) == ("moved", "src/charging.py", 2, 5)
    write_file(project.root, "src/charging.py", "def charge(order):\n" + "\n".join(BODY[:3]) + "\n    return 0\n")
    commit(project, env)
    item = status(project, event_id)
    assert item["status"] == "changed" and "path" not in item
    assert item["changed_in"]["commit"] == git.head_commit(project.root)


def test_an_edit_is_changed_and_a_deletion_gone_with_the_commit(project: Project, env: dict[str, str]) -> None:
    event_id = cited(project, env)
    write_file(project.root, "src/pay.py", PAY.replace("if store.seen(key):", "if store.seen(key, fresh=True):"))
    commit(project, env, "fresh keys")
    edited = git.head_commit(project.root)
    assert status(project, event_id)["status"] == "changed"
    write_file(project.root, "src/pay.py", PAY.replace("\n".join(BODY), "    pass"))
    commit(project, env, "drop charging")
    item = status(project, event_id)
    assert item["status"] == "gone" and item["changed_in"]["commit"] == git.head_commit(project.root) != edited
    assert item["cited"]["path"] == "src/pay.py" and item["cited"]["start"] == 5


def test_a_block_rewritten_but_for_a_blank_line_and_an_else_is_gone(project: Project, env: dict[str, str]) -> None:
    # lines 8-12: charge's last line, the blank lines between the functions, refund's head and
    # body; refund is rewritten as reimburse, and charge's return is rewritten too
    text = PAY.replace("    return gateway.refund(order)", "    if order.paid:\n        return gateway.refund(order)\n"
                                                           "    else:\n        return None")
    event_id = cited(project, env, "src/pay.py:8-14", text)
    rewritten = text.replace("return gateway.charge(order, key=key)", "return gateway.charge_once(order)")
    rewritten = rewritten.replace("def refund(order):", "def reimburse(order, amount):").replace(
        "return gateway.refund(order)", "return ledger.reimburse(order, amount)").replace("order.paid", "amount")
    write_file(project.root, "src/pay.py", rewritten)
    commit(project, env)
    # left: two blank lines and an "else:", which say nothing alone
    assert where(status(project, event_id)) == ("gone", None, None, None)
    write_file(project.root, "src/pay.py", rewritten.replace("if amount:", "if order.paid:"))
    commit(project, env)
    assert status(project, event_id)["status"] == "changed"  # a line that says something is back


def test_a_split_block_is_changed(project: Project, env: dict[str, str]) -> None:
    event_id = cited(project, env)
    first, rest = "\n".join(BODY[:2]), "\n".join(BODY[2:])
    write_file(project.root, "src/pay.py", PAY.replace("\n".join(BODY), first + "\n    return finish(order, key)"))
    write_file(project.root, "src/finish.py", "def finish(order, key):\n" + rest + "\n")
    commit(project, env)
    assert status(project, event_id)["status"] == "changed"


def test_a_copy_elsewhere_leaves_the_original_verified(project: Project, env: dict[str, str]) -> None:
    event_id = cited(project, env)
    write_file(project.root, "src/copy.py", "def charge2(order):\n" + "\n".join(BODY) + "\n")
    write_file(project.root, "src/pay.py", "# note\n" + PAY)
    commit(project, env)
    assert where(status(project, event_id)) == ("verified", "src/pay.py", 6, 9)


def test_deleted_while_an_older_identical_block_stands_elsewhere_is_gone(project: Project,
                                                                        env: dict[str, str]) -> None:
    write_file(project.root, "src/legacy.py", "def charge_v1(order):\n" + "\n".join(BODY) + "\n")
    event_id = cited(project, env)
    write_file(project.root, "src/pay.py", PAY.replace("\n".join(BODY), "    pass"))
    legacy = "def charge_v1(order):\n" + "\n".join(BODY) + "\n"
    write_file(project.root, "src/legacy.py", legacy + "\n\ndef more():\n    pass\n")
    commit(project, env)
    assert status(project, event_id)["status"] == "gone"


def test_a_block_that_had_a_twin_is_not_followed_into_a_new_copy(project: Project, env: dict[str, str]) -> None:
    # the cited body stood whole in legacy.py too; both go, and a new file holds the lines:
    # copied from the cited lines or from the twin, git may say either, so it is not followed
    rest = "".join(f"\n\ndef legacy_{n}(order):\n    return ledger.legacy_{n}(order.key)\n" for n in range(12))
    write_file(project.root, "src/legacy.py", "def charge_v1(order):\n" + "\n".join(BODY) + "\n" + rest)
    event_id = cited(project, env)
    write_file(project.root, "src/pay.py", PAY.replace("\n".join(BODY), "    return charging.charge(order)"))
    (project.root / "src/legacy.py").unlink()
    write_file(project.root, "src/charging.py", "def charge(order):\n" + "\n".join(BODY) + "\n")
    commit(project, env)
    assert where(status(project, event_id)) == ("gone", None, None, None)
    # with no twin, the same move is followed
    event_id = note(project, "src/charging.py:2-5", "charge is idempotent by key").event.id
    write_file(project.root, "src/charging.py", "def charge(order):\n    return charge_once(order)\n")
    write_file(project.root, "src/once.py", "def charge_once(order):\n" + "\n".join(BODY) + "\n")
    commit(project, env)
    assert where(status(project, event_id)) == ("moved", "src/once.py", 2, 5)


def test_cited_on_a_branch_and_read_on_another(project: Project, env: dict[str, str]) -> None:
    write_file(project.root, "src/pay.py", PAY)
    commit(project, env)
    run_git(("checkout", "-q", "-b", "feature"), project.root, env)
    audit = "\n\ndef audit(order):\n    return ledger.audit(order.id, strict=True)\n"
    write_file(project.root, "src/pay.py", PAY + audit)
    commit(project, env)
    event_id = note(project, "src/pay.py:16", "audit is strict").event.id
    run_git(("checkout", "-q", "main"), project.root, env)
    assert status(project, event_id)["status"] == "gone"
    run_git(("merge", "-q", "--no-ff", "-m", "merge feature", "feature"), project.root, env)
    assert where(status(project, event_id)) == ("verified", "src/pay.py", 16, 16)


def test_after_a_rebase_the_citation_follows_the_rewritten_history(project: Project, env: dict[str, str]) -> None:
    write_file(project.root, "src/pay.py", PAY)
    commit(project, env)
    run_git(("checkout", "-q", "-b", "feature"), project.root, env)
    write_file(project.root, "src/notes.py", "x = 1\n")
    commit(project, env)
    event_id = note(project, "src/pay.py:5-8").event.id
    run_git(("checkout", "-q", "main"), project.root, env)
    write_file(project.root, "src/pay.py", "import sys\n" + PAY)
    commit(project, env)
    run_git(("checkout", "-q", "feature"), project.root, env)
    run_git(("rebase", "-q", "main"), project.root, env)
    assert where(status(project, event_id)) == ("verified", "src/pay.py", 6, 9)


def test_in_a_shallow_clone_the_fingerprint_finds_the_block(project: Project, env: dict[str, str],
                                                            tmp_path: Path) -> None:
    event_id = cited(project, env)
    write_file(project.root, "src/pay.py", "import sys\nimport json\n" + PAY)
    commit(project, env)
    run_git(("add", "-f", ".kenning/events.jsonl", ".kenning/config.toml"), project.root, env, check=False)
    run_git(("commit", "-q", "-m", "memory"), project.root, env)
    clone = tmp_path / "clone"
    run_git(("clone", "-q", "--depth", "1", f"file://{project.root}", str(clone)), tmp_path, env)
    shallow = Project(clone)
    assert where(status(shallow, event_id)) == ("verified", "src/pay.py", 7, 10)
    write_file(clone, "src/pay.py", PAY.replace("if store.seen(key):", "if seen(key):"))
    assert status(shallow, event_id)["status"] == "changed"


def test_uncommitted_changes_count_and_are_said_to_be_uncommitted(project: Project, env: dict[str, str]) -> None:
    event_id = cited(project, env)
    write_file(project.root, "src/pay.py", "import sys\n" + PAY)
    assert where(status(project, event_id)) == ("verified", "src/pay.py", 6, 9)
    write_file(project.root, "src/pay.py", PAY.replace("    return gateway.charge(order, key=key)\n", ""))
    item = status(project, event_id)
    assert item["status"] == "changed" and item["changed_in"] == {"uncommitted": True}


def test_many_citations_cost_a_few_git_processes_and_a_second_read_none(project: Project, env: dict[str, str],
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    write_file(project.root, "src/pay.py", PAY)
    commit(project, env)
    for n in range(12):
        note(project, f"src/pay.py:{1 + n % 9}-{4 + n % 9}", f"the pay rule, reading {n}")
        write_file(project.root, f"src/m{n}.py", f"x = {n}\n")
        commit(project, env)  # twelve citations at twelve commits
    write_file(project.root, "src/pay.py", "import sys\n" + PAY.replace("if store.seen(key):", "if seen(key):"))
    commit(project, env)
    calls: list[list[str]] = []
    real = git.run_bytes

    def counted(root: Path, args: list[str], *rest: Any, **named: Any) -> bytes:
        if args[0] == "cat-file" or "--name-status" in args or "--format=%x01%H%x00%cI" in args:
            calls.append(args)  # following the citations (opening memory reads the new commits too)
        return real(root, args, *rest, **named)

    monkeypatch.setattr(git, "run_bytes", counted)
    monkeypatch.setattr(git_objects, "run_bytes", counted)
    first = citations.verify(project)
    assert len(first["citations"]) == 12 and first["counts"]["changed"] > 0 and first["counts"]["verified"] > 0
    assert len(calls) <= 8, calls  # lookups, reads, the history since the oldest, the log: not one per commit
    calls.clear()
    assert citations.verify(project) == first and calls == []


def test_other_files_holding_cited_lines_are_read_once_for_all_citations(project: Project, env: dict[str, str],
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # every other file changed since the citations holds one of their lines: the lines an edit
    # lost are looked for there, and those files as they were are read in one go, not per citation
    write_file(project.root, "src/pay.py", PAY)
    for n in range(12):
        write_file(project.root, f"src/m{n}.py", f"{BODY[0].strip()}\nx = 0\n")
    commit(project, env)
    for n in range(12):
        note(project, "src/pay.py:5-8", f"the pay rule, reading {n}")
        write_file(project.root, f"src/m{n}.py", f"{BODY[0].strip()}\nx = {n + 1}\n")
        commit(project, env)
    write_file(project.root, "src/pay.py", PAY.replace("if store.seen(key):", "if seen(key):"))
    commit(project, env)
    calls: list[list[str]] = []
    real = git.run_bytes

    def counted(root: Path, args: list[str], *rest: Any, **named: Any) -> bytes:
        if args[0] == "cat-file":
            calls.append(args)
        return real(root, args, *rest, **named)

    monkeypatch.setattr(git, "run_bytes", counted)
    monkeypatch.setattr(git_objects, "run_bytes", counted)
    found = citations.verify(project)
    assert found["counts"]["changed"] == 12
    assert all(item["changed_in"]["commit"] == git.head_commit(project.root) for item in found["citations"])
    assert len(calls) <= 6, calls  # not two for each of the twelve citations
