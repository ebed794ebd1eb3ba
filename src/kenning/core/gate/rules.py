"""The gate: pure rules over (events about a file, git facts, now, config) -> a verdict.

Eight signals (docs/precheck.md), each a warning with a kind, a severity and the event ids behind it:

    kind              looks back   trigger                                          severity
    failed_attempts   failure win. failed attempts located in the file              warn; block at 3+ in
                                                                                    the (shorter) window
    failed_before_fix failure win. failed attempts on issues fixed since (a fix     info
                                   standing: not reverted, no failure after it)
    churn             window       commits touching the file >= churn threshold     info
    recent_revert     window       a revert commit touched the file                 warn
    recent_decision   window       the newest standing decision about the file      info
    open_issues       any age      issues located in the file and not fixed         warn
    stale_memory      any age      memories about a file that changed substantially info
                                   since (or was deleted or renamed)
    code_changed      any age      memories shown whose cited code changed or is    info
                                   gone (``core.gate.cited``, only where one cites)

A file takes its worst warning's severity; the report takes its worst file's. A snoozed warning
is still reported, with ``snoozed_until``, but no longer counts toward either. A block is a
value here, never an exception: the surfaces decide what it means (``--strict``, hooks).
"""

from __future__ import annotations

from kenning.core import durations
from kenning.core.defaults import DEFAULT_CONFIG, GATE, GATE_LINES
from kenning.core.events import LATEST as LATEST_US
from kenning.core.events import Event, format_timestamp, parse_timestamp
from kenning.core.gate.rows import SHA_PREFIX, FixFact, SnoozeRow
from kenning.core.text import one_line, plural

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any

SEVERITIES = ("none", "info", "warn", "block")
KINDS = ("failed_attempts", "failed_before_fix", "churn", "recent_revert", "recent_decision", "open_issues",
         "stale_memory")
DAY_US = 86_400 * 1_000_000
SIMILARITY = float(DEFAULT_CONFIG["gate"]["similarity"])  # type: ignore[arg-type]
FAILED_SHOWN = 3
# how a proposed change is told from the change a revert undid (``unrelated``, ``repeats``), measured with
# `ken audit` on eight real histories (docs/audit.md): sharing under a tenth of its 3-token shingles with
# the lines the revert took out of the file, a change is other work there (the first ordinary commit after
# a revert on a busy file); on a file moved on since, a change is the reverted one again only when at least
# half of what it adds comes from it and it brings back two thirds of its names (not another entry of the
# same table or generated schema)
UNRELATED = 0.1
MOSTLY = 0.5
NAMES_KEPT = 2 / 3
NO_SUCH_FILE = "no such file is tracked (not on disk, not in git, nothing in memory); check the path"


class Commit:
    """One commit that touched a file: what the gate needs of it, nothing more."""

    __slots__ = ("sha", "time_us", "subject", "reverts", "changed", "renamed_to", "relands")

    def __init__(self, sha: str, time_us: int, subject: str, reverts: str | None = None,
                 changed: int = 0, renamed_to: str | None = None, relands: bool = False) -> None:
        self.sha = sha
        self.time_us = time_us
        self.subject = subject
        self.reverts = reverts          # the sha it reverts, for `git revert` commits
        self.changed = changed          # lines added + deleted in this file
        self.renamed_to = renamed_to    # set when the commit renamed the file away
        self.relands = relands          # a reland (``Reland "X"``, a roll-forward): a re-attempt announced

    @property
    def is_revert(self) -> bool:
        """Set from the commit message by ``core.capture.reverts`` when git was asked (a reland is not)."""
        return self.reverts is not None


class FileFacts:
    """Git facts about one path: its commits (newest first), and the working file's state."""

    __slots__ = ("path", "commits", "exists", "lines", "remembered", "covered_from")

    def __init__(self, path: str, commits: list[Commit], exists: bool, lines: int, covered_from: int = 0) -> None:
        self.path = path
        self.commits = commits
        self.exists = exists
        self.lines = lines
        self.covered_from = covered_from  # commits older than this (µs) were not asked for
        # ids of the events memory derived from these commits: a revert memory already holds
        # was judged there (the files it was about), so git's record of it adds no warning
        self.remembered: set[str] = set()


