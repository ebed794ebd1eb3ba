"""Secret scrubbing for every text field before it reaches the log.

Responsibility: find credentials in free text (provider tokens with known prefixes, key files,
password hashes, JWTs, auth headers, credentials and signatures in URLs, ``password=``/
``api_key:``-style assignments, passwords in prose in a dozen languages) and replace each secret
value with ``[REDACTED:<kind>]``, keeping the surrounding text. The detectors are in
``kenning.core.secrets.detectors``.

Guarantee: :func:`redact` never raises. If scrubbing fails for any reason (a user pattern
misbehaving, a bug here, a non-string argument), the whole field comes back as
``[REDACTED:error]``: the caller loses that text, never the event, and never leaks the secret.

Shape, and why:

* Rules are value-shaped (known prefixes and lengths) or context-shaped (a key such as
  ``password`` followed by a value). Context rules check the value in Python as well, because
  "secret-looking" cannot be expressed well in a regex: ``password=None``, ``api_key: str``,
  ``token=${TOKEN}`` and ``secret=get_secret()`` are code and placeholders, not secrets.
* Speed: this runs on every write of a CLI with a ~100 ms budget. Every rule names the
  lowercase literals its matches begin with: ``anchors`` anywhere (``password``, ``://``) or
  ``prefixes`` of a token (``ghp_``, ``AKIA``). The text is lowercased once; the few dozen
  root anchors are tested in one comprehension (an anchor containing another is looked for
  only if that one occurred; anchors in other scripts only in non-ASCII text); token starts
  are found in one regex pass and looked up by their first two characters, so a hundred
  provider prefixes cost one pass, not a hundred searches. A regex is tried only at those
  offsets, and only rules with a hit run at all. Regexes compile lazily on first use, so
  importing this module compiles nothing. ``bench/redaction.py`` times it.
* Every rule reports candidate spans against the original text (a validator may narrow a
  span: an unquoted value's trailing bracket is code, not password); overlapping spans merge
  into one marker named after the most specific rule (table order). Existing markers are never
  matched again, nor is a match that starts inside one; and a field that had secrets is
  scrubbed again until a pass finds nothing, so redaction is idempotent.

Pure: standard library only; no files, environment, clock or processes.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType

from kenning.core.secrets.backtracking import refusal
from kenning.core.secrets.detectors import _BUILTIN, KINDS, Rule, _looks_fake

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

    __slots__ = ("rules", "allowlist", "_plan")

    def __init__(self, rules: tuple[Rule, ...], allowlist: tuple[re.Pattern[str], ...] = ()) -> None:
        self.rules = rules
        self.allowlist = allowlist
        self._plan: _Plan | None = None

    def plan(self) -> _Plan:
        """Where each rule's literals are looked for, worked out once per rule set."""
        if self._plan is None:
            self._plan = _Plan(self.rules)
        return self._plan

    def __repr__(self) -> str:
        return f"Rules({len(self.rules)} rules, {len(self.allowlist)} allowlisted)"


# Characters that are rare in prose, in order of rarity: an anchor holding one is searched for
# only if the character occurs ("<password>" only if "<" does).
_GATES = "$*~{<|@=:/_.0123456789-"


