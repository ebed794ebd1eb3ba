"""Other tools' records as kenning events (``core.importers``): pure, no disk. What each source
knew is kept; what kenning lacks is mapped or named; every event made is a valid one."""

from __future__ import annotations

from typing import Any

import pytest

from kenning.core.importers import (
    clean_path,
    convert,
    fit,
    lesson_from_projectmem,
    normalize_time,
    stable_id,
    stable_issue_id,
)
from kenning.core.schema import problems

PM = {"id": "evt_51ad79e762114458bfcf", "type": "issue", "issue_id": "0001", "summary": "Webhook retries",
      "timestamp": "2026-09-26T04:25:35Z"}


def one(record: dict[str, Any], fmt: str = "projectmem") -> dict[str, Any]:
    made = convert(fmt, record)
    assert len(made) == 1 and problems(made[0]) == [], made
    return made[0]


@pytest.mark.parametrize(("text", "want"), [
    ("2026-09-26T04:25:35Z", "2026-09-26T04:25:35.000000Z"),
    ("2026-09-26T04:25:35+00:00", "2026-09-26T04:25:35.000000Z"),
    ("2026-05-12 21:07:46 -0600", "2026-05-13T03:07:46.000000Z"),  # git's %ai, as projectmem reads it
    ("2025-10-14T12:34:56.123456789-07:00", "2025-10-14T19:34:56.123456Z"),  # Go's RFC 3339 with nanoseconds
    ("2025-10-15T09:00:00.5Z", "2025-10-15T09:00:00.500000Z"),
    ("2026-01-01T00:00:00", "2026-01-01T00:00:00.000000Z"),  # no zone: UTC
])
def test_times_tools_write_become_kennings(text: str, want: str) -> None:
    assert normalize_time(text) == want


@pytest.mark.parametrize("text", [None, 17, "", "yesterday", "2026-02-30T00:00:00Z", "2026-01-01T25:00:00Z"])
def test_a_time_that_is_none_is_refused(text: object) -> None:
    with pytest.raises(ValueError):
        normalize_time(text)


def test_projectmem_types_map_and_the_rest_become_named_notes() -> None:
    assert one(PM)["type"] == "issue" and one(PM)["issue_id"] == "0001"
    hypothesis = one({**PM, "type": "hypothesis", "issue_id": "0001"})
    assert (hypothesis["type"], hypothesis["imported_type"], hypothesis["issue_id"]) == ("note", "hypothesis", "0001")
    attempt = one({**PM, "type": "attempt", "outcome": "failed"})
    assert (attempt["type"], attempt["outcome"]) == ("attempt", "failed")
    # kenning's attempts carry an outcome and an issue: without, they are kept as notes naming their type
    assert one({**PM, "type": "attempt"})["imported_type"] == "attempt"
    assert one({**PM, "type": "fix", "issue_id": None})["imported_type"] == "fix"
    assert one({**PM, "type": "issue", "issue_id": "1"})["issue_id"] == stable_issue_id("projectmem", "1")


def test_projectmem_ids_are_kept_or_derived_the_same_way_every_time() -> None:
    assert one(PM)["id"] == PM["id"]
    odd = one({**PM, "id": "pm-17"})
    assert odd["id"] == stable_id("projectmem", "pm-17") and odd["imported_id"] == "pm-17"
    bare = {k: v for k, v in PM.items() if k != "id"}
    assert one(bare)["id"] == one(dict(bare))["id"] != one({**bare, "summary": "other"})["id"]
    decision = one({**PM, "type": "decision", "supersedes": "pm-16"})
    assert decision["supersedes"] == stable_id("projectmem", "pm-16")


def test_projectmem_fields_kenning_has_no_place_for_go_to_the_details() -> None:
    event = one({**PM, "notes": "seen twice", "command": "pytest -k retry", "location": "C:\\shop\\app.py",
                 "files": ["src/a.py", "/abs/b.py", "./src/c.py", "src/a.py"], "git_commit": "648C87C",
                 "git_message": "fix retries", "auto_captured": True, "capture_source": "git_post_commit"})
    assert event["details"] == "seen twice\n\ncommand: pytest -k retry\n\nlocation: C:\\shop\\app.py"
    assert event["paths"] == ["src/a.py", "src/c.py"] and "location" not in event
    assert (event["git_commit"], event["commit_message"]) == ("648c87c", "fix retries")
    note = one({**PM, "type": "note", "supersedes": "evt_ff7d8add7bf1487dad01"})
    assert "supersedes" not in note and "supersedes: evt_ff7d8add7bf1487dad01" in note["details"]


