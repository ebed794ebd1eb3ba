"""Declarations of the commands that set kenning up in a repository: ``init``, ``setup``, ``backfill``,
``audit``."""

from __future__ import annotations

from kenning.cli.spec import Arg, Command, OneOf, table
from kenning.core.defaults import AUDIT_CONTROLS, AUDIT_SINCE, DEFAULT_CONFIG

_BACKFILL_DAYS = DEFAULT_CONFIG["capture"]["backfill_days"]

DECLARED = table([
    Command(
        "init", "Set up .kenning/ in this repository (idempotent).", "kenning.cli.commands:init",
        Arg("--private", action="store_true", help="keep kenning out of git (local only)"),
        Arg("--no-hooks", action="store_true", help="do not install git hooks"),
        Arg("--no-backfill", action="store_true", help="do not derive events from git history"),
        Arg("--backfill-days", type=int, metavar="N", help=f"days of history to derive (default {_BACKFILL_DAYS})"),
        Arg("--no-register", action="store_true", help="do not add the project to the registry"),
        common=("now", "json"),
        examples=("ken init                  # set up .kenning/ in this repository",),
        readme=(
            ("`ken init [--private] [--no-hooks] [--no-backfill] [--backfill-days N] [--no-register] [--now ISO8601] "
             "[--json]`",
             "set up `.kenning/`; idempotent; history is derived from the `--backfill-days` "
             f"(default {_BACKFILL_DAYS}) before `--now`; `--private` keeps everything out of git; `--json` reports "
             "what it did: every file (created, updated, unchanged), the git hooks installed, the events derived "
             "from git, the registry entry, the MCP server command"),
        )),
    Command(
        "setup", "Wire kenning into the coding agents installed here (hooks, MCP server, bridge file); "
        "--undo takes it out.", "kenning.cli.commands:setup",
        Arg("--agent", choices=("claude", "codex", "gemini", "cursor", "all"),
            help="wire this agent (default: every one installed here)"),
        Arg("--dry-run", action="store_true", help="print what would change, write nothing"),
        Arg("--undo", action="store_true", help="give back every file setup changed, byte for byte"),
        common=("json",),
        examples=("ken setup                 # every agent found on PATH: hooks, MCP server, bridge file",
                  "ken setup --agent gemini --dry-run   # or: --undo"),
        readme=(
            ("`ken setup [--agent claude|codex|gemini|cursor|all] [--dry-run] [--undo] [--json]`",
             "wire kenning into each coding agent installed here (or the one named): its hooks, its MCP server "
             "entry and its bridge file, printing every file it created or updated; running it again changes "
             "nothing; `--undo` gives each file back byte for byte (after `ken init`)"),
        )),
    Command(
        "backfill", "Derive events from more of the git history (after ken init).", "kenning.cli.commands:backfill",
        OneOf(Arg("--days", type=int, metavar="N", help="derive from the last N days"),
              Arg("--since", metavar="DATE", help="derive from this date (2025-01-01) or duration back (1y, 6mo, 26w)"),
              required=True),
        common=("now", "json"),
        examples=("ken backfill --since 2025-01-01   # or --days 400",),
        readme=(
            ("`ken backfill --days N|--since DATE`",
             "derive events from more of the git history (`2025-01-01`, `1y`, `26w`)"),
        )),
    Command(
        "audit", "Replay this repository's history: would the gate have warned before re-attempts of reverted "
        "changes?", "kenning.cli.commands:audit",
        Arg("--since", metavar="DATE", default=AUDIT_SINCE,
            help=f"re-attempts and controls from this date or duration back (default {AUDIT_SINCE})"),
        Arg("--controls", type=int, metavar="N", default=AUDIT_CONTROLS,
            help=f"ordinary commits to replay (default {AUDIT_CONTROLS})"),
        common=("now", "json"),
        examples=("ken audit --since 1y --json",),
        readme=(
            (f"`ken audit [--since {AUDIT_SINCE}] [--controls N] [--json]`",
             "replay this repository's history: re-attempts of reverted changes found, share warned before they "
             "happened, share naming the reverted change, noise on ordinary commits; the last report is kept in "
             "`.kenning/local/audit.json` for `ken visualize`; see [docs/audit.md](docs/audit.md)"),
        )),
])
