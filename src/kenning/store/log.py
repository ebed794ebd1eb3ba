"""The event log on disk: an append-only JSON Lines file, guarded by an OS lock.

Guarantees:
- every append is one complete line, written with one ``write`` (finished if the system writes
  it short: ``files.write_whole``) under an exclusive lock, flushed and fsynced before the lock
  is released: an acknowledged event survives a crash;
- a torn final line (a crash mid-append) is never fatal: readers skip it; the next writer
  moves its bytes to ``local/quarantine/`` and truncates back to the last complete line,
  the only rewrite ever made, and only of bytes that never formed an event;
- a last line that is a whole event without its final newline (editors drop it) is an event:
  readers read it, and the next writer completes it with the newline instead; so is a torn
  line with a whole event glued on (``>>`` onto a cut-off line): its event never leaves the log;
- a malformed line in the middle is never touched: readers skip it and name its number;
- nothing here follows a symbolic link inside ``.kenning/`` (see ``files.refuse_links``).
"""

from __future__ import annotations

import os
import time
import zlib

from kenning.core.damage import glued_in
from kenning.core.errors import LockTimeout, MemoryUnreadable, UnsafePath, cause
from kenning.core.events import parse_line
from kenning.store.files import BINARY, NOFOLLOW, ends_torn, open_nofollow, refuse_links, write_whole

TYPE_CHECKING = False
if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from kenning.store.files import StrPath

_CHUNK = 1 << 16


class Tail:
    """Complete lines read from a byte offset, plus what was left after the last newline."""

    def __init__(self, lines: list[bytes], start: int, end: int, torn: bytes, crc: int) -> None:
        self.lines = lines
        self.start = start  # byte offset where the first line begins
        self.end = end      # byte offset just past the last complete line
        self.torn = torn    # bytes after the last newline: a torn tail, or a whole unterminated event
        self.crc = crc      # CRC-32 of the bytes [0, end)


def is_event(data: bytes) -> bool:
    """True when ``data`` (a last line without its newline) reads as a whole event."""
    try:
        parse_line(data.decode("utf-8").lstrip("\ufeff"))
    except ValueError:
        return False
    return True


def holds_event(data: bytes) -> bool:
    """True when ``data`` (a last line without its newline) is or holds a whole event: a cut-off
    line with another log's line glued on (``>>`` onto a torn tail) still holds that line."""
    return is_event(data) or bool(glued_in(data))


