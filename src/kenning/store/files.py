"""Project files other than the log: written atomically, so readers never see half a file.

A write goes to a temporary file in the same directory, is flushed and fsynced, and replaces
the target with ``os.replace``. A file whose content would not change is not touched, so
re-running ``ken init`` or refreshing an unchanged summary leaves mtimes alone.

Record files (JSON Lines) are appended to instead, through ``append_lines`` (and the log's
own appends through ``write_whole``): whole lines, one ``O_APPEND`` write finished past a
short write, fsynced where the caller needs durability.

Where a write in a repository lands is decided by one function, ``inside``: every writer here
asks it when told the repository (``within=``), so a link a clone committed (``.gitattributes ->
~/.aws/credentials``, ``.claude -> ..``) never takes a write, or the text read for one, outside.
"""

from __future__ import annotations

import errno
import io
import json
import os
import stat

from kenning.core.errors import UnsafePath
from kenning.core.foreign import Unreadable
from kenning.store import inputs

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    # a path as callers hold it: the gate's way passes str, other commands pathlib's Path
    StrPath = str | os.PathLike[str]


NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # 0 where the platform has none (Windows): the lstat walk decides
# Windows opens file descriptors in text mode unless told otherwise: "\n" would be written as
# "\r\n" and the log's bytes would differ by platform (0 on POSIX, where there is no such mode)
BINARY = getattr(os, "O_BINARY", 0)


def refuse_links(path: StrPath) -> None:
    """``UnsafePath`` when ``path``, or a folder between ``.kenning`` and it, is a symbolic link.

    A cloned repository can commit ``.kenning/events.jsonl -> ~/.bashrc``: following it would
    let a stranger's repository choose which of the user's files kenning appends to. Nothing
    under ``.kenning/`` is ever a link in a real project, so any link is refused outright.
    Paths outside a ``.kenning`` folder are not checked here (``inside`` does, for writes).
    Writers also open the final file with ``O_NOFOLLOW``, which closes the gap between this walk
    and the open."""
    text = os.fspath(path)
    if os.altsep:
        text = text.replace(os.altsep, os.sep)
    parts = text.split(os.sep)
    if ".kenning" not in parts:
        return
    start = len(parts) - 1 - parts[::-1].index(".kenning")
    prefix = os.sep.join(parts[:start]) + os.sep if start else ""
    kept = [part for part in parts[start:] if part not in ("", ".")]  # the names a path's parts hold
    for end in range(1, len(kept) + 1):
        try:
            mode = os.lstat(prefix + os.sep.join(kept[:end])).st_mode
        except FileNotFoundError:
            return  # nothing further exists yet: whatever is created will be a real file
        except OSError:
            return  # unreadable: the open that follows reports the real cause
        if stat.S_ISLNK(mode):
            shown = "/".join(kept[:end])
            raise UnsafePath(f"{shown} is a symbolic link; kenning never follows links inside .kenning/ "
                             "(a cloned repository could point it anywhere): replace it with a regular "
                             "file or folder")


def parent(path: StrPath) -> str:
    """The folder ``path`` (a file's path, as kenning builds them) is in; ``.`` for a bare name."""
    return os.path.dirname(os.fspath(path)) or os.curdir


def _mode(path: StrPath) -> int | None:
    """``path``'s mode (links followed), None when it is missing, dangles, loops or is named wrong;
    any other failure (a folder that cannot be searched) raises. pathlib's ``exists``, ``is_dir``
    and ``is_file`` answer the same way, which the commands' messages were built on."""
    try:
        return os.stat(path).st_mode
    except OSError as err:
        if err.errno in (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP) \
                or getattr(err, "winerror", None) in (21, 123, 1921):
            return None
        raise
    except ValueError:
        return None


def exists(path: StrPath) -> bool:
    return _mode(path) is not None


def is_dir(path: StrPath) -> bool:
    mode = _mode(path)
    return mode is not None and stat.S_ISDIR(mode)


def is_file(path: StrPath) -> bool:
    mode = _mode(path)
    return mode is not None and stat.S_ISREG(mode)


# the folders of a repository that only their owner writes: git's own, and kenning's (whose files
# are written by their own paths, under the log's locks, never as the target of someone's link)
_OWN_FOLDERS = (".git", ".kenning")
_SHOWN = 200  # characters of a link's target in an error line: enough to recognise it


