"""The index in memory of one answer read from one pass over the log (``app.recall.open_whole``).

A first whole-memory read after a clone folds the log in memory while the index file is built
in the background. Loading its 100,000 events into SQLite, even in memory, costs as much as
the fold, and the summary asks the index for a few events by id alone. So a bulk load is held
here as the rows it was given, and goes into SQLite only when a query needs SQLite: the first
use of the connection loads it exactly as ``Cache.insert_many`` would have, then replays the
events indexed one by one since, in their order. The questions asked by id (``event``,
``known_ids``), ``insert`` and the meta rows are answered without it. Whatever a caller asks, the
answer is the one the loaded index gives.
"""

from __future__ import annotations

import json

from kenning.core.events import serialize
from kenning.store.cache import Cache

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable, Iterable
    from contextlib import AbstractContextManager
    from typing import Any

    from kenning.core.events import Event

    Row = tuple[Event, str, "int | None", "str | None"]


class OnePassIndex(Cache):
    """An index in memory whose bulk load waits until a query needs it (none, for the summary)."""

    def __init__(self) -> None:
        self._held: dict[str, Row] = {}  # id -> the row of a held event (bulk-loaded or indexed since)
        # insert_many's arguments, held
        self._bulk: tuple[list[Row], set[str] | None, bool, Callable[[list[int]], str]] | None = None
        self._later: list[Row] = []  # events indexed one by one after the bulk load, in order
        self._direct = 0  # > 0 while a method that needs no held row runs: the connection as it is
        super().__init__(None)

    @property
    def db(self) -> sqlite3.Connection:
        if self._bulk is not None and not self._direct:
            self._load()
        return self._connection

    @db.setter
    def db(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    def _load(self) -> None:
        """Into SQLite as the index would have taken them: the bulk load, then the rest."""
        rows, paths, by_id_only, encode = self._bulk or ([], None, False, json.dumps)
        later, self._later, self._bulk = self._later, [], None
        self._held = {}
        Cache.insert_many(self, rows, paths, by_id_only, encode)
        for event, origin, line, raw in later:
            Cache.insert(self, event, origin, line, raw)

    def _as_is(self, method: Any, *args: Any) -> Any:
        """``method`` of the index run on the connection without loading what is held."""
        self._direct += 1
        try:
            return method(self, *args)
        finally:
            self._direct -= 1

    def insert_many(self, rows: Iterable[Row], paths: set[str] | None = None, by_id_only: bool = False,
                    encode: Callable[[list[int]], str] = json.dumps) -> None:
        if self._bulk is not None or self._held:
            self._load()  # a second bulk load: the first goes in first
        loaded = list(rows)
        self._bulk = (loaded, paths, by_id_only, encode)
        self._held = {row[0].id: row for row in loaded}

    def insert(self, event: Event, origin: str, line: int | None, raw: str | None = None) -> bool:
        if self._bulk is None:
            return Cache.insert(self, event, origin, line, raw)
        if event.id in self._held:
            return False  # as the index ignores a known id
        row = (event, origin, line, raw)
        self._held[event.id] = row
        self._later.append(row)
        return True

    def event(self, event_id: str) -> str | None:
        row = self._held.get(event_id)
        if row is not None:
            return row[3] or serialize(row[0])  # the JSON the index keeps (``event_rows.event_row``)
        found: str | None = self._as_is(Cache.event, event_id)
        return found

    def known_ids(self, event_ids: list[str]) -> set[str]:
        held = {i for i in event_ids if i in self._held}
        found: set[str] = self._as_is(Cache.known_ids, [i for i in event_ids if i not in held])
        return held | found

    def meta(self, key: str) -> Any:
        return self._as_is(Cache.meta, key)

    def set_meta(self, key: str, value: Any) -> None:
        self._as_is(Cache.set_meta, key, value)

    def transaction(self) -> AbstractContextManager[None]:
        transaction: AbstractContextManager[None] = self._as_is(Cache.transaction)
        return transaction

    def snapshot(self) -> AbstractContextManager[None]:
        snapshot: AbstractContextManager[None] = self._as_is(Cache.snapshot)
        return snapshot

    def busy(self) -> bool:
        return bool(self._as_is(Cache.busy))

    def close(self) -> None:
        self._as_is(Cache.close)
