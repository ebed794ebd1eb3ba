"""What a user hands a command by path or on standard input, read within a bound: a file that
is not a regular file (a FIFO, a device, a directory) or that is too large is one clear line
(``InvalidInput``), never a hang and never memory without end (``store.inputs``)."""

from __future__ import annotations

import os
import sys

from kenning.core.errors import InvalidInput
from kenning.store import inputs

describe = inputs.describe

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO


def open_file(source: str, what: str, give: str) -> BinaryIO:
    """The regular file ``source`` (``~`` expanded) opened for reading, or one line: ``what``
    (how the user named it) and what was wrong, then ``give`` (what to give instead)."""
    try:
        return inputs.open_regular(os.path.expanduser(source))  # Path.expanduser raises on ~nosuchuser
    except FileNotFoundError as err:
        raise InvalidInput(f"{what}: no such file; give {give}") from err
    except inputs.NotRegular as err:
        raise InvalidInput(f"cannot read {what}: it is {err}; give {give}") from None
    except (OSError, ValueError) as err:  # ValueError: a NUL in the path
        reason = getattr(err, "strerror", None) or err
        raise InvalidInput(f"cannot read {what}: {reason}; give {give}") from err


def read_bytes(source: str, what: str, limit: int) -> bytes:
    """At most ``limit`` bytes of standard input (``-``) or of the file ``source`` (more is
    the caller's to judge: it gets ``limit`` bytes)."""
    if source == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            raise InvalidInput(f"{what} reads standard input, and there is none")
        return bytes(stream.read(limit))
    with open_file(source, what, "the path of a readable UTF-8 text file") as f:
        try:
            return f.read(limit)
        except OSError as err:
            raise InvalidInput(f"cannot read {what}: {err.strerror or err}; give a readable UTF-8 text file") from err


def read_stdin(limit: int, command: str) -> bytes:
    """All of standard input, if it is at most ``limit`` bytes; one line naming the limit if not."""
    try:
        return inputs.read_stream(sys.stdin.buffer, limit)
    except inputs.TooLarge:
        raise InvalidInput(f"standard input holds more than {describe(limit)}, the most `{command}` takes at once; "
                           "split it and give the parts one by one") from None