class Thresholds:
    """The thresholds of the ``[gate]`` table of config.toml."""

    __slots__ = ("window_days", "churn_commits", "block_failed_attempts", "stale_ratio", "failure_days",
                 "revert_commits", "revert_recent_days", "similarity")

    def __init__(self, window_days: float = GATE["window_days"],
                 churn_commits: int = int(GATE["churn_commits"]),
                 block_failed_attempts: int = int(GATE["block_failed_attempts"]),
                 stale_ratio: float = GATE["stale_ratio"], failure_days: float = GATE["failure_days"],
                 revert_commits: int = int(GATE["revert_commits"]),
                 revert_recent_days: float = GATE["revert_recent_days"], similarity: float = SIMILARITY) -> None:
        self.window_days = window_days
        # failed attempts stay visible longer than the other signals: measured with `ken audit`,
        # a revert is re-attempted months later as often as within a month (docs/audit.md)
        self.failure_days = max(failure_days, window_days)
        # a revert is news about a file until the file moves on: measured on seven real histories,
        # nine retries in ten are the first commit to touch the file after its revert, while most
        # ordinary commits touching a once-reverted file come after several others (docs/audit.md)
        self.revert_commits = revert_commits
        self.revert_recent_days = revert_recent_days
        self.churn_commits = churn_commits
        self.block_failed_attempts = block_failed_attempts
        self.stale_ratio = stale_ratio
        # a proposed change this like a reverted one is that change again, whatever its age
        self.similarity = similarity


class Evidence:
    """One line of evidence behind a warning, for the compact text output."""

    __slots__ = ("label", "time_us", "text", "event_id")

    def __init__(self, label: str, time_us: int, text: str, event_id: str | None) -> None:
        self.label, self.time_us, self.text, self.event_id = label, time_us, text, event_id


class GateWarning:
    __slots__ = ("kind", "severity", "message", "event_ids", "snoozed_until", "evidence")

    def __init__(self, kind: str, severity: str, message: str, event_ids: list[str],
                 evidence: list[Evidence]) -> None:
        self.kind = kind
        self.severity = severity
        self.message = message
        self.event_ids = event_ids
        self.snoozed_until: str | None = None
        self.evidence = evidence

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "severity": self.severity, "message": self.message,
                "event_ids": self.event_ids, "snoozed_until": self.snoozed_until}


class FileVerdict:
    __slots__ = ("path", "warnings", "no_such_file")

    def __init__(self, path: str, warnings: list[GateWarning], no_such_file: bool = False) -> None:
        self.path = path
        self.warnings = warnings
        # on no disk, unknown to git and to memory: most likely a mistyped path, not an "ok" file
        self.no_such_file = no_such_file

    @property
    def severity(self) -> str:
        return worst(w.severity for w in self.warnings if w.snoozed_until is None)

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"path": self.path, "severity": self.severity,
                                 "warnings": [w.to_json() for w in self.warnings]}
        if self.no_such_file:
            found["no_such_file"] = True
        return found


class Verdicts:
    """The verdicts, and how many lines of memory could not be read: a verdict of "ok" from
    a memory with holes in it says so."""

    __slots__ = ("files", "skipped")

    def __init__(self, files: list[FileVerdict], skipped: int = 0) -> None:
        self.files = files
        self.skipped = skipped

    @property
    def severity(self) -> str:
        return worst(f.severity for f in self.files)

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"severity": self.severity, "files": [f.to_json() for f in self.files]}
        if self.skipped:
            found["unreadable_lines"] = self.skipped
        return found


def worst(severities: Iterable[str]) -> str:
    return max(severities, key=SEVERITIES.index, default="none")


def event_time(event: Event) -> int:
    """The event's timestamp in microseconds (0 when it cannot be read)."""
    return _time(event)


def _time(event: Event) -> int:
    try:
        return parse_timestamp(event.timestamp)
    except ValueError:
        return 0


