"""The English word list is package data: shipped with the package, made by its committed
generator, read once by ``store.words`` and handed to attribution."""

from __future__ import annotations

import fnmatch
import importlib.util
import re
from pathlib import Path

from kenning.app.project import parse_toml
from kenning.store import words

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "kenning"
DATA = PACKAGE / "data" / "english_words.txt"


def generator():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("english_words_generator", ROOT / "scripts" / "english_words.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_data_file_is_what_its_generator_writes() -> None:
    """Sorted, one lowercase word of three letters or more a line, each once, 20,000 of them."""
    text = DATA.read_text(encoding="ascii")
    lines = text.splitlines()
    assert text.endswith("\n")
    assert len(lines) == generator().COUNT == 20_000
    assert lines == sorted(set(lines))
    assert all(re.fullmatch(r"[a-z]{3,}", word) for word in lines)
    assert {"home", "money", "rails", "design"} <= set(lines)
    assert not {"pandas", "tokio", "jest"} & set(lines)


def test_the_generator_keeps_the_most_frequent_dictionary_words_sorted() -> None:
    unigrams = "the\t900\nof\t800\npandas\t700\nzebra\t600\nhome\t500\nFoo\t400\nx86\t300\napple\t200\n"
    dictionary = "the of zebra home foo x86 apple"
    assert generator().english_words(unigrams, dictionary, count=3) == ["home", "the", "zebra"]
    assert generator().english_words(unigrams, dictionary, count=9) == ["apple", "home", "the", "zebra"]


def test_english_words_are_read_once_from_the_package() -> None:
    english = words.english_words()
    assert english == frozenset(DATA.read_text(encoding="ascii").split())
    assert words.english_words() is english


def test_every_data_file_of_the_package_is_shipped() -> None:
    """A file the package reads (the word list, the schema, the page's assets) is installed only
    when pyproject.toml's package-data names it: a missing pattern works from a checkout and
    breaks every installed copy."""
    settings = parse_toml((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = settings["tool"]["setuptools"]["package-data"]["kenning"]
    data = [p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts]
    assert "data/english_words.txt" in data
    unshipped = [path for path in data if not any(fnmatch.fnmatch(path, pattern) for pattern in patterns)]
    assert not unshipped, unshipped
