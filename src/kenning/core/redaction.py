"""Secret scrubbing for every text field before it reaches the log.

Responsibility: find credentials in free text (provider tokens with known prefixes, private-key
blocks, JWTs, auth headers, credentials in URLs, ``password=``/``api_key:``-style assignments)
and replace each secret value with ``[REDACTED:<kind>]``, keeping the surrounding text.

Guarantee: :func:`redact` never raises. If scrubbing fails for any reason (a user pattern
misbehaving, a bug here, a non-string argument), the whole field comes back as
``[REDACTED:error]``: the caller loses that text, never the event, and never leaks the secret.

Shape, and why:

* Rules are value-shaped (known prefixes and lengths) or context-shaped (a key such as
  ``password`` followed by a value). Context rules check the value in Python as well, because
  "secret-looking" cannot be expressed well in a regex: ``password=None``, ``api_key: str``,
  ``token=${TOKEN}`` and ``secret=get_secret()`` are code and placeholders, not secrets.
* Speed: this runs on every write of a CLI with a ~100 ms budget. Almost every rule names the
  lowercase literals its matches begin with (``ghp_``, ``password``, ``://``); the text is
  lowercased once, those literals are located with ``str.find``, and the regex is tried only at
  those offsets. A field with no trigger costs a few dozen substring searches and no regex
  work. Regexes compile lazily on first use, so importing this module compiles nothing.
* Every rule reports candidate spans against the original text; overlapping spans merge into
  one marker named after the most specific rule (table order). Existing markers are never
  matched again, which makes redaction idempotent.

Pure: standard library only; no files, environment, clock or processes.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType

from kenning.core.secrets import _BUILTIN, KINDS, Rule, _looks_fake

__all__ = ["KINDS", "Redaction", "Rule", "Rules", "compile_rules", "redact"]

Span = tuple[int, int, int, str]  # start, end, rule priority, kind


class Redaction:
    """The scrubbed text and the sorted, unique kinds of secret that were replaced.

    A slotted value class, not a dataclass: importing ``dataclasses`` costs every write ~15 ms.
    """

    __slots__ = ("text", "kinds")

    def __init__(self, text: str, kinds: tuple[str, ...]) -> None:
        self.text = text
        self.kinds = kinds

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Redaction) and (self.text, self.kinds) == (other.text, other.kinds)

    def __hash__(self) -> int:
        return hash((self.text, self.kinds))

    def __repr__(self) -> str:
        return f"Redaction(text={self.text!r}, kinds={self.kinds!r})"


class Rules:
    """A rule set: built-ins, then the user's extra patterns, plus the compiled allowlist."""

    __slots__ = ("rules", "allowlist")

    def __init__(self, rules: tuple[Rule, ...], allowlist: tuple[re.Pattern[str], ...] = ()) -> None:
        self.rules = rules
        self.allowlist = allowlist

    def __repr__(self) -> str:
        return f"Rules({len(self.rules)} rules, {len(self.allowlist)} allowlisted)"



_DEFAULT_RULES = Rules(_BUILTIN)
_NO_PATTERNS: Mapping[str, str] = MappingProxyType({})
_MARKER = r"\[REDACTED:[a-z0-9_]+\]"
_KIND_NAME = r"[a-z][a-z0-9_]{0,63}"
_ERROR = Redaction("[REDACTED:error]", ("error",))


def compile_rules(extra_patterns: Mapping[str, str] = _NO_PATTERNS,
                  allowlist: Sequence[str] = ()) -> Rules:
    """Built-in rules plus ``extra_patterns`` (kind -> regex, e.g. from config.toml); text that
    fully matches an ``allowlist`` regex is never redacted.

    An extra pattern replaces its whole match, or only its ``(?P<secret>...)`` group if it has
    one. Raises ``ValueError`` naming the offending entry when a kind or regex is invalid.
    """
    extras: list[Rule] = []
    for kind, source in extra_patterns.items():
        if not isinstance(kind, str) or not re.fullmatch(_KIND_NAME, kind) or kind == "error":
            raise ValueError(f"redaction kind {kind!r} must be lower snake_case (e.g. internal_token), "
                             "and not 'error', which marks a failed scrub")
        rule = Rule(kind, _checked_regex(source, f"redaction pattern {kind!r}"), builtin=False)
        extras.append(rule)
    if isinstance(allowlist, str):
        allowlist = (allowlist,)  # a lone string is a Sequence[str] of characters; mean one regex
    allowed = tuple(re.compile(_checked_regex(a, "redaction allowlist entry")) for a in allowlist)
    return Rules(_BUILTIN + tuple(extras), allowed)


def _checked_regex(source: object, what: str) -> str:
    if not isinstance(source, str) or not source:
        raise ValueError(f"{what} must be a non-empty regex string, got {source!r}")
    try:
        re.compile(source)
    except (re.error, RecursionError, OverflowError) as err:
        raise ValueError(f"{what} is not a valid regex: {source!r} ({err})") from err
    return source


