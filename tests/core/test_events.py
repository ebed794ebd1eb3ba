"""Events: the canonical line format, reading old and unknown data, the rules a new event must
pass before it is written, and the timestamp arithmetic."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kenning.core.errors import InvalidInput, KenError
from kenning.core.events import (
    FIELDS,
    MAX_DETAILS,
    MAX_SUMMARY,
    TIMESTAMP_RE,
    Event,
    _check_path,
    _plain_paths,
    canonical_json,
    format_timestamp,
    location_path,
    parse_line,
    parse_timestamp,
    serialize,
    upcast,
    validate_draft,
)
from kenning.core.paths import repo_path

from .event_logs import eid, event

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


T = "2026-01-01T00:00:00.000000Z"


def micros(moment: datetime) -> int:
    """The reference answer, from the standard library the core avoids importing."""
    return (moment - EPOCH) // timedelta(microseconds=1)


# --- canonical JSON -------------------------------------------------------------------------------

def test_canonical_json_sorts_keys_at_every_depth_and_has_no_spaces() -> None:
    data = {"type": "note", "b": {"z": 1, "a": [2, {"y": None, "x": True}]}, "a": "x y"}
    assert canonical_json(data) == '{"a":"x y","b":{"a":[2,{"x":true,"y":null}],"z":1},"type":"note"}'


def test_canonical_json_keeps_utf8_characters_unescaped() -> None:
    line = canonical_json({"summary": "café — 日本語 “quoted” 🙂"})
    assert line == '{"summary":"café — 日本語 “quoted” 🙂"}'
    assert "\\u" not in line


def test_canonical_json_escapes_what_would_break_the_line() -> None:
    line = canonical_json({"summary": 'a\nb\t"c"\\'})
    assert "\n" not in line
    assert json.loads(line) == {"summary": 'a\nb\t"c"\\'}


def test_serialize_is_the_canonical_json_of_the_event() -> None:
    ev = event(1, "note", "hello", extra={"k": 1})
    assert serialize(ev) == canonical_json(ev.as_dict())
    assert serialize(ev).startswith('{"extra":{"k":1},"id":"evt_00000000000000000001",')


def test_serialization_does_not_depend_on_insertion_order() -> None:
    forward = {"v": 1, "id": eid(1), "type": "note", "summary": "s", "timestamp": T, "source": "cli"}
    backward = dict(reversed(list(forward.items())))
    assert serialize(Event(forward)) == serialize(Event(backward))


# --- reading lines --------------------------------------------------------------------------------

CANONICAL_WITH_UNKNOWN = (
    '{"actor":"git:dev@example.com","future_field":{"nested":[1,2.5,null,"ü"],"z":false},'
    '"id":"evt_0123456789abcdef0123","issue_id":"k7q2","location":"src/payments/webhook.py:2",'
    '"source":"cli","summary":"Webhook retries create duplicate charges — «twice»",'
    '"timestamp":"2026-09-26T04:25:35.000000Z","type":"issue","v":1,"zz_last":12345678901234567890}'
)


def test_a_canonical_line_with_unknown_fields_round_trips_byte_for_byte() -> None:
    ev = parse_line(CANONICAL_WITH_UNKNOWN)
    assert serialize(ev) == CANONICAL_WITH_UNKNOWN
    assert ev.get("future_field") == {"nested": [1, 2.5, None, "ü"], "z": False}
    assert ev.get("zz_last") == 12345678901234567890


def test_an_event_of_an_unknown_type_is_read_and_round_trips() -> None:
    line = '{"id":"evt_00000000000000000009","summary":"later schema","timestamp":"' + T + '","type":"review","v":1}'
    ev = parse_line(line)
    assert ev.type == "review"
    assert serialize(ev) == line


def test_a_non_canonical_line_is_read_and_written_back_canonically() -> None:
    line = '{ "type" : "note",  "summary": "s", "id": "evt_00000000000000000001", "timestamp": "' + T + '", "v": 1 }'
    assert serialize(parse_line(line)) == (
        '{"id":"evt_00000000000000000001","summary":"s","timestamp":"2026-01-01T00:00:00.000000Z","type":"note","v":1}')




def test_a_v0_event_is_upgraded_on_read() -> None:
    ev = parse_line('{"id":"evt_00000000000000000001","kind":"decision","summary":"old","timestamp":"' + T + '"}')
    assert ev.type == "decision"
    assert ev.get("v") == 1
    assert ev.get("kind") is None
    assert serialize(ev) == ('{"id":"evt_00000000000000000001","summary":"old","timestamp":"' + T
                             + '","type":"decision","v":1}')


def test_upcast_leaves_its_input_untouched_and_current_events_alone() -> None:
    old = {"id": eid(1), "kind": "note"}
    assert upcast(old) == {"id": eid(1), "type": "note", "v": 1}
    assert old == {"id": eid(1), "kind": "note"}
    current = {"v": 1, "id": eid(1), "type": "note", "kind": "an unknown field in v1"}
    assert upcast(current) == current


def test_a_v0_event_with_both_kind_and_type_keeps_its_type() -> None:
    ev = parse_line('{"id":"evt_00000000000000000001","kind":"note","type":"fix","timestamp":"' + T + '"}')
    assert ev.type == "fix"


@pytest.mark.parametrize("line", [
    "[]",
    '["evt_00000000000000000001"]',
    '"a string"',
    "42",
    "null",
    "true",
])
def test_a_line_that_is_not_a_json_object_is_refused(line: str) -> None:
    with pytest.raises(ValueError, match="not a JSON object"):
        parse_line(line)


@pytest.mark.parametrize("line", ["", "{", '{"id": "evt_1", "type":', "not json at all", '{"id":"x"}}'])
def test_a_torn_or_garbled_line_raises_value_error(line: str) -> None:
    with pytest.raises(ValueError):
        parse_line(line)


GOOD = {"v": 1, "id": eid(1), "type": "note", "summary": "s", "timestamp": "2026-09-26T04:25:35.000000Z"}


@pytest.mark.parametrize("field", ["id", "type", "timestamp"])
@pytest.mark.parametrize("bad", ["absent", "", 7, None])
def test_a_line_without_id_type_or_timestamp_is_refused(field: str, bad: object) -> None:
    data = dict(GOOD)
    if bad == "absent":
        del data[field]
    else:
        data[field] = bad
    with pytest.raises(ValueError, match=f"missing {field}|{field} is not text"):
        parse_line(json.dumps(data))


def test_a_summary_that_is_not_text_is_refused() -> None:
    with pytest.raises(ValueError, match="summary"):
        parse_line(json.dumps({**GOOD, "summary": ["a", "list"]}))


def test_a_line_without_summary_is_still_readable() -> None:
    data = dict(GOOD)
    del data["summary"]
    assert parse_line(json.dumps(data)).summary == ""


# --- the event value ------------------------------------------------------------------------------

def test_events_are_immutable_and_do_not_share_their_data() -> None:
    source = {"v": 1, "id": eid(1), "type": "note", "summary": "s", "timestamp": "2026-01-01T00:00:00.000000Z"}
    ev = Event(source)
    source["summary"] = "changed after"
    assert ev.summary == "s"
    copy = ev.as_dict()
    copy["summary"] = "changed copy"
    assert ev.summary == "s"
    with pytest.raises(AttributeError):
        ev.summary = "x"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        ev.anything = 1  # type: ignore[attr-defined]


def test_event_equality_is_by_content() -> None:
    assert event(1, "note", "a") == event(1, "note", "a")
    assert event(1, "note", "a") != event(1, "note", "b")
    assert len({event(1, "note", "a"), event(1, "note", "a")}) == 1


def test_event_fields_as_read() -> None:
    ev = event(5, "attempt", "tried", issue_id="k7q2", outcome="failed", location="src/a.py:12",
               commit="abc123", lesson="yes")
    assert (ev.issue_id, ev.outcome, ev.location, ev.path) == ("k7q2", "failed", "src/a.py:12", "src/a.py")
    assert ev.git_commit == "abc123"  # events captured from a commit name it in ``commit``
    assert ev.lesson is False  # only the JSON value true marks a lesson
    assert ev.sort_key == (ev.timestamp, eid(5))
    bare = event(6, "note", location="", issue_id="")
    assert (bare.location, bare.path, bare.issue_id, bare.supersedes, bare.details) == (None, None, None, None, None)


@pytest.mark.parametrize(("location", "path"), [
    ("src/a.py:12", "src/a.py"),
    ("src/a.py", "src/a.py"),
    ("src/a.py:", "src/a.py:"),
    ("src/a.py:12a", "src/a.py:12a"),
    (":12", ":12"),
    ("dir:with/colons.py:7", "dir:with/colons.py"),
    ("src/a.py:1:2", "src/a.py:1"),
    ("README", "README"),
])
def test_location_path_drops_only_a_trailing_line_number(location: str, path: str) -> None:
    assert location_path(location) == path


# --- validating a draft ---------------------------------------------------------------------------

def draft(kind: str = "note", **fields: object) -> dict[str, object]:
    data: dict[str, object] = {"type": kind, "summary": "something happened", "source": "cli"}
    if kind in ("issue", "attempt", "fix"):
        data["issue_id"] = "k7q2"
    if kind == "attempt":
        data["outcome"] = "failed"
    data.update(fields)
    return data


@pytest.mark.parametrize("data", [
    draft("issue"), draft("attempt"), draft("attempt", outcome="worked"), draft("attempt", outcome="partial"),
    draft("fix"), draft("decision"), draft("decision", supersedes=eid(1), lesson=True), draft("note", lesson=True),
    draft("snooze"), draft("fix", source="git", issue_id=None), draft("attempt", source="git", issue_id=""),
    draft("note", summary="x" * MAX_SUMMARY), draft("note", details="d" * MAX_DETAILS),
    draft("note", source="mcp"), draft("note", source="agent-hook"), draft("note", source="watcher"),
    draft("note", source="import"), draft("note", lesson=False), draft("fix", lesson=False),
])
def test_valid_drafts_pass(data: dict[str, object]) -> None:
    """A draft the rules accept is written as the write path completes it (version, id, time) and
    reads back from its line as the same event, every field kept."""
    assert validate_draft(data) is None
    written = Event({**data, "v": 1, "id": eid(7), "timestamp": T})
    line = serialize(written)
    assert "\n" not in line
    read = parse_line(line)
    assert read == written and read.as_dict() == {**data, "v": 1, "id": eid(7), "timestamp": T}
    assert serialize(read) == line == canonical_json(read.as_dict())


@pytest.mark.parametrize(("data", "message"), [
    (draft(summary=""), "summary is empty"),
    (draft(summary=" \n\t "), "summary is empty"),
    (draft(summary=None), "summary is empty"),
    ({"type": "note", "source": "cli"}, "summary is empty"),
    (draft(summary="x" * (MAX_SUMMARY + 1)), "2,001 characters (at most 2,000)"),
    (draft(details="d" * (MAX_DETAILS + 1)), "20,001 characters (at most 20,000)"),
    (draft("attempt", outcome=None), "needs its outcome"),
    (draft("attempt", outcome="maybe"), "needs its outcome"),
    (draft("issue", issue_id=None), "needs an issue id"),
    (draft("fix", issue_id=""), "needs an issue id"),
    (draft("attempt", source="mcp", issue_id=None), "needs an issue id"),
    (draft("note", supersedes=eid(1)), "only a decision can supersede"),
    (draft("fix", supersedes=eid(1)), "only a decision can supersede"),
    (draft("issue", lesson=True), "only a decision or a note can be marked as a lesson"),
    (draft("attempt", lesson=True), "only a decision or a note can be marked as a lesson"),
    (draft("incident"), "unknown event type 'incident'"),
    ({"summary": "no type", "source": "cli"}, "unknown event type None"),
    (draft(source="email"), "unknown source 'email'"),
    (draft(source=None), "unknown source None"),
    (draft(details=5), "details is not text"),
    (draft("decision", lesson="yes"), "lesson is not true or false"),
    (draft("snooze", paths="src/a.py"), "paths is not a list of text"),
    (draft("snooze", paths=["src/a.py", 7]), "paths is not a list of text"),
    (draft(location=["src/a.py"]), "location is not text"),
])
def test_invalid_drafts_are_refused_with_a_one_line_message(data: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        validate_draft(data)
    text = str(caught.value)
    assert message in text
    assert "\n" not in text
    assert isinstance(caught.value, KenError) and caught.value.exit_code == 2


def test_the_unknown_type_message_lists_the_valid_types() -> None:
    with pytest.raises(InvalidInput, match="use one of issue, attempt, fix, decision, note, snooze"):
        validate_draft(draft("bug"))


# --- timestamps -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("value", "text"), [
    (0, "1970-01-01T00:00:00.000000Z"),
    (1, "1970-01-01T00:00:00.000001Z"),
    (-1, "1969-12-31T23:59:59.999999Z"),
    (micros(datetime(2028, 2, 29, 23, 59, 59, 999999, tzinfo=timezone.utc)), "2028-02-29T23:59:59.999999Z"),
    (micros(datetime(2028, 3, 1, tzinfo=timezone.utc)), "2028-03-01T00:00:00.000000Z"),
    (micros(datetime(2000, 2, 29, 12, tzinfo=timezone.utc)), "2000-02-29T12:00:00.000000Z"),
    (micros(datetime(2100, 3, 1, tzinfo=timezone.utc)), "2100-03-01T00:00:00.000000Z"),
    (micros(datetime(2026, 9, 26, 4, 25, 35, tzinfo=timezone.utc)), "2026-09-26T04:25:35.000000Z"),
    (micros(datetime(1, 1, 1, tzinfo=timezone.utc)), "0001-01-01T00:00:00.000000Z"),
    (micros(datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=timezone.utc)), "9999-12-31T23:59:59.999999Z"),
])
def test_known_timestamps(value: int, text: str) -> None:
    assert format_timestamp(value) == text
    assert parse_timestamp(text) == value
    assert TIMESTAMP_RE.match(text)


def test_timestamps_round_trip_and_agree_with_datetime() -> None:
    rng = random.Random(20260926)
    low, high = micros(datetime(1, 1, 1, tzinfo=timezone.utc)), micros(datetime(9999, 12, 31, tzinfo=timezone.utc))
    for _ in range(3000):
        value = rng.randrange(low, high)
        text = format_timestamp(value)
        moment = EPOCH + timedelta(microseconds=value)
        assert text == moment.replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"
        assert parse_timestamp(text) == value


def test_formatted_timestamps_sort_as_text_in_time_order() -> None:
    rng = random.Random(7)
    values = sorted(rng.randrange(0, 10**17) for _ in range(500))
    texts = [format_timestamp(v) for v in values]
    assert texts == sorted(texts)


@pytest.mark.parametrize(("text", "utc"), [
    ("2026-09-26T06:25:35+02:00", "2026-09-26T04:25:35Z"),
    ("2026-09-26T06:25:35+0200", "2026-09-26T04:25:35Z"),
    ("2026-09-25T22:55:35-05:30", "2026-09-26T04:25:35Z"),
    ("2026-09-26T04:25:35+00:00", "2026-09-26T04:25:35Z"),
    ("2026-09-26T04:25:35-00:00", "2026-09-26T04:25:35Z"),
    ("2026-09-26T04:25:35", "2026-09-26T04:25:35Z"),  # no zone: read as UTC
    ("2026-09-26 04:25:35Z", "2026-09-26T04:25:35Z"),
    ("  2026-09-26T04:25:35Z\n", "2026-09-26T04:25:35Z"),
    ("2028-03-01T01:00:00+02:00", "2028-02-29T23:00:00Z"),  # an offset crossing a leap day
    ("2027-01-01T00:30:00+01:00", "2026-12-31T23:30:00Z"),  # ... and a new year
    ("2026-05-12 21:07:46 -0600", "2026-05-13T03:07:46Z"),  # git's own form
    ("2026-09-26T04:25:35z", "2026-09-26T04:25:35Z"),
])
def test_offsets_are_converted_to_utc(text: str, utc: str) -> None:
    assert parse_timestamp(text) == parse_timestamp(utc)


@pytest.mark.parametrize(("text", "fraction"), [
    ("2026-09-26T04:25:35.5Z", 500000),
    ("2026-09-26T04:25:35.000001Z", 1),
    ("2026-09-26T04:25:35.123Z", 123000),
    ("2026-09-26T04:25:35.123456789Z", 123456),  # nanoseconds, as Go and git tools write them: cut
])
def test_fractions_of_a_second(text: str, fraction: int) -> None:
    assert parse_timestamp(text) - parse_timestamp("2026-09-26T04:25:35Z") == fraction


@pytest.mark.parametrize("text", [
    "", "yesterday", "2026-09-26", "26-09-2026T04:25:35Z", "2026-09-26T04:25Z",
    "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2026-01-00T00:00:00Z", "2026-01-32T00:00:00Z",
    "2026-01-01T24:00:00Z", "2026-01-01T00:60:00Z", "2026-09-26T04:25:35.Z", "2026-09-26T04:25:35  Z",
    "2026-09-26T04:25:35 UTC",
])
def test_malformed_timestamps_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_timestamp(text)


@pytest.mark.parametrize("text", [
    "2027-02-29T00:00:00Z",  # 2027 is not a leap year
    "2100-02-29T00:00:00Z",  # nor is 2100
    "2026-02-30T12:00:00Z",
    "2026-04-31T00:00:00Z",
    "2026-11-31T00:00:00Z",
])
def test_days_that_do_not_exist_are_refused(text: str) -> None:
    # ``--now 2027-02-29`` must be an error, not silently 1 March
    with pytest.raises(ValueError):
        parse_timestamp(text)


@pytest.mark.parametrize("stamp", [
    "2026-0\u0660-15T04:25:35.000000Z",  # an Arabic-Indic zero in the month (month "00")
    "2026-01-0\u0665T04:25:35.000000Z",  # and a five in the day
    "2026-01-15T04:5\u0669:35.000000Z",  # a nine among the minutes
    "\u0662\u0660\u0662\u0666-01-15T04:25:35.000000Z",  # the year
    "2026-01-15T04:25:35.000000Z\n",  # a trailing newline
])
def test_a_timestamp_is_ascii_digits_and_nothing_after(stamp: str) -> None:
    """Other scripts' digits sort wrongly as text and a trailing newline is no part of a time:
    refused, as the schema's pattern refuses them."""
    with pytest.raises(ValueError, match="timestamp"):
        parse_line(json.dumps({**GOOD, "timestamp": stamp}))


