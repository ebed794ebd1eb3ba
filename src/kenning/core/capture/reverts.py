"""What a commit message says about reverts: a revert, a reland, or neither.

Projects write reverts in many ways; every form below was seen in real histories (GitHub
squash merges, Chromium/Dart Gerrit, Go, Google's Copybara exports, git.git, Flutter bots):

    Revert "X"                       git revert; GitHub appends the PR: Revert "X (#12)" (#15)
    Reverts "X", Revert: X, [Revert] X, Revert- X, ROLLBACK: X, Rollback: "X", Undo X
    Revert "Revert "X""              a reland: reverts compose by parity, whatever the nesting
    Reland "X", Reland: X, [Reland] X, Re-land X, Reapply "X", Relands "X", Bring back "X",
    Rollforward: "X", (Roll forward) X, X (reland), Partial rollforward of ...
    Automated rollback of commit <sha>.   Copybara/Piper; Reverts <sha>, Rollback <sha>
    Revert #13851 #13853             PR numbers only: resolved through commits ending in (#N)
    Revert PR #12 X                  the PR first, then its title
    pkg/path: revert "X"             Go and git.git put a scope first
    revert(scope): X                 conventional commits; fix(reland): X, revert: Revert "X (#N)"
    [gn] Revert: X                   a label first: reverts "[gn] X"
    Revert^2: X, Reland^2 "X"        Gerrit: a revert of a revert (a reland), a second reland
    X (again), X (try 2), X, take 2  a retry: a reland where X was committed before
    Automated g4 rollback of changelist N, Re-land of crrev.com/c/N   a review's number, no sha

The body names what is reverted: ``This reverts commit <sha>``, ``Reverts owner/repo#N``,
``This reverts https://…/pull/N``; and what is relanded: ``This is a reland of commit <sha>``,
``This relands <sha>``. Lines quoted from another message (``> …``) are that message's.

A subject that calls itself a revert is one (``explicit``). A subject that only *might* be
(``checkout: rollback lock on early returns``, git.git's ``revert:`` subsystem, a squash merge
whose body lists a reverted commit of its own branch, a bare ``revert`` before a value put back:
``revert copyright year to project start``) is a candidate: the caller keeps it only when a
commit it names, or an earlier commit with its subject, is in the history being read. Pure:
text in, value out.
"""

from __future__ import annotations

import re

_PR_SUFFIX = re.compile(r"\s*\(#(?P<pr>\d+)\)\s*$")
_REVERT_VERB = (r"revert(?:s|ed|ing)?(?:\^\d+)?|partial(?:ly)?\s+revert(?:s|ed)?(?:\s+of)?|temporarily\s+revert|"
                r"roll(?:ing)?[ -]?back(?:\s+of)?|rollback(?:\s+of)?|automated(?:\s+\w+)?\s+rollback(?:\s+of)?|"
                r"back(?:ed)?[ -]?out|undo")
_RELAND_VERB = (r"re-?re-?land(?:s|ed|ing)?|re-?land(?:s|ed|ing)?(?:\^\d+)?(?:\s+of)?|"
                r"re-?appl(?:y|ies|ied)|bring\s+back|"
                r"(?:partial\s+)?roll(?:ing)?[ -]?forward(?:\s+of)?|(?:partial\s+)?rollforward(?:\s+of)?")
# a verb at the start: bare, [bracketed] or (parenthesised), then a separator and the rest
_LEAD = re.compile(rf"^(?:\[(?P<b>{_REVERT_VERB}|{_RELAND_VERB})\]|\((?P<p>{_REVERT_VERB}|{_RELAND_VERB})\)|"
                   rf"(?P<v>{_REVERT_VERB}|{_RELAND_VERB}))(?P<sep>\s*[:\-\u2013]\s*|\s+|(?=[\"\u201c]))(?P<rest>.*)$",
                   re.IGNORECASE | re.DOTALL)
_RELAND_TAIL = re.compile(r"\s*[(\[](?:re-?)*(?:land|reland|re-land|roll[ -]?forward|rollforward|reapply)[)\]]\s*$",
                          re.IGNORECASE)
