"""The gate's selection, implemented twice, must agree: ``gate.FileMemory.of`` (pure, over a list
of events: the reference) and the bounded SQL path of ``kenning.app.gate.precheck._file_memory`` (the
index's queries: ``failed_attempts``, ``failed_count``, ``open_issues_at``,
``standing_decision``, ``memories_before``; and ``judge``'s snoozes, ``snoozes_running`` less
those ``snoozes_ended`` by an unsnooze, with ``gate.deciding_snoozes``).

Random logs are written into a real project (real ``git init`` and commit, real ``ken init``),
the index is built the real way (``open_memory``), from scratch and incrementally (half the log,
then the rest appended), and for every file of a small pool the two selections, and the final
verdicts of ``judge`` and of the pure rules, are compared at a fixed clock.

The reference knows memory "as of now", as the rules say (docs/precheck.md: nothing recorded
after the clock is visible to any signal): an issue is fixed when a fix naming it is at or
before now; a decision is retired when a decision superseding it is at or before now; a snooze
counts when it was recorded at or before now.

Timestamps in ``(now, now + CLOCK_SLACK_US]`` are never generated: the index deliberately treats
writes stamped a few microseconds after a frozen clock as "now" (``app.gate.precheck.CLOCK_SLACK_US``),
which the pure reference does not model.

Two disagreements these properties found are pinned by tests at the end: a decision retired
only by a decision recorded after now is still a memory at now, and a snooze recorded after now
silences nothing.
"""

from __future__ import annotations

import gc
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import event as label
from hypothesis import strategies as st

from event_strategies import add_forgetting, link_supersedes, type_fields  # tests/ is on sys.path (its conftest.py)
from kenning.app.gate import precheck as app_gate
from kenning.app.memory import Memory
from kenning.app.project import Project
from kenning.app.recall import open_memory
from kenning.core.events import Event, canonical_json, format_timestamp, parse_line, parse_timestamp, serialize
from kenning.core.fold import fold, remembered, unique
from kenning.core.gate import rules as gate
from kenning.core.views import summary
from kenning.store.cache import Cache
from machine import KEN, isolate_this_process, run_git, write_file

NOW_TEXT = "2030-06-30T12:00:00.000000Z"
NOW = parse_timestamp(NOW_TEXT)
DAY = gate.DAY_US
SLACK = app_gate.CLOCK_SLACK_US
LIMIT = app_gate.EVIDENCE_LIMIT

# the working files of the repository; "gone/old.py" is never there (deleted or renamed: every
# memory about it is stale), "docs/other.md" is cited but never judged
FILES = {"src/pay.py": "".join(f"line {n}\n" for n in range(10)), "src/api.py": "a\nb\nc",
         "lib/util.py": "x = 1\n" * 40}
POOL = ("src/pay.py", "src/api.py", "lib/util.py", "gone/old.py")
CITED = (*POOL, "docs/other.md")
ISSUES = ("k7q2", "m3x9", "p4w8")
KINDS = ("issue", "issue", "attempt", "attempt", "attempt", "attempt", "fix", "fix", "decision", "decision", "note",
         "snooze", "snooze")

SETTINGS = settings(max_examples=60, deadline=None, database=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                           HealthCheck.data_too_large])


# -- generated logs ---------------------------------------------------------------------------------

def _outside_slack(offset: int) -> int:
    return offset + SLACK if 0 < offset <= SLACK else offset


# offsets from NOW in µs: the windows' edges (7, 30 and 365 days, each ±1 µs), now itself, just
# past the slack, and anything from 400 days before to 30 days after
EDGES = [0, -1, SLACK + 1, DAY, 30 * DAY, *(-w * DAY + d for w in (7, 30, 365) for d in (-1, 0, 1))]
OFFSETS = st.one_of(st.sampled_from(EDGES), st.integers(-400 * DAY, 30 * DAY).map(_outside_slack))
IDS = st.integers(0, 2**80 - 1).map(lambda n: f"evt_{n:020x}")


def stamp(offset: int) -> str:
    return format_timestamp(NOW + offset)


