"""Whether a regex that a config supplies can backtrack catastrophically.

Python's ``re`` is a backtracking engine with no time limit, and a config pattern runs on every
write and on every commit message the gate derives events from: ``(a+)+$`` on thirty ``a`` and
a ``!`` takes minutes, so one line in a committed ``config.toml`` could hang every command.
kenning cannot take a safe engine (no dependency), and a timer cannot interrupt ``re`` outside
the main thread, so such a pattern is refused before it is compiled, by what it is shaped like:

* a variable quantifier inside a repeated group (``(a+)+``, ``(\\w+\\s?)*``, ``(a{1,3})+``): the
  text splits between the iterations in exponentially many ways;
* alternatives that can match the same character, or nothing, under a repeat (``(a|ab)*``,
  ``(\\w|\\d)+``, ``(a|)+``): each character may be taken by either;
* unbounded quantifiers in a row, with only optional items between, that can take the same
  character (``\\d+\\d+``, ``.*.*=``, ``\\w*_?\\w*``): polynomial, and a long line is enough.

Possessive quantifiers (``a++``) and atomic groups (``(?>…)``) never give back what they took,
so a repeat of one is safe. The check is conservative: ``([a-z]+\\.)+`` is refused although the
dot makes it safe; the message says how to write it (``([a-z]++\\.)+``).

Pure: the standard library's own regex parser, no files, no clock.
"""

from __future__ import annotations

import sys

if sys.version_info >= (3, 11):
    from re import _constants as sre  # type: ignore[attr-defined]
    from re import _parser as sre_parse  # type: ignore[attr-defined]
else:  # Python 3.10
    import sre_constants as sre
    import sre_parse

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    # (can match empty, first characters, every character, variable, unbounded)
    Info = tuple[bool, frozenset[int], frozenset[int], bool, bool]

__all__ = ["refusal"]

_REPEATS = {sre.MAX_REPEAT, sre.MIN_REPEAT}
_POSSESSIVE = {getattr(sre, "POSSESSIVE_REPEAT", None)} - {None}
_MANY = 3  # a group repeated more often than this can split its text in too many ways

# Characters are compared over a small universe: ASCII, plus one stand-in for each kind of
# non-ASCII character (a letter, a digit, a space, anything else); enough to tell overlaps.
_LETTER, _DIGIT, _SPACE, _OTHER = 0xE9, 0x663, 0x2003, 0x20AC
_UNIVERSE = frozenset([*range(128), _LETTER, _DIGIT, _SPACE, _OTHER])
_UNICODE_SPACES = frozenset([0x85, 0xA0, 0x1680, *range(0x2000, 0x200B), 0x2028, 0x2029, 0x202F, 0x205F, 0x3000])
_DIGITS = frozenset([*range(48, 58), _DIGIT])
_SPACES = frozenset([*b" \t\n\r\f\v", *range(0x1C, 0x20), _SPACE])
_WORD = frozenset([*range(48, 58), *range(65, 91), *range(97, 123), 95, _LETTER, _DIGIT])
_CATEGORIES = {sre.CATEGORY_DIGIT: _DIGITS, sre.CATEGORY_NOT_DIGIT: _UNIVERSE - _DIGITS,
               sre.CATEGORY_SPACE: _SPACES, sre.CATEGORY_NOT_SPACE: _UNIVERSE - _SPACES,
               sre.CATEGORY_WORD: _WORD, sre.CATEGORY_NOT_WORD: _UNIVERSE - _WORD}



def refusal(source: str) -> str | None:
    """Why ``source`` is refused (one clause), or None when it cannot backtrack badly."""
    try:
        tree = sre_parse.parse(source)
    except Exception:  # noqa: BLE001 - a pattern re cannot parse is refused by re.compile itself
        return None
    try:
        _Walk().sequence(list(tree.data), False)
    except _Refused as err:
        return str(err)
    except RecursionError:
        return "it nests too deeply to be checked; write it flatter"
    return None


class _Refused(Exception):
    pass


_NESTED = ("it can backtrack catastrophically: a quantifier inside a repeated group; make the inner one "
           "possessive (a++) or atomic ((?>...)), or write it without the nesting")
_OVERLAP = ("it can backtrack catastrophically: alternatives under a repeat can match the same text; "
            "make the alternatives start differently")
_ADJACENT = ("it can backtrack catastrophically: two unbounded quantifiers in a row can take the same "
             "characters; separate them with a required character neither can match")


