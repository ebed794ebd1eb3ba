"""Rows loaded many to a statement (``store.bulk.load``) leave the table that inserting them one
by one leaves: every row, in order, the first of two with one key kept."""

from __future__ import annotations

import sqlite3

import pytest

from kenning.store.bulk import load

INSERT = "INSERT OR IGNORE INTO t(k, v, n) VALUES"


def _table() -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE t(k TEXT PRIMARY KEY, v TEXT, n INTEGER)")
    return db


@pytest.mark.parametrize("count", [0, 1, 49, 50, 51, 100, 137])
def test_a_load_leaves_the_rows_inserting_them_one_by_one_leaves(count: int) -> None:
    rows = [(f"k{i % 90:03d}", f"value {i} ü", None if i % 3 else i) for i in range(count)]  # keys repeat past 90
    loaded, single = _table(), _table()
    load(loaded, INSERT, rows)
    single.executemany(INSERT + "(?,?,?)", rows)
    every = "SELECT rowid, k, v, n FROM t ORDER BY rowid"
    assert loaded.execute(every).fetchall() == single.execute(every).fetchall()
    assert len(loaded.execute(every).fetchall()) == min(count, 90)