@st.composite
def logs(draw: st.DrawFn, max_size: int = 24) -> list[dict[str, Any]]:
    """Schema-v1 events as dicts: colliding paths, shared issue ids, timestamps that tie and
    cross the clock, decisions superseding earlier, later, unknown or their own ids, notes
    forgetting any event (``ken forget``), and duplicate ids (exact copies and differing copies)."""
    times = draw(st.lists(OFFSETS, min_size=1, max_size=6))
    when = st.one_of(st.sampled_from(times), OFFSETS)
    size = draw(st.integers(0, max_size))
    found: list[dict[str, Any]] = []
    supersede: list[tuple[dict[str, Any], int]] = []
    for n in range(size):
        if found and draw(st.integers(0, 9)) == 0:  # a duplicate id
            copy = dict(draw(st.sampled_from(found)))
            if draw(st.booleans()):  # a differing copy: another time or another place
                copy["timestamp"] = stamp(draw(when))
                copy["summary"] = f"{copy['summary']} (edited)"
            found.append(copy)
            continue
        kind = draw(st.sampled_from(KINDS))
        data: dict[str, Any] = {"v": 1, "id": draw(IDS), "type": kind, "source": "cli",
                                "summary": f"{kind} {n}", "timestamp": stamp(draw(when))}
        if kind == "snooze":
            data["paths"] = draw(st.lists(st.sampled_from(POOL), min_size=1, max_size=3, unique=True))
            data["until"] = stamp(draw(OFFSETS))
            data["reason"] = "known"
            if draw(st.integers(0, 2)) == 0:  # an unsnooze: it ends the snoozes before it on its paths
                data["unsnooze"] = True
                data["until"] = data["timestamp"] if draw(st.booleans()) else data["until"]
            if draw(st.integers(0, 3)) == 0:
                data["location"] = draw(st.sampled_from(POOL))
        else:
            if draw(st.integers(0, 4)) > 0:
                path = draw(st.sampled_from(CITED))
                line = draw(st.one_of(st.none(), st.integers(1, 300)))
                data["location"] = path if line is None else f"{path}:{line}"
            if draw(st.integers(0, 3)) == 0:
                data["paths"] = draw(st.lists(st.sampled_from(CITED), max_size=3))
        if kind in ("issue", "attempt", "fix"):
            data["issue_id"] = draw(st.sampled_from(ISSUES))
        type_fields(draw, data, supersede)
        found.append(data)
    link_supersedes(draw, found, supersede, IDS)
    add_forgetting(draw, found, IDS, when.map(stamp))
    return found


FACTS = st.tuples(st.booleans(), st.integers(0, 30),
                  st.lists(st.tuples(OFFSETS, st.integers(0, 20)), max_size=4))
CONFIGS = st.sampled_from([(30.0, 365.0), (30.0, 30.0), (7.0, 30.0), (7.0, 365.0)])


def file_facts(path: str, drawn: tuple[bool, int, list[tuple[int, int]]]) -> gate.FileFacts:
    exists, lines, commits = drawn
    made = [gate.Commit(f"{n:040x}", NOW + offset, f"tweak {n}", None, changed)
            for n, (offset, changed) in enumerate(commits)]
    made.sort(key=lambda c: c.time_us, reverse=True)  # newest first, as git lists them
    return gate.FileFacts(path, made, exists, lines)


# -- the project ----------------------------------------------------------------------------------

