"""The duplicate and contradiction rules (``core.duplicates``): places, words, repeats, and the
decisions that stand on the same code."""

from __future__ import annotations

import pytest

from kenning.core.duplicates import (
    contradictions,
    duplicated,
    place,
    repeated,
    repeats,
    same_code,
    same_place,
    similar,
)

from .duplicate_corpus import DIFFERENT, HELD_OUT_DIFFERENT, HELD_OUT_REPEATS, REPEATS


def memory(summary: str, kind: str = "note", location: str | None = "src/x.py", **more: str) -> dict[str, str]:
    found = {"id": more.pop("id", "evt_" + "0" * 20), "type": kind, "summary": summary, **more}
    if location:
        found["location"] = location
    return found


# -- places --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("location", "shown"), [
    ("src/x.py", "src/x.py"), ("src/x.py:40", "src/x.py:40"), ("src/x.py:40-52", "src/x.py:40-52"),
    ("src/x.py:52-40", "src/x.py:40-52"), ("a:b.py", "a:b.py"), ("src/x.py:4-4", "src/x.py:4"),
])
def test_a_location_is_read_as_a_path_and_its_lines(location: str, shown: str) -> None:
    found = place(location)
    assert found is not None and found.shown() == shown


def test_no_location_is_no_place() -> None:
    assert place(None) is None and place("") is None


@pytest.mark.parametrize(("a", "b", "same"), [
    ("src/x.py", "src/x.py", True),
    ("src/x.py:40-52", "src/x.py:50-60", True),   # overlapping ranges
    ("src/x.py:40-52", "src/x.py:52", True),      # touching on one line
    ("src/x.py:40-52", "src/x.py:53-60", False),  # next to each other, not overlapping
    ("src/x.py:40", "src/x.py", True),            # lines on one side only: the same file
    ("src/x.py:40", "src/y.py:40", False),
    (None, None, True),                            # both about the project as a whole
    ("src/x.py", None, False),
])
def test_a_repeat_is_about_the_same_place(a: str | None, b: str | None, same: bool) -> None:
    assert same_place(memory("x", location=a), memory("x", location=b)) is same


def test_the_place_includes_the_issue_named() -> None:
    assert same_place(memory("x", issue_id="k7q2"), memory("x", issue_id="k7q2"))
    assert not same_place(memory("x", issue_id="k7q2"), memory("x", issue_id="m3n4"))
    assert not same_place(memory("x", issue_id="k7q2"), memory("x"))


@pytest.mark.parametrize(("a", "b", "same"), [
    ("src/x.py:40-52", "src/x.py:45", True),
    ("src/x.py", "src/x.py", True),
    ("src/x.py:40-52", "src/x.py", False),  # a whole file and a few of its lines may well agree
    ("src/x.py:40-52", "src/x.py:60-70", False),
    (None, None, False),                     # a decision without a location is about no code
])
def test_decisions_contradict_on_the_same_code(a: str | None, b: str | None, same: bool) -> None:
    assert same_code(place(a), place(b)) is same


# -- words: the hand-written corpus ----------------------------------------------------------------


def caught(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(a, b) for a, b in pairs if similar(a, b) and similar(b, a)]


def test_no_pair_that_says_something_else_is_taken_for_a_repeat() -> None:
    assert caught(DIFFERENT) == []
    assert caught(HELD_OUT_DIFFERENT) == []


def test_near_copies_are_taken_for_repeats() -> None:
    missed = [pair for pair in REPEATS if pair not in caught(REPEATS)]
    # the two misses are paraphrases light stemming cannot see: "weekly" / "every week",
    # "breaks" / "broke"; a copy written then costs a line, a write refused wrongly costs a retry
    assert len(missed) <= 2, missed
    held_out = [pair for pair in HELD_OUT_REPEATS if pair not in caught(HELD_OUT_REPEATS)]
    assert len(held_out) <= 1, held_out  # "made" / "makes"


@pytest.mark.parametrize(("a", "b"), [
    ("retry with backoff failed", "retry without backoff failed"),
    ("Set the timeout to 30s", "Set the timeout to 60s"),
    ("Enable the cache", "Disable the cache"),
    ("Lock in save_user", "Lock in load_user"),
    ("Store sessions in Redis for speed", "Store sessions in Memcached for speed"),
    ("Workers read the queue in order", "Workers read the queue out of order"),
    ("writer 1 note 2", "writer 2 note 1"),  # the same numbers and names, in another order
    ("here", "still here"),  # filler words alone: then every word counts
])
def test_what_turns_a_sentence_around_keeps_two_memories_apart(a: str, b: str) -> None:
    assert not similar(a, b)


