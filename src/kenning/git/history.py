"""Commits, as ``git log`` and ``git show`` print them: one process per question, however
many commits it covers. A commit git cannot read whole (a partial clone missing a blob) is
read from its trees instead (``readable_log``)."""

from __future__ import annotations

import os

from kenning.git import GitError, run

TYPE_CHECKING = False
if TYPE_CHECKING:
    from kenning.git import StrPath

_RECORD = "\x1e"   # starts each commit in our --format
_FIELD = "\x1f"
_BODY_END = "\x1d"


class CommitRecord:
    """A commit as `git log` printed it: identity, time, message and its per-file numstat."""

    __slots__ = ("sha", "parents", "time", "email", "subject", "body", "files", "side", "patch")

    def __init__(self, sha: str, time: int, email: str, subject: str, body: str, parents: list[str],
                 side: str = ">") -> None:
        self.sha = sha
        self.parents = parents
        self.side = side          # with --left-right: "<" only in the old head, ">" only in the new
        self.patch = ""           # with -p: the commit's diff
        self.time = time          # committer time, seconds since the epoch
        self.email = email
        self.subject = subject
        self.body = body
        self.files: list[tuple[str, str | None, int]] = []  # (path, renamed-from, lines changed)


_LOG_FORMAT = f"--format={_RECORD}%H{_FIELD}%ct{_FIELD}%ae{_FIELD}%s{_FIELD}%P{_FIELD}%m{_FIELD}%b{_BODY_END}"


def log(root: StrPath, revisions: list[str], since: int | None = None, paths: list[str] | None = None,
        full_diff: bool = False, until: int | None = None, grep: str | None = None,
        walk: bool = True, timeout: float = 30.0, full_history: bool = False) -> list[CommitRecord]:
    """One `git log` process: commits newest first, each with the files it changed (renames
    detected) and the lines added plus deleted per file. ``grep``: only commits whose message
    has a line matching this extended regular expression (case-insensitive); ``walk=False``:
    exactly the commits named (read from stdin, however many); ``full_history``: with ``paths``,
    every commit that touched them, side branches that left no trace in HEAD's tree included."""
    args = ["log", "-M", "--numstat", "--no-color", _LOG_FORMAT, *_span(since, until, grep)]
    if full_diff:
        args.append("--full-diff")
    if full_history:
        args.append("--full-history")
    if not walk:
        return parse_log(run(root, [*args, "--no-walk=unsorted", "--stdin", "--", *_literal(paths)], timeout,
                             stdin="\n".join(revisions) + "\n"))
    return parse_log(run(root, [*args, *(revisions or ["HEAD"]), "--", *_literal(paths)], timeout))


def _literal(paths: list[str] | None) -> list[str]:
    """File names as pathspecs that mean those names alone: a name starting with ``:`` or
    holding ``*`` or ``[`` is a file like any other, not git's pathspec magic or a pattern."""
    return [f":(literal){path}" for path in paths or []]


def _span(since: int | None, until: int | None, grep: str | None) -> list[str]:
    args = []
    if since is not None:
        args.append(f"--since=@{since}")
    if until is not None:
        args.append(f"--until=@{until}")
    if grep:
        args += ["-i", "-E", f"--grep={grep}"]
    return args


def readable_log(root: StrPath, revisions: list[str], since: int | None = None, until: int | None = None,
                 paths: list[str] | None = None, grep: str | None = None, full_diff: bool = False,
                 timeout: float = 30.0, full_history: bool = False) -> tuple[list[CommitRecord], int]:
    """``log``, degrading per commit when git cannot read some object (a partial clone missing a
    large blob: line counts need every blob). Then the files come from the trees (no blob read),
    one ``cat-file`` finds the missing blobs, and the commits that need none get their line
    counts; the others keep their files with unknown line counts (0). Returns the records and
    how many commits could not be read whole. At most four processes, however many are bad."""
    try:
        return log(root, revisions, since, paths, full_diff, until, grep, timeout=timeout,
                   full_history=full_history), 0
    except GitError:
        pass
    records, blobs = _raw_log(root, revisions, since, until, paths, grep, full_diff, timeout, full_history)
    missing = missing_objects(root, sorted({oid for oids in blobs.values() for oid in oids}))
    whole = [r.sha for r in records if not (blobs[r.sha] & missing)]
    counted = {r.sha: r for r in log(root, whole, paths=paths, full_diff=full_diff, walk=False, timeout=timeout,
                                     full_history=full_history)}
    out = [counted.get(r.sha, r) for r in records]
    return out, len(records) - len(counted)


