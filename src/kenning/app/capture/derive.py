"""Keeping the events derived from git history up to date (capture and backfill).

Derived events are not appended to the tracked log: they live in the index, next to the log's
events, with ``origin = 'git'``. The index remembers the HEAD it derived up to and the two
spans it read: every kind of event since ``start`` (``[capture] backfill_days``, 90 days), and
reverts alone since ``revert_start`` (``[capture] revert_days``): reverts are failed attempts
the gate shows for longer, and git finds them by message without computing a diff per commit.

A read that finds HEAD moved asks git once for ``OLD...NEW``: the commits only NEW has are
derived; after a rewrite the commits only OLD had are listed too, and their events removed.
A commit git cannot read (a partial clone missing a blob) is skipped, said once, and
remembered: the backfill degrades per commit and never retries on every read. The spans are
also kept beside the index (``.kenning/local/capture-span.json``), so a rebuilt index derives
the same history again, a backfill included.
"""

from __future__ import annotations

import sys

from kenning import git
from kenning.core.events import Event, parse_line, serialize
from kenning.core.text import plural
from kenning.git import history as git_history
from kenning.store import files

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from kenning.app.memory import Memory
    from kenning.core.capture import reverts
    from kenning.core.capture.derive import Change

DAY = 86400
SPAN = "capture-span.json"  # in .kenning/local/ (machine-local): the span of history read, kept over rebuilds
LONG = 600.0  # seconds: a year of a large repository's history is one long `git log`
# message lines that may be a revert, for git to keep over the long revert span (extended regex,
# case-insensitive; `core.capture.reverts` decides): a wide net is cheap, a narrow one loses reverts
REVERT_GREP = (r"^(\[revert\]|undo |automated( [a-z]+)? rollback|partial(ly)? revert|temporarily revert|revert|"
               r"roll ?back|back ?out)|^this (cl |pr |change )?reverts|^reverting commit|"
               r"^[^ :]+: (partial(ly)? |temporarily )?(revert|rollback|roll back)")


def refresh(memory: Memory, now_s: int, backfill_days: int | None = None, progress: bool = False,
            paths: list[str] | None = None) -> int:
    """Derive events for commits not seen yet; return how many events were added.

    From scratch (``ken init``, a rebuilt cache): one light ``git log`` of subjects over the
    revert span, one ``git log`` with file statistics over the backfill span, one more for the
    reverts older than that, and one ``git show`` for the patches of the reverts. After that,
    one ``git log OLD...NEW`` gives the new commits and, after a rewrite, the dropped ones.

    ``paths``: for a memory that will only judge these files (the cold gate's, thrown away
    after), derive only from the commits that touched them, each read whole (every file it
    changed, side branches included): the events about these files that a full read derives,
    at a cost that follows their history rather than the repository's.
    """
    root = memory.project.root
    head = git.head_commit(root)
    if head is None:
        return 0
    info = memory.cache.meta("git")
    if info is not None and info.get("head") == head:
        return 0
    with memory.transaction():
        # read again now the index is ours: another process may have done the work, and HEAD
        # may have moved while this one waited (following from the stale HEAD would take the
        # newer commit for one rewritten away, and forget what it derived from it)
        info, head = memory.cache.meta("git"), git.head_commit(root) or head
        if info is not None and info.get("head") == head:
            return 0
        if info is not None and info.get("head"):
            added = _follow(memory, head, info)
        else:
            days = backfill_days if backfill_days is not None else setting(memory, "backfill_days", 90)
            start = int(info["start"]) if info else now_s - days * DAY
            revert_start = int(info.get("revert_start", start)) if info else min(
                start, now_s - setting(memory, "revert_days", 365) * DAY)
            if not info:
                start, revert_start = _remembered(memory, start, revert_start)
            _remember(memory, start, revert_start)
            added = _read_span(memory, head, start, None, revert_start, progress, paths)
            info = {**(memory.cache.meta("git") or {}), "start": start, "revert_start": revert_start}
        memory.cache.set_meta("git", {**info, "head": head})
        # after the head: the state's save mark names it, so this process's own derivation is not
        # taken for another's (which would drop the state it holds and read it all again)
        memory.save_state()
    return added


def widen(memory: Memory, start: int, now_s: int) -> int:
    """``ken backfill``: derive the history between ``start`` and where capture started."""
    root = memory.project.root
    head = git.head_commit(root)
    if head is None:
        return 0
    refresh(memory, now_s)
    with memory.transaction():
        info = dict(memory.cache.meta("git") or {})
        old_start = int(info.get("start", start))
        old_reverts = int(info.get("revert_start", old_start))
        if start >= old_start:
            return 0
        # every kind from the new start: the reverts in that span come with them
        added = _read_span(memory, head, start, old_start, start, False)
        memory.save_state()
        info = {**(memory.cache.meta("git") or {}), "start": start, "revert_start": min(start, old_reverts)}
        memory.cache.set_meta("git", info)
        _remember(memory, start, info["revert_start"])
    return added


