"""``ken audit``: replay a repository's history and ask whether the gate would have warned.

Pure: commits in, findings out. A *re-attempt* is a commit that tries again a change that was
reverted: its message says so (``Reland "X"``, ``Revert "Revert "X""``, ``Reapply``, a body
naming the reverted commit), or its diff on the same files closely resembles the reverted
diff. Each is replayed with the memory as it was one second before it: the events derived
from the commits before it, over the spans ``ken init`` would have read at that moment
(every kind for ``backfill_days``, reverts for ``revert_days``), judged by the same rules as
``ken precheck`` on the files both changes touched. Ordinary commits, sampled by sha (so the
same history always gives the same sample), are replayed the same way as controls: a
revert warning there is noise.
"""

from __future__ import annotations

import re

from kenning.core.capture import derive as capture
from kenning.core.capture import reverts
from kenning.core.events import Event
from kenning.core.gate import rules as gate
from kenning.core.gate import similarity

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence
    from typing import Any

DAY_S = 86_400
REVERT_KINDS = ("failed_attempts", "recent_revert")
RESEMBLANCE = 0.6         # how alike a later diff and the reverted one must be to be a re-attempt
CLOSE = 0.8               # ... when its subject shares one word with the reverted subject (two: RESEMBLANCE + 0.1)
CANDIDATES = 8            # later commits on the reverted files compared with the reverted diff
HORIZON_DAYS = 365        # a re-attempt found by its diff comes within a year of the revert
WIDE_CHANGE = 40          # a commit over this many files (a reformat, a bump) is no retry of one change


class Commit:
    """A commit as the audit needs it (files: path, lines changed)."""

    __slots__ = ("sha", "time", "subject", "body", "files", "parents", "message", "_lines")

    def __init__(self, sha: str, time: int, subject: str, body: str, files: list[tuple[str, int]],
                 parents: int = 1) -> None:
        self.sha, self.time, self.subject, self.body = sha, time, subject, body
        self.files, self.parents = files, parents
        self.message = reverts.read(subject, body)
        self._lines: dict[str, int] | None = None

    @property
    def paths(self) -> list[str]:
        return [p for p, _ in self.files]

    def lines(self, path: str) -> int:
        """The lines this commit changed in ``path``. Indexed once per commit: a replay asks it
        for every file of every check, and a generated sweep lists thousands of files."""
        if self._lines is None:
            self._lines = {}
            for name, changed in self.files:
                self._lines[name] = self._lines.get(name, 0) + changed
        return self._lines.get(path, 0)


class Spans:
    """How far back each part of memory reaches at a moment (``[capture]`` and ``[gate]``)."""

    __slots__ = ("backfill_days", "revert_days")

    def __init__(self, backfill_days: float = 90, revert_days: float = 365) -> None:
        self.backfill_days, self.revert_days = backfill_days, revert_days


# how a re-attempt was found (``Reattempt.found_by``): announced by its message, repeating the
# reverted commit's subject, or resembling the reverted diff; the report counts each kind
FOUND_BY = ("message", "subject", "diff")


def found_by_counts(found_by: Iterable[str]) -> dict[str, int]:
    """``by_message``, ``by_subject``, ``by_diff``: how many re-attempts each way found, every
    kind named (a zero included), so the counts always add up to the re-attempts."""
    kinds = list(found_by)
    return {f"by_{kind}": sum(1 for k in kinds if k == kind) for kind in FOUND_BY}


class Reattempt:
    """A revert and the commit that tried its change again."""

    __slots__ = ("revert", "original", "commit", "found_by", "score")

    def __init__(self, revert: Commit, original: Commit | None, commit: Commit, found_by: str,
                 score: float | None = None) -> None:
        self.revert, self.original, self.commit = revert, original, commit
        self.found_by, self.score = found_by, score

    @property
    def files(self) -> list[str]:
        """The files both changes touched (the reverted change, else its revert, and the retry)."""
        before = set((self.original or self.revert).paths) or set(self.revert.paths)
        return [p for p in self.commit.paths if p in before]