def files_log(root: StrPath, revisions: list[str], since: int | None = None, until: int | None = None,
              timeout: float = 30.0, paths: list[str] | None = None) -> tuple[list[CommitRecord], dict[str, set[str]]]:
    """Commits with the files they changed, read from the trees alone (no rename detection, no
    line counts: 0 each), several times cheaper than ``log`` over a long history; and the blob
    ids each commit's diff would read (``missing_objects`` tells which are absent)."""
    return _raw_log(root, revisions, since, until, paths, None, False, timeout, False)


def _raw_log(root: StrPath, revisions: list[str], since: int | None, until: int | None, paths: list[str] | None,
             grep: str | None, full_diff: bool, timeout: float,
             full_history: bool) -> tuple[list[CommitRecord], dict[str, set[str]]]:
    args = ["log", "--raw", "--no-abbrev", "--no-renames", "--no-color", _LOG_FORMAT, *_span(since, until, grep)]
    if full_diff:
        args.append("--full-diff")
    if full_history:
        args.append("--full-history")
    return _parse_raw(run(root, [*args, *(revisions or ["HEAD"]), "--", *_literal(paths)], timeout))


def _parse_raw(text: str) -> tuple[list[CommitRecord], dict[str, set[str]]]:
    """``git log --raw --no-abbrev``: the records with their files (0 lines each), and the blob ids
    each commit's diff reads."""
    records = parse_log(text)  # its numstat reader skips the raw lines, read below
    blobs: dict[str, set[str]] = {}
    for record, chunk in zip(records, text.split(_RECORD)[1:], strict=True):
        record.files, oids = [], set()
        for line in chunk.partition(_BODY_END)[2].splitlines():
            if not line.startswith(":"):
                continue
            meta, _, name = line.partition("\t")
            fields = meta.split()
            oids |= {oid for oid in fields[2:4] if oid.strip("0")}
            record.files.append((name, None, 0))
        blobs[record.sha] = oids
    return records, blobs


# git's own command for the commit-graph with changed-path Bloom filters: a cache inside the git
# directory that git itself reads (``git gc`` and ``git maintenance`` write the same file), with
# which a ``git log -- PATH`` over a year of history skips the commits that did not touch the path
# (measured on a 17,000-commit history: 0.75-1.05 s became 0.06-0.11 s). Writing it reads every
# commit's diff (25 s on that history), so it runs detached. Only to write
# the file does git take its lock (``commit-graph.lock``, for well under a second at the end): a
# second writer, or a ``git gc`` at that moment, gives up at once rather than wait, and readers
# keep the old file until the new one is renamed into place. No git command ever waits on it.
_WRITE_PATH_FILTERS = ["git", "commit-graph", "write", "--reachable", "--changed-paths", "--no-progress"]


def start_writing_path_filters(root: StrPath) -> bool:
    """Start git writing its commit-graph with changed-path filters on its own: detached (a session
    of its own, no terminal, no output), outliving this process, at the lowest CPU priority (POSIX
    ``nice`` 19: long work nobody waits on, so the user's commands keep the processor). False
    when git could not be started."""
    import subprocess

    detach: dict[str, object] = ({"creationflags": 0x00000008 | 0x00000200} if os.name == "nt"  # DETACHED, NEW GROUP
                                 else {"start_new_session": True, "preexec_fn": _lowest_priority})
    try:
        subprocess.Popen(_WRITE_PATH_FILTERS, cwd=root, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, close_fds=True, **detach)  # type: ignore[call-overload]
    except OSError:
        return False
    return True


def _lowest_priority() -> None:
    """In the child, before git runs: the lowest CPU priority (the call only adds to the niceness)."""
    try:
        os.nice(19)
    except OSError:  # a system that refuses: git runs at the usual priority
        pass

_BLOOM_CHUNK = b"BDAT"  # the chunk of the filters' data (git's gitformat-commit-graph)


