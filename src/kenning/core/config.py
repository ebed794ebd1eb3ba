"""What a valid ``config.toml`` holds: every key's type and range, checked before any command
uses it, and the one line that names a bad key.

A config comes with the repository, so it is data like any other: a ``nan`` threshold, an
``inf`` lock timeout, a table where a number belongs, a misspelt mode or a regex that backtracks
catastrophically would otherwise crash, hang or quietly switch a check off. Every value is
checked here; a bad one is ``BadConfig`` (exit 2, nothing written) naming the file, the key,
the value and what to give instead. Keys kenning does not know are left out, unread.

The text is bounded before it is parsed (``MAX_BYTES``, ``MAX_DEPTH``): the TOML parser recurses
into nested arrays and inline tables, so a line of brackets would exhaust Python's stack.

Pure: no files, no environment.
"""

from __future__ import annotations

import json
import math
import re

from kenning.core.defaults import DEFAULT_CONFIG
from kenning.core.errors import BadConfig
from kenning.core.text import lazy_regex

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

NAME = ".kenning/config.toml"
MAX_BYTES = 64 << 10  # the template is 2 KB; a config this large is not one
MAX_DEPTH = 8  # brackets and braces: the deepest value kenning reads is a list in a table
MAX_PATTERNS = 100  # redaction patterns or allowlist entries: each runs on every write
MAX_PATTERN = 1000  # characters of one regex
DAYS = 36500  # a hundred years: further back than any history, and no date arithmetic overflows
KIND = lazy_regex(r"[a-z][a-z0-9_]{0,63}")


def _whole(low: int, high: int) -> tuple[str, int, int, bool]:
    return "whole", low, high, True


def _number(low: float, high: float) -> tuple[str, float, float, bool]:
    return "number", low, high, False  # low is excluded: zero days or seconds means nothing


# [table] key -> what it must be; DEFAULT_CONFIG gives the value when the key is absent
NUMBERS: dict[str, dict[str, tuple[str, float, float, bool]]] = {
    "summary": {"budget": _whole(200, 1_000_000)},
    "gate": {"window_days": _number(0, DAYS), "failure_days": _number(0, DAYS),
             "revert_commits": _whole(1, 1000), "revert_recent_days": _number(0, DAYS),
             "churn_commits": _whole(1, 1000), "block_failed_attempts": _whole(1, 1000),
             "stale_ratio": _number(0, 100), "similarity": _number(0, 1)},
    "capture": {"backfill_days": _whole(0, DAYS), "revert_days": _whole(0, DAYS)},
    "lock": {"timeout_seconds": _number(0, 3600)},
    "watch": {"saves": _whole(1, 1000), "window_seconds": _number(0, 86400)},
}
CHOICES: dict[str, dict[str, tuple[str, ...]]] = {
    "gate": {"commit": ("advisory", "strict"), "agent": ("deny", "ask", "advise")},
    "capture": {"sessions": ("on", "off")},
}


