"""The only module that talks to git.

Cheap facts (where the repository is, what HEAD points at) are read from the ``.git``
directory directly, without a process, because they are needed on every write and every
gate call. Everything else runs ``git`` as a subprocess with a fixed, small number of calls.
"""

from __future__ import annotations

import bisect
import os
import re
from pathlib import Path

_SHA_RE = re.compile(r"^[0-9a-f]{40}([0-9a-f]{24})?$")


def find_root(start: Path) -> Path | None:
    """The top of the working tree containing ``start`` (the nearest folder with ``.git``)."""
    current = start.resolve()
    for folder in (current, *current.parents):
        if os.path.exists(folder / ".git"):
            return folder
    return None


def git_dir(root: Path) -> Path | None:
    dot = root / ".git"
    if dot.is_dir():
        return dot
    try:
        text = dot.read_text(encoding="utf-8").strip()
    except OSError:
        return None
    if text.startswith("gitdir:"):
        target = Path(text[len("gitdir:"):].strip())
        return target if target.is_absolute() else (root / target).resolve()
    return None


def common_dir(gdir: Path) -> Path:
    """For a linked worktree, the main repository's git dir (where refs and hooks live)."""
    try:
        text = (gdir / "commondir").read_text(encoding="utf-8").strip()
    except OSError:
        return gdir
    path = Path(text)
    return path if path.is_absolute() else (gdir / path).resolve()


def head_commit(root: Path) -> str | None:
    """The sha HEAD points at, or None in a repository without commits."""
    gdir = git_dir(root)
    if gdir is None:
        return None
    try:
        head = (gdir / "HEAD").read_text(encoding="utf-8").strip()
    except OSError:
        return None
    if _SHA_RE.match(head):
        return head
    if not head.startswith("ref:"):
        return None
    ref = head[4:].strip()
    found = _resolve_ref(gdir, ref) or _resolve_ref(common_dir(gdir), ref)
    if found is None and _refs_elsewhere(gdir, ref):
        found = _rev_parse_head(root)
    return found


def _refs_elsewhere(gdir: Path, ref: str) -> bool:
    """Whether HEAD's ref lives where the files above cannot read it: a reftable repository
    (``git init --ref-format=reftable``) or a symbolic ref pointing on to another. An unborn
    branch (no file, no packed line) is neither: it costs no process."""
    common = common_dir(gdir)
    if (common / "reftable").is_dir() or (gdir / "reftable").is_dir():
        return True
    for folder in (gdir, common):
        try:
            if (folder / ref).read_text(encoding="utf-8").startswith("ref:"):
                return True
        except OSError:
            continue
    return False


def _rev_parse_head(root: Path) -> str | None:
    try:
        sha = run(root, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], timeout=10.0).strip()
    except GitError:
        return None  # unborn, or a git too old for the repository's ref format
    return sha if _SHA_RE.match(sha) else None


def _resolve_ref(gdir: Path, ref: str) -> str | None:
    try:
        value = (gdir / ref).read_text(encoding="utf-8").strip()
        if _SHA_RE.match(value):
            return value
    except OSError:
        pass
    try:
        packed = (gdir / "packed-refs").read_text(encoding="utf-8")
    except OSError:
        return None
    for line in packed.splitlines():
        sha, _, name = line.partition(" ")
        if name == ref and _SHA_RE.match(sha):
            return sha
    return None


def tracked_paths(root: Path, paths: list[str]) -> set[str] | None:
    """Which of ``paths`` git tracks (the index lists them, as a file or a folder of files), read
    from the index file, without a process: the gate's budget of git processes stays whole. None
    when the index is in a form this reader does not know (a split index, a future version)."""
    gdir = git_dir(root)
    if gdir is None:
        return None
    try:
        data = (gdir / "index").read_bytes()
        if any(gdir.glob("sharedindex.*")):  # a split index keeps most entries in another file
            return None
    except FileNotFoundError:
        return set()  # nothing was ever added
    except OSError:
        return None
    keys = {path: path.encode("utf-8", "surrogateescape") for path in paths}
    version = int.from_bytes(data[4:8], "big") if data[:4] == b"DIRC" else 0
    try:
        if version in (2, 3):
            return {path for path, key in keys.items() if _named(data, key)}
        names = _index_names(data, 32 if _SHA256.search(_config_text(gdir)) else 20) if version == 4 else None
    except (ValueError, IndexError):  # a damaged index: git will say so; we cannot tell
        return None
    if names is None:
        return None
    found = set()
    for path, key in keys.items():
        at = bisect.bisect_left(names, key)  # the index is sorted by name (bytes)
        inside = bisect.bisect_left(names, key + b"/")  # a folder's files follow its name and "/"
        if (at < len(names) and names[at] == key) or (inside < len(names) and names[inside].startswith(key + b"/")):
            found.add(path)
        elif at and names[at - 1].endswith(b"/") and key.startswith(names[at - 1]):
            found.add(path)  # inside a folder a sparse index keeps as one entry
    return found


