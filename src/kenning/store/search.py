"""Search over the index: SQLite's full-text index (FTS5), offline, deterministic, and safe for
any text a user types.

A word finds its other forms (the porter stemmer over unicode61: "proxies" finds "proxy",
"failing" finds "failed"); an unquoted query finds the events holding every word, anywhere and
in any order; a quoted one (``"request context"``) finds the words side by side, in that order;
an unclosed quote runs to the end. Each word or phrase reaches FTS5 as a quoted string, so
``AND``, ``OR``, ``NEAR``, ``*``, ``-``, ``:`` and parentheses are text, never syntax; a query
with no letters or digits at all is refused in one line. The best match comes first (bm25),
ties newest first, then by id: the same memory always answers in the same order.

The full-text table is built on the first search, not by a rebuild: a rebuild would spend a
third of its SQLite time on words nobody may search for. Its text is each event's
``words``, taken from the JSON the index holds; ``ready`` builds it under the index's write
lock and marks it in ``meta``, and ``Cache`` keeps it in step (``index_one``, ``forget``)
around its own writes from then on. A bulk load, or anything that clears ``meta``, drops the
mark, so the next search builds the table again from every event. A Python whose SQLite lacks
FTS5 gets a plain table of the same words instead and the search of old (every word as exact
text, newest first), and ``available()`` says so.
"""

from __future__ import annotations

import json
import sqlite3

from kenning.core.errors import InvalidInput
from kenning.core.events import Event, parse_indexed
from kenning.core.text import lazy_regex

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

# its own content (the words, keyed by the events' rowid): built from the events' JSON on the
# first search, so no column of ``events`` holds them
SCHEMA = "CREATE VIRTUAL TABLE IF NOT EXISTS event_text USING fts5(text, tokenize='porter unicode61')"
TABLE = "event_text"
# without FTS5: the same words in a plain table, matched as exact text
PLAIN_SCHEMA = "CREATE TABLE IF NOT EXISTS event_words(rowid INTEGER PRIMARY KEY, text TEXT NOT NULL)"
PLAIN_TABLE = "event_words"
# the meta key saying the words of every event are in the table (absent: the first search builds it)
BUILT = "words"
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


def schema() -> str:
    """The words' table as this Python makes it: full-text, or plain without FTS5."""
    return SCHEMA if available() else PLAIN_SCHEMA


def _table() -> str:
    return TABLE if available() else PLAIN_TABLE


def words(event: Event) -> str:
    """The words the search finds ``event`` by: its texts, lowercased (the exact-text search
    without FTS5 looks for the query lowercased)."""
    return " ".join(filter(None, (event.summary, event.details, event.location, event.get("commit_message"),
                                  event.get("reason")))).lower()


def _words_of(raw: str) -> str:
    return words(parse_indexed(raw))


# -- keeping the words' table in step with events ---------------------------------------------

def ready(db: sqlite3.Connection) -> None:
    """Build the words' table from every event unless it is built (see the module): in the
    index's write transaction (``BEGIN IMMEDIATE``), or the caller's when one is open, so two
    first searches build it once."""
    if _built(db):
        return
    if db.in_transaction:
        _build(db)
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        if not _built(db):  # built by another process while this one waited for the lock
            _build(db)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def _built(db: sqlite3.Connection) -> bool:
    return db.execute("SELECT 1 FROM meta WHERE key=?", (BUILT,)).fetchone() is not None


def _build(db: sqlite3.Connection) -> None:
    """Every event's words, read from its JSON (about 0.7 s at 100,000 events) and indexed (as
    long again): once."""
    reset(db)
    db.create_function("ken_words", 1, _words_of, deterministic=True)
    db.execute(f"INSERT INTO {_table()}(rowid, text) SELECT rowid, ken_words(json) FROM events")
    db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)", (BUILT, json.dumps(True)))


def unbuilt(db: sqlite3.Connection) -> None:
    """Say the table lacks events (a bulk load takes in none of their words): the next search
    builds it."""
    db.execute("DELETE FROM meta WHERE key=?", (BUILT,))


def reset(db: sqlite3.Connection) -> None:
    """An empty words' table: dropped and made again, where deleting its rows one by one takes
    FTS5 as long as indexing them."""
    for table in (TABLE, PLAIN_TABLE):
        db.execute(f"DROP TABLE IF EXISTS {table}")
    db.execute(schema())


def index_one(db: sqlite3.Connection, rowid: int | None, event: Event) -> None:
    if rowid is not None:
        db.execute(f"INSERT INTO {_table()}(rowid, text) VALUES(?, ?)", (rowid, words(event)))


def forget(db: sqlite3.Connection, where: str, args: Iterable[object]) -> None:
    """Take the events rows matching ``where`` out of the words' table, before they are deleted:
    each by its rowid (FTS5 finds a row by its rowid, not by a list of them)."""
    rowids = db.execute(f"SELECT rowid FROM events WHERE {where}", tuple(args)).fetchall()
    db.executemany(f"DELETE FROM {_table()} WHERE rowid=?", rowids)


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
        sql = (f"SELECT e.json FROM {TABLE} JOIN events e ON e.rowid={TABLE}.rowid"
               f" WHERE {TABLE} MATCH ?{''.join(' AND ' + w for w in where)}"
               f" ORDER BY bm25({TABLE}), e.ts DESC, e.id DESC LIMIT ?")
        return _with_words(db, sql, (match_expression(found), *args, limit))
    for term in found:  # without FTS5: each term as exact text (the words are kept lowercased)
        where.append("instr(w.text, ?) > 0")
        args.append(term.lower())
    joined = f" JOIN {PLAIN_TABLE} w ON w.rowid=e.rowid" if found else ""
    sql = (f"SELECT e.json FROM events e{joined} WHERE {' AND '.join(where) or '1'}"
           " ORDER BY e.ts DESC, e.id DESC LIMIT ?")
    if not found:
        return [r[0] for r in db.execute(sql, (*args, limit))]
    return _with_words(db, sql, (*args, limit))


def _with_words(db: sqlite3.Connection, sql: str, args: tuple[object, ...]) -> list[str]:
    """The rows of a query that reads the words, once they are built: read in one transaction
    with the mark that says so, as a rebuild by another process in between would empty them."""
    for _ in range(3):
        ready(db)
        if db.in_transaction:  # the caller's: what it sees cannot change
            break
        db.execute("BEGIN")
        try:
            if _built(db):
                return [r[0] for r in db.execute(sql, args)]
        finally:
            db.execute("COMMIT")  # a read: ends it
    return [r[0] for r in db.execute(sql, args)]