def _remembered(memory: Memory, start: int, revert_start: int) -> tuple[int, int]:
    """The span a rebuilt index derives again: the one this clone read before (a ``ken backfill``
    reaches further back than the default), so a rebuild (a new kenning, a damaged index) gives
    back what it threw away. The file only ever widens the span: one committed by someone else
    cannot narrow what the gate sees."""
    kept = files.read_json(memory.project.local_dir / SPAN)
    if not isinstance(kept, dict):
        return start, revert_start
    earlier = [value for value in (kept.get("start"), kept.get("revert_start"))
               if isinstance(value, int) and not isinstance(value, bool) and value >= 0]
    if len(earlier) != 2:
        return start, revert_start
    return min(start, earlier[0]), min(revert_start, earlier[1])


def _remember(memory: Memory, start: int, revert_start: int) -> None:
    files.write_json_quietly(memory.project.local_dir / SPAN, {"start": start, "revert_start": revert_start})


def history_read(memory: Memory) -> dict[str, Any] | None:
    """The span of git history events are derived from, as the index records it (None before the
    first read): from ``start``, reverts from ``reverts_from``, up to ``head``."""
    from kenning.core.events import format_timestamp

    info = memory.cache.meta("git")
    if not info:
        return None
    start = int(info.get("start", 0))
    return {"head": info.get("head"), "start": format_timestamp(start * 1_000_000),
            "reverts_from": format_timestamp(int(info.get("revert_start", start)) * 1_000_000),
            "unreadable_commits": int(info.get("unreadable", 0))}


def setting(memory: Memory, key: str, default: int) -> int:
    value = memory.project.setting("capture", key)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else default


def _follow(memory: Memory, head: str, info: dict[str, Any]) -> int:
    root = memory.project.root
    try:
        records = git_history.between(root, str(info["head"]), head)
    except git.GitError:
        memory.rebuild_in_transaction()  # the old head is gone (gc'd after a rewrite): start over
        return _read_span(memory, head, int(info["start"]), None, int(info.get("revert_start", info["start"])), False)
    dropped = [r.sha for r in records if r.side == "<"]
    if dropped:
        memory.forget_derived(capture_ids(dropped))
    fresh = [r for r in records if r.side != "<"]
    resolver = Resolver(root, head, None)
    resolver.know([(r.sha, r.subject, r.time) for r in fresh])
    return _index(memory, fresh, resolver, False)


def _read_span(memory: Memory, head: str, start: int, until: int | None, revert_start: int, progress: bool,
               paths: list[str] | None = None) -> int:
    """Derive every commit in [start, until) and the reverts in [revert_start, start); with
    ``paths``, only those that touched them."""
    from kenning.core.capture import reverts  # only when history is read: its patterns cost every other read
    root = memory.project.root
    history = git_history.subjects(root, head, since=min(start, revert_start))
    if paths and len(paths) > git.PATHS_PER_CALL:
        paths = None  # more than one command line holds: every commit, as a whole capture reads
    whole = bool(paths)  # each commit about the paths read whole, side branches included
    records, unreadable = git_history.readable_log(root, [head], start, until, paths=paths, full_diff=whole,
                                                   timeout=LONG, full_history=whole)
    if revert_start < start:
        older, skipped = git_history.readable_log(root, [head], revert_start, start, paths=paths, grep=REVERT_GREP,
                                                  full_diff=whole, timeout=LONG, full_history=whole)
        records += older
        unreadable += skipped
    if unreadable:
        total = int((memory.cache.meta("git") or {}).get("unreadable", 0)) + unreadable
        memory.warn(f"git could not read every file of {unreadable} commit(s) (objects missing from a partial "
                    "clone); their events keep the files without line counts. Said once: not retried")
        memory.cache.set_meta("git", {**(memory.cache.meta("git") or {}), "unreadable": total})
    resolver = Resolver(root, head, history)
    revert_shas = [r.sha for r in records if len(r.parents) <= 1 and reverts.read(r.subject, r.body).is_revert]
    try:
        patches = git_history.show_patches(root, revert_shas)
    except git.GitError:
        patches = {}
    for record in records:
        record.patch = patches.get(record.sha, "")
    return _index(memory, records, resolver, progress)


