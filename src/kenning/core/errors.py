"""The one error tree of kenning, each class carrying its exit code.

    KenError                 exit 2   generic user-facing failure
    ├── InvalidInput         exit 2   bad argument, bad reference, bad path
    │   └── BadConfig        exit 2   a value of .kenning/config.toml (the gate's hooks say so aloud)
    ├── NotInitialized       exit 3   no .kenning/ in this repository
    ├── MemoryUnreadable     exit 4   the log exists but cannot be read
    ├── LockTimeout          exit 2   another writer held the log lock too long
    ├── UnsafePath           exit 2   a symbolic link kenning does not follow (files.inside)
    ├── ExtraMissing         exit 2   a package a surface needs is not installed (``kenning[watch]``)
    ├── CommandNotFound      exit 127 ``ken wrap``: no such command (the exit a shell gives)
    └── CommandNotRunnable   exit 126 ``ken wrap``: the command exists but cannot be run

A gate *block* is not an error: it is a verdict value (exit 1 only with ``--strict``).
Messages say what was wrong and what to do, on one line.
"""

from __future__ import annotations


class KenError(Exception):
    """Base of every error shown to a user; ``str(err)`` is the one line they read."""

    exit_code = 2


class InvalidInput(KenError):
    exit_code = 2


class Repeats(InvalidInput):
    """A write refused because it repeats a standing memory (``core.duplicates``): ``event_id``
    names the memory it repeats."""

    def __init__(self, message: str, event_id: str = "") -> None:
        super().__init__(message)
        self.event_id = event_id


class BadConfig(InvalidInput):
    """``.kenning/config.toml`` cannot be read or holds a bad value; the message names the key."""


class NotInitialized(KenError):
    exit_code = 3


class MemoryUnreadable(KenError):
    exit_code = 4


class LockTimeout(KenError):
    exit_code = 2


class ExtraMissing(KenError):
    """A surface whose package is an extra that this installation lacks (``extra_missing``)."""

    exit_code = 2


def extra_missing(surface: str, extra: str, install: str) -> ExtraMissing:
    """``install``: the command that adds the extra (``app.setup.installation.extra_command``)."""
    return ExtraMissing(f"{surface} needs kenning's `{extra}` extra, which is not installed here: {install}")


def package_missing(surface: str, package: str, reinstall: str) -> ExtraMissing:
    """A dependency gone from ken's environment (a broken or partial installation); ``reinstall``:
    the command that mends it (``app.setup.installation.reinstall_command``)."""
    return ExtraMissing(f"{surface} needs the `{package}` package, which is missing from ken's environment; "
                        f"reinstall kenning ({reinstall})")


class UnsafePath(KenError):
    exit_code = 2


class CommandNotFound(KenError):
    exit_code = 127


class CommandNotRunnable(KenError):
    exit_code = 126


def cause(err: BaseException) -> str:
    """The cause of an error in a few words, for the one line a user reads: an OS error's own
    text ("No space left on device") with the file it was about, else the error's message."""
    if isinstance(err, OSError) and err.strerror:
        return f"{err.strerror}: {err.filename}" if err.filename else err.strerror
    return str(err)