def test_every_field_of_a_timestamp_is_held_to_its_range() -> None:
    """The one-pass check agrees with the calendar on every month and day of a leap and a common
    year, and on the edges of hours, minutes and seconds."""
    for year in (2024, 2026, 2100, 2000):
        for month in range(0, 14):
            for day in range(0, 33):
                stamp = f"{year:04d}-{month:02d}-{day:02d}T23:59:59.000000Z"
                try:
                    datetime(year, month, day)
                    valid = True
                except ValueError:
                    valid = False
                if valid:
                    assert parse_line(json.dumps({**GOOD, "timestamp": stamp})).timestamp == stamp
                else:
                    with pytest.raises(ValueError, match="not a valid date and time"):
                        parse_line(json.dumps({**GOOD, "timestamp": stamp}))
    for clock, valid in (("24:00:00", False), ("23:60:00", False), ("23:59:60", False), ("00:00:00", True)):
        stamp = f"2026-01-15T{clock}.000000Z"
        if valid:
            parse_line(json.dumps({**GOOD, "timestamp": stamp}))
        else:
            with pytest.raises(ValueError, match="not a valid date and time"):
                parse_line(json.dumps({**GOOD, "timestamp": stamp}))


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.data())
def test_a_canonical_time_is_read_by_position_as_the_general_pattern_reads_it(data: st.DataObject) -> None:
    """``parse_timestamp`` reads the canonical form by position and everything else with the
    general pattern; a leading space sends any text down the pattern's path, which must give
    the same time or the same refusal (other scripts' digits, no such day, a separator moved)."""
    text = list(format_timestamp(data.draw(st.integers(-62135596800 * 10**6, 253402300799 * 10**6 - 1))))
    for _ in range(data.draw(st.integers(0, 2))):  # a character or two changed, anywhere
        text[data.draw(st.integers(0, 26))] = data.draw(st.sampled_from("0159-:TZ. x+_\u0661\u00b2"))
    stamp = "".join(text)
    try:
        expected: int | str = parse_timestamp(" " + stamp)
    except ValueError:
        expected = "refused"
    try:
        got: int | str = parse_timestamp(stamp)
    except ValueError:
        got = "refused"
    assert got == expected, stamp


