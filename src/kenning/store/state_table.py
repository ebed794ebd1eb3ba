"""The fold's state kept in the index: one row per entry of each of its tables, so a write
touches a few rows instead of loading and saving the whole state (``Cache.table``)."""

from __future__ import annotations

import json

from kenning.store.bulk import load

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Iterable, Iterator
    from typing import Any


def replace_table(db: sqlite3.Connection, name: str, rows: Iterable[tuple[str, str, Any]]) -> None:
    """Replace a whole state table at once (after a fold from scratch)."""
    db.execute("DELETE FROM state WHERE name=?", (name,))
    encode = json.JSONEncoder(separators=(",", ":")).encode  # made once: ``json.dumps`` makes one a call
    load(db, "INSERT INTO state(name, k, rank, v) VALUES",
         sorted((name, k, r, encode(v)) for k, r, v in rows))  # in key order: appended, not split


class StateTable:
    """One container of the fold's state, stored as rows: the same five methods as
    ``kenning.core.fold.MemoryTable``, so a write touches rows, not the whole state."""

    def __init__(self, db: sqlite3.Connection, name: str) -> None:
        self.db = db
        self.name = name

    def get(self, k: str) -> Any:
        row = self.db.execute("SELECT v FROM state WHERE name=? AND k=?", (self.name, k)).fetchone()
        return None if row is None else json.loads(row[0])

    def put(self, k: str, rank: str, value: Any) -> None:
        self.db.execute("INSERT OR REPLACE INTO state(name, k, rank, v) VALUES(?,?,?,?)",
                        (self.name, k, rank, json.dumps(value, separators=(",", ":"))))

    def pop(self, k: str) -> Any:
        value = self.get(k)
        if value is not None:
            self.db.execute("DELETE FROM state WHERE name=? AND k=?", (self.name, k))
        return value

    def size(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM state WHERE name=?", (self.name,)).fetchone()[0])

    def by_rank(self) -> Iterator[tuple[str, Any]]:
        rows = self.db.execute("SELECT k, v FROM state WHERE name=? ORDER BY rank DESC, k ASC", (self.name,))
        return ((k, json.loads(v)) for k, v in rows)
