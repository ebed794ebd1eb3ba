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

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    # a folder as callers hold it: the gate's way passes str, other commands pathlib's Path
    StrPath = str | os.PathLike[str]

_SHA_RE = re.compile(r"^[0-9a-f]{40}([0-9a-f]{24})?$")


def find_root(start: StrPath) -> str | None:
    """The top of the working tree containing ``start`` (the nearest folder with ``.git``), as a
    real path."""
    folder = os.path.realpath(start)
    while True:
        if os.path.exists(os.path.join(folder, ".git")):
            return folder
        up = os.path.dirname(folder)
        if up == folder:  # the file system's root (or a drive's) has no parent
            return None
        folder = up


def _read(path: str) -> str:
    """A small text file git keeps (HEAD, a ref, ``commondir``), as read in text mode."""
    with open(path, encoding="utf-8") as f:
        return f.read()


def spelled(text: str) -> str:
    """``text`` spelled as pathlib spells it (``str(Path(text))``): no empty or ``.`` names, no
    trailing ``/``, ``..`` kept (it may cross a link); a leading ``//`` kept, as POSIX lets it
    mean something else than ``/``. On Windows (drives, shares, two separators) pathlib itself."""
    if os.name == "nt":  # pragma: no cover - exercised on Windows only
        from pathlib import Path

        return str(Path(text))
    root = "//" if text.startswith("//") and not text.startswith("///") else "/" if text.startswith("/") else ""
    names = [name for name in text.split("/") if name not in ("", ".")]
    return root + "/".join(names) if root or names else "."


def git_dir(root: StrPath) -> str | None:
    dot = os.path.join(root, ".git")
    if os.path.isdir(dot):
        return dot
    try:
        text = _read(dot).strip()
    except OSError:
        return None
    if text.startswith("gitdir:"):
        target = spelled(text[len("gitdir:"):].strip())
        return target if _absolute(target) else os.path.realpath(os.path.join(root, target))
    return None


def common_dir(gdir: StrPath) -> str:
    """For a linked worktree, the main repository's git dir (where refs and hooks live)."""
    gdir = os.fspath(gdir)
    try:
        text = _read(os.path.join(gdir, "commondir")).strip()
    except OSError:
        return gdir
    path = spelled(text)
    return path if _absolute(path) else os.path.realpath(os.path.join(gdir, path))


def _absolute(path: str) -> bool:
    """pathlib's ``is_absolute``: on Windows a path needs its drive as well as its root."""
    if os.name == "nt":
        drive, rest = os.path.splitdrive(path)
        return bool(drive) and rest[:1] in ("\\", "/")
    return path.startswith("/")


def head_commit(root: StrPath) -> str | None:
    """The sha HEAD points at, or None in a repository without commits."""
    gdir = git_dir(root)
    if gdir is None:
        return None
    try:
        head = _read(os.path.join(gdir, "HEAD")).strip()
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


def _refs_elsewhere(gdir: str, ref: str) -> bool:
    """Whether HEAD's ref lives where the files above cannot read it: a reftable repository
    (``git init --ref-format=reftable``) or a symbolic ref pointing on to another. An unborn
    branch (no file, no packed line) is neither: it costs no process."""
    common = common_dir(gdir)
    if os.path.isdir(os.path.join(common, "reftable")) or os.path.isdir(os.path.join(gdir, "reftable")):
        return True
    for folder in (gdir, common):
        try:
            if _read(os.path.join(folder, ref)).startswith("ref:"):
                return True
        except OSError:
            continue
    return False


def _rev_parse_head(root: StrPath) -> str | None:
    try:
        sha = run(root, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], timeout=10.0).strip()
    except GitError:
        return None  # unborn, or a git too old for the repository's ref format
    return sha if _SHA_RE.match(sha) else None


def _resolve_ref(gdir: str, ref: str) -> str | None:
    try:
        value = _read(os.path.join(gdir, ref)).strip()
        if _SHA_RE.match(value):
            return value
    except OSError:
        pass
    try:
        packed = _read(os.path.join(gdir, "packed-refs"))
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


def run(root: StrPath, args: list[str], timeout: float = 30.0, stdin: str | None = None) -> str:
    return run_bytes(root, args, timeout, stdin.encode() if stdin is not None else None).decode("utf-8", "replace")