class FileMemory:
    """What memory holds about one file, already narrowed to what the rules look at.

    Built from a list of events by ``FileMemory.of`` (the reference, used on small inputs and in
    tests) or by the index with bounded queries (the hot path): the same fields either way.
    Lists are newest first; counts are totals.
    """

    __slots__ = ("failed", "failed_count", "open_issues", "open_count", "decision", "stale", "stale_count",
                 "recent_failed", "live_reverts", "settled", "settled_count", "fixes")

    def __init__(self, failed: list[Event], failed_count: int, open_issues: list[Event], open_count: int,
                 decision: Event | None, stale: list[Event], stale_count: int,
                 recent_failed: int | None = None) -> None:
        self.failed, self.failed_count = failed, failed_count
        self.recent_failed = failed_count if recent_failed is None else recent_failed  # in the shorter window
        self.live_reverts: set[str] = set()  # ids of the reverts derived from git that still count here
        # failed attempts on issues fixed since (``standing_fixes``): they inform, never block;
        # ``failed`` and the counts above hold the others
        self.settled: list[Event] = []
        self.settled_count = 0
        self.fixes: dict[str, Event] = {}  # issue id -> the fix that settled it
        self.open_issues, self.open_count = open_issues, open_count
        self.decision = decision
        self.stale, self.stale_count = stale, stale_count

    @classmethod
    def of(cls, path: str, events: Iterable[Event], fixed_issues: set[str], retired: set[str], since: int,
           stale_before: int | None, limit: int = 20, now_us: int | None = None,
           failures_since: int | None = None, facts: FileFacts | None = None,
           settings: Thresholds | None = None, proposed: str | None = None) -> FileMemory:
        """Apply the selection rules to plain events: failed attempts in the failure window,
        issues with no fix, the newest standing decision in the window, hand-written memories
        older than the staleness cutoff; nothing after ``now_us``. ``fixed_issues`` and
        ``retired`` are what memory knew at ``now_us``. ``proposed``: the change about to be made
        to the file (``current_failures``)."""
        until = now_us if now_us is not None else 2**62
        events = list(events)
        forgotten = {target for e in events if (target := e.forgets)}  # ``ken forget``: gone at every clock
        events = [e for e in events if e.id not in forgotten or e.forgets] if forgotten else events
        gone = facts is not None and not facts.exists
        located = sorted((e for e in events if (e.cites(path) or (gone and recreates(path, e)))
                          and e.type != "snooze" and _time(e) <= until),
                         key=lambda e: e.sort_key, reverse=True)
        opened = since if failures_since is None else failures_since
        failed = [e for e in located if e.type == "attempt" and e.outcome == "failed" and _time(e) >= opened]
        reverts = [e for e in failed if e.source == "git"]
        if facts is not None:
            failed = current_failures(path, failed, facts, settings or Thresholds(), until, proposed)
        ours = {e.issue_id for e in failed if e.issue_id}
        by_id = {e.id: e for e in events if e.type == "fix" and e.issue_id in ours}
        now = format_timestamp(until) if until < LATEST_US else "9999-12-31T23:59:59.999999Z"
        standing = standing_fixes(sorted(fix_fact(e) for e in by_id.values()), newest_failures(failed), reverts, now)
        fixes = {iid: by_id[fix_id] for iid, fix_id in standing.items()}
        settled = [e for e in failed if e.issue_id in fixes]
        failed = [e for e in failed if e.issue_id not in fixes]
        recent = sum(1 for e in failed if _time(e) >= since)
        open_ = [e for e in located if e.type == "issue" and e.issue_id and e.issue_id not in fixed_issues]
        decisions = [e for e in located if e.type == "decision" and e.id not in retired and _time(e) >= since]
        memories = [e for e in located if e.source != "git" and not (e.type == "decision" and e.id in retired)]
        stale = [] if stale_before is None else [e for e in memories if _time(e) < stale_before]
        found = cls(failed[:FAILED_SHOWN], len(failed), open_[:limit], len(open_),
                    decisions[0] if decisions else None, stale[:limit], len(stale), recent)
        found.live_reverts = {e.id for e in failed if e.source == "git"}
        found.settle(settled[:FAILED_SHOWN], len(settled), fixes)
        return found

    def settle(self, shown: list[Event], count: int, fixes: Mapping[str, Event]) -> None:
        """Set the failed attempts on fixed issues: the newest ``shown``, ``count`` in all, and
        the fixes of the issues shown."""
        self.settled, self.settled_count = shown, count
        self.fixes = {iid: fixes[iid] for iid in (e.issue_id for e in shown) if iid is not None and iid in fixes}


