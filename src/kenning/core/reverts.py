"""What a commit message says about reverts: a revert, a reland, or neither.

Projects write reverts in many ways; each form below was seen in real histories:

    Revert "X"                     git revert; GitHub adds a PR suffix: Revert "X" (#123)
    Revert "Revert "X""            a reland: two reverts cancel out (Reverted "Revert ..." never nests)
    Reland "X", Re-land X,         re-attempts of a reverted change, not failures
    Reapply "X", Bring back "X",
    Roll forward X, Rollforward
    revert: X, revert(scope): X    conventional commits
    Reverts <sha>, Revert <sha>    Copybara/Piper exports, in the subject or on a body line
    Automated rollback of commit <sha>, Rollback of X, Roll back X
    Revert #13851 #13853           PR numbers only: resolved through commits ending in (#N)
    This reverts commit <sha>.     git's body line (quoted lines, ``> ...``, are another message's)

A subject that names itself a revert is one. A free-form subject whose body names reverted
commits is only a *candidate*: a squash merge can list a reverted commit of its own branch, so
the caller keeps it only when a named commit is in the history being read (``Message.explicit``
tells the two apart). Pure: text in, value out.
"""

from __future__ import annotations

import re

_PR_SUFFIX = re.compile(r"\s*\(#(?P<pr>\d+)\)\s*$")
# a verb and a quoted (or bare) subject; quotes may be straight or curly
_QUOTED = re.compile(r'^(?P<verb>[A-Za-z][A-Za-z -]*?)\s*:?\s*["\u201c](?P<inner>.*)["\u201d]\s*\.?$', re.DOTALL)
_REVERT_VERBS = ("revert", "reverted", "reverting", "back out", "backout", "backed out", "rollback", "roll back",
                 "rollback of", "roll back of", "partially revert", "partial revert", "temporarily revert",
                 "undo")
_RELAND_VERBS = ("reland", "re-land", "relanding", "reapply", "re-apply", "reapplied", "bring back",
                 "roll forward", "rollforward", "roll-forward", "roll forward of", "reland of", "redo")
_UNCLOSED = re.compile(r'^(?P<verb>[A-Za-z][A-Za-z -]*?)\s*:?\s*["\u201c](?P<inner>[^"\u201d]+?)(?:\.\.\.|\u2026)?$')
_AGAIN = re.compile(r"(?:\bv\d+|\btake \d+|\bagain|second attempt)\W*$", re.IGNORECASE)
_CONVENTIONAL_REVERT = re.compile(r"^revert(?:\([^)]*\))?!?:\s*(?P<inner>.+)$", re.IGNORECASE)
_SHA = r"[0-9a-f]{7,40}\b"
_SUBJECT_SHA = re.compile(
    r"^(?:automated\s+)?(?:revert(?:s|ed)?|roll\s*back|rollback)(?:\s+of)?(?:\s+commit)?\s+(?P<shas>"
    + _SHA + r"(?:[\s,]+(?:and\s+)?" + _SHA + r")*)", re.IGNORECASE)
_SUBJECT_PRS = re.compile(r"^revert(?:s|ed)?\s+(?P<prs>(?:pr\s*)?#\d+(?:\s*(?:,|and|&)?\s*(?:pr\s*)?#\d+)*)\s*\.?$",
                          re.IGNORECASE)
_FREE_REVERT = re.compile(r"^(?:revert(?:s|ed|ing)?|roll\s*back|rollback(?: of)?|back\s*out|automated rollback|undo)\b",
                          re.IGNORECASE)
_FREE_RELAND = re.compile(r"^(?:\[?re-?land\]?|reapply|re-apply|bring back|roll[\s-]?forward|rollforward)\b",
                          re.IGNORECASE)
_BODY_REVERTS = re.compile(
    r"^(?:This reverts commit|Reverts|Automated rollback of commit|Rollback of commit|Reverting commit)\s+"
    r"(?:commit\s+)?(?P<sha>" + _SHA + ")", re.IGNORECASE | re.MULTILINE)
_BODY_RELAND = re.compile(
    r"^(?:This is a reland of|Reland of|This relands|This reapplies|Roll forward of|This rolls forward|"
    r"Original change's description:|Relanding|This re-lands)", re.IGNORECASE | re.MULTILINE)
_NUMBERS = re.compile(r"#(\d+)")


class Message:
    """A commit message read for reverts.

    ``kind`` is ``"revert"``, ``"reland"`` or None. ``title`` is the subject of the change the
    message is about, unwrapped from every ``Revert "…"`` layer, without its PR suffix.
    ``shas`` and ``prs`` are the reverted (or relanded) commits and pull requests it names;
    ``pr`` is this commit's own PR number. ``explicit`` is False for a revert known only from a
    body line under a subject that does not say so."""

    __slots__ = ("kind", "title", "shas", "prs", "pr", "explicit")

    def __init__(self, kind: str | None, title: str, shas: list[str], prs: list[int], pr: int | None,
                 explicit: bool) -> None:
        self.kind, self.title, self.shas, self.prs, self.pr, self.explicit = kind, title, shas, prs, pr, explicit

    @property
    def is_revert(self) -> bool:
        return self.kind == "revert"