class _Plan:
    """The rule set regrouped for scanning: every distinct anchor once (with the rules it
    serves), token prefixes indexed by their first two characters, and the rules that need a
    context word or scan the whole text.

    Anchors form a forest: an anchor that contains a shorter one (``aws_secret`` contains
    ``secret``) is looked for only where that one occurred, so a field is tested against the
    few dozen roots in one comprehension and most searches never happen. Roots in other scripts
    are skipped when the text is ASCII.
    """

    __slots__ = ("roots", "wide_roots", "anchors", "heads", "gated", "unanchored", "glue")

    def __init__(self, rules: tuple[Rule, ...]) -> None:
        owners: dict[str, list[int]] = {}
        heads: dict[str, list[tuple[str, int]]] = {}
        gated: list[int] = []
        unanchored: list[int] = []
        for priority, rule in enumerate(rules):
            if rule.context:
                gated.append(priority)
            elif not rule.anchors and not rule.prefixes:
                unanchored.append(priority)
            else:
                for anchor in rule.anchors:
                    owners.setdefault(anchor, []).append(priority)
                for prefix in rule.prefixes:
                    heads.setdefault(prefix[:2], []).append((prefix, priority))
        ordered = sorted(owners, key=lambda a: (len(a), a))
        children: dict[str, list[str]] = {a: [] for a in ordered}
        roots: list[str] = []
        for i, anchor in enumerate(ordered):
            parent = next((ordered[j] for j in range(i) if ordered[j] in anchor), None)
            if parent is None and len(anchor) > 1:
                # gate it behind its least common character, which `in` finds with memchr
                parent = next((c for c in _GATES if c in anchor), None)
                if parent is not None and parent not in children:
                    children[parent] = []
                    owners[parent] = []
                    roots.append(parent)
            if parent is None:
                roots.append(anchor)
            else:
                children[parent].append(anchor)
        self.roots = tuple(a for a in roots if a.isascii())
        self.wide_roots = tuple(a for a in roots if not a.isascii())
        self.anchors = {a: (tuple(owners[a]), tuple(children[a])) for a in children}
        self.heads = {head: tuple(entries) for head, entries in heads.items()}
        # A prefix glued to what comes before it (x-ghp_…, abcghp_…) is found from its first
        # separator: "ghp_" is looked up where a "_" is, three characters back.
        glue: dict[str, set[int]] = {}
        for prefix in {p for entries in heads.values() for p, _ in entries}:
            at = next((i for i, c in enumerate(prefix) if c in _SEPARATORS), -1)
            if at > 0:
                glue.setdefault(prefix[at], set()).add(at)
        self.glue = {sep: tuple(sorted(lengths)) for sep, lengths in glue.items()}
        self.gated = tuple(gated)
        self.unanchored = tuple(unanchored)


_SEPARATORS = "-._"
_DEFAULT_RULES = Rules(_BUILTIN)
_NO_PATTERNS: Mapping[str, str] = MappingProxyType({})
_MARKER = r"\[REDACTED:[a-z0-9_]+\]"
_MARKER_LOW = r"\[redacted:[a-z0-9_]+\]"
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
    why = refusal(source)  # a user's pattern runs on every write: one that can hang them is refused
    if why is not None:
        raise ValueError(f"{what} {source!r} is refused: {why}")
    return source


def redact(text: str, rules: Rules | None = None) -> Redaction:
    """Replace every secret in ``text`` with ``[REDACTED:<kind>]``. Never raises: on any
    failure the whole field becomes ``[REDACTED:error]`` (fail closed)."""
    try:
        return _redact(text, _DEFAULT_RULES if rules is None else rules)
    except Exception:  # fail closed: any failure must cost the text, never leak it or the event
        return _ERROR


_PASSES = 3


def _redact(text: str, rules: Rules) -> Redaction:
    if not isinstance(text, str):
        raise TypeError(f"redact() needs str, got {type(text).__name__}")
    kinds: set[str] = set()
    # A marker can change what a rule sees next to it (a key word no longer glued to a token, a
    # qualifier gone), so a field that had secrets is scrubbed again until nothing more is
    # found: the result is a fixed point, which is what makes redaction idempotent. A field
    # without secrets costs one pass.
    for _ in range(_PASSES):
        text, found = _scrub(text, rules)
        if not found:
            break
        kinds |= found
    return Redaction(text, tuple(sorted(kinds)))


def _scrub(text: str, rules: Rules) -> tuple[str, set[str]]:
    if not text:
        return text, set()
    found = _candidates(text, rules)
    if found:
        found = _drop_protected(text, found, rules.allowlist)
    if not found:
        return text, set()
    parts: list[str] = []
    kinds: set[str] = set()
    cursor = 0
    for start, end, _, kind in _merge(found):
        parts += [text[cursor:start], f"[REDACTED:{kind}]"]
        kinds.add(kind)
        cursor = end
    parts.append(text[cursor:])
    return "".join(parts), kinds


