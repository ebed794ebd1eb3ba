"""What a source file says it imports, read from its text alone: the import specs as written.

One scanner per language, in two parts: where its comments and string literals are, and what its
import statements look like. A statement counts only when its keyword lies outside every comment
and string, so an ``import`` in a comment, a docstring or a string never does. Nothing is
executed or evaluated; a form a scanner does not know is simply not seen. Specs keep the form
``core.codemap.resolve`` needs:

    python       ``pkg.mod``, ``..pkg.mod`` (leading dots: relative); ``from a import b`` is ``a.b``
    javascript   ``./util``, ``@scope/pkg/x``, ``react``: the string, as written
    go           ``github.com/acme/shop/pay``: the import path
    rust         ``mod:name``, ``path:file.rs`` (``#[path]``), ``use:crate::a::b`` (one per leaf of
                 a use tree), ``crate:name`` (``extern crate``)
    c, cpp       ``"x.h"`` or ``<x.h>``, delimiters kept: they decide where to look
"""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator

LANGUAGES = {
    ".py": "python",
    ".js": "javascript", ".jsx": "javascript", ".mjs": "javascript", ".cjs": "javascript",
    ".ts": "typescript", ".tsx": "typescript", ".mts": "typescript", ".cts": "typescript",
    ".go": "go", ".rs": "rust",
    ".c": "c", ".h": "c",
    ".cc": "cpp", ".cpp": "cpp", ".cxx": "cpp", ".c++": "cpp", ".hpp": "cpp", ".hh": "cpp", ".hxx": "cpp",
    ".h++": "cpp", ".ipp": "cpp", ".tpp": "cpp", ".inl": "cpp", ".ixx": "cpp", ".cu": "cpp", ".cuh": "cpp",
}


def language(path: str) -> str | None:
    """The language of a source file, from its extension; None for anything else."""
    name = path.rpartition("/")[2]
    dot = name.rfind(".")
    return LANGUAGES.get(name[dot:].lower()) if dot > 0 else None


def import_specs(path: str, text: str) -> tuple[str, ...]:
    """The distinct import specs ``text`` names, sorted; () for a language without a scanner."""
    lang = language(path)
    if lang is None:
        return ()
    rules, read = _SCANNERS[lang]
    return tuple(sorted(set(read(_statements(text, rules)))))


class _Rules:
    """A language's scanner: ``skip`` matches its comments and string literals, ``keyword`` the
    words an import statement starts with, ``statement`` one statement, matched at a keyword that
    ``starts`` one (not the tail of a longer name, at the start of a line where that matters)."""

    __slots__ = ("skip", "keyword", "statement", "starts")

    def __init__(self, skip: str, keyword: str, statement: str, starts: Callable[[str, int], bool]) -> None:
        self.skip = re.compile(skip, re.S | re.X)
        self.keyword = re.compile(keyword)
        self.statement = re.compile(statement, re.S | re.X)
        self.starts = starts


def _statements(text: str, rules: _Rules) -> Iterator[re.Match[str]]:
    """Every import statement of ``text`` whose keyword lies outside comments and strings.

    The keywords are found first, by a plain search; comments and strings are tokenized from the
    top (the only way to tell a quote that opens a string from one inside a comment) but only as
    far as the last keyword, so the body of a long file after its imports costs a search."""
    spans = rules.skip.finditer(text)
    span = next(spans, None)
    done = 0  # the end of the last statement: a keyword inside it (`pub mod`'s mod) starts nothing
    for keyword in rules.keyword.finditer(text):
        at = keyword.start()
        while span is not None and span.end() <= at:
            span = next(spans, None)
        if at >= done and (span is None or span.start() > at) and rules.starts(text, at):
            statement = rules.statement.match(text, at)
            if statement:
                done = statement.end()
                yield statement


def _after_word(text: str, at: int) -> bool:
    """Not the tail of a longer name or a member (``obj.require``, ``$import``, ``reuse``)."""
    return at == 0 or not (text[at - 1].isalnum() or text[at - 1] in "_$.")


