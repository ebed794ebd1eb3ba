"""The gate's pure rules (``kenning.core.gate.rules``) and the commit classifier (``kenning.core.capture.derive``).

Everything here is a literal: events, git facts, the clock and the settings are values, so each
signal is shown at its threshold and just below it without a disk, a process or a mock.
"""

from __future__ import annotations

import json

import pytest

from kenning.core.capture import derive as capture
from kenning.core.capture import reverts
from kenning.core.events import EVENT_ID_RE, Event, canonical_json, format_timestamp, parse_line, parse_timestamp
from kenning.core.gate import rules as gate
from kenning.core.gate.rules import Commit, FileFacts, Thresholds, evaluate

NOW = parse_timestamp("2030-06-30T12:00:00Z")
DAY = gate.DAY_US
PATH = "src/pay.py"


def at(days: float) -> str:
    return format_timestamp(NOW - int(days * DAY))


def us(days: float) -> int:
    return NOW - int(days * DAY)


_counter = iter(range(1, 10_000))


def ev(kind: str, days: float, summary: str = "", **fields: object) -> Event:
    """An event ``days`` before NOW, located in PATH unless told otherwise."""
    n = next(_counter)
    data: dict[str, object] = {"v": 1, "id": f"evt_{n:020x}", "type": kind, "summary": summary or f"{kind} {n}",
                               "timestamp": at(days), "source": "cli", "location": PATH}
    data.update(fields)
    return Event({k: v for k, v in data.items() if v is not None})


def failed(days: float, summary: str = "", **fields: object) -> Event:
    return ev("attempt", days, summary, **{"outcome": "failed", "issue_id": "k7q2", **fields})


def commit(days: float, subject: str = "tweak", changed: int = 1, reverts: str | None = None,
           renamed_to: str | None = None, sha: str | None = None) -> Commit:
    sha = sha or f"{next(_counter):040x}"
    return Commit(sha, us(days), subject, reverts, changed, renamed_to)


def facts(commits: list[Commit] | None = None, exists: bool = True, lines: int = 10, path: str = PATH) -> FileFacts:
    commits = sorted(commits or [], key=lambda c: c.time_us, reverse=True)  # newest first, as git gives them
    return FileFacts(path, commits, exists, lines)


def judge(events: list[Event], file_facts: FileFacts | None = None, fixed: set[str] | None = None,
          retired: set[str] | None = None, settings: Thresholds | None = None, path: str = PATH) -> gate.FileVerdict:
    settings = settings or Thresholds()
    file_facts = file_facts or facts(path=path)
    memory = gate.FileMemory.of(path, events, fixed or set(), retired or set(), gate.window_start(NOW, settings),
                                gate.stale_before(file_facts, settings))
    return evaluate(path, memory, file_facts, NOW, settings)


def by_kind(verdict: gate.FileVerdict) -> dict[str, gate.GateWarning]:
    kinds = [w.kind for w in verdict.warnings]
    assert len(kinds) == len(set(kinds)), f"one warning per kind, got {kinds}"
    return {w.kind: w for w in verdict.warnings}


# -- failed attempts ------------------------------------------------------------------------------

def test_three_failed_attempts_block():
    events = [failed(9, "retry with a bigger buffer"), failed(6, "lock around flush"), failed(4, "batch writes")]
    v = judge(events)
    w = by_kind(v)["failed_attempts"]
    assert (w.severity, v.severity) == ("block", "block")
    assert w.event_ids == [events[2].id, events[1].id, events[0].id]  # newest first
    assert w.message.startswith("3 failed attempts in the last 30 days")
    assert "lock around flush" in w.message


def test_two_failed_attempts_warn():
    v = judge([failed(9), failed(4)])
    assert by_kind(v)["failed_attempts"].severity == "warn"
    assert v.severity == "warn"


def test_one_failed_attempt_warns_and_reads_singular():
    w = by_kind(judge([failed(1, "only try")]))["failed_attempts"]
    assert w.severity == "warn" and w.message.startswith("1 failed attempt in")


def test_only_the_three_newest_failed_attempts_are_listed():
    events = [failed(d, f"try {d}") for d in (20, 15, 10, 5, 2)]
    w = by_kind(judge(events))["failed_attempts"]
    assert w.severity == "block"
    assert w.message.startswith("5 failed attempts")
    assert w.event_ids == [events[4].id, events[3].id, events[2].id]


def test_failed_attempts_outside_the_window_do_not_count():
    events = [failed(40, "long ago"), failed(31, "last month"), failed(9), failed(4)]
    w = by_kind(judge(events))["failed_attempts"]
    assert w.severity == "warn" and w.message.startswith("2 failed")
    assert events[0].id not in w.event_ids and events[1].id not in w.event_ids


