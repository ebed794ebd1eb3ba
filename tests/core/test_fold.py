"""The fold: each rule of ``kenning.core.fold``, and the property everything else rests on:
the state is a function of the *set* of events, whether folded at once or applied one by one
in any order (what the cache does after a write or a union merge)."""

from __future__ import annotations

import itertools
import random

import pytest

from kenning.core import fold as fold_module
from kenning.core.events import Event
from kenning.core.fold import ATTEMPTS_KEPT, ITEM_CHARS, TABLES, TOP_KEPT, State, fold, remembered, unique
from kenning.core.views import summary

from .event_logs import at, eid, event, random_log


def ids(items: object) -> list[str]:
    return [item["id"] for item in items]  # type: ignore[attr-defined]


def open_issue_ids(state: State) -> list[str]:
    return [item["issue_id"] for item in state.open_items()]


def done_issue_ids(state: State) -> list[str]:
    return [item["issue_id"] for item in state.done_items()]


def applied(events: list[Event], bounded: bool = True) -> State:
    """Events applied one by one in the given order, as the cache does with a log's new tail."""
    state = State(bounded)
    for ev in events:
        state.apply(ev)
    return state


def rendered(state: State, bounded: bool = True) -> str:
    return summary.render(state, "proj", "purpose", summary.DEFAULT_BUDGET if bounded else None)


# --- issues and fixes -----------------------------------------------------------------------------

def test_an_issue_without_a_fix_is_open_and_a_fix_makes_it_done() -> None:
    issue = event(1, "issue", "Webhook retries create duplicate charges", issue_id="k7q2")
    state = fold([issue])
    assert open_issue_ids(state) == ["k7q2"]
    assert done_issue_ids(state) == []
    state = fold([issue, event(2, "fix", "Write the key before charging", issue_id="k7q2")])
    assert open_issue_ids(state) == []
    assert done_issue_ids(state) == ["k7q2"]
    assert state.fixes.get("k7q2")["summary"] == "Write the key before charging"


def test_a_fix_for_another_issue_closes_nothing() -> None:
    state = fold([event(1, "issue", issue_id="aaaa"), event(2, "fix", issue_id="bbbb")])
    assert open_issue_ids(state) == ["aaaa"]
    assert done_issue_ids(state) == []


def test_a_fix_older_than_its_issue_still_makes_it_done() -> None:
    # a clock skewed between two clones: the fix carries the earlier timestamp
    events = [event(5, "issue", issue_id="k7q2"), event(1, "fix", issue_id="k7q2")]
    for state in (fold(events), fold(events, bounded=False), applied(events), applied(events[::-1])):
        assert open_issue_ids(state) == []
        assert done_issue_ids(state) == ["k7q2"]


def test_a_fix_applied_before_its_issue_still_makes_it_done() -> None:
    state = applied([event(2, "fix", issue_id="k7q2"), event(1, "issue", issue_id="k7q2")])
    assert open_issue_ids(state) == []
    assert done_issue_ids(state) == ["k7q2"]


def test_issues_are_listed_newest_first() -> None:
    events = [event(n, "issue", issue_id=f"i{n:03d}") for n in (3, 1, 4, 2)]
    events += [event(n + 10, "fix", issue_id=f"i{n:03d}") for n in (1, 3)]
    events += [event(n + 20, "issue", issue_id=f"o{n:03d}") for n in (2, 1)]
    state = fold(events)
    assert open_issue_ids(state) == ["o002", "o001", "i004", "i002"]
    assert done_issue_ids(state) == ["i003", "i001"]  # by when the issue was opened


def test_the_latest_fix_is_the_one_shown() -> None:
    events = [event(1, "issue", issue_id="k7q2"), event(2, "fix", "first fix", issue_id="k7q2"),
              event(3, "fix", "second fix", issue_id="k7q2")]
    for order in itertools.permutations(events):
        assert applied(list(order)).fixes.get("k7q2")["summary"] == "second fix"
    assert "fixed: second fix" in rendered(fold(events))
    assert "first fix" not in rendered(fold(events))


