"""Keeping the events derived from git history up to date (capture and backfill).

Derived events are not appended to the tracked log: they live in the index, next to the log's
events, with ``origin = 'git'``. The index remembers the HEAD it derived up to. A read that finds
HEAD moved asks git once for ``OLD...NEW``: the commits only NEW has are derived; after a
rewrite (an amend, a rebase, a reset) the commits only OLD had are listed too, and their events
are removed. So derived events always match the history that is checked out, and a revert's
details always quote the revert's own diff, however it was first derived.
"""

from __future__ import annotations

import sys

from kenning import git
from kenning.core.events import Event

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from kenning.app.memory import Memory

DAY = 86400


def refresh(memory: Memory, now_s: int, backfill_days: int | None = None, progress: bool = False) -> int:
    """Derive events for commits not seen yet; return how many events were added.

    From scratch (``ken init``, a rebuilt cache): one ``git log`` over the backfill window, plus
    one ``git show`` for the patches of its reverts. After that, one ``git log OLD...NEW`` gives
    both the new commits (with their patches) and, after a rewrite, the dropped ones.
    """
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
        records = _changes(memory, head, info, start)
        dropped = [r.sha for r in records if r.side == "<"]
        if dropped:
            memory.forget_derived(capture_ids(dropped))
        added = _index(memory, [r for r in records if r.side != "<"], progress)
        memory.save_state()
        memory.cache.set_meta("git", {"head": head, "start": start})
    return added


def capture_ids(shas: list[str]) -> list[str]:
    from kenning.core.gate import derived_id

    return [derived_id(sha) for sha in shas]


def _changes(memory: Memory, head: str, info: dict[str, Any] | None, start: int) -> list[git.CommitRecord]:
    from kenning.core import capture

    root = memory.project.root
    if info is not None and info.get("head"):
        try:
            return git.between(root, str(info["head"]), head)
        except git.GitError:
            memory.rebuild_in_transaction()  # the old head is gone (gc'd after a rewrite): start over
    records = git.log(root, [head], since=start)
    reverts = [r.sha for r in records if capture.classify(r.subject, r.body) == "attempt"]
    patches = git.show_patches(root, reverts)
    for record in records:
        record.patch = patches.get(record.sha, "")
    return records


def skip_history(memory: Memory, now_s: int) -> None:
    """``--no-backfill``: derive from commits made from now on, not from the past."""
    head = git.head_commit(memory.project.root)
    with memory.cache.transaction():
        if memory.cache.meta("git") is None:
            memory.cache.set_meta("git", {"head": head, "start": now_s})


def _days(memory: Memory) -> int:
    value = memory.project.setting("capture", "backfill_days")
    return value if isinstance(value, int) and value >= 0 else 90


def _index(memory: Memory, records: list[git.CommitRecord], progress: bool) -> int:
    from kenning.app.record import redact_fields
    from kenning.core import capture  # only when HEAD moved: its patterns cost every read otherwise

    added = 0
    show = progress and sys.stderr.isatty() and len(records) > 50
    for number, record in enumerate(reversed(records), start=1):  # oldest first: a steady progress line
        data = capture.derive(record.sha, record.time, record.email, record.subject, record.body,
                              [path for path, _, _ in record.files], record.patch or None)
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