def test_failed_attempt_just_inside_the_window_counts():
    w = by_kind(judge([failed(29.9), failed(20), failed(10)]))["failed_attempts"]
    assert w.severity == "block"


def test_worked_and_partial_attempts_are_not_failures():
    events = [ev("attempt", 3, outcome="worked", issue_id="k7q2"), ev("attempt", 2, outcome="partial", issue_id="k7q2")]
    assert "failed_attempts" not in by_kind(judge(events))


def test_failed_attempts_elsewhere_do_not_count():
    events = [failed(3, location="src/other.py"), failed(2, location="src/other.py"), failed(1)]
    w = by_kind(judge(events))["failed_attempts"]
    assert w.severity == "warn" and w.event_ids == [events[2].id]


def test_failed_attempt_with_line_number_and_paths_list_counts():
    events = [failed(3, location=f"{PATH}:42"), failed(2, location="src/x.py", paths=["src/x.py", PATH]), failed(1)]
    assert by_kind(judge(events))["failed_attempts"].severity == "block"


def test_block_threshold_is_configurable():
    assert by_kind(judge([failed(3), failed(2)], settings=Thresholds(block_failed_attempts=2)))[
        "failed_attempts"].severity == "block"
    four = [failed(d) for d in (4, 3, 2, 1)]
    assert by_kind(judge(four, settings=Thresholds(block_failed_attempts=5)))["failed_attempts"].severity == "warn"


def test_window_is_configurable():
    events = [failed(10), failed(9), failed(8)]
    assert by_kind(judge(events, settings=Thresholds(window_days=7))) == {}
    msg = by_kind(judge([failed(1)], settings=Thresholds(window_days=7)))["failed_attempts"].message
    assert "last 7 days" in msg


# -- churn ----------------------------------------------------------------------------------------

def test_four_commits_in_the_window_are_churn():
    w = by_kind(judge([], facts([commit(d) for d in (20, 15, 10, 5)])))["churn"]
    assert (w.severity, w.event_ids) == ("info", [])
    assert w.message.startswith("4 commits")


def test_three_commits_are_not_churn():
    v = judge([], facts([commit(d) for d in (20, 10, 3)]))
    assert v.warnings == [] and v.severity == "none"


def test_commits_outside_the_window_or_after_now_are_not_churn():
    commits = [commit(60), commit(31), commit(20), commit(10), commit(3), commit(-1)]
    assert "churn" not in by_kind(judge([], facts(commits)))


def test_churn_threshold_is_configurable():
    commits = [commit(d) for d in (20, 10)]
    assert by_kind(judge([], facts(commits), settings=Thresholds(churn_commits=2)))["churn"].severity == "info"
    commits = [commit(d) for d in (20, 15, 10, 5)]
    assert "churn" not in by_kind(judge([], facts(commits), settings=Thresholds(churn_commits=5)))


# -- reverts --------------------------------------------------------------------------------------

def test_revert_in_the_window_warns():
    original = commit(8, "feat: add retry")
    revert = commit(7, 'Revert "feat: add retry"', reverts=original.sha)
    w = by_kind(judge([], facts([original, revert])))["recent_revert"]
    assert w.severity == "warn"
    assert w.event_ids == [gate.derived_id(revert.sha)]
    assert 'Revert "feat: add retry"' in w.message and revert.sha[:10] in w.message


def test_revert_recognized_from_its_subject_alone():
    revert = commit(7, 'Revert "feat: add retry"', reverts="")  # what app.gate.precheck reads from the subject
    assert revert.is_revert
    assert by_kind(judge([], facts([revert])))["recent_revert"].severity == "warn"


def test_revert_outside_the_window_is_silent():
    revert = commit(31, 'Revert "feat: add retry"', reverts="a" * 40)
    assert judge([], facts([revert])).warnings == []


def test_ordinary_commit_is_not_a_revert():
    c = commit(2, "Reverting is hard: docs")
    assert not c.is_revert
    assert judge([], facts([c])).warnings == []


def test_several_reverts_are_counted():
    commits = [commit(9, 'Revert "a"', reverts="1" * 40), commit(5, 'Revert "b"', reverts="2" * 40),
               commit(3, 'Revert "c"', reverts="3" * 40)]
    w = by_kind(judge([], facts(commits)))["recent_revert"]
    assert 'Revert "c"' in w.message and "2 more reverts" in w.message
    assert len(w.event_ids) == 3


# -- open issues ----------------------------------------------------------------------------------

def test_open_issue_warns_at_any_age():
    issue = ev("issue", 400, "webhook drops events", issue_id="k7q2")
    w = by_kind(judge([issue]))["open_issues"]
    assert (w.severity, w.event_ids) == ("warn", [issue.id])
    assert "#k7q2" in w.message and "webhook drops events" in w.message