def _line_start(text: str, at: int) -> bool:
    """Only blanks between the start of the line (or a ``;``) and ``at``."""
    return _before_blanks(text, at) in ("", "\n", ";")


def _directive(text: str, at: int) -> bool:
    """A preprocessor line: only blanks before the ``#`` on its line."""
    return _before_blanks(text, at) in ("", "\n")


def _before_blanks(text: str, at: int) -> str:
    before = at - 1
    while before >= 0 and text[before] in " \t":
        before -= 1
    return text[before] if before >= 0 else ""


_STRINGS = r""" '(?:[^'\\\n]|\\.)*' | "(?:[^"\\\n]|\\.)*" """
_C_COMMENTS = r""" //[^\n]* | /\*.*?\*/ """


# -- python -------------------------------------------------------------------------------------------

_PYTHON = _Rules(
    skip=r""" '''.*?''' | \"\"\".*?\"\"\" | """ + _STRINGS + r""" | \#[^\n]* """,
    keyword="from|import",
    statement=r"""
        from[ \t]+(?P<base>\.+[\w.]*|[\w.]+)[ \t]+import\b[ \t]*
            (?:\((?P<group>[^)]*)\)|(?P<names>(?:[^\n;\#\\]|\\\r?\n)*))
      | import[ \t]+(?P<modules>(?:[^\n;\#\\]|\\\r?\n)*)""",
    starts=_line_start)
_DOTTED = re.compile(r"\.*[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*\Z|\.+\Z")


def _python(statements: Iterable[re.Match[str]]) -> list[str]:
    found = []
    for m in statements:
        if m.group("modules") is not None:
            found += _names(m.group("modules"))
            continue
        base = m.group("base")
        names = _names(m.group("group") if m.group("group") is not None else m.group("names"))
        if not names or "*" in names:
            found.append(base)
        joiner = "" if base.endswith(".") else "."
        found += [base + joiner + name for name in names if name != "*"]
    return [spec for spec in found if _DOTTED.match(spec)]


def _names(clause: str) -> list[str]:
    """``a.b as c, d`` -> ``a.b``, ``d``: comments inside parentheses and line continuations dropped."""
    clause = re.sub(r"#[^\n]*|\\\r?\n", " ", clause)
    return [part.split()[0] for part in clause.split(",") if part.split()]


# -- javascript and typescript -----------------------------------------------------------------------

_JAVASCRIPT = _Rules(
    skip=_C_COMMENTS + "|" + _STRINGS + r"| `(?:[^`\\]|\\.)*` ",
    keyword="import|export|require",
    statement=r"""
        (?:import|export)(?:[\w$*{},\s]*?(?<![\w$])from)?\s*(?P<q>['"])(?P<spec>[^'"\n]+)(?P=q)
      | (?:require|import)\s*\(\s*(?P<d>['"`])(?P<dynamic>[^'"`\n$]+)(?P=d)\s*\)""",
    starts=_after_word)


def _javascript(statements: Iterable[re.Match[str]]) -> list[str]:
    return [m.group("spec") or m.group("dynamic") for m in statements]


# -- go -----------------------------------------------------------------------------------------------

_GO = _Rules(
    skip=_C_COMMENTS + "|" + _STRINGS + r"| `[^`]*` ",
    keyword="import",
    statement=r"""
        import\s*\((?P<block>[^)]*)\)
      | import\s+(?:[\w.]+\s+)?(?P<q>["`])(?P<spec>[^"`\n]+)(?P=q)""",
    starts=_after_word)
_GO_BLOCK_LINE = re.compile(r"(?:^|[\n;])\s*(?:[\w.]+\s+)?[\"`]([^\"`\n]+)[\"`]")


def _go(statements: Iterable[re.Match[str]]) -> list[str]:
    found = []
    for m in statements:
        if m.group("block") is not None:
            block = re.sub(r"//[^\n]*|/\*.*?\*/", " ", m.group("block"), flags=re.S)
            found += _GO_BLOCK_LINE.findall(block)
        else:
            found.append(m.group("spec"))
    return found