class History:
    """A history read once (newest first, as git lists it), indexed for replays."""

    def __init__(self, commits: Sequence[Commit], spans: Spans, settings: gate.Thresholds,
                 patches: Mapping[str, str] | None = None) -> None:
        self.commits = sorted(commits, key=lambda c: (c.time, c.sha))  # oldest first
        self.patches = patches or {}  # the reverts' diffs, which capture keeps in their events
        self.spans, self.settings = spans, settings
        self.by_sha = {c.sha: c for c in self.commits}
        self.ledger = reverts.Ledger()
        self.touching: dict[str, list[Commit]] = {}
        self._by_title: dict[str, list[Commit]] = {}
        for commit in self.commits:
            self.ledger.add(commit.sha, commit.subject, commit.time, commit.body)
            for path in commit.paths:
                self.touching.setdefault(path, []).append(commit)
            if not commit.message.kind:
                self._by_title.setdefault(reverts.normal_title(commit.subject), []).append(commit)
        self.originals = {c.sha: self._originals(c) for c in self.commits if c.message.is_revert}
        self.kinds = {c.sha: self._kind(c) for c in self.commits}
        self.reverts = [c for c in self.commits if self.kinds[c.sha] == "revert" and c.parents <= 1]
        # a reverted dependency roll is rolled again by its bot, not re-attempted by hand: the gate
        # warns on no file for it (``capture.is_roll``), and the audit looks for no retry of it
        self.retried = [c for c in self.reverts if not capture.is_roll(
            next((o.subject for o in self.originals[c.sha]), c.message.title))]
        self._derived: dict[str, list[tuple[int, Event]]] | None = None  # path -> (commit time, event)
        self._touched: dict[str, list[tuple[int, Event]]] = {}  # the same, for a revert's files beside its focus

    # -- reading the history ---------------------------------------------------------------------

    def find(self, name: str) -> Commit | None:
        sha = self.ledger.find(name)
        return self.by_sha[sha] if sha else None

    def _kind(self, commit: Commit) -> str | None:
        """A commit's kind as capture judges it: an unconfirmed candidate is ordinary, a rollback
        of rollbacks a reland."""
        message = commit.message
        if message.retry:  # "X (try 2)" retries X only where X was committed before it
            return "reland" if self.ledger.undone(message, commit.sha, commit.time) else None
        if not message.is_revert:
            return message.kind
        originals = self.originals[commit.sha]
        if originals and all(self.by_sha[o.sha].message.is_revert for o in originals):
            return "reland"
        return "revert" if message.explicit or originals else None

    def _originals(self, revert: Commit) -> list[Commit]:
        """The commits a revert undoes, by the rule capture uses (``core.capture.reverts.Ledger``)."""
        return [self.by_sha[s] for s in self.ledger.undone(revert.message, revert.sha, revert.time)]

    def derived(self) -> dict[str, list[tuple[int, Event]]]:
        """The events capture derives from every commit, by path; derived on the first replay (a
        history read only to find its reverts, before their lines are counted, never needs them)."""
        if self._derived is None:
            self._derived = {}
            for commit in self.commits:
                event = self._derive(commit)
                if event is not None:
                    for path in event.paths():
                        self._derived.setdefault(path, []).append((commit.time, event))
                    for path in set(event.get("touched") or []) - set(event.paths()):
                        self._touched.setdefault(path, []).append((commit.time, event))
        return self._derived

    def _derive(self, commit: Commit) -> Event | None:
        originals = self.originals.get(commit.sha, [])
        changes = [capture.Change.of(c.sha, c.subject, c.body) for c in originals]
        data = capture.derive(commit.sha, commit.time, "", commit.subject, commit.body, commit.files,
                              self.patches.get(commit.sha), changes, commit.parents)
        return Event(data) if data is not None else None

    # -- re-attempts -----------------------------------------------------------------------------

    def relands(self) -> dict[str, Reattempt]:
        """Re-attempts their messages announce (a reland naming the change, its revert or its
        title), or that repeat the reverted commit's subject word for word; keyed by the
        revert's sha, the first one after the revert wins."""
        found: dict[str, Reattempt] = {}
        announced = [c for c in self.commits if self.kinds[c.sha] == "reland"]
        for revert in self.retried:
            originals = self.originals[revert.sha]
            original = next(iter(originals), None)
            shas = {revert.sha, *(c.sha for c in originals)}
            prs = {n for n in [revert.message.pr, *(reverts.pr_number(c.subject) for c in originals)] if n}
            numbers = {n for s in shas for n in self.ledger.changes.get(s, ())}
            title = reverts.strip_pr(original.subject) if original else revert.message.title
            for later in announced:
                if later.time < revert.time or later.sha == revert.sha:
                    continue
                named = any(full.startswith(s) for s in later.message.shas for full in shas)
                named = named or bool(numbers & set(later.message.changes))
                if named or prs & set(later.message.prs) or reverts.same_change(later.message.title, title) \
                        or reverts.same_gist(later.message.title, title):
                    found[revert.sha] = Reattempt(revert, original, later, "message")
                    break
            if original is None:
                continue
            same = self._by_title.get(reverts.normal_title(original.subject), [])
            again = _latest_after(same, revert) if len(same) <= 3 else None  # "Internal change" x 399: no name
            if again is not None and (revert.sha not in found or again.time < found[revert.sha].commit.time):
                found[revert.sha] = Reattempt(revert, original, again, "subject")
        return found

    def diff_candidates(self, taken: dict[str, Reattempt]) -> list[tuple[Commit, Commit, list[Commit]]]:
        """(revert, original, later commits on the original's files) for reverts whose retry no
        message announced: the caller fetches their diffs and asks ``resembles``."""
        out = []
        for revert in self.retried:
            original = next(iter(self.originals[revert.sha]), None)
            if revert.sha in taken or original is None:
                continue
            files = capture.focus(original.files) or original.paths
            later: dict[str, Commit] = {}
            for path in files:
                for commit in self.touching.get(path, []):
                    if (revert.time < commit.time <= revert.time + HORIZON_DAYS * DAY_S
                            and self.kinds[commit.sha] in (None, "reland") and commit.parents <= 1
                            and len(commit.files) <= WIDE_CHANGE):
                        later.setdefault(commit.sha, commit)
            ordered = sorted(later.values(), key=lambda c: (c.time, c.sha))[:CANDIDATES]
            if ordered:
                out.append((revert, original, ordered))
        return out

    # -- replay ----------------------------------------------------------------------------------

    def judge(self, paths: list[str], before: int, proposed: Mapping[str, str] | None = None) -> gate.Verdicts:
        """The gate on ``paths`` one second before ``before`` (seconds), with the memory ``ken
        init`` would have derived at that moment; ``proposed``: the change made to each (its added
        lines), as the agent hook and the pre-commit hook see it."""
        now_s = before - 1
        now_us = now_s * 1_000_000
        all_from = now_s - int(self.spans.backfill_days * DAY_S)
        reverts_from = min(all_from, now_s - int(self.spans.revert_days * DAY_S))
        since = gate.window_start(now_us, self.settings)
        verdicts, derived = [], self.derived()
        for path in paths:
            exists = not self._gone(path, now_s)
            known = derived.get(path, []) + ([] if exists else self._touched.get(path, []))
            visible = [e for time_s, e in known
                       if time_s <= now_s and time_s >= (reverts_from if e.type == "attempt" else all_from)]
            facts = gate.FileFacts(path, self._facts(path, now_s), exists, 0)
            memory = gate.FileMemory.of(path, visible, set(), set(), since, None, now_us=now_us,
                                        failures_since=gate.failures_start(now_us, self.settings),
                                        facts=facts, settings=self.settings, proposed=(proposed or {}).get(path))
            # memory read every revert since it began reading reverts: git's record adds nothing
            facts.remembered = {gate.derived_id(c.sha) for c in facts.commits if c.time_us >= reverts_from * 1_000_000}
            verdicts.append(gate.evaluate(path, memory, facts, now_us, self.settings))
        return gate.Verdicts(verdicts)

    def _gone(self, path: str, now_s: int) -> bool:
        """Whether ``path`` was on no disk at ``now_s``: the last commit on it was a revert of the
        change that first added it (the history read has no file status: its first commit on a
        path is taken as the one that created it)."""
        before = [c for c in self.touching.get(path, []) if c.time <= now_s]
        if len(before) < 2 or self.kinds[before[-1].sha] != "revert":
            return False
        return before[0].sha in {o.sha for o in self.originals[before[-1].sha]}

    def _facts(self, path: str, now_s: int) -> list[gate.Commit]:
        commits = []
        for commit in reversed(self.touching.get(path, [])):  # newest first, as git lists them
            if commit.time > now_s:
                continue
            if commit.time < now_s - int(self.settings.failure_days * DAY_S):
                break
            message = commit.message
            reverted = None
            if message.is_revert and message.explicit:
                reverted = message.shas[0] if message.shas else ""
            commits.append(gate.Commit(commit.sha, commit.time * 1_000_000, commit.subject, reverted,
                                       commit.lines(path), relands=self.kinds[commit.sha] == "reland"))
        return commits

    def controls(self, since: int, count: int, exclude: set[str]) -> list[Commit]:
        """Ordinary commits since ``since``: no reverts, relands, re-attempts or merges; sampled
        by sha, so the same history always gives the same sample."""
        pool = [c for c in self.commits if c.time >= since and self.kinds[c.sha] is None and c.parents <= 1
                and c.files and c.sha not in exclude]
        return sorted(pool, key=lambda c: c.sha)[:count]


