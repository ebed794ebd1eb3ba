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
* two unbounded quantifiers in a row that can take the same character, with only optional
  items or variable ones they can also take between (``\\d+\\d+``, ``.*.*=``, ``\\w*_?\\w*``,
  ``a+a{1,3}a+``): each character may end either;
* three unbounded quantifiers joined by required characters they can all take
  (``.*=.*=.*``, ``[\\w.]+\\.[\\w.]+\\.\\w+``): a search becomes quartic in the line's length;
  a separator one of them cannot take (``[^@]+@``) pins where that one ends;
* many bounded variable quantifiers in a row that can take the same characters
  (``(?:(?:a{1,3}b?){3}){3}``): thousands of splits of every stretch.

A short repeat (``{2}``, ``{0,3}``) counts as its body written out up to three times, so
``(a*){3}`` is ``a*a*a*`` and nested short repeats cannot multiply unseen.

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

__all__ = ["refusal"]

class Shape:
    """What one item of a pattern can do to the text it meets. (A plain class: ``typing`` stays
    off the write path, which imports this module.)"""

    __slots__ = ("empty", "first", "chars", "variable", "unbounded", "ways", "chain")

    def __init__(self, empty: bool, first: frozenset[int], chars: frozenset[int], variable: bool = False,
                 unbounded: bool = False, ways: int = 1, chain: int = 0) -> None:
        self.empty = empty  # it can match nothing
        self.first = first  # the characters it can start with
        self.chars = chars  # every character it can match
        self.variable = variable  # it can match texts of different lengths
        self.unbounded = unbounded  # it can match texts of any length
        self.ways = ways  # how many ways it can split one stretch of text (capped)
        self.chain = chain  # the most unbounded items it joins by separators they can also take


_NONE = frozenset[int]()
_REPEATS = {sre.MAX_REPEAT, sre.MIN_REPEAT}
_POSSESSIVE = {getattr(sre, "POSSESSIVE_REPEAT", None)} - {None}
_MANY = 3  # a group repeated more often than this can split its text in too many ways
_WAYS = 4096  # ways a stretch of variable items that can take the same characters may split a text
_UNBOUNDED_WAYS = 64  # an unbounded item's share of that: two of them in a stretch are refused anyway
_CHAIN = 3  # three such items make a search cubic in the line's length, or worse
_BUDGET = 20_000  # items walked; short repeats are walked twice, so nesting them costs a doubling each

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
_SPLITS = ("it can backtrack catastrophically: many variable quantifiers in a row can share the same "
           "characters; fix their counts ({3} rather than {1,3}) or separate them with a character they cannot match")
_LINKED = ("it can backtrack catastrophically: three unbounded quantifiers are joined by characters "
           "they can also take; let the middle ones exclude the separator ([^.]+ rather than .+)")
_COMPLEX = "it nests too many repeats to be checked; write it flatter"
_ADJACENT = ("it can backtrack catastrophically: two unbounded quantifiers in a row can take the same "
             "characters; separate them with a required character neither can match")


