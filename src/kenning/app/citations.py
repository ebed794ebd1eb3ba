"""Citations read: the status of every memory that cites code, now (``citation_statuses``, for
any view that shows memory; ``verify``, for ``ken verify`` and its MCP tool). What a write keeps
of the lines it cites is ``app.citing``'s.

Following many citations costs a bounded number of git processes, whatever their number: one
``cat-file --batch-check`` names every cited file as it was at its commit; a file whose work-tree
bytes hash to that same blob is unchanged, and its citation verified without another process.
For the rest, one ``cat-file --batch`` reads the old files, one ``rev-list`` and one ``log
--name-status -M`` since the oldest citation say where files went, which changed and the commit
that changed each (a commit not behind HEAD gets a ``diff --name-status -M`` of its own), and at
most two more pairs of ``cat-file``, for all citations at once, read other files as they were:
those that may hold lines a citation's own diff lost, and, for a citation followed into another
file, the rest changed since (a twin). Where the commit is gone (a shallow clone, a rebase),
the fingerprint is searched for instead. Results are kept in ``.kenning/cache/citations.json`` per
(citation, HEAD, the size and time of the files it read): reading them again runs no git at all.
"""

from __future__ import annotations

from kenning import git
from kenning.core import citations as rules
from kenning.core.errors import InvalidInput
from kenning.git import objects as git_objects
from kenning.store import codemap as sources
from kenning.store.files import read_json, write_json_quietly

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from pathlib import Path
    from typing import Any

    from kenning.app.memory import Memory
    from kenning.app.project import Project
    from kenning.core.events import Event

CACHE_FORMAT = 2  # 2: trivial leftovers make a block gone; a twin stops a citation being followed
MAX_FILES_SEARCHED = 20000  # a fingerprint searched without git's help reads at most this many files
MAX_FILE_BYTES = 2 * 1024 * 1024


# -- reading: each citation's status now ---------------------------------------------------------

class CitationStatus:
    """One memory's citation and where it stands now."""

    __slots__ = ("id", "found", "cited", "changed_in")

    def __init__(self, event_id: str, found: rules.Found, cited: dict[str, Any],
                 changed_in: dict[str, Any] | None) -> None:
        self.id, self.found, self.cited, self.changed_in = event_id, found, cited, changed_in

    @property
    def status(self) -> str:
        return self.found.status

    def as_dict(self) -> dict[str, Any]:
        shown: dict[str, Any] = {"id": self.id, "status": self.status}
        if self.status in ("verified", "moved"):
            shown.update(path=self.found.path, start=self.found.start, end=self.found.end)
        shown["cited"] = self.cited
        if self.changed_in is not None:
            shown["changed_in"] = self.changed_in
        return shown

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CitationStatus:
        found = rules.Found(data["status"], data.get("path"), data.get("start"), data.get("end"))
        return cls(data["id"], found, data["cited"], data.get("changed_in"))


def cited_events(memory: Memory, refs: Sequence[str] = ()) -> list[Event]:
    """The memories that cite lines, oldest first: those ``refs`` name (ids or unique prefixes),
    or all of them."""
    from kenning.app.recall import resolve_event
    from kenning.core.events import parse_indexed

    if refs:
        found = [parse_indexed(row) for ref in refs if (row := memory.cache.event(resolve_event(memory, ref)))]
        bare = [event.id for event in found if not isinstance(event.get("citation"), dict)]
        if bare:
            raise InvalidInput(f"{bare[0]} cites no lines; give memories written with --at PATH:LINE or "
                               "PATH:START-END, or no ids for all of them")
        return found
    return [event for row in memory.cache.all_events() if '"citation"' in row
            and isinstance((event := parse_indexed(row)).get("citation"), dict)]