@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Project:
    """One real repository per test: the files committed long before any event (no git signal
    reaches the window), then ``ken init``. KEN_HOME, HOME and git config live in ``tmp_path``."""
    env = isolate_this_process(monkeypatch, tmp_path, KEN_NOW=NOW_TEXT)
    root = tmp_path / "repo"
    root.mkdir()
    for rel, text in FILES.items():
        write_file(root, rel, text)
    run_git(["init", "-q"], root, env)
    run_git(["add", "-A"], root, env)
    old = "@978307200 +0000"  # 2001-01-01
    run_git(["commit", "-q", "-m", "initial"], root, {**env, "GIT_AUTHOR_DATE": old, "GIT_COMMITTER_DATE": old})
    assert KEN
    done = subprocess.run([KEN, "init", "--no-hooks", "--no-register"], cwd=root, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return Project(root)


def lines_of(events: list[dict[str, Any]]) -> bytes:
    return "".join(canonical_json(e) + "\n" for e in events).encode()


def reopen(project: Project) -> tuple[Memory, bool]:
    """Open memory the real way (no capture); True when the index was folded from scratch."""
    cleared: list[str | None] = []
    original = Cache.clear

    def spy(self: Cache, origin: str | None = None) -> None:
        cleared.append(origin)
        original(self, origin)

    with mock.patch.object(Cache, "clear", spy):
        memory = open_memory(project, capture=False)
    assert gc.isenabled(), "a rebuild pauses the garbage collector while it reads the log, then resumes it"
    if memory.warnings:
        memory.close()
        raise AssertionError(memory.warnings)
    return memory, None in cleared


# -- the two sides ----------------------------------------------------------------------------------

def as_of_now(events: list[Event], now_us: int) -> tuple[set[str], set[str]]:
    """(fixed issue ids, retired decision ids) as memory knew them at ``now_us``."""
    fixed = {e.issue_id for e in events if e.type == "fix" and e.issue_id and gate.event_time(e) <= now_us}
    retired = {e.supersedes for e in events
               if e.type == "decision" and e.supersedes and gate.event_time(e) <= now_us}
    return fixed, retired


def reference(path: str, events: list[Event], facts: gate.FileFacts, config: gate.Thresholds) -> gate.FileMemory:
    """``FileMemory.of`` with memory as of now."""
    fixed, retired = as_of_now(events, NOW)
    return gate.FileMemory.of(path, events, fixed, retired, gate.window_start(NOW, config),
                              gate.stale_before(facts, config), limit=LIMIT, now_us=NOW,
                              failures_since=gate.failures_start(NOW, config), facts=facts, settings=config)


def indexed(memory: Memory, path: str, facts: gate.FileFacts, config: gate.Thresholds) -> gate.FileMemory:
    opened, until = gate.failures_start(NOW, config), format_timestamp(NOW + SLACK)
    reverts = memory.events(memory.cache.failed_attempts(path, format_timestamp(opened), until,
                                                         app_gate.REVERTS_JUDGED, origin="git")[1])
    return app_gate._file_memory(memory, path, gate.window_start(NOW, config), opened, NOW, facts, reverts, config)


def shape(found: gate.FileMemory) -> dict[str, Any]:
    """Every field of a FileMemory, events as their canonical lines (which copy of an id too)."""
    def lines(events: list[Event]) -> list[str]:
        return [serialize(e) for e in events]

    return {"failed": lines(found.failed[:gate.FAILED_SHOWN]), "failed_count": found.failed_count,
            "recent_failed": found.recent_failed, "open_issues": lines(found.open_issues),
            "open_count": found.open_count, "decision": None if found.decision is None else serialize(found.decision),
            "stale": lines(found.stale), "stale_count": found.stale_count, "live_reverts": sorted(found.live_reverts),
            "settled": lines(found.settled), "settled_count": found.settled_count,
            "fixes": {iid: serialize(e) for iid, e in sorted(found.fixes.items())}}


def working_facts(project: Project, path: str) -> gate.FileFacts:
    """What git and the working tree say about a pool file: no commit in reach, so only whether
    it exists (and its line count) matters."""
    target = project.root / path
    if not target.exists():
        return gate.FileFacts(path, [], False, 0)
    data = target.read_bytes()
    return gate.FileFacts(path, [], True, data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0))


def pure_report(project: Project, events: list[Event], config: gate.Thresholds,
                paths: tuple[str, ...] = POOL) -> gate.Verdicts:
    """The pure rules' report: every snooze recorded by now, whichever it names."""
    snoozes = [e for e in events if e.type == "snooze" and gate.event_time(e) <= NOW]
    by_id = {e.id: e for e in events}
    verdicts = []
    for path in paths:
        facts = working_facts(project, path)
        verdict = gate.evaluate(path, reference(path, events, facts, config), facts, NOW, config)
        gate.apply_snoozes(verdict, snoozes, by_id, NOW)
        verdicts.append(verdict)
    return gate.Verdicts(verdicts)