def test_fixed_issue_is_silent():
    issue = ev("issue", 4, "webhook drops events", issue_id="k7q2")
    assert judge([issue], fixed={"k7q2"}).warnings == []


def test_only_unfixed_issues_are_listed():
    a = ev("issue", 4, "a", issue_id="aaaa")
    b = ev("issue", 3, "b", issue_id="bbbb")
    w = by_kind(judge([a, b], fixed={"aaaa"}))["open_issues"]
    assert w.event_ids == [b.id] and w.message.startswith("1 open issue:")


# -- decisions ------------------------------------------------------------------------------------

def test_standing_decision_in_the_window_is_info():
    old = ev("decision", 20, "use approach A")
    new = ev("decision", 11, "use approach B")
    w = by_kind(judge([old, new]))["recent_decision"]
    assert (w.severity, w.event_ids) == ("info", [new.id])
    assert "use approach B" in w.message


def test_superseded_decision_is_never_reported():
    retired = ev("decision", 12, "use approach A")
    v = judge([retired], retired={retired.id})
    assert v.warnings == []


def test_retired_newest_decision_falls_back_to_the_standing_one():
    standing = ev("decision", 20, "keep the queue")
    retired = ev("decision", 11, "drop the queue")
    w = by_kind(judge([standing, retired], retired={retired.id}))["recent_decision"]
    assert w.event_ids == [standing.id]
    assert all(retired.id not in x.event_ids for x in judge([standing, retired], retired={retired.id}).warnings)


def test_decision_outside_the_window_is_silent():
    assert judge([ev("decision", 31, "old call")]).warnings == []


# -- stale memory ---------------------------------------------------------------------------------

def test_memory_is_stale_when_changed_lines_reach_half_the_file():
    note = ev("note", 10, "parses v1 records")
    v = judge([note], facts([commit(5, changed=30), commit(2, changed=20)], lines=100))
    w = by_kind(v)["stale_memory"]
    assert (w.severity, w.event_ids) == ("info", [note.id])
    assert "changed substantially" in w.message


def test_memory_is_fresh_just_below_half_the_file():
    note = ev("note", 10, "parses v1 records")
    v = judge([note], facts([commit(5, changed=30), commit(2, changed=19)], lines=100))
    assert "stale_memory" not in by_kind(v)


def test_changes_before_the_memory_do_not_make_it_stale():
    note = ev("note", 10, "parses v1 records")
    v = judge([note], facts([commit(20, changed=500), commit(2, changed=10)], lines=100))
    assert "stale_memory" not in by_kind(v)


def test_only_commits_made_after_the_memory_count():
    base = commit(20, changed=100)
    note = ev("note", 15, "parses v1 records", git_commit=base.sha)
    fresh = judge([note], facts([commit(40, changed=500), base, commit(10, changed=49)], lines=100))
    assert "stale_memory" not in by_kind(fresh)
    stale = judge([note], facts([commit(40, changed=500), base, commit(10, changed=50)], lines=100))
    assert by_kind(stale)["stale_memory"].event_ids == [note.id]


def test_stale_ratio_is_configurable():
    note = ev("note", 10, "parses v1 records")
    f = facts([commit(5, changed=50)], lines=100)
    assert "stale_memory" in by_kind(judge([note], f))
    assert "stale_memory" not in by_kind(judge([note], f, settings=Thresholds(stale_ratio=0.8)))
    assert "stale_memory" in by_kind(judge([note], facts([commit(5, changed=20)], lines=100),
                                           settings=Thresholds(stale_ratio=0.2)))


def test_stale_before_is_the_cutoff_where_changes_reach_the_ratio():
    newest, middle, oldest = commit(2, changed=20), commit(5, changed=20), commit(9, changed=20)
    f = facts([oldest, middle, newest], lines=100)
    assert gate.stale_before(f, Thresholds()) == oldest.time_us  # 60 >= 50 only counting back to 9 days ago
    assert gate.stale_before(f, Thresholds(stale_ratio=0.4)) == middle.time_us
    assert gate.stale_before(f, Thresholds(stale_ratio=0.7)) is None
    assert gate.stale_before(facts([], lines=100), Thresholds()) is None
    assert gate.stale_before(facts([], exists=False, lines=0), Thresholds()) is not None


def test_memory_about_a_deleted_file_is_stale():
    note = ev("note", 100, "legacy path")
    w = by_kind(judge([note], facts([commit(2, changed=6)], exists=False, lines=0)))["stale_memory"]
    assert w.event_ids == [note.id] and "deleted" in w.message


