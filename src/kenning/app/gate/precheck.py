"""``ken precheck``: gather what the gate needs for some paths, then let the pure rules judge.

Cost scales with the paths inspected, not with the age of the project: the index is queried by
path, and git is asked once (one ``git log`` over those paths) for churn, reverts, renames and
the lines changed since each memory was written. The only file content read is a working
file's line count.
"""

from __future__ import annotations

import os

from kenning import git
from kenning.app.gate import checks
from kenning.app.memory import Memory
from kenning.app.paths import canonical_path
from kenning.app.project import Project, now_micros
from kenning.app.recall import open_for_paths, open_memory
from kenning.core import durations
from kenning.core.defaults import GATE_LINES
from kenning.core.errors import InvalidInput
from kenning.core.events import Event, format_timestamp, parse_timestamp
from kenning.core.gate import rules as gate
from kenning.git import history as git_history
from kenning.git import index as git_index
from kenning.store import inputs
from kenning.store.gate_queries import GitHistory

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from os import PathLike
    from typing import Any

    from kenning.app.record import Recorded

    StrPath = str | PathLike[str]  # a folder as callers hold it: str on the gate's way


EVIDENCE_LIMIT = 20  # ids listed per warning; the message gives the total
# writes at one frozen instant (--now, KEN_NOW) are stamped 1 µs apart to stay ordered: a
# thousand of them still happened "now"; a commit (whole seconds) a second later did not
CLOCK_SLACK_US = 1000
# a revert's message has one of these (core.capture.reverts reads the ones that do)
_REVERT_WORDS = ("revert", "rollback", "roll back", "roll-back", "back out", "backout", "backed out", "undo",
                 "reland", "re-land", "reapply", "roll forward", "rollforward")
REVERTS_JUDGED = 50  # derived reverts on one file weighed per check (a file reverted more is blocked anyway)
_FAR_FUTURE = 253402300799 * 1_000_000  # 9999-12-31: "every memory" for a deleted file


class Precheck:
    """A gate report and the clock it was judged at (for ages in the text output)."""

    def __init__(self, report: gate.Verdicts, now_us: int, notices: list[str],
                 similar: dict[str, dict[str, Any]] | None = None) -> None:
        self.report = report
        self.now_us = now_us
        self.notices = notices
        self.similar = similar or {}  # path -> the failed attempt the proposed change resembles

    def text(self, max_lines: int = GATE_LINES) -> str:
        if not self.report.files:  # only the staged files can be none: named paths are never empty
            return NOTHING_STAGED + "\n"
        return gate.render_text(self.report, self.now_us, max_lines)


NOTHING_STAGED = "nothing to check: no file is staged (`git add` one, or name files: `ken precheck PATH`)"


def settings(project: Project) -> gate.Thresholds:
    def number(key: str) -> float:
        return project.number("gate", key)

    return gate.Thresholds(number("window_days"), int(number("churn_commits")),
                         int(number("block_failed_attempts")), number("stale_ratio"), number("failure_days"),
                         int(number("revert_commits")), number("revert_recent_days"), number("similarity"))


def precheck(project: Project, raw_paths: list[str], cwd: StrPath | None = None, now: str | None = None,
             staged: bool = False, surface: str | None = "cli", decision: str = "advise",
             proposed: Mapping[str, str] | None = None, compare_staged: bool = False) -> Precheck:
    """Judge ``raw_paths`` (or the staged files when ``staged``) as of ``now``. Each judged file
    leaves a check record from ``surface`` (None: the caller records its own decision).
    ``proposed`` (path -> the text about to be written) is compared with the files' failed
    changes in the same read of memory: ``Precheck.similar``. ``compare_staged`` (the pre-commit
    hook): the staged diff's added lines are the proposed change (one ``git diff --cached``)."""
    now_us = now_micros(now)
    project.require_initialized()
    paths = _paths(project, raw_paths, cwd, staged)
    if compare_staged and paths and proposed is None:
        from kenning.core.gate.similarity import added_lines

        proposed = {p: text for p, text in added_lines(git.staged_diff(project.folder, paths)).items() if text.strip()}
    with open_for_paths(project, paths, now) as memory:
        notices: list[str] = []
        report = judge(memory, paths, now_us, notices, proposed)
        if raw_paths:  # the staged paths are git's own
            _mark_unknown(memory, report)
        similar = _similar(memory, proposed) if proposed else {}
    if surface is not None:  # nothing was there to check on a mistyped path: a typo is not a check
        checks.record_all(project, [(v, decision, None) for v in report.files if not v.no_such_file], surface, now_us)
    return Precheck(report, now_us, notices, similar)