@pytest.mark.parametrize(("record", "why"), [
    ({**PM, "summary": "  "}, "no summary"), ({**PM, "type": None}, "no type"),
    ({**PM, "timestamp": "soon"}, "not an ISO 8601 time"), ([], "not a JSON object"),
])
def test_a_projectmem_record_that_cannot_come_in_says_why(record: Any, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        convert("projectmem", record)


def test_an_overlong_summary_keeps_its_text_in_the_details() -> None:
    summary, details = fit("word " * 500, "more")
    assert len(summary) <= 2000 and details.startswith("word word") and details.endswith("\n\nmore")
    event = one({**PM, "summary": "x" * 3000, "notes": "y" * 30000})
    assert len(event["summary"]) == 2000 and len(event["details"]) == 20000


@pytest.mark.parametrize(("raw", "want"), [
    ("src/a.py", "src/a.py"), ("./src/a.py:3", "src/a.py:3"), ("src\\win\\a.py", "src/win/a.py"),
    ("/etc/passwd", None), ("../up.py", None), ("..", None), ("D:/x.py", None), ("", None), (3, None),
])
def test_clean_path(raw: object, want: str | None) -> None:
    assert clean_path(raw) == want


BEAD = {"id": "bd-a1b2", "title": "Login fails", "description": "Tokens expire early", "status": "closed",
        "priority": 1, "issue_type": "bug", "created_at": "2025-10-14T12:34:56.123456789-07:00",
        "updated_at": "2025-10-15T09:00:00Z", "closed_at": "2025-10-15T09:00:00Z", "close_reason": "Fixed in PR #42",
        "comments": [{"id": 7, "author": "bob", "text": "Reproduced\non staging", "created_at": "2025-10-14T20:00:00Z"},
                     {"id": 8, "author": "eve", "text": ""}]}


def test_a_closed_bead_is_an_issue_its_fix_and_its_comments() -> None:
    issue, fix, comment = convert("beads", BEAD)
    assert all(problems(e) == [] for e in (issue, fix, comment))
    assert issue["issue_id"] == fix["issue_id"] == comment["issue_id"] == stable_issue_id("beads", "bd-a1b2")
    assert (issue["summary"], issue["imported_id"]) == ("Login fails", "bd-a1b2")
    assert issue["details"] == "Tokens expire early\n\nbeads bd-a1b2: bug, priority P1, closed"
    assert (fix["type"], fix["summary"], fix["timestamp"]) == ("fix", "Fixed in PR #42", "2025-10-15T09:00:00.000000Z")
    assert (comment["summary"], comment["details"], comment["actor"]) == (
        "Reproduced / on staging", "Reproduced\non staging", "bob")
    assert [e["id"] for e in convert("beads", dict(BEAD))] == [issue["id"], fix["id"], comment["id"]]


def test_an_open_bead_is_an_open_issue_and_a_tombstone_stays_out() -> None:
    assert [e["type"] for e in convert("beads", {**BEAD, "status": "in_progress", "comments": []})] == ["issue"]
    with pytest.raises(ValueError, match="tombstone"):
        convert("beads", {**BEAD, "status": "tombstone"})
    with pytest.raises(ValueError, match="no title"):
        convert("beads", {"id": "bd-1"})


def test_kennings_own_lines_come_in_unchanged_when_valid() -> None:
    line = {"v": 1, "id": "evt_00000000000000000001", "type": "decision", "summary": "s",
            "timestamp": "2026-01-01T00:00:00.000000Z", "source": "mcp", "actor": "claude-code", "custom": [1]}
    assert one(line, "jsonl") == line
    with pytest.raises(ValueError, match="an attempt needs outcome"):
        convert("jsonl", {**line, "type": "attempt", "issue_id": "k7q2"})


def test_projectmem_lessons_become_store_records() -> None:
    gotcha = lesson_from_projectmem({"id": "got_1", "library": "Stripe_Python", "gotcha": "retries last 3 days",
                                     "source_project": "shop", "discovered": "2026-01-02T03:04:05Z"}, "gotcha")
    assert (gotcha["op"], gotcha["id"], gotcha["library"], gotcha["project"]) == ("lesson", "got_1", "stripe-python",
                                                                                  "shop")
    pattern = lesson_from_projectmem({"id": "pat_1", "pattern": "pin it", "tags": ["fastapi", "pydantic"]}, "pattern")
    assert (pattern["libraries"], pattern["timestamp"]) == (["fastapi", "pydantic"], "")
    with pytest.raises(ValueError, match="names no library"):
        lesson_from_projectmem({"id": "pat_2", "pattern": "x", "tags": []}, "pattern")
