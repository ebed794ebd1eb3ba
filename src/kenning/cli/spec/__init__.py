"""Every ``ken`` command, declared once: its name, help, arguments with their defaults, example,
README row and handler. The argparse parser (``kenning.cli.parser``), the examples in its help, shell
completion, the quick argv reading of the hot commands (``kenning.cli.main``) and the README's command
table (``kenning.cli.spec.readme``) are all derived from these declarations.

The declarations are plain data in a few modules by noun (``COMMANDS`` maps each command to its
module, in the order ``ken --help`` lists them), imported only for the command being run, as
pip's ``commands_dict`` does: ``ken precheck`` loads ``spec.gate`` and nothing of the rest, and
no declaration imports argparse or a handler (a handler is named ``"module:function"``).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

# argparse's markers, spelled out so that no declaration imports argparse (tests hold them equal)
SUPPRESS = "==SUPPRESS=="
REMAINDER = "..."

# each command, in the order `ken --help` lists them, and the module (under kenning.cli.spec) declaring it
COMMANDS = {
    "init": "setup", "setup": "setup", "backfill": "setup", "audit": "setup",
    "issue": "writes", "attempt": "writes", "fix": "writes", "decide": "writes", "note": "writes", "forget": "writes",
    "show": "reads", "issues": "reads", "search": "reads", "summary": "reads", "regenerate": "reads",
    "plan": "reads", "instructions": "reads", "map": "reads", "stats": "reads", "visualize": "reads",
    "dashboard": "reads", "redact": "reads", "verify": "reads", "doctor": "reads",
    "precheck": "gate", "context": "gate", "brief": "gate", "score": "gate",
    "lessons": "exchange", "export": "exchange", "import": "exchange", "validate": "exchange",
    "projects": "machine", "hooks": "machine", "watch": "machine", "mcp": "machine", "status": "machine",
    "completion": "machine", "wrap": "machine", "hook": "machine",
}


class Arg:
    """One argument: its names (``"--lines"``, or a positional's ``"paths"``) and the keywords of
    argparse's ``add_argument``. A ``type`` is a builtin or a ``"module:function"`` string, loaded
    when the parser is built."""

    __slots__ = ("names", "options")

    def __init__(self, *names: str, **options: object) -> None:
        self.names, self.options = names, options

    @property
    def dest(self) -> str:
        """The namespace attribute argparse gives it."""
        given = self.options.get("dest")
        if isinstance(given, str):
            return given
        long = next((n for n in self.names if n.startswith("--")), self.names[0])
        return long.lstrip("-").replace("-", "_")

    @property
    def positional(self) -> bool:
        return not self.names[0].startswith("-")


class OneOf:
    """Arguments of which at most one (``required``: exactly one) may be given."""

    __slots__ = ("args", "required")

    def __init__(self, *args: Arg, required: bool = False) -> None:
        self.args, self.required = args, required


class Command:
    """One ``ken`` command. ``common`` names the shared options it takes (``"now"``, ``"json"``),
    in the order its help lists them; ``examples`` are the lines of its help's ``Example:``;
    ``readme`` its rows (usage, what it does) in the README's table; ``quick`` that its everyday
    argv is read without argparse (the gate and the hooks run it); ``data_out`` that its stdout
    is data for a program (a pipe, JSON-RPC, an agent's hook protocol), written byte for byte
    where other commands' control characters are shown escaped."""

    __slots__ = ("name", "help", "handler", "args", "common", "examples", "readme", "quick", "data_out")

    def __init__(self, name: str, help: str, handler: str, *args: Arg | OneOf, common: tuple[str, ...] = (),
                 examples: tuple[str, ...], readme: tuple[tuple[str, str], ...], quick: bool = False,
                 data_out: bool = False) -> None:
        self.name, self.help, self.handler, self.args = name, help, handler, args
        self.common, self.examples, self.readme = common, examples, readme
        self.quick, self.data_out = quick, data_out

    def arguments(self) -> list[Arg]:
        """Every argument, the shared ones first (as argparse adds its parents'), groups opened."""
        own = [a for item in self.args for a in (item.args if isinstance(item, OneOf) else (item,))]
        return [*(COMMON[name] for name in self.common), *own]


# the options many commands share, each declared once
COMMON = {
    "now": Arg("--now", metavar="ISO8601", help="the time to act as of (default: KEN_NOW or the clock)"),
    "json": Arg("--json", action="store_true", help="print JSON instead of text"),
}


def declared(name: str) -> Command:
    """The declaration of the command ``name`` (one of ``COMMANDS``), loading only its module."""
    module = __import__(f"kenning.cli.spec.{COMMANDS[name]}", fromlist=["DECLARED"])
    found: Command = module.DECLARED[name]
    return found


def every() -> list[Command]:
    """Every command, in the order ``ken --help`` lists them."""
    return [declared(name) for name in COMMANDS]


def load(ref: str) -> Callable[[argparse.Namespace], int]:
    """The function a ``"module:function"`` reference names, imported now."""
    module, _, name = ref.partition(":")
    found: Callable[[argparse.Namespace], int] = getattr(__import__(module, fromlist=[name]), name)
    return found


def table(commands: list[Command]) -> dict[str, Command]:
    """A module's ``DECLARED``: its commands by name."""
    return {command.name: command for command in commands}