class _Walk:
    """One pass over the parsed pattern; each item gives its ``Shape``."""

    def __init__(self) -> None:
        self.budget = _BUDGET

    def sequence(self, items: list[tuple[Any, Any]], repeated: bool) -> Shape:
        self.budget -= len(items)
        if self.budget < 0:
            raise _Refused(_COMPLEX)
        nullable, first, chars, variable, unbounded, ways = True, _NONE, _NONE, False, False, 1
        tail: frozenset[int] | None = None  # what an unbounded item before, with only optional ones since, takes
        run, run_ways = _NONE, 1  # the characters of the latest stretch of variable items that overlap
        free: list[frozenset[int]] = []  # unbounded items since, each still able to end in more than one place
        longest = 0
        for op, av in items:
            shape = self.item(op, av, repeated)
            if tail is not None and shape.unbounded and shape.first & tail:
                raise _Refused(_ADJACENT)
            first = first | shape.first if nullable else first
            nullable, chars = nullable and shape.empty, chars | shape.chars
            variable, unbounded = variable or shape.variable, unbounded or shape.unbounded
            if shape.unbounded:
                tail = shape.chars if tail is None or not shape.empty else tail | shape.chars
            elif tail is not None and shape.variable and shape.chars & tail:
                tail |= shape.chars  # a variable item the quantifier before can eat into separates nothing
            elif not shape.empty:
                tail = None
            if not shape.empty:  # a required character an item cannot take pins where that item ends
                free = [chars_of for chars_of in free if chars_of & shape.chars]
            if shape.unbounded:
                free += [shape.chars] * max(shape.chain, 1)
                longest = max(longest, len(free))
                if len(free) >= _CHAIN:
                    raise _Refused(_LINKED)
            ways_here = 1 if shape.unbounded else shape.ways  # the unbounded ones are counted in ``free``
            if shape.variable and shape.chars & run:
                run, run_ways = run | shape.chars, run_ways * ways_here
            elif shape.variable:
                run, run_ways = shape.chars, ways_here
            elif not shape.empty and not shape.chars & run:
                run, run_ways = _NONE, 1  # a required character the stretch cannot take pins its end
            if run_ways > _WAYS:
                raise _Refused(_SPLITS)
            ways = min(ways * shape.ways, _WAYS + 1)
        return Shape(nullable, first, chars, variable, unbounded, ways, longest)

    def item(self, op: Any, av: Any, repeated: bool) -> Shape:
        if op in _REPEATS or op in _POSSESSIVE:
            return self.repeat(op, av, repeated)
        if op is sre.SUBPATTERN:
            return self.sequence(list(av[-1]), repeated)
        if op is getattr(sre, "ATOMIC_GROUP", None):
            inner = self.sequence(list(av), repeated)
            return Shape(inner.empty, inner.first, inner.chars)  # never gives back: fixed, for whoever repeats it
        if op is sre.BRANCH:
            return self.branch(av[1], repeated)
        if op in (sre.ASSERT, sre.ASSERT_NOT):
            self.sequence(list(av[1]), False)
            return Shape(True, _NONE, _NONE)
        if op is sre.GROUPREF_EXISTS:
            yes = self.sequence(list(av[1]), repeated)
            no = self.sequence(list(av[2]), repeated) if av[2] is not None else Shape(True, _NONE, _NONE)
            return Shape(yes.empty or no.empty, yes.first | no.first, yes.chars | no.chars,
                         yes.variable or no.variable, yes.unbounded or no.unbounded, yes.ways + no.ways)
        if op is sre.AT:
            return Shape(True, _NONE, _NONE)
        if op is sre.GROUPREF:  # a backreference matches text of any length
            return Shape(True, _UNIVERSE, _UNIVERSE, True, True, _UNBOUNDED_WAYS)
        chars = _characters(op, av)
        return Shape(False, chars, chars)

    def repeat(self, op: Any, av: Any, repeated: bool) -> Shape:
        low, high, body = av
        possessive = op in _POSSESSIVE
        many = high > _MANY and not possessive
        inner = self.sequence(list(body), repeated or many)
        if many and (inner.variable or inner.empty):
            raise _Refused(_NESTED if inner.variable else _OVERLAP)
        empty = low == 0 or inner.empty
        if possessive:
            return Shape(empty, inner.first, inner.chars)
        chain = inner.chain
        if high > 1 and inner.variable:
            # a short repeat is its body written out again: one iteration's end meets the next's
            # start, and nested short repeats multiply ((?:(?:a?a+?){3}){3} is degree nine)
            chain = self.sequence(list(body) * min(high, _MANY), repeated).chain
        unbounded = high == sre.MAXREPEAT or inner.unbounded
        ways = _UNBOUNDED_WAYS if unbounded else min((high - low + 1) * inner.ways ** high, _WAYS + 1)
        return Shape(empty, inner.first, inner.chars, low != high or inner.variable, unbounded, ways, chain)

    def branch(self, alternatives: list[Any], repeated: bool) -> Shape:
        nullable, first, chars, variable, unbounded, ways, longest = False, _NONE, _NONE, False, False, 0, 0
        for alternative in alternatives:
            shape = self.sequence(list(alternative), repeated)
            if repeated and (shape.first & first or (shape.empty and nullable)):
                raise _Refused(_OVERLAP)
            nullable, first, chars = nullable or shape.empty, first | shape.first, chars | shape.chars
            variable, unbounded = variable or shape.variable, unbounded or shape.unbounded
            ways += shape.ways
            longest = max(longest, shape.chain)
        # alternatives of different lengths split text as a quantifier does: (a|aa)+ is one
        widths = {tuple(alternative.getwidth()) for alternative in alternatives}
        variable = variable or len(widths) > 1 or any(low != high for low, high in widths)
        return Shape(nullable, first, chars, variable, unbounded, min(ways, _WAYS + 1), longest)


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