def _candidates(text: str, rules: Rules) -> list[Span]:
    low = _lowered(text)
    plan = rules.plan()
    glued: set[int] = set()
    hits = _hits(text, low, plan, glued)
    context = re.sub(_MARKER_LOW, " ", low) if "[redacted:" in low else low  # "twilio" in a marker is no context
    for priority in plan.gated:
        rule = rules.rules[priority]
        if any(word in context for word in rule.context):
            literals = rule.anchors + rule.prefixes
            hits[priority] = _anchor_offsets(low, literals) if literals else None
    for priority in plan.unanchored:
        hits[priority] = None
    # a match that begins inside an existing marker ("[REDACTED:url_credentials]" holds "cred")
    # would not have been there before the first pass: ignoring it keeps redaction idempotent
    markers = [m.span() for m in re.finditer(_MARKER, text)] if "[REDACTED:" in text else []
    found: list[Span] = []
    for priority, starts in hits.items():
        if starts is not None and not starts:
            continue
        if starts is not None and len(starts) > 1:
            starts = sorted(set(starts))
        found.extend(_rule_spans(rules.rules[priority], priority, text, starts, markers, glued))
    return found


def _rule_spans(rule: Rule, priority: int, text: str, starts: list[int] | None,
                markers: list[tuple[int, int]], glued: set[int]) -> Iterator[Span]:
    """The rule's accepted secret spans. Tried only at ``starts`` (every position if None); an
    accepted secret hides the offsets inside it, a rejected match does not ("STS creds: https://…"
    must not swallow the ``Token=`` further along) until the rule has been rejected
    ``_FLOOD`` times in a row: ten thousand "password=" in one field then cost a few hundred
    tries, not ten thousand. A match at a ``glued`` offset (a prefix inside a longer token) must
    also look generated: ``risk_test_ComputeAll…`` holds ``sk_test_`` but is an identifier."""
    pattern, groups = rule.compiled()
    candidates = pattern.finditer(text) if starts is None else _anchored(pattern, text, starts)
    blocked = rejected = 0
    for match in candidates:
        if match.start() < blocked or (markers and _inside(markers, match.start())):
            continue
        span = _accepted(rule, match, groups, text)
        rank = priority
        if span is not None and glued and rule.prefixes and match.start() in glued:
            span = span if _generated_shape(text[span[0]:span[1]]) else None
            rank += _GLUED_RANK  # "sk-" inside "csk-…": the whole token's own rule names the marker
        if span is None:
            rejected += 1
            if rejected > _FLOOD:
                blocked = max(match.end(), match.start() + 1)
            continue
        rejected = 0
        start, end = span
        blocked = max(end, match.start() + 1)  # the secret's end: a narrowed value frees what follows
        yield start, end, rank, rule.kind


_FLOOD = 32
_GLUED_RANK = 1 << 20


def _generated_shape(token: str) -> bool:
    """Two digits or more, and letters: what a generated token has and a name rarely does."""
    return len(re.findall(r"\d", token)) >= 2 and re.search(r"[A-Za-z]", token) is not None


def _accepted(rule: Rule, match: re.Match[str], groups: tuple[str, ...], text: str) -> tuple[int, int] | None:
    """The secret's span if the rule's checks accept the match."""
    start, end = _secret_span(match, groups)
    if start >= end:
        return None
    if rule.validate is not None:
        verdict = rule.validate(match, text[start:end])
        if isinstance(verdict, tuple):  # the validator narrowed the span
            start, end = verdict
            if start >= end:
                return None
        elif not verdict:
            return None
    if rule.builtin and _looks_fake(text[start:end]):
        return None
    return start, end


# Token starts: the text is mapped to bytes where every token character ([A-Za-z0-9_.~+/-]) is
# "a" and every other one a space (one C-level translate), and runs of 12 or more "a" are found
# by a regex with a literal prefix, which the engine searches for without trying every position.
# A token starts at the beginning of a run, or after the "//" that opens one (a URL's host).
_TOKEN_CHARS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.~+/-"
_TOKEN_TABLE = bytes(97 if i in _TOKEN_CHARS else 32 for i in range(256))
_TOKEN_RUN = rb"aaaaaaaaaaaa+"
_token_run: list[re.Pattern[bytes]] = []  # compiled on first use


