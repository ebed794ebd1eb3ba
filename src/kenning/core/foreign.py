"""Foreign data, decoded within limits: JSON and TOML that came from a repository (manifests,
agents' settings), a remote (the team's lessons) or an agent (hook payloads).

None of it is trusted to be small, shallow, UTF-8 or even well formed: a file of a hundred
thousand nested brackets, or of 2 GB, is one a stranger can commit. Each decoder here refuses
what is larger than its caller's limit or nested deeper than ``MAX_DEPTH`` with ``Unreadable``,
a ``ValueError`` whose message says why in a few words; the caller names the file and decides
whether to skip it (an optional file) or refuse the command (one it was asked to change). No
interpreter limit is ever reached, so nothing downstream that walks the value can overflow.

Pure: the store opens the file (``store.files.read_capped``), the app passes a TOML parser in
(Python 3.10 has none in its standard library).
"""

from __future__ import annotations

import json

from kenning.core.text import lazy_regex

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

# deeper than any file kenning reads is nested by hand (a package.json is about 4 levels, a
# hook payload 4), and far below the interpreter's recursion limit (about 1,000 frames)
MAX_DEPTH = 64
KB = 1024
MB = 1024 * KB
# the largest file of each kind read: well past any real one, short of one meant to exhaust memory
MANIFEST_LIMIT = 4 * MB  # package.json, pyproject.toml, tsconfig.json, … (real ones: a few KB)
SETTINGS_LIMIT = 4 * MB  # .claude/settings.json, .codex/hooks.json, .mcp.json in a repository
USER_SETTINGS_LIMIT = 256 * MB  # ~/.claude.json keeps the user's history and grows for years
PAYLOAD_LIMIT = 64 * MB  # a hook payload carries the whole text an agent writes to one file


class Unreadable(ValueError):
    """Data kenning will not decode; ``str()`` says why ("nested more than 64 levels deep")."""


def size_text(limit: int) -> str:
    """A byte count as people say it: ``64 KB``, ``256 MB``, ``2 GB``."""
    for unit, size in (("GB", 1 << 30), ("MB", MB), ("KB", KB)):
        if limit >= size:
            return f"{limit // size:,} {unit}"
    return f"{limit} bytes"


def text_of(data: str | bytes, limit: int) -> str:
    """``data`` as text: ``Unreadable`` when it is larger than ``limit`` (bytes, or characters
    for text) or not UTF-8. A leading byte-order mark, which some editors add, is dropped."""
    if len(data) > limit:
        raise Unreadable(f"larger than {size_text(limit)}")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as err:
            raise Unreadable(f"not UTF-8 text (byte 0x{data[err.start]:02x} at offset {err.start})") from None
    return data[1:] if data.startswith("\ufeff") else data


def json_value(data: str | bytes, limit: int, depth: int = MAX_DEPTH) -> Any:
    """The JSON value in ``data``; ``Unreadable`` when it is too large, not UTF-8, not JSON
    (NaN and Infinity are not JSON either) or nested deeper than ``depth``."""
    text = text_of(data, limit)
    try:
        value = _DECODER.decode(text)
    except RecursionError:  # the C decoder stops itself at the interpreter's limit: far too deep
        raise Unreadable(f"nested more than {depth} levels deep") from None
    except ValueError as err:
        raise Unreadable(f"not valid JSON ({str(err).split(':')[0]})") from None
    # fewer brackets than the limit cannot nest past it: the walk is for the rare text with more
    if text.count("[") + text.count("{") > depth and deeper_than(value, depth):
        raise Unreadable(f"nested more than {depth} levels deep")
    return value


def json_object(data: str | bytes, limit: int, depth: int = MAX_DEPTH) -> dict[str, Any]:
    """``json_value``, which must be an object."""
    value = json_value(data, limit, depth)
    if not isinstance(value, dict):
        raise Unreadable(f"not a JSON object (a {_kind(value)})")
    return value


def toml_table(data: str | bytes, limit: int, parse: Callable[[str], dict[str, Any]],
               depth: int = MAX_DEPTH) -> dict[str, Any]:
    """The TOML document in ``data``, read by ``parse`` (``tomllib.loads``); ``Unreadable`` as
    ``json_value``. Nesting is checked on the result as well: dotted keys (``a.b.c…``) and table
    headers nest without a single bracket."""
    text = text_of(data, limit)
    if _toml_nesting(text, depth) > depth:  # tomllib recurses per bracket, and slices per dotted key
        raise Unreadable(f"nested more than {depth} levels deep")
    try:
        value = parse(text)
    except RecursionError:  # tomllib recurses once per nested inline array or table
        raise Unreadable(f"nested more than {depth} levels deep") from None
    except ValueError as err:  # TOMLDecodeError
        raise Unreadable(f"not valid TOML ({err})") from None
    if deeper_than(value, depth):
        raise Unreadable(f"nested more than {depth} levels deep")
    return value


def deeper_than(value: object, limit: int) -> bool:
    """Whether ``value`` holds lists or objects nested more than ``limit`` deep. A loop, not a
    recursion: the check itself must not overflow on what it is checking."""
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is not None:
            if level > limit:
                return True
            stack.extend((child, level + 1) for child in children if isinstance(child, dict | list))
    return False


# TOML's strings and comments, each matched to its end or to the end of the text, so a match never
# fails once started: a text of unterminated quotes costs one pass, not one per quote
_TOML_SKIPPED = lazy_regex("|".join((
    r'"""(?:[^"\\]|\\[\s\S]?|"(?!""))*(?:"""|\Z)', r"'''(?:[^']|'(?!''))*(?:'''|\Z)",
    r'"(?:[^"\\\n]|\\[\s\S]?)*(?:"|\n|\Z)', r"'[^'\n]*(?:'|\n|\Z)", r"#[^\n]*")))
_BRACKET = lazy_regex(r"[\[\]{}]")
_DOTTED_KEY = lazy_regex(r"(?<![\w-])[\w-]+(?:[ \t]*\.[ \t]*[\w-]+)+")


def _toml_nesting(text: str, limit: int) -> int:
    """How deep the brackets and dotted keys of ``text`` nest, outside strings and comments;
    counting stops past ``limit``. Checked before parsing: tomllib recurses once per bracket and
    copies a dotted key once per part (a key of 100,000 parts would take hours)."""
    bare = _TOML_SKIPPED.sub("s", text)
    level = deepest = 0
    for bracket in _BRACKET.finditer(bare):
        level += 1 if bracket.group() in "[{" else -1
        deepest = max(deepest, level)
        if deepest > limit:
            return deepest
    parts = max((key.group().count(".") + 1 for key in _DOTTED_KEY.finditer(bare)), default=0)
    return max(deepest, parts)


def _not_json(constant: str) -> Any:
    raise ValueError(f"{constant} is not a JSON value")


_DECODER = json.JSONDecoder(parse_constant=_not_json)  # one for every call: making one costs more than a line


def _kind(value: object) -> str:
    return {list: "list", str: "string", bool: "boolean", type(None): "null"}.get(type(value), "number")
