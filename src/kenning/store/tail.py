"""A record file read from its end: the lines holding a text, newest first, a block at a time.

The gate's records (``.kenning/local/checks.jsonl``) grow by a line with every check, for as
long as the project lives; the agent hook asks on every edit for the newest record about one
file, which is nearly always among the last. Reading the whole file for it made every edit pay
for the project's age; read from the end, it pays for how far back the answer is."""

from __future__ import annotations

import os

from kenning.store import inputs
from kenning.store.files import refuse_links

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import BinaryIO

    from kenning.store.files import StrPath

BLOCK = 1 << 16  # bytes read at a time, from the end back


def lines_holding(path: StrPath, needles: list[bytes], block: int | None = None) -> Iterator[bytes]:
    """The lines of ``path`` (split at ``\\n`` alone, without it) that hold one of ``needles``,
    from the last to the first. Nothing when the file does not exist or is not a regular file;
    ``UnsafePath`` when it is a link inside ``.kenning/``. Holds one block and the line being
    read, never the file."""
    refuse_links(path)
    try:
        stream = inputs.open_regular(path)
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError, inputs.NotRegular):
        return
    with stream:
        yield from _search(stream, needles, block or BLOCK)


def _search(stream: BinaryIO, needles: list[bytes], block: int) -> Iterator[bytes]:
    start_of = os.fstat(stream.fileno()).st_size  # where the bytes held in ``held`` begin
    held = b""  # the file from ``start_of`` up to where the search has come back to
    while True:
        at = max(held.rfind(needle) for needle in needles)
        if at < 0:
            if start_of == 0:
                return
            # nothing after the first line break: only the first (partial) line is kept, as
            # the line (and a needle) may begin in the block before it
            first = held.find(b"\n")
            start_of, held = _before(stream, start_of, block, held[:first] if first >= 0 else held)
            continue
        begins = held.rfind(b"\n", 0, at) + 1
        if begins == 0 and start_of > 0:  # the line may begin in an earlier block
            start_of, held = _before(stream, start_of, block, held)
            continue
        ends = held.find(b"\n", at)
        yield held[begins:ends if ends >= 0 else len(held)]
        held = held[:begins]


def _before(stream: BinaryIO, start_of: int, block: int, held: bytes) -> tuple[int, bytes]:
    """The block before ``start_of`` read and put in front of ``held``."""
    size = min(block, start_of)
    start_of -= size
    stream.seek(start_of)
    data = stream.read(size)
    while len(data) < size:  # a short read: the rest, or the file shrank (read what is there)
        more = stream.read(size - len(data))
        if not more:
            break
        data += more
    return start_of, data + held