def resembles(original_patch: str, later_patch: str, files: list[str]) -> float:
    """How alike a later change is to the reverted one on the files they share: the better of
    the change-aware similarity of their added lines and the overlap of the names they add."""
    best = 0.0
    before, after = similarity.added_lines(original_patch), similarity.added_lines(later_patch)
    for path in files:
        old, new = before.get(path), after.get(path)
        if not old or not new:
            continue
        score = max(similarity.similarity(new, old), _name_overlap(new, old))
        best = max(best, score)
    return best


def genuine(original_subject: str, later_subject: str, score: float) -> bool:
    """Whether a later change resembling the reverted diff (``resembles``) tries that change
    again, by what its subject says too. Measured on five histories (docs/audit.md): of the diff
    matches whose subject shares no word with the reverted one, nine in ten were other work on
    the same lines (a test added beside it, a table extended); the genuine retries say the same
    thing in other words ("Consolidate read colorspace override states") and resemble closely."""
    shared = len(_subject_words(original_subject) & _subject_words(later_subject))
    return (shared >= 1 and score >= CLOSE) or (shared >= 2 and score >= RESEMBLANCE + 0.1)


_WORD = re.compile(r"[a-z][a-z0-9_]{2,}")
_COMMON = frozenset(("the", "and", "for", "with", "from", "into", "when", "only", "all", "not", "use", "add", "fix",
                    "make", "this", "that", "are", "was", "its"))


