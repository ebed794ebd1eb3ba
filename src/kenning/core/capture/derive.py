"""Events derived from git history: a deterministic projection of commits (docs/precheck.md).

A revert becomes a failed attempt naming the reverted change, a fix commit a fix, a refactor
or breaking change a decision, a feature a note; every other commit (relands included: a
re-attempt is not a failure; merges too: their branch's commits tell the change) is skipped.
The event id comes from the commit sha and every field from the commit itself, so every clone
derives the same events from the same history, and a rewritten history rewrites them.

Where a derived event points: ``location`` is the file the change was mostly about (its code
before its tests, build lists, docs and changelog; the most lines changed first), ``touched``
keeps every file, and ``paths`` names the files the gate should warn on (for a fix, a decision
or a note: every file it changed, the location first). For a revert those are its *focus*: a
lockfile, a build list or a CI config that a revert touched next to the code it was about is
incidental (true, but about another change), and so is a file with a sliver of a large
revert's lines.
"""

from __future__ import annotations

import re

from kenning.core.capture import reverts
from kenning.core.capture.listings import BUILD_LISTS_MAX, is_build_list, is_incidental
from kenning.core.events import SCHEMA_VERSION, format_timestamp
from kenning.core.gate.rules import derived_id

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

PATCH_CHARS = 2000
REVERT_PATCH_CHARS = 6000  # of a revert's diff, its focus files first: what a proposed change is compared with
FOCUS_SHARE = 0.1   # a revert's file with under a tenth of its busiest file's lines is incidental
FOCUS_MAX = 12      # a mass revert warns on its dozen busiest files, not on every file it touched

_CONVENTIONAL = re.compile(r"^(?P<type>[a-zA-Z]+)(?:\([^)]*\))?(?P<bang>!)?:\s*(?P<rest>.+)$")
_FIX_WORD = re.compile(r"^(fix|fixes|fixed|bugfix|hotfix)\b", re.IGNORECASE)
# a dependency roll (``Roll X from a to b``, ``Roll dawn/ 1a2b..3c4d``, ``Bump x from 1 to 2``, ``build(deps):
# bump x``, ``Update DEPS``): a bot rolls again on its own schedule, no one re-attempts it by hand, so its
# revert warns on no file (it stays in memory, its files in ``touched``)
_ROLL = re.compile(r"^(?:\[(?:auto)?roll\]|(?:auto)?roll:|roll(?:ing)? \S+ (?:from|to)\b|"
                   r"roll \S+ [0-9a-f]{6,}\.\.|manual roll|"
                   r"(?:\w+(?:\([^)]*\))?: )?bump \S+ (?:from|to)\b|(?:build|chore)\(deps(?:-dev)?\):|"
                   r"update (?:the )?DEPS\b)", re.IGNORECASE)


class Change:
    """A commit a revert undoes, as found in the history being read."""

    __slots__ = ("sha", "subject", "is_fix", "is_revert")

    def __init__(self, sha: str, subject: str, is_fix: bool = False, is_revert: bool = False) -> None:
        self.sha, self.subject, self.is_fix, self.is_revert = sha, subject, is_fix, is_revert

    @classmethod
    def of(cls, sha: str, subject: str, body: str = "") -> Change:
        return cls(sha, subject, classify(subject, body) == "fix", reverts.read(subject, body).is_revert)


def classify(subject: str, body: str, reverted: Sequence[Change] = ()) -> str | None:
    """The event type a commit message maps to, or None for commits that are skipped.
    ``reverted``: the commits it names as reverted that are in the history being read. A
    free-form subject over ``This reverts commit …`` is a revert only when there are some; a
    rollback of rollbacks (Copybara writes both the same way) is a roll-forward, not a failure."""
    message = reverts.read(subject, body)
    if message.is_revert and reverted and all(c.is_revert for c in reverted):
        return None
    if message.is_revert and (message.explicit or reverted):
        return "attempt"
    if message.kind == "reland" and not message.retry:  # "fix: X (again)" is still a fix
        return None
    conventional = _CONVENTIONAL.match(subject)
    kind = conventional.group("type").lower() if conventional else ""
    if (conventional and conventional.group("bang")) or "BREAKING CHANGE" in body:
        return "decision"
    if kind in ("fix", "bugfix", "hotfix") or (not conventional and _FIX_WORD.match(subject)):
        return "fix"
    if kind in ("refactor", "perf"):
        return "decision"
    if kind in ("feat", "feature"):
        return "note"
    return None