@settings(max_examples=600, deadline=None, derandomize=True)
@given(st.lists(st.one_of(st.sampled_from(["..", "../a", "/a", "a/..", "..a", ".", "", "a\nb", "a\x00", "a/b"]),
                          st.text(alphabet="a/.\n\x00 b", max_size=6), st.integers(), st.none()), max_size=6))
def test_many_paths_are_passed_at_once_exactly_when_each_would_pass(items: list[object]) -> None:
    """An event's ``paths`` are checked all joined together (it can carry hundreds); that is
    only a shortcut: it passes exactly the lists whose every item is text that passes alone and
    is its own normal form (``a//b`` passes, as ``a/b``, but only when checked alone)."""
    def passes(item: object) -> bool:
        try:
            _check_path(item, "paths")  # type: ignore[arg-type]
        except (ValueError, TypeError):
            return False
        return isinstance(item, str) and repo_path(item) == item

    assert _plain_paths(items) == all(passes(item) for item in items)


# --- the compiled decoder of a whole-log read -----------------------------------------------------

def _verdict(line: str, decode: object = None) -> object:
    """What ``parse_line`` makes of ``line``: the event's data, or the error's type and words."""
    try:
        return parse_line(line, decode).as_dict() if decode else parse_line(line).as_dict()  # type: ignore[arg-type]
    except ValueError as err:
        return type(err).__name__, str(err)