class EventLog:
    """``.kenning/events.jsonl`` and its lock file."""

    def __init__(self, path: StrPath, lock_path: StrPath, quarantine: StrPath) -> None:
        self.path = path
        self.lock_path = lock_path
        self.quarantine = quarantine

    def stat(self) -> os.stat_result:
        try:
            refuse_links(self.path)
        except UnsafePath as err:
            raise MemoryUnreadable(str(err)) from err
        try:
            st = os.stat(self.path)
        except FileNotFoundError as err:
            raise MemoryUnreadable(
                f"the event log {self.path} is missing; restore it from git or run `ken init`") from err
        except OSError as err:
            raise MemoryUnreadable(f"cannot read the event log {self.path}: {err.strerror}") from err
        if not os.path.isfile(self.path):
            raise MemoryUnreadable(f"the event log {self.path} is not a regular file; restore it from git")
        return st

    def read_from(self, offset: int, crc: int = 0) -> Tail:
        """Complete lines from ``offset`` to the end of the file; ``crc`` is the checksum of the
        bytes before ``offset``, which the tail's checksum extends."""
        try:
            fd = open_nofollow(self.path, os.O_RDONLY)
            with open(fd, "rb") as f:
                f.seek(offset)
                data = f.read()
        except (OSError, UnsafePath) as err:
            raise MemoryUnreadable(f"cannot read the event log {self.path}: {cause(err)}") from err
        cut = data.rfind(b"\n") + 1
        # split and checked in place: a copy of the complete lines was two more passes over the
        # whole log, and as many fresh pages (50 MB of them at 100,000 events of 500 paths)
        lines = data.split(b"\n")[:-1]  # the last piece is the unterminated tail, or empty
        return Tail(lines, offset, offset + cut, data[cut:], zlib.crc32(memoryview(data)[:cut], crc))

    def checksum(self, end: int) -> int:
        """CRC-32 of the bytes [0, end): whether a cached prefix is byte for byte unchanged. Reads
        the prefix in blocks (about 1 GB/s), so only a file that changed is ever read."""
        crc = 0
        try:
            fd = open_nofollow(self.path, os.O_RDONLY)
            with open(fd, "rb") as f:
                left = end
                while left > 0:
                    block = f.read(min(left, 1 << 20))
                    if not block:
                        return -1  # shorter than the prefix: not the same file
                    crc = zlib.crc32(block, crc)
                    left -= len(block)
        except (OSError, UnsafePath) as err:
            raise MemoryUnreadable(f"cannot read the event log {self.path}: {cause(err)}") from err
        return crc

    def lock(self, timeout: float) -> AbstractContextManager[None]:
        """The log's lock, waited for up to ``timeout`` seconds, and past it for as long as a
        rebuild of the index is running (up to ``REBUILD_PATIENCE``): the writer ahead of us is
        waiting for that rebuild, not stuck, and a write must not fail because of it."""
        return _FileLock(self.lock_path, timeout, patience=self.rebuild_path)

    @property
    def rebuild_path(self) -> str:
        return os.path.join(os.path.dirname(self.lock_path), "rebuild.lock")

    def rebuilding(self) -> AbstractContextManager[None]:
        """Held (shared) while this process folds the whole log into the index, so that writers
        queued on the log's lock know the wait is a rebuild's (see ``lock``)."""
        return _Marker(self.rebuild_path)

    def derived_lock(self, timeout: float) -> AbstractContextManager[None]:
        """The lock writers of derived files (summary.md) take, apart from the log's own: whoever
        writes under it has read the log last, so the last file written is the newest."""
        return _FileLock(os.path.join(os.path.dirname(self.lock_path), "derived.lock"), timeout)

    def append(self, line: str) -> tuple[int, str | None]:
        """Append one event line (caller holds the lock). Returns the offset it starts at, and a
        warning when the line is in the file but the disk did not confirm it (fsync failed).

        A write that fails part-way (a full disk) is cut back to where it started, so a failed
        append leaves the log as it was; the error says why, with the file named."""
        data = line.encode("utf-8") + b"\n"
        fd = open_nofollow(self.path, os.O_WRONLY | os.O_APPEND)
        try:
            start = os.lseek(fd, 0, os.SEEK_END)
            try:
                write_whole(fd, data)  # a short write is rare but legal: finish the line
            except OSError as err:
                _cut_back(fd, start)
                raise OSError(err.errno, f"{err.strerror}; nothing was written", str(self.path)) from err
            try:
                os.fsync(fd)
            except OSError as err:  # readers already see the line: it is written, not confirmed
                return start, f"the disk did not confirm the write ({err.strerror}); it may not survive a power cut"
        finally:
            os.close(fd)
        return start, None

    def append_lines(self, lines: list[str]) -> tuple[int, str | None]:
        """Append several event lines in one write and one fsync (``ken import``): a crash
        part-way leaves whole lines and at most one torn tail, which the next writer moves away."""
        return self.append("\n".join(lines))

    def repair_torn_tail(self) -> bytes:
        """Make the log end in a newline before an append (caller holds the lock): a last line
        that is or holds a whole event gets one (readers take the events out of a glued line);
        bytes that never formed an event are moved to the quarantine and cut. Returns the bytes
        cut."""
        fd = open_nofollow(self.path, os.O_RDWR)
        with open(fd, "r+b") as f:
            size = f.seek(0, os.SEEK_END)
            if size == 0:
                return b""
            f.seek(size - 1)
            if f.read(1) == b"\n":
                return b""
            keep = _last_newline(f, size) + 1
            f.seek(keep)
            torn = f.read()
            if holds_event(torn):  # an event's bytes never leave the log
                f.seek(size)
                f.write(b"\n")
                f.flush()
                os.fsync(f.fileno())
                return b""
            self._quarantine(torn, keep)
            f.truncate(keep)
            f.flush()
            os.fsync(f.fileno())
        return torn

    def terminate(self) -> bool:
        """End the log's last line with a newline when it has none, by appending one (caller holds
        the lock): the cut-off bytes stay where they are, as a line every reader skips. What
        ``ken doctor --fix`` does, since it never rewrites a byte; True when it appended."""
        fd = open_nofollow(self.path, os.O_RDWR | os.O_APPEND)
        try:
            if not ends_torn(fd):
                return False
            write_whole(fd, b"\n")  # O_APPEND: at the end, wherever the read left the offset
            os.fsync(fd)
        finally:
            os.close(fd)
        return True

    def _quarantine(self, torn: bytes, offset: int) -> None:
        refuse_links(self.quarantine)
        os.makedirs(self.quarantine, exist_ok=True)
        name = os.path.join(self.quarantine, f"torn-{offset:012d}-{zlib.crc32(torn):08x}.bin")
        fd = open_nofollow(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        with open(fd, "wb") as q:
            q.write(torn)
            q.flush()
            os.fsync(q.fileno())

    def last_line(self) -> bytes:
        """The last complete line, read backwards from the end (cheap at any log size)."""
        fd = open_nofollow(self.path, os.O_RDONLY)
        with open(fd, "rb") as f:
            size = f.seek(0, os.SEEK_END)
            if size == 0:
                return b""
            end = _last_newline(f, size)
            if end < 0:
                return b""
            start = _last_newline(f, end) + 1
            f.seek(start)
            return f.read(end - start)


def file_lock(path: StrPath, timeout: float) -> AbstractContextManager[None]:
    """An exclusive OS lock on ``path`` (created if needed), for other machine-wide files."""
    return _FileLock(path, timeout)


def _cut_back(fd: int, size: int) -> None:
    try:
        os.ftruncate(fd, size)
    except OSError:
        pass  # a torn tail then: the next writer moves it to the quarantine


def _last_newline(f: object, before: int) -> int:
    """Offset of the last ``\\n`` strictly before ``before``, or -1."""
    pos = before
    while pos > 0:
        step = min(_CHUNK, pos)
        pos -= step
        f.seek(pos)  # type: ignore[attr-defined]
        block = f.read(step)  # type: ignore[attr-defined]
        found = block.rfind(b"\n")
        if found >= 0:
            return int(pos + found)
    return -1


# how long a wait for the log's lock goes on past its timeout while an index rebuild runs: a
# rebuild of 100,000 events takes seconds (more on a slow disk or a busy machine), and the
# writer holding the lock waits for it; bounded, so a rebuild that never ends still ends the wait
REBUILD_PATIENCE = 120.0


class _FileLock:
    """An exclusive OS lock (fcntl on POSIX, msvcrt on Windows) with a timeout. ``patience``: a
    marker file (``_Marker``) whose holder, while it holds it, extends the wait up to
    ``REBUILD_PATIENCE`` seconds in all."""

    def __init__(self, path: StrPath, timeout: float, patience: StrPath | None = None) -> None:
        self.path = path
        self.timeout = timeout
        self.patience = patience
        self.fd = -1

    def __enter__(self) -> None:
        refuse_links(self.path)
        os.makedirs(os.path.dirname(self.path) or os.curdir, exist_ok=True)
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT | NOFOLLOW | BINARY, 0o644)
        start = time.monotonic()
        deadline = start + self.timeout
        pause = 0.0005
        while not _try_lock(self.fd):
            now = time.monotonic()
            if now > deadline:
                if self.patience is not None and now < start + REBUILD_PATIENCE and _marked(self.patience):
                    deadline = now + 0.5  # looked at again every half second while the rebuild runs
                else:
                    os.close(self.fd)
                    waited = max(self.timeout, round(now - start))
                    raise LockTimeout(f"another ken process has held {self.path} for over {waited:g}s; "
                                      "wait for it to finish and retry")
            time.sleep(pause)
            pause = min(pause * 2, 0.01)  # writes take a few ms: poll fast first, then back off

    def __exit__(self, *exc: object) -> None:
        _unlock(self.fd)
        os.close(self.fd)