def test_memory_about_a_renamed_file_names_the_new_path():
    note = ev("note", 100, "legacy path")
    renamed = commit(2, "move it", changed=0, renamed_to="src/payments/pay.py")
    w = by_kind(judge([note], facts([renamed], exists=False, lines=0)))["stale_memory"]
    assert "renamed to src/payments/pay.py" in w.message


def test_git_derived_and_retired_events_are_never_stale():
    derived = ev("fix", 10, "fix: x", source="git")
    retired = ev("decision", 40, "old call")
    v = judge([derived, retired], facts(exists=False, lines=0), retired={retired.id})
    assert "stale_memory" not in by_kind(v)


def test_quiet_file_has_no_warnings():
    v = judge([ev("note", 3, "nothing to see")], facts([commit(50), commit(2)], lines=40))
    assert v.warnings == [] and v.severity == "none"
    assert v.to_json() == {"path": PATH, "severity": "none", "warnings": []}


# -- severities -----------------------------------------------------------------------------------

def test_worst_orders_severities():
    assert gate.SEVERITIES == ("none", "info", "warn", "block")
    assert gate.worst([]) == "none"
    assert gate.worst(["info"]) == "info"
    assert gate.worst(["info", "warn"]) == "warn"
    assert gate.worst(["warn", "block", "info"]) == "block"
    assert gate.worst(iter(["none", "info"])) == "info"


def everything() -> tuple[list[Event], FileFacts]:
    """Every signal on one file."""
    events = [ev("issue", 60, "hot path drops events", issue_id="k7q2"), ev("note", 50, "buffer is 4 KiB"),
              ev("decision", 12, "hot uses approach B"),
              failed(9, "retry with a bigger buffer"), failed(6, "lock around flush"), failed(4, "batch writes by 10"),
              ev("issue", 40, "parser crashes on empty input", issue_id="m3x9"),
              failed(30, "pin the old parser", issue_id="m3x9"), ev("fix", 25, "guard the empty case", issue_id="m3x9")]
    original = commit(8, "feat: add retry", changed=10)
    commits = [commit(20, changed=40), original, commit(7, 'Revert "feat: add retry"', 10, reverts=original.sha),
               commit(5, changed=40), commit(3, changed=40)]
    return events, facts(commits, lines=60)


def test_a_file_takes_its_worst_warning_and_lists_worst_first():
    events, f = everything()
    v = judge(events, f)
    # worst first; within a severity, in the documented order of kinds
    assert [w.kind for w in v.warnings] == ["failed_attempts", "recent_revert", "open_issues", "failed_before_fix",
                                            "churn", "recent_decision", "stale_memory"]
    assert [w.severity for w in v.warnings] == ["block", "warn", "warn", "info", "info", "info", "info"]
    assert v.severity == "block"


def test_a_report_takes_its_worst_file():
    events, f = everything()
    hot = judge(events, f)
    warm = judge([failed(2, location="src/warm.py")], facts(path="src/warm.py"),
                 path="src/warm.py")
    cold = judge([], facts(path="src/cold.py"), path="src/cold.py")
    assert gate.Verdicts([cold]).severity == "none"
    assert gate.Verdicts([cold, warm]).severity == "warn"
    assert gate.Verdicts([cold, warm, hot]).severity == "block"
    assert gate.Verdicts([]).severity == "none"


def test_report_json_has_exactly_the_documented_shape():
    events, f = everything()
    report = gate.Verdicts([judge(events, f), judge([], facts(path="src/cold.py"), path="src/cold.py")])
    data = json.loads(json.dumps(report.to_json()))
    assert set(data) == {"severity", "files"}
    assert data["severity"] == "block"
    for entry in data["files"]:
        assert set(entry) == {"path", "severity", "warnings"}
        assert entry["severity"] in gate.SEVERITIES
        for w in entry["warnings"]:
            assert set(w) == {"kind", "severity", "message", "event_ids", "snoozed_until"}
            assert w["kind"] in gate.KINDS and w["severity"] in ("info", "warn", "block")
            assert isinstance(w["message"], str) and w["message"]
            assert isinstance(w["event_ids"], list) and all(isinstance(i, str) for i in w["event_ids"])
            assert w["snoozed_until"] is None
    assert data["files"][1] == {"path": "src/cold.py", "severity": "none", "warnings": []}
    assert {w["kind"] for w in data["files"][0]["warnings"]} == set(gate.KINDS)


# -- snoozes --------------------------------------------------------------------------------------

def snooze(days: float, until_days: float, paths: list[str] | None = None) -> Event:
    """A snooze recorded ``days`` ago, running until ``until_days`` ago (negative: in the future)."""
    return ev("snooze", days, "snoozed", location=None, paths=paths or [PATH], until=at(until_days), reason="known")


