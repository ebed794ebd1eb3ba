"""A memory's cited code as the views say it, given the statuses as data: a few words after its
place, verified memories first and gone ones last within a list, counted back from the clock the
view renders at; with no status given the views are as they were."""

from __future__ import annotations

from typing import Any

from kenning.core.events import parse_timestamp
from kenning.core.fold import fold
from kenning.core.views import coded
from kenning.core.views.summary import cited_ids, render

from .event_logs import eid, event

NOW = parse_timestamp("2030-06-30T12:00:00Z")
CITATION = {"path": "src/pay.py", "start": 8, "end": 10, "commit": "0" * 40, "lines": ["0" * 8] * 3}
CHANGED = {"status": "changed", "cited": {"path": "src/pay.py", "start": 8, "end": 10},
           "changed_in": {"commit": "1a2b3c4d5e6f", "at": "2030-06-27T09:00:00Z"}}
GONE = {"status": "gone", "cited": {"path": "src/old.py", "start": 1, "end": 4},
        "changed_in": {"commit": "9f8e7d6c5b4a", "at": "2029-01-02T00:00:00Z"}}
VERIFIED = {"status": "verified", "path": "src/pay.py", "start": 12, "end": 14, "cited": {}}
MOVED = {"status": "moved", "path": "src/refund.py", "start": 3, "end": 5, "cited": {}}


def test_the_words_say_which_commit_and_how_long_ago_by_the_given_clock() -> None:
    assert coded.note(CHANGED, NOW) == "code changed in 1a2b3c4, 3 days ago: check before relying on it"
    assert coded.note(GONE, NOW) == "code gone in 9f8e7d6, 18 months ago: not current, do not rely on it"
    assert coded.note({**CHANGED, "changed_in": {"uncommitted": True}}, NOW) == \
        "code changed (uncommitted): check before relying on it"
    assert coded.note(VERIFIED, NOW) == "" and coded.note(None, NOW) == ""
    assert coded.note(MOVED, NOW) == "code moved to src/refund.py:3-5"
    assert [coded.ago("2030-06-30T00:00:00Z", NOW), coded.ago("2030-06-29T12:00:00Z", NOW),
            coded.ago("2030-03-01T12:00:00Z", NOW), coded.ago("2027-06-30T12:00:00Z", NOW)] == [
        "today", "1 day ago", "4 months ago", "3 years ago"]


def cited(n: int, summary: str, **fields: Any) -> Any:
    return event(n, "decision", summary, location=f"src/pay.py:{n}", citation=CITATION, **fields)


def test_the_summary_puts_verified_first_gone_last_and_says_so() -> None:
    events = [cited(1, "gone one"), cited(2, "changed one"), event(3, "decision", "plain one"),
              cited(4, "verified one"), cited(5, "moved one")]
    state = fold(events)
    assert cited_ids(state) == sorted([eid(1), eid(2), eid(4), eid(5)])
    codes = {eid(1): GONE, eid(2): CHANGED, eid(4): VERIFIED, eid(5): MOVED}
    text = render(state, "p", "purpose", codes=codes, now=NOW)
    decisions = [line for line in text.split("## Standing decisions")[1].split("\n\n")[0].splitlines()
                 if line.startswith("- ")]
    assert [line.split("] ")[1].split(" (")[0] for line in decisions] == [
        "moved one", "verified one", "plain one", "changed one", "gone one"]
    assert decisions[0].endswith("(src/pay.py:5; code moved to src/refund.py:3-5)")
    assert decisions[1].endswith("(src/pay.py:4)")
    assert decisions[3].endswith("(src/pay.py:2; code changed in 1a2b3c4, 3 days ago: check before relying on it)")
    assert "gone one (src/pay.py:1; code gone in 9f8e7d6," in decisions[4]
    assert render(state, "p", "purpose", codes=codes, now=NOW) == text


def test_without_statuses_the_summary_is_as_it_was() -> None:
    events = [cited(1, "gone one"), event(2, "decision", "plain one"), cited(3, "third")]
    state = fold(events)
    before = render(state, "p", "purpose")
    assert render(state, "p", "purpose", codes={}, now=NOW) == before
    assert "code " not in before
    order = [line.split("] ")[1].split(" (")[0] for line in before.splitlines() if line.startswith("- [")]
    assert order == ["third", "plain one", "gone one"]  # newest first, as always


def test_the_gate_names_the_memories_whose_code_changed_newest_first() -> None:
    from kenning.core.gate.cited import code_changed

    events = [cited(1, "gone one"), cited(2, "changed one"), cited(4, "verified one")]
    codes = {eid(1): GONE, eid(2): CHANGED, eid(4): VERIFIED}
    warning = code_changed(events, codes, NOW)
    assert warning is not None and (warning.kind, warning.severity) == ("code_changed", "info")
    assert warning.event_ids == [eid(2), eid(1)]
    assert warning.message.startswith("the code cited by 2 memories about this file changed since written")
    assert [(e.label, e.text) for e in warning.evidence] == [
        ("changed", "code changed in 1a2b3c4, 3 days ago: changed one"),
        ("gone", "code gone in 9f8e7d6, 18 months ago: gone one")]
    assert code_changed(events, {eid(4): VERIFIED}, NOW) is None