def citation_statuses(memory: Memory, events: Iterable[Event]) -> dict[str, CitationStatus]:
    """``{event id: its CitationStatus}`` for the events among ``events`` that cite lines; the
    cached answer where HEAD and the files it read are as they were, else worked out (and kept)."""
    project = memory.project
    head = project.head_commit() or ""
    cache_path = project.cache_dir / "citations.json"
    cache = read_json(cache_path)
    entries: dict[str, Any] = cache["entries"] if _usable(cache, head) else {}
    answers: dict[str, CitationStatus] = {}
    todo: list[tuple[str, dict[str, Any], str]] = []
    for event in events:
        citation = event.get("citation")
        if not isinstance(citation, dict) or not _well_formed(citation):
            continue
        entry = entries.get(event.id)
        if entry is not None and _still(project, entry["files"]):
            answers[event.id] = CitationStatus.from_dict(entry["status"])
        else:
            todo.append((event.id, citation, event.timestamp))
    if todo:
        worked = _work_out(project, head, todo)
        for event_id, status in worked.items():
            answers[event_id] = status
            files = sorted({status.cited["path"], *([status.found.path] if status.found.path else [])})
            entries[event_id] = {"status": status.as_dict(), "files": [[f, _stat(project, f)] for f in files]}
        write_json_quietly(cache_path, {"format": CACHE_FORMAT, "head": head, "entries": entries})
    return answers


def verify(project: Project, refs: Sequence[str] = ()) -> dict[str, Any]:
    """``ken verify`` and the MCP tool ``verify_citations``: every memory that cites lines (or those
    ``refs`` name), with its status; ``counts`` per status."""
    from kenning.app.recall import open_memory

    with open_memory(project.require_initialized()) as memory:
        events = cited_events(memory, refs)
        statuses = citation_statuses(memory, events)
    shown = []
    for event in events:
        if event.id in statuses:
            shown.append({**statuses[event.id].as_dict(), "type": event.type, "summary": event.summary})
    counts = {status: sum(1 for s in shown if s["status"] == status) for status in rules.STATUSES}
    return {"citations": shown, "counts": counts}


def _usable(cache: Any, head: str) -> bool:
    return (isinstance(cache, dict) and cache.get("format") == CACHE_FORMAT and cache.get("head") == head
            and isinstance(cache.get("entries"), dict))


def _well_formed(citation: dict[str, Any]) -> bool:
    start, end, lines = citation.get("start"), citation.get("end"), citation.get("lines")
    return (isinstance(citation.get("path"), str) and type(start) is int and type(end) is int
            and 1 <= start <= end and isinstance(lines, list) and len(lines) == end - start + 1)


def _stat(project: Project, path: str) -> list[int] | None:
    found = sources.source_stat(project.root, path)
    return list(found) if found else None


def _still(project: Project, files: Any) -> bool:
    return isinstance(files, list) and all(
        isinstance(item, list) and len(item) == 2 and _stat(project, str(item[0])) == item[1] for item in files)


def _cited(citation: dict[str, Any], written: str) -> dict[str, Any]:
    """What was cited and when, as ``ken verify`` shows it."""
    keys = ("path", "start", "end", "commit", "symbol", "dirty")
    shown: dict[str, Any] = {key: citation[key] for key in keys if key in citation}
    shown["at"] = written
    return shown