def by_weight(files: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
    """Files with their changed lines, busiest first (ties by path): one file per path."""
    merged: dict[str, int] = {}
    for path, changed in files:
        merged[path] = merged.get(path, 0) + max(0, changed)
    return sorted(merged.items(), key=lambda item: (-item[1], item[0]))


def focus(files: Sequence[tuple[str, int]], subject: str = "") -> list[str]:
    """The files a change was about: those whose path shares a word with its subject first
    (``hpb: add alias`` is about ``hpb_generator/``, not the generated PHP it also rewrote), then
    the busiest; not incidental kinds (unless the change was only about those), not a sliver
    of its lines, at most ``FOCUS_MAX``."""
    weighted = by_weight(files)
    central = [(p, n) for p, n in weighted if not is_incidental(p)] or weighted
    if not central:
        return []
    top = central[0][1]
    kept = [(p, n) for p, n in central if n >= FOCUS_SHARE * top]
    words = _words(subject)
    named = [p for p, n in central if words & _words(p)] if words else []
    ordered = dict.fromkeys([*named, *(p for p, _ in kept)])
    # a test beside the code it tests is seldom what the change was about: code first
    return sorted(ordered, key=role)[:FOCUS_MAX]


def build_lists(files: Sequence[tuple[str, int]], central: Sequence[str]) -> list[str]:
    """The build lists among ``files`` that sit beside the ``central`` code (in its folder or one
    above it) when there are few of them: a revert warns on them after its focus."""
    lists = [p for p, _ in by_weight(files) if is_build_list(p)]
    if not lists or len(lists) > BUILD_LISTS_MAX:
        return []
    code = [p for p in central if role(p) == 0]
    return [p for p in lists if p not in central and any(_builds(p, c) for c in code)]


def _builds(build_list: str, code: str) -> bool:
    """The build list's folder holds ``code``: a BUILD.gn or a Cargo.toml lists the sources below it."""
    folder = build_list.rpartition("/")[0]
    return not folder or code.startswith(folder + "/")


def is_roll(subject: str) -> bool:
    """A dependency roll or bump, by its subject (a bot's, or a person's copying the bot's form)."""
    return _ROLL.match(subject.strip()) is not None


def role(path: str) -> int:
    """Where a file ranks as what a change was about: code (0), then its tests (1), build lists
    and CI configs (2), docs (3), changelogs and release notes (4). Sorting is stable: within a
    rank, files keep the order they came in (the busiest first)."""
    if _NOTES.search(path):
        return 4
    if is_incidental(path):
        return 2
    if _TEST.search(path):
        return 1
    return 3 if _DOC.search(path) else 0


_TEST = re.compile(r"(^|/)(tests?|testing|spec|__tests__)/|(^|/)test_[^/]*$|_test\.[^/]+$|Test\.[^/]+$|\.test\.")
_NOTES = re.compile(r"(^|/)(CHANGELOG|CHANGES|NEWS|HISTORY|RELEASE[_-]?NOTES|ReleaseNotes)[^/]*$|(^|/)changelog\.d/",
                    re.IGNORECASE)
_DOC = re.compile(r"(^|/)(docs?|documentation)/|\.(md|mdx|rst|adoc|asciidoc|rdoc|txt)$"
                  r"|(^|/)(README|LICEN[CS]E|COPYING|AUTHORS|CONTRIBUTING|CONTRIBUTORS)[^/]*$", re.IGNORECASE)
_WORD = re.compile(r"[a-z][a-z0-9]{2,}")
# words in paths and subjects that say nothing about which file a change is about
_PLAIN = frozenset(("src", "lib", "test", "tests", "the", "and", "for", "with", "from", "into", "add", "use",
                    "fix", "make", "remove", "update", "support", "internal", "main", "java", "com", "org",
                    "include", "core", "common", "util", "utils", "new", "more", "when", "not", "all", "only"))


def _words(text: str) -> set[str]:
    """Lowercase words of three letters or more (``CodedOutputStream`` -> ``codedoutputstream``)."""
    return {w for w in _WORD.findall(text.lower().replace("_", " ")) if w not in _PLAIN}


def derive(sha: str, time_s: int, email: str, subject: str, body: str, files: Sequence[tuple[str, int]],
           patch: str | None = None, reverted: Sequence[Change] = (), parents: int = 1) -> dict[str, Any] | None:
    """The event a commit derives, as a dict ready to redact and index; None when skipped.
    ``files`` are (path, lines changed); ``reverted`` the commits it reverts found in history.
    A merge (``parents`` over one) derives nothing: the commits of the branch it merged are in
    the same history and derive their own events, so its subject (a pull request's title, "Fix
    …") would be the same change told twice, with no files. A squash merge has one parent."""
    if parents > 1:
        return None
    kind = classify(subject, body, reverted)
    if kind is None:
        return None
    title = subject.strip() or "(no subject)"
    event: dict[str, Any] = {
        "v": SCHEMA_VERSION, "id": derived_id(sha), "type": kind, "source": "git",
        "timestamp": format_timestamp(time_s * 1_000_000), "commit": sha, "git_commit": sha,
        "actor": f"git:{email}" if email else "git",
        "commit_message": (title + ("\n\n" + body if body else ""))[:2000],
    }
    weighted = by_weight(files)
    if kind == "attempt":
        _revert(event, title, body, weighted, patch, reverted)
    else:
        if weighted:
            # every file stays a path (the gate finds the event from any of them); the location
            # is the code the change was about, not the changelog it wrote the most lines in
            ordered = sorted((p for p, _ in weighted), key=role)
            event["location"] = ordered[0]
            event["paths"] = ordered
        event["summary"] = title[:2000]
        if body:
            event["details"] = body[:PATCH_CHARS]
    return event


def _revert(event: dict[str, Any], title: str, body: str, weighted: list[tuple[str, int]], patch: str | None,
            reverted: Sequence[Change]) -> None:
    message = reverts.read(title, body)
    rolled = is_roll(reverted[0].subject if reverted else message.title)
    central = [] if rolled else focus(weighted, reverted[0].subject if reverted else message.title)
    if rolled and weighted:
        event["touched"] = [p for p, _ in weighted]
    if central:
        event["location"] = central[0]
        event["paths"] = [*central, *build_lists(weighted, central)]
        event["touched"] = [p for p, _ in weighted]
    event["outcome"] = "failed"
    event["summary"] = revert_summary(message, reverted)[:2000]
    event["details"] = _revert_details(event["summary"], reverted, _excerpt(patch, event.get("paths") or []))
    if reverted:
        event["reverts"] = [c.sha for c in reverted]


def revert_summary(message: reverts.Message, reverted: Sequence[Change]) -> str:
    """``Reverted 1a2b3c4d5e (#12): Use the fast parser``: the change's sha and PR first, so that
    no cut loses them, then its subject, never nested in another revert's quotes."""
    first = reverted[0] if reverted else None
    name = (reverts.strip_pr(first.subject) if first else "") or message.title or "an earlier change"
    prs = message.prs or ([n] if first and (n := reverts.pr_number(first.subject)) else [])
    shas = [c.sha[:10] for c in reverted[:3]] or [s[:10] for s in message.shas[:3]]
    label = " ".join(shas) + (f" ({', '.join(f'#{n}' for n in prs[:3])})" if prs else "")
    noun = "fix " if any(c.is_fix for c in reverted) else ""
    more = f" and {len(reverted) - 1} more" if len(reverted) > 1 else ""
    return f"Reverted {noun}{label.strip()}: {name}{more}" if label.strip() else f"Reverted {noun}\"{name}\"{more}"


def _excerpt(patch: str | None, paths: Sequence[str]) -> str | None:
    """The revert's diff as memory keeps it: the files it was about first (``paths``), each with
    a fair share of ``REVERT_PATCH_CHARS`` (a short file whole, the long ones cut to what is
    left), then its other files while room remains. The gate compares a proposed change with the
    lines the revert deleted from that very file (``gate.repeats``, ``gate.unrelated``): a first
    file that filled the room alone would leave the others with nothing to compare."""
    if not patch:
        return patch
    sections = ["diff --git " + s for s in patch.split("diff --git ")[1:]] or [patch]
    rank = {p: n for n, p in enumerate(paths)}

    def order(section: str) -> int:
        head = section.split("\n", 1)[0]
        return next((rank[p] for p in rank if head.endswith(" b/" + p)), len(rank))

    ordered = sorted(sections, key=order)
    central = [s for s in ordered if order(s) < len(rank)]
    room = _shares([len(s) for s in central], REVERT_PATCH_CHARS)
    kept = [_cut(section, share) for section, share in zip(central, room, strict=True)]
    left = REVERT_PATCH_CHARS - sum(len(k) for k in kept)
    for section in ordered[len(central):]:
        if left <= 0:
            break
        kept.append(section[:left])
        left -= len(kept[-1])
    return "".join(kept)


def _shares(lengths: Sequence[int], room: int) -> list[int]:
    """Each length's share of ``room``: equal shares, a short one taking only what it needs and
    leaving the rest to the longer ones."""
    shares = [0] * len(lengths)
    for done, n in enumerate(sorted(range(len(lengths)), key=lambda n: lengths[n])):
        shares[n] = min(lengths[n], room // (len(lengths) - done))
        room -= shares[n]
    return shares


def _cut(section: str, size: int) -> str:
    """``section`` cut to ``size`` characters at a line's end (its diff header is kept whole)."""
    if len(section) <= size:
        return section
    end = section.rfind("\n", 0, size)
    return section[:end + 1] if end > 0 else section[:size]


def _revert_details(summary: str, reverted: Sequence[Change], patch: str | None) -> str:
    lines = [summary]
    for change in reverted:
        lines.append(f"git revert of {change.sha}: {change.subject}" + (" (a fix, reverted)" if change.is_fix else ""))
    if not reverted:
        lines.append("git revert of an earlier commit")
    if patch:
        lines += ["", "The revert's diff, which undoes the change (excerpt):", patch[:REVERT_PATCH_CHARS]]
    return "\n".join(lines)
