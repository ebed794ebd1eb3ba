"""One vocabulary (``core.events``), every consumer derived from it: the committed JSON Schema
files, ``ken validate``'s checker, the CLI's choices and the MCP tools' enums. And the checker
agrees with an independent JSON Schema implementation, ``jsonschema``, event by event."""

from __future__ import annotations

import argparse
import json
import typing
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from kenning.cli.parser import build_parser
from kenning.core import events as vocabulary
from kenning.core.importers import FORMATS
from kenning.core.schema import check_log, event_schema, problems, schema_text
from schema_audit import violations

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = [ROOT / "docs" / "event.schema.json", ROOT / "src" / "kenning" / "schema" / "event.schema.json"]
T = "2026-01-01T00:00:00.000000Z"
ID = "evt_00000000000000000001"


@pytest.mark.parametrize("path", COMMITTED, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_committed_schema_is_the_generated_one(path: Path, update_golden: bool) -> None:
    """``make schema`` (``pytest --update-golden``) rewrites both files from ``core.schema``."""
    if update_golden:
        path.write_text(schema_text(), encoding="utf-8")
    assert path.read_text(encoding="utf-8") == schema_text(), \
        f"{path.name} is out of date: run `make schema` (pytest tests/core/test_schema.py --update-golden)"


def test_the_schema_is_a_valid_draft_2020_12_schema_of_the_whole_vocabulary() -> None:
    schema = event_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert set(schema["properties"]) == set(vocabulary.FIELDS)
    assert schema["properties"]["type"]["enum"] == list(vocabulary.TYPES)
    assert schema["properties"]["outcome"]["enum"] == list(vocabulary.OUTCOMES)
    assert schema["properties"]["source"]["enum"] == list(vocabulary.SOURCES)
    assert schema["required"] == list(vocabulary.REQUIRED)


def test_the_reader_checks_the_types_the_vocabulary_gives() -> None:
    assert set(vocabulary._FIELD_TYPES) == set(vocabulary.FIELDS)


def _choices(command: str, dest: str) -> list[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[command]
    return list(next(a for a in sub._actions if a.dest == dest).choices)


def test_cli_choices_come_from_the_vocabulary() -> None:
    assert _choices("search", "type") == list(vocabulary.TYPES)
    assert _choices("export", "type") == list(vocabulary.TYPES)
    assert _choices("import", "source_format") == list(FORMATS)
    parser = build_parser()
    attempt = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices["attempt"]
    assert [a.const for a in attempt._actions if a.dest == "outcome"] == list(vocabulary.OUTCOMES)


def test_mcp_enums_come_from_the_vocabulary() -> None:
    from kenning.mcp import tools as mcp_tools

    assert list(typing.get_args(mcp_tools.Outcome)) == list(vocabulary.OUTCOMES)
    assert list(typing.get_args(mcp_tools.EventType)) == list(vocabulary.TYPES)


# -- the checker and jsonschema agree ---------------------------------------------------------------

def ev(**fields: Any) -> dict[str, Any]:
    return {"v": 1, "id": ID, "type": "note", "summary": "s", "timestamp": T, "source": "cli", **fields}


VALID = [
    ev(),
    ev(type="issue", issue_id="k7q2", location="src/a.py:12", details="d", git_commit="a" * 40, actor="human"),
    ev(type="attempt", issue_id="k7q2", outcome="failed", paths=["src/a.py", "src/b.py"]),
    ev(type="attempt", source="git", outcome="failed", commit="b" * 40, touched=["x"], reverts=["c" * 40]),
    ev(type="fix", issue_id="k7q2"),
    ev(type="decision", supersedes="evt_00000000000000000002", lesson=True),
    ev(type="snooze", until=T, paths=["src/a.py"], reason="known"),
    ev(type="snooze", until=T, paths=["src/a.py"], reason="done", unsnooze=True),
    ev(source="import", imported_from="projectmem", imported_type="hypothesis", git_commit="648c87c"),
    ev(custom_field={"kept": [1, 2]}),  # a writer's own field: allowed, and kept by readers
]
INVALID = [
    {k: v for k, v in ev().items() if k != "id"},
    ev(v=2), ev(v="1"), ev(id="evt_1"), ev(id="EVT_00000000000000000001"), ev(type="review"), ev(type=None),
    ev(summary=""), ev(summary="   "), ev(summary="x" * 2001), ev(details="x" * 20001),
    ev(timestamp="2026-01-01T00:00:00Z"), ev(timestamp="2026-01-01 00:00:00.000000Z"),
    ev(location="/etc/passwd"), ev(location="../outside.py"), ev(location=".."), ev(git_commit="HEAD"),
    ev(source="email"), ev(type="issue"), ev(type="issue", issue_id="#k7q2"), ev(type="attempt", issue_id="k7q2"),
    ev(type="attempt", issue_id="k7q2", outcome="maybe"), ev(type="attempt", outcome="failed"), ev(type="fix"),
    ev(supersedes=ID), ev(type="decision", supersedes="retired"), ev(type="attempt", issue_id="k7q2",
                                                                       outcome="failed", lesson=True),
    ev(lesson="yes"), ev(paths="src/a.py"), ev(paths=["/abs"]), ev(paths=[3]), ev(type="snooze", until=T),
    ev(unsnooze="true"), ev(imported_from=3), ev(details=None),
]


@pytest.mark.parametrize("event", VALID, ids=lambda e: e["type"])
def test_valid_events_pass_both(event: dict[str, Any]) -> None:
    assert problems(event) == []
    assert list(jsonschema.Draft202012Validator(event_schema()).iter_errors(event)) == []


@pytest.mark.parametrize("event", INVALID, ids=lambda e: json.dumps(e, sort_keys=True)[:60])
def test_invalid_events_fail_both(event: dict[str, Any]) -> None:
    assert problems(event), event
    assert list(jsonschema.Draft202012Validator(event_schema()).iter_errors(event)), event


def test_the_checker_says_what_a_pattern_cannot() -> None:
    """A time of the right shape that names no real day: only the checker sees it."""
    assert problems(ev(timestamp="2026-02-30T00:00:00.000000Z")) == [
        'timestamp "2026-02-30T00:00:00.000000Z" is not a real date and time']


def test_an_older_event_is_upgraded_before_it_is_checked() -> None:
    old = {k: v for k, v in ev().items() if k not in ("v", "type")} | {"kind": "note"}
    assert problems(old) == []


# -- a whole log ----------------------------------------------------------------------------------

def line(**fields: Any) -> bytes:
    return json.dumps(ev(**fields), sort_keys=True).encode()


def test_check_log_names_duplicates_bad_supersession_and_a_cut_last_line() -> None:
    lines = [b"\xef\xbb\xbf" + line(), b"", line(id="evt_00000000000000000002", type="issue", issue_id="ab12"),
             line(id="evt_00000000000000000003", type="decision", supersedes="evt_00000000000000000002"),
             line(), b'{"v":1,"id":']
    valid, found = check_log(lines, unterminated=True)
    assert valid == 2
    assert found == [
        (4, "supersedes evt_00000000000000000002, which is an issue, not a decision"),
        (5, f"duplicate id {ID} (first on line 1)"),
        (6, "an incomplete last line, cut off mid-write (not JSON (Expecting value))"),
    ]


def test_check_log_of_nothing_is_valid() -> None:
    assert check_log([], unterminated=False) == (0, [])


# -- the session's audit of what ken writes ------------------------------------------------------------

def test_the_schema_audit_fails_on_an_event_that_breaks_the_schema() -> None:
    good = json.dumps(ev(type="attempt", issue_id="k7q2", outcome="failed"))
    assert violations([good]) == []
    found = violations([good, json.dumps(ev(type="attempt", issue_id="k7q2")), "{torn"])
    assert len(found) == 2 and "'outcome' is a required property" in found[0] and "not JSON" in found[1]


def test_the_format_page_documents_every_field_and_type() -> None:
    page = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    for name in vocabulary.FIELDS:
        assert f"| `{name}` |" in page, f"docs/format.md has no row for the field {name}"
    for word in (*vocabulary.TYPES, *vocabulary.OUTCOMES, *vocabulary.SOURCES):
        assert f"`{word}`" in page, word