def pr_number(subject: str) -> int | None:
    """The pull request a squash-merged subject names at its end: ``Fix the parser (#123)``."""
    found = _PR_SUFFIX.search(subject)
    return int(found.group("pr")) if found else None


def strip_pr(subject: str) -> str:
    return _PR_SUFFIX.sub("", subject).strip()


def read(subject: str, body: str = "") -> Message:
    """Read one commit message (subject and body)."""
    subject = subject.strip()
    pr = pr_number(subject)
    bare = strip_pr(subject)
    shas = _body_shas(body)
    kind, title, inner_pr = _unwrap(bare)
    if kind is not None:
        return Message(kind, title, _subject_shas(bare) or shas, [inner_pr] if inner_pr else [], pr, True)
    subject_shas = _subject_shas(bare)
    if subject_shas:  # "Reverts 1a2b3c4", "Automated rollback of commit 1a2b3c4.": the title is the commit's
        return Message("revert", "", subject_shas, [], pr, True)
    prs = _subject_prs(bare)
    if prs:  # "Revert #13851 #13853": the titles are the pull requests'
        return Message("revert", "", shas, prs, pr, True)
    if _FREE_RELAND.match(bare) or _BODY_RELAND.search(body):
        return Message("reland", _after_verb(bare), shas, [], pr, True)
    if _FREE_REVERT.match(bare):  # "Rollback of the new allocator", "Revert the cache change"
        return Message("revert", _after_verb(bare), shas, [], pr, True)
    if shas and _AGAIN.search(bare):  # "Use the fast parser (v2)" quoting its old revert
        return Message("reland", bare, shas, [], pr, True)
    if shas:  # a free-form subject over "Reverts <sha>": a candidate the history must confirm
        return Message("revert", bare, shas, [], pr, False)
    return Message(None, bare, [], [], pr, False)


def _unwrap(subject: str) -> tuple[str | None, str, int | None]:
    """Peel ``Verb "inner"`` layers from the outside in and compose their meaning: a revert of a
    revert is a reland, a reland of a revert is a revert again. Also returns the PR number the
    outermost layer quotes (``Revert "X (#12)" (#15)`` reverts #12)."""
    verbs: list[str] = []
    text = subject
    inner_pr = None
    while True:
        quoted = _QUOTED.match(text) or _UNCLOSED.match(text)
        conventional = _CONVENTIONAL_REVERT.match(text) if not quoted else None
        verb = _verb(quoted.group("verb")) if quoted else "revert" if conventional else None
        if verb is None:
            break
        verbs.append(verb)
        text = (quoted or conventional).group("inner").strip()  # type: ignore[union-attr]
        if len(verbs) == 1:
            inner_pr = pr_number(text)
        text = strip_pr(text)
    kind = None
    for verb in reversed(verbs):  # innermost first
        if verb == "revert":
            kind = "reland" if kind == "revert" else "revert"
        else:
            kind = "revert" if kind == "revert" else "reland"
    return kind, text, inner_pr


def _verb(word: str) -> str | None:
    word = " ".join(word.lower().replace("[", "").replace("]", "").split())
    if word in _REVERT_VERBS:
        return "revert"
    if word in _RELAND_VERBS:
        return "reland"
    return None


def _after_verb(subject: str) -> str:
    """``Reland: faster parser`` -> ``faster parser``; the subject itself when nothing follows."""
    rest = re.sub(r"^\S+(?:\s+(?:back|forward|out|of|commit))*\s*:?\s*", "", subject, count=1).strip()
    return rest.strip('"\u201c\u201d ') or subject


def _subject_shas(subject: str) -> list[str]:
    found = _SUBJECT_SHA.match(subject)
    if not found:
        return []
    return list(dict.fromkeys(re.findall(_SHA, found.group("shas"))))


def _subject_prs(subject: str) -> list[int]:
    found = _SUBJECT_PRS.match(subject)
    if not found:
        return []
    return list(dict.fromkeys(int(n) for n in _NUMBERS.findall(found.group("prs"))))


def _body_shas(body: str) -> list[str]:
    """Reverted commits named on the body's own lines: a quoted line (``> This reverts …``) or
    an indented one belongs to another message (a reland quoting its original)."""
    shas = []
    for found in _BODY_REVERTS.finditer(body):
        shas.append(found.group("sha").lower())
    return list(dict.fromkeys(shas))