def test_two_issues_sharing_an_id_the_earliest_stands() -> None:
    events = [event(1, "issue", "the first", issue_id="k7q2"), event(2, "issue", "a collision", issue_id="k7q2")]
    for order in (events, events[::-1]):
        state = applied(order)
        assert [item["summary"] for item in state.open_items()] == ["the first"]
        state = applied([*order, event(3, "fix", issue_id="k7q2")])
        assert [item["summary"] for item in state.done_items()] == ["the first"]


def test_a_colliding_issue_id_stays_with_the_earliest_issue_past_the_kept_window() -> None:
    # The earliest "xxxx" issue is done and older than the TOP_KEPT newer done issues, so the
    # bounded state keeps it out of its window. A second issue reusing "xxxx" (two branches
    # picked the same random id) must not take its place in "Recently done", and folding from
    # scratch must agree with the cache applying the same events in another order.
    events = [event(0, "issue", "the first xxxx", issue_id="xxxx"), event(1, "fix", issue_id="xxxx")]
    for n in range(TOP_KEPT + 1):
        events += [event(10 + 2 * n, "issue", issue_id=f"a{n:03d}"), event(11 + 2 * n, "fix", issue_id=f"a{n:03d}")]
    events.append(event(10_000, "issue", "a later issue that reused xxxx", issue_id="xxxx"))
    scratch = fold(events)
    assert "reused xxxx" not in rendered(scratch)
    assert rendered(applied(events[::-1])) == rendered(scratch)


# --- attempts -------------------------------------------------------------------------------------

def attempt_log() -> list[Event]:
    events = [event(1, "issue", issue_id="k7q2")]
    outcomes = ["failed", "worked", "partial", "failed", "worked", "failed", "partial"]
    events += [event(10 + n, "attempt", f"attempt {n}", issue_id="k7q2", outcome=o) for n, o in enumerate(outcomes)]
    return events


def test_an_issue_keeps_its_newest_failed_or_partial_attempts_and_counts_them_all() -> None:
    state = fold(attempt_log())
    shown = [(a["summary"], a["outcome"]) for a in state.attempts.get("k7q2")]
    assert shown == [("attempt 6", "partial"), ("attempt 5", "failed"), ("attempt 3", "failed"),
                     ("attempt 2", "partial"), ("attempt 0", "failed")]
    assert state.tried("k7q2") == {"failed": 3, "partial": 2}
    many = [event(1, "issue", issue_id="k7q2")]
    many += [event(10 + n, "attempt", issue_id="k7q2", outcome="failed") for n in range(ATTEMPTS_KEPT + 5)]
    for state in (fold(many), applied(many[::-1])):
        assert len(state.attempts.get("k7q2")) == ATTEMPTS_KEPT
        assert state.tried("k7q2") == {"failed": ATTEMPTS_KEPT + 5}


def test_unbounded_fold_keeps_every_failed_or_partial_attempt_but_no_worked_one() -> None:
    kept = [a["summary"] for a in fold(attempt_log(), bounded=False).attempts.get("k7q2")]
    assert sorted(kept) == ["attempt 0", "attempt 2", "attempt 3", "attempt 5", "attempt 6"]


def test_worked_attempts_are_never_listed() -> None:
    events = [event(1, "issue", issue_id="k7q2"), event(2, "attempt", "it worked", issue_id="k7q2", outcome="worked")]
    for bounded in (True, False):
        state = fold(events, bounded=bounded)
        assert not state.attempts.get("k7q2")
        assert "it worked" not in rendered(state, bounded)


def test_attempts_stay_with_their_issue_once_it_is_done() -> None:
    events = [*attempt_log(), event(50, "fix", "the fix", issue_id="k7q2")]
    text = rendered(fold(events))
    assert ("- #k7q2 issue 1\n  - fixed: the fix\n"
            "  - partial: attempt 6\n  - failed: attempt 5\n  - failed: attempt 3\n") in text


def test_attempts_in_any_order_give_the_same_three() -> None:
    events = attempt_log()
    rng = random.Random(3)
    expected = fold(events).attempts.get("k7q2")
    for _ in range(20):
        rng.shuffle(events)
        assert applied(events).attempts.get("k7q2") == expected


