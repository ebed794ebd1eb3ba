"""Each ``ken`` command is declared once, in ``kenning.cli.spec``: the registry, the declarations and
the handlers they name agree, and the hot commands' declarations load nothing they do not need."""

from __future__ import annotations

import argparse
import importlib

import pytest

from kenning.cli import spec
from kenning.cli.parser import build_parser

from .conftest import Repo


def test_the_registry_and_the_declaring_modules_agree() -> None:
    """Every command in ``COMMANDS`` is declared in the module named for it, and each module
    declares only those, in the order ``ken --help`` lists them."""
    for module in sorted(set(spec.COMMANDS.values())):
        declared = importlib.import_module(f"kenning.cli.spec.{module}").DECLARED
        assert list(declared) == [name for name, home in spec.COMMANDS.items() if home == module], module
        assert all(command.name == name for name, command in declared.items())
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert list(sub.choices) == list(spec.COMMANDS)


@pytest.mark.parametrize("name", list(spec.COMMANDS))
def test_every_handler_is_a_launcher_function(name: str) -> None:
    ref = spec.declared(name).handler
    assert ref.split(":")[0] in ("kenning.cli.commands", "kenning.cli.lesson_commands", "kenning.cli.parser"), ref
    assert callable(spec.load(ref)), ref


def test_the_markers_are_argparse_own() -> None:
    assert (spec.SUPPRESS, spec.REMAINDER) == (argparse.SUPPRESS, argparse.REMAINDER)


@pytest.mark.parametrize("name", [n for n in spec.COMMANDS if spec.declared(n).quick])
def test_a_quick_command_declares_only_what_the_quick_reading_understands(name: str) -> None:
    """kenning.cli.main reads flags, single-valued options and positionals taking one word or the
    rest: a group, a repeated option or an optional positional would be read wrongly there."""
    command = spec.declared(name)
    assert not any(isinstance(item, spec.OneOf) for item in command.args)
    for arg in command.arguments():
        if arg.positional:
            assert arg.options.get("nargs") in (None, "*"), arg.names
        else:
            assert arg.options.get("action") in (None, "store_true"), arg.names
            assert "choices" not in arg.options and "nargs" not in arg.options, arg.names
    positionals = [a for a in command.arguments() if a.positional]
    assert all(a.options.get("nargs") is None for a in positionals[:-1])  # only the last takes the rest


def test_a_default_is_the_one_the_shared_defaults_declare() -> None:
    from kenning.core import defaults

    def default(command: str, option: str) -> object:
        return next(a for a in spec.declared(command).arguments() if option in a.names).options["default"]

    assert default("precheck", "--lines") == defaults.GATE_LINES
    assert default("context", "--tokens") == defaults.CONTEXT_TOKENS
    assert default("export", "--tokens") == defaults.EXPORT_TOKENS
    assert default("search", "--limit") == defaults.SEARCH_LIMIT
    assert default("lessons", "--limit") == defaults.LESSONS_LIMIT


def test_a_data_command_writes_its_stdout_byte_for_byte(repo: Repo) -> None:
    """``ken redact`` (declared ``data_out``) passes an escape sequence through to the pipe; a
    command for people shows it written out instead."""
    assert repo.ken("redact", input="red \x1b[31m text\n").stdout == "red \x1b[31m text\n"
    repo.ok("note", "esc \x1b[31m here")
    shown = repo.ok("search", "esc").stdout
    assert "\x1b" not in shown and "\\x1b" in shown