def check(memory: Memory, project: Project, raw: list[dict[str, Any]],
          facts_drawn: list[tuple[bool, int, list[tuple[int, int]]]], windows: tuple[float, float]) -> None:
    """Both selections for every pool file, then the whole verdict, then the summary state."""
    events = remembered(parse_line(canonical_json(e)) for e in raw)
    assert memory.cache.count() == len(events)
    config = gate.Thresholds(window_days=windows[0], failure_days=windows[1])
    for path, drawn in zip(POOL, facts_drawn, strict=True):
        for facts in (file_facts(path, drawn), working_facts(project, path)):
            for settings_ in (config, gate.Thresholds()):
                want = shape(reference(path, events, facts, settings_))
                got = shape(indexed(memory, path, facts, settings_))
                assert got == want, f"{path}: the index (got) and FileMemory.of (want) disagree"
                for field in ("failed", "open_issues", "decision", "stale", "settled"):
                    if got[field]:
                        label(f"a {field} selection is not empty")
    config = app_gate.settings(project)
    notices: list[str] = []
    report = app_gate.judge(memory, list(POOL), NOW, notices)
    assert notices == []
    expected = pure_report(project, events, config)
    assert report.to_json() == expected.to_json()
    for verdict in report.files:
        for warning in verdict.warnings:
            label(f"judge: {warning.kind} {warning.severity}{' (snoozed)' if warning.snoozed_until else ''}")
    assert gate.render_text(report, NOW) == gate.render_text(expected, NOW)
    assert summary.render(memory.state, "proj", "purpose") == summary.render(fold(events), "proj", "purpose")


# -- the properties ---------------------------------------------------------------------------------

def rewrite(project: Project, raw: list[dict[str, Any]]) -> None:
    """A new log, and no index: the next open folds it from scratch."""
    shutil.rmtree(project.cache_dir, ignore_errors=True)
    project.log_path.write_bytes(lines_of(raw))


@SETTINGS
@given(raw=logs(), facts=st.lists(FACTS, min_size=len(POOL), max_size=len(POOL)), windows=CONFIGS)
@pytest.mark.slow
def test_index_built_from_scratch_agrees_with_the_pure_selection(
        project: Project, raw: list[dict[str, Any]], facts: list[tuple[bool, int, list[tuple[int, int]]]],
        windows: tuple[float, float]) -> None:
    rewrite(project, raw)
    memory, rebuilt = reopen(project)
    try:
        assert rebuilt or not raw
        check(memory, project, raw, facts, windows)
    finally:
        memory.close()


def expect_rebuild(head: list[dict[str, Any]], tail: list[dict[str, Any]]) -> bool:
    """Whether appending ``tail`` must fold the log again: a differing copy of an id the index
    holds, which the fold prefers (``Memory.index``), or a note forgetting an event the index
    holds (the fold only adds); otherwise only the tail is folded. An event a note already in
    the index forgot is not taken in."""
    stored = {e.id: serialize(e) for e in remembered(parse_line(canonical_json(d)) for d in head)}
    gone = {target for line in stored.values() if (target := parse_line(line).forgets)}
    for data in tail:
        event, line = parse_line(canonical_json(data)), canonical_json(data)
        if event.forgets and event.forgets in stored:
            return True
        if not event.forgets and event.id in gone:
            continue
        known = stored.setdefault(event.id, line)
        if known != line and unique([event, parse_line(known)])[0] is event:
            return True
        if known == line and event.forgets:
            gone.add(event.forgets)
    return False


@SETTINGS
@given(raw=logs(max_size=30), cut=st.floats(0, 1), facts=st.lists(FACTS, min_size=len(POOL), max_size=len(POOL)),
       windows=CONFIGS)
@pytest.mark.slow
def test_index_synced_incrementally_agrees_with_the_pure_selection(
        project: Project, raw: list[dict[str, Any]], cut: float,
        facts: list[tuple[bool, int, list[tuple[int, int]]]], windows: tuple[float, float]) -> None:
    split = int(len(raw) * cut)
    head, tail = raw[:split], raw[split:]
    rewrite(project, head)
    memory, _ = reopen(project)
    try:
        check(memory, project, head, facts, windows)
    finally:
        memory.close()
    with open(project.log_path, "ab") as log:
        log.write(lines_of(tail))
    memory, rebuilt = reopen(project)
    try:
        assert rebuilt == expect_rebuild(head, tail), "only a preferred differing copy of a known id rebuilds"
        label("appended: rebuilt" if rebuilt else "appended: folded the tail only")
        check(memory, project, raw, facts, windows)
    finally:
        memory.close()


# a path kenning writes raw in its lines and other writers escape: the cold read must find both
RENAMED = {"lib/util.py": "lib/\u00fctil.py"}


def written(data: dict[str, Any], style: str) -> str:
    """One event line as kenning writes it, or as another writer might: spaced, ASCII-escaped."""
    data = {**data, **({"location": _renamed(data["location"])} if "location" in data else {}),
            **({"paths": [_renamed(p) for p in data["paths"]]} if isinstance(data.get("paths"), list) else {})}
    if style == "canonical":
        return canonical_json(data)
    return json.dumps(data, ensure_ascii=True, separators=(", ", ": "))


