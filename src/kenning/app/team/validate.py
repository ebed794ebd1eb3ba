"""``ken validate [FILE]``: hold a log (by default this project's) to the event format, schema v1.

Every line is checked (``core.schema``): each problem comes back with its line number, and the
file is read as bytes, so a line that is not UTF-8 is a problem like any other, not a crash.
Nothing is written, and no index is built: it works on any file, in any folder.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from kenning.app.project import find_project
from kenning.core.errors import InvalidInput
from kenning.core.schema import check_log
from kenning.store import inputs

# bytes read into memory at most: a log this large holds millions of events
MAX_LOG = 512 << 20

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def validate(source: str | None = None, cwd: Path | None = None) -> dict[str, Any]:
    """The report on ``source`` (a path, ``-`` for standard input, None for this project's log):
    lines read, valid events, and every problem as {line, problem}."""
    name, data = _read(source, cwd)
    lines = data.split(b"\n")
    unterminated = not data.endswith(b"\n")
    if not unterminated or data == b"":
        lines.pop()  # what follows the last newline: nothing
    valid, found = check_log(lines, unterminated and data != b"")
    return {"file": name, "lines": len(lines), "events": valid, "valid": not found,
            "problems": [{"line": number, "problem": problem} for number, problem in found]}


def _read(source: str | None, cwd: Path | None) -> tuple[str, bytes]:
    if source == "-":
        try:
            return "standard input", inputs.read_stream(sys.stdin.buffer, MAX_LOG)
        except inputs.TooLarge:
            raise InvalidInput(f"standard input holds more than {inputs.describe(MAX_LOG)}, the most "
                               "`ken validate` reads; validate the file by its path") from None
    if source is None:
        project = find_project(cwd).require_initialized()
        path, name = project.log_path, ".kenning/events.jsonl"
    else:
        path = Path(os.path.expanduser(source))
        path, name = (path if path.is_absolute() else (cwd or Path.cwd()) / path), source
    try:
        if path.is_dir():
            raise InvalidInput(f"{name} is a directory; give an events file (.jsonl)")
        return name, inputs.read_regular(path, MAX_LOG)
    except FileNotFoundError as err:
        raise InvalidInput(f"{name}: no such file") from err
    except inputs.NotRegular as err:
        raise InvalidInput(f"{name} is {err}; give an events file (.jsonl)") from None
    except inputs.TooLarge:
        raise InvalidInput(f"{name} is larger than {inputs.describe(MAX_LOG)}, the most `ken validate` reads; "
                           "split it (`split -l 100000`) and validate the parts") from None
    except (OSError, ValueError) as err:  # ValueError: a NUL in the path
        raise InvalidInput(f"cannot read {name}: {getattr(err, 'strerror', None) or err}") from err
