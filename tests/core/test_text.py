"""Counts and articles in messages read as English: ``1 commit``, ``an issue``, ``0.5 days``
(never ``1 commits`` or ``a issue``)."""

from __future__ import annotations

import re

import pytest

from kenning.core.text import article, lazy_regex, plural, plural_of


@pytest.mark.parametrize(("count", "noun", "said"), [(1, "commit", "1 commit"), (2, "commit", "2 commits"),
                                                      (0, "line", "0 lines"), (0.5, "day", "0.5 days"),
                                                      (1.0, "day", "1 day")])
def test_plural(count: float, noun: str, said: str) -> None:
    assert plural(count, noun) == said


@pytest.mark.parametrize(("noun", "nouns"), [
    ("fix", "fixes"), ("attempt", "attempts"), ("issue", "issues"), ("decision", "decisions"), ("note", "notes"),
    ("snooze", "snoozes"), ("revert", "reverts"), ("lesson", "lessons"), ("re-attempt", "re-attempts"),
    ("failed attempt", "failed attempts"), ("memory", "memories"), ("day", "days"), ("process", "processes")])
def test_every_event_type_and_counted_noun_has_its_english_plural(noun: str, nouns: str) -> None:
    assert plural_of(noun) == nouns
    assert plural(2, noun) == f"2 {nouns}" and plural(1, noun) == f"1 {noun}"


def test_a_large_whole_count_is_written_whole() -> None:
    assert plural(1_234_567, "event") == "1234567 events"  # never 1.23457e+06


@pytest.mark.parametrize(("word", "said"), [("issue", "an issue"), ("attempt", "an attempt"),
                                             ("decision", "a decision"), ("note", "a note"), ("fix", "a fix")])
def test_article(word: str, said: str) -> None:
    assert article(word) == said


def test_a_lazy_pattern_answers_as_the_compiled_one_before_and_after_its_first_use():
    source, text = r"(?P<word>[a-z]+)-(\d+)", "ab-12 cd-3 x-"
    compiled = re.compile(source)
    lazy = lazy_regex(source)
    assert lazy.pattern == source and lazy.groups == 2  # what the pattern itself says
    assert lazy.search(text).group("word") == compiled.search(text).group("word") == "ab"
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in compiled.finditer(text)]
    assert lazy.sub("_", text) == compiled.sub("_", text) and lazy.findall(text) == compiled.findall(text)
    assert lazy.fullmatch("ab-12") and not lazy.match("-1")
    assert lazy_regex("[A-Z]", re.IGNORECASE).fullmatch("q")