def snoozed_verdict(events: list[Event], snoozes: list[Event], f: FileFacts | None = None) -> gate.FileVerdict:
    v = judge(events, f)
    gate.apply_snoozes(v, snoozes, {e.id: e for e in events}, NOW)
    return v


def test_active_snooze_marks_warnings_and_drops_the_severity():
    events, f = everything()
    s = snooze(1, -1)
    v = snoozed_verdict(events, [s], f)
    assert v.warnings and all(w.snoozed_until == s.get("until") for w in v.warnings)
    assert v.severity == "none"
    assert gate.Verdicts([v]).severity == "none"
    data = v.to_json()
    assert all(w["snoozed_until"] == s.get("until") for w in data["warnings"])
    assert {w["severity"] for w in data["warnings"]} == {"block", "warn", "info"}  # still reported as they are


def test_expired_snooze_does_nothing():
    events, f = everything()
    v = snoozed_verdict(events, [snooze(3, 1)], f)
    assert all(w.snoozed_until is None for w in v.warnings)
    assert v.severity == "block"


def test_snooze_of_another_file_does_nothing():
    v = snoozed_verdict([failed(3), failed(2), failed(1)], [snooze(0.5, -2, paths=["src/other.py"])])
    assert v.severity == "block"


def test_newer_evidence_rearms_a_snoozed_warning():
    issue = ev("issue", 20, "flaky flush", issue_id="k7q2")
    before = [failed(5), failed(4)]
    s = snooze(3, -4)
    after = failed(2, "yet another try")
    v = snoozed_verdict([issue, *before, after], [s])
    w = by_kind(v)
    assert w["failed_attempts"].snoozed_until is None and w["failed_attempts"].severity == "block"
    assert w["open_issues"].snoozed_until == s.get("until")
    assert v.severity == "block"
    quiet = snoozed_verdict([issue, *before], [s])
    assert quiet.severity == "none"


def test_the_longest_covering_snooze_wins():
    short, long_ = snooze(1, -1), snooze(1, -5)
    v = snoozed_verdict([failed(3)], [short, long_])
    assert v.warnings[0].snoozed_until == long_.get("until")


