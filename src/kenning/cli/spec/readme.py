"""The README's command table, generated from the declarations: ``make readme`` rewrites it.

``python -m kenning.cli.spec.readme < README.md > README.new`` copies the README with the rows between
its two markers replaced by one row per ``readme`` entry of each command, in the order ``ken
--help`` lists them; tests/test_docs.py fails when the README differs from that copy.
"""

from __future__ import annotations

import sys

from kenning.cli.spec import every

BEGIN = "<!-- ken commands: generated from src/kenning/cli/spec by `make readme`; edit the declarations there -->"
END = "<!-- end of ken commands -->"
# the row before every command's: what `ken` alone does
FIRST = ("`ken`", "with no command: the overview of every command (exit 0)")


def table() -> str:
    """The table, header and rows, each cell's ``|`` escaped for Markdown."""
    rows = [FIRST, *(row for command in every() for row in command.readme)]
    lines = ["| command | what it does |", "|---|---|"]
    lines += [f"| {_cell(usage)} | {_cell(what)} |" for usage, what in rows]
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def replaced(readme: str) -> str:
    """``readme`` with the text between its markers replaced by the generated table."""
    start, end = readme.find(BEGIN), readme.find(END)
    if start < 0 or end < start:
        raise SystemExit(f"the README has no `{BEGIN}` ... `{END}` markers around its command table")
    return readme[:start + len(BEGIN)] + "\n" + table() + readme[end:]


if __name__ == "__main__":
    sys.stdout.write(replaced(sys.stdin.read()))