class _Marker:
    """A shared OS lock held to say "a rebuild is running"; taking it never waits, and a marker
    that cannot be taken (a link, a read-only folder) is simply not set: it only lends patience."""

    def __init__(self, path: StrPath) -> None:
        self.path = path
        self.fd = -1

    def __enter__(self) -> None:
        try:
            refuse_links(self.path)
            self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT | NOFOLLOW | BINARY, 0o644)
        except (OSError, UnsafePath):
            self.fd = -1
            return
        if not _try_share(self.fd):
            os.close(self.fd)
            self.fd = -1

    def __exit__(self, *exc: object) -> None:
        if self.fd >= 0:
            _unlock(self.fd)
            os.close(self.fd)


def _marked(path: StrPath) -> bool:
    """Whether some process holds the marker at ``path`` (it cannot be locked exclusively now)."""
    try:
        fd = os.open(path, os.O_RDONLY | NOFOLLOW | BINARY)
    except OSError:
        return False
    try:
        if _try_lock(fd):
            _unlock(fd)
            return False
        return True
    finally:
        os.close(fd)


if os.name == "nt":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
            return True
        except OSError:
            return False

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]

    def _try_share(fd: int) -> bool:
        return _try_lock(fd)  # msvcrt has no shared lock: one rebuild marks at a time, which is enough
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

    def _try_share(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False