ODD_LINES = [
    json.dumps(GOOD), json.dumps({**GOOD, "extra": {"nested": [1, 2.5, None]}}), '{"id": "x"}}', "", "{", "[]", "42",
    '{"v":1,"id":"evt_00000000000000000001","type":"note","timestamp":"2026-01-01T00:00:00.000000Z","x":NaN}',
    '{"v":1,"id":"evt_00000000000000000001","type":"note","timestamp":"2026-01-01T00:00:00.000000Z","x":1e400}',
    json.dumps({**GOOD, "summary": "\ud800"}), json.dumps({**GOOD, "summary": "a\ud83d\ude00"}),
    '{"v":1,"v":2}', "[" * 100_000, '{"a":"\x01"}', json.dumps({**GOOD, "v": True}), json.dumps({**GOOD, "v": 1.0}),
    json.dumps({**GOOD, "v": 10**30}), json.dumps({**GOOD, "details": 5}), json.dumps({"kind": "note", **GOOD}),
    "\ufeff" + json.dumps(GOOD), json.dumps(GOOD, ensure_ascii=False) + " ",
]


@pytest.mark.parametrize("line", ODD_LINES)
def test_the_compiled_decoder_reads_every_line_as_the_standard_one_does(line: str) -> None:
    """A rebuild decodes with msgspec (``app.memory.whole_log_decoder``): a line it reads
    differently, or refuses in other words, would make a rebuilt index differ from one grown
    event by event, or a damaged line's warning change."""
    from kenning.app.memory import whole_log_decoder

    assert _verdict(line, whole_log_decoder()) == _verdict(line)


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=8),
       st.sampled_from(sorted(GOOD)))