class _Walk:
    """One pass over the parsed pattern. Each item gives (can match empty, its first
    characters, every character it can match, has a variable quantifier, has an unbounded one)."""

    def sequence(self, items: list[tuple[Any, Any]], repeated: bool) -> Info:
        nullable, first, chars, variable, unbounded = True, frozenset[int](), frozenset[int](), False, False
        tail: frozenset[int] | None = None  # what an unbounded item before, with only optional ones since, takes
        for op, av in items:
            i_null, i_first, i_chars, i_var, i_unbounded = self.item(op, av, repeated)
            if tail is not None and i_unbounded and i_first & tail:
                raise _Refused(_ADJACENT)
            first = first | i_first if nullable else first
            nullable, chars = nullable and i_null, chars | i_chars
            variable, unbounded = variable or i_var, unbounded or i_unbounded
            if i_unbounded:
                tail = i_chars if tail is None or not i_null else tail | i_chars
            elif not i_null:
                tail = None
        return nullable, first, chars, variable, unbounded

    def item(self, op: Any, av: Any, repeated: bool) -> Info:
        if op in _REPEATS or op in _POSSESSIVE:
            return self.repeat(op, av, repeated)
        if op is sre.SUBPATTERN:
            return self.sequence(list(av[-1]), repeated)
        if op is getattr(sre, "ATOMIC_GROUP", None):
            null, first, chars, _, _ = self.sequence(list(av), repeated)
            return null, first, chars, False, False  # never gives back: fixed, for whoever repeats it
        if op is sre.BRANCH:
            return self.branch(av[1], repeated)
        if op in (sre.ASSERT, sre.ASSERT_NOT):
            self.sequence(list(av[1]), False)
            return True, frozenset(), frozenset(), False, False
        if op is sre.GROUPREF_EXISTS:
            yes = self.sequence(list(av[1]), repeated)
            no = self.sequence(list(av[2]), repeated) if av[2] is not None else (True, frozenset(), frozenset(),
                                                                                   False, False)
            return (yes[0] or no[0], yes[1] | no[1], yes[2] | no[2], yes[3] or no[3], yes[4] or no[4])
        if op is sre.AT:
            return True, frozenset(), frozenset(), False, False
        if op is sre.GROUPREF:  # a backreference matches text of any length
            return True, _UNIVERSE, _UNIVERSE, True, True
        chars = _characters(op, av)
        return False, chars, chars, False, False

    def repeat(self, op: Any, av: Any, repeated: bool) -> Info:
        low, high, body = av
        possessive = op in _POSSESSIVE
        many = high > _MANY and not possessive
        null, first, chars, variable, _ = self.sequence(list(body), repeated or many)
        if many and (variable or null):
            raise _Refused(_NESTED if variable else _OVERLAP)
        if possessive:
            return low == 0 or null, first, chars, False, False
        return low == 0 or null, first, chars, low != high or variable, high == sre.MAXREPEAT

    def branch(self, alternatives: list[Any], repeated: bool) -> Info:
        nullable, first, chars, variable, unbounded = False, frozenset[int](), frozenset[int](), False, False
        for alternative in alternatives:
            a_null, a_first, a_chars, a_var, a_unbounded = self.sequence(list(alternative), repeated)
            if repeated and (a_first & first or (a_null and nullable)):
                raise _Refused(_OVERLAP)
            nullable, first, chars = nullable or a_null, first | a_first, chars | a_chars
            variable, unbounded = variable or a_var, unbounded or a_unbounded
        # alternatives of different lengths split text as a quantifier does: (a|aa)+ is one
        widths = {tuple(alternative.getwidth()) for alternative in alternatives}
        variable = variable or len(widths) > 1 or any(low != high for low, high in widths)
        return nullable, first, chars, variable, unbounded


def _characters(op: Any, av: Any) -> frozenset[int]:
    """The characters one item can match, in the small universe."""
    if op is sre.LITERAL:
        return _folded(av)
    if op is sre.NOT_LITERAL:
        return _UNIVERSE - _folded(av)
    if op is sre.IN:
        found: set[int] = set()
        negated = False
        for kind, value in av:
            if kind is sre.NEGATE:
                negated = True
            elif kind is sre.CATEGORY:
                found |= _CATEGORIES.get(value, _UNIVERSE)
            elif kind is sre.LITERAL:
                found |= _folded(value)
            elif kind is sre.RANGE:
                found |= _range(*value)
            else:
                found |= _UNIVERSE
        return _UNIVERSE - found if negated else frozenset(found)
    return _UNIVERSE  # any character, a category outside a class, or anything new: assume the worst


def _range(low: int, high: int) -> frozenset[int]:
    found = {c for code in range(low, min(high, 127) + 1) for c in _folded(code)}
    if high > 127:
        found |= {_LETTER, _DIGIT, _OTHER}
        if any(low <= space <= high for space in _UNICODE_SPACES):
            found.add(_SPACE)
    return frozenset(found)


def _folded(code: int) -> frozenset[int]:
    """A character and its other case (a config pattern may ask for ``(?i)``), in the universe."""
    codes = {code, *(ord(c) for c in (chr(code).lower(), chr(code).upper()) if len(c) == 1)}
    return frozenset(c if c < 128 else _stand_in(c) for c in codes)


def _stand_in(code: int) -> int:
    char = chr(code)
    return _SPACE if char.isspace() else _DIGIT if char.isdigit() else _LETTER if char.isalpha() else _OTHER