def _mark_unknown(memory: Memory, report: gate.Verdicts) -> None:
    """Flag the quiet paths that are on no disk, in no memory and not tracked by git: most likely
    mistyped, so "ok" would mislead. A deleted file git or memory knows is judged as ever. The
    index is read only for such paths, and without a git process."""
    root = memory.project.folder
    quiet = [v for v in report.files if not v.warnings and not os.path.lexists(os.path.join(root, v.path))
             and memory.cache.oldest_memory([v.path]) is None and not memory.cache.reverts_touching(v.path, "", "~", 1)]
    known = git_index.tracked_paths(root, [v.path for v in quiet]) if quiet else None
    if known is None:
        return  # nothing to ask, or git's index cannot say: better "ok" than a wrong "no such file"
    for verdict in quiet:
        verdict.no_such_file = verdict.path not in known


def staged_repeats(project: Project, paths: list[str]) -> dict[str, dict[str, Any]]:
    """The staged changes (one ``git diff --cached``) that resemble a failed attempt on their
    file: what the pre-commit hook shows above the gate's verdicts."""
    if not paths:
        return {}
    from kenning.core.gate.similarity import added_lines

    return similar_failures(project, added_lines(git.staged_diff(project.folder, paths)))


def similar_failures(project: Project, proposed: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    """For each path, the failed attempt on it whose change the proposed text most resembles,
    when the resemblance reaches ``[gate] similarity`` (default 0.6). One memory for all paths."""
    wanted = {path: text for path, text in proposed.items() if text.strip()}
    if not wanted:
        return {}
    with open_memory(project, capture=False) as memory:
        found = _similar(memory, wanted)
        memory.warnings.clear()  # as ever, this second read of the gate's caller hands on no warnings
        return found


def _similar(memory: Memory, proposed: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    threshold = memory.project.number("gate", "similarity")
    found: dict[str, dict[str, Any]] = {}
    for path, text in proposed.items():
        if not text.strip():
            continue
        failures = memory.events(memory.cache.failed_with_details(path, 50))
        if not failures:
            continue
        from kenning.core.gate import similarity  # only for a file with failed changes to compare against

        for event in failures:
            failed = similarity.change_text(event.details or "", removed=event.source == "git")
            score = similarity.similarity(text, failed)
            if score >= threshold and (path not in found or score > found[path]["score"]):
                found[path] = {"id": event.id, "score": score, "summary": event.summary}
    return found


def _paths(project: Project, raw_paths: list[str], cwd: StrPath | None, staged: bool) -> list[str]:
    if raw_paths:
        found = [canonical_path(project.folder, p, cwd) for p in raw_paths]
    elif staged:
        found = git.staged_paths(project.folder)
    else:
        raise InvalidInput("name the files to check (or run it from a git hook for the staged files)")
    return list(dict.fromkeys(found))


def judge(memory: Memory, paths: list[str], now_us: int, notices: list[str],
          proposed: Mapping[str, str] | None = None) -> gate.Verdicts:
    """The verdicts on ``paths`` at ``now_us``; ``proposed`` (path -> the change about to be made)
    keeps a revert the file moved on from when the change resembles it (``gate.current_failures``)."""
    config = settings(memory.project)
    since = gate.window_start(now_us, config)
    head = git.head_commit(memory.project.folder)  # read once: the facts and the look back ask at one HEAD
    facts = _facts(memory, paths, since, notices, head)
    opened, until = gate.failures_start(now_us, config), format_timestamp(now_us + CLOCK_SLACK_US)
    reverts = {path: _reverts(memory, path, facts[path], format_timestamp(opened), until) for path in paths}
    _look_back(memory, facts, reverts, config, head)
    ended = memory.cache.snoozes_ended(paths, until)
    running = [snooze for snooze in memory.cache.snoozes_running(paths, format_timestamp(now_us), until)
               if snooze.path not in ended or snooze.time > ended[snooze.path]]
    snoozes = memory.events(memory.cache.events_by_id(gate.deciding_snoozes(running)))
    verdicts, shown_of, cites_of = [], {}, {}
    for path in paths:
        file_memory = _file_memory(memory, path, since, opened, now_us, facts[path], reverts[path], config,
                                   (proposed or {}).get(path))
        verdicts.append(gate.evaluate(path, file_memory, facts[path], now_us, config))
        shown = [*file_memory.failed, *file_memory.settled, *file_memory.fixes.values(), *file_memory.open_issues,
                 *file_memory.stale]
        if file_memory.decision is not None:
            shown.append(file_memory.decision)
        shown_of[path] = shown
        # the memories about the file that cite its code, whether or not another signal shows them
        citing = memory.cache.cited_memories(path, until, EVIDENCE_LIMIT)
        if citing:
            cites_of[path] = memory.events(citing)
    if cites_of:
        _code_changed(memory, verdicts, cites_of, now_us)
    for verdict in verdicts:
        named = [*shown_of[verdict.path], *cites_of.get(verdict.path, [])]
        gate.apply_snoozes(verdict, snoozes, {e.id: e for e in named}, now_us)
    return gate.Verdicts(verdicts, memory.skipped)


def _code_changed(memory: Memory, verdicts: list[gate.FileVerdict], cites_of: dict[str, list[Event]],
                  now_us: int) -> None:
    """Name, on each file, the memories about it whose cited code changed or is gone: their
    citations followed in one batch for every file (``app.citations``), imported only when one
    cites code."""
    from kenning.app.citations import codes
    from kenning.core.gate import cited

    found = codes(memory, [e for events in cites_of.values() for e in events])
    for verdict in verdicts:
        warning = cited.code_changed(cites_of.get(verdict.path, []), found, now_us)
        if warning is not None:
            cited.add(verdict, warning)


def _reverts(memory: Memory, path: str, facts: gate.FileFacts, opened: str, until: str) -> list[Event]:
    """The reverts derived from git on ``path`` in [opened, until], newest first; for a file on no
    disk, those that touched it too (``gate.recreates``): writing it would re-create it."""
    found = memory.events(memory.cache.failed_attempts(path, opened, until, REVERTS_JUDGED, origin="git",
                                                       count=False).newest)
    if facts.exists:
        return found
    known = {e.id for e in found}
    more = [e for e in memory.events(memory.cache.reverts_touching(path, opened, until, REVERTS_JUDGED))
            if e.id not in known and gate.recreates(path, e)]
    return sorted([*found, *more], key=lambda e: e.sort_key, reverse=True)[:REVERTS_JUDGED]


def _file_memory(memory: Memory, path: str, since: int, failures_since: int, now_us: int,
                 facts: gate.FileFacts, reverts: list[Event], config: gate.Thresholds,
                 proposed: str | None = None) -> gate.FileMemory:
    """The index's bounded answer to what ``gate.FileMemory.of`` computes from all events:
    one clock for every signal, so nothing recorded after ``now`` counts. Attempts recorded by
    hand are counted by the index; reverts derived from git are judged one by one (a file
    moves on from them), newest first and at most ``REVERTS_JUDGED``."""
    cache = memory.cache
    until = format_timestamp(now_us + CLOCK_SLACK_US)
    opened, recent_from = format_timestamp(failures_since), format_timestamp(since)
    by_issue = cache.failed_by_issue(path, opened, max(opened, recent_from), until)
    newest = {row.issue_id: row.newest for row in by_issue if row.issue_id}
    # a fix's commit is read only when a revert on the file names a commit it may be
    fixes = gate.standing_fixes(cache.fix_facts(sorted(newest), until, gate.undone_prefixes(reverts)), newest,
                                reverts, until) if newest else {}
    hand_count = sum(row.total for row in by_issue if row.issue_id not in fixes)
    hand_recent = sum(row.recent for row in by_issue if row.issue_id not in fixes)
    settled_count = sum(row.total for row in by_issue if row.issue_id in fixes)
    if fixes:
        others, among = cache.failed_split(path, opened, until, gate.FAILED_SHOWN, set(fixes))
        read = {e.id: e for e in memory.events(cache.events_by_id([*others, *among]))}
        hand, settled = [read[i] for i in others if i in read], [read[i] for i in among if i in read]
    else:
        hand, settled = memory.events(cache.failed_attempts(path, opened, until, gate.FAILED_SHOWN,
                                                          count=False).newest), []
    derived = gate.current_failures(path, reverts, facts, config, now_us, proposed)
    failed = sorted([*hand, *derived], key=lambda e: e.sort_key, reverse=True)
    recent = hand_recent + sum(1 for e in derived if gate.event_time(e) >= since)
    open_count, open_ = cache.open_issues_at(path, until, EVIDENCE_LIMIT)
    decision = cache.standing_decision(path, format_timestamp(since), until)
    stale_before = gate.stale_before(facts, config)
    stale_count, stale = (0, []) if stale_before is None else cache.memories_before(
        path, format_timestamp(min(stale_before, now_us + 1, _FAR_FUTURE)), until, EVIDENCE_LIMIT)
    found = gate.FileMemory(failed[:gate.FAILED_SHOWN], hand_count + len(derived), memory.events(open_), open_count,
                            memory.events([decision])[0] if decision else None, memory.events(stale), stale_count,
                            recent)
    found.live_reverts = {e.id for e in derived}
    shown_fixes = {fixes[e.issue_id] for e in settled if e.issue_id in fixes}
    by_id = {e.id: e for e in memory.events(cache.events_by_id(shown_fixes))}
    found.settle(settled, settled_count, {iid: by_id[fix_id] for iid, fix_id in fixes.items() if fix_id in by_id})
    return found


def _facts(memory: Memory, paths: list[str], since_us: int, notices: list[str],
           head: str | None) -> dict[str, gate.FileFacts]:
    """Git facts for the paths, from the commits that touched them since the window opened or
    the oldest memory about them was written. History only changes when HEAD moves, so what git
    said is kept in the index per (HEAD, path): a repeated precheck runs no git process, and a
    miss costs one ``git log`` for all the missed paths together. Renames are looked for
    (``--full-diff``) only when a path no longer exists."""
    root = memory.project.folder
    commits: dict[str, list[gate.Commit]] = {p: [] for p in paths}
    facts = {p: gate.FileFacts(p, commits[p], *_working_file(os.path.join(root, p))) for p in paths}
    if head is None:
        return facts
    oldest = memory.cache.oldest_memory(paths)
    since = min(since_us, parse_timestamp(oldest) if oldest else since_us) // 1_000_000 - 1
    known = memory.cache.git_history(head, paths)
    lines = oldest is not None  # line counts serve staleness only: without memories, none are needed
    missed = []
    for path in paths:
        entry = known.get(path)
        if (entry is not None and entry.since <= since and (entry.renames or facts[path].exists or not lines)
                and (entry.lines or not lines)):
            commits[path].extend(gate.Commit(*row) for row in entry.commits)
            facts[path].covered_from = entry.since * 1_000_000
        else:
            missed.append(path)
    if missed:
        # renames matter to staleness alone ("renamed to …"), so only with memories to judge
        full_diff = lines and not all(facts[p].exists for p in missed)
        try:
            found: dict[str, list[gate.Commit]] = {p: [] for p in missed}
            for start in range(0, len(missed), git.PATHS_PER_CALL):  # one command line holds so many
                chunk = missed[start:start + git.PATHS_PER_CALL]
                if lines:
                    records = git_history.readable_log(root, ["HEAD"], since=since, paths=chunk, full_diff=full_diff)[0]
                else:  # which commits touched the files, without counting a line
                    records = git_history.files_log(root, ["HEAD"], since=since, paths=chunk)[0]
                _add_commits({p: found[p] for p in chunk}, records)
        except git.GitError as err:
            notices.append(f"git history unavailable ({err}); churn, reverts and staleness not checked")
            for path in missed:
                facts[path].covered_from = _FAR_FUTURE
            return facts
        with memory.transaction():
            memory.cache.save_git_history(head, {p: GitHistory(since, renames=full_diff, lines=lines,
                                                               commits=[_row(c) for c in found[p]]) for p in missed})
        for path in missed:
            commits[path].extend(found[path])
            facts[path].covered_from = since * 1_000_000
    _remember(memory, facts)
    return facts


def _look_back(memory: Memory, facts: dict[str, gate.FileFacts], reverts: dict[str, list[Event]],
               config: gate.Thresholds, head: str | None) -> None:
    """Whether a file moved on since a revert older than the facts reach: at most
    ``revert_commits + 1`` later commits are needed, so git stops at the newest few (cheap on a
    busy file) and is asked only when the facts have fewer. Kept per (HEAD, path) like the facts."""
    root = memory.project.folder
    enough = config.revert_commits + 1
    for path, file_facts in facts.items():
        older = [gate.event_time(e) for e in reverts[path] if gate.event_time(e) < file_facts.covered_from]
        if head is None or not older or len(file_facts.commits) >= enough or file_facts.covered_from >= _FAR_FUTURE:
            continue
        start, until = min(older) // 1_000_000 - 1, file_facts.covered_from // 1_000_000 - 1
        key = path + "\0before"
        entry = memory.cache.git_history(head, [key]).get(key)
        if entry is None or entry.since > start:
            try:
                rows = [_row(gate.Commit(sha, time * 1_000_000, "")) for sha, time in
                        git_history.touching(root, head, path, start, until, enough - len(file_facts.commits))]
            except git.GitError:
                continue
            entry = GitHistory(start, renames=False, lines=False, commits=rows)
            with memory.transaction():
                memory.cache.save_git_history(head, {key: entry}, keep=True)
        file_facts.commits.extend(gate.Commit(*row) for row in entry.commits)
        file_facts.covered_from = entry.since * 1_000_000


def _remember(memory: Memory, facts: dict[str, gate.FileFacts]) -> None:
    """The reverts git lists that memory has judged: those it derived events for, and every one
    committed since capture began reading reverts (a roll-forward it chose not to derive
    included). Git's record adds a warning only for reverts older than memory's reach."""
    info = memory.cache.meta("git") or {}
    read_from = int(info.get("revert_start", info.get("start", 2**40))) * 1_000_000
    reverts = {c.sha: c.time_us for f in facts.values() for c in f.commits if c.is_revert}
    known = memory.cache.known_ids(sorted(gate.derived_id(sha) for sha in reverts))
    known |= {gate.derived_id(sha) for sha, time_us in reverts.items() if time_us >= read_from}
    for file_facts in facts.values():
        file_facts.remembered = known


def _row(commit: gate.Commit) -> list[Any]:
    """A commit as the index keeps it (JSON): the arguments of ``gate.Commit``, in order."""
    return [commit.sha, commit.time_us, commit.subject, commit.reverts, commit.changed, commit.renamed_to,
            commit.relands]


def _add_commits(commits: dict[str, list[gate.Commit]], records: list[git_history.CommitRecord]) -> None:
    """File each commit under the paths it touched (newest first, as git lists them)."""
    for record in records:
        reverts, relands = _reverted(record)
        for new, old, changed in record.files:
            if new in commits:
                commits[new].append(gate.Commit(record.sha, record.time * 1_000_000, record.subject, reverts, changed,
                                                relands=relands))
            if old is not None and old in commits and old != new:
                commits[old].append(gate.Commit(record.sha, record.time * 1_000_000, record.subject, reverts,
                                                changed, renamed_to=new, relands=relands))


def _reverted(record: git_history.CommitRecord) -> tuple[str | None, bool]:
    """The sha a revert names ("" when it names none; None for every other commit, relands and
    unconfirmed candidates, such as a squash merge quoting a reverted commit of its branch,
    included), and whether the commit is a reland."""
    text = (record.subject + "\n" + record.body).lower()
    if not any(word in text for word in _REVERT_WORDS):
        return None, False  # most commits: no need to compile every revert pattern for them
    from kenning.core.capture import reverts

    message = reverts.read(record.subject, record.body)
    if not (message.is_revert and message.explicit):
        return None, message.kind == "reland"
    return (message.shas[0] if message.shas else ""), False


WORKING_FILE_MAX = 64 << 20  # bytes of a working file whose lines the gate counts; more is generated


def _working_file(path: str) -> tuple[bool, int]:
    """(exists, line count): the one read of file contents the gate allows. A FIFO or a device
    at the path (or a link to one) is never opened for long: it counts as a file of no lines."""
    try:
        with inputs.open_regular(path) as f:
            data = f.read(WORKING_FILE_MAX)
    except (FileNotFoundError, NotADirectoryError):
        return False, 0
    except inputs.NotRegular:
        return not os.path.isdir(path), 0
    except OSError:
        return os.path.exists(path), 0
    return True, data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


def snooze(project: Project, raw_paths: list[str], duration: str, reason: str | None, cwd: StrPath | None = None,
           now: str | None = None) -> Recorded:
    """Record a ``snooze`` event for the paths' current warnings."""
    from kenning.app.record import record

    if not reason or not reason.strip():
        raise InvalidInput("--snooze needs --reason: say why the warnings can wait")
    try:
        length = durations.parse(duration) * 1_000_000
    except ValueError as err:
        raise InvalidInput(f"--snooze: {err}") from err
    if not raw_paths:
        raise InvalidInput("name the files whose warnings you snooze")
    paths = list(dict.fromkeys(canonical_path(project.folder, p, cwd) for p in raw_paths))
    until = format_timestamp(now_micros(now) + length)
    fields = {"type": "snooze", "summary": f"snoozed the gate on {', '.join(paths)} until {until}: {reason}",
              "paths": paths, "until": until, "reason": reason, "source": "cli", "actor": "human"}
    return record(project, fields, cwd=cwd, now=now)


def unsnooze(project: Project, raw_paths: list[str], reason: str | None = None, cwd: StrPath | None = None,
             now: str | None = None) -> Recorded:
    """End the running snoozes on the paths now: an ``unsnooze`` snooze event, since the log is
    append-only (``gate.is_unsnooze``). Their warnings count again from the next check."""
    from kenning.app.record import record

    if not raw_paths:
        raise InvalidInput("name the files whose snoozes you end")
    if reason is not None and not reason.strip():
        raise InvalidInput("--reason is empty; say why, or leave it out")
    paths = list(dict.fromkeys(canonical_path(project.folder, p, cwd) for p in raw_paths))
    at = format_timestamp(now_micros(now))
    why = reason or "the warnings matter again"
    fields = {"type": "snooze", "summary": f"ended the snoozes on {', '.join(paths)}: {why}", "paths": paths,
              "until": at, "unsnooze": True, "reason": why, "source": "cli", "actor": "human"}
    return record(project, fields, cwd=cwd, now=now)