def redact(text: str, rules: Rules | None = None) -> Redaction:
    """Replace every secret in ``text`` with ``[REDACTED:<kind>]``. Never raises: on any
    failure the whole field becomes ``[REDACTED:error]`` (fail closed)."""
    try:
        return _redact(text, _DEFAULT_RULES if rules is None else rules)
    except Exception:  # fail closed: any failure must cost the text, never leak it or the event
        return _ERROR


def _redact(text: str, rules: Rules) -> Redaction:
    if not isinstance(text, str):
        raise TypeError(f"redact() needs str, got {type(text).__name__}")
    if not text:
        return Redaction(text, ())
    found = _candidates(text, rules)
    if found:
        found = _drop_protected(text, found, rules.allowlist)
    if not found:
        return Redaction(text, ())
    parts: list[str] = []
    kinds: set[str] = set()
    cursor = 0
    for start, end, _, kind in _merge(found):
        parts += [text[cursor:start], f"[REDACTED:{kind}]"]
        kinds.add(kind)
        cursor = end
    parts.append(text[cursor:])
    return Redaction("".join(parts), tuple(sorted(kinds)))


def _candidates(text: str, rules: Rules) -> list[Span]:
    low = _lowered(text)
    found: list[Span] = []
    for priority, rule in enumerate(rules.rules):
        if rule.context and not any(word in low for word in rule.context):
            continue
        matches: Iterator[re.Match[str]]
        if rule.anchors:
            starts = _anchor_offsets(low, rule.anchors)
            if not starts:
                continue
            pattern, groups = rule.compiled()
            matches = _anchored_matches(pattern, text, starts)
        else:
            pattern, groups = rule.compiled()
            matches = pattern.finditer(text)
        for match in matches:
            start, end = _secret_span(match, groups)
            if start >= end:
                continue
            secret = text[start:end]
            if rule.validate is not None and not rule.validate(match, secret):
                continue
            if rule.builtin and _looks_fake(secret):
                continue
            found.append((start, end, priority, rule.kind))
    return found


def _lowered(text: str) -> str:
    """``text.lower()`` with offsets that still line up with ``text``."""
    low = text.lower()
    if len(low) == len(text):
        return low
    # A few characters lower to two code points (U+0130 -> "i" + dot); keep those as they are.
    return "".join(c if len(c.lower()) != 1 else c.lower() for c in text)


def _anchor_offsets(low: str, anchors: tuple[str, ...]) -> list[int]:
    offsets: list[int] = []
    for anchor in anchors:
        at = low.find(anchor)
        while at >= 0:
            offsets.append(at)
            at = low.find(anchor, at + 1)
    if len(anchors) > 1:
        offsets.sort()
    return offsets


def _anchored_matches(pattern: re.Pattern[str], text: str, starts: list[int]) -> Iterator[re.Match[str]]:
    """Matches beginning at the given offsets, non-overlapping, like ``finditer`` would give."""
    end = 0
    for start in starts:
        if start < end:
            continue
        match = pattern.match(text, start)
        if match is not None:
            yield match
            end = max(match.end(), start + 1)


def _secret_span(match: re.Match[str], groups: tuple[str, ...]) -> tuple[int, int]:
    for name in groups:
        start = match.start(name)
        if start >= 0:
            return start, match.end(name)
    return match.span()


def _drop_protected(text: str, found: list[Span], allowlist: tuple[re.Pattern[str], ...]) -> list[Span]:
    """Drop candidates that touch an existing marker (idempotence) or that the allowlist covers."""
    markers = [m.span() for m in re.finditer(_MARKER, text)] if "[REDACTED:" in text else []
    allowed = [m.span() for pattern in allowlist for m in pattern.finditer(text) if m.end() > m.start()]
    if not markers and not allowlist:
        return found
    marker_ends = [e for _, e in markers]  # markers never overlap, so their ends are sorted too
    kept: list[Span] = []
    for span in found:
        start, end = span[0], span[1]
        i = bisect_right(marker_ends, start)  # first marker ending after this candidate starts
        if i < len(markers) and markers[i][0] < end:
            continue
        if any(s <= start and end <= e for s, e in allowed):
            continue
        if any(pattern.fullmatch(text, start, end) for pattern in allowlist):
            continue
        kept.append(span)
    return kept


def _merge(found: list[Span]) -> list[Span]:
    """Union overlapping spans; the merged marker takes the kind of the highest-priority rule."""
    found.sort(key=lambda s: (s[0], -s[1], s[2]))
    merged: list[Span] = []
    for start, end, priority, kind in found:
        if merged and start < merged[-1][1]:
            m_start, m_end, m_priority, m_kind = merged[-1]
            if priority < m_priority:
                m_priority, m_kind = priority, kind
            merged[-1] = (m_start, max(m_end, end), m_priority, m_kind)
        else:
            merged.append((start, end, priority, kind))
    return merged