def _named(data: bytes, key: bytes) -> bool:
    """Whether a version 2 or 3 index has an entry named ``key``, a file in the folder ``key``
    or a (sparse) folder entry holding ``key``. A byte search, each hit confirmed by the name
    length the entry stores just before its name (before the extended flags, when set): a hit
    inside a longer name never counts, and a stray one elsewhere could only hide a typo."""
    parts = key.split(b"/")
    wanted = [key + b"\0", key + b"/"] + [b"/".join(parts[:n]) + b"/\0" for n in range(1, len(parts))]
    for needle in wanted:
        pos = data.find(needle, 12)
        while pos != -1:
            length = data.index(b"\0", pos) - pos
            for at in (pos - 2, pos - 4):  # the flags, or the flags before the extended flags
                flags = int.from_bytes(data[at:at + 2], "big")
                if flags & 0xFFF == min(length, 0xFFF) and (at == pos - 2) != bool(flags & 0x4000):
                    return True
            pos = data.find(needle, pos + 1)
    return False


_SHA256 = re.compile(r"(?im)^\s*objectformat\s*=\s*sha256\s*$")


def _config_text(gdir: Path) -> str:
    try:
        return (common_dir(gdir) / "config").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _index_names(data: bytes, hash_size: int) -> list[bytes] | None:
    """The entry names of an index file (versions 2 to 4, see git's index-format.txt), or None.
    Version 4 compresses names against the previous one, so it is read entry by entry."""
    if data[:4] != b"DIRC" or len(data) < 12:
        return None
    version, count = int.from_bytes(data[4:8], "big"), int.from_bytes(data[8:12], "big")
    if version not in (2, 3, 4):
        return None
    names: list[bytes] = []
    pos, fixed = 12, 40 + hash_size + 2  # stat fields, object name, flags
    for _ in range(count):
        start = pos
        extended = version >= 3 and data[start + fixed - 2] & 0x40
        pos = start + fixed + (2 if extended else 0)
        if version == 4:  # the name is the previous one, cut by N bytes, plus a suffix
            strip, pos = _varint(data, pos)
            end = data.index(b"\0", pos)
            previous = names[-1] if names else b""
            names.append(previous[:len(previous) - strip] + data[pos:end])
            pos = end + 1
        else:  # padded with NULs to a multiple of eight bytes
            end = data.index(b"\0", pos)
            names.append(data[pos:end])
            pos = start + ((end - start + 8) & ~7)
    while pos + 8 <= len(data) - hash_size:  # extensions: a split index keeps entries elsewhere
        if data[pos:pos + 4] == b"link":
            return None
        pos += 8 + int.from_bytes(data[pos + 4:pos + 8], "big")
    return names


def _varint(data: bytes, pos: int) -> tuple[int, int]:
    byte = data[pos]
    value = byte & 0x7F
    while byte & 0x80:
        pos += 1
        byte = data[pos]
        value = ((value + 1) << 7) | (byte & 0x7F)
    return value, pos + 1


# -- processes ------------------------------------------------------------------------------------

class GitError(Exception):
    """git is missing or refused: callers degrade (the gate still reads memory) or report it."""


_RECORD = "\x1e"   # starts each commit in our --format
_FIELD = "\x1f"
_BODY_END = "\x1d"