def fix_fact(fix: Event) -> FixFact:
    """What settling an issue needs of ``fix``, as the index reads it (``FixFact``)."""
    sha = fix.get("commit") or fix.git_commit
    return FixFact(fix.timestamp, fix.id, str(fix.issue_id), str(sha) if sha else None)


def newest_failures(failed: Iterable[Event]) -> dict[str, str]:
    """Issue id -> the time of the newest of ``failed`` (a file's failed attempts) on it."""
    newest: dict[str, str] = {}
    for e in failed:
        if e.issue_id:
            newest[e.issue_id] = max(newest.get(e.issue_id, ""), e.timestamp)
    return newest


def standing_fixes(fixes: Iterable[FixFact], failures: Mapping[str, str],
                   reverts: Iterable[Event], now: str) -> dict[str, str]:
    """Issue id -> the id of the fix that settles it at ``now``: its newest fix (``fixes``: facts
    by ``fix_fact``, oldest first) recorded by then that no revert in ``reverts`` (those on the
    file) undid, with no failed attempt on the issue after it on the file (``failures``: issue
    id -> the newest one's time). A failure after the fix means the fix did not hold: the issue
    is open again, and its attempts block as they did before it. Times are canonical
    timestamps, which sort as the times they name."""
    undone = [str(sha) for r in reverts if r.timestamp <= now and isinstance(r.get("reverts"), list)
              for sha in r.get("reverts") or []]
    found: dict[str, FixFact] = {}
    for fix in fixes:
        if fix.time <= now and not _reverted(fix.commit, undone):
            found[fix.issue_id] = fix  # the newest standing one wins
    return {iid: fix.id for iid, fix in found.items() if failures.get(iid, "") <= fix.time}


def undone_prefixes(reverts: Iterable[Event]) -> set[str]:
    """The first seven characters of each commit ``reverts`` name as undone: a fix's commit can
    be one of them (``standing_fixes``) only if it begins with one of these."""
    return {str(sha)[:SHA_PREFIX] for r in reverts if isinstance(r.get("reverts"), list)
            for sha in r.get("reverts") or [] if len(str(sha)) >= SHA_PREFIX}


def _reverted(sha: str | None, undone: list[str]) -> bool:
    # an imported fix may name its commit abbreviated: a prefix of seven or more matches
    return bool(sha) and len(str(sha)) >= SHA_PREFIX and any(
        s.startswith(str(sha)) or str(sha).startswith(s) for s in undone if len(s) >= SHA_PREFIX)


def recreates(path: str, event: Event) -> bool:
    """Writing ``path``, on no disk and in no index, would re-create a file this revert touched
    beside its focus (``touched``): a file the reverted change added and its revert deleted."""
    touched = event.get("touched")
    return event.source == "git" and isinstance(touched, list) and path in touched


def current_failures(path: str, failed: list[Event], facts: FileFacts, settings: Thresholds,
                     now_us: int, proposed: str | None = None) -> list[Event]:
    """The failed attempts still news for ``path``. A revert derived from git warns until the file
    moves on: on the file the change was mostly about, until ``revert_commits`` later commits
    changed it (only while none has, once the revert is ``revert_recent_days`` old); on its other
    files, until the next commit. A reland on the file since settles it: the change came back
    and stayed (reverted again, it is a newer revert). A file no longer there moves on from
    nothing: re-creating it is judged as the change's main file. When the change about to be
    made (``proposed``: the text an agent writes, the lines a commit adds) resembles the reverted
    one, neither its age nor the file's later commits hide it: it is that change again; when it
    has next to nothing in common with it, it is other work on the same file, and the revert does
    not warn on it (``unrelated``). Attempts recorded by hand always count: someone chose to
    write them down."""
    return [e for e in failed if (not _moved_on(e, path, facts, settings, now_us)
                                  or repeats(path, proposed, e, settings)) and not unrelated(path, proposed, e)]