@settings(max_examples=200, deadline=None)
def test_the_compiled_decoder_agrees_on_any_value_in_any_field(value: object, field: str) -> None:
    from kenning.app.memory import whole_log_decoder

    for data in ({**GOOD, field: value}, {**GOOD, "own": value}):
        for ascii_only in (True, False):
            line = json.dumps(data, ensure_ascii=ascii_only)
            assert _verdict(line, whole_log_decoder()) == _verdict(line)


@given(st.sampled_from(sorted(FIELDS)), st.none() | st.booleans() | st.integers() | st.text("ab.", max_size=5)
       | st.lists(st.text("ab.", max_size=3) | st.integers(), max_size=2))
@settings(max_examples=300, deadline=None)
def test_a_field_the_writer_accepts_is_one_the_reader_reads(field: str, value: object) -> None:
    """The writer's check and the reader's hold a known field to one type (``FIELDS``): a draft
    ``validate_draft`` lets through never becomes a line every reader then skips."""
    data = {**draft("decision"), field: value}
    try:
        validate_draft(data)
    except InvalidInput:
        return
    if field in ("v", "id", "timestamp") or (field == "until" and value is not None):
        return  # the write path stamps these itself
    parse_line(serialize(Event({**data, "v": 1, "id": eid(7), "timestamp": T})))