# --- decisions ------------------------------------------------------------------------------------

def standing(state: State) -> list[str]:
    return ids(state.standing_decisions())


def test_a_decision_stands_until_another_supersedes_it() -> None:
    first = event(1, "decision", "Store idempotency keys in Redis")
    assert standing(fold([first])) == [eid(1)]
    second = event(2, "decision", "Enforce idempotency in Postgres", supersedes=eid(1))
    state = fold([first, second])
    assert standing(state) == [eid(2)]
    assert state.retired.get(eid(1)) is not None


def test_a_chain_of_reversals_resolves_to_its_last_decision_in_any_order() -> None:
    chain = [event(1, "decision", "A"), event(2, "decision", "B", supersedes=eid(1)),
             event(3, "decision", "C", supersedes=eid(2))]
    for order in itertools.permutations(chain):
        for bounded in (True, False):
            assert standing(applied(list(order), bounded)) == [eid(3)]
    assert standing(fold(chain)) == [eid(3)]


def test_two_decisions_superseding_the_same_one_both_stand() -> None:
    events = [event(1, "decision", "A"), event(2, "decision", "B", supersedes=eid(1)),
              event(3, "decision", "C", supersedes=eid(1))]
    for order in itertools.permutations(events):
        assert standing(applied(list(order))) == [eid(3), eid(2)]


def test_a_supersedes_older_than_its_target_still_retires_it() -> None:
    # the reversing decision carries the earlier timestamp (clock skew across clones)
    events = [event(9, "decision", "target"), event(1, "decision", "reversal", supersedes=eid(9))]
    assert standing(fold(events)) == [eid(1)]
    assert standing(applied(events)) == [eid(1)]


def test_superseding_an_unknown_id_retires_nothing_visible() -> None:
    events = [event(1, "decision", "keep me"), event(2, "decision", "reversal", supersedes=eid(99))]
    assert standing(fold(events)) == [eid(2), eid(1)]


def test_decisions_are_listed_newest_first() -> None:
    events = [event(n, "decision") for n in (2, 5, 1, 4)]
    assert standing(fold(events)) == [eid(5), eid(4), eid(2), eid(1)]


# --- lessons and notes ----------------------------------------------------------------------------

def test_notes_and_decisions_marked_lesson_are_lessons() -> None:
    events = [event(1, "note", "plain note"), event(2, "note", "note lesson", lesson=True),
              event(3, "decision", "decision lesson", lesson=True), event(4, "decision", "plain decision")]
    state = fold(events)
    assert ids(state.lesson_items()) == [eid(3), eid(2)]
    assert state.lesson_total() == 2
    assert ids(state.note_items()) == [eid(1)]
    assert state.note_count == 1
    assert eid(2) not in ids(state.note_items())
    text = rendered(state)
    assert text.count("decision lesson") == 1  # shown once, under Lessons
    assert f"- [{eid(3)}] decision lesson" in text
    assert f"- [{eid(4)}] plain decision" in text


def test_a_superseded_lesson_is_no_longer_a_lesson() -> None:
    events = [event(1, "decision", "old rule", lesson=True), event(2, "decision", "new rule", supersedes=eid(1))]
    for order in (events, events[::-1]):
        state = applied(order)
        assert ids(state.lesson_items()) == []
        assert state.lesson_total() == 0
        assert standing(state) == [eid(2)]


def test_the_most_recent_notes_are_kept_and_all_are_counted() -> None:
    rng = random.Random(11)
    numbers = list(range(1, TOP_KEPT + 16))
    rng.shuffle(numbers)
    events = [event(n, "note") for n in numbers]
    state = applied(events)
    assert ids(state.note_items()) == [eid(n) for n in range(TOP_KEPT + 15, 15, -1)]
    assert state.note_count == TOP_KEPT + 15
    full = fold(events, bounded=False)
    assert ids(full.note_items()) == [eid(n) for n in range(TOP_KEPT + 15, 0, -1)]