class _Run:
    """What one working-out reads, each at most once: the files as they are now (the work tree's,
    or those of the commit ``at``: how the measurement on real histories follows a citation to a
    later commit), old blobs, diffs."""

    def __init__(self, root: Path, at: str | None = None) -> None:
        self.root, self.at = root, at
        self.texts: dict[str, list[str] | None] = {}
        self.norms: dict[str, tuple[list[str], set[str]]] = {}
        self.data: dict[str, bytes] = {}
        self.changes: dict[str, list[tuple[str, str, str]] | None] = {}
        self.tracked: list[str] | None = None
        self.order: dict[str, int] = {}  # commit -> its place among self.entries (HEAD's is 1)
        self.entries: list[list[tuple[str, str, str]]] = []  # what each commit changed, newest first
        self.touched: dict[str, int] = {}  # path -> the newest entry that changed it
        self.renamed_into: dict[str, list[tuple[int, str]]] = {}
        self.committed: dict[str, tuple[int, str, str]] = {}  # path -> (entry, sha, time) of its newest commit
        self.olds: dict[str, list[str] | None] = {}  # "commit:path" -> its lines then, normalized
        self.holders: dict[str, set[str]] = {}  # a normalized line -> the files now holding it (of those indexed)
        self.indexed: set[str] = set()
        self.fresh: dict[tuple[str, str], list[bool]] = {}  # ("commit:path", path now) -> its new lines

    def holding(self, paths: Iterable[str], wanted: set[str]) -> set[str]:
        """Those of ``paths`` (files now) that hold any of the ``wanted`` lines: each file read
        and indexed once a run, not once per citation."""
        for path in paths:
            if path not in self.indexed:
                self.indexed.add(path)
                normal = self.normal(path)
                for line in normal[1] if normal else ():
                    self.holders.setdefault(line, set()).add(path)
        return set().union(*(self.holders.get(line, ()) for line in wanted))

    def prefetch_old(self, names: Iterable[str]) -> None:
        """Read the files ``commit:path`` as they were, in two processes for all of them."""
        wanted = sorted({name for name in names if name not in self.olds})
        if not wanted:
            return
        try:
            ids = git_objects.object_ids(self.root, wanted)
        except git.GitError:
            ids = {}
        texts = _old_texts(self.root, [oid for oid in ids.values() if oid])
        for name in wanted:
            oid = ids.get(name)
            self.olds[name] = texts.get(oid) if oid else None

    def new_lines(self, was: str | None, path: str) -> list[bool]:
        """Which lines of ``path`` now are new since the file was ``was`` (``commit:path``, read
        by ``prefetch_old``; None: added since)."""
        key = (was or "", path)
        if key not in self.fresh:
            normal = self.normal(path)
            self.fresh[key] = rules.new_lines(self.olds.get(was) if was else None, normal[0] if normal else [],
                                              normal=True)
        return self.fresh[key]

    def lines(self, path: str) -> list[str] | None:
        if path not in self.texts:
            if self.at is not None:
                self.prefetch([path])
            else:
                text = sources.read_source(self.root, path)
                self._keep(path, None if text is None else text.encode("utf-8"))
        return self.texts[path]

    def _keep(self, path: str, data: bytes | None) -> None:
        if data is None or b"\0" in data[:8192] or len(data) > MAX_FILE_BYTES:
            self.texts[path] = None
            return
        self.data[path] = data
        self.texts[path] = data.decode("utf-8", "replace").splitlines()

    def same(self, path: str, old_id: str) -> bool:
        """Whether the file at ``path`` now is the blob ``old_id`` (hashed as git does)."""
        data = self.data.get(path)
        return data is not None and rules.blob_id(data, old_id) == old_id

    def prefetch(self, paths: Iterable[str]) -> None:
        """Read files of the commit ``at`` in one process (the work tree's are read one by one)."""
        wanted = sorted({path for path in paths if path not in self.texts})
        if self.at is None or not wanted:
            return
        try:
            found = git_objects.contents(self.root, [f"{self.at}:{path}" for path in wanted])
        except git.GitError:
            found = {}
        for path in wanted:
            self._keep(path, found.get(f"{self.at}:{path}"))

    def normal(self, path: str) -> tuple[list[str], set[str]] | None:
        """The file's lines ``normalized`` (and as a set), worked out once a run."""
        if path not in self.norms:
            lines = self.lines(path)
            if lines is None:
                return None
            normal = [rules.normalized(line) for line in lines]
            self.norms[path] = (normal, set(normal))
        return self.norms[path]

    def plan(self, commits: Iterable[str]) -> None:
        """Read, in two processes, what every commit since the oldest of ``commits`` changed
        (and, for the work tree, one more for its uncommitted changes), so each citation's
        renames and changed files come from memory rather than a ``git diff`` of its own."""
        wanted = set(commits)
        if not wanted:
            return
        try:
            ranked = {sha: n for n, sha in enumerate(git_objects.commit_order(self.root, self.at or "HEAD"))}
            places = [ranked[sha] for sha in wanted if sha in ranked]
            newest = git_objects.history(self.root, self.at or "HEAD", max(places) + 1 if places else 0)
            pending = [] if self.at else git_objects.changes(self.root, "HEAD")
        except git.GitError:
            return
        self.entries = [pending, *(changed for _, _, changed in newest)]
        self.order = {sha: ranked[sha] + 1 for sha in wanted if sha in ranked}
        for index in range(len(self.entries) - 1, -1, -1):
            for letter, before, after in self.entries[index]:
                self.touched[before] = self.touched[after] = index
                if index:
                    sha, when, _ = newest[index - 1]
                    self.committed[before] = self.committed[after] = (index, sha, when)
                if letter == "R":
                    self.renamed_into.setdefault(after, []).append((index, before))

    def diff(self, commit: str) -> list[tuple[str, str, str]] | None:
        """(letter, path at ``commit``, path now) for every file changed since ``commit``."""
        if commit not in self.changes:
            if commit in self.order:
                self.changes[commit] = self._since(self.order[commit])
            else:  # not behind HEAD (another branch, a rebase): git's own diff
                try:
                    self.changes[commit] = git_objects.changes(self.root, commit, self.at)
                except git.GitError:
                    self.changes[commit] = None
        return self.changes[commit]

    def _since(self, place: int) -> list[tuple[str, str, str]]:
        moves = []
        for path, newest in self.touched.items():
            if newest < place:
                was = self._origin(path, place) if path in self.renamed_into else path
                moves.append(("R" if was != path else "M", was, path))
        return moves

    def _origin(self, path: str, place: int) -> str:
        """What ``path`` was called at the commit at ``place``: its renames followed back."""
        name, after = path, -1
        for _ in range(len(self.entries)):
            earlier = [(index, was) for index, was in self.renamed_into.get(name, ()) if after < index < place]
            if not earlier:
                break
            after, name = min(earlier)
        return name

    def tracked_files(self) -> list[str]:
        if self.tracked is None:
            try:
                self.tracked = (git.tracked_files(self.root) if self.at is None
                                else git_objects.tree_files(self.root, self.at))[:MAX_FILES_SEARCHED]
            except git.GitError:
                self.tracked = []
            self.prefetch(self.tracked)
        return self.tracked


