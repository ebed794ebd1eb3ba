"""``ken search`` as a user types it: a word finds its other forms, unquoted words are all
required anywhere, a quoted phrase word for word, the best match first; no query is FTS5 syntax
or a traceback; an index from before the full-text table is built again; and a Python whose
SQLite lacks FTS5 still answers, saying what it could not do."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from kenning.app.project import find_project
from kenning.app.views import read
from kenning.app.warnings import warnings_to
from kenning.store import search

from .conftest import Repo


def summaries(repo: Repo, *args: str) -> list[str]:
    return [e["summary"] for e in repo.json("search", *args)]


@pytest.fixture
def noted(repo: Repo) -> Repo:
    repo.ok("note", "Retries come from the proxy")
    repo.ok("note", "The request carries no context at all")
    repo.ok("decide", "Request context is passed explicitly")
    repo.ok("note", "Deploy notes: AND OR NOT (see wiki) -- done*")
    return repo


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_words_find_their_other_forms_and_all_words_are_required_anywhere(noted: Repo) -> None:
    assert summaries(noted, "proxies") == ["Retries come from the proxy"]
    assert set(summaries(noted, "request context")) == {"The request carries no context at all",
                                                        "Request context is passed explicitly"}
    assert summaries(noted, '"request context"') == ["Request context is passed explicitly"]
    assert summaries(noted, '"request context"', "--type", "note") == []
    text = noted.ok("search", "proxies").stdout
    assert "Retries come from the proxy" in text


@pytest.mark.parametrize("query", ["AND", "OR (see", "wiki)", "done*", "NOT:", '"AND OR', "NOT (see wiki)", "-deploy"])
def test_search_syntax_is_taken_as_text(noted: Repo, query: str) -> None:
    r = noted.ken("search", "--json", "--", query)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r
    assert "Deploy notes: AND OR NOT (see wiki) -- done*" in r.stdout, r.stdout


@pytest.mark.parametrize("query", ["*", "-", "--", "( )", '"', ":"])
def test_a_query_of_punctuation_only_is_refused_in_one_line(noted: Repo, query: str) -> None:
    r = noted.ken("search", "--", query)
    assert r.returncode == 2 and r.stdout == "", r
    line = r.stderr.strip()
    assert "\n" not in line and "no words to search for" in line and "Traceback" not in r.stderr


def test_an_index_from_before_the_full_text_table_is_built_again(noted: Repo) -> None:
    index = noted.path / ".kenning" / "cache" / "index.sqlite"
    db = sqlite3.connect(index)
    db.execute("DROP TABLE event_text")
    db.execute("PRAGMA user_version=22")  # the version before the full-text table
    db.commit()
    db.close()
    assert summaries(noted, "proxies") == ["Retries come from the proxy"]
    db = sqlite3.connect(index)
    assert db.execute("SELECT count(*) FROM event_text WHERE event_text MATCH 'proxy'").fetchone()[0] == 1
    db.close()


def test_without_fts5_search_answers_with_exact_words_and_says_so(noted: Repo, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in noted.world.env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(noted.path)
    monkeypatch.setattr(search, "_available", False)  # this Python's SQLite as one built without FTS5
    warned: list[str] = []
    with warnings_to(warned.append):
        exact = read.search(find_project(Path.cwd()), "proxy")
        stemmed = read.search(find_project(Path.cwd()), "proxies")
        phrase = read.search(find_project(Path.cwd()), '"request context"')
    assert [e["summary"] for e in exact] == ["Retries come from the proxy"]
    assert stemmed == []
    assert [e["summary"] for e in phrase] == ["Request context is passed explicitly"]
    assert warned == [read.WITHOUT_FULL_TEXT] * 3
    assert "FTS5" in read.WITHOUT_FULL_TEXT and "\n" not in read.WITHOUT_FULL_TEXT
