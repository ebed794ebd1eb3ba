"""The rows the gate's rules take from the index (or, in the full fold, from the events
themselves): a fix's facts, and a snooze on one path. Named here, beside neither producer,
so the index builds them without loading the gate's rules (every write opens the index)."""

from __future__ import annotations

from kenning.core.rows import Row

SHA_PREFIX = 7  # the fewest characters of a commit id that name it (an imported fix may abbreviate it)


class FixFact(Row):
    """What settling an issue needs of a fix: its commit is ``commit``, else HEAD when it was
    written (None: neither). Sorted, fixes are in the fold's order (time, then id)."""

    time: str
    id: str
    issue_id: str
    commit: str | None


class SnoozeRow(Row):
    """A snooze on one path, running until ``until`` (an unsnooze: "", before every time),
    recorded at ``time``."""

    path: str
    until: str
    time: str
    id: str
