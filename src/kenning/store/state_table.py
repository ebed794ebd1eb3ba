"""The fold's state kept in the index: one row per entry of each of its tables, so a write
touches a few rows instead of loading and saving the whole state (``Cache.table``)."""

from __future__ import annotations

import json

from kenning.store.bulk import load

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable, Iterable, Iterator, Mapping
    from typing import Any

    from kenning.core.fold import MemoryTable


# the key the fold's tables are read by rank with (``StateTable.by_rank``); ``store.cache`` creates it
RANK_KEY = "CREATE INDEX IF NOT EXISTS state_rank ON state(name, rank)"


def replace_tables(db: sqlite3.Connection, tables: dict[str, Mapping[str, tuple[str, Any]]],
                   encode: Callable[[Any], str] | None = None) -> None:
    """Replace whole state tables at once (after a fold from scratch; each table key -> (rank,
    value), as ``core.fold.MemoryTable.rows`` holds them), each value written by
    ``encode`` (JSON that ``json.loads`` reads back as the value; ``json``'s by default). Each
    table goes in key order, the tables in name order, and the rank key is built once, after,
    from sorted rows: kept during the load, it took each row at a random place, and every
    statement journaled the pages it touched (190 MB of a temporary file at 100,000 events)."""
    encode = encode or json.JSONEncoder(separators=(",", ":")).encode  # made once, not per value
    db.execute("DROP INDEX IF EXISTS state_rank")  # not executescript: it would commit
    for name in sorted(tables):
        db.execute("DELETE FROM state WHERE name=?", (name,))
        # OR IGNORE: the keys are a dict's, never repeated, and a statement that cannot fail
        # keeps no journal of its own to undo itself with
        rows = tables[name]
        load(db, "INSERT OR IGNORE INTO state(name, k, rank, v) VALUES",
             [(name, k, *_encoded(rows[k], encode)) for k in sorted(rows)])  # in key order: appended, not split
    db.execute(RANK_KEY)


def _encoded(row: tuple[str, Any], encode: Callable[[Any], str]) -> tuple[str, str]:
    return row[0], encode(row[1])


_LOOKED_UP = 32  # keys asked at once up to which each is looked up (``StateTable.many``)
_DECODED_AT_ONCE = 256  # values of a table read in order decoded in one call (``_decoded_rows``)


def _decoded(texts: Iterable[str]) -> list[Any]:
    """The values of ``texts`` (each the JSON of one value), decoded in one call as one array:
    ``json.loads`` costs as much again per call as its decoding of a small value (a summary
    reads 27,000 values of 10,000 open issues: 0.11 s one by one, 0.06 s at once). A damaged
    text still fails: alone it is no JSON, or it holds two values and the callers' strict zip
    finds one value too many."""
    return list(json.loads("[" + ",".join(texts) + "]"))


def _decoded_rows(rows: sqlite3.Cursor) -> Iterator[tuple[str, Any]]:
    """(key, value) of each row of ``rows``, as they are asked for: decoded a few hundred at a
    time, so a reader that stops after the first few (the newest decisions) decodes no more."""
    while chunk := rows.fetchmany(_DECODED_AT_ONCE):
        yield from zip([k for k, _ in chunk], _decoded([v for _, v in chunk]), strict=True)


class StateTable:
    """One container of the fold's state, stored as rows: the same six methods as
    ``kenning.core.fold.MemoryTable``, so a write touches rows, not the whole state."""

    def __init__(self, db: sqlite3.Connection, name: str) -> None:
        self.db = db
        self.name = name

    def get(self, k: str) -> Any:
        row = self.db.execute("SELECT v FROM state WHERE name=? AND k=?", (self.name, k)).fetchone()
        return None if row is None else json.loads(row[0])

    def many(self, keys: Iterable[str]) -> dict[str, Any]:
        """The values held for ``keys``: a few looked up by key, many read with the table in
        one pass (a summary asks about each of 10,000 open issues: 20,000 lookups were 0.3 s).
        Only the values asked for are decoded."""
        wanted = set(keys)
        if len(wanted) <= _LOOKED_UP:
            found = {k: self.get(k) for k in wanted}
            return {k: v for k, v in found.items() if v is not None}
        rows = [(k, v) for k, v in self.db.execute("SELECT k, v FROM state WHERE name=?", (self.name,))
                if k in wanted]
        return dict(zip([k for k, _ in rows], _decoded([v for _, v in rows]), strict=True))

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

    def by_rank(self, limit: int | None = None) -> Iterator[tuple[str, Any]]:
        rows = self.db.execute("SELECT k, v FROM state WHERE name=? ORDER BY rank DESC, k ASC LIMIT ?",
                               (self.name, -1 if limit is None else limit))
        return _decoded_rows(rows)


class HeldTable:
    """A state table held in memory as well as stored: after a fold from scratch saved it whole,
    the use case that folded it reads it from memory (the summary a rebuild renders asks about
    every open issue), and each write goes to both, so what it folds next is kept. The same six
    methods; ``held`` is the fold's own ``core.fold.MemoryTable``."""

    def __init__(self, held: MemoryTable, stored: StateTable) -> None:
        self.held = held
        self.stored = stored

    def get(self, k: str) -> Any:
        return self.held.get(k)

    def many(self, keys: Iterable[str]) -> dict[str, Any]:
        return self.held.many(keys)

    def put(self, k: str, rank: str, value: Any) -> None:
        self.stored.put(k, rank, value)
        self.held.put(k, rank, value)

    def pop(self, k: str) -> Any:
        value = self.held.pop(k)
        if value is not None:
            self.stored.pop(k)
        return value

    def size(self) -> int:
        return self.held.size()

    def by_rank(self, limit: int | None = None) -> Iterator[tuple[str, Any]]:
        return self.held.by_rank(limit)