def repeats(path: str, proposed: str | None, failed: Event, settings: Thresholds) -> bool:
    """``proposed`` (the change about to be made to ``path``) is the change a revert derived from
    git undid (its diff's deleted lines on the file, else all of them) made again: it resembles
    it (``similarity`` at least ``[gate] similarity``), at least ``MOSTLY`` of what it adds comes
    from it, and it brings back ``NAMES_KEPT`` of its names. A larger change holding only the
    reverted one's pattern (a new entry of a generated schema or a table beside the reverted
    entry) resembles it without being it. Not on a build list or a manifest: their entries follow
    a template, so every change there looks like the last one (measured: a new trace's DEPS entry
    resembled a reverted one's at 0.95)."""
    if not proposed or failed.source != "git" or not failed.details:
        return False
    from kenning.core.gate import similarity  # only for a change to compare with a moved-on revert

    undone = similarity.removed_lines(failed.details).get(path) or similarity.change_text(failed.details, removed=True)
    if not (similarity.similarity(proposed, undone) >= settings.similarity
            and similarity.drawn_from(proposed, undone) >= MOSTLY
            and similarity.names_kept(proposed, undone) >= NAMES_KEPT):
        return False
    # asked last: its patterns cost more to compile than most edits take to compare
    from kenning.core.capture.listings import is_listing

    return not is_listing(path)


def unrelated(path: str, proposed: str | None, failed: Event) -> bool:
    """``proposed`` (the change about to be made to ``path``) has next to nothing in common with
    what a revert derived from git changed in that file: under ``UNRELATED`` of the smaller of
    the two is found in the other (``similarity.overlap``). Compared with the lines the revert
    deleted from the file (what the change had added), else those it restored (a change that only
    deleted there). The first ordinary commit after a revert on a busy file is such a change; a
    retry, even a fragment of one, shares the reverted lines. Unknown (no proposed change, the
    file not in the excerpt of the revert's diff memory keeps, a change too short to compare):
    not unrelated, and the revert warns as the rules above say."""
    if not proposed or not proposed.strip() or failed.source != "git" or not failed.details:
        return False
    from kenning.core.gate import similarity  # only with a change to compare

    undone = similarity.removed_lines(failed.details).get(path) or similarity.added_lines(failed.details).get(path)
    if not undone:
        return False
    found = similarity.overlap(proposed, undone)
    return found is not None and found < UNRELATED


def _moved_on(event: Event, path: str, facts: FileFacts, settings: Thresholds, now_us: int) -> bool:
    if event.source != "git":
        return False
    time_us = _time(event)
    # commits git was not asked for (before facts.covered_from) can only add to the count: a
    # count already over the limit is proof, a count under it keeps the warning
    recent = now_us - time_us <= settings.revert_recent_days * DAY_US
    main = event.path == path or not facts.exists  # the file the change was mostly about; one gone since
    allowed = (settings.revert_commits if main else 0) if recent else (0 if main else -1)
    own = event.get("commit")
    later = [c for c in facts.commits if time_us < c.time_us <= now_us and c.sha != own]
    return len(later) > allowed or any(c.relands for c in later)


def window_start(now_us: int, settings: Thresholds) -> int:
    return now_us - int(settings.window_days * DAY_US)


def failures_start(now_us: int, settings: Thresholds) -> int:
    return now_us - int(settings.failure_days * DAY_US)


def stale_before(facts: FileFacts, settings: Thresholds) -> int | None:
    """Memories written before this time are stale (None: none are).

    A memory is stale when the lines changed in the file by commits made after it reach
    ``stale_ratio`` of the file's current length, or when the file is gone. Changes only add up
    going back in time, so one cutoff separates the stale memories from the fresh ones.
    """
    if not facts.exists:
        return 2**62  # deleted or renamed: every memory about it
    threshold = max(1.0, settings.stale_ratio * facts.lines)
    changed = 0
    for commit in facts.commits:  # newest first
        changed += commit.changed
        if changed >= threshold:
            return commit.time_us
    return None


