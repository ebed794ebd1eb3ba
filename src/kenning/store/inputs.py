"""Reading a file or a stream that someone else names, within a bound.

Guarantee: a read here never hangs and never grows without limit. A path is opened without
blocking (a FIFO would wait for a writer forever) and refused unless it is a regular file
(``/dev/zero`` never ends; a directory is not a file); a file or stream longer than the caller's
limit is refused (``TooLarge``) after reading at most ``limit + 1`` bytes, never read whole.
Both are ``OSError``\\s, so a caller's handling of an unreadable file covers them.
"""

from __future__ import annotations

import os
import stat

from kenning.core.foreign import size_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from os import PathLike
    from typing import BinaryIO

_CHUNK = 1 << 20


class NotRegular(OSError):
    """The path is a FIFO, a device, a socket or a directory: not a file to read."""


class TooLarge(OSError):
    """More than the caller's limit; ``limit`` is that limit in bytes."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"larger than {describe(limit)}")
        self.limit = limit


def describe(limit: int) -> str:
    """A byte count as people say it: ``64 KB``, ``256 MB`` (one wording with ``core.foreign``)."""
    return size_text(limit)


def open_regular(path: str | PathLike[str]) -> BinaryIO:
    """``path`` opened for reading, if it is a regular file; ``NotRegular`` (naming what it is)
    otherwise. Opened with ``O_NONBLOCK``, so a FIFO is refused rather than waited on."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegular(f"{_what(mode)}, not a regular file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: str | PathLike[str], limit: int) -> bytes:
    """The whole content of the regular file ``path``; ``TooLarge`` past ``limit`` bytes (said
    from its size before any byte is read, and held while reading: a file may grow meanwhile)."""
    with open_regular(path) as stream:
        size = os.fstat(stream.fileno()).st_size
        if size > limit:
            raise TooLarge(limit)
        # the size fstat gave, plus one, first: a buffer of the whole limit would cost every small read
        return read_stream(stream, limit, first=size + 1)


def read_stream(stream: BinaryIO, limit: int, first: int = _CHUNK) -> bytes:
    """At most ``limit`` bytes of ``stream``, to its end; ``TooLarge`` when there is more."""
    parts: list[bytes] = []
    size = 0
    ask = first
    while size <= limit:
        part = stream.read(min(ask, limit + 1 - size))
        if not part:
            return b"".join(parts)
        parts.append(part)
        size += len(part)
        ask = _CHUNK
    raise TooLarge(limit)


def _what(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"
