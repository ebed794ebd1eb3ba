"""Duplicates and contradictions among standing memories: the pure rules (docs/views.md).

A memory's *place* is what it is about: its location's path and, when it cites them, its lines
(``PATH``, ``PATH:LINE`` or ``PATH:START-END``), and the issue it names.

A write *repeats* a standing memory when both are of one type (an attempt: with one outcome
too), at one place and say nearly the same words: the summaries' words, normalized (case, light
stemming, filler words dropped), overlap by at least ``SIMILAR`` (Jaccard), and nothing that
makes two sentences say different things tells them apart: a negation on one side only
(``with`` / ``without backoff``), opposite words (``enable`` / ``disable``), or a number, a
code name or a proper name on one side only (``30s`` / ``60s``, ``save_user`` /
``load_user``, ``Redis`` / ``Memcached``). Deterministic, no model: the same texts always
give the same answer.

Two standing decisions *contradict* when they stand on the same code: the same path, with
overlapping line ranges when both cite lines, or with no lines on either. Nothing here reads a
file or the log: the caller hands the memories over.
"""

from __future__ import annotations

import re
import unicodedata

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any

# how much of two summaries' words must be shared (Jaccard) for one to repeat the other; tuned
# on the corpus in tests/core/duplicate_corpus.py (near-copies, paraphrases that say something
# else). A word swapped for another (each side has words of its own) says something else more
# often than a word added, so a swap needs more in common: one swap in nine words is 0.8, and
# "a global lock" / "a per-key lock" are not one memory
SIMILAR = 0.8
SIMILAR_SWAPPED = 0.85

_CODE_MARK = re.compile(r"[\d_.]")  # a digit, an underscore or a dot: a number or a code name
_LINES = re.compile(r"([0-9]+)(?:-([0-9]+))?")
# a word, possibly with inner dots, apostrophes or hyphens: `x.py`, `2.31`, `don't`, `per-key`
_WORD = re.compile(r"\w+(?:['.\-]\w+)*")
# words that say nothing about what happened: dropped before words are compared
_FILLER = frozenset((
    "a", "an", "the", "and", "or", "but", "of", "to", "in", "on", "at", "by", "for", "from", "with", "into",
    "onto", "as", "is", "are", "was", "were", "be", "been", "being", "it", "its", "this", "that", "these",
    "those", "there", "here", "then", "than", "so", "we", "i", "you", "he", "she", "they", "them", "our", "my",
    "your", "their", "us", "me", "has", "have", "had", "do", "does", "did", "done", "will", "would", "should",
    "could", "can", "may", "might", "must", "also", "just", "still", "again", "very", "too", "some", "any",
    "all", "each", "when", "while", "which", "who", "what", "where", "why", "how", "if", "because", "since",
    "thus", "hence", "though", "although"))
# words that turn a sentence around: one side negated, the other not, is never a repeat
_NEGATIONS = frozenset((
    "not", "no", "never", "without", "cannot", "can't", "don't", "doesn't", "didn't", "isn't", "aren't",
    "wasn't", "weren't", "won't", "wouldn't", "shouldn't", "mustn't", "couldn't", "hasn't", "haven't", "hadn't",
    "nor", "none", "neither", "nothing", "nobody", "nowhere"))
# words whose opposite on the other side makes the two say different things
_OPPOSITES = (
    ("enable", "disable"), ("enabled", "disabled"), ("add", "remove"), ("allow", "deny"), ("allow", "forbid"),
    ("allow", "block"), ("before", "after"), ("increase", "decrease"), ("sync", "async"), ("true", "false"),
    ("min", "max"), ("minimum", "maximum"), ("lock", "unlock"), ("start", "stop"), ("open", "close"),
    ("read", "write"), ("client", "server"), ("upper", "lower"), ("first", "last"), ("always", "never"),
    ("accept", "reject"), ("include", "exclude"), ("import", "export"), ("worked", "failed"),
    ("success", "failure"), ("pass", "fail"), ("keep", "drop"), ("show", "hide"), ("public", "private"),
    ("local", "remote"), ("old", "new"), ("more", "less"), ("faster", "slower"), ("higher", "lower"),
    ("up", "down"), ("in", "out"), ("on", "off"), ("inside", "outside"), ("above", "below"),
    ("encrypt", "decrypt"), ("serialize", "deserialize"), ("compress", "decompress"), ("mutable", "immutable"),
    ("valid", "invalid"), ("safe", "unsafe"), ("required", "optional"), ("static", "dynamic"),
)