def test_lessons_are_listed_newest_first_across_notes_and_decisions() -> None:
    events = [event(n, "decision" if n % 2 else "note", lesson=True) for n in (6, 1, 4, 3, 2, 5)]
    assert ids(fold(events).lesson_items()) == [eid(n) for n in (6, 5, 4, 3, 2, 1)]


# --- events derived from git that name no issue ---------------------------------------------------

def test_git_events_without_an_issue_go_to_the_history_apart_from_the_notes() -> None:
    events = [
        event(1, "fix", "fix: retry the upload", source="git", commit="a1b2c3d"),
        event(2, "attempt", "Revert: cache the token", source="git", outcome="failed"),
        event(3, "attempt", "half of it", source="git", outcome="partial"),
        event(4, "note", "a plain note"),
        event(5, "note", "feat: upload in parts", source="git"),
    ]
    state = fold(events)
    assert ids(state.note_items()) == [eid(4)] and state.note_count == 1
    assert ids(state.history_items()) == [eid(5), eid(3), eid(2), eid(1)] and state.history_count == 4
    assert open_issue_ids(state) == [] and done_issue_ids(state) == []
    assert ids(state.failure_items()) == [eid(3), eid(2)] and state.failure_count == state.failures_from_git == 2
    text = rendered(state)
    # no label where the summary says what it is; an attempt by its outcome; a revert shown once,
    # among the failures, ahead of everything
    assert "## Failed attempts and reverts (2)\n- partial: half of it\n- Revert: cache the token\n\n" \
        "## Notes (1)\n- a plain note\n\n## From git history (2)\n- feat: upload in parts\n" \
        "- fix: retry the upload\n" in text


def test_a_busy_history_never_pushes_a_note_out() -> None:
    events = [event(1, "note", "the one note")]
    events += [event(n, "fix", f"Fix bug {n}", source="git") for n in range(2, 40)]
    state = fold(events)
    assert ids(state.note_items()) == [eid(1)]
    assert len(state.history_items()) == 38 and state.history_count == 38
    assert "## Notes (1)\n- the one note\n" in rendered(state)


def test_a_worked_attempt_without_an_issue_is_not_listed() -> None:
    state = fold([event(1, "attempt", "went fine", source="git", outcome="worked")])
    assert state.note_count == 0 and state.history_count == 0
    assert "went fine" not in rendered(state)


# --- key files ------------------------------------------------------------------------------------

def test_key_files_most_cited_first_ties_by_path() -> None:
    cites = ["src/b.py:1", "src/b.py:2", "src/b.py", "src/a.py:9", "src/c.py", "src/c.py:3", "src/z.py",
             "docs/x.md"]
    events = [event(n, "note", location=loc) for n, loc in enumerate(cites, start=1)]
    events.append(event(100, "note"))  # no location: cites nothing
    assert fold(events).top_files() == [("src/b.py", 3), ("src/c.py", 2), ("docs/x.md", 1), ("src/a.py", 1),
                                        ("src/z.py", 1)]


def test_every_known_type_cites_its_file() -> None:
    events = [event(1, "issue", issue_id="k7q2", location="a.py"), event(2, "attempt", issue_id="k7q2",
              outcome="worked", location="a.py"), event(3, "fix", issue_id="k7q2", location="a.py:4"),
              event(4, "decision", location="a.py"), event(5, "note", location="a.py")]
    assert fold(events).top_files() == [("a.py", 5)]


def test_at_most_twenty_key_files() -> None:
    events = [event(n, "note", location=f"src/f{n:02d}.py") for n in range(30)]
    top = fold(events).top_files()
    assert len(top) == 20
    assert top[0] == ("src/f00.py", 1) and top[-1] == ("src/f19.py", 1)


# --- unknown types and duplicates -----------------------------------------------------------------

def test_unknown_types_are_counted_and_shown_nowhere() -> None:
    known = [event(1, "issue", issue_id="k7q2"), event(2, "note", "a note")]
    unknown = [event(3, "review", "looks good", issue_id="k7q2"), event(4, "incident", "pager", lesson=True)]
    state = fold(known + unknown)
    assert state.unknown == 2
    assert rendered(state) == rendered(fold(known))
    assert rendered(fold(known + unknown, bounded=False), False) == rendered(fold(known, bounded=False), False)