def nesting_problem(text: str) -> str | None:
    """Why ``text`` is too large or too deeply nested to parse, or None. Brackets inside strings
    and comments are skipped, roughly: a string holding many brackets is not a real config."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        return f"is larger than {MAX_BYTES >> 10} KB; a config is far smaller: fix or delete it"
    depth = deepest = 0
    for line in text.splitlines():
        quote, escaped = "", False
        for char in line:
            if quote:
                if escaped:
                    escaped = False
                elif char == "\\" and quote == '"':
                    escaped = True
                elif char == quote:
                    quote = ""
            elif char in "\"'":
                quote = char
            elif char == "#":
                break
            elif char in "[{":
                depth += 1
                deepest = max(deepest, depth)
            elif char in "]}":
                depth = max(depth - 1, 0)
    if deepest > MAX_DEPTH * 2:  # a table header's [[ ]] counts twice
        return f"nests brackets {deepest} deep (at most {MAX_DEPTH * 2}); fix or delete it"
    return None


def checked(data: Mapping[str, object], problems: list[str] | None = None) -> dict[str, dict[str, object]]:
    """The defaults overlaid with ``data``'s known keys, each checked; ``BadConfig`` naming
    the first bad one. With a ``problems`` list (the gate's hooks), a bad value outside
    ``[redaction]`` is said there and its default used instead: the gate keeps checking with
    its defaults rather than stopping. A bad redaction rule always stops: without it, the
    secret it was written for would reach the log."""
    merged = {table: dict(values) for table, values in DEFAULT_CONFIG.items()}
    for table, defaults in DEFAULT_CONFIG.items():
        given = data.get(table)
        if given is None:
            continue
        if not isinstance(given, dict):
            wrong = BadConfig(f"{NAME}: [{table}] is {_shown(given)}, not a table; write it as a [{table}] section")
            if problems is None or table == "redaction":
                raise wrong
            problems.append(f"{wrong}; the defaults were used")
            continue
        for key in defaults:
            if key in given:
                try:
                    merged[table][key] = _value(table, key, given[key])
                except BadConfig as err:
                    if problems is None or table == "redaction":
                        raise
                    problems.append(f"{err}; the default {_shown(defaults[key])} was used")
    return merged


def _value(table: str, key: str, value: object) -> object:
    if table == "redaction":
        return _patterns(value) if key == "patterns" else _allowlist(value)
    choices = CHOICES.get(table, {}).get(key)
    if choices is not None:
        if value not in choices:
            raise _bad(table, key, value, "give one of " + ", ".join(f'"{c}"' for c in choices))
        return value
    kind, low, high, whole = NUMBERS[table][key]
    number = value if isinstance(value, (int, float)) and not isinstance(value, bool) else None
    # an int is finite however large (math.isfinite would overflow on 10**400); range first
    finite = number is not None and (isinstance(number, int) or math.isfinite(number))
    if whole:
        if number is None or not finite or not low <= number <= high or number != int(number):
            raise _bad(table, key, value, f"give a whole number from {low} to {high}")
        return int(number)
    if number is None or not finite or not low < number <= high:
        raise _bad(table, key, value, f"give a number greater than {low:g} and at most {high:g}")
    return number


def _patterns(value: object) -> dict[str, str]:
    if not isinstance(value, dict):
        raise _bad("redaction", "patterns", value, 'give a table of kind = "regex" ([redaction.patterns])')
    if len(value) > MAX_PATTERNS:
        raise _bad("redaction", "patterns", value, f"give at most {MAX_PATTERNS} patterns")
    for kind, source in value.items():
        if not KIND.fullmatch(kind) or kind == "error":
            raise BadConfig(f"{NAME}: [redaction.patterns] {_shown(kind)}: name the kind in lower snake_case "
                               "(e.g. internal_token), and not \"error\", which marks a failed scrub")
        _regex(f"[redaction.patterns] {kind}", source)
    return dict(value)


def _allowlist(value: object) -> list[str]:
    if not isinstance(value, list):
        raise _bad("redaction", "allowlist", value, 'give a list of regexes, e.g. ["example\\\\.com"]')
    if len(value) > MAX_PATTERNS:
        raise _bad("redaction", "allowlist", value, f"give at most {MAX_PATTERNS} entries")
    for number, source in enumerate(value, 1):
        _regex(f"[redaction] allowlist entry {number}", source)
    return list(value)


def _regex(where: str, source: object) -> None:
    if not isinstance(source, str) or not source or len(source) > MAX_PATTERN:
        raise BadConfig(f"{NAME}: {where} = {_shown(source)}: give a regex as a non-empty string "
                           f"of at most {MAX_PATTERN} characters")
    try:
        re.compile(source)
    except (re.error, RecursionError, OverflowError) as err:
        raise BadConfig(f"{NAME}: {where} = {_shown(source)} is not a valid regex ({err}); fix it") from None
    # imported here: only a config that sets a pattern needs it, and the gate starts on every commit
    from kenning.core.secrets.backtracking import refusal

    why = refusal(source)
    if why is not None:
        raise BadConfig(f"{NAME}: {where} = {_shown(source)} is refused: {why}")


def _bad(table: str, key: str, value: object, what: str) -> BadConfig:
    return BadConfig(f"{NAME}: [{table}] {key} = {_shown(value)}: {what}")


def _shown(value: object) -> str:
    """A value as TOML spells it, short and on one line (control characters escaped)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else "inf" if value > 0 else "-inf"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    text = json.dumps(value, ensure_ascii=True) if isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
