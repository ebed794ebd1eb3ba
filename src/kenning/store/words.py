"""The word list kenning ships as package data, read from the installed package once a process.

``kenning/data/english_words.txt`` (made by ``scripts/english_words.py``, whose docstring says
from what) holds the 20,000 most frequent English words, one a line. Attribution
(``core.lessons.attribution``) needs them to tell a package named like an ordinary word from one that
is not, but the core reads no file: the use cases read the list here and hand it over.
"""

from __future__ import annotations

import os

# the file beside the installed package, opened directly: importlib.resources would cost more
# to import than the read itself, on the write path of every command that may promote a lesson
_ENGLISH_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "english_words.txt")
_ENGLISH: list[frozenset[str]] = []


def english_words() -> frozenset[str]:
    """The common English words, lowercase: read on first use (a few ms), then kept."""
    if not _ENGLISH:
        with open(_ENGLISH_PATH, encoding="ascii") as file:
            _ENGLISH.append(frozenset(file.read().split()))
    return _ENGLISH[0]