def test_an_unknown_type_cites_no_key_file() -> None:
    # "events of an unknown type are counted and otherwise ignored" (fold.py, docs/format.md)
    known = [event(1, "note", "a note", location="src/a.py")]
    state = fold([*known, event(2, "review", "looks good", location="src/b.py")])
    assert state.unknown == 1
    assert state.top_files() == [("src/a.py", 1)]
    assert rendered(state) == rendered(fold(known))


def test_snoozes_are_neither_unknown_nor_shown() -> None:
    snooze = event(2, "snooze", "snoozed the gate", paths=["src/a.py"], until=at(99), reason="busy")
    state = fold([event(1, "note", "a note"), snooze])
    assert state.unknown == 0
    assert "snoozed" not in rendered(state)


def test_duplicate_ids_are_folded_once() -> None:
    note = event(1, "note", "once", location="src/a.py")
    fix = event(2, "fix", issue_id="k7q2")
    state = fold([note, fix, note, note, fix, event(3, "issue", issue_id="k7q2")])
    assert state.note_count == 1
    assert ids(state.note_items()) == [eid(1)]
    assert state.top_files() == [("src/a.py", 1)]
    assert state.done_ids.size() == 1


def test_of_two_copies_of_an_id_the_earliest_wins() -> None:
    early = event(1, "note", "the original")
    late = event(1, "note", "a later copy", timestamp=at(50))
    assert unique([late, early]) == [early]
    for order in ([early, late], [late, early]):
        assert [item["summary"] for item in fold(order).note_items()] == ["the original"]


def test_two_differing_copies_of_an_id_fold_the_same_whatever_the_line_order() -> None:
    # A hand edit on one branch, then a union merge: both lines share id and timestamp. Two
    # clones holding the lines in different orders must still render the same summary.
    original = event(1, "note", "the original")
    edited = event(1, "note", "edited on a branch")
    assert rendered(fold([original, edited])) == rendered(fold([edited, original]))


# --- texts as the state keeps them ----------------------------------------------------------------

def test_bounded_state_keeps_short_one_line_texts_unbounded_keeps_them_whole() -> None:
    long_text = "first line\n" + "word " * 200
    bounded_item = fold([event(1, "note", long_text)]).note_items()[0]
    assert len(bounded_item["summary"]) == ITEM_CHARS
    assert bounded_item["summary"].startswith("first line / word word") and bounded_item["summary"].endswith("…")
    assert fold([event(1, "note", long_text)], bounded=False).note_items()[0]["summary"] == long_text


# --- the fold is a function of the set of events --------------------------------------------------

LOGS = [(1, 40, 6), (2, 300, 30), (3, 300, 300), (4, 1200, 80), (5, 1800, 3000), (6, 60, 2)]


@pytest.mark.parametrize(("seed", "size", "pool"), LOGS)
@pytest.mark.parametrize("bounded", [True, False])
def test_any_permutation_folds_to_the_same_summary(seed: int, size: int, pool: int, bounded: bool) -> None:
    log = random_log(seed, size, pool)
    expected = rendered(fold(log, bounded=bounded), bounded)
    rng = random.Random(seed * 1000 + 1)
    for _ in range(3):
        rng.shuffle(log)
        assert rendered(fold(log, bounded=bounded), bounded) == expected


@pytest.mark.parametrize(("seed", "size", "pool"), LOGS)
@pytest.mark.parametrize("bounded", [True, False])
def test_applying_events_one_by_one_in_any_order_matches_the_fold(seed: int, size: int, pool: int,
                                                                  bounded: bool) -> None:
    log = random_log(seed, size, pool)
    expected = rendered(fold(log, bounded=bounded), bounded)
    rng = random.Random(seed * 1000 + 2)
    for _ in range(3):
        rng.shuffle(log)
        once = list({ev.id: ev for ev in log}.values())  # the cache's index drops repeated ids
        assert rendered(applied(once, bounded), bounded) == expected