def has_path_filters(root: StrPath) -> bool:
    """Whether git's commit-graph holds changed-path filters, in the graph file or a layer of a
    split graph (False: no graph, a graph without them, or no repository git can answer for). A
    writer at work is not seen here: git takes its lock only to write the file, after reading
    every commit."""
    try:
        # relative or absolute: joined, an absolute answer stands alone
        info = os.path.join(root, run(root, ["rev-parse", "--git-path", "objects/info"]).strip())
    except GitError:
        return False
    chain = os.path.join(info, "commit-graphs")
    layers = [os.path.join(chain, f"graph-{line.strip()}.graph")
              for line in _lines(os.path.join(chain, "commit-graph-chain")) if line.strip()]
    return any(_has_chunk(graph, _BLOOM_CHUNK) for graph in [os.path.join(info, "commit-graph"), *layers])


def _lines(path: str) -> list[str]:
    try:
        with open(path, encoding="ascii", errors="replace") as f:
            return f.read().splitlines()
    except OSError:
        return []


def _has_chunk(graph: str, chunk: bytes) -> bool:
    """Whether a commit-graph file's table of chunks lists ``chunk``: the header (signature
    ``CGPH``, version, hash version, chunk count, base count), then 12 bytes per chunk (its id and
    offset), read without the rest of the file."""
    try:
        with open(graph, "rb") as handle:
            header = handle.read(8)
            if len(header) < 8 or header[:4] != b"CGPH":
                return False
            table = handle.read(12 * header[6])
    except OSError:
        return False
    return any(table[at:at + 4] == chunk for at in range(0, len(table), 12))


def missing_objects(root: StrPath, oids: list[str]) -> set[str]:
    """Which of these objects the repository does not have: one ``cat-file`` for all of them."""
    if not oids:
        return set()
    try:
        text = run(root, ["cat-file", "--batch-check"], stdin="\n".join(oids) + "\n")
    except GitError:
        return set(oids)
    return {line.split()[0] for line in text.splitlines() if line.endswith(" missing")}


def subjects(root: StrPath, head: str, since: int | None = None,
             grep: list[str] | None = None) -> list[tuple[str, str, int]]:
    """(sha, subject, committer time) of the commits reachable from ``head``, newest first: no
    diffs, so cheap over a long span. ``grep``: only messages containing one of these fixed strings."""
    args = ["log", f"--format=%H{_FIELD}%ct{_FIELD}%s", "--no-color"]
    if since is not None:
        args.append(f"--since=@{since}")
    for pattern in grep or []:
        args += ["-F", f"--grep={pattern}"]
    args += [head, "--"]
    return _rows(run(root, args))


def messages(root: StrPath, head: str, grep: list[str]) -> list[tuple[str, str, int, str]]:
    """(sha, subject, committer time, body) of the commits reachable from ``head`` whose message
    contains one of these fixed strings: a review number's trailer, to find the commit carrying it."""
    args = ["log", f"--format=%H{_FIELD}%ct{_FIELD}%s{_FIELD}%b%x1e", "--no-color"]
    for pattern in grep:
        args += ["-F", f"--grep={pattern}"]
    rows = []
    for chunk in run(root, [*args, head, "--"]).split("\x1e"):
        sha, _, rest = chunk.strip("\n").partition(_FIELD)
        time, _, rest = rest.partition(_FIELD)
        subject, _, body = rest.partition(_FIELD)
        if sha:
            rows.append((sha, subject, int(time or 0), body))
    return rows


def _rows(text: str) -> list[tuple[str, str, int]]:
    rows = []
    for line in text.splitlines():
        sha, _, rest = line.partition(_FIELD)
        time, _, subject = rest.partition(_FIELD)
        if sha:
            rows.append((sha, subject, int(time or 0)))
    return rows


def touching(root: StrPath, head: str, path: str, since: int, until: int, limit: int) -> list[tuple[str, int]]:
    """The newest ``limit`` commits that touched ``path`` in [since, until]: (sha, time). git
    stops at the ``limit``-th, so a busy file costs little."""
    text = run(root, ["log", f"-n{limit}", f"--format=%H{_FIELD}%ct", f"--since=@{since}", f"--until=@{until}",
                      head, "--", path])
    return [(sha, int(time)) for sha, _, time in (line.partition(_FIELD) for line in text.splitlines()) if sha]