def evaluate(path: str, memory: FileMemory, facts: FileFacts, now_us: int, settings: Thresholds) -> FileVerdict:
    """All warnings for one file, worst first, each listing its newest evidence first."""
    since = window_start(now_us, settings)
    warnings = [w for w in (
        _failed_attempts(memory, settings),
        _failed_before_fix(memory),
        _open_issues(memory),
        _recent_revert(facts, memory, since, now_us),
        _churn(facts, since, now_us, settings),
        _recent_decision(memory),
        _stale_memory(memory, facts),
    ) if w is not None]
    warnings.sort(key=lambda w: (-SEVERITIES.index(w.severity), KINDS.index(w.kind)))
    return FileVerdict(path, warnings)


def _failed_attempts(memory: FileMemory, settings: Thresholds) -> GateWarning | None:
    """Failed attempts warn for ``failure_days``; only those in the shorter window can block:
    an old failure is worth knowing, not worth stopping an edit for."""
    if not memory.failed_count:
        return None
    severity = "block" if memory.recent_failed >= settings.block_failed_attempts else "warn"
    shown = memory.failed[:FAILED_SHOWN]
    span = f"in the last {_days(settings.window_days)}"
    if memory.recent_failed < memory.failed_count:
        span = f"in the last {_days(settings.failure_days)} ({memory.recent_failed} {span})"
    # each summary of a revert starts with the change's sha and PR: a cut keeps them
    message = (f"{plural(memory.failed_count, 'failed attempt')} {span}: "
               + "; ".join(one_line(e.summary, 120) for e in shown))
    return GateWarning("failed_attempts", severity, message, [e.id for e in shown],
                    [Evidence("failed", _time(e), e.summary, e.id) for e in shown])


def _failed_before_fix(memory: FileMemory) -> GateWarning | None:
    """Failed attempts on issues fixed since: what was tried is worth knowing, but the issue was
    solved, so they inform and never block; the message names each fix."""
    if not memory.settled_count:
        return None
    fixes = sorted(memory.fixes.values(), key=lambda e: e.sort_key, reverse=True)
    named = "; ".join(f"#{f.issue_id} by {one_line(f.summary, 80)}{_commit_of(f)}" for f in fixes[:3])
    message = (f"{plural(memory.settled_count, 'failed attempt')} on {'an issue' if len(fixes) == 1 else 'issues'} "
               f"fixed since ({named}): " + "; ".join(one_line(e.summary, 80) for e in memory.settled))
    evidence = [Evidence("fixed", _time(f), f"#{f.issue_id} fixed by: {f.summary}{_commit_of(f)}", f.id)
                for f in fixes[:2]]
    evidence += [Evidence("failed", _time(e), f"{e.summary} (#{e.issue_id}, fixed since)", e.id)
                 for e in memory.settled]
    return GateWarning("failed_before_fix", "info", message, [e.id for e in memory.settled] + [f.id for f in fixes],
                       evidence)


def _commit_of(fix: Event) -> str:
    sha = fix.get("commit") or fix.git_commit
    return f" (commit {str(sha)[:10]})" if sha else ""


def _open_issues(memory: FileMemory) -> GateWarning | None:
    if not memory.open_count:
        return None
    named = "; ".join(f"#{e.issue_id} {one_line(e.summary, 80)}" for e in memory.open_issues[:3])
    return GateWarning("open_issues", "warn", f"{plural(memory.open_count, 'open issue')}: {named}",
                    [e.id for e in memory.open_issues],
                    [Evidence("issue", _time(e), f"#{e.issue_id} {e.summary}", e.id) for e in memory.open_issues[:3]])


def _in_window(facts: FileFacts, since: int, now_us: int) -> list[Commit]:
    return [c for c in facts.commits if since <= c.time_us <= now_us]