def whole(state: State) -> tuple[object, ...]:
    """Everything a state holds: its short lists and counts, and each table's rows."""
    return state.short_fields(), {name: getattr(state, name).rows for name in TABLES}


@pytest.mark.parametrize(("seed", "size", "pool"), LOGS)
@pytest.mark.parametrize(("kept", "walk"), [(5, 10**6), (5, 40), (TOP_KEPT, 10**6)])
def test_a_fold_from_scratch_holds_what_applying_one_by_one_holds(seed: int, size: int, pool: int, kept: int,
                                                                  walk: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """``apply_all`` makes no item of the notes, history, failures and lessons that newer ones
    push out of their top lists; whatever the lists keep and however far back it looks for
    where they cut, the state is the one applying each event in turn gives."""
    monkeypatch.setattr(fold_module, "TOP_KEPT", kept)
    monkeypatch.setattr(fold_module, "CUTOFF_WALK", walk)
    log = remembered(random_log(seed, size, pool))
    at_once = State()
    at_once.apply_all(log)
    assert whole(at_once) == whole(applied(log))
    assert at_once.note_count > kept or kept == TOP_KEPT or size < 100  # the lists overflowed: the cut was used


def test_an_old_tail_applied_after_a_newer_state_matches_the_fold() -> None:
    # a union merge brings in a branch's events, older than what the cache already folded
    log = list({ev.id: ev for ev in random_log(7, 900, 250)}.values())
    log.sort(key=lambda ev: ev.sort_key)
    branch = log[::3]
    ours = [ev for ev in log if ev not in branch]
    assert rendered(applied(ours + branch)) == rendered(fold(log))


def test_random_logs_exercise_every_rule() -> None:
    # guards the two tests above against a generator that stopped producing the hard cases
    log = random_log(5, 1800, 3000)
    state = fold(log)
    assert state.open_issues.size() > 0 and state.done_ids.size() > TOP_KEPT
    assert state.retired.size() > 0 and state.decisions.size() > 0 and state.unknown > 0
    assert state.lesson_total() > 0 and state.note_count > 10
    assert len(log) > len(unique(log))
    assert any(ev.source == "git" and ev.type in ("fix", "attempt") and not ev.issue_id for ev in log)
    assert len({ev.timestamp for ev in log}) < len(unique(log))  # some events share a timestamp
    issues = [ev.issue_id for ev in unique(random_log(4, 1200, 80)) if ev.type == "issue"]
    assert len(set(issues)) < len(issues)  # some issue ids collide


def _event(n: int, kind: str, **fields: object) -> Event:
    return Event({"v": 1, "id": f"evt_{n:020x}", "type": kind, "source": "cli", "summary": f"{kind} {n}",
                  "timestamp": f"2030-01-01T00:00:{n:02d}.000000Z", **fields})


def test_a_forgotten_event_is_left_out_of_the_fold_wherever_its_note_is() -> None:
    """A note's ``forgets`` removes the event it names from the fold, before or after it in time;
    the forgetting note is no note to list, and a note forgetting a forgetting note undoes nothing."""
    attempt = _event(1, "attempt", outcome="failed", location="src/a.py", summary="wrong capture")
    decision = _event(2, "decision", summary="use retries")
    forget_attempt = _event(3, "note", forgets=attempt.id, summary="forgot attempt: wrong")
    forget_early = _event(0, "note", forgets=decision.id, summary="forgot decision")
    undo = _event(4, "note", forgets=forget_attempt.id, summary="forgot the forgetting")
    state = fold([attempt, decision, forget_attempt, forget_early, undo])
    assert state.failure_items() == [] and list(state.standing_decisions()) == []
    assert state.note_items() == [] and state.top_files() == []
    assert [e.id for e in remembered([undo, attempt, forget_attempt])] == [forget_attempt.id, undo.id]
    kept = fold([attempt, decision])
    assert [i["id"] for i in kept.failure_items()] == [attempt.id]  # not vacuous: without the notes, both stand