def inside(root: StrPath, path: StrPath) -> str:
    """Where a write to ``path``, a file or folder under the repository ``root``, may land: the
    one decision, for every file kenning writes in a repository. ``UnsafePath`` with one line
    naming the link when ``path``, or a folder between ``root`` and it, is a symbolic link that
    leaves ``root``, leads into ``.git`` or ``.kenning``, dangles, or loops; and for any link
    under ``.kenning/`` (``refuse_links``).

    A link that stays inside the repository is followed, and what is returned is where it leads:
    ``AGENTS.md -> CLAUDE.md`` is how many projects keep one instruction file for two agents, and
    the committed link is the team's, so the write lands on its target and the link stays a link.
    A dangling link is refused rather than followed: writing would create a file wherever the
    link's text says, which a stranger's repository chose.

    What does not exist yet is returned as named: it will be created as a regular file or
    folder. This guards against what a repository commits; a process racing to swap folders
    between this walk and the write is the user's own machine, not a repository's content."""
    refuse_links(path)
    if not contains(root, path):
        raise UnsafePath(f"{path} is outside the repository {root}; kenning writes only inside it")
    base = os.path.realpath(root)
    rel = os.path.relpath(os.path.abspath(path), os.path.abspath(root))
    parts = rel.split(os.sep) if rel != os.curdir else []  # relpath's answer is normal: no empty or . names
    here = base
    for i, part in enumerate(parts):
        step = os.path.join(here, part)
        try:
            is_link = stat.S_ISLNK(os.lstat(step).st_mode)
        except OSError:  # missing (created as a regular one), or unreadable: the write reports why
            return os.path.join(step, *parts[i + 1:])
        here = _followed(base, step, "/".join(parts[:i + 1]), last=i == len(parts) - 1) if is_link else step
    return here


def _followed(base: str, link: str, shown: str, last: bool) -> str:
    """Where the link ``link`` (``shown`` from the repository root) leads, when that is inside the
    repository ``base`` (a real path); else ``UnsafePath``."""
    fix = f"kenning does not write through it: replace it with a regular {'file' if last else 'folder'}"
    written = ""
    try:
        written = os.readlink(link)
        target = os.path.realpath(link, strict=True)
    except FileNotFoundError as err:
        raise UnsafePath(f"{shown} is a symbolic link to {written[:_SHOWN]}, which does not exist; "
                         f"{fix}") from err
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise UnsafePath(f"{shown} is a symbolic link that loops (it leads back to itself); {fix}") from err
        raise UnsafePath(f"{shown} is a symbolic link that cannot be followed ({err.strerror}); {fix}") from err
    if not contains(base, target):
        raise UnsafePath(f"{shown} is a symbolic link to {target[:_SHOWN]} outside the repository; {fix}")
    rel = os.path.relpath(target, base)
    first = rel.split(os.sep, 1)[0] if rel != os.curdir else ""
    if first.casefold() in _OWN_FOLDERS:  # casefold: .GIT is .git where the file system ignores case
        raise UnsafePath(f"{shown} is a symbolic link into {first}/, which only {first[1:]} writes; {fix}")
    return target


def contains(root: StrPath, path: StrPath) -> bool:
    """Whether ``path`` is named under ``root`` (by its letters, links not followed): a path a
    user typed that lies in the repository is written by the repository's rule (``inside``)."""
    named, base = os.path.abspath(path), os.path.abspath(root)
    if os.path.splitdrive(named)[0].casefold() != os.path.splitdrive(base)[0].casefold():
        return False  # another drive (Windows): relpath cannot even be asked
    rel = os.path.relpath(named, base)
    return not (rel == os.pardir or rel.startswith(os.pardir + os.sep) or os.path.isabs(rel))


def open_nofollow(path: StrPath, flags: int, mode: int = 0o644) -> int:
    """``os.open`` that refuses a link at ``path`` or between ``.kenning`` and it."""
    refuse_links(path)
    try:
        return os.open(path, flags | NOFOLLOW | BINARY, mode)
    except OSError as err:
        if os.path.islink(path):  # ELOOP: a link appeared after the walk
            refuse_links(path)
        raise err


def read_text(path: StrPath) -> str | None:
    """The file's text, or None when it does not exist or is not a readable regular file (a
    FIFO or a device is never read: one would block, the other never end); ``UnsafePath`` when
    it is a link inside ``.kenning/``."""
    refuse_links(path)
    try:
        with io.TextIOWrapper(inputs.open_regular(path), encoding="utf-8", errors="replace") as f:
            return f.read()  # universal newlines, as a text-mode open reads
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError, inputs.NotRegular):
        return None