def _recent_revert(facts: FileFacts, memory: FileMemory, since: int, now_us: int) -> GateWarning | None:
    """Revert commits in the window, as git lists them: those memory judged (it read them) only
    where memory still counts them as failures here, so a revert of another change that merely
    touched this file, or one the file moved on from, adds nothing; those older than memory's
    reach as git says."""
    reverts = [c for c in _in_window(facts, since, now_us) if c.is_revert and (
        derived_id(c.sha) not in facts.remembered or derived_id(c.sha) in memory.live_reverts)]
    if not reverts:
        return None
    message = f"reverted recently: {one_line(reverts[0].subject, 100)} ({reverts[0].sha[:10]})"
    if len(reverts) > 1:
        message += f" and {plural(len(reverts) - 1, 'more revert')}"
    return GateWarning("recent_revert", "warn", message, [derived_id(c.sha) for c in reverts],
                    [Evidence("revert", c.time_us, f"{c.subject} ({c.sha[:10]})", None) for c in reverts[:2]])


def _churn(facts: FileFacts, since: int, now_us: int, settings: Thresholds) -> GateWarning | None:
    commits = _in_window(facts, since, now_us)
    if len(commits) < settings.churn_commits:
        return None
    message = f"{plural(len(commits), 'commit')} touched this file in the last {_days(settings.window_days)}"
    return GateWarning("churn", "info", message, [], [Evidence("churn", commits[0].time_us, message, None)])


def _recent_decision(memory: FileMemory) -> GateWarning | None:
    newest = memory.decision
    if newest is None:
        return None
    return GateWarning("recent_decision", "info", f"standing decision: {one_line(newest.summary, 120)}",
                    [newest.id], [Evidence("decided", _time(newest), newest.summary, newest.id)])


def _stale_memory(memory: FileMemory, facts: FileFacts) -> GateWarning | None:
    if not memory.stale_count:
        return None
    renamed = next((c.renamed_to for c in facts.commits if c.renamed_to), None)
    if not facts.exists:
        why = f"the file was renamed to {renamed}" if renamed else "the file was deleted"
    else:
        why = "the file changed substantially since they were written"
    noun = "memory" if memory.stale_count == 1 else "memories"
    message = f"{memory.stale_count} {noun} may be stale: {why}"
    return GateWarning("stale_memory", "info", message, [e.id for e in memory.stale],
                    [Evidence("stale", _time(e), e.summary, e.id) for e in memory.stale[:2]])


def derived_id(sha: str) -> str:
    """The id of the event derived from a commit: the same in every clone."""
    return "evt_" + sha[:20]


def _days(window: float) -> str:
    """``30 days``, ``0.5 days``; ``day`` alone for one ("in the last day")."""
    return "day" if window == 1 else plural(window, "day")


# -- snoozes --------------------------------------------------------------------------------------

def apply_snoozes(verdict: FileVerdict, snoozes: Iterable[Event], events: Mapping[str, Event],
                  now_us: int) -> None:
    """Mark warnings covered by an active snooze. A snooze covers the evidence that existed when
    it was recorded: a warning backed by a newer event is live again. An unsnooze on the file
    (``ken precheck --unsnooze``) ends every snooze on it recorded at or before it."""
    mine = [s for s in snoozes if verdict.path in (s.get("paths") or [])]
    ended = max((_time(s) for s in mine if is_unsnooze(s)), default=None)
    active = [s for s in mine if _until(s) > now_us and not is_unsnooze(s) and (ended is None or _time(s) > ended)]
    if not active:
        return
    for warning in verdict.warnings:
        newest = max((_time(events[i]) for i in warning.event_ids if i in events), default=0)
        covering = [s for s in active if _time(s) >= newest]
        if covering:
            best = max(covering, key=_until)
            warning.snoozed_until = str(best.get("until"))