def _renamed(location: str) -> str:
    path, colon, line = location.partition(":")
    return RENAMED.get(path, path) + colon + line


@SETTINGS
@given(raw=logs(), chosen=st.lists(st.sampled_from(POOL), min_size=1, max_size=3, unique=True),
       style=st.sampled_from(("canonical", "spaced")))
def test_cold_read_of_the_deciding_lines_agrees_with_the_whole_index(
        project: Project, raw: list[dict[str, Any]], chosen: list[str], style: str) -> None:
    """Right after a clone the gate reads only the lines that can decide it on the judged paths
    (``Memory.read_for_paths``: lines naming them, fixes, superseding decisions), into an index
    in memory: the report is the whole index's, whichever way the lines were written."""
    shutil.rmtree(project.cache_dir, ignore_errors=True)
    project.log_path.write_text("".join(written(e, style) + "\n" for e in raw), encoding="utf-8")
    paths = [RENAMED.get(p, p) for p in chosen]
    whole, _ = reopen(project)
    partial = Memory(project, Cache.in_memory())
    try:
        partial.read_for_paths(paths)
        want = app_gate.judge(whole, paths, NOW, [])
        got = app_gate.judge(partial, paths, NOW, [])
        assert got.to_json() == want.to_json()
        assert partial.cache.count() <= whole.cache.count()
        label(f"cold read kept {'all' if partial.cache.count() == whole.cache.count() else 'some'} events")
        for verdict in got.files:
            for warning in verdict.warnings:
                label(f"cold: {warning.kind}")
    finally:
        partial.close()
        whole.close()


# -- minimal examples -------------------------------------------------------------------------------

def event(n: int, kind: str, offset: int, **fields: Any) -> dict[str, Any]:
    return {"v": 1, "id": f"evt_{n:020x}", "type": kind, "source": "cli", "summary": f"{kind} {n}",
            "timestamp": stamp(offset), **fields}


def selections(project: Project, raw: list[dict[str, Any]], path: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the index's selection, the reference's) for ``path`` with its working-tree facts."""
    rewrite(project, raw)
    events = remembered(parse_line(canonical_json(e)) for e in raw)
    facts, config = working_facts(project, path), gate.Thresholds()
    memory, _ = reopen(project)
    try:
        return shape(indexed(memory, path, facts, config)), shape(reference(path, events, facts, config))
    finally:
        memory.close()


def reports(project: Project, raw: list[dict[str, Any]], path: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(judge's report, the pure rules' report) for ``path``, as JSON."""
    rewrite(project, raw)
    events = remembered(parse_line(canonical_json(e)) for e in raw)
    memory, _ = reopen(project)
    try:
        found = app_gate.judge(memory, [path], NOW, [])
    finally:
        memory.close()
    return found.to_json(), pure_report(project, events, app_gate.settings(project), (path,)).to_json()


def test_the_comparison_sees_a_fix_the_reference_is_not_told_of(project: Project) -> None:
    """The comparison is not vacuous: the index closes an issue by its fix; FileMemory.of told
    of no fix keeps it open."""
    raw = [event(1, "issue", -DAY, issue_id="k7q2", location="src/pay.py:3"), event(2, "fix", -1, issue_id="k7q2")]
    got, want = selections(project, raw, "src/pay.py")
    assert got == want
    assert (got["open_count"], got["failed_count"], got["decision"]) == (0, 0, None)
    events = [parse_line(canonical_json(e)) for e in raw]
    told_nothing = gate.FileMemory.of("src/pay.py", events, set(), set(), gate.window_start(NOW, gate.Thresholds()),
                                      None, limit=LIMIT, now_us=NOW)
    assert shape(told_nothing)["open_count"] == 1


def test_nothing_recorded_after_now_counts_on_either_side(project: Project) -> None:
    """A failed attempt, an issue and a decision just past the clock are invisible to both; a fix
    after now leaves its issue open on both."""
    raw = [event(1, "attempt", SLACK + 1, issue_id="k7q2", outcome="failed", location="src/pay.py"),
           event(2, "issue", SLACK + 1, issue_id="m3x9", location="src/pay.py"),
           event(3, "decision", SLACK + 1, location="src/pay.py"),
           event(4, "issue", -DAY, issue_id="p4w8", location="src/pay.py"),
           event(5, "fix", DAY, issue_id="p4w8")]
    got, want = selections(project, raw, "src/pay.py")
    assert got == want
    assert (got["failed_count"], got["open_count"], got["decision"]) == (0, 1, None)
    assert '"id":"evt_00000000000000000004"' in got["open_issues"][0]


