"""Many rows into one table at once (a rebuild's bulk load, the fold's state saved whole), in
statements of many rows each."""

from __future__ import annotations

from itertools import chain

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3
    from typing import Any

_ROWS_A_STATEMENT = 50


def load(db: sqlite3.Connection, insert: str, rows: list[tuple[Any, ...]]) -> None:
    """Insert ``rows`` (of one width) with ``insert`` (a statement ending in ``VALUES``), 50
    rows to a statement: binding a row to a statement of its own and stepping it cost more than
    SQLite's own work (2.6 s against 1.8 s for 599,000 path rows), and 500 parameters stay
    under any SQLite's limit (999 before 3.32). In order, each row as ``executemany`` takes it."""
    if not rows:
        return
    one = "(" + ",".join("?" * len(rows[0])) + ")"
    whole = len(rows) - len(rows) % _ROWS_A_STATEMENT
    if whole:
        db.executemany(insert + ",".join([one] * _ROWS_A_STATEMENT),
                       (tuple(chain.from_iterable(rows[at:at + _ROWS_A_STATEMENT]))
                        for at in range(0, whole, _ROWS_A_STATEMENT)))
    db.executemany(insert + one, rows[whole:])
