"""The ``ken`` parser, built with argparse from the commands' declarations (``kenning.cli.spec``).

``kenning.cli.main`` builds it for the one command argv names (all of them for help and completion),
except for the hot commands' everyday argv, which it reads without importing argparse.
"""

from __future__ import annotations

import argparse
import sys

from kenning import __version__
from kenning.cli.spec import COMMON, SUPPRESS, Arg, Command, OneOf, declared, every, load

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# ken speaks English only; argparse's message lookups search the disk for translation catalogs on
# every parser and argument, so they are turned off: building and parsing the gate's command
# takes 4.8 ms with this and 6.5 ms without (measured on the 2-core CI machine, 30 runs each).
argparse._ = lambda message: message  # type: ignore[attr-defined]


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """A fixed width (``COLUMNS`` or 100): asking the terminal imports shutil on every parse."""

    def __init__(self, prog: str) -> None:
        from kenning.app.project import environment

        columns = environment("COLUMNS")
        super().__init__(prog, width=int(columns) if columns.isdigit() else 100)


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"ken: error: {message}; see `{self.prog} --help`\n")
        raise SystemExit(2)


def build_parser(only: str | None = None) -> _Parser:
    """The whole parser, or (``only``, one of ``spec.COMMANDS``) the top level plus that command:
    building all of them costs ~25 ms, a third of the gate's budget. Each command's ``handler``
    is its declaration's ``"module:function"``, which ``kenning.cli.main`` loads to run it."""
    parser = _Parser(prog="ken", description="kenning: project memory and a judgment gate for coding agents.")
    parser.add_argument("--version", action="version", version=f"ken {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    common: dict[str, _Parser] = {}
    for command in [declared(only)] if only is not None else every():
        for name in command.common:
            if name not in common:
                common[name] = _Parser(add_help=False)
                _add(common[name], COMMON[name])
        _subcommand(sub, command, [common[name] for name in command.common])
    return parser


def _subcommand(sub: argparse._SubParsersAction[_Parser], command: Command, parents: list[_Parser]) -> None:
    parser = sub.add_parser(command.name, help=command.help, description=command.help, parents=parents,
                            epilog="Example:\n  " + "\n  ".join(command.examples), formatter_class=_Formatter)
    parser.set_defaults(handler=command.handler)
    for item in command.args:
        if isinstance(item, OneOf):
            group = parser.add_mutually_exclusive_group(required=item.required)
            for arg in item.args:
                _add(group, arg)
        else:
            _add(parser, item)


def _add(parser: argparse._ActionsContainer, arg: Arg) -> None:
    options: dict[str, Any] = dict(arg.options)
    if isinstance(options.get("type"), str):  # "module:function", loaded only when this parser is built
        options["type"] = load(options["type"])
    if options.get("help") == SUPPRESS:
        options["help"] = argparse.SUPPRESS  # argparse knows its marker by identity, not by its text
    parser.add_argument(*arg.names, **options)


def completion(args: argparse.Namespace) -> int:
    """``ken completion``: here, beside the parser it describes (commands never import cli)."""
    from kenning.cli.completion import script

    sys.stdout.write(script(build_parser(), args.shell))  # the whole parser: built for this command only
    return 0