# -- rust ---------------------------------------------------------------------------------------------

_RUST = _Rules(
    skip=_C_COMMENTS + r"""| b?r(?P<hashes>\#*)".*?"(?P=hashes) | "(?:[^"\\]|\\.)*"
        | '(?:\\(?:u\{[0-9a-fA-F]{1,6}\}|x[0-9a-fA-F]{2}|.)|[^'\\\n])' """,
    keyword=r"\#\[path|mod|use|extern",
    statement=r"""
        \#\[path\s*=\s*"(?P<path>[^"\n]+)"\]\s*(?:pub(?:\s*\([^)]*\))?\s+)?mod\s+(?:r\#)?[A-Za-z_]\w*\s*;
      | mod\s+(?:r\#)?(?P<mod>[A-Za-z_]\w*)\s*;
      | use\s+(?P<tree>[^;]+);
      | extern\s+crate\s+(?P<crate>[A-Za-z_]\w*)""",
    starts=_after_word)
_MOST_USE_PATHS = 256  # one use tree never names more; a bigger one is not a real import


def _rust(statements: Iterable[re.Match[str]]) -> list[str]:
    found = []
    for m in statements:
        if m.group("path"):
            found.append(f"path:{m.group('path')}")
        elif m.group("mod"):
            found.append(f"mod:{m.group('mod')}")
        elif m.group("tree"):
            found += [f"use:{p}" for p in _use_paths(m.group("tree"))]
        else:
            found.append(f"crate:{m.group('crate')}")
    return found


def _use_paths(tree: str) -> list[str]:
    """``crate::{a::{b, c as d}, e::*}`` -> ``crate::a::b``, ``crate::a::c``, ``crate::e``."""
    tree = re.sub(r"//[^\n]*|/\*.*?\*/", " ", tree, flags=re.S)
    tree = re.sub(r"\s+as\s+\w+", "", tree)
    tree = re.sub(r"\s+", "", tree).removeprefix("::")
    paths = []
    for path in _expand(tree, 0)[:_MOST_USE_PATHS]:
        path = re.sub(r"(::(self|\*))+$", "", path)
        if re.fullmatch(r"(?:r#)?\w+(?:::(?:r#)?\w+)*", path):
            paths.append(path.replace("r#", ""))
    return paths


def _expand(tree: str, depth: int) -> list[str]:
    brace = tree.find("{")
    if brace < 0 or depth > 8:
        return [tree] if "{" not in tree and "}" not in tree else []
    head, inner = tree[:brace], tree[brace + 1:tree.rfind("}")]
    parts, level, start = [], 0, 0
    for at, char in enumerate(inner):  # split at the commas outside nested braces
        level += {"{": 1, "}": -1}.get(char, 0)
        if char == "," and level == 0:
            parts.append(inner[start:at])
            start = at + 1
    parts.append(inner[start:])
    return [head + leaf for part in parts if part for leaf in _expand(part, depth + 1)]


# -- c and c++ ----------------------------------------------------------------------------------------

_C = _Rules(
    skip=_C_COMMENTS + "|" + _STRINGS,
    keyword="#",
    statement=r"""\#[ \t]*(?:include_next|include|import)[ \t]*(?P<spec>"[^"\n]+"|<[^>\n]+>)""",
    starts=_directive)


def _c(statements: Iterable[re.Match[str]]) -> list[str]:
    return [m.group("spec") for m in statements]


_SCANNERS: dict[str, tuple[_Rules, Callable[[Iterable[re.Match[str]]], list[str]]]] = {
    "python": (_PYTHON, _python), "javascript": (_JAVASCRIPT, _javascript), "typescript": (_JAVASCRIPT, _javascript),
    "go": (_GO, _go), "rust": (_RUST, _rust), "c": (_C, _c), "cpp": (_C, _c)}
