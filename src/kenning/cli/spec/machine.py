"""Declarations of the commands that wire kenning into the machine and the tools around it:
``projects``, ``hooks``, ``watch``, ``mcp``, ``status``, ``completion``, ``wrap``, and ``hook``, the
entry point the installed hooks run on every commit and agent edit (read without argparse)."""

from __future__ import annotations

from kenning.cli.spec import REMAINDER, SUPPRESS, Arg, Command, table

HOOK_NAMES = ("pre-commit", "post-commit", "post-merge", "post-checkout", "pre-tool-use", "session-start",
              "post-tool-use", "session-end")

DECLARED = table([
    Command(
        "projects", "The machine-wide project registry that `ken mcp` serves.", "kenning.cli.commands:projects",
        Arg("action", choices=("list", "add", "remove", "use")),
        Arg("target", nargs="?", metavar="NAME|ALIAS|PATH", help="the project (a PATH for add)"),
        Arg("--name", help="add: the name to register (default: the repository folder's name)"),
        Arg("--alias", action="append", default=[], metavar="ALIAS", help="add: another name (repeatable)"),
        Arg("--clear", action="store_true", help="use: forget the active project (none is active then)"),
        common=("json",),
        examples=("ken projects list             # or: add PATH [--name N] [--alias A], remove NAME, use "
                  "NAME|--clear",),
        readme=(("`ken projects list|add PATH [--name N] [--alias A]…|remove NAME|use NAME|use --clear`",
                 "the machine-wide project registry `ken mcp` serves; `use` makes a project active, `use --clear` "
                 "leaves none active"),)),
    Command(
        "hooks", "Install, remove or inspect kenning's git hooks (or a coding agent's).", "kenning.cli.commands:hooks",
        Arg("action", choices=("install", "uninstall", "status")),
        Arg("--agent", choices=("claude", "codex", "gemini", "cursor"),
            help="the coding agent's hooks instead: .claude/settings.json, .codex/hooks.json, .gemini/settings.json "
                 "or .cursor/hooks.json (with its rule, .cursor/rules/kenning.mdc)"),
        common=("json",),
        examples=("ken hooks install          # or: uninstall, status",
                  "ken hooks install --agent claude   # Claude Code: the gate, the summary, capture"),
        readme=(("`ken hooks install|uninstall|status`",
                 "manage kenning's git hooks (`ken init` installs them unless `--no-hooks`); a hook whose kenning "
                 "markers an edit damaged (one missing or repeated) is never guessed at: install and uninstall "
                 "refuse in one line naming it, and write nothing"),)),
    Command(
        "watch", "Watch the tree; note a file saved many times in a short span (Ctrl-C stops).",
        "kenning.cli.commands:watch",
        Arg("--saves", type=int, help="saves of one file that make a churn note (config: watch.saves)"),
        Arg("--window", type=float, metavar="SECONDS", help="the span they must fall in (watch.window_seconds)"),
        examples=("ken watch --saves 6 --window 60",),
        readme=(("`ken watch [--saves N] [--window SECONDS]`",
                 "opt-in, foreground: a churn note when one file is saved many times in a short span"),)),
    Command(
        "mcp", "Serve the memory and the gate to MCP clients over stdio.", "kenning.cli.commands:mcp",
        Arg("--root", metavar="PATH", help="serve only this project (a boundary: calls naming another fail)"),
        data_out=True,
        examples=("ken mcp                    # started by an MCP client (`ken init` prints its configuration)",
                  "ken mcp --root ~/src/shop  # serve one project only"),
        readme=(("`ken mcp [--root PATH]`",
                 "the MCP server over stdio (see above); `--root` serves one project only"),)),
    Command(
        "status", "Every wire on one screen: git and agent hooks, MCP clients, the project registry, memory health "
        "and the git history read.", "kenning.cli.commands:status",
        common=("json",),
        examples=("ken status                 # hooks, MCP clients, registry and memory health; --json",),
        readme=(("`ken status`",
                 "every wire on one screen: git hooks (chained to what, the pre-commit framework), agent hooks and "
                 "whether their command resolves, MCP client configs, the registry, memory health, the git history "
                 "read"),)),
    Command(
        "completion", "Print a completion script for bash, zsh or fish.", "kenning.cli.parser:completion",
        Arg("shell", choices=("bash", "zsh", "fish")),
        data_out=True,
        examples=("ken completion bash > ~/.local/share/bash-completion/completions/ken",),
        readme=(("`ken completion bash|zsh|fish`",
                 "print a shell completion script (commands, flags, their values)"),)),
    Command(
        "wrap", "Run an agent CLI with the memory at hand: refreshes .kenning/summary.md, sets KEN_PROJECT and "
        "KEN_SUMMARY, exits with the command's exit code.", "kenning.cli.commands:wrap",
        Arg("argv", nargs=REMAINDER, metavar="-- COMMAND ...", help="the command to run, after --"),
        examples=("ken wrap -- aider --read .kenning/summary.md   # or: ken wrap -- $SHELL",),
        readme=(("`ken wrap -- COMMAND …`",
                 "run an agent CLI with the memory at hand: refreshes `summary.md`, sets `KEN_PROJECT`, "
                 "`KEN_SUMMARY`, `KEN_INSTRUCTIONS`, `KEN_MAP`; exits with the command's exit code (127: no such "
                 "command)"),)),
    Command(
        "hook", "Entry point run by installed hooks (not for direct use).", "kenning.cli.commands:hook",
        Arg("name", choices=HOOK_NAMES),
        Arg("hook_args", nargs="*", help=SUPPRESS),
        # free text, not choices: a hook refused by argparse exits 2, which Claude Code reads as "block"
        Arg("--agent", help=SUPPRESS),
        quick=True, data_out=True,
        examples=("ken hook pre-commit        # what the installed git hook runs",),
        readme=(("`ken hook NAME`",
                 "the entry point the installed git hooks run (`pre-commit`, `post-commit`, `post-merge`, "
                 "`post-checkout`)"),)),
])
