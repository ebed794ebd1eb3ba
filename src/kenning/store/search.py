"""Search over the index: SQLite's full-text index (FTS5), offline, deterministic, and safe for
any text a user types.

A word finds its other forms (the porter stemmer over unicode61: "proxies" finds "proxy",
"failing" finds "failed"); an unquoted query finds the events holding every word, anywhere and
in any order; a quoted one (``"request context"``) finds the words side by side, in that order;
an unclosed quote runs to the end. Each word or phrase reaches FTS5 as a quoted string, so
``AND``, ``OR``, ``NEAR``, ``*``, ``-``, ``:`` and parentheses are text, never syntax; a query
with no letters or digits at all is refused in one line. The best match comes first (bm25),
ties newest first, then by id: the same memory always answers in the same order.

The full-text table holds no text of its own: it indexes the ``text`` column of ``events``
(an external-content table keyed by rowid), kept in step by ``Cache`` calling ``index_*`` and
``forget*`` here around its own writes. A Python whose SQLite lacks FTS5 gets an index without
it and the search of old (every word as exact text, newest first), and ``available()`` says so.
"""

from __future__ import annotations

import sqlite3

from kenning.core.errors import InvalidInput
from kenning.core.text import lazy_regex

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# external content: the tokens of events.text, by the events' rowid (an events row whose text
# is "" — the cold gate's partial index — is never indexed, and so never forgotten)
SCHEMA = ("CREATE VIRTUAL TABLE IF NOT EXISTS event_text USING"
          " fts5(text, content='events', content_rowid='rowid', tokenize='porter unicode61')")
TABLE = "event_text"
_PROBE = "CREATE VIRTUAL TABLE temp.probe USING fts5(text, tokenize='porter unicode61')"
_WORD = lazy_regex(r"[^\W_]")  # a letter or digit: what unicode61 makes a token of
_TERM = lazy_regex(r'"([^"]*)"?|([^\s"]+)')  # a quoted phrase (closed or not), or a bare word

_available: bool | None = None


def available() -> bool:
    """Whether this Python's SQLite has FTS5 (asked once per process, of a database in memory)."""
    global _available
    if _available is None:
        probe = sqlite3.connect(":memory:")
        try:
            probe.execute(_PROBE)
            _available = True
        except sqlite3.OperationalError:  # "no such module: fts5"
            _available = False
        finally:
            probe.close()
    return _available


def present(db: sqlite3.Connection) -> bool:
    """Whether this index has the full-text table."""
    return db.execute("SELECT 1 FROM sqlite_master WHERE name=?", (TABLE,)).fetchone() is not None


# -- keeping the full-text table in step with events --------------------------------------------

# each a no-op without FTS5: the index then has no full-text table to keep

def index_one(db: sqlite3.Connection, rowid: int | None, text: str) -> None:
    if text and rowid is not None and available():
        db.execute(f"INSERT INTO {TABLE}(rowid, text) VALUES(?, ?)", (rowid, text))


def index_since(db: sqlite3.Connection, rowid: int) -> None:
    """Index the events rows added after ``rowid`` (a bulk load): one statement, a tenth of the
    time of indexing row by row."""
    if available():
            db.execute(f"INSERT INTO {TABLE}(rowid, text) SELECT rowid, text FROM events WHERE rowid>? AND text!=''",
                   (rowid,))


def forget(db: sqlite3.Connection, where: str, args: tuple[Any, ...]) -> None:
    """Take the events rows matching ``where`` out of the full-text table, before they are
    deleted (an external-content table must be told the very text it indexed)."""
    if available():
        db.execute(f"INSERT INTO {TABLE}({TABLE}, rowid, text) SELECT 'delete', rowid, text FROM events"
                   f" WHERE ({where}) AND text!=''", args)


def forget_all(db: sqlite3.Connection) -> None:
    if available():
        db.execute(f"INSERT INTO {TABLE}({TABLE}) VALUES('delete-all')")


# -- the query --------------------------------------------------------------------------------

def terms(query: str) -> list[str]:
    """The words and quoted phrases of ``query``, each as its text; those holding no letter or
    digit (``*``, ``-``, ``:``) are dropped. A query that had text but no term is refused."""
    found = [m.group(1) if m.group(1) is not None else m.group(2) for m in _TERM.finditer(query)]
    kept = [term for term in found if _WORD.search(term)]
    if found and not kept:
        raise InvalidInput(f"the query {query.strip()[:60]!r} has no words to search for (punctuation is "
                           "ignored); search for words, or for nothing to list the newest events")
    return kept


def match_expression(found: list[str]) -> str:
    """An FTS5 query finding every term, each a quoted string: nothing the user typed is syntax."""
    return " AND ".join('"' + term.replace('"', '""') + '"' for term in found)


def find(db: sqlite3.Connection, query: str, kind: str | None, path: str | None, limit: int,
         full_text: bool) -> list[str]:
    """The JSON of the events matching ``query`` (see the module), at most ``limit``; an empty
    query lists the newest events."""
    found = terms(query)
    where, args = [], []
    if kind:
        where.append("e.type = ?")
        args.append(kind)
    if path:
        where.append("e.id IN (SELECT id FROM event_paths WHERE path = ?)")
        args.append(path)
    if found and full_text:
        rows = db.execute(f"SELECT e.json FROM {TABLE} JOIN events e ON e.rowid={TABLE}.rowid"
                          f" WHERE {TABLE} MATCH ?{''.join(' AND ' + w for w in where)}"
                          f" ORDER BY bm25({TABLE}), e.ts DESC, e.id DESC LIMIT ?",
                          (match_expression(found), *args, limit))
        return [r[0] for r in rows]
    for term in found:  # without FTS5: each term as exact text (the index keeps it lowercased)
        where.append("instr(e.text, ?) > 0")
        args.append(term.lower())
    rows = db.execute(f"SELECT e.json FROM events e WHERE {' AND '.join(where) or '1'}"
                      " ORDER BY e.ts DESC, e.id DESC LIMIT ?", (*args, limit))
    return [r[0] for r in rows]