def lookup(root: StrPath, names: list[str]) -> dict[str, tuple[str, str, int]]:
    """Each commit name (an abbreviated sha) that exists -> (full sha, subject, time); one process."""
    if not names:
        return {}
    text = run(root, ["log", "--no-walk=unsorted", "--ignore-missing", f"--format=%H{_FIELD}%ct{_FIELD}%s",
                      *names, "--"])
    found = {}
    for sha, subject, time in _rows(text):
        for name in names:
            if sha.startswith(name.lower()):
                found[name] = (sha, subject, time)
    return found


def is_ancestor(root: StrPath, sha: str, head: str) -> bool:
    """Whether ``sha`` is in the history of ``head``."""
    try:
        run(root, ["merge-base", "--is-ancestor", sha, head])
    except GitError:
        return False
    return True


def between(root: StrPath, old: str, new: str) -> list[CommitRecord]:
    """One process: the commits only in ``old`` (side ``<``: dropped by a rewrite) and only in
    ``new`` (side ``>``), with their files and patches."""
    return parse_log(run(root, ["log", "-M", "--numstat", "-p", "--no-color", "--left-right", _LOG_FORMAT,
                                f"{old}...{new}", "--"]))


def parse_log(text: str) -> list[CommitRecord]:
    commits = []
    for chunk in text.split(_RECORD)[1:]:
        head, _, numstat = chunk.partition(_BODY_END)
        fields = head.split(_FIELD, 6)
        if len(fields) < 7:
            continue
        record = CommitRecord(fields[0], int(fields[1] or 0), fields[2], fields[3], fields[6].strip(),
                              fields[4].split(), fields[5] or ">")
        numstat, _, patch = numstat.partition("\ndiff --git ")
        if patch:
            record.patch = "diff --git " + patch.rstrip("\n")
        for line in numstat.splitlines():
            parts = line.split("\t")
            if len(parts) != 3:
                continue
            added, deleted, name = parts
            changed = (int(added) if added.isdigit() else 0) + (int(deleted) if deleted.isdigit() else 0)
            new, old = _rename(name)
            record.files.append((new, old, changed))
        commits.append(record)
    return commits


def _rename(name: str) -> tuple[str, str | None]:
    """numstat's rename notation (`a => b`, `dir/{a => b}/f`) -> (new path, old path)."""
    if " => " not in name:
        return name, None
    if "{" in name and "}" in name:
        prefix, _, rest = name.partition("{")
        inner, _, suffix = rest.partition("}")
        old, _, new = inner.partition(" => ")
        return (prefix + new + suffix).replace("//", "/"), (prefix + old + suffix).replace("//", "/")
    old, _, new = name.partition(" => ")
    return new, old


def renames(root: StrPath, paths: list[str], timeout: float = 60.0) -> list[tuple[int, str, str]]:
    """(commit time, old path, new path) of each rename of one of ``paths`` in HEAD's history,
    newest first, from one ``git log``: ``--full-diff`` so that git sees the new name beside the
    old (a diff limited to the old path would show a deletion), and only renames printed."""
    if not paths:
        return []
    text = run(root, ["log", "-M", "--full-diff", "--diff-filter=R", "--name-status", "-z", "--no-color",
                      f"--format={_RECORD}%ct", "HEAD", "--", *_literal(paths)], timeout)
    found = []
    for chunk in text.split(_RECORD)[1:]:
        fields = chunk.split("\0")
        when, at = int(fields[0] or 0), 1
        while at + 2 < len(fields):
            status = fields[at].lstrip("\n")
            if status[:1] == "R" and status[1:].isdigit():
                found.append((when, fields[at + 1], fields[at + 2]))
                at += 3
            else:
                at += 1
    return found


def show_patches(root: StrPath, shas: list[str], paths: list[str] | None = None) -> dict[str, str]:
    """The patch of each commit (as ``git log -p`` prints it), limited to ``paths`` when given:
    one process for all of them (the commits go in on its standard input: no command line limits
    how many)."""
    if not shas:
        return {}
    limit = ["--", *paths] if paths else []
    text = run(root, ["show", "-M", "--no-color", "--format=" + _RECORD + "%H", "-p", "--stdin", *limit],
               stdin="\n".join(shas) + "\n")
    patches = {}
    for chunk in text.split(_RECORD)[1:]:
        sha, _, rest = chunk.partition("\n")
        _, _, patch = ("\n" + rest).partition("\ndiff --git ")
        patches[sha.strip()] = ("diff --git " + patch.rstrip("\n")) if patch else ""
    return patches