class Place:
    """Where a memory stands: a path and, when it cites them, lines ``start``-``end``."""

    __slots__ = ("path", "start", "end")

    def __init__(self, path: str, start: int | None = None, end: int | None = None) -> None:
        self.path, self.start, self.end = path, start, end

    def __repr__(self) -> str:
        return f"Place({self.path!r}, {self.start}, {self.end})"

    @property
    def lines(self) -> bool:
        return self.start is not None

    def overlaps(self, other: Place) -> bool:
        """Same path, and the line ranges share a line (a place without lines: the whole file)."""
        if self.path != other.path:
            return False
        if self.start is None or other.start is None or self.end is None or other.end is None:
            return True
        return self.start <= other.end and other.start <= self.end

    def shown(self) -> str:
        if self.start is None:
            return self.path
        return f"{self.path}:{self.start}" if self.start == self.end else f"{self.path}:{self.start}-{self.end}"


def place(location: object) -> Place | None:
    """``PATH``, ``PATH:LINE`` or ``PATH:START-END`` read as a place; None for no location. A
    tail that is no line number belongs to the path (a name may hold ``:``); a range written
    backwards is read forwards."""
    if not isinstance(location, str) or not location:
        return None
    head, sep, tail = location.rpartition(":")
    match = _LINES.fullmatch(tail) if sep and head else None
    if match is None:
        return Place(location)
    start = int(match.group(1))
    end = int(match.group(2)) if match.group(2) else start
    return Place(head, min(start, end), max(start, end))