def run_bytes(root: StrPath, args: list[str], timeout: float = 30.0, stdin: bytes | None = None) -> bytes:
    """``run`` with the output as git wrote it: ``cat-file --batch`` counts its sizes in bytes."""
    env = dict(os.environ)
    env.setdefault("LC_ALL", "C")
    env["GIT_NO_LAZY_FETCH"] = "1"  # a partial clone never reaches for the network on our behalf
    env["GIT_TERMINAL_PROMPT"] = "0"  # a remote asking for a password fails at once, never waits on a prompt
    try:
        code, out, err = _captured(["git", "-c", "core.quotePath=false", *args], root, env, stdin, timeout)
    except (OSError, TimeoutError) as error:
        raise GitError(f"git {args[0]} failed: {error}") from error
    if code != 0:
        message = err.decode("utf-8", "replace").strip().splitlines()
        raise GitError(f"git {args[0]}: {message[-1] if message else 'exit ' + str(code)}")
    return out


def _captured(argv: list[str], cwd: StrPath, env: dict[str, str] | None, stdin: bytes | None,
              timeout: float) -> tuple[int, bytes, bytes]:
    """Run ``argv`` in ``cwd`` to its end: its exit code, standard output and error; ``stdin`` fed
    in (None: this process's own). ``TimeoutError`` past ``timeout`` seconds (the process is
    killed), ``OSError`` when it cannot start. Where ``posix_spawn`` is, without the
    ``subprocess`` module: importing it (with threading, selectors, signal and locale) costs
    about 18 ms of CPU, as much as the one git call the gate's first check of a file makes."""
    if os.name != "posix" or not hasattr(os, "posix_spawnp"):
        import subprocess

        try:
            done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, timeout=timeout, input=stdin)
        except subprocess.TimeoutExpired as err:
            raise TimeoutError(str(err)) from err
        return done.returncode, done.stdout, done.stderr
    import time

    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    in_r, in_w = os.pipe() if stdin is not None else (-1, -1)
    actions: list[tuple[int, ...]] = [(os.POSIX_SPAWN_DUP2, out_w, 1), (os.POSIX_SPAWN_DUP2, err_w, 2)]
    if stdin is not None:
        actions.append((os.POSIX_SPAWN_DUP2, in_r, 0))
    try:
        # posix_spawn has no working folder of its own before Python 3.13: git's -C is the same
        pid = os.posix_spawnp(argv[0], [argv[0], "-C", str(cwd), *argv[1:]], os.environ if env is None else env,
                              file_actions=actions, setsigdef=_DEFAULT_SIGNALS)
    except BaseException:
        for fd in (out_r, out_w, err_r, err_w, in_r, in_w):
            if fd >= 0:
                os.close(fd)
        raise
    for fd in (out_w, err_w, in_r):
        if fd >= 0:
            os.close(fd)
    return _collected(pid, out_r, err_r, in_w, stdin or b"", time.monotonic() + timeout)


def _collected(pid: int, out_r: int, err_r: int, in_w: int, data: bytes, deadline: float) -> tuple[int, bytes, bytes]:
    """Feed ``data`` to a started process and read both its outputs until it closes them (poll:
    neither pipe can fill while the other is waited on), then reap it."""
    import select
    import time

    chunks: dict[int, list[bytes]] = {out_r: [], err_r: []}
    poller = select.poll()
    for fd in chunks:
        poller.register(fd, select.POLLIN)
    if in_w >= 0:
        os.set_blocking(in_w, False)
        poller.register(in_w, select.POLLOUT)
    open_fds = {out_r, err_r} | ({in_w} if in_w >= 0 else set())
    sent = 0
    try:
        while open_fds:
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, 9)
                os.waitpid(pid, 0)
                raise TimeoutError(f"no answer within the time allowed (pid {pid} stopped)")
            for fd, _ in poller.poll(left * 1000):
                if fd == in_w:
                    try:
                        sent += os.write(in_w, data[sent:sent + 65536])
                    except BrokenPipeError:
                        sent = len(data)  # it stopped reading: what it says next tells why
                    if sent >= len(data):
                        poller.unregister(in_w)
                        os.close(in_w)
                        open_fds.discard(in_w)
                    continue
                block = os.read(fd, 65536)
                if block:
                    chunks[fd].append(block)
                else:
                    poller.unregister(fd)
                    os.close(fd)
                    open_fds.discard(fd)
    finally:
        for fd in open_fds:
            os.close(fd)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), b"".join(chunks[out_r]), b"".join(chunks[err_r])