@pytest.mark.parametrize(("text", "back_us"), [("30m", 30 * 60 * 1_000_000), ("2h", DAY // 12), ("90d", 90 * DAY),
                                              ("6mo", 180 * DAY), ("1y", 365 * DAY)])
def test_since_reads_a_duration_back_from_now(text, back_us):
    assert gate.parse_since(text, NOW) == NOW - back_us


def test_since_reads_a_date_or_a_time():
    assert gate.parse_since("2030-06-01", NOW) == parse_timestamp("2030-06-01T00:00:00Z")
    assert gate.parse_since("2030-06-01T08:00:00Z", NOW) == parse_timestamp("2030-06-01T08:00:00Z")


@pytest.mark.parametrize(("text", "said"), [("6x", "not a duration"), ("101y", "at most 100y"),
                                            ("yesterday", "not a start of history"), ("2030-13-01", "not a start")])
def test_since_refuses_anything_else_naming_the_units(text, said):
    with pytest.raises(ValueError, match=said) as refused:
        gate.parse_since(text, NOW)
    assert "\n" not in str(refused.value) and ("mo (months" in str(refused.value) or "100y" in said)


# -- text output ----------------------------------------------------------------------------------

def busy_report() -> tuple[gate.Verdicts, list[Event]]:
    """A file with every signal and more evidence than fits, and a quiet file."""
    events = [ev("issue", 60 - i, f"issue number {i}", issue_id=f"i{i:03d}") for i in range(5)]
    attempts = [failed(d, f"approach tried {d} days ago") for d in (9, 6, 4, 2, 1)]
    events += attempts + [ev("decision", 12, "hot uses approach B"), ev("note", 50, "buffer is 4 KiB")]
    original = commit(8, "feat: add retry", changed=10)
    commits = [commit(20, changed=40), original, commit(7, 'Revert "feat: add retry"', reverts=original.sha),
               commit(5, changed=40), commit(3, changed=40)]
    report = gate.Verdicts([judge(events, facts(commits, lines=60)),
                          judge([], facts(path="src/cold.py"), path="src/cold.py")])
    return report, attempts


def blocks(text: str) -> dict[str, list[str]]:
    """The text output cut into one block per file (a header line, then indented lines)."""
    out: dict[str, list[str]] = {}
    current = ""
    for line in text.splitlines():
        if not line.startswith(" "):
            current = line.split(":", 1)[0]
        out.setdefault(current, []).append(line)
    return out


def test_text_output_lists_newest_evidence_first_with_ages_and_ids():
    report, attempts = busy_report()
    found = blocks(gate.render_text(report, NOW))
    assert found["src/cold.py"] == ["src/cold.py: ok (no warnings)"]
    hot = found[PATH]
    assert hot[0].startswith(f"{PATH}: BLOCK")
    i1 = next(i for i, ln in enumerate(hot) if "approach tried 1 days ago" in ln)
    i2 = next(i for i, ln in enumerate(hot) if "approach tried 2 days ago" in ln)
    i4 = next(i for i, ln in enumerate(hot) if "approach tried 4 days ago" in ln)
    assert i1 < i2 < i4
    assert "1d ago" in hot[i1] and f"[{attempts[4].id}]" in hot[i1]
    assert "2d ago" in hot[i2] and f"[{attempts[3].id}]" in hot[i2]
    assert "4d ago" in hot[i4] and f"[{attempts[2].id}]" in hot[i4]
    assert not any("approach tried 6 days ago" in ln and "failed" in ln for ln in hot), "three failures listed"


@pytest.mark.parametrize("budget", [12, 4])
def test_text_block_per_file_stays_within_the_line_budget(budget):
    """`--lines N` (default 12) promises "at most this many lines per file": the header counts."""
    report, _ = busy_report()
    hot = blocks(gate.render_text(report, NOW, max_lines=budget))[PATH]
    assert len(hot) <= budget, f"{len(hot)} lines for one file with a budget of {budget}:\n" + "\n".join(hot)


def test_text_output_says_where_to_read_what_was_cut():
    events = [ev("issue", 30 + i, f"issue {i}", issue_id=f"q{i:03d}") for i in range(3)]
    events += [failed(d, f"try {d}") for d in (5, 4, 3)]
    hot = blocks(gate.render_text(gate.Verdicts([judge(events)]), NOW, max_lines=3))[PATH]
    assert "more lines" in hot[-1] and f"ken precheck {PATH} --json" in hot[-1]
    assert "try 3" in "\n".join(hot), "the newest evidence survives the cut"


def test_text_output_marks_snoozed_warnings():
    events = [failed(3, "lock around flush")]
    s = snooze(1, -1)
    v = snoozed_verdict(events, [s])
    text = gate.render_text(gate.Verdicts([v]), NOW)
    assert "all snoozed" in text and f"snoozed until {s.get('until')}" in text


@pytest.mark.parametrize(("delta", "label"), [(5 * 60 * 1_000_000, "5m ago"), (90 * 60 * 1_000_000, "1h ago"),
                                              (3 * DAY + 5, "3d ago")])
def test_ages(delta, label):
    assert gate.age(NOW - delta, NOW) == label


def test_evaluate_is_pure_and_deterministic():
    events, f = everything()
    first = json.dumps(gate.Verdicts([judge(events, f)]).to_json(), sort_keys=True)
    second = json.dumps(gate.Verdicts([judge(list(reversed(events)), f)]).to_json(), sort_keys=True)
    assert first == second


# -- capture: commit classification and derivation ------------------------------------------------

SHA = "3f2a9c1e4b5d6f708192a3b4c5d6e7f8091a2b3c"
REVERTED = "9e8d7c6b5a493827160f1e2d3c4b5a6978685746"


@pytest.mark.parametrize(("subject", "body", "kind"), [
    ('Revert "feat: add retry"', f"This reverts commit {REVERTED}.", "attempt"),
    ('Revert "feat: add retry"', "", "attempt"),
    ("Undo the retry", f"This reverts commit {REVERTED}.", "attempt"),
    ("fix: handle empty payload", "", "fix"),
    ("fix(parser): handle empty payload", "", "fix"),
    ("Fix crash on empty input", "", "fix"),
    ("hotfix: stop the bleeding", "", "fix"),
    ("feat: faster parser", "", "note"),
    ("feat(api): pagination", "", "note"),
    ("refactor: split the store", "", "decision"),
    ("perf: cache the regex", "", "decision"),
    ("feat!: drop Python 3.9", "", "decision"),
    ("feat(api)!: v2 routes", "", "decision"),
    ("feat: new config format", "BREAKING CHANGE: the old keys are gone", "decision"),
    ("chore: bump deps", "", None),
    ("docs: explain the gate", "", None),
    ("Merge branch 'feature' into main", "", None),
    ("Merge pull request #12 from a/b", "", None),
    ("Fixture for the parser tests", "", None),
    ("fixup! feat: faster parser", "", None),
    ("initial", "", None),
])
def test_classify(subject, body, kind):
    assert capture.classify(subject, body) == kind


def test_derived_id_comes_from_the_sha():
    assert gate.derived_id(SHA) == "evt_" + SHA[:20]
    assert EVENT_ID_RE.match(gate.derived_id(SHA))


def test_derive_a_revert_names_the_reverted_change():
    patch = "diff --git a/src/retry.py b/src/retry.py\n+def retry():\n+    pass\n" + "+x = 1\n" * 2000
    d = capture.derive(SHA, 1_900_000_000, "dev@example.invalid", 'Revert "feat: add retry"',
                       f"This reverts commit {REVERTED}.", [("src/retry.py", 30), ("src/a.py", 5)], patch,
                       [capture.Change(REVERTED, "feat: add retry")])
    assert d is not None
    assert d["id"] == "evt_" + SHA[:20]
    assert (d["type"], d["outcome"], d["source"]) == ("attempt", "failed", "git")
    assert d["summary"] == f"Reverted {REVERTED[:10]}: feat: add retry"
    assert "feat: add retry" in d["details"] and REVERTED in d["details"] and d["reverts"] == [REVERTED]
    assert "def retry():" in d["details"]
    assert len(d["details"]) < len(patch) and len(d["details"]) <= capture.REVERT_PATCH_CHARS + 200
    assert d["commit"] == d["git_commit"] == SHA
    assert d["actor"] == "git:dev@example.invalid"
    assert d["timestamp"] == format_timestamp(1_900_000_000 * 1_000_000)
    assert d["paths"] == ["src/retry.py", "src/a.py"] and d["location"] == "src/retry.py", "busiest file first"
    assert d["touched"] == ["src/retry.py", "src/a.py"]
    event = parse_line(canonical_json(d))
    assert event.cites("src/retry.py") and event.cites("src/a.py")


def test_a_revert_keeps_the_deleted_lines_of_every_file_it_was_about_however_long_the_first():
    """The gate compares a proposed change with the lines the revert deleted from that very file:
    a long first file must not crowd the others out of the excerpt memory keeps."""
    from kenning.core.gate.similarity import removed_lines

    def section(path: str, lines: list[str]) -> str:
        return f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -1 +1 @@\n" + "".join(lines)

    patch = (section("src/big.py", [f"-big_{n} = compute({n})\n" for n in range(2000)])
             + section("src/small.py", [f"-small_{n} = {n}\n" for n in range(300)])
             + section("docs/notes.md", ["-a note\n"]))
    d = capture.derive(SHA, 1_900_000_000, "", 'Revert "feat: add big"', f"This reverts commit {REVERTED}.",
                       [("src/big.py", 2000), ("src/small.py", 300), ("docs/notes.md", 1)], patch,
                       [capture.Change(REVERTED, "feat: add big")])
    assert d is not None and d["paths"][:2] == ["src/big.py", "src/small.py"]
    kept = removed_lines(d["details"])
    assert kept["src/small.py"].startswith("small_0 = 0") and kept["src/big.py"].startswith("big_0 = compute(0)")
    assert len(d["details"]) <= capture.REVERT_PATCH_CHARS + 200


def test_derive_a_revert_without_the_patch_still_names_it():
    d = capture.derive(SHA, 1_900_000_000, "", 'Revert "feat: add retry"', "", [("a.py", 1)], None)
    assert d is not None and d["summary"] == 'Reverted "feat: add retry"' and d["actor"] == "git"
    assert "feat: add retry" in d["details"]


@pytest.mark.parametrize(("subject", "body", "kind"), [
    ("fix: handle empty payload", "the parser saw b''", "fix"),
    ("refactor: split the store", "", "decision"),
    ("feat: faster parser", "", "note"),
    ("feat!: drop py39", "", "decision"),
])
def test_derive_other_kinds(subject, body, kind):
    d = capture.derive(SHA, 1_900_000_000, "dev@example.invalid", subject, body, [("src/a.py", 3)])
    assert d is not None
    assert (d["type"], d["summary"], d["source"], d["id"]) == (kind, subject, "git", "evt_" + SHA[:20])
    assert "outcome" not in d
    assert d.get("details") == (body or None)
    assert parse_line(canonical_json(d)).type == kind


def test_derive_skips_other_commits():
    assert capture.derive(SHA, 1_900_000_000, "a@b", "chore: bump", "", [("a.py", 1)]) is None
    assert capture.derive(SHA, 1_900_000_000, "a@b", "Merge branch 'x'", "", [("a.py", 1)]) is None


def test_derive_is_deterministic():
    args = (SHA, 1_900_000_000, "dev@example.invalid", 'Revert "feat: add retry"', f"This reverts commit {REVERTED}.")
    first = capture.derive(*args, [("b.py", 1), ("a.py", 2), ("b.py", 1)], "+x\n")
    second = capture.derive(*args, [("a.py", 2), ("b.py", 2)], "+x\n")
    assert first == second
    assert canonical_json(first) == canonical_json(capture.derive(*args, [("b.py", 2), ("a.py", 2)], "+x\n"))


def test_derive_keeps_every_path():
    d = capture.derive(SHA, 1_900_000_000, "a@b", "feat: many", "", [(f"f{i:03d}.py", 1) for i in range(200)])
    assert d is not None and len(d["paths"]) == 200


def test_reverted_sha_from_the_body():
    assert reverts.read('Revert "x"', f"This reverts commit {REVERTED}.").shas == [REVERTED]
    assert reverts.read("nothing here", "nothing here").shas == []


# -- failed attempts on a fixed issue inform, they do not block ---------------------------------------

FIX_SHA = "5b6c7d8e9f0a1b2c3d4e5f60718293a4b5c6d7e8"


def fixed_issue(fix_days: float = 1, **fix: object) -> list[Event]:
    """Three failed attempts on #k7q2 (a block on their own), then its fix ``fix_days`` ago."""
    return [ev("issue", 10, "flush loses events", issue_id="k7q2"), failed(5, "retry the flush"),
            failed(4, "lock around flush"), failed(3, "batch writes"),
            ev("fix", fix_days, "flush before close", issue_id="k7q2", git_commit=FIX_SHA, **fix)]


def test_a_fixed_issues_failed_attempts_inform_and_name_the_fix():
    v = judge(fixed_issue(), fixed={"k7q2"})
    assert v.severity == "info"
    w = by_kind(v)["failed_before_fix"]
    assert w.severity == "info"
    assert "3 failed attempts on an issue fixed since (#k7q2 by flush before close (commit 5b6c7d8e9f))" in w.message
    text = gate.render_text(gate.Verdicts([v]), NOW)
    assert "fixed   " in text and "#k7q2 fixed by: flush before close (commit 5b6c7d8e9f)" in text
    assert "failed_attempts" not in by_kind(v)


def test_failed_attempts_on_an_open_issue_of_the_same_file_still_block():
    others = [ev("issue", 9, "slow start", issue_id="m3x9"),
              *(failed(d, f"cache {d}", issue_id="m3x9") for d in (2.5, 2, 1.5))]
    v = judge([*fixed_issue(), *others], fixed={"k7q2"})
    w = by_kind(v)
    assert v.severity == "block"
    assert w["failed_attempts"].severity == "block" and w["failed_attempts"].message.startswith("3 failed attempts")
    assert w["failed_before_fix"].severity == "info"


def test_a_failure_after_the_fix_reopens_the_issue_and_its_attempts_block_again():
    after = failed(0.5, "the fix did not hold")
    v = judge([*fixed_issue(), after], fixed={"k7q2"})
    assert v.severity == "block"
    assert "failed_before_fix" not in by_kind(v)


def test_a_reverted_fix_does_not_count_as_fixed():
    revert = ev("attempt", 0.5, f"Reverted fix {FIX_SHA[:10]}: flush before close", outcome="failed",
                source="git", reverts=[FIX_SHA], commit="a" * 40, issue_id=None)
    v = judge([*fixed_issue(), revert], fixed={"k7q2"})
    assert by_kind(v)["failed_attempts"].severity == "block"
    assert "failed_before_fix" not in by_kind(v)
    # the fix named by its own commit (an imported one, abbreviated) is matched the same way
    v = judge([*fixed_issue(commit=FIX_SHA[:8]), revert], fixed={"k7q2"})
    assert "failed_before_fix" not in by_kind(v)


def test_a_fix_recorded_after_the_clock_settles_nothing():
    events = fixed_issue(fix_days=-1)  # a day after NOW
    memory = gate.FileMemory.of(PATH, events, set(), set(), gate.window_start(NOW, Thresholds()), None, now_us=NOW)
    v = evaluate(PATH, memory, facts(), NOW, Thresholds())
    assert v.severity == "block"


def test_the_pure_gate_ignores_a_forgotten_failed_attempt() -> None:
    """``FileMemory.of`` given a forgetting note leaves the attempt it names out (``ken forget``)."""
    def attempt(n: int) -> Event:
        return Event({"v": 1, "id": f"evt_{n:020x}", "type": "attempt", "outcome": "failed", "source": "cli",
                       "summary": f"try {n}", "location": "src/a.py", "timestamp": "2030-01-01T00:00:00.000000Z"})

    tries = [attempt(1), attempt(2)]
    note = Event({"v": 1, "id": f"evt_{9:020x}", "type": "note", "source": "cli", "summary": "forgot",
                   "forgets": tries[0].id, "timestamp": "2030-01-02T00:00:00.000000Z"})
    now = 1_900_000_000_000_000
    assert gate.FileMemory.of("src/a.py", tries, set(), set(), 0, None, now_us=now).failed_count == 2
    found = gate.FileMemory.of("src/a.py", [*tries, note], set(), set(), 0, None, now_us=now)
    assert [e.id for e in found.failed] == [tries[1].id]