class Resolver:
    """Finds the commits a revert undoes (``core.capture.reverts.Ledger``) in the history being read:
    first among the commits already listed, then by asking git, once per batch."""

    def __init__(self, root: Path, head: str, history: list[tuple[str, str, int]] | None) -> None:
        from kenning.core.capture.reverts import Ledger

        self.root, self.head = root, head
        self.ledger = Ledger()
        self.know(history or [])

    def know(self, commits: list[tuple[str, str, int]]) -> None:
        """Commits known to be in HEAD's history."""
        for sha, subject, time in commits:
            self.ledger.add(sha, subject, time)

    def prepare(self, messages: list[reverts.Message]) -> None:
        """Ask git, in one process each, about every sha, PR number and quoted subject not listed
        yet (a candidate's subject included: capture after ``ken init`` confirms it as a backfill
        does). A commit found by name counts only when it is in HEAD's history: a squash merge can
        name a commit of its own branch that never reached it. ``git revert``'s own message (a
        subject and a full sha) needs no process, so a read right after one stays within the
        gate's two git processes."""
        from kenning.core.capture import reverts

        ledger = self.ledger
        messages = [m for m in messages if not (m.explicit and m.title and not m.prs and m.shas
                                                and all(len(s) == 40 for s in m.shas))]
        names = [s for m in messages for s in m.shas if ledger.find(s) is None]
        numbers = [n for m in messages for n in m.prs if not ledger.has_pr(n)]
        # a candidate's title too: an earlier commit with that subject is what confirms it
        titles = [m.title for m in messages if m.title and not m.shas and not m.prs and not ledger.has_title(m.title)]
        # review numbers (``changelist N``, digits alone maybe too): the commit whose trailer carries N
        changes = [n for m in messages for n in [*m.changes, *(int(s) for s in m.shas if s.isdigit() and len(s) <= 12)]
                   if ledger.by_change(n) is None]
        found: list[tuple[str, str, int]] = []
        try:
            if names:
                named = git_history.lookup(self.root, list(dict.fromkeys(names))).values()
                found += [row for row in named if git_history.is_ancestor(self.root, row[0], self.head)]
            if numbers or titles:
                wanted = {reverts.normal_title(t) for t in titles}
                rows = git_history.subjects(self.root, self.head, grep=[f"(#{n})" for n in numbers] + titles)
                found += [row for row in rows
                          if reverts.pr_number(row[1]) in numbers or reverts.normal_title(row[1]) in wanted]
            if changes:
                wanted_changes = list(dict.fromkeys(changes))
                grep = [f"PiperOrigin-RevId: {n}" for n in wanted_changes] + [f"/+/{n}" for n in wanted_changes]
                for sha, subject, time, body in git_history.messages(self.root, self.head, grep):
                    self.ledger.add(sha, subject, time, body)
        except git.GitError:
            pass  # what git cannot say, the revert's own message still names
        self.know(found)

    def know_messages(self, records: list[git_history.CommitRecord]) -> None:
        """Commits read whole: their bodies give the review numbers they carry."""
        for record in records:
            self.ledger.add(record.sha, record.subject, record.time, record.body)

    def changes(self, message: reverts.Message, revert_sha: str, revert_time: int) -> list[Change]:
        """The reverted commits; a titled revert's own shas when history could not say."""
        from kenning.core.capture.derive import Change

        shas = self.ledger.undone(message, revert_sha, revert_time)
        if shas:
            return [Change.of(s, self.ledger.subjects[s]) for s in shas]
        if message.explicit and message.title:
            return [Change.of(s, message.title) for s in message.shas]
        return []


def capture_ids(shas: list[str]) -> list[str]:
    from kenning.core.gate.rules import derived_id

    return [derived_id(sha) for sha in shas]


def skip_history(memory: Memory, now_s: int) -> None:
    """``--no-backfill``: derive from commits made from now on, not from the past."""
    head = git.head_commit(memory.project.root)
    with memory.transaction():
        if memory.cache.meta("git") is None:
            memory.cache.set_meta("git", {"head": head, "start": now_s, "revert_start": now_s})


def _index(memory: Memory, records: list[git_history.CommitRecord], resolver: Resolver, progress: bool) -> int:
    from kenning.app.redact import redact_event
    from kenning.core.capture import derive as capture  # only when HEAD moved: its patterns cost every read otherwise
    from kenning.core.capture import reverts

    # a merge derives nothing (``core.capture.derive.derive``): what its message reverts is not looked up
    messages = {r.sha: reverts.read(r.subject, r.body) for r in records if len(r.parents) <= 1}
    resolver.know_messages(records)
    resolver.prepare([m for m in messages.values() if m.is_revert])
    added = 0
    show = progress and sys.stderr.isatty() and len(records) > 50
    for number, record in enumerate(reversed(records), start=1):  # oldest first: a steady progress line
        message = messages.get(record.sha)
        reverted = resolver.changes(message, record.sha, record.time) if message and message.is_revert else []
        data = capture.derive(record.sha, record.time, record.email, record.subject, record.body,
                              [(path, changed) for path, _, changed in record.files], record.patch or None,
                              reverted, len(record.parents))
        if data is not None:
            redact_event(memory.project, data)
            event = _checked(data)
            if event is not None and memory.cache.insert(event, "git", None):
                memory.state.apply(event)
                added += 1
        if show and number % 50 == 0:
            sys.stderr.write(f"\rken: deriving events from git history: {number}/{len(records)} commits")
    if show:
        sys.stderr.write(f"\rken: derived {plural(added, 'event')} from {plural(len(records), 'commit')}{' ' * 20}\n")
    return added


def _checked(data: dict[str, Any]) -> Event | None:
    """The derived event read back as a line of the log is, so every row of the index passed
    the same checks (the gate reads rows without checking them again); None when git described
    a commit in a way no event may hold (a path with a newline in it)."""
    try:
        return parse_line(serialize(Event(data)))
    except ValueError:
        return None
