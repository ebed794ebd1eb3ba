"""Citations: the lines of code a memory cites, kept so they can be found again, and the rules
that decide, from what git and the work tree say now, whether they still stand.

A citation keeps a fingerprint: one short hash per cited line, taken with every whitespace
character removed (what ``git blame -w`` compares), so a re-indented block still matches and a
partly edited one can be measured line by line. Following a citation is pure: the app gathers
the file as it was at the citation's commit, the file as it is now, where git says the file went
(a rename), and the files changed since, and ``follow`` decides one status:

- ``verified``: every cited line is there, in order, next to each other, in the same file;
- ``moved``: the same, in another file;
- ``changed``: some cited lines are left, but not all of them together;
- ``gone``: none is left; or nothing but lines that say nothing alone (a blank, a brace, a lone
  ``else``: ``trivial``), which every file holds and no edit needs to spare: a block rewritten
  but for its closing ``}`` is gone, not changed.

A line survives where the line diff of its own file carries it over, or, cut from where it was,
where it reappears among the lines that are new since the commit (in its own file or in another
changed file), as git's own line tracking (``blame -M -C``) follows moved and copied lines: a
copy that was already there before the citation was written is never taken for the cited code.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left
from difflib import SequenceMatcher

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

STATUSES = ("verified", "moved", "changed", "gone")
MAX_TEXT_LINES = 40
MAX_TEXT_CHARS = 2000
MAX_CITED_LINES = 500
# git blame's own thresholds: a moved run counts inside a file from 20 alphanumeric characters
# (-M), from another file from 40 (-C); shorter runs (a lone ``}``) match anywhere by chance
WITHIN_FILE_ALNUM = 20
ACROSS_FILES_ALNUM = 40


def normalized(line: str) -> str:
    """A line with every whitespace character removed: the form lines are compared in."""
    return "".join(line.split())


def line_hash(line: str) -> str:
    """Eight hex digits standing for one line, whitespace ignored."""
    return hashlib.blake2b(normalized(line).encode("utf-8", "replace"), digest_size=4).hexdigest()


def blob_id(data: bytes, like: str | None) -> str:
    """The id git gives a blob of ``data`` (SHA-256 where the repository's ids are that long)."""
    digest = hashlib.sha256 if like is not None and len(like) == 64 else hashlib.sha1
    return digest(b"blob %d\0" % len(data) + data).hexdigest()


def fingerprint(lines: Sequence[str]) -> list[str]:
    return [line_hash(line) for line in lines]


def bounded_text(lines: Sequence[str]) -> tuple[str, bool]:
    """The cited lines as kept in the event: at most ``MAX_TEXT_LINES`` lines and
    ``MAX_TEXT_CHARS`` characters; True when some were left out."""
    kept: list[str] = []
    size = 0
    for line in lines[:MAX_TEXT_LINES]:
        if size + len(line) + 1 > MAX_TEXT_CHARS:
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(kept), len(kept) < len(lines)


def _alnum(lines: Sequence[str]) -> int:
    return sum(char.isalnum() for line in lines for char in line)


class Found:
    """Where a citation stands now: its status, and the lines it is at (verified, moved), or the
    span of what is left of it (changed)."""

    __slots__ = ("status", "path", "start", "end")

    def __init__(self, status: str, path: str | None = None, start: int | None = None, end: int | None = None) -> None:
        self.status, self.path, self.start, self.end = status, path, start, end

    def as_dict(self) -> dict[str, object]:
        found: dict[str, object] = {"status": self.status}
        if self.path is not None:
            found.update(path=self.path, start=self.start, end=self.end)
        return found

    def __repr__(self) -> str:
        return f"Found({self.status} {self.path}:{self.start}-{self.end})"


class Changed:
    """A file changed since the citation's commit: its lines now, and which of them are new (not
    carried over by the diff from the file it was at the commit, or from no file at all)."""

    __slots__ = ("lines", "new")

    def __init__(self, lines: Sequence[str], new: Sequence[bool]) -> None:
        self.lines, self.new = list(lines), list(new)


def line_map(old: Sequence[str], new: Sequence[str], normal: bool = False) -> dict[int, int]:
    """Old line index -> new line index for the lines a diff of the two (whitespace ignored)
    carries over unchanged: a patience diff (the lines found once on each side anchor it, in
    their longest common order; the common head and tail of each stretch between anchors are
    matched, and what is left, small, by ``difflib``). ``normal``: the lines are ``normalized``
    already (a caller following many citations normalizes each file once)."""
    a, b = (old, new) if normal else ([normalized(line) for line in old], [normalized(line) for line in new])
    mapping: dict[int, int] = {}
    _match(a, 0, len(a), b, 0, len(b), mapping, 0)
    return mapping


_SMALL = 400 * 400  # a stretch without anchors this small is left to difflib (quadratic)


def _match(a: Sequence[str], alo: int, ahi: int, b: Sequence[str], blo: int, bhi: int, mapping: dict[int, int],
           depth: int) -> None:
    while alo < ahi and blo < bhi and a[alo] == b[blo]:
        mapping[alo] = blo
        alo, blo = alo + 1, blo + 1
    while alo < ahi and blo < bhi and a[ahi - 1] == b[bhi - 1]:
        ahi, bhi = ahi - 1, bhi - 1
        mapping[ahi] = bhi
    if alo == ahi or blo == bhi:
        return
    anchors = _anchors(a, alo, ahi, b, blo, bhi) if depth < 50 and ahi - alo > 1 and bhi - blo > 1 else []
    if not anchors:
        if ahi - alo == 1 or bhi - blo == 1:  # one line on a side: found or not, no matcher needed
            if ahi - alo == 1 and a[alo] in b[blo:bhi]:
                mapping[alo] = b.index(a[alo], blo, bhi)
            elif bhi - blo == 1 and b[blo] in a[alo:ahi]:
                mapping[a.index(b[blo], alo, ahi)] = blo
            return
        if (ahi - alo) * (bhi - blo) <= _SMALL:
            for i, j, size in SequenceMatcher(None, a[alo:ahi], b[blo:bhi], autojunk=False).get_matching_blocks():
                mapping.update({alo + i + k: blo + j + k for k in range(size)})
        return
    for i, j in anchors:
        if i > alo and j > blo:  # most anchors sit next to the one before: nothing between
            _match(a, alo, i, b, blo, j, mapping, depth + 1)
        mapping[i] = j
        alo, blo = i + 1, j + 1
    if alo < ahi and blo < bhi:
        _match(a, alo, ahi, b, blo, bhi, mapping, depth + 1)


def _anchors(a: Sequence[str], alo: int, ahi: int, b: Sequence[str], blo: int, bhi: int) -> list[tuple[int, int]]:
    """The lines found exactly once in each stretch, paired, in their longest common order."""
    seen_a: dict[str, int] = {}
    for i in range(alo, ahi):
        seen_a[a[i]] = -1 if a[i] in seen_a else i
    seen_b: dict[str, int] = {}
    for j in range(blo, bhi):
        seen_b[b[j]] = -1 if b[j] in seen_b else j
    pairs = [(i, seen_b[line]) for line, i in seen_a.items() if i >= 0 and seen_b.get(line, -1) >= 0]
    pairs.sort()
    return _increasing(pairs)


def _increasing(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest run of ``pairs`` (sorted by their first) whose seconds increase too."""
    if all(a[1] < b[1] for a, b in zip(pairs, pairs[1:], strict=False)):  # nothing moved: the common case, and linear
        return pairs
    tails: list[int] = []  # the smallest second ending a run of each length
    ends: list[int] = []  # which pair that is
    before: list[int] = []
    for n, (_, j) in enumerate(pairs):
        k = bisect_left(tails, j)
        if k == len(tails):
            tails.append(j)
            ends.append(n)
        else:
            tails[k], ends[k] = j, n
        before.append(ends[k - 1] if k else -1)
    run: list[tuple[int, int]] = []
    n = ends[-1] if ends else -1
    while n >= 0:
        run.append(pairs[n])
        n = before[n]
    return run[::-1]


def new_lines(old: Sequence[str] | None, new: Sequence[str], normal: bool = False) -> list[bool]:
    """Which lines of ``new`` the diff from ``old`` does not carry over (all, for an added file)."""
    if old is None:
        return [True] * len(new)
    carried = set(line_map(old, new, normal).values())
    return [j not in carried for j in range(len(new))]


def follow(path: str, start: int, end: int, old: Sequence[str], now_path: str | None, now: Sequence[str] | None,
           changed: Mapping[str, Changed], normal: bool = False, mapping: Mapping[int, int] | None = None,
           twins: Sequence[Sequence[str]] = ()) -> Found:
    """The status of lines ``start``-``end`` (from 1) of ``path`` as it was at the citation's
    commit (``old``), given where git says that file is now (``now_path``: None when it was
    deleted) with its lines ``now``, and the other files changed since (``changed``).
    ``normal``: every line given is ``normalized`` already; ``mapping``: ``line_map(old, now)``,
    where the caller has it already. ``twins``: the other files changed since, as they were at the
    commit (``normalized``): a run of cited lines that stood in one of them too, whole, is not
    followed into another file (``moved_from_twin``)."""
    cited = list(range(start - 1, min(end, len(old))))
    if not cited:
        return Found("gone")
    at: dict[int, tuple[str, int]] = {}
    own_new: list[bool] = []
    if now_path is None or now is None:
        mapping = {}
    else:
        mapping = line_map(old, now, normal) if mapping is None else mapping
        carried = set(mapping.values())
        own_new = [j not in carried for j in range(len(now))]
        at.update({i: (now_path, mapping[i]) for i in cited if i in mapping})
    homes: list[tuple[str, Sequence[str], Sequence[bool], int]] = []
    if now_path is not None and now is not None:
        homes.append((now_path, now, own_new, WITHIN_FILE_ALNUM))
    homes += [(other, facts.lines, facts.new, ACROSS_FILES_ALNUM) for other, facts in sorted(changed.items())
              if other != now_path]
    _place_lost(old, cited, at, homes, _expected(cited, mapping), normal, twins)
    return _judge(path, cited, at, old)


def _expected(cited: list[int], mapping: Mapping[int, int]) -> int:
    """Where the block would be now by the diff: the new place of the nearest carried line
    before it, or its old place; a candidate nearest this is preferred."""
    before = [mapping[i] + (cited[0] - i) for i in range(cited[0], -1, -1) if i in mapping][:1]
    return before[0] if before else cited[0]


def _place_lost(old: Sequence[str], cited: list[int], at: dict[int, tuple[str, int]],
                homes: list[tuple[str, Sequence[str], Sequence[bool], int]], expected: int, normal: bool,
                twins: Sequence[Sequence[str]] = ()) -> None:
    """Find the cited lines the diff lost (cut, moved) among the new lines of each home, run by
    run: the longest run first, placed where it is nearest ``expected`` in the first home that
    has it, the rest of the run tried again on either side."""
    runs = _runs([i for i in cited if i not in at])
    while runs:
        run = runs.pop(0)
        best = _longest_placement(old, run, homes, expected, normal, twins)
        if best is None:
            continue
        first, size, home, j = best
        at.update({first + k: (home, j + k) for k in range(size)})
        left, right = [i for i in run if i < first], [i for i in run if i >= first + size]
        runs += [part for part in (left, right) if part]


def _runs(indices: list[int]) -> list[list[int]]:
    runs: list[list[int]] = []
    for i in indices:
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


def _longest_placement(old: Sequence[str], run: list[int], homes: list[tuple[str, Sequence[str], Sequence[bool], int]],
                       expected: int, normal: bool, twins: Sequence[Sequence[str]] = ()
                       ) -> tuple[int, int, str, int] | None:
    """(first cited index, length, home, its first line) of the longest stretch of ``run`` found
    whole among one home's new lines and long enough for git to call it moved; ties go to the
    earlier home (the file's own), then to the place nearest ``expected``."""
    same = (lambda line: line) if normal else normalized
    wanted = [same(old[i]) for i in run]
    best: tuple[int, int, int, int, str, int] | None = None  # (-size, home rank, distance, first, home, j)
    for rank, (home, lines, new, threshold) in enumerate(homes):
        where: dict[str, list[int]] = {}
        for j, line in enumerate(lines):
            if new[j]:
                where.setdefault(same(line), []).append(j)
        for k, text in enumerate(wanted):
            for j in where.get(text, ()):
                size = 1
                while (k + size < len(wanted) and j + size < len(lines) and new[j + size]
                       and same(lines[j + size]) == wanted[k + size]):
                    size += 1
                if _alnum([old[i] for i in run[k:k + size]]) < threshold:
                    continue
                if threshold == ACROSS_FILES_ALNUM and twins and moved_from_twin(wanted[k:k + size], twins):
                    continue  # into another file, from the cited lines or their twin: git may say either
                key = (-size, rank, abs(j - (expected + k)), run[k], home, j)
                if best is None or key < best:
                    best = key
    return None if best is None else (best[3], -best[0], best[4], best[5])


def moved_from_twin(run: Sequence[str], twins: Sequence[Sequence[str]]) -> bool:
    """Whether the ``normalized`` lines ``run`` stood whole in one of ``twins`` (other files, as
    they were at the citation's commit, that changed since): then a copy of them that appears in
    a third file may have come from that twin as well as from the cited lines, and git's own line
    tracking, which takes one of them, need not take the cited one; so it is not followed."""
    size = len(run)
    first = run[0]
    for lines in twins:
        for j, line in enumerate(lines):
            if line == first and list(lines[j:j + size]) == list(run):
                return True
    return False


def _judge(path: str, cited: list[int], at: Mapping[int, tuple[str, int]], old: Sequence[str]) -> Found:
    if not at or (all(trivial(old[i]) for i in at) and not all(trivial(old[i]) for i in cited)):
        return Found("gone")
    places = [at[i] for i in cited if i in at]
    homes = {home for home, _ in places}
    span_home = places[0][0] if len(homes) == 1 else max(homes, key=lambda h: sum(p[0] == h for p in places))
    lines = [j for home, j in places if home == span_home]
    whole = len(places) == len(cited) and len(homes) == 1 and all(
        b[1] == a[1] + 1 for a, b in zip(places, places[1:], strict=False))
    if whole:
        return Found("verified" if span_home == path else "moved", span_home, lines[0] + 1, lines[-1] + 1)
    return Found("changed", span_home, min(lines) + 1, max(lines) + 1)


def search(hashes: Sequence[str], path: str, start: int, files: Mapping[str, Sequence[str]]) -> Found:
    """The status from the fingerprint alone, where git cannot say what the file was at the
    citation's commit (a shallow clone, a commit rebased away): the whole block, whitespace
    ignored, in the cited file nearest its old place, else in another file; else ``changed``
    when some of its lines that are not ``trivial`` are still in the cited file or the file
    holding most of them, else ``gone``."""
    size = len(hashes)
    wanted = list(hashes)
    best: tuple[int, int, str, int] | None = None  # (other file, distance, path, first line)
    per_file: dict[str, list[str]] = {name: fingerprint(lines) for name, lines in files.items()}
    for name, found in sorted(per_file.items()):
        for j in range(len(found) - size + 1):
            if found[j:j + size] == wanted:
                key = (name != path, abs(j + 1 - start) if name == path else j, name, j)
                if best is None or key < best:
                    best = key
    if best is not None:
        return Found("verified" if best[2] == path else "moved", best[2], best[3] + 1, best[3] + size)
    telling = set(wanted) - TRIVIAL
    left = {name: [j for j, h in enumerate(found) if h in telling and not trivial(files[name][j])]
            for name, found in per_file.items()}
    if telling and left:
        name = path if left.get(path) else max(sorted(left), key=lambda n: len(left[n]))
        if left[name]:
            return Found("changed", name, left[name][0] + 1, left[name][-1] + 1)
    return Found("gone")


# lines that say nothing alone: found anywhere, they are no sign the cited code is still there
TRIVIAL_TEXT = frozenset((
    "", "{", "}", "(", ")", "[", "]", "};", ");", "),", "],", "},", "end", "else:", "else", "}else{", "pass",
    "return", "returnNone", "break", "continue", "try:", "finally:", "*/", "/*", "#", "//", "fi", "done", "esac"))
TRIVIAL = frozenset(line_hash(text) for text in TRIVIAL_TEXT)


def trivial(line: str) -> bool:
    """Whether a line says nothing alone: no letter or digit in it (a blank, ``});``), or a lone
    keyword (``else:``, ``} else {``, ``end``, ``return``, ``pass``)."""
    text = normalized(line)
    return text in TRIVIAL_TEXT or not any(char.isalnum() for char in text)


def status_words(shown: Mapping[str, object]) -> str:
    """A citation's status in a few words, as every view says it (``shown``: a status as
    ``ken verify --json`` gives it)."""
    status = shown.get("status")
    cited = shown.get("cited")
    was = _span(cited) if isinstance(cited, dict) else "?"
    if status == "verified":
        return f"verified at {_span(shown)}"
    if status == "moved":
        return f"moved to {_span(shown)} (was {was})"
    when = shown.get("changed_in")
    since = ""
    if isinstance(when, dict) and when.get("commit"):
        since = f" in {str(when['commit'])[:7]}, {str(when.get('at', ''))[:10]}"
    elif isinstance(when, dict) and when.get("uncommitted"):
        since = " (uncommitted)"
    if status == "changed":
        return f"changed{since}: check {was} before relying on it"
    return f"gone{since}: {was} no longer holds it; do not rely on it"


def _span(shown: Mapping[str, object]) -> str:
    start, end = shown.get("start"), shown.get("end")
    return f"{shown.get('path')}:{start}" + (f"-{end}" if end != start else "")
