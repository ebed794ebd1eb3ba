"""The ``ken`` command line: read argv, call one ``app`` function, render the result.

Surfaces are imported lazily, per command, so the hot paths (``ken precheck``, ``ken hook``)
pay only for what they use: their everyday argv is read here without argparse, and every other
argv by the parser in ``kenning.parser``. Errors are one line on stderr with the exit code of
their class (see ``kenning.core.errors``); a traceback never reaches a user.
"""

from __future__ import annotations

import gc
import sys

from kenning.core.errors import KenError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

# The argv the gate and the hooks run on every commit and every agent edit, read without
# importing and building argparse (about 5 ms of the gate's 100): exact option names only, each
# value a word that does not start with "-", every positional before the first option. Any other
# argv (an abbreviation, --name=value, -h, --, a second run of positionals) goes to argparse, the
# one definition of the command line; tests/cli/test_quick_argv.py holds the two to the same
# namespace. Per command: (the positionals' names, the first taking one word and the last the
# rest; flags; options taking a value; the defaults).
_QUICK: dict[str, tuple[tuple[str, ...], dict[str, str], dict[str, str], dict[str, Any]]] = {
    "precheck": (("paths",), {"--json": "json", "--strict": "strict", "--quiet": "quiet", "-q": "quiet",
                              "--unsnooze": "unsnooze"},
                 {"--now": "now", "--snooze": "snooze", "--reason": "reason", "--lines": "lines"},
                 {"now": None, "json": False, "strict": False, "snooze": None, "reason": None,
                  "unsnooze": False, "quiet": False, "lines": 12}),
    "hook": (("name", "hook_args"), {}, {"--agent": "agent"}, {"agent": None}),
}


def _quick(words: list[str]) -> Any:
    """The namespace argparse would give ``words``, or None when they are not an everyday argv
    of a hot command (then argparse reads them)."""
    if not words or words[0] not in _QUICK:
        return None
    from kenning import commands

    names, flags, valued, defaults = _QUICK[words[0]]
    found: dict[str, Any] = {"command": words[0], **defaults}
    rest = words[1:]
    end = next((i for i, word in enumerate(rest) if word.startswith("-")), len(rest))
    positionals, options = rest[:end], rest[end:]
    if not _read_options(options, flags, valued, found) or not _place(names, positionals, found):
        return None
    from types import SimpleNamespace

    return SimpleNamespace(**found, handler=getattr(commands, words[0]))


def _read_options(options: list[str], flags: dict[str, str], valued: dict[str, str], found: dict[str, Any]) -> bool:
    at = 0
    while at < len(options):
        word = options[at]
        if word in flags:
            found[flags[word]] = True
            at += 1
        elif word in valued and at + 1 < len(options) and options[at + 1][:1] not in ("-", ""):
            value = options[at + 1]
            if valued[word] == "lines":  # argparse's int(), on every occurrence, decides anything but plain digits
                if not (value.isascii() and value.isdigit() and len(value) <= 9):
                    return False
                found["lines"] = int(value)
            else:
                found[valued[word]] = value
            at += 2
        else:
            return False
    return True


def _place(names: tuple[str, ...], positionals: list[str], found: dict[str, Any]) -> bool:
    if len(names) == 1:
        found[names[0]] = positionals
        return True
    from kenning.commands import HOOK_NAMES

    if not positionals or positionals[0] not in HOOK_NAMES:  # the hook's name: one of its choices
        return False
    found[names[0]], found[names[1]] = positionals[0], positionals[1:]
    return True


# commands whose stdout is data for a program (a pipe, JSON-RPC, an agent's hook protocol)
_EXACT_OUTPUT = ("redact", "mcp", "hook", "completion")


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


def main(argv: Sequence[str] | None = None) -> int:
    collecting = gc.isenabled()
    try:
        words = list(sys.argv[1:] if argv is None else argv)
        if words and words[0] in _QUICK:
            # the gate and the agent hooks run on every edit, and whatever they make lives until
            # they exit a few milliseconds later: the cyclic collector's passes (over the objects
            # their imports make) are waste, 3 to 6 ms of the gate's 100
            gc.disable()
        args = _quick(words)
        if args is None:
            from kenning.parser import COMMANDS, build_parser

            parser = build_parser(words[0] if words and words[0] in COMMANDS else None)
            args = parser.parse_args(words)
            if not getattr(args, "handler", None):  # bare `ken`: the overview is what was asked for
                parser.print_help()
                return 0
        from kenning.app.reporting import warnings_to

        with _terminal_safe(for_humans=not getattr(args, "json", False) and words[0] not in _EXACT_OUTPUT), \
                warnings_to(_warning):
            return int(args.handler(args))
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
