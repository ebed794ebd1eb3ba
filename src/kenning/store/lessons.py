"""The machine-wide lessons store: ``KEN_HOME/lessons.jsonl``, append-only.

One JSON object per line, each a record with an ``op``:

- ``lesson``: a lesson promoted from a project (its text, library, source project and issue);
- ``fix``: the fix that later closed the issue a lesson came from;
- ``forget``: ``ken lessons forget`` hid a lesson.

Nothing is ever rewritten: a forgotten lesson stays in the file with the record that hid it,
so the store is its own audit trail. Appends take a lock and are fsynced, so several projects
promoting at once keep every line whole. A line that is not a record (torn, hand-damaged,
nested too deeply, or with fields of the wrong type) is skipped on read and noted in
``skipped``; a file that cannot be read at all (not a regular file, larger than ``LIMIT``) is
an ``InvalidInput`` naming it, never a crash.
"""

from __future__ import annotations

import json

from kenning.core.errors import InvalidInput, UnsafePath
from kenning.core.foreign import MB, Unreadable, json_value
from kenning.core.lessons.rules import record_problem
from kenning.store import files
from kenning.store.log import file_lock

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any

LOCK_TIMEOUT = 10.0
LIMIT = 256 * MB  # about 400,000 lessons: far past any store, short of a file meant to exhaust memory


class LessonStore:
    """The machine's store (``home/lessons.jsonl``), or another file of the same records (the
    team store's clone) with its lock kept outside that file's folder."""

    def __init__(self, home: Path, path: Path | None = None, lock_path: Path | None = None,
                 follow_links: bool = True) -> None:
        self.path = path or home / "lessons.jsonl"
        self.lock_path = lock_path or home / "lessons.lock"
        # the machine's store may be a link its owner made; a file from someone else's
        # repository (the team clone) may not: it could point at any file of the user's
        self.follow_links = follow_links
        self.skipped: list[tuple[int, str]] = []  # (line number, why) of the last read's unusable lines

    def _refuse_link(self) -> None:
        if not self.follow_links and self.path.is_symlink():
            raise UnsafePath(f"{self.path} is a symbolic link (committed to the team repository?); kenning never "
                             "reads or writes through it: replace it with a regular file in the team repository")

    def records(self) -> list[dict[str, Any]]:
        """Every readable record, in file order."""
        return [record for _, record in self._lines() if record is not None]

    def _lines(self) -> list[tuple[bytes, dict[str, Any] | None]]:
        self._refuse_link()
        try:
            data = files.read_capped(self.path, LIMIT)
        except Unreadable as err:
            raise InvalidInput(f"the lessons file {self.path} cannot be read ({err}); move it aside") from None
        found: list[tuple[bytes, dict[str, Any] | None]] = []
        self.skipped = []
        for number, raw in enumerate((data or b"").splitlines(), 1):
            if not raw.strip():
                continue
            try:  # a torn or hand-damaged line: the rest of the store still counts
                record = json_value(raw, LIMIT)
                problem = record_problem(record)
            except Unreadable as err:
                problem = str(err)
            if problem is not None:
                self.skipped.append((number, problem))
            found.append((raw, None if problem is not None else record))
        return found

    def rewrite(self, plan: Callable[[list[dict[str, Any]]], list[dict[str, Any]]]) -> None:
        """The one rewrite (``ken lessons prune``): keep the records ``plan`` returns, byte for
        byte and in place, add the new ones it returns at the end, and replace the file
        atomically under the lock. Lines that do not parse are kept (bytes that are not UTF-8
        become U+FFFD): they were never ours to judge."""
        with file_lock(self.lock_path, LOCK_TIMEOUT):
            lines = self._lines()
            result = plan([record for _, record in lines if record is not None])
            kept = {id(record) for record in result}
            out = [raw for raw, record in lines if record is None or id(record) in kept]
            old = {id(record) for _, record in lines if record is not None}
            out += [json.dumps(r, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
                    for r in result if id(r) not in old]
            files.write_atomic(self.path, b"".join(line + b"\n" for line in out).decode("utf-8", "replace"))

    def append(self, records: list[dict[str, Any]]) -> None:
        """Append records in one write, under the store's lock, and fsync."""
        self.extend(lambda _: records)

    def extend(self, plan: Callable[[list[dict[str, Any]]], list[dict[str, Any]]]) -> None:
        """Append what ``plan`` makes of the current records, reading and writing under one
        lock: two processes promoting the same events add them once."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with file_lock(self.lock_path, LOCK_TIMEOUT):
            records = plan(self.records())
            if not records:
                return
            lines = [json.dumps(r, sort_keys=True, separators=(",", ":"), ensure_ascii=False) for r in records]
            files.append_lines(self.path, lines, durable=True, mend_torn=True, follow_links=self.follow_links)