def test_a_decision_superseded_only_after_now_is_still_a_memory(project: Project) -> None:
    """At now the decision stands: the index itself names it the standing decision, yet leaves
    it out of the stale memories of a deleted file because a decision recorded a day after now
    supersedes it. By the rules (nothing recorded after the clock counts) it is stale."""
    raw = [event(1, "decision", -DAY, location="gone/old.py"),
           event(2, "decision", DAY, supersedes=f"evt_{1:020x}")]
    got, want = selections(project, raw, "gone/old.py")
    assert got["decision"] == want["decision"] is not None
    assert (got["stale_count"], want["stale_count"]) == (1, 1)


def test_a_snooze_recorded_after_now_does_not_silence_a_warning(project: Project) -> None:
    """A snooze recorded a day after the clock leaves the open issue judged at the clock live;
    one recorded before it, still running, silences it (on both sides)."""
    issue = event(1, "issue", -DAY, issue_id="k7q2", location="src/pay.py")
    later = event(2, "snooze", DAY, paths=["src/pay.py"], until=stamp(8 * DAY), reason="known")
    got, want = reports(project, [issue, later], "src/pay.py")
    assert got == want
    assert got["severity"] == "warn"
    earlier = event(3, "snooze", -1, paths=["src/pay.py", "lib/util.py"], until=stamp(DAY), reason="known")
    got, want = reports(project, [issue, later, earlier], "src/pay.py")
    assert got == want
    assert got["severity"] == "none"
    assert got["files"][0]["warnings"][0]["snoozed_until"] == stamp(DAY)


def test_an_unsnooze_ends_the_snoozes_before_it_and_not_those_after(project: Project) -> None:
    """``ken precheck --unsnooze``: a snooze event marked ``unsnooze`` ends, on its paths, every
    snooze recorded at or before it (on both sides); a snooze recorded after it silences again,
    and an unsnooze recorded after now ends nothing yet."""
    issue = event(1, "issue", -3 * DAY, issue_id="k7q2", location="src/pay.py")
    snoozed = event(2, "snooze", -2 * DAY, paths=["src/pay.py", "lib/util.py"], until=stamp(8 * DAY), reason="known")
    ended = event(3, "snooze", -DAY, paths=["src/pay.py"], until=stamp(-DAY), reason="back", unsnooze=True)
    got, want = reports(project, [issue, snoozed, ended], "src/pay.py")
    assert got == want
    assert got["severity"] == "warn" and got["files"][0]["warnings"][0]["snoozed_until"] is None
    again = event(4, "snooze", -1, paths=["src/pay.py"], until=stamp(DAY), reason="again")
    got, want = reports(project, [issue, snoozed, ended, again], "src/pay.py")
    assert got == want and got["severity"] == "none"
    future = event(5, "snooze", DAY, paths=["src/pay.py"], until=stamp(DAY), reason="later", unsnooze=True)
    got, want = reports(project, [issue, snoozed, future], "src/pay.py")
    assert got == want and got["severity"] == "none"


def test_a_fixed_issues_failed_attempts_inform_on_both_sides_until_a_failure_reopens_it(project: Project) -> None:
    """Three failed attempts on an issue, then its fix: both sides settle them (info, naming the
    fix); a failed attempt after the fix reopens the issue: a block again on both."""
    raw = [event(1, "issue", -9 * DAY, issue_id="k7q2", location="src/pay.py"),
           *(event(n, "attempt", -n * DAY, issue_id="k7q2", outcome="failed", location="src/pay.py")
             for n in (2, 3, 4)),
           event(5, "fix", -DAY, issue_id="k7q2", location="src/pay.py")]
    got, want = reports(project, raw, "src/pay.py")
    assert got == want
    assert got["severity"] == "info"
    assert [w["kind"] for w in got["files"][0]["warnings"]] == ["failed_before_fix"]
    again = event(6, "attempt", -1, issue_id="k7q2", outcome="failed", location="src/pay.py")
    got, want = reports(project, [*raw, again], "src/pay.py")
    assert got == want
    assert got["severity"] == "block"
