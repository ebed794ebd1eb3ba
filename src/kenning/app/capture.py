"""Keeping the events derived from git history up to date (capture and backfill).

Derived events are not appended to the tracked log: they live in the index, next to the log's
events, with ``origin = 'git'``. The index remembers the HEAD it derived up to; a read that
finds HEAD moved derives only the new commits (``git log NEW ^OLD``). If OLD is no longer an
ancestor of NEW (an amend, a rebase, a reset), history was rewritten: the index is rebuilt and
the window derived again, so derived events always match the history that is checked out.
"""

from __future__ import annotations

import sys

from kenning import git
from kenning.core import capture
from kenning.core.events import Event

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from kenning.app.memory import Memory

DAY = 86400


def refresh(memory: Memory, now_s: int, backfill_days: int | None = None, progress: bool = False) -> int:
    """Derive events for commits not seen yet; return how many events were added."""
    root = memory.project.root
    head = git.head_commit(root)
    if head is None:
        return 0
    info = memory.cache.meta("git")
    if info is not None and info.get("head") == head:
        return 0
    days = backfill_days if backfill_days is not None else _days(memory)
    with memory.cache.transaction():
        info = memory.cache.meta("git")  # re-read: another process may have done the work
        if info is not None and info.get("head") == head:
            return 0
        start = int(info["start"]) if info else now_s - days * DAY
        records, rewritten = _new_commits(root, head, info, start)
        if rewritten:
            memory.rebuild_in_transaction()
            records = git.log(root, [head], since=start)
        added = _index(memory, records, progress)
        memory.save_state()
        memory.cache.set_meta("git", {"head": head, "start": start})
    return added


def skip_history(memory: Memory, now_s: int) -> None:
    """``--no-backfill``: derive from commits made from now on, not from the past."""
    head = git.head_commit(memory.project.root)
    with memory.cache.transaction():
        if memory.cache.meta("git") is None:
            memory.cache.set_meta("git", {"head": head, "start": now_s})


def _days(memory: Memory) -> int:
    value = memory.project.setting("capture", "backfill_days")
    return value if isinstance(value, int) and value >= 0 else 90


def _new_commits(root: Any, head: str, info: dict[str, Any] | None,
                 start: int) -> tuple[list[git.CommitRecord], bool]:
    if info is None or not info.get("head"):
        return git.log(root, [head], since=start), False
    old = str(info["head"])
    try:
        records = git.log(root, [head, "^" + old])
    except git.GitError:
        return [], True  # the old head is gone (gc'd after a rewrite)
    # if OLD is an ancestor of HEAD, the walk stops at OLD, so some new commit has it as a parent
    descends = any(old in r.parents for r in records)
    return records, not descends


def _index(memory: Memory, records: list[git.CommitRecord], progress: bool) -> int:
    from kenning.app.record import redact_fields

    reverted = [capture.reverted_sha(r.body) for r in records if capture.classify(r.subject, r.body) == "attempt"]
    patches = git.show_patches(memory.project.root, [s for s in reverted if s], capture.PATCH_CHARS)
    added = 0
    show = progress and sys.stderr.isatty() and len(records) > 50
    for number, record in enumerate(reversed(records), start=1):  # oldest first: a steady progress line
        target = capture.reverted_sha(record.body)
        patch = next((p for sha, p in patches.items() if target and sha.startswith(target)), None)
        data = capture.derive(record.sha, record.time, record.email, record.subject, record.body,
                              [path for path, _, _ in record.files], patch)
        if data is not None:
            redact_fields(memory.project, data)
            if memory.cache.insert(Event(data), "git", None):
                memory.state.apply(Event(data))
                added += 1
        if show and number % 50 == 0:
            sys.stderr.write(f"\rken: deriving events from git history: {number}/{len(records)} commits")
    if show:
        sys.stderr.write(f"\rken: derived {added} events from {len(records)} commits{' ' * 20}\n")
    return added