def deciding_snoozes(running: Iterable[SnoozeRow]) -> set[str]:
    """The ids of the ``running`` snoozes that can decide a warning: ``apply_snoozes`` takes,
    among those recorded after a warning's newest evidence, the one that runs longest, so a
    snooze matters only when no snooze recorded at or after it runs as long. Hundreds of
    snoozes on a file come down to a few, read by id."""
    deciding: set[str] = set()
    by_path: dict[str, list[SnoozeRow]] = {}
    for snooze in running:
        by_path.setdefault(snooze.path, []).append(snooze)
    for snoozes in by_path.values():
        longest = ""
        for snooze in sorted(snoozes, key=lambda s: (s.time, s.until), reverse=True):
            if snooze.until > longest:
                deciding.add(snooze.id)
                longest = snooze.until
    return deciding


def is_unsnooze(snooze: Event) -> bool:
    """A snooze event that ends the snoozes before it: the log is append-only, so ending one
    early is itself an event. Its ``until`` is its own time: older readers see a snooze that
    has already run out."""
    return snooze.get("unsnooze") is True


def _until(snooze: Event) -> int:
    try:
        return parse_timestamp(str(snooze.get("until", "")))
    except ValueError:
        return 0


def parse_since(text: str, now_us: int) -> int:
    """A start of history: a date (``2025-06-01``), a time (ISO 8601), or a duration back from
    now (``90d``, ``12w``, ``6mo``, ``1y``: ``durations.parse``) -> microseconds; ``ValueError``
    otherwise."""
    value = text.strip()
    if value[:1].isdigit() and "-" not in value and ":" not in value:  # no date: a duration
        return now_us - durations.parse(value) * 1_000_000
    try:
        return parse_timestamp(value + ("T00:00:00Z" if len(value) == 10 else ""))
    except ValueError:
        raise ValueError(f"not a start of history: {value[:40]!r}; give a date (2025-06-01) or a duration back from "
                         f"now, such as 90d, 6mo or 1y ({durations.ACCEPTED})") from None


# -- text output ----------------------------------------------------------------------------------

def age(time_us: int, now_us: int) -> str:
    """``just now`` under a minute, then ``5m ago``, ``3h ago``, ``12d ago``."""
    seconds = max(0, (now_us - time_us) // 1_000_000)
    return "just now" if seconds < 60 else f"{durations.spell(seconds)} ago"


def render_text(report: Verdicts, now_us: int, max_lines: int = GATE_LINES) -> str:
    """The compact block people and agents read: a header per file, then evidence lines,
    newest first, each with its age and event id."""
    out = []
    for verdict in report.files:
        live = [w for w in verdict.warnings if w.snoozed_until is None]
        if not verdict.warnings:
            holes = (f"; {plural(report.skipped, 'line')} of .kenning/events.jsonl could not be read, see `ken doctor`"
                     if report.skipped else "")
            found = f"{NO_SUCH_FILE}{holes}" if verdict.no_such_file else f"ok (no warnings{holes})"
            out.append(f"{verdict.path}: {found}")
            continue
        kinds = ", ".join(w.kind.replace("_", " ") for w in live) or "all snoozed"
        out.append(f"{verdict.path}: {verdict.severity.upper()} ({kinds})")
        lines = []
        for warning in verdict.warnings:
            snoozed = f" [snoozed until {warning.snoozed_until}]" if warning.snoozed_until else ""
            if warning.kind in ("churn",):
                lines.append(f"  {warning.severity:<5} {warning.message}{snoozed}")
                continue
            if warning.kind in ("stale_memory", "code_changed"):
                lines.append(f"  {warning.severity:<5} {warning.message}{snoozed}")
            for ev in warning.evidence:
                ident = f"  [{ev.event_id}]" if ev.event_id else ""
                lines.append(f"  {warning.severity:<5} {ev.label:<7} {age(ev.time_us, now_us):>8}  "
                             f"{one_line(ev.text, 90)}{ident}{snoozed}")
        room = max(1, max_lines - 1)  # the header line counts too
        if len(lines) > room:
            hidden = len(lines) - room + 1
            lines = lines[: room - 1] + [f"  … {hidden} more lines: `ken precheck {verdict.path} --json`"]
        out.extend(lines)
    return "\n".join(out) + "\n"