_SCOPE = re.compile(r"^(?P<scope>[\w./{},+*-]+(?:\([^)]*\))?!?(?:,\s*[\w./{},+*-]+)*):\s+(?P<rest>.+)$")
_CONVENTIONAL_REVERT = re.compile(r"^revert(?:\([^)]*\))?!?:\s*(?P<rest>.+)$", re.IGNORECASE)
_SHA = r"[0-9a-f]{7,40}"
_REF_SHAS = re.compile(rf"^(?:commit\s+)?(?P<shas>{_SHA}\b(?:[\s,]+(?:and\s+)?{_SHA}\b)*)\.?\s*$",
                       re.IGNORECASE)
_REF_PRS = re.compile(r"^(?P<prs>(?:pr\s*)?#\d+(?:\s*(?:,|and|&)?\s*(?:pr\s*)?#\d+)*)\s*\.?$", re.IGNORECASE)
_NUMBERS = re.compile(r"#(\d+)")
# a change a code review numbered (a Piper changelist, a Gerrit change), named by its context:
# after these words a number is decimal whatever its digits, never a sha
_CHANGE_WORD = (r"(?:(?:g4\s+|piper\s+)?changelists?\s+|cls?\s+|(?:https?://)?cl/|(?:https?://)?crrev\.com/(?:c/)?|"
                r"(?:https?://)?(?:r\.android\.com|aosp)/|https?://[\w.-]+/c/[\w./-]+/\+/)")
_CHANGE_REF = re.compile(rf"{_CHANGE_WORD}(?P<n>\d{{4,12}})\b", re.IGNORECASE)
_REF_CHANGES = re.compile(rf"^{_CHANGE_WORD}\d{{4,12}}\b", re.IGNORECASE)
# the numbers a commit carries for itself: Copybara's Piper trailer, Gerrit's review link
_OWN_CHANGE = re.compile(r"^(?:PiperOrigin-RevId:\s*|Reviewed-on:\s*https?://\S+/\+/)(?P<n>\d+)\s*$",
                         re.IGNORECASE | re.MULTILINE)
_BODY_REVERTS = re.compile(
    rf"^(?:This (?:CL |PR |change )?reverts? commit|Reverts?:?|Reverting commit|Automated rollback of commit|"
    rf"Rollback of commit)\s+(?:commit\s+)?(?P<sha>{_SHA})\b", re.IGNORECASE | re.MULTILINE)
_BODY_REVERT_PRS = re.compile(
    r"^(?:This (?:CL |PR |change )?)?reverts?:?\s+(?:[\w.-]+/[\w.-]+)?#(?P<pr>\d+)\b|"
    r"^(?:This (?:CL |PR |change )?)?reverts?:?\s+https://github\.com/[^/\s]+/[^/\s]+/pull/(?P<url>\d+)",
    re.IGNORECASE | re.MULTILINE)
_BODY_RELANDS = re.compile(
    rf"^(?:This is a reland of(?: commit)?|Reland of(?: commit)?|This relands(?: commit)?|Relands?:?|"
    rf"This reapplies(?: commit)?|Roll forward of(?: commit)?)\s+(?:(?P<sha>{_SHA})\b|(?:[\w.-]+/[\w.-]+)?#(?P<pr>\d+)|"
    rf"https://github\.com/[^/\s]+/[^/\s]+/pull/(?P<url>\d+))", re.IGNORECASE | re.MULTILINE)
_BODY_REVERT_CHANGES = re.compile(
    rf"^(?:This (?:CL |PR |change )?reverts?|Reverts?:?|Reverting|Automated(?: \w+)? rollback of|Rollback of)\s+"
    rf"{_CHANGE_WORD}(?P<n>\d{{4,12}})\b", re.IGNORECASE | re.MULTILINE)