def follow_citations(root: Path, citations: Sequence[dict[str, Any]], at: str | None = None) -> list[rules.Found]:
    """Where each citation stands in the work tree of the repository ``root``, or at the commit
    ``at``: the same working-out as ``citation_statuses``, without memory or cache."""
    run = _Run(root, at)
    todo = [(str(n), dict(c), "") for n, c in enumerate(citations)]
    found = _found(run, todo)
    return [found[str(n)] for n in range(len(citations))]


def _work_out(project: Project, head: str, todo: list[tuple[str, dict[str, Any], str]]) -> dict[str, CitationStatus]:
    run = _Run(project.root)
    found = _found(run, todo)
    when = _changed_in(run, [(e, c) for e, c, _ in todo if found[e].status in ("changed", "gone")], found)
    return {event_id: CitationStatus(event_id, found[event_id], _cited(citation, written), when.get(event_id))
            for event_id, citation, written in todo}


def _found(run: _Run, todo: list[tuple[str, dict[str, Any], str]]) -> dict[str, rules.Found]:
    names = sorted({f"{c['commit']}:{c['path']}" for _, c, _ in todo if c.get("commit") and not c.get("dirty")})
    try:
        old_ids = git_objects.object_ids(run.root, names)
    except git.GitError:
        old_ids = {}
    run.prefetch(c["path"] for _, c, _ in todo)
    found: dict[str, rules.Found] = {}
    slow: list[tuple[str, dict[str, Any], str]] = []
    for event_id, citation, old_id in ((e, c, old_ids.get(f"{c.get('commit')}:{c['path']}")) for e, c, _ in todo):
        current = run.lines(citation["path"])
        if old_id and current is not None and run.same(citation["path"], old_id):
            found[event_id] = rules.Found("verified", citation["path"], citation["start"], citation["end"])
        else:
            slow.append((event_id, citation, old_id or ""))
    old_texts = _old_texts(run.root, [old_id for _, _, old_id in slow if old_id])
    run.plan(c["commit"] for _, c, old_id in slow if old_id)
    lost: dict[str, _Lost] = {}
    for event_id, citation, old_id in slow:
        old = old_texts.get(old_id)
        if old is not None and rules.fingerprint(old[citation["start"] - 1:citation["end"]]) == citation["lines"]:
            followed = _followed(run, citation, old)
            if isinstance(followed, _Lost):
                lost[event_id] = followed
            else:
                found[event_id] = followed
        else:
            found[event_id] = _searched(run, citation)
    # the other files that may hold lines the diffs lost, as they were: read for all citations at once
    run.prefetch_old(was for item in lost.values() for _, was in item.holding if was)
    for event_id, item in lost.items():
        found[event_id] = item.placed(run)
    # followed into another file: were the lines there twice at the commit (a twin, in another
    # file changed since)? those files as they were, read for all such citations at once
    elsewhere = {event_id: item for event_id, item in lost.items()
                 if found[event_id].path is not None and found[event_id].path != item.now_path}
    run.prefetch_old(name for item in elsewhere.values() for name in item.others())
    for event_id, item in elsewhere.items():
        found[event_id] = item.placed(run, [twin for name in item.others() if (twin := run.olds.get(name))])
    return found