def run(root: Path, args: list[str], timeout: float = 30.0, stdin: str | None = None) -> str:
    import subprocess

    env = dict(os.environ)
    env.setdefault("LC_ALL", "C")
    env["GIT_NO_LAZY_FETCH"] = "1"  # a partial clone never reaches for the network on our behalf
    env["GIT_TERMINAL_PROMPT"] = "0"  # a remote asking for a password fails at once, never waits on a prompt
    try:
        result = subprocess.run(["git", "-c", "core.quotePath=false", *args], cwd=root, env=env,
                                capture_output=True, timeout=timeout,
                                input=stdin.encode() if stdin is not None else None)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise GitError(f"git {args[0]} failed: {err}") from err
    if result.returncode != 0:
        message = result.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GitError(f"git {args[0]}: {message[-1] if message else 'exit ' + str(result.returncode)}")
    return result.stdout.decode("utf-8", "replace")


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


def log(root: Path, revisions: list[str], since: int | None = None, paths: list[str] | None = None,
        full_diff: bool = False, until: int | None = None, grep: str | None = None,
        walk: bool = True, timeout: float = 30.0) -> list[CommitRecord]:
    """One `git log` process: commits newest first, each with the files it changed (renames
    detected) and the lines added plus deleted per file. ``grep``: only commits whose message
    has a line matching this extended regular expression (case-insensitive); ``walk=False``:
    exactly the commits named (read from stdin, however many)."""
    args = ["log", "-M", "--numstat", "--no-color", _LOG_FORMAT, *_span(since, until, grep)]
    if full_diff:
        args.append("--full-diff")
    if not walk:
        return parse_log(run(root, [*args, "--no-walk=unsorted", "--stdin", "--", *(paths or [])], timeout,
                             stdin="\n".join(revisions) + "\n"))
    return parse_log(run(root, [*args, *(revisions or ["HEAD"]), "--", *(paths or [])], timeout))


def _span(since: int | None, until: int | None, grep: str | None) -> list[str]:
    args = []
    if since is not None:
        args.append(f"--since=@{since}")
    if until is not None:
        args.append(f"--until=@{until}")
    if grep:
        args += ["-i", "-E", f"--grep={grep}"]
    return args


def readable_log(root: Path, revisions: list[str], since: int | None = None, until: int | None = None,
                 paths: list[str] | None = None, grep: str | None = None, full_diff: bool = False,
                 timeout: float = 30.0) -> tuple[list[CommitRecord], int]:
    """``log``, degrading per commit when git cannot read some object (a partial clone missing a
    large blob: line counts need every blob). Then the files come from the trees (no blob read),
    one ``cat-file`` finds the missing blobs, and the commits that need none get their line
    counts; the others keep their files with unknown line counts (0). Returns the records and
    how many commits could not be read whole. At most four processes, however many are bad."""
    try:
        return log(root, revisions, since, paths, full_diff, until, grep, timeout=timeout), 0
    except GitError:
        pass
    records, blobs = _raw_log(root, revisions, since, until, paths, grep, full_diff, timeout)
    missing = missing_objects(root, sorted({oid for oids in blobs.values() for oid in oids}))
    whole = [r.sha for r in records if not (blobs[r.sha] & missing)]
    counted = {r.sha: r for r in log(root, whole, paths=paths, full_diff=full_diff, walk=False, timeout=timeout)}
    out = [counted.get(r.sha, r) for r in records]
    return out, len(records) - len(counted)


def files_log(root: Path, revisions: list[str], since: int | None = None, until: int | None = None,
              timeout: float = 30.0, paths: list[str] | None = None) -> tuple[list[CommitRecord], dict[str, set[str]]]:
    """Commits with the files they changed, read from the trees alone (no rename detection, no
    line counts: 0 each), several times cheaper than ``log`` over a long history; and the blob
    ids each commit's diff would read (``missing_objects`` tells which are absent)."""
    return _raw_log(root, revisions, since, until, paths, None, False, timeout)


def _raw_log(root: Path, revisions: list[str], since: int | None, until: int | None, paths: list[str] | None,
             grep: str | None, full_diff: bool, timeout: float) -> tuple[list[CommitRecord], dict[str, set[str]]]:
    args = ["log", "--raw", "--no-abbrev", "--no-renames", "--no-color", _LOG_FORMAT, *_span(since, until, grep)]
    if full_diff:
        args.append("--full-diff")
    return _parse_raw(run(root, [*args, *(revisions or ["HEAD"]), "--", *(paths or [])], timeout))


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