def read_capped(path: StrPath, limit: int) -> bytes | None:
    """The bytes of a file kenning did not write (a manifest, an agent's settings, the team's
    lessons), or None when it does not exist. ``Unreadable`` saying why when it is not a regular
    file (a FIFO would block the read forever, a device never ends), is larger than ``limit``
    bytes, or cannot be read; ``UnsafePath`` when it is a link inside ``.kenning/``. The reading
    itself is ``store.inputs``' (the one bounded reader)."""
    refuse_links(path)
    try:
        return inputs.read_regular(path, limit)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as err:  # NotRegular and TooLarge say what they are; the rest, what the system said
        raise Unreadable(err.strerror or str(err)) from None


def read_exact(path: StrPath) -> str | None:
    """The file's text exactly as stored (line endings kept), or None when it does not exist.
    ``UnicodeDecodeError`` when it is not UTF-8: a caller about to rewrite part of a user's file
    must not replace bytes it cannot read."""
    try:
        with open(path, encoding="utf-8", newline="") as f:
            return f.read()
    except (FileNotFoundError, NotADirectoryError):
        return None


def write_atomic(path: StrPath, text: str, mode: int | None = None, durable: bool = True,
                 within: StrPath | None = None) -> bool:
    """Replace ``path`` with ``text``; return False when it already had exactly that text.

    A new file gets the usual permissions (0666 minus the umask); a replaced file keeps its own.
    ``durable=False`` skips the fsync: for a cache, which a crash may cost but never corrupt.
    ``within``: the repository ``path`` lies in, whose rule for links (``inside``) decides where
    the write lands; None for a file outside any repository (``KEN_HOME``, a path the user named).
    """
    data = text.encode("utf-8")
    current = None
    path = inside(within, path) if within is not None else os.fspath(path)
    refuse_links(path)
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return False
            current = os.fstat(f.fileno()).st_mode & 0o7777
    except OSError:
        pass
    folder = parent(path)
    os.makedirs(folder, exist_ok=True)
    tmp = os.path.join(folder, f".{os.path.basename(path)}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | BINARY, 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        if mode is not None or current is not None:
            os.chmod(tmp, mode if mode is not None else current)  # type: ignore[arg-type]
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    _sweep_temporaries(path)
    return True


def _sweep_temporaries(path: str) -> None:
    """Remove ``.<name>.<pid>.<random>.tmp`` files that a killed writer left behind: those whose
    process is gone. A live writer's file is left alone (it is about to be renamed)."""
    prefix, folder = f".{os.path.basename(path)}.", parent(path)
    try:
        names = [n for n in os.listdir(folder) if n.startswith(prefix) and n.endswith(".tmp")]
    except OSError:
        return
    for name in names:
        pid = name[len(prefix):].split(".", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            try:
                os.unlink(os.path.join(folder, name))
            except OSError:
                pass


def _alive(pid: int) -> bool:
    if pid == os.getpid() or os.name == "nt":  # Windows' os.kill(pid, 0) would end the process
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # someone else's process (or a platform that cannot tell): leave it alone
    return True


CACHE_LIMIT = 64 * 1024 * 1024  # far above any cache kenning writes; a committed monster is a miss


def read_json(path: StrPath) -> Any:
    """Decoded JSON, or None when the file is missing, a link, not a regular file, too large,
    nested too deeply or not valid JSON (a cache miss)."""
    from kenning.core.foreign import json_value

    try:
        data = read_capped(path, CACHE_LIMIT)
        return None if data is None else json_value(data, CACHE_LIMIT)
    except (UnsafePath, ValueError):
        return None


def write_json_quietly(path: StrPath, value: Any) -> None:
    """Write a cache file; failing to write a cache is never an error (it is rebuilt next time).
    Not synced to disk: a crash may cost a cache, never corrupt it, and the agent hook writes one
    on every blocked edit (an fsync is 1-8 ms of its answer)."""
    try:
        write_atomic(path, json.dumps(value, sort_keys=True), durable=False)
    except (OSError, UnsafePath):
        pass


def write_whole(fd: int, data: bytes) -> None:
    """Write every byte of ``data`` to ``fd``. A short write is rare but legal (a signal, a disk
    filling part-way): the rest is written from where it stopped, so a line is never left
    half-written by us; a write that cannot go on raises ``OSError``."""
    view = memoryview(data)
    while view:
        done = os.write(fd, view)
        if done <= 0:  # a regular file never answers 0 to a non-empty write: do not spin on one
            raise OSError(errno.EIO, "the write made no progress")
        view = view[done:]


def ends_torn(fd: int) -> bool:
    """True when the file open at ``fd`` (readable) is not empty and its last byte is not a
    newline: a line was cut off, or an editor dropped the final newline."""
    size = os.lseek(fd, 0, os.SEEK_END)
    if size == 0:
        return False
    os.lseek(fd, size - 1, os.SEEK_SET)
    return os.read(fd, 1) != b"\n"


def append_lines(path: StrPath, lines: Sequence[str], durable: bool = False, mend_torn: bool = False,
                 follow_links: bool = False, within: StrPath | None = None) -> None:
    """Append ``lines`` (each without its newline) to ``path``, created if missing, in one
    ``O_APPEND`` write that ``write_whole`` finishes. ``durable`` fsyncs before returning (an
    fsync that fails raises). ``mend_torn`` first ends a last line that has no newline, so a
    cut-off line cannot swallow the first new one. Locking is the caller's.

    No link inside ``.kenning/`` is followed (see ``refuse_links``); ``follow_links`` is the
    lessons stores' plain ``open`` (they live outside ``.kenning/``, in ``KEN_HOME``). ``within``
    as for ``write_atomic``."""
    if not lines:
        return
    path = inside(within, path) if within is not None else os.fspath(path)
    data = "".join(line + "\n" for line in lines).encode("utf-8")
    if not follow_links:
        refuse_links(path)
    os.makedirs(parent(path), exist_ok=True)
    # O_RDWR when mending: the torn check reads the last byte
    if follow_links:
        fd = os.open(path, (os.O_RDWR if mend_torn else os.O_WRONLY) | os.O_APPEND | os.O_CREAT | BINARY, 0o644)
    else:
        fd = open_nofollow(path, (os.O_RDWR if mend_torn else os.O_WRONLY) | os.O_APPEND | os.O_CREAT)
    try:
        if mend_torn and ends_torn(fd):
            data = b"\n" + data  # O_APPEND: written at the end, wherever the read left the offset
        write_whole(fd, data)
        if durable:
            os.fsync(fd)
    finally:
        os.close(fd)


def create_if_missing(path: StrPath, text: str, within: StrPath | None = None) -> bool:
    """Write ``text`` only when ``path`` does not exist yet; never overwrite a user's file.
    ``within`` as for ``write_atomic`` (checked first: a dangling link is refused, not filled)."""
    path = inside(within, path) if within is not None else path
    if exists(path):
        return False
    return write_atomic(path, text)


def ensure_dir(path: StrPath, within: StrPath | None = None) -> None:
    path = inside(within, path) if within is not None else path
    refuse_links(path)
    os.makedirs(path, exist_ok=True)


def remove(path: StrPath, within: StrPath | None = None) -> bool:
    """Delete the file ``path``; False when there was none. ``within`` as for ``write_atomic``,
    for the folders above it: a link at ``path`` is itself removed, never what it leads to."""
    path = os.fspath(path)
    if within is not None:
        path = os.path.join(inside(within, parent(path)), os.path.basename(path))
    refuse_links(parent(path))
    try:
        os.unlink(path)
        return True
    except FileNotFoundError:
        return False


def remove_empty_dir(path: StrPath) -> bool:
    """Delete the folder ``path`` when it is empty; False when it is not, or gone."""
    try:
        os.rmdir(path)
        return True
    except OSError:
        return False


def move(path: StrPath, target: StrPath, replace: bool = False, within: StrPath | None = None) -> None:
    """Rename ``path`` to ``target`` in one step: the same bytes, mode and owner, and a symlink
    stays the link itself (its target is never read nor copied). ``FileExistsError`` when
    ``target`` exists, unless ``replace``. ``within`` as for ``remove``, for both names."""
    if within is not None:
        path = os.path.join(inside(within, parent(path)), os.path.basename(path))
        target = os.path.join(inside(within, parent(target)), os.path.basename(target))
    if not replace and os.path.lexists(target):
        raise FileExistsError(errno.EEXIST, "already exists", str(target))
    os.replace(path, target)