def _old_texts(root: Path, oids: list[str]) -> dict[str, list[str]]:
    try:
        data = git_objects.blobs(root, oids)
    except git.GitError:
        return {}
    return {oid: [rules.normalized(line) for line in blob.decode("utf-8", "replace").splitlines()]
            for oid, blob in data.items() if b"\0" not in blob[:8192]}


def _followed(run: _Run, citation: dict[str, Any], old: list[str]) -> rules.Found | _Lost:
    """The status by git's history: where the diff from the citation's commit to the work tree
    carries the lines, or where they reappear among the lines new since then (in another file:
    a ``_Lost``, placed once every such citation's other files are read)."""
    path, commit = citation["path"], citation["commit"]
    start, end = citation["start"], citation["end"]
    here = run.normal(path)
    mapping = rules.line_map(old, here[0], normal=True) if here is not None else None
    if here is not None:  # still at its path: its own diff says most often, with no git process
        first = rules.follow(path, start, end, old, path, here[0], {}, normal=True, mapping=mapping)
        if first.status == "verified":
            return first
    moves = run.diff(commit)
    if moves is None:
        return _searched(run, citation)
    now_path: str | None = path
    for letter, before, after in moves:
        if before == path and letter == "R":
            now_path = after
        elif before == path and letter == "D":
            now_path = None
    normal = run.normal(now_path) if now_path else None
    now = normal[0] if normal else None
    if now_path != path:
        mapping = None
    first = rules.follow(path, start, end, old, now_path, now, {}, normal=True, mapping=mapping)
    if first.status in ("verified", "moved"):
        return first
    # a run placed in another file needs letters or digits (git's thresholds count them): a line
    # with none, a brace, is no reason to read a file
    lost = {line for line in old[start - 1:end] if any(char.isalnum() for char in line)}
    holders = run.holding((after for letter, _, after in moves if letter != "D"), lost)
    holding = [(after, None if letter == "A" else f"{commit}:{before}") for letter, before, after in moves
               if letter != "D" and after in holders and after != (now_path or "")]
    if not holding:
        return first
    return _Lost(citation, old, now_path, now, mapping, holding, moves)