def missing_objects(root: Path, oids: list[str]) -> set[str]:
    """Which of these objects the repository does not have: one ``cat-file`` for all of them."""
    if not oids:
        return set()
    try:
        text = run(root, ["cat-file", "--batch-check"], stdin="\n".join(oids) + "\n")
    except GitError:
        return set(oids)
    return {line.split()[0] for line in text.splitlines() if line.endswith(" missing")}


def subjects(root: Path, head: str, since: int | None = None,
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


def _rows(text: str) -> list[tuple[str, str, int]]:
    rows = []
    for line in text.splitlines():
        sha, _, rest = line.partition(_FIELD)
        time, _, subject = rest.partition(_FIELD)
        if sha:
            rows.append((sha, subject, int(time or 0)))
    return rows


def touching(root: Path, head: str, path: str, since: int, until: int, limit: int) -> list[tuple[str, int]]:
    """The newest ``limit`` commits that touched ``path`` in [since, until]: (sha, time). git
    stops at the ``limit``-th, so a busy file costs little."""
    text = run(root, ["log", f"-n{limit}", f"--format=%H{_FIELD}%ct", f"--since=@{since}", f"--until=@{until}",
                      head, "--", path])
    return [(sha, int(time)) for sha, _, time in (line.partition(_FIELD) for line in text.splitlines()) if sha]


def lookup(root: Path, names: list[str]) -> dict[str, tuple[str, str, int]]:
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


def is_ancestor(root: Path, sha: str, head: str) -> bool:
    """Whether ``sha`` is in the history of ``head``."""
    try:
        run(root, ["merge-base", "--is-ancestor", sha, head])
    except GitError:
        return False
    return True


def between(root: Path, old: str, new: str) -> list[CommitRecord]:
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


def show_patches(root: Path, shas: list[str], paths: list[str] | None = None) -> dict[str, str]:
    """The patch of each commit (as ``git log -p`` prints it), limited to ``paths`` when given:
    one process for all of them."""
    if not shas:
        return {}
    limit = ["--", *paths] if paths else []
    text = run(root, ["show", "-M", "--no-color", "--format=" + _RECORD + "%H", "-p", *shas, *limit])
    patches = {}
    for chunk in text.split(_RECORD)[1:]:
        sha, _, rest = chunk.partition("\n")
        _, _, patch = ("\n" + rest).partition("\ndiff --git ")
        patches[sha.strip()] = ("diff --git " + patch.rstrip("\n")) if patch else ""
    return patches


def config_get(root: Path, key: str) -> str | None:
    try:
        value = run(root, ["config", "--get", key]).strip()
    except GitError:
        return None
    return value or None


def hooks_dir(root: Path) -> Path | None:
    """Where git runs hooks from: ``core.hooksPath`` when set, else the common git dir's hooks/."""
    configured = config_get(root, "core.hooksPath")
    if configured:
        path = Path(os.path.expanduser(configured))
        return path if path.is_absolute() else root / path
    gdir = git_dir(root)
    return common_dir(gdir) / "hooks" if gdir else None


def staged_paths(root: Path) -> list[str]:
    text = run(root, ["diff", "--cached", "--name-only", "-z", "--diff-filter=ACMRD"])
    return [p for p in text.split("\0") if p]


def working_diff(root: Path, path: str) -> str:
    """The uncommitted change to one file (against HEAD, or everything when there is no HEAD)."""
    base = ["HEAD"] if head_commit(root) else []
    return run(root, ["diff", "--no-color", *base, "--", path])


def staged_diff(root: Path, paths: list[str]) -> str:
    return run(root, ["diff", "--cached", "--no-color", "--", *paths])


def tracked(root: Path, path: str) -> bool:
    """Whether git tracks a file at or under ``path`` (relative to the work tree)."""
    return bool(run(root, ["ls-files", "-z", "--", path]).strip("\0"))


def tracked_files(root: Path) -> list[str]:
    """Every path the index holds (relative to the work tree, as git lists them), in one process.
    A file deleted from the working tree but not from the index is still listed."""
    return [p for p in run(root, ["ls-files", "-z"], timeout=120.0).split("\0") if p]


def ignored(root: Path, path: str) -> bool:
    """Whether git ignores ``path`` (relative to the work tree; it need not exist yet), so a file
    written there would not show in `git status`. A tracked path is never ignored."""
    import subprocess

    try:  # check-ignore answers with its exit status: 0 ignored, 1 not ignored
        result = subprocess.run(["git", "check-ignore", "-q", "--", path], cwd=root, capture_output=True,
                                timeout=30.0)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise GitError(f"git check-ignore failed: {err}") from err
    if result.returncode not in (0, 1):
        message = result.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GitError(f"git check-ignore: {message[-1] if message else 'exit ' + str(result.returncode)}")
    return result.returncode == 0


def attributes(root: Path, paths: list[str], name: str) -> dict[str, str | None]:
    """The value git gives attribute ``name`` for each path (relative to the work tree), after
    every attributes file and its precedence: ``union`` for ``merge=union``, ``set``/``unset``
    for a bare or negated attribute; None when unspecified."""
    fields = run(root, ["check-attr", "-z", name, "--", *paths]).split("\0")
    found = {fields[i]: fields[i + 2] for i in range(0, len(fields) - 2, 3)}  # path NUL name NUL value NUL
    return {path: None if found.get(path, "unspecified") == "unspecified" else found[path] for path in paths}


# -- the team lessons store: a clone kenning owns under KEN_HOME ------------------------------------
# Plain git, no hooks of the user's (--no-verify) and no signing: kenning commits only its own file.

NETWORK_TIMEOUT = 60.0


def init_clone(folder: Path, url: str) -> None:
    """Make ``folder`` (existing) a repository whose ``origin`` is ``url``; idempotent."""
    if not (folder / ".git").exists():
        run(folder, ["init", "-q"])
    remotes = run(folder, ["remote"]).split()
    run(folder, ["remote", "set-url" if "origin" in remotes else "add", "origin", url])


def fetch_origin(folder: Path) -> None:
    """Fetch every branch of ``origin``; ``GitError`` when it cannot be reached."""
    run(folder, ["fetch", "-q", "--prune", "origin", "+refs/heads/*:refs/remotes/origin/*"], timeout=NETWORK_TIMEOUT)


def origin_branches(folder: Path) -> list[str]:
    out = run(folder, ["for-each-ref", "--format=%(refname:strip=3)", "refs/remotes/origin/"])
    return [name for name in out.split() if name != "HEAD"]


def current_branch(folder: Path) -> str:
    """The branch HEAD names, born or not (``main`` after ``git init`` with that default)."""
    return run(folder, ["symbolic-ref", "--short", "HEAD"]).strip()


def has_commits(folder: Path) -> bool:
    try:
        run(folder, ["rev-parse", "-q", "--verify", "HEAD"])
    except GitError:
        return False
    return True


def merge(folder: Path, ref: str) -> None:
    """Merge ``ref`` into HEAD (histories that started apart included); on a conflict the merge
    is aborted and ``GitError`` raised, leaving the clone as it was."""
    try:
        run(folder, [*_identity(folder), "merge", "-q", "--no-edit", "--no-verify", "--allow-unrelated-histories", ref])
    except GitError:
        try:
            run(folder, ["merge", "--abort"])
        except GitError:
            pass  # nothing to abort: the merge never started
        raise


def commit_files(folder: Path, paths: list[str], message: str) -> bool:
    """Commit those of ``paths`` that exist when they changed; False when nothing was committed."""
    paths = [p for p in paths if (folder / p).exists()]
    if not paths:
        return False
    run(folder, ["add", "--", *paths])
    if not run(folder, ["status", "--porcelain", "--", *paths]).strip():
        return False
    run(folder, [*_identity(folder), "commit", "-q", "--no-verify", "-m", message, "--", *paths])
    return True


def push_head(folder: Path, branch: str) -> None:
    """Push HEAD to ``origin``'s ``branch``; ``GitError`` when refused or unreachable."""
    run(folder, ["push", "-q", "origin", f"HEAD:refs/heads/{branch}"], timeout=NETWORK_TIMEOUT)


def _identity(folder: Path) -> list[str]:
    """The user's own identity when git has one, else kenning's: a commit must not fail on it."""
    base = ["-c", "commit.gpgsign=false"]
    if config_get(folder, "user.email") and config_get(folder, "user.name"):
        return base
    return [*base, "-c", "user.name=kenning", "-c", "user.email=kenning@localhost"]