_BODY_RELAND_CHANGES = re.compile(
    rf"^(?:This is a reland of|Re-?land of|This relands|Relands?:?|This reapplies|Roll forward of)\s+"
    rf"{_CHANGE_WORD}(?P<n>\d{{4,12}})\b", re.IGNORECASE | re.MULTILINE)
_BODY_RELAND_MARK = re.compile(r"^(?:This is a reland of|This relands|Relands?\s|This reapplies|Roll forward of|"
                               r"Original change's description:)", re.IGNORECASE | re.MULTILINE)
# dependency rolls quote upstream logs, reverts of *their* history included
_ROLL = re.compile(r"^(?:Roll |Bump |Update dependency|chore\(deps\))", re.IGNORECASE)
# a retry said at the end: "X (again)", "X (try 2)", "X, take 2", "X (2nd attempt)"
_RETRY_TAIL = re.compile(r"(?:\s*\((?:again|(?:try|take|attempt)\s*#?\d+|(?:second|third|2nd|3rd)\s+(?:try|attempt))\)"
                         r"|,\s*(?:take|try|attempt)\s*#?\d+|\s+\((?:reland|re-land)\s+\d+\))\s*$", re.IGNORECASE)
# a label before the subject: "[gn] Revert: X", "[ios][tests] Reland X"
_TAG = re.compile(r"^(?:\[[^\]]{1,40}\]:?\s*)+(?P<rest>\S.*)$")
# a conventional commit whose scope is the verb: "fix(reland): X", "build(revert): X"
_VERB_SCOPE = re.compile(rf"^\w+\((?P<verb>{_REVERT_VERB}|{_RELAND_VERB})\)!?:\s*(?P<rest>.+)$", re.IGNORECASE)


class Message:
    """A commit message read for reverts.

    ``kind`` is ``"revert"``, ``"reland"`` or None. ``title`` is the subject of the change the
    message is about, unwrapped from every revert and reland layer, without its PR suffix (empty
    when the message names the change only by sha or PR). ``shas`` and ``prs`` are the commits
    and pull requests it names as reverted (or relanded); ``changes`` the changes it names by a
    review's number (``changelist 943945332``, ``crrev.com/c/7953343``); ``pr`` is this commit's
    own PR number. ``explicit`` is False for a candidate the history must confirm; ``retry`` is
    True for a reland said only by a retry at the end of an ordinary subject (``X (try 2)``),
    which is a reland only where an earlier commit has the subject X."""

    __slots__ = ("kind", "title", "shas", "prs", "pr", "explicit", "truncated", "changes", "retry")

    def __init__(self, kind: str | None, title: str, shas: list[str], prs: list[int], pr: int | None,
                 explicit: bool, truncated: bool = False, changes: list[int] | None = None,
                 retry: bool = False) -> None:
        self.kind, self.title, self.shas, self.prs, self.pr = kind, title, shas, prs, pr
        self.explicit, self.truncated, self.changes, self.retry = explicit, truncated, changes or [], retry

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
    subject = " ".join(subject.split())
    pr = pr_number(subject)
    bare = strip_pr(subject)
    refs = _Refs(body if not _ROLL.match(bare) else "")
    conventional = _CONVENTIONAL_REVERT.match(bare) if bare[:1] == "r" else None
    if conventional:  # "revert(scope): X": conventional commits, and git.git's revert subsystem
        rest = strip_pr(conventional.group("rest"))
        inner = _unwrap(rest)
        if inner is not None and inner[0] == "revert" and _LEAD.match(rest):
            # "revert: Revert "X" (#N)": the type labels the revert it types, it is no second layer
            return _layered(inner, refs, pr, explicit=True)
        return Message("revert", rest, refs.reverts, refs.revert_prs, pr, False, changes=refs.revert_changes)
    layered = _unwrap(bare)
    if layered is not None:
        # "revert copyright year to project start" puts a value back: a candidate, which the
        # commit its body names or an earlier commit with that very subject confirms
        words = layered[4]
        return _layered(layered, refs, pr, not (layered[0] == "revert" and words is not None
                                               and puts_a_value_back(words)))
    tagged = _TAG.match(bare)
    inner = _unwrap(tagged.group("rest")) if tagged else None
    if tagged and inner is not None:  # "[gn] Revert: X" reverts "[gn] X": the label is the change's
        kind, title, named, truncated, words = inner
        label = bare[:tagged.start("rest")]
        return _layered((kind, label + title if title else "", named, truncated, words), refs, pr,
                        not (kind == "revert" and words is not None and puts_a_value_back(words)))
    verb_scope = _VERB_SCOPE.match(bare)
    if verb_scope:  # "fix(reland): X": the scope says what the commit is
        verb = "revert" if re.fullmatch(_REVERT_VERB, verb_scope.group("verb"), re.IGNORECASE) else "reland"
        return _layered((verb, strip_pr(verb_scope.group("rest")), _Named(), False, None), refs, pr, True)
    scoped = _SCOPE.match(bare)
    inner = _unwrap(scoped.group("rest")) if scoped else None
    if scoped and inner is not None:
        # "pkg: revert "X"" is a revert; "MIDX: revert the default version to v1" may be code behaviour
        named = inner[2]
        said = '"' in scoped.group("rest") or bool(named.shas or named.prs or named.changes)
        return _layered(inner, refs, pr, said)
    if refs.reland_marked:
        return Message("reland", bare, refs.reland_shas or refs.reverts, refs.reland_prs, pr, True,
                       changes=refs.reland_changes or refs.revert_changes)
    if refs.reverts or refs.revert_prs or refs.revert_changes:
        # a free-form subject over "This reverts commit …" or Copybara's "Reverts <sha>" ("Still
        # breaking tests", "X again"): a revert the history confirms; a rollback of a rollback
        # composes to a roll-forward there, by what the named commit is
        return Message("revert", bare, refs.reverts, refs.revert_prs, pr, False, changes=refs.revert_changes)
    retry = _RETRY_TAIL.search(bare)
    if retry and retry.start() > 0:  # "X (try 2)": a reland where an earlier commit is X
        return Message("reland", bare[:retry.start()].strip(), [], [], pr, False, retry=True)
    return Message(None, bare, [], [], pr, False)