# -- repeats ---------------------------------------------------------------------------------------


def test_a_repeat_is_the_same_type_place_and_words() -> None:
    old = memory("Retry with backoff failed", "note", "src/x.py:40")
    assert repeats(memory("retrying with backoff fails", "note", "src/x.py:40-44"), old)
    assert not repeats(memory("retrying with backoff fails", "decision", "src/x.py:40"), old)
    assert not repeats(memory("retrying with backoff fails", "note", "src/y.py:40"), old)
    assert not repeats(memory("retrying without backoff fails", "note", "src/x.py:40"), old)


def test_an_attempt_that_went_another_way_is_no_repeat() -> None:
    failed = memory("Deduplicated on the event id", "attempt", None, issue_id="k7q2", outcome="failed")
    assert repeats(dict(failed), failed)
    assert not repeats({**failed, "outcome": "worked"}, failed)
    assert not repeats({**failed, "issue_id": "m3n4"}, failed)


def test_repeated_names_the_first_standing_memory_repeated() -> None:
    standing = [memory("Use Postgres for sessions", id="evt_" + "1" * 20),
                memory("Use Postgres for idempotency keys", id="evt_" + "2" * 20)]
    found = repeated(memory("use Postgres for the idempotency keys"), standing)
    assert found is not None and found["id"] == "evt_" + "2" * 20
    assert repeated(memory("use MySQL for the idempotency keys"), standing) is None


def test_duplicated_pairs_each_copy_with_the_memory_it_repeats() -> None:
    events = [memory("Retry with backoff failed", id="evt_a"), memory("Cache keys include the tenant", id="evt_b"),
              memory("retrying with backoff fails", id="evt_c"), memory("Retry with backoff failed", id="evt_d"),
              memory("Retry with backoff failed", location="src/y.py", id="evt_e")]
    assert duplicated(events) == [("evt_c", "evt_a"), ("evt_d", "evt_c")]
    issues = [memory("Charges are duplicated", "issue", id="evt_f", issue_id="k7q2"),
              memory("charges are duplicated", "issue", id="evt_g", issue_id="m3n4")]
    assert duplicated(issues) == [("evt_g", "evt_f")]  # two issue ids, one problem


# -- contradictions --------------------------------------------------------------------------------


def decision(ident: str, location: str | None, when: str) -> dict[str, str]:
    return memory("a decision", "decision", location, id=ident, timestamp=when)


def test_two_decisions_on_overlapping_lines_contradict() -> None:
    found = contradictions([decision("evt_b", "src/x.py:45-52", "2"), decision("evt_a", "src/x.py:40-46", "1"),
                            decision("evt_c", "src/x.py:60", "3"), decision("evt_d", "src/y.py:40", "4")])
    assert [c.line() for c in found] == ["evt_a and evt_b both stand on src/x.py:40-52; supersede one"]


def test_decisions_about_a_whole_file_contradict_and_a_chain_of_overlaps_is_one_group() -> None:
    found = contradictions([decision("evt_a", "src/x.py", "1"), decision("evt_b", "src/x.py", "2"),
                            decision("evt_c", "src/x.py:1-5", "3"), decision("evt_d", "src/x.py:5-9", "4"),
                            decision("evt_e", "src/x.py:9-12", "5"), decision("evt_f", None, "6"),
                            decision("evt_g", None, "7")])
    assert [c.line() for c in found] == [
        "evt_a and evt_b both stand on src/x.py; supersede one",
        "evt_c, evt_d and evt_e all stand on src/x.py:1-12; supersede all but one"]


def test_the_order_decisions_come_in_does_not_change_what_is_said() -> None:
    given = [decision("evt_a", "src/x.py:1-5", "1"), decision("evt_b", "src/x.py:3", "2"),
             decision("evt_c", "src/a.py", "3"), decision("evt_d", "src/a.py", "4")]
    assert [c.line() for c in contradictions(given)] == [c.line() for c in contradictions(reversed(given))]