class _Lost:
    """A citation some of whose lines its own file's diff lost, and the other files changed since
    that hold one of them now (with what each was called at the citation's commit, None where it
    was added since): placed once those files' old text is read, for all such citations at once."""

    __slots__ = ("citation", "old", "now_path", "now", "mapping", "holding", "moves")

    def __init__(self, citation: dict[str, Any], old: list[str], now_path: str | None, now: list[str] | None,
                 mapping: dict[int, int] | None, holding: list[tuple[str, str | None]],
                 moves: list[tuple[str, str, str]]) -> None:
        self.citation, self.old, self.now_path, self.now = citation, old, now_path, now
        self.mapping, self.holding, self.moves = mapping, holding, moves

    def others(self) -> list[str]:
        """``commit:path`` of every other file that was there at the commit and changed since."""
        commit, path = self.citation["commit"], self.citation["path"]
        return [f"{commit}:{before}" for letter, before, _ in self.moves if letter != "A" and before != path]

    def placed(self, run: _Run, twins: Sequence[list[str]] = ()) -> rules.Found:
        changed = {}
        for after, was in self.holding:
            normal = run.normal(after)
            if normal is not None:
                changed[after] = rules.Changed(normal[0], run.new_lines(was, after))
        c = self.citation
        return rules.follow(c["path"], c["start"], c["end"], self.old, self.now_path, self.now, changed, normal=True,
                            mapping=self.mapping, twins=twins)


def _searched(run: _Run, citation: dict[str, Any]) -> rules.Found:
    """The status from the fingerprint alone: the cited file first, every tracked file after."""
    path = citation["path"]
    own = run.lines(path)
    files = {path: own} if own is not None else {}
    found = rules.search(citation["lines"], path, citation["start"], files)
    if found.status in ("verified",):
        return found
    for name in run.tracked_files():
        lines = run.lines(name)
        if lines is not None:
            files[name] = lines
    wider = rules.search(citation["lines"], path, citation["start"], files)
    return wider if wider.status in ("verified", "moved") or found.status == "gone" else found


def _changed_in(run: _Run, changed: list[tuple[str, dict[str, Any]]],
                found: dict[str, rules.Found]) -> dict[str, dict[str, Any]]:
    """For each changed or gone citation, the newest commit that touched its file (one ``git log``
    for them all: the file differs from its commit's, so that commit came after), or
    ``uncommitted`` when HEAD still has the file as it was cited (the change is in the work tree)."""
    if not changed:
        return {}
    paths = sorted({p for event_id, c in changed for p in (c["path"], found[event_id].path) if p})
    same = [f"{c['commit']}:{c['path']}" for _, c in changed if c.get("commit")]
    head = run.at or "HEAD"
    touched = {path: run.committed[path] for path in paths if path in run.committed}
    try:
        ids = git_objects.object_ids(run.root, sorted({*same, *(f"{head}:{n.partition(':')[2]}" for n in same)}))
        if len(touched) < len(paths):  # a path the history read for the citations does not reach
            touched.update(git_objects.last_changes(run.root, head, [p for p in paths if p not in touched]))
    except git.GitError:
        ids = {}
    when: dict[str, dict[str, Any]] = {}
    for event_id, citation in changed:
        then = ids.get(f"{citation.get('commit')}:{citation['path']}")
        if then is not None and then == ids.get(f"{head}:{citation['path']}"):
            when[event_id] = {"uncommitted": True}
            continue
        hits = sorted(touched[p] for p in (citation["path"], found[event_id].path) if p and p in touched)
        when[event_id] = {"commit": hits[0][1], "at": hits[0][2]} if hits else {"uncommitted": True}
    return when


def codes(memory: Memory, events: Iterable[Event]) -> dict[str, dict[str, Any]]:
    """``{event id: status}`` (as ``ken verify --json`` gives one, without the id) for the events
    among ``events`` that cite lines: what a view passes its pure rendering."""
    found = {}
    for event_id, status in citation_statuses(memory, events).items():
        shown = status.as_dict()
        del shown["id"]
        found[event_id] = shown
    return found


def codes_of(memory: Memory, ids: Iterable[str]) -> dict[str, dict[str, Any]]:
    """``codes`` for the memories ``ids`` names (read from the index in one batch)."""
    rows = [row for event_id in ids if (row := memory.cache.event(event_id)) and '"citation"' in row]
    citing = [event for event in memory.events(rows) if isinstance(event.get("citation"), dict)]
    return codes(memory, citing) if citing else {}