def _layered(layered: tuple[str, str, _Named, bool, str | None], refs: _Refs, pr: int | None,
             explicit: bool) -> Message:
    kind, title, named, truncated, _ = layered
    shas, prs, changes = refs.for_kind(kind)
    return Message(kind, title, named.shas or shas, named.prs or prs, pr, explicit, truncated,
                   named.changes or changes)


class _Named:
    """Commits and PRs a subject itself names (``Reverts 1a2b3c4``, ``Revert #12 #13``)."""

    __slots__ = ("shas", "prs", "changes")

    def __init__(self, shas: list[str] | None = None, prs: list[int] | None = None,
                 changes: list[int] | None = None) -> None:
        self.shas, self.prs, self.changes = shas or [], prs or [], changes or []


class _Refs:
    """What a body names: reverted commits and PRs, relanded ones, and reland markers."""

    __slots__ = ("reverts", "revert_prs", "reland_shas", "reland_prs", "reland_marked", "revert_changes",
                 "reland_changes")

    def __init__(self, body: str) -> None:
        self.reverts = list(dict.fromkeys(m.group("sha").lower() for m in _BODY_REVERTS.finditer(body)))
        self.revert_prs = list(dict.fromkeys(int(m.group("pr") or m.group("url"))
                                             for m in _BODY_REVERT_PRS.finditer(body)))
        relands = list(_BODY_RELANDS.finditer(body))
        self.reland_shas = list(dict.fromkeys(m.group("sha").lower() for m in relands if m.group("sha")))
        self.reland_prs = list(dict.fromkeys(int(m.group("pr") or m.group("url")) for m in relands
                                             if m.group("pr") or m.group("url")))
        self.reland_marked = bool(_BODY_RELAND_MARK.search(body))
        self.revert_changes = _numbers(_BODY_REVERT_CHANGES, body)
        self.reland_changes = _numbers(_BODY_RELAND_CHANGES, body)

    def for_kind(self, kind: str) -> tuple[list[str], list[int], list[int]]:
        """A reland's body may name the original or the revert it undoes: either tells which change."""
        if kind == "reland":
            return (self.reland_shas + self.reverts, self.reland_prs + self.revert_prs,
                    self.reland_changes + self.revert_changes)
        return self.reverts, self.revert_prs, self.revert_changes