def same_place(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Whether two memories are about one place, for telling a repeat: the same issue (or none
    on either; an issue's own id is its name, not its place), and the same path with
    overlapping lines where both cite lines; or no location on either (the project as a whole,
    or the issue they both name)."""
    about_issues = "issue" not in (a.get("type"), b.get("type"))
    if about_issues and (a.get("issue_id") or None) != (b.get("issue_id") or None):
        return False
    here, there = place(a.get("location")), place(b.get("location"))
    if here is None or there is None:
        return here is None and there is None
    return here.overlaps(there)


def same_code(a: Place | None, b: Place | None) -> bool:
    """Whether two decisions stand on the same code: the same path, with overlapping lines when
    both cite lines, or no lines on either. A decision about a whole file and one about a few of
    its lines may well agree; one with no location is about no code."""
    if a is None or b is None or a.path != b.path or a.lines != b.lines:
        return False
    return a.overlaps(b)


# -- words -------------------------------------------------------------------------------------


class Words:
    """A summary's words as compared: ``common`` (stemmed, filler dropped), ``typed`` (every
    word as typed, lowercased, in order), the ``exact`` ones in order (numbers, code and proper
    names: one on a side only, or the same ones in another order, makes a different subject:
    ``writer 1 note 2`` / ``writer 2 note 1``), and whether it is ``negated``."""

    __slots__ = ("common", "typed", "exact", "negated")

    def __init__(self, text: str) -> None:
        flat = unicodedata.normalize("NFKC", text).replace("\u2019", "'")
        common: set[str] = set()
        typed: list[str] = []
        exact: list[str] = []
        negated = False
        for n, match in enumerate(_WORD.finditer(flat)):
            word = match.group(0)
            low = word.casefold()
            typed.append(low)
            if low in _NEGATIONS or low.endswith("n't"):
                negated = True
            elif low in _FILLER:
                continue
            elif _is_code(word):
                exact.append(low)
                common.add(low)
            else:
                if _is_name(word, n):
                    exact.append(low)
                common.add(stem(low))
        self.common, self.typed, self.exact, self.negated = frozenset(common), tuple(typed), tuple(exact), negated


def _is_code(word: str) -> bool:
    """A number or a code name (``30s``, ``2.31``, ``save_user``, ``x.py``, ``getUser``): kept
    as typed, never stemmed."""
    rest = word[1:]
    return _CODE_MARK.search(word) is not None or (rest != rest.lower() and word != word.upper())


def _is_name(word: str, position: int) -> bool:
    """A proper name or an acronym: a capital past a summary's first word (``Redis``), or a word
    in capitals (``API``)."""
    return (len(word) > 1 and word.isupper()) or (position > 0 and word[:1].isupper())


def stem(word: str) -> str:
    """A light, deterministic English stem: ``retries``/``retried``/``retrying`` -> ``retry``,
    ``fails``/``failed``/``failing`` -> ``fail``, ``caches``/``cache`` -> ``cach``."""
    if len(word) > 4 and word.endswith(("ies", "ied")):
        return word[:-3] + "y"
    for suffix, shortest in (("ing", 6), ("ed", 5), ("s", 4)):
        if word.endswith(suffix) and len(word) >= shortest and not word.endswith(("ss", "us", "is")):
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls":
        word = word[:-1]
    return word


_OPPOSED = tuple((stem(a), stem(b)) for a, b in _OPPOSITES)


def similar(a: str, b: str) -> bool:
    """Whether two summaries say nearly the same thing (see the module's rule)."""
    return similarity(Words(a), Words(b)) >= SIMILAR


def similarity(a: Words, b: Words) -> float:
    """The share of words two summaries have in common (Jaccard, 0 to 1); 0 when something
    tells them apart whatever else they share (a negation, opposite words, an exact word on
    one side only)."""
    if a.negated != b.negated or not _in_order(a.exact, b.typed) or not _in_order(b.exact, a.typed):
        return 0.0
    only_a, only_b = a.common - b.common, b.common - a.common
    typed_a, typed_b = set(a.typed) - set(b.typed), set(b.typed) - set(a.typed)  # "in" / "out" are filler
    for left, right in _OPPOSED:
        if ((left in only_a or left in typed_a) and (right in only_b or right in typed_b)) or \
                ((right in only_a or right in typed_a) and (left in only_b or left in typed_b)):
            return 0.0
    mine, theirs = a.common, b.common
    if not mine and not theirs:  # filler alone on both sides ("here", "still here"): every word counts
        mine, theirs = frozenset(a.typed), frozenset(b.typed)
        only_a, only_b = mine - theirs, theirs - mine
    union = mine | theirs
    if not union:
        return 1.0  # two summaries without a word: nothing tells them apart
    shared = len(mine & theirs) / len(union)
    return shared if shared >= SIMILAR_SWAPPED or not (only_a and only_b) else min(shared, SIMILAR - 0.01)


def _in_order(exact: tuple[str, ...], typed: tuple[str, ...]) -> bool:
    """Whether every one of ``exact`` is among ``typed``, in the same order."""
    words = iter(typed)
    return all(any(word == other for other in words) for word in exact)


# -- repeats -----------------------------------------------------------------------------------


def repeats(new: Mapping[str, Any], old: Mapping[str, Any], words: Words | None = None,
            old_words: Words | None = None) -> bool:
    """Whether ``new`` (a write about to be made) repeats the standing memory ``old``: the same
    type (an attempt, with the same outcome), the same place, nearly the same words."""
    if new.get("type") != old.get("type"):
        return False
    if new.get("type") == "attempt" and new.get("outcome") != old.get("outcome"):
        return False  # a second try that went another way is news, not a copy
    if not same_place(new, old):
        return False
    mine = words or Words(str(new.get("summary", "")))
    theirs = old_words or Words(str(old.get("summary", "")))
    return similarity(mine, theirs) >= SIMILAR


def repeated(new: Mapping[str, Any], standing: Iterable[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The first of ``standing`` that ``new`` repeats, or None."""
    words = Words(str(new.get("summary", "")))
    return next((old for old in standing if repeats(new, old, words)), None)


def duplicated(memories: Iterable[Mapping[str, Any]], window: int = 200) -> list[tuple[str, str]]:
    """(copy, original) for every memory that repeats an earlier one in ``memories`` (given
    oldest first, all standing). Compared within a type, an issue and a path, each against the
    ``window`` newest before it: what a write compares against too."""
    groups: dict[tuple[Any, ...], list[tuple[Mapping[str, Any], Words]]] = {}
    found: list[tuple[str, str]] = []
    for memory in memories:
        spot = place(memory.get("location"))
        issue = None if memory.get("type") == "issue" else memory.get("issue_id") or None  # an issue's id is its name
        group = groups.setdefault((memory.get("type"), issue, spot.path if spot else None), [])
        words = Words(str(memory.get("summary", "")))
        for old, old_words in reversed(group[-window:]):
            if repeats(memory, old, words, old_words):
                found.append((str(memory.get("id")), str(old.get("id"))))
                break
        group.append((memory, words))
    return found


def standing(memories: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The memories that stand, oldest first (by time, then id), as the fold says: an issue no
    fix names, a decision no decision supersedes, and every attempt, fix and note (a written
    memory is never forgotten). Other types (a snooze) are no memory to repeat."""
    given = list(memories)
    fixed = {m.get("issue_id") for m in given if m.get("type") == "fix" and m.get("issue_id")}
    retired = {m.get("supersedes") for m in given if m.get("type") == "decision" and m.get("supersedes")}
    kept = [m for m in given if m.get("type") in ("attempt", "fix", "note")
            or (m.get("type") == "issue" and m.get("issue_id") not in fixed)
            or (m.get("type") == "decision" and m.get("id") not in retired)]
    return sorted(kept, key=lambda m: (str(m.get("timestamp", "")), str(m.get("id", ""))))


# -- contradictions ----------------------------------------------------------------------------


class Conflict:
    """Standing decisions on the same code (``ids``, oldest first) and the code they share."""

    __slots__ = ("ids", "where")

    def __init__(self, ids: list[str], where: Place) -> None:
        self.ids, self.where = ids, where

    def line(self) -> str:
        """``evt_a and evt_b both stand on src/x.py:40-52; supersede one``."""
        if len(self.ids) == 2:
            return f"{self.ids[0]} and {self.ids[1]} both stand on {self.where.shown()}; supersede one"
        named = ", ".join(self.ids[:-1]) + f" and {self.ids[-1]}"
        return f"{named} all stand on {self.where.shown()}; supersede all but one"


def contradictions(decisions: Iterable[Mapping[str, Any]]) -> list[Conflict]:
    """The groups of standing decisions that stand on the same code: per path, those without
    lines together, and those whose line ranges overlap (a chain of overlaps is one group). In
    path order, then line order."""
    by_path: dict[str, list[tuple[Place, str, str]]] = {}
    for decision in decisions:
        spot = place(decision.get("location"))
        if spot is not None:
            by_path.setdefault(spot.path, []).append((spot, str(decision.get("timestamp", "")),
                                                      str(decision.get("id"))))
    found: list[Conflict] = []
    for path in sorted(by_path):
        cited = by_path[path]
        whole = sorted((when, ident) for spot, when, ident in cited if not spot.lines)
        if len(whole) > 1:
            found.append(Conflict([ident for _, ident in whole], Place(path)))
        found += _overlapping(path, [(spot, when, ident) for spot, when, ident in cited if spot.lines])
    return found


def _overlapping(path: str, cited: list[tuple[Place, str, str]]) -> list[Conflict]:
    """Groups of overlapping line ranges, by a sweep in line order."""
    cited.sort(key=lambda c: (c[0].start, c[0].end, c[1], c[2]))
    found: list[Conflict] = []
    group: list[tuple[Place, str, str]] = []
    reach = -1
    for entry in cited:
        spot = entry[0]
        assert spot.start is not None and spot.end is not None
        if group and spot.start > reach:
            found += _conflict(path, group)
            group = []
        group.append(entry)
        reach = max(reach, spot.end) if len(group) > 1 else spot.end
    return found + _conflict(path, group)


def _conflict(path: str, group: list[tuple[Place, str, str]]) -> list[Conflict]:
    if len(group) < 2:
        return []
    starts = [spot.start for spot, _, _ in group if spot.start is not None]
    ends = [spot.end for spot, _, _ in group if spot.end is not None]
    ordered = sorted((when, ident) for _, when, ident in group)
    return [Conflict([ident for _, ident in ordered], Place(path, min(starts), max(ends)))]
