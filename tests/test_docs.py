"""Every ``ken`` command is documented: in the README's CLI reference, and in its own help with
an ``Example:`` (help text is interface: docs/ARCHITECTURE.md, "A new CLI command"). The
repository stands alone: nothing in it points at a document kept outside it."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from kenning.cli.parser import build_parser

ROOT = Path(__file__).resolve().parents[1]


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert len(actions) == 1, "ken has one level of subcommands"
    return dict(actions[0].choices)


def help_lines() -> dict[str, str]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {choice.dest: choice.help or "" for choice in action._choices_actions}


COMMANDS = sorted(subcommands())


def cli_reference() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"^## CLI reference\n(.*?)(?=^## |\Z)", readme, re.S | re.M)
    assert match, "README.md has no `## CLI reference` section"
    return match.group(1)


def test_there_are_commands_to_check() -> None:
    assert {"init", "issue", "attempt", "fix", "decide", "note", "summary"} <= set(COMMANDS)


@pytest.mark.parametrize("name", COMMANDS)
def test_command_is_in_the_readme_cli_reference(name: str) -> None:
    assert re.search(rf"`ken {re.escape(name)}(?=[ `])", cli_reference()), \
        f"`ken {name}` is missing from README.md's CLI reference"


@pytest.mark.parametrize("name", COMMANDS)
def test_command_has_help_and_an_example(name: str) -> None:
    sub = subcommands()[name]
    assert help_lines().get(name, "").strip(), f"`ken {name}` has no one-line help in `ken --help`"
    assert (sub.description or "").strip(), f"`ken {name} --help` has no description"
    text = sub.format_help()
    match = re.search(r"^Example:\n\s+(.+)$", text, re.M)
    assert match, f"`ken {name} --help` has no `Example:` epilog"
    assert re.search(rf"\bken {re.escape(name)}\b", match.group(1)), f"the example of `ken {name}` does not run it"


WRITE_SUMMARIES = {"issue": "the problem", "attempt": "the approach tried", "fix": "what fixed it",
                   "decide": "what was decided", "note": "what to remember"}


@pytest.mark.parametrize("name", sorted(WRITE_SUMMARIES))
def test_each_write_says_what_its_summary_is(name: str) -> None:
    """The summary's help is the command's own, never one copied from another command."""
    summary = next(a for a in subcommands()[name]._actions if a.dest == "summary")
    assert summary.help and summary.help.startswith(f"one line: {WRITE_SUMMARIES[name]}"), summary.help
    assert "what happened" not in subcommands()[name].format_help()


# built here, not written out, so that this file does not hold what it looks for
OUTSIDE = tuple(" ".join(words) for words in (("DESIGN", "section"), ("DESIGN", "§"), ("STYLE", "rule"))) + (
    "DESIGN" + ".md", "STYLE" + ".md", ".." + "/shared")
SHIPPED = ("src", "tests", "docs", "bench", "demo", ".ci", "README.md", "Makefile", "pyproject.toml")


def shipped_text_files() -> list[Path]:
    found = []
    for top in SHIPPED:
        path = ROOT / top
        for file in sorted(path.rglob("*")) if path.is_dir() else [path]:
            if file.is_file() and "__pycache__" not in file.parts and file.suffix != ".pyc":
                found.append(file)
    return found


def test_nothing_points_at_a_document_outside_the_repository() -> None:
    """A reader of the code, tests or docs finds every rule they cite in the repository itself
    (docs/): a pointer at a design or style file kept elsewhere leads nowhere for them."""
    files = shipped_text_files()
    assert len(files) > 100, "the repository's files were not found"
    found = []
    for file in files:
        try:
            text = file.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # not text
        found += [f"{file.relative_to(ROOT)}:{number}: {line.strip()}"
                  for number, line in enumerate(text.splitlines(), 1) if any(n in line for n in OUTSIDE)]
    assert not found, "\n".join(found)


def test_the_readme_command_table_is_the_one_the_declarations_make() -> None:
    """The table is generated from kenning.cli.spec: an edit to either alone shows here."""
    from kenning.cli.spec.readme import replaced

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert replaced(readme) == readme, "README.md's command table drifted from src/kenning/spec: run `make readme`"


@pytest.mark.parametrize("name", COMMANDS)
def test_every_option_a_readme_row_names_is_one_the_command_takes(name: str) -> None:
    """A renamed or removed option cannot linger in the README's usage column."""
    from kenning.cli.spec import declared

    command = declared(name)
    takes = {n for arg in command.arguments() for n in arg.names}
    for usage, _ in command.readme:
        named = set(re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", usage)) - {"--"}
        assert named <= takes, f"the README row `{usage}` names {sorted(named - takes)}, which `ken {name}` lacks"
        assert f"`ken {name}" in usage, f"a README row of `ken {name}` is about another command: {usage}"