def _numbers(pattern: re.Pattern[str], text: str) -> list[int]:
    return list(dict.fromkeys(int(m.group("n")) for m in pattern.finditer(text)))


def change_numbers(body: str) -> list[int]:
    """The review numbers a commit carries for itself (``PiperOrigin-RevId: N``, Gerrit's
    ``Reviewed-on: https://…/+/N``): what a rollback of ``changelist N`` names."""
    return _numbers(_OWN_CHANGE, body)


def _unwrap(subject: str) -> tuple[str, str, _Named, bool, str | None] | None:
    """Peel revert and reland layers from the outside in and compose them: a revert of a revert
    is a reland, a reland of a revert a revert again. None when the subject has no such layer.
    The last item: the words after a single bare verb (``revert adding a space``: no quotes, no
    colon, no sha or PR), which may be a value rather than a change's title."""
    verbs: list[str] = []
    text, named, truncated, inner_pr, words = subject, _Named(), False, None, None
    tail = _RELAND_TAIL.search(text)
    if tail:
        verbs.append("reland")
        text = text[:tail.start()].strip()
    while True:
        lead = _LEAD.match(text)
        if not lead:
            break
        said = lead.group("b") or lead.group("p") or lead.group("v")
        verb = "revert" if re.fullmatch(_REVERT_VERB, said, re.IGNORECASE) else "reland"
        rest = lead.group("rest").strip()
        if not rest and not verbs:
            return None
        power = re.search(r"\^(\d+)", said)  # Gerrit's "Revert^2 X": a revert of a revert of X
        verbs += [verb] * (min(int(power.group(1)), 9) if power and verb == "revert" else 1)
        ref = _REF_CHANGES.match(rest)
        if ref:  # "changelist 943945332", "crrev.com/c/N (reverted by …/N)", "aosp/N - X"
            named = _Named(changes=[int(m.group("n")) for m in _CHANGE_REF.finditer(rest)])
            titled = re.match(r"\s*[-:\u2013]\s*(?P<title>\S.*)$", rest[ref.end():])
            text, truncated = _quoted(titled.group("title")) if titled else ("", False)
            text = strip_pr(text)
            break
        refs = _REF_SHAS.match(rest)
        prs = _REF_PRS.match(rest)
        if refs or prs:
            named = _Named([s.lower() for s in re.findall(_SHA, refs.group("shas"), re.IGNORECASE)] if refs else [],
                           [int(n) for n in _NUMBERS.findall(prs.group("prs"))] if prs else [])
            text = ""
            break
        first = _PR_FIRST.match(rest)
        if first:  # "Revert PR #12 Add foo": the PR, then its title
            named = _Named([], [int(first.group("pr"))])
            text, truncated = _quoted(first.group("rest"))
            break
        if len(verbs) == 1 and lead.group("v") and not lead.group("sep").strip() and rest[:1] not in _QUOTES:
            words = rest
        text, cut = _quoted(rest)
        truncated = truncated or cut
        if len(verbs) == 1 and inner_pr is None:
            inner_pr = pr_number(text)
        text = strip_pr(text)
    if not verbs:
        return None
    kind = ""
    for verb in reversed(verbs):  # innermost first
        kind = ("reland" if kind == "revert" else "revert") if verb == "revert" else (
            "revert" if kind == "revert" else "reland")
    if inner_pr is not None and not named.prs:
        named.prs = [inner_pr]
    return kind, text, named, truncated, words if len(verbs) == 1 else None