def _token_starts(text: str, low: str) -> tuple[list[int], list[tuple[int, int]]]:
    """Token starts, and the runs long enough to hold a prefix glued inside them."""
    if not _token_run:
        _token_run.append(re.compile(_TOKEN_RUN))
    mapped = text.encode("ascii", "replace").translate(_TOKEN_TABLE)  # one byte per character
    runs = [run.span() for run in _token_run[0].finditer(mapped)]
    starts = [start for start, _ in runs]
    if "//" in low:  # a URL's host starts a token too: //hooks.slack.com/...
        starts += [at + 2 for at in starts if low.startswith("//", at)]
    return starts, [(start, end) for start, end in runs if end - start >= _GLUED_RUN]


def _hits(text: str, low: str, plan: _Plan, glued_out: set[int]) -> dict[int, list[int] | None]:
    """Offsets at which each anchored or prefixed rule may match (None: scan the whole text).
    Prefix offsets inside a longer token are also added to ``glued_out``."""
    hits: dict[int, list[int] | None] = {}
    pending = [a for a in plan.roots if a in low]
    if not text.isascii():
        pending += [a for a in plan.wide_roots if a in low]
    while pending:
        anchor = pending.pop()
        owners, children = plan.anchors[anchor]
        if children:
            pending += [a for a in children if a in low]
        if not owners:
            continue  # a gate character, not an anchor of any rule
        offsets = []
        at = low.find(anchor)
        while at >= 0:
            offsets.append(at)
            at = low.find(anchor, at + 1)
        for priority in owners:
            known = hits.get(priority)
            if known is None:
                hits[priority] = list(offsets)
            else:
                known.extend(offsets)
    if plan.heads:
        heads = plan.heads
        starts, long_runs = _token_starts(text, low)
        glued = _glued_starts(low, long_runs, plan) if long_runs else []
        if glued:
            glued_out.update(set(glued).difference(starts))
        for at in starts + glued if glued else starts:
            entries = heads.get(low[at:at + 2])
            if entries is None:
                continue
            for prefix, priority in entries:
                if low.startswith(prefix, at):
                    known = hits.get(priority)
                    if known is None:
                        hits[priority] = [at]
                    else:
                        known.append(at)
    return hits


_separator_in_token: list[re.Pattern[str]] = []  # compiled on first use
_GLUED_RUN = 20  # the shortest prefixed token (AKIA + 16) and one character glued before it


def _glued_starts(low: str, runs: list[tuple[int, int]], plan: _Plan) -> list[int]:
    """Where a prefix may start inside a longer token: right after a ``-``, ``.`` or ``_``
    (``key.sk-proj-…``, ``foo_AKIA…``), or where a prefix's own separator is preceded by its
    first characters (``abcghp_…``). Only separators inside runs of ``_GLUED_RUN`` token
    characters, with twelve after them, are looked at: words and short names cost nothing."""
    if not _separator_in_token:
        _separator_in_token.append(re.compile(r"[-._]"))
    starts: list[int] = []
    glue = plan.glue
    separators = _separator_in_token[0]
    for run_start, run_end in runs:
        for sep in separators.finditer(low, run_start + 1, run_end - 12):
            at = sep.start()
            starts.append(at + 1)
            starts += [at - back for back in glue.get(low[at], ()) if at - back > run_start]
    return starts


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


def _inside(markers: list[tuple[int, int]], at: int) -> bool:
    i = bisect_right(markers, (at, 1 << 62)) - 1  # the last marker starting at or before ``at``
    return i >= 0 and markers[i][0] <= at < markers[i][1]


def _anchored(pattern: re.Pattern[str], text: str, starts: list[int]) -> Iterator[re.Match[str]]:
    """Matches beginning exactly at the given offsets."""
    for start in starts:
        match = pattern.match(text, start)
        if match is not None:
            yield match


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
