"""The ``ken`` command line: read argv, call one ``app`` function, render the result.

Surfaces are imported lazily, per command, so the hot paths (``ken precheck``, ``ken hook``)
pay only for what they use: their everyday argv is read here without argparse, and every other
argv by the parser in ``kenning.cli.parser``. Errors are one line on stderr with the exit code of
their class (see ``kenning.core.errors``); a traceback never reaches a user.
"""

from __future__ import annotations

import gc
import os
import sys

from kenning.cli.spec import COMMANDS, Arg, declared, load
from kenning.core.errors import KenError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, NoReturn

# The argv the gate and the hooks run on every commit and every agent edit (the commands declared
# ``quick``), read without importing and building argparse (about 5 ms of the gate's 100): exact
# option names only, each value a word that does not start with "-", every positional before the
# first option. Any other argv (an abbreviation, --name=value, -h, --, a second run of
# positionals) goes to argparse; both read the one declaration in ``kenning.cli.spec``, and
# tests/cli/test_quick_argv.py holds them to the same namespace.

def _quick(words: list[str]) -> Any:
    """The namespace argparse would give ``words``, or None when they are not an everyday argv
    of a hot command (then argparse reads them)."""
    if not words or words[0] not in COMMANDS or not declared(words[0]).quick:
        return None
    command = declared(words[0])
    found: dict[str, Any] = {"command": command.name, "handler": command.handler}
    positionals: list[Arg] = []
    options: dict[str, Arg] = {}
    for arg in command.arguments():
        if arg.positional:
            positionals.append(arg)
        else:
            options.update(dict.fromkeys(arg.names, arg))
            found[arg.dest] = False if arg.options.get("action") == "store_true" else arg.options.get("default")
    rest = words[1:]
    end = next((i for i, word in enumerate(rest) if word.startswith("-")), len(rest))
    if not _read_options(rest[end:], options, found) or not _place(positionals, rest[:end], found):
        return None
    from types import SimpleNamespace

    return SimpleNamespace(**found)


def _read_options(words: list[str], options: dict[str, Arg], found: dict[str, Any]) -> bool:
    at = 0
    while at < len(words):
        arg = options.get(words[at])
        if arg is None:
            return False
        if arg.options.get("action") == "store_true":
            found[arg.dest] = True
            at += 1
            continue
        if at + 1 == len(words) or words[at + 1][:1] in ("-", ""):
            return False
        value = _value(arg, words[at + 1])
        if value is None:
            return False
        found[arg.dest] = value
        at += 2
    return True


def _value(arg: Arg, word: str) -> Any:
    """``word`` as the value of ``arg``, or None to leave it to argparse: its int() (on every
    occurrence) decides anything but plain digits, and its error messages are its own."""
    kind = arg.options.get("type")
    if kind is None:
        return word
    if kind is int:
        return int(word) if word.isascii() and word.isdigit() and len(word) <= 9 else None
    try:
        return (load(kind) if isinstance(kind, str) else kind)(word)  # type: ignore[operator]
    except Exception:  # noqa: BLE001 - whatever the type refuses, argparse reports in its words
        return None


def _place(positionals: list[Arg], words: list[str], found: dict[str, Any]) -> bool:
    """Each positional's words: one (from its choices, if it has them), or all the rest (``*``)."""
    at = 0
    for arg in positionals:
        if arg.options.get("nargs") == "*":
            found[arg.dest], at = words[at:], len(words)
        elif at < len(words) and _allowed(arg, words[at]):
            found[arg.dest], at = words[at], at + 1
        else:
            return False
    return at == len(words)


def _allowed(arg: Arg, word: str) -> bool:
    choices = arg.options.get("choices")
    return not isinstance(choices, tuple) or word in choices


class _Visible:
    """A text stream that writes control characters out (``\\x1b``) instead of sending them
    to a terminal, where they could rewrite what the user reads."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        from kenning.core.text import visible

        return int(self._stream.write(visible(text)))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class _terminal_safe:  # noqa: N801 - used as a context manager, like contextlib's
    """Text for people goes through ``_Visible``: stdout unless it carries data, stderr always."""

    def __init__(self, for_humans: bool) -> None:
        self.for_humans = for_humans
        self.saved = (sys.stdout, sys.stderr)

    def __enter__(self) -> None:
        if self.for_humans:
            sys.stdout = _Visible(sys.stdout)
        sys.stderr = _Visible(sys.stderr)

    def __exit__(self, *exc: object) -> None:
        sys.stdout, sys.stderr = self.saved


def _error(message: str) -> None:
    from kenning.core.text import visible

    sys.stderr.write(f"ken: error: {visible(message)}\n")


def _warning(message: str) -> None:
    """A use case's warning, as the CLI renders it: one line on stderr, the moment it is known."""
    print(f"ken: warning: {message}", file=sys.stderr)


def run() -> NoReturn:
    """The ``ken`` command (its console script and ``python -m kenning``): ``main``, its output
    flushed, then out without the interpreter's teardown. Every file it wrote is closed and every
    transaction committed by then; tearing down the modules and the objects a command made only
    costs time: 7 ms of a warm 20-file gate's 94, 90 ms after a summary folded 100,000 events.
    A caller in the same process (a test, an embedding) calls ``main`` and keeps its process."""
    code = main()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a reader that went away, or a stream already closed
            pass
    os._exit(code)


def main(argv: Sequence[str] | None = None) -> int:
    collecting = gc.isenabled()
    try:
        words = list(sys.argv[1:] if argv is None else argv)
        command = words[0] if words and words[0] in COMMANDS else None
        if command is not None and declared(command).quick:
            # the gate and the agent hooks run on every edit, and whatever they make lives until
            # they exit a few milliseconds later: the cyclic collector's passes (over the objects
            # their imports make) are waste, 3 to 6 ms of the gate's 100
            gc.disable()
        args = _quick(words)
        if args is None:
            from kenning.cli.parser import build_parser

            parser = build_parser(command)
            args = parser.parse_args(words)
            if not getattr(args, "handler", None):  # bare `ken`: the overview is what was asked for
                parser.print_help()
                return 0
        from kenning.app.warnings import warnings_to

        with _terminal_safe(for_humans=not getattr(args, "json", False) and not declared(words[0]).data_out), \
                warnings_to(_warning):
            return int(load(args.handler)(args))
    except KenError as err:
        _error(str(err))
        return err.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except OSError as err:
        _error(f"{err.strerror or err} ({getattr(err, 'filename', '') or 'I/O'})")
        return 2
    except UnicodeError as err:  # undecodable bytes in argv reach here as lone surrogates
        _error(f"an argument is not valid UTF-8 text ({err}); retype it, or pass it in UTF-8")
        return 2
    except Exception as err:  # noqa: BLE001 - the last line of defence: never a traceback
        from kenning.app.project import environment

        if environment("KEN_DEBUG"):
            raise
        if type(err).__module__ == "sqlite3":  # the index failed in a way the memory could not absorb
            _error(f"the index .kenning/cache/index.sqlite failed ({err}); `ken regenerate` rebuilds it")
            return 2
        _error(f"unexpected {type(err).__name__}: {err} (a bug: please report it; KEN_DEBUG=1 shows the traceback)")
        return 2
    finally:
        if collecting:  # a caller in the same process (a test, an embedding) gets it back
            gc.enable()