def puts_a_value_back(words: str) -> bool:
    """Whether the words after a bare ``revert`` set something back rather than name a change:
    a target (``to lowercase name``, ``back to the default``, ``copyright year to project
    start``, but not ``changes to the parser`` nor ``… to fix the build``), or a year."""
    if _YEAR.search(words):
        return True
    tokens = words.lower().split()
    for at, token in enumerate(tokens):
        if token != "to":
            continue
        before = tokens[at - 1] if at else ""
        after = tokens[at + 1] if at + 1 < len(tokens) else ""
        if before not in _CHANGE_NOUNS and after not in _PURPOSE_VERBS:
            return True
    return False


_QUOTES = ('"', "\u201c")
_PR_FIRST = re.compile(r"^(?:pr|pull\s+request)\s*#(?P<pr>\d+)\b[\s:,\-\u2013]*(?P<rest>\S.*)$", re.IGNORECASE)
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# "revert <noun> to …" names a change ("changes to the parser"); "… to <verb>" says why
_CHANGE_NOUNS = frozenset((
    "change", "changes", "edit", "edits", "update", "updates", "addition", "additions", "modification",
    "modifications", "fix", "fixes", "commit", "commits", "patch", "patches", "tweak", "tweaks", "move", "switch",
    "migration", "upgrade", "downgrade", "bump", "rename", "port", "improvement", "improvements", "refactor",
    "refactoring", "additions", "changeset", "diff", "pr", "contribution"))
_PURPOSE_VERBS = frozenset((
    "fix", "unbreak", "unblock", "make", "get", "avoid", "allow", "keep", "reduce", "pass", "let", "prevent",
    "resolve", "address", "investigate", "debug", "satisfy", "appease", "stop", "restore", "green", "try",
    "work", "see", "reland", "re-land", "retry", "isolate", "bisect", "help", "support", "match", "ensure"))


def _quoted(rest: str) -> tuple[str, bool]:
    """The subject inside quotes (up to the last closing quote: quotes nest), or the rest as it
    is; and whether it was cut short (GitHub ends a long title with an ellipsis)."""
    if rest[:1] in ('"', "\u201c"):
        end = max(rest.rfind('"'), rest.rfind("\u201d"))
        inner = rest[1:end] if end > 0 else rest[1:]
    else:
        inner = rest
    inner = inner.strip()
    cut = inner.endswith(("\u2026", "..."))
    return inner.rstrip("\u2026.").strip() if cut else inner, cut


def same_change(a: str, b: str) -> bool:
    """Whether two titles name the same change (case and PR suffix aside; a title cut short
    with an ellipsis matches by its beginning)."""
    left, right = normal_title(a), normal_title(b)
    if not left or not right:
        return False
    if left == right:
        return True
    short, long_ = sorted((left, right), key=len)
    return len(short) >= 30 and long_.startswith(short)


VAGUE_DAYS = 60  # a revert naming its change without its label undoes one this recent


def gist(title: str) -> str:
    """A title without its labels: ``fix(menu): [mac] Allow X (#12)`` is ``allow x``. Empty when
    too little is left to name one change (under three words)."""
    text = normal_title(title)
    while True:
        label = _LABEL.match(text)
        if not label:
            break
        text = text[label.end():]
    return text if len(text.split()) >= 3 else ""


_LABEL = re.compile(r"^(?:\[[^\]]{1,40}\]\s*|[\w./-]+(?:\([^)]*\))?!?:\s+)")


def same_gist(a: str, b: str) -> bool:
    """Whether two titles name the same change once their labels are set aside (``fix(reland):
    X`` relands ``feat: X``): for a retry announced as such, not for any two commits."""
    left = gist(a)
    return bool(left) and left == gist(b)


def normal_title(title: str) -> str:
    """A title as compared: case, spacing, PR suffix and closing dot or ellipsis aside."""
    return " ".join(strip_pr(title).lower().split()).strip(" .\u2026")