def _subject_words(subject: str) -> set[str]:
    """A subject's own words: no labels (``fix(node):``, ``[gn]``), PR numbers or common words."""
    return {w for w in _WORD.findall(reverts.gist(subject) or reverts.normal_title(subject)) if w not in _COMMON}


def verdict_of(report: gate.Verdicts, reattempt: Reattempt | None = None) -> dict[str, Any]:
    """What a replayed check found: any warning, a revert warning, and whether one names the
    reverted change (its sha, PR number or subject)."""
    warnings = [w for f in report.files for w in f.warnings]
    revert_warnings = [w for w in warnings if w.kind in REVERT_KINDS and w.severity in ("warn", "block")]
    # an agent edits every file of a retry: how many of them the gate stopped it on
    files_warned = len(warned_files(report))
    named = False
    if reattempt is not None and revert_warnings:
        text = " ".join(w.message + " " + " ".join(e.text for e in w.evidence) for w in revert_warnings).lower()
        named = any(mark.lower() in text for mark in _marks(reattempt))
    return {"warned": bool(revert_warnings), "named": named, "any_warning": bool(warnings),
            "files_warned": files_warned, "files_checked": len(report.files),
            "severity": report.severity,
            "kinds": sorted({w.kind for w in warnings}),
            "first_line": revert_warnings[0].message if revert_warnings else ""}


def warned_files(report: gate.Verdicts) -> list[str]:
    """The files a replayed check warned on for a revert (severity warn or block)."""
    return [f.path for f in report.files
            if any(w.kind in REVERT_KINDS and w.severity in ("warn", "block") for w in f.warnings)]


def _marks(reattempt: Reattempt) -> list[str]:
    change = reattempt.original
    marks = [reattempt.revert.sha[:7]]
    if change is not None:
        marks.append(change.sha[:7])
        number = reverts.pr_number(change.subject)
        if number:
            marks.append(f"#{number}")
        title = reverts.read(change.subject).title
        if len(title) >= 12:
            marks.append(title)
    return marks


def _latest_after(commits: list[Commit], revert: Commit) -> Commit | None:
    """The first of ``commits`` (oldest first) made after ``revert``."""
    return next((c for c in commits if c.time > revert.time and c.sha != revert.sha), None)


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{2,}|\d{2,}")


def _name_overlap(new: str, old: str) -> float:
    """Jaccard overlap of the names and numbers two changes add (at least two each, and neither
    over three times the other: a sweeping cleanup shares names with everything)."""
    a, b = set(_NAME.findall(new)), set(_NAME.findall(old))
    if len(a) < 2 or len(b) < 2 or max(len(a), len(b)) > 3 * min(len(a), len(b)):
        return 0.0
    return round(len(a & b) / len(a | b), 2)