def _default_signals() -> tuple[int, ...]:
    """SIGPIPE back to its default in the child, as ``subprocess`` does (Python ignores it)."""
    try:
        from _signal import SIGPIPE  # type: ignore[import-not-found]  # the C module: ``signal`` builds enums
    except ImportError:
        return ()
    return (SIGPIPE,)


_DEFAULT_SIGNALS = _default_signals() if os.name == "posix" else ()



# -- the work tree ---------------------------------------------------------------------------------

def config_get(root: StrPath, key: str) -> str | None:
    try:
        value = run(root, ["config", "--get", key]).strip()
    except GitError:
        return None
    return value or None


def hooks_dir(root: StrPath) -> Path | None:
    """Where git runs hooks from: ``core.hooksPath`` when set, else the common git dir's hooks/."""
    from pathlib import Path  # ``ken init`` and ``ken doctor`` ask, never the gate

    configured = config_get(root, "core.hooksPath")
    if configured:
        path = Path(os.path.expanduser(configured))
        return path if path.is_absolute() else Path(root) / path
    gdir = git_dir(root)
    return Path(common_dir(gdir)) / "hooks" if gdir else None


def staged_paths(root: StrPath) -> list[str]:
    text = run(root, ["diff", "--cached", "--name-only", "-z", "--diff-filter=ACMRD"])
    return [p for p in text.split("\0") if p]


def working_diff(root: StrPath, path: str) -> str:
    """The uncommitted change to one file (against HEAD, or everything when there is no HEAD)."""
    base = ["HEAD"] if head_commit(root) else []
    return run(root, ["diff", "--no-color", *base, "--", path])


def staged_diff(root: StrPath, paths: list[str]) -> str:
    return run(root, ["diff", "--cached", "--no-color", "--", *paths])


def tracked(root: StrPath, path: str) -> bool:
    """Whether git tracks a file at or under ``path`` (relative to the work tree)."""
    return bool(run(root, ["ls-files", "-z", "--", path]).strip("\0"))


def tracked_among(root: StrPath, paths: list[str]) -> list[str]:
    """The files git tracks at or under ``paths`` (relative to the work tree), in one process."""
    return [p for p in run(root, ["ls-files", "-z", "--", *paths]).split("\0") if p]


def head_blobs(root: StrPath, paths: list[str]) -> dict[str, str]:
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


def tracked_files(root: StrPath) -> list[str]:
    """Every path the index holds (relative to the work tree, as git lists them), in one process.
    A file deleted from the working tree but not from the index is still listed."""
    return [p for p in run(root, ["ls-files", "-z"], timeout=120.0).split("\0") if p]


def ignored(root: StrPath, path: str) -> bool:
    """Whether git ignores ``path`` (relative to the work tree; it need not exist yet), so a file
    written there would not show in `git status`. A tracked path is never ignored."""
    try:  # check-ignore answers with its exit status: 0 ignored, 1 not ignored
        code, _, err = _captured(["git", "check-ignore", "-q", "--", path], root, None, None, 30.0)
    except (OSError, TimeoutError) as error:
        raise GitError(f"git check-ignore failed: {error}") from error
    if code not in (0, 1):
        message = err.decode("utf-8", "replace").strip().splitlines()
        raise GitError(f"git check-ignore: {message[-1] if message else 'exit ' + str(code)}")
    return code == 0


def attributes(root: StrPath, paths: list[str], name: str) -> dict[str, str | None]:
    """The value git gives attribute ``name`` for each path (relative to the work tree), after
    every attributes file and its precedence: ``union`` for ``merge=union``, ``set``/``unset``
    for a bare or negated attribute; None when unspecified."""
    fields = run(root, ["check-attr", "-z", name, "--", *paths]).split("\0")
    found = {fields[i]: fields[i + 2] for i in range(0, len(fields) - 2, 3)}  # path NUL name NUL value NUL
    return {path: None if found.get(path, "unspecified") == "unspecified" else found[path] for path in paths}