class Ledger:
    """The commits of a history by sha, PR number and title, to find what a revert undoes: the
    one rule capture and ``ken audit`` share, so the audit measures what users get."""

    def __init__(self) -> None:
        self.subjects: dict[str, str] = {}
        self._times: dict[str, int] = {}
        self._by_pr: dict[int, list[tuple[int, str]]] = {}
        self._by_title: dict[str, list[tuple[int, str]]] = {}
        self._by_change: dict[int, str] = {}
        self._by_gist: dict[str, list[tuple[int, str]]] = {}
        self.changes: dict[str, list[int]] = {}  # sha -> the review numbers it carries
        self._sorted: list[str] | None = []

    def add(self, sha: str, subject: str, time: int, body: str = "") -> None:
        """A commit of the history; its body, where known, gives the review numbers a rollback
        of ``changelist N`` or a reland of ``crrev.com/c/N`` names it by."""
        numbers = change_numbers(body) if body else []
        if numbers and sha not in self.changes:  # known by subject first, its body read later
            self.changes[sha] = numbers
            for change in numbers:
                self._by_change.setdefault(change, sha)
        if sha in self.subjects:
            return
        self.subjects[sha], self._times[sha] = subject, time
        number = pr_number(subject)
        if number is not None:
            self._by_pr.setdefault(number, []).append((time, sha))
        self._by_title.setdefault(normal_title(subject), []).append((time, sha))
        self._by_gist.setdefault(gist(subject), []).append((time, sha))
        self._sorted = None

    def find(self, name: str) -> str | None:
        """The full sha a (possibly abbreviated) name stands for."""
        import bisect

        if self._sorted is None:
            self._sorted = sorted(self.subjects)
        name = name.lower()
        at = bisect.bisect_left(self._sorted, name)
        return self._sorted[at] if at < len(self._sorted) and self._sorted[at].startswith(name) else None

    def by_change(self, number: int) -> str | None:
        """The commit a review number names (its ``PiperOrigin-RevId`` or Gerrit change)."""
        return self._by_change.get(number)

    def has_pr(self, number: int) -> bool:
        return number in self._by_pr

    def has_title(self, title: str) -> bool:
        return normal_title(title) in self._by_title

    def undone(self, message: Message, sha: str, time: int) -> list[str]:
        """The commits a revert (``sha``, committed at ``time``) undoes: those it names by sha or
        PR (the newest with that number before it), else the newest earlier commit with the
        subject it quotes (a cut title matched by its beginning)."""
        found = [self._named(s) for s in message.shas]
        found += [self._by_change.get(n) for n in message.changes]
        found += [self._latest(self._by_pr.get(n, []), sha, time, any_kind=True) for n in message.prs]
        earlier = [s for s in dict.fromkeys(found) if s and s != sha and self._times[s] <= time]
        if earlier or not message.title:
            return earlier
        named = self._latest(self._by_title.get(normal_title(message.title), []), sha, time)
        if named is None:  # "fix: revert X" undoes "feat(menu): X": the same words, labelled apart
            recent = [(t, s) for t, s in self._by_gist.get(gist(message.title), []) if t >= time - VAGUE_DAYS * 86_400]
            named = self._latest(recent, sha, time) if gist(message.title) else None
        if named is None and message.truncated:
            rows = [(t, s) for s, t in self._times.items() if same_change(self.subjects[s], message.title)]
            named = self._latest(rows, sha, time)
        return [named] if named else []

    def _named(self, name: str) -> str | None:
        """A sha as written; digits only may be a change number too (``Reverts 943945332``): the
        commit carrying that number wins over a sha that happens to begin with those digits."""
        if name.isdigit() and len(name) <= 12 and int(name) in self._by_change:
            return self._by_change[int(name)]
        return self.find(name)

    def _latest(self, rows: list[tuple[int, str]], sha: str, time: int, any_kind: bool = False) -> str | None:
        """The newest commit made before ``time``; by title, an ordinary one (a revert quoting X
        undoes X, not an earlier revert of X): a PR number names its commit whatever it is."""
        earlier = sorted((t, s) for t, s in rows if t <= time and s != sha
                         and (any_kind or read(self.subjects[s]).kind is None))
        return earlier[-1][1] if earlier else None
