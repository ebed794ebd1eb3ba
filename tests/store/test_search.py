"""Search over a real index (``kenning.store.search``): a word finds its other forms, unquoted
words are all required anywhere, a quoted phrase word for word, the order is the same however
the index grew, no text a user types is FTS5 syntax, the words are indexed by the first search
(not by a rebuild) and kept in step after it, an index of the previous version is built again
with the full-text table, and a SQLite without FTS5 still answers."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kenning.core.errors import InvalidInput
from kenning.core.events import Event, parse_line, serialize
from kenning.store import search
from kenning.store.cache import CACHE_VERSION, WITHOUT_FULL_TEXT, Cache


def event(n: int, summary: str, kind: str = "note", **fields: Any) -> Event:
    data = {"v": 1, "id": f"evt_{n:020x}", "type": kind, "timestamp": f"2030-01-{n:02d}T00:00:00.000000Z",
            "summary": summary, "source": "cli", **fields}
    return parse_line(serialize(Event(data)))


STORY = [
    event(1, "Retries come from the proxy", location="src/net.py"),
    event(2, "The request carries no context at all"),
    event(3, "Request context leaks between threads", "decision"),
    event(4, "Failing login after password reset", "issue", issue_id="aaaa"),
    event(5, "Login failed again", "attempt", issue_id="aaaa", outcome="failed", paths=["src/net.py"]),
    event(6, "Login failed again", "attempt", issue_id="aaaa", outcome="failed"),
    event(7, "AND OR NOT near: (parens) * - \"quotes\" col:umn ^caret"),
]


def fill(cache: Cache, events: list[Event], grown: bool) -> None:
    with cache.transaction():
        rows = [(e, "log", n, None) for n, e in enumerate(events)]
        if grown:
            for row in rows:
                cache.insert(*row)
        else:
            cache.insert_many(rows)


@pytest.fixture(params=["rebuilt", "grown"])
def cache(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Cache]:
    built = Cache(tmp_path / "index.sqlite")
    fill(built, STORY, request.param == "grown")
    yield built
    built.close()


def intact(cache: Cache) -> None:
    """FTS5's own check that the full-text table indexes exactly the text of events (it raises
    "database disk image is malformed" when not)."""
    cache.db.execute("INSERT INTO event_text(event_text, rank) VALUES('integrity-check', 1)")


def found(cache: Cache, query: str, kind: str | None = None, path: str | None = None) -> list[str]:
    return [parse_line(raw).summary for raw in cache.search(query, kind, path, 20)]


def test_a_word_finds_its_other_forms(cache: Cache) -> None:
    assert found(cache, "proxies") == ["Retries come from the proxy"]
    assert found(cache, "retry") == ["Retries come from the proxy"]
    assert set(found(cache, "fails")) == {"Failing login after password reset", "Login failed again"}


def test_unquoted_words_are_all_required_anywhere_a_quoted_phrase_word_for_word(cache: Cache) -> None:
    assert set(found(cache, "request context")) == {"The request carries no context at all",
                                                    "Request context leaks between threads"}
    assert set(found(cache, "context request")) == set(found(cache, "request context"))
    assert found(cache, '"request context"') == ["Request context leaks between threads"]
    assert found(cache, '"context request"') == []
    assert found(cache, '"requests contexts" leak') == ["Request context leaks between threads"]
    assert found(cache, 'leaks "request context') == ["Request context leaks between threads"]  # unclosed: to the end
    assert found(cache, "proxy login") == []


def test_the_best_match_first_then_newest_then_by_id_the_same_however_the_index_grew(cache: Cache) -> None:
    # two events of the same text tie on bm25: the newer first
    said = [parse_line(raw).id for raw in cache.search("login failed", None, None, 20)]
    assert said[:2] == [STORY[5].id, STORY[4].id]
    assert said[2] == STORY[3].id  # "failing login" scores lower: a longer text
    assert found(cache, "", None, None)[0] == STORY[6].summary  # no query: the newest


def test_filters_by_type_and_file(cache: Cache) -> None:
    assert found(cache, "login", "issue") == ["Failing login after password reset"]
    assert found(cache, "login", None, "src/net.py") == ["Login failed again"]


@pytest.mark.parametrize("query", ["AND", "or", "NOT", "near", "parens", "(parens)", "col:umn", "^caret",
                                   '"quotes"', "NEAR(parens quotes)", "parens AND", "* col:umn", "-caret"])
def test_fts_syntax_is_taken_as_text(cache: Cache, query: str) -> None:
    assert found(cache, query) == [STORY[6].summary]


@pytest.mark.parametrize("query", ["*", "-", ":", '""', "( )", "\"*\" -- '"])
def test_a_query_with_no_words_is_refused_in_one_line(cache: Cache, query: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        cache.search(query, None, None, 20)
    said = str(refused.value)
    assert "no words to search for" in said and "\n" not in said


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('"*-:()^{}[]+.,;\'\\ ANDORNOTneartxyz\u00e9\u4e2d0_\t')), max_size=30))
def test_no_query_is_an_fts_error(query: str) -> None:
    cache = Cache.in_memory()
    try:
        fill(cache, STORY, grown=False)
        try:
            result = cache.search(query, None, None, 20)
        except InvalidInput:
            return
        assert isinstance(result, list)
    finally:
        cache.close()


def test_removing_and_clearing_events_keeps_the_full_text_table_in_step(tmp_path: Path) -> None:
    cache = Cache(tmp_path / "index.sqlite")
    fill(cache, STORY, grown=False)
    with cache.transaction():
        cache.remove([STORY[0].id])
    assert found(cache, "proxy") == []
    intact(cache)
    with cache.transaction():
        cache.insert(event(8, "proxy again"), "git", None)
        cache.clear("git")
    assert found(cache, "proxy") == []
    intact(cache)
    with cache.transaction():
        cache.empty()
        cache.insert(event(9, "the proxy is back"), "log", 1)
    assert found(cache, "proxies") == ["the proxy is back"]
    intact(cache)
    cache.close()


def test_an_index_of_the_previous_version_is_built_again_with_the_full_text_table(tmp_path: Path) -> None:
    path = tmp_path / "index.sqlite"
    Cache(path).close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE event_text")
    db.execute(f"PRAGMA user_version={int(CACHE_VERSION) - 1}")
    db.commit()
    db.close()
    cache = Cache(path)
    assert search.present(cache.db) and cache.db.execute("PRAGMA user_version").fetchone()[0] == int(CACHE_VERSION)
    fill(cache, STORY, grown=True)
    assert found(cache, "proxies") == ["Retries come from the proxy"]
    cache.close()


def words_indexed(cache: Cache) -> int:
    table = search.TABLE if search.available() else search.PLAIN_TABLE
    return int(cache.db.execute(f"SELECT count(*) FROM {table}").fetchone()[0])


def test_a_rebuild_indexes_no_words_and_the_first_search_indexes_them_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "index.sqlite"
    cache = Cache(path)
    fill(cache, STORY[:4], grown=False)
    assert words_indexed(cache) == 0  # the rebuild left the words to the first search
    with cache.transaction():  # an event taken in after the load, before any search: found once
        cache.insert(STORY[4], "log", 5)
    assert found(cache, "login") == ["Login failed again", "Failing login after password reset"]
    assert words_indexed(cache) == 5
    intact(cache)
    cache.close()
    built = []
    monkeypatch.setattr(search, "_build", built.append)
    cache = Cache(path)  # another process: the words are there, and stay in step
    with cache.transaction():
        cache.insert(STORY[5], "log", 6)
        cache.remove([STORY[0].id])
    assert found(cache, "login failed") == ["Login failed again", "Login failed again",
                                            "Failing login after password reset"]
    assert found(cache, "proxy") == []
    assert built == []
    intact(cache)
    cache.close()


def test_a_search_after_another_process_rebuilt_the_index_finds_what_it_loaded(tmp_path: Path) -> None:
    """A search during a rebuild reads the index as it was; after it, the rebuilt events."""
    path = tmp_path / "index.sqlite"
    fill(Cache(path), STORY[:2], grown=True)
    searcher, rebuilder = Cache(path), Cache(path)
    assert found(searcher, "proxy") == ["Retries come from the proxy"]
    with rebuilder.transaction():
        rebuilder.empty()
        rebuilder.insert_many([(e, "log", n, None) for n, e in enumerate(STORY[2:])])
        assert found(searcher, "proxy") == ["Retries come from the proxy"]
    assert found(searcher, "proxy") == []
    assert found(searcher, "context") == ["Request context leaks between threads"]
    intact(searcher)
    searcher.close()
    rebuilder.close()


def test_words_another_process_empties_between_building_and_reading_are_built_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "index.sqlite"
    fill(Cache(path), STORY, grown=True)
    searcher, rebuilder = Cache(path), Cache(path)
    real = search.ready
    rebuilt: list[bool] = []

    def ready_then_rebuilt(db: sqlite3.Connection) -> None:
        real(db)
        if not rebuilt:  # a `ken regenerate` lands between this search's build and its read
            rebuilt.append(True)
            with rebuilder.transaction():
                rebuilder.empty()
                rebuilder.insert_many([(e, "log", n, None) for n, e in enumerate(STORY)])

    monkeypatch.setattr(search, "ready", ready_then_rebuilt)
    assert found(searcher, "proxies") == ["Retries come from the proxy"]
    assert rebuilt
    intact(searcher)
    searcher.close()
    rebuilder.close()


@pytest.fixture
def without_fts5(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process's SQLite as one built without FTS5."""
    monkeypatch.setattr(search, "_available", False)


def test_without_fts5_the_index_has_no_full_text_table_and_search_matches_exact_text(
        tmp_path: Path, without_fts5: None, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "index.sqlite"
    cache = Cache(path)
    fill(cache, STORY, grown=False)
    assert not search.present(cache.db)
    assert cache.db.execute("PRAGMA user_version").fetchone()[0] == int(CACHE_VERSION) + WITHOUT_FULL_TEXT
    assert found(cache, "proxy") == ["Retries come from the proxy"]
    assert found(cache, "proxies") == []
    assert found(cache, '"request context"') == ["Request context leaks between threads"]
    assert found(cache, "AND (parens)") == [STORY[6].summary]
    assert words_indexed(cache) == len(STORY)
    with cache.transaction():
        cache.remove([STORY[0].id])
        cache.clear("git")
        cache.empty()
    cache.close()
    # a Python with FTS5 builds the index again, with the table
    monkeypatch.setattr(search, "_available", True)
    cache = Cache(path)
    assert search.present(cache.db) and cache.count() == 0
    cache.close()
