"""The only package that talks to git; this module is the repository itself.

Cheap facts (where the repository is, what HEAD points at) are read from the ``.git``
directory directly, without a process, because they are needed on every write and every
gate call. Everything else runs ``git`` as a subprocess (``run``) with a fixed, small number
of calls. The package is split by noun:

- here: the repository (its root, git dir, HEAD), running git, and the work tree (what is
  staged, tracked, ignored; diffs; attributes; config and the hooks folder);
- ``history``: commits, as ``git log`` and ``git show`` print them;
- ``index``: which paths git tracks, read from the index file without a process;
- ``clone``: the team lessons clone kenning owns under ``KEN_HOME``.
"""

from __future__ import annotations

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


# -- processes ------------------------------------------------------------------------------------

class GitError(Exception):
    """git is missing or refused: callers degrade (the gate still reads memory) or report it."""


PATHS_PER_CALL = 500  # paths on one command line: at most 1,024 characters each (app.paths), within any ARG_MAX


def run(root: Path, args: list[str], timeout: float = 30.0, stdin: str | None = None) -> str:
    return run_bytes(root, args, timeout, stdin.encode() if stdin is not None else None).decode("utf-8", "replace")


def run_bytes(root: Path, args: list[str], timeout: float = 30.0, stdin: bytes | None = None) -> bytes:
    """``run`` with the output as git wrote it: ``cat-file --batch`` counts its sizes in bytes."""
    import subprocess

    env = dict(os.environ)
    env.setdefault("LC_ALL", "C")
    env["GIT_NO_LAZY_FETCH"] = "1"  # a partial clone never reaches for the network on our behalf
    env["GIT_TERMINAL_PROMPT"] = "0"  # a remote asking for a password fails at once, never waits on a prompt
    try:
        result = subprocess.run(["git", "-c", "core.quotePath=false", *args], cwd=root, env=env,
                                capture_output=True, timeout=timeout, input=stdin)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise GitError(f"git {args[0]} failed: {err}") from err
    if result.returncode != 0:
        message = result.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GitError(f"git {args[0]}: {message[-1] if message else 'exit ' + str(result.returncode)}")
    return result.stdout



# -- the work tree ---------------------------------------------------------------------------------

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


def tracked_among(root: Path, paths: list[str]) -> list[str]:
    """The files git tracks at or under ``paths`` (relative to the work tree), in one process."""
    return [p for p in run(root, ["ls-files", "-z", "--", *paths]).split("\0") if p]


def head_blobs(root: Path, paths: list[str]) -> dict[str, str]:
    """The blob id of each of ``paths`` in HEAD (a path HEAD lacks is left out), in one process."""
    if not paths or head_commit(root) is None:
        return {}
    found = {}
    for entry in run(root, ["ls-tree", "-z", "HEAD", "--", *paths]).split("\0"):
        meta, _, name = entry.partition("\t")
        parts = meta.split()
        if name and len(parts) == 3 and parts[1] == "blob":
            found[name] = parts[2]
    return found


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
