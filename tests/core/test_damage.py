"""What a bad merge or a cut-off write leaves on a line, recognised without a disk: conflict
markers, glued lines with the whole events they hold, and the start of a write never finished."""

from __future__ import annotations

import json

import pytest

from kenning.core import damage


def event(n: int, **more: object) -> str:
    return json.dumps({"v": 1, "id": f"evt_{n:020d}", "type": "note", "summary": f"note {n}", "source": "cli",
                       "timestamp": f"2030-01-01T00:00:{n:02d}.000000Z", **more}, sort_keys=True, separators=(",", ":"))


TORN = event(9)[:40]


@pytest.mark.parametrize(("line", "marker"), [
    ("<<<<<<< HEAD", "<<<<<<<"), ("=======", "======="), (">>>>>>> 1a2b3c (alice: memory)", ">>>>>>>"),
    ("||||||| merged common ancestors", "|||||||"), ("=======\r", "======="),
    ("========", None), ("<<<<<<<HEAD", None), ("<<<<<<", None), ('{"id":"<<<<<<< HEAD"}', None), ("", None)])
def test_conflict_markers_are_the_seven_character_lines_git_writes(line: str, marker: str | None) -> None:
    assert damage.conflict_marker(line) == marker


@pytest.mark.parametrize(("line", "ids"), [
    (TORN + event(1), [1]),                          # a cut-off line with the other side's first line glued on
    (event(1) + event(2), [1, 2]),                   # two whole lines without the newline between them
    (event(1) + " " + event(2) + TORN, [1, 2]),      # then a cut-off one
    ('{"summary":"an unclosed string' + event(3), [3]),
    ('{"a":' + event(4), [4]),                       # a torn object whose value is a whole event: read once
    (TORN + event(5, details='{"inner": {"v": 1}}'), [5]),
    (event(6)[:-1] + "," + event(7), [7]),
])
def test_glued_events_are_the_whole_events_on_a_damaged_line(line: str, ids: list[int]) -> None:
    found = damage.glued_events(line)
    assert [e.id for _, e in found] == [f"evt_{n:020d}" for n in ids]
    assert all(text in line and json.loads(text)["id"] == e.id for text, e in found)  # exact text, kept as written


@pytest.mark.parametrize("line", [
    event(1),                                        # one event: not glued
    '{"x":' + event(1) + "}",                        # one object (a bad event): what it nests is not an event
    TORN, "<<<<<<< HEAD", "not json", '{"a":1}{"b":2}', "", "{" * 5000 + event(1)])
def test_a_line_without_glued_events_yields_none(line: str) -> None:
    assert damage.glued_events(line) == []


def test_only_events_whose_own_bytes_are_utf8_are_taken() -> None:
    cut = TORN.encode()[:-1] + b"\xe2\x9c"  # a write cut mid-character
    assert [e.id for _, e in damage.glued_in(cut + event(1).encode())] == ["evt_00000000000000000001"]
    bad = event(2).replace("note 2", "note \udcff").encode("utf-8", "surrogateescape")
    assert damage.glued_in(cut + bad) == []


def test_a_hostile_line_costs_a_bounded_number_of_tries() -> None:
    assert damage.glued_events('{"' * 200_000 + event(1)) == []  # past MAX_STARTS: given up, not stuck


@pytest.mark.parametrize(("line", "cut"), [
    (TORN, True), ('{"summary":"a } in text', True), ('{"a":[1,{"b":2}', True), ("{", True),
    (event(1), False), ('{"a":1} trailing', False), ("not json", False), ("", False), ('["a"', False)])
def test_a_cut_off_line_is_an_object_never_closed(line: str, cut: bool) -> None:
    assert damage.is_cut_off(line) is cut


@pytest.mark.parametrize(("raw", "kind", "events"), [
    (b"<<<<<<< HEAD", damage.CONFLICT_MARKER, 0), ((TORN + event(1)).encode(), damage.GLUED, 1),
    (TORN.encode(), damage.CUT_OFF, 0), (b"not json", damage.MALFORMED, 0),
    (b'{"v":1,"id":"evt_1"}', damage.MALFORMED, 0), (b"\xff\xfe", damage.MALFORMED, 0)])
def test_classify_names_what_a_line_is(raw: bytes, kind: str, events: int) -> None:
    assert (damage.classify(raw)[0], len(damage.classify(raw)[1])) == (kind, events)
