"""A write that repeats a standing memory is refused, naming the memory it repeats, and kept
only when forced (``app.record.record``); nothing is written by a refused write."""

from __future__ import annotations

from typing import Any

import pytest

from kenning.app.project import Project
from kenning.app.recall import open_memory
from kenning.app.record import record
from kenning.core.errors import Repeats
from kenning.core.events import Event


def write(project: Project, kind: str, summary: str, force: bool = False, **more: Any) -> Any:
    return record(project, {"type": kind, "summary": summary, "source": "cli", **more}, cwd=project.root,
                  force=force).event


def log(project: Project) -> bytes:
    return (project.root / ".kenning" / "events.jsonl").read_bytes()


def test_a_near_copy_of_a_standing_note_is_refused_and_nothing_is_written(project: Project) -> None:
    first = write(project, "note", "The staging webhook secret rotates weekly", location="src/app.py:3")
    before = log(project)
    with pytest.raises(Repeats) as refused:  # lines on one side only: the same file
        write(project, "note", "the staging webhook secret rotates weekly.", location="src/app.py")
    assert refused.value.event_id == first.id
    message = str(refused.value)
    assert first.id in message and "--force" in message and "\n" not in message
    assert log(project) == before


def test_force_keeps_the_copy(project: Project) -> None:
    write(project, "note", "The staging webhook secret rotates weekly")
    kept = write(project, "note", "The staging webhook secret rotates weekly", force=True)
    assert kept.id.encode() in log(project)


def test_what_differs_in_place_type_or_meaning_is_written(project: Project) -> None:
    write(project, "note", "Retry with backoff failed", location="src/app.py:10")
    write(project, "note", "Retry without backoff failed", location="src/app.py:10")  # another meaning
    write(project, "note", "Retry with backoff failed", location="src/app.py:30")        # other lines
    write(project, "note", "Retry with backoff failed", location="src/other.py")          # another file
    write(project, "note", "Retry with backoff failed")                                   # no place at all
    write(project, "decision", "Retry with backoff failed", location="src/app.py:10")  # another type
    assert log(project).count(b"Retry with") == 6


def test_an_open_issue_is_not_opened_twice_but_a_fixed_one_may_come_back(project: Project) -> None:
    issue = write(project, "issue", "Webhook retries create duplicate charges", location="src/app.py")
    with pytest.raises(Repeats, match=f"{issue.id} \\(issue #{issue.issue_id}, still open"):
        write(project, "issue", "webhook retries create duplicated charges", location="src/app.py")
    write(project, "fix", "Write the idempotency key first", issue_id=issue.issue_id)
    again = write(project, "issue", "Webhook retries create duplicate charges", location="src/app.py")
    assert again.issue_id != issue.issue_id  # done issues do not stand: the problem is back


def test_the_same_failed_attempt_twice_is_refused_but_another_outcome_is_news(project: Project) -> None:
    issue = write(project, "issue", "Charges are duplicated")
    failed = write(project, "attempt", "Deduplicated on the event id", issue_id=issue.issue_id, outcome="failed")
    with pytest.raises(Repeats) as refused:
        write(project, "attempt", "deduplicating on the event id", issue_id=issue.issue_id, outcome="failed")
    assert refused.value.event_id == failed.id and f"failed attempt on #{issue.issue_id}" in str(refused.value)
    write(project, "attempt", "Deduplicated on the event id", issue_id=issue.issue_id, outcome="partial")


def test_a_superseded_decision_no_longer_stands_so_it_may_be_decided_again(project: Project) -> None:
    old = write(project, "decision", "Keep sessions in Postgres", location="src/app.py")
    with pytest.raises(Repeats, match=old.id):
        write(project, "decision", "keep the sessions in Postgres", location="src/app.py")
    write(project, "decision", "Keep sessions in Redis", location="src/app.py", supersedes=old.id)
    write(project, "decision", "Keep sessions in Postgres", location="src/app.py", force=False)  # back again


def test_a_fix_derived_from_git_is_not_a_write_to_refuse_against(project: Project) -> None:
    """A commit's message becomes a derived fix in the index (never in the log): the fix a
    person records for the same issue, in the same words, is their own memory."""
    issue = write(project, "issue", "Charges are duplicated")
    with open_memory(project) as memory, memory.cache.transaction():
        derived = {"v": 1, "id": "evt_" + "d" * 20, "type": "fix", "summary": "Write the key before charging",
                   "timestamp": "2030-06-30T11:00:00.000000Z", "source": "git", "issue_id": issue.issue_id,
                   "commit": "a" * 40}
        memory.cache.insert(Event(derived), "git", None)
    write(project, "fix", "Write the key before charging", issue_id=issue.issue_id)
