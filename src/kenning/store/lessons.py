"""The machine-wide lessons store: ``KEN_HOME/lessons.jsonl``, append-only.

One JSON object per line, each a record with an ``op``:

- ``lesson``: a lesson promoted from a project (its text, library, source project and issue);
- ``fix``: the fix that later closed the issue a lesson came from;
- ``forget``: ``ken lessons forget`` hid a lesson.

Nothing is ever rewritten: a forgotten lesson stays in the file with the record that hid it,
so the store is its own audit trail. Appends take a lock and are fsynced, so several projects
promoting at once keep every line whole; a line that does not parse is skipped on read.
"""

from __future__ import annotations

import json
import os

from kenning.store import files
from kenning.store.log import file_lock

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any

LOCK_TIMEOUT = 10.0


class LessonStore:
    def __init__(self, home: Path) -> None:
        self.path = home / "lessons.jsonl"
        self.lock_path = home / "lessons.lock"

    def records(self) -> list[dict[str, Any]]:
        """Every readable record, in file order."""
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return []
        found = []
        for raw in data.splitlines():
            try:
                record = json.loads(raw)
            except ValueError:  # a torn or hand-damaged line: the rest of the store still counts
                continue
            if isinstance(record, dict) and isinstance(record.get("op"), str) and isinstance(record.get("id"), str):
                found.append(record)
        return found

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
            payload = "".join(json.dumps(r, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"
                              for r in records).encode("utf-8")
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | files.BINARY, 0o644)
            try:
                if _ends_torn(self.path):
                    payload = b"\n" + payload  # a cut-off last line must not swallow ours
                os.write(fd, payload)
                os.fsync(fd)
            finally:
                os.close(fd)


def _ends_torn(path: Path) -> bool:
    with open(path, "rb") as f:
        f.seek(0, os.SEEK_END)
        if f.tell() == 0:
            return False
        f.seek(-1, os.SEEK_END)
        return f.read(1) != b"\n"
