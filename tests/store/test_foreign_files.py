"""Files kenning did not write are opened with a size cap, never blocked on, and a lessons file
from a remote is read line by line within limits: a bad line is skipped and named, every other
record is read, and what is read never crashes the views that fold it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kenning.core.errors import InvalidInput
from kenning.core.foreign import Unreadable
from kenning.core.lessons import rules
from kenning.store import files
from kenning.store.lessons import LessonStore

GOOD = {"op": "lesson", "id": "evt_1", "text": "React.memo broke hydration", "library": "react",
        "libraries": ["react"], "ecosystems": {"react": ["npm"]}, "project": "shop", "root": None,
        "issue_id": "k7q2", "outcome": "failed", "type": "attempt", "timestamp": "2030-01-01T00:00:00.000000Z"}


def line(record: dict) -> bytes:
    return json.dumps(record).encode() + b"\n"


def test_read_capped_refuses_a_fifo_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "package.json"
    os.mkfifo(fifo)
    with pytest.raises(Unreadable, match="not a regular file"):
        files.read_capped(fifo, 100)
    assert files.read_text(fifo) is None  # the plain text reader does not block on it either


def test_read_capped_refuses_a_file_past_its_limit_and_reads_one_within(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 101)
    with pytest.raises(Unreadable, match="larger than 100 bytes"):
        files.read_capped(big, 100)
    assert files.read_capped(big, 101) == b" " * 101
    assert files.read_capped(tmp_path / "absent.json", 100) is None
    with pytest.raises(Unreadable, match="not a regular file"):
        files.read_capped(tmp_path, 100)


def test_read_json_treats_a_deeply_nested_cache_as_a_miss(tmp_path: Path) -> None:
    cache = tmp_path / "agent-seen.json"
    cache.write_text("[" * 100_000 + "]" * 100_000)
    assert files.read_json(cache) is None


def test_a_line_of_a_hundred_thousand_brackets_is_skipped_and_named(tmp_path: Path) -> None:
    path = tmp_path / "lessons.jsonl"
    path.write_bytes(line(GOOD) + b"[" * 100_000 + b"]" * 100_000 + b"\n" + line({**GOOD, "id": "evt_2"}))
    store = LessonStore(tmp_path, path)
    assert [r["id"] for r in store.records()] == ["evt_1", "evt_2"]
    assert store.skipped == [(2, "nested more than 64 levels deep")]


@pytest.mark.parametrize(("field", "value"), [("text", 5), ("libraries", [1]), ("ecosystems", {"react": "npm"}),
                                               ("ecosystems", []), ("timestamp", {}), ("id", None)])
def test_a_record_with_a_field_of_the_wrong_type_is_skipped(tmp_path: Path, field: str, value: object) -> None:
    path = tmp_path / "lessons.jsonl"
    path.write_bytes(line({**GOOD, field: value}))
    store = LessonStore(tmp_path, path)
    assert store.records() == []
    assert len(store.skipped) == 1


def test_a_lessons_file_that_is_not_a_regular_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "lessons.jsonl"
    os.mkfifo(path)
    with pytest.raises(InvalidInput, match="lessons.jsonl cannot be read .*not a regular file"):
        LessonStore(tmp_path, path).records()


def test_pruning_keeps_a_bad_line_byte_for_byte(tmp_path: Path) -> None:
    path = tmp_path / "lessons.jsonl"
    poison = b"[" * 5000 + b"]" * 5000
    path.write_bytes(line(GOOD) + poison + b"\n")
    LessonStore(tmp_path, path).rewrite(lambda records: records)
    assert poison in path.read_bytes().splitlines()


# -- the property: any lines a remote holds -----------------------------------------------------

def _value() -> st.SearchStrategy[object]:
    return st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=6),
                        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                                     max_size=3), max_leaves=8)


@st.composite
def remote_line(draw: st.DrawFn) -> bytes:
    """A good record, one with a field of another type, nested, huge, non-UTF-8 or cut."""
    good = line({**GOOD, "id": f"evt_{draw(st.integers(0, 9))}", "op": draw(st.sampled_from(["lesson", "fix",
                                                                                            "forget"]))})
    kind = draw(st.sampled_from(["good", "typed", "nest", "huge", "bytes", "cut"]))
    if kind == "typed":
        return line({**GOOD, draw(st.sampled_from([*GOOD, "fix", "fix_id", "by"])): draw(_value())})
    if kind == "nest":
        n = draw(st.integers(60, 50_000))
        return b'{"op":"lesson","id":"x","text":' + b"[" * n + b"]" * draw(st.sampled_from([0, n])) + b"}\n"
    if kind == "huge":
        return line({**GOOD, "text": "x" * draw(st.integers(10_000, 200_000))})
    if kind == "bytes":
        at = draw(st.integers(0, len(good) - 1))
        return good[:at] + draw(st.binary(min_size=1, max_size=4)) + good[at:]
    if kind == "cut":
        return good[:draw(st.integers(0, len(good) - 1))] + b"\n"
    return good


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                    HealthCheck.function_scoped_fixture])
@given(st.lists(remote_line(), min_size=1, max_size=8))
def test_any_remote_lines_are_read_or_skipped_and_never_crash_a_view(tmp_path: Path, lines: list[bytes]) -> None:
    path = tmp_path / "lessons.jsonl"
    path.write_bytes(b"".join(lines))
    store = LessonStore(tmp_path, path)
    records = store.records()
    assert all(rules.record_problem(r) is None for r in records)
    assert all(why and "\n" not in why for _, why in store.skipped)
    for lesson in rules.for_stack(rules.visible(records), {"react": ["npm"]}):  # what every view does with them
        rules.public(lesson)
        rules.line(lesson, 100)
