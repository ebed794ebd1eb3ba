"""The ``ken`` parser: every command, its options, help and examples, defined once with argparse.

``kenning.cli`` builds it for the one command argv names (all of them for help and completion),
except for the hot commands' everyday argv, which it reads without importing argparse.
"""

from __future__ import annotations

import argparse
import sys

from kenning import __version__
from kenning.core.events import OUTCOMES, TYPES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

EXAMPLES = {
    "init": "ken init                  # set up .kenning/ in this repository",
    "backfill": "ken backfill --since 2025-01-01   # or --days 400",
    "audit": "ken audit --since 1y --json",
    "issue": 'ken issue "Webhook retries create duplicate charges" --at src/payments/webhook.py:42',
    "attempt": 'ken attempt "Deduplicated on the event id" --failed --issue k7q2',
    "fix": 'ken fix "Write the idempotency key before charging" --issue k7q2 --details "test_retry passes"',
    "decide": 'ken decide "Idempotency keys live in Postgres" --supersedes evt_3f2a',
    "note": 'ken note "The staging webhook secret rotates weekly" --lesson',
    "show": "ken show k7q2            # an issue with its attempts and fix; or an event id",
    "issues": "ken issues --all",
    "search": 'ken search "idempotency" --type decision',
    "summary": "ken summary --full",
    "regenerate": "ken regenerate           # rebuild the index and summary.md from the log",
    "plan": 'ken plan "Move the retry queue to Redis"   # append an idea; `ken plan` alone prints the plan',
    "instructions": "ken instructions           # the agent protocol, .kenning/AI_INSTRUCTIONS.md",
    "map": "ken map --build            # the code map: source files and their import edges\n"
           "  ken map                    # the project map, .kenning/PROJECT_MAP.md (and the most imported files)",
    "stats": "ken stats --json",
    "visualize": "ken visualize --open       # one page: heat map, timeline, issues, decisions, code map, gate\n"
                 "  ken visualize -o memory.html --now 2031-01-01T00:00:00Z   # the same memory, the same bytes",
    "dashboard": "ken dashboard -o ~/kenning.html   # every registered project side by side",
    "redact": "git diff | ken redact",
    "doctor": "ken doctor --fix            # after a merge: report, then repair by appending",
    "hooks": "ken hooks install          # or: uninstall, status\n"
             "  ken hooks install --agent claude   # Claude Code's PreToolUse and SessionStart",
    "hook": "ken hook pre-commit        # what the installed git hook runs",
    "watch": "ken watch --saves 6 --window 60",
    "precheck": "ken precheck src/payments/webhook.py            # before editing it\n"
                "  ken precheck src/a.py --snooze 2d --reason \"known, fixing it in #k7q2\"\n"
                "  ken precheck src/a.py --unsnooze   # end its snoozes now",
    "context": "ken context --tokens 1500 --at src/payments/webhook.py",
    "brief": "ken brief                  # one screen at the start of a session",
    "score": "ken score --since 30d --json   # or a date: --since 2026-01-01",
    "lessons": "ken lessons --library stripe\n"
               "  ken lessons forget evt_3f2a   # hide one lesson on this machine (logged)\n"
               "  ken lessons add \"stripe retries webhooks for 3 days; dedupe on the event id\" --library stripe\n"
               "  ken lessons export lessons.jsonl   # or import lessons.jsonl; `-` prints to stdout\n"
               "  ken lessons prune --older-than 1y --dry-run\n"
               "  ken lessons remote git@example.com:team/lessons.git && ken lessons sync",
    "export": "ken export --claude-md --agents-md --cursor   # or --stdout to print the block\n"
              "  ken export --jsonl --type decision --since 90d -o decisions.jsonl   # the log itself, filtered\n"
              "  ken export --markdown --path src/payments   # a readable report",
    "import": "ken import --from projectmem .projectmem/events.jsonl --dry-run   # then again without --dry-run\n"
              "  ken import --from beads .beads/issues.jsonl\n"
              "  ken import --from jsonl teammate-export.jsonl",
    "validate": "ken validate               # this project's log; or: ken validate export.jsonl",
    "projects": "ken projects list             # or: add PATH [--name N] [--alias A], remove NAME, use NAME|--clear",
    "status": "ken status                 # hooks, MCP clients, registry and memory health; --json",
    "completion": "ken completion bash > ~/.local/share/bash-completion/completions/ken",
    "wrap": "ken wrap -- aider --read .kenning/summary.md   # or: ken wrap -- $SHELL",
    "mcp": "ken mcp                    # started by an MCP client (`ken init` prints its configuration)\n"
           "  ken mcp --root ~/src/shop  # serve one project only",
}


COMMANDS = ("init", "issue", "attempt", "fix", "decide", "note", "show", "issues", "search", "summary",
            "regenerate", "plan", "redact", "doctor", "precheck", "context", "brief", "score", "lessons", "export",
            "import", "validate",
            "projects", "stats", "instructions", "map", "visualize", "dashboard",
            "mcp", "hooks", "watch", "hook", "status", "completion", "wrap")


LESSON_ACTIONS = ("forget", "add", "export", "import", "prune", "remote", "sync")

_MEANINGS = {"failed": "it failed", "worked": "it worked", "partial": "it partly worked"}

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


class _Skipped:
    """Stands in for the parser of a command that is not being run: building all of them costs
    ~25 ms, a third of the gate's budget, so ``main`` builds only the one argv names."""

    def add_argument(self, *args: object, **kwargs: object) -> None:
        pass

    def add_mutually_exclusive_group(self, **kwargs: object) -> _Skipped:
        return self


_ONLY: list[str | None] = [None]


def _command(sub: argparse._SubParsersAction[_Parser], name: str, help_text: str,
             handler: Callable[[argparse.Namespace], int], common: list[_Parser]) -> _Parser:
    if _ONLY[0] is not None and name != _ONLY[0]:
        return _Skipped()  # type: ignore[return-value]
    parser = sub.add_parser(name, help=help_text, description=help_text, parents=common,
                            epilog=f"Example:\n  {EXAMPLES[name]}" if name in EXAMPLES else None,
                            formatter_class=_Formatter)
    parser.set_defaults(handler=handler)
    return parser


def _lessons(args: argparse.Namespace) -> int:
    """``ken lessons``: its handlers are the launcher's lesson_commands (which use commands' helpers)."""
    from kenning.lesson_commands import lessons as run_lessons

    return run_lessons(args)


def _completion(args: argparse.Namespace) -> int:
    """``ken completion``: here, beside the parser it describes (commands never import cli)."""
    from kenning.completion import script

    sys.stdout.write(script(build_parser(), args.shell))  # the whole parser: built for this command only
    return 0


def build_parser(only: str | None = None) -> _Parser:
    """The whole parser, or (``only``) the top level plus one command."""
    from kenning import commands as c

    _ONLY[0] = only
    parser = _Parser(prog="ken", description="kenning: project memory and a judgment gate for coding agents.")
    parser.add_argument("--version", action="version", version=f"ken {__version__}")
    timed = _Parser(add_help=False)
    timed.add_argument("--now", metavar="ISO8601", help="the time to act as of (default: KEN_NOW or the clock)")
    as_json = _Parser(add_help=False)
    as_json.add_argument("--json", action="store_true", help="print JSON instead of text")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = _command(sub, "init", "Set up .kenning/ in this repository (idempotent).", c.init, [timed, as_json])
    p.add_argument("--private", action="store_true", help="keep kenning out of git (local only)")
    p.add_argument("--no-hooks", action="store_true", help="do not install git hooks")
    p.add_argument("--no-backfill", action="store_true", help="do not derive events from git history")
    p.add_argument("--backfill-days", type=int, metavar="N", help="days of history to derive (default 90)")
    p.add_argument("--no-register", action="store_true", help="do not add the project to the registry")

    p = _command(sub, "backfill", "Derive events from more of the git history (after ken init).", c.backfill,
                 [timed, as_json])
    span = p.add_mutually_exclusive_group(required=True)
    span.add_argument("--days", type=int, metavar="N", help="derive from the last N days")
    span.add_argument("--since", metavar="DATE",
                      help="derive from this date (2025-01-01) or duration back (1y, 6mo, 26w)")

    p = _command(sub, "audit", "Replay this repository's history: would the gate have warned before "
                 "re-attempts of reverted changes?", c.audit, [timed, as_json])
    p.add_argument("--since", metavar="DATE", default="1y",
                   help="re-attempts and controls from this date or duration back (default 1y)")
    p.add_argument("--controls", type=int, metavar="N", default=200, help="ordinary commits to replay (default 200)")

    def write(name: str, help_text: str, summary: str, issue: str | None) -> _Parser:
        p = _command(sub, name, help_text, c.write, [timed, as_json])
        p.add_argument("summary", help=f"one line: {summary}")
        p.add_argument("--at", metavar="PATH[:LINE]",
                       help="the file it concerns, optionally with a line from 1: src/a.py or src/a.py:42")
        details = p.add_mutually_exclusive_group()
        details.add_argument("--details", metavar="TEXT",
                             help="longer text: error output, the approach, evidence ('-' reads standard input)")
        details.add_argument("--details-file", metavar="PATH", help="read the details from this UTF-8 text file")
        if issue:
            p.add_argument("--issue", metavar="ID", help=issue)
        return p

    write("issue", "Record a problem to solve.", "the problem, as it shows", None)
    p = write("attempt", "Record an approach and its outcome.", "the approach tried",
              "the issue it tries to solve (optional when exactly one is open)")
    outcome = p.add_mutually_exclusive_group()
    for flag in OUTCOMES:
        outcome.add_argument(f"--{flag}", dest="outcome", action="store_const", const=flag,
                             help=f"the outcome: {_MEANINGS.get(flag, flag)}")
    p.add_argument("--diff", action="store_true",
                   help="attach the working tree's diff of the --at file (so the gate can recognize the change)")
    write("fix", "Record the fix of an issue (with evidence in --details).", "what fixed it",
          "the issue it fixes (optional when exactly one is open)")
    p = write("decide", "Record a decision; --supersedes retires an earlier one.",
              "what was decided, and why if it fits", "a related issue")
    p.add_argument("--supersedes", metavar="EVENT_ID", help="id (or unique prefix) of the decision it replaces")
    p.add_argument("--lesson", action="store_true", help="mark as a reusable lesson")
    p = write("note", "Record a note.", "what to remember", "a related issue")
    p.add_argument("--lesson", action="store_true", help="mark as a reusable lesson")

    p = _command(sub, "show", "Show an issue (id or prefix) or an event.", c.show, [as_json])
    p.add_argument("ref", metavar="ID")
    p = _command(sub, "issues", "List open issues (--all: done ones too).", c.issues, [as_json])
    p.add_argument("--all", action="store_true", help="include done issues")
    p = _command(sub, "search", 'Search events: every word, in any form; "quoted words" as a phrase.', c.search,
                 [as_json])
    p.add_argument("query", nargs="?", default="")
    p.add_argument("--type", choices=TYPES)
    p.add_argument("--at", metavar="PATH", help="only events located in this file")
    p.add_argument("--limit", type=int, default=20)
    p = _command(sub, "summary", "Print the session-start summary.", c.summary, [as_json])
    p.add_argument("--full", action="store_true", help="print everything, without the budget")
    _command(sub, "regenerate", "Rebuild the index and summary.md from the log.", c.regenerate, [])
    p = _command(sub, "plan", "Print .kenning/plan.md, or append an idea to it (it is intent, never an event).",
                 c.plan, [as_json])
    p.add_argument("idea", nargs="?", help="append this as a bullet under the plan's Ideas heading")
    _command(sub, "instructions", "Print the agent protocol, .kenning/AI_INSTRUCTIONS.md.", c.instructions,
             [as_json])
    p = _command(sub, "map", "Print the project map, .kenning/PROJECT_MAP.md (edit its Purpose directly); "
                 "--build derives the code map: source files and their import edges.", c.project_map,
                 [timed, as_json])
    p.add_argument("--build", action="store_true", help="build or update the code map (.kenning/cache/codemap.json) "
                   "from the tracked source files; only changed files are read again")
    _command(sub, "stats", "Counts of the memory: events by type, issues, decisions, lessons, key files, "
             "derived and hand-written events, log and index size.", c.stats, [as_json])
    p = _command(sub, "visualize", "Write one self-contained HTML page of this project's memory: failure heat map, "
                 "timeline, issue lifecycles, decisions, code map, gate activity (no network needed).", c.visualize,
                 [timed, as_json])
    p.add_argument("-o", "--output", metavar="FILE",
                   help="where to write the page (default .kenning/local/visualize.html)")
    p.add_argument("--open", action="store_true", help="open the page in the default browser")
    p = _command(sub, "dashboard", "Write one HTML page with every registered project side by side: counts, open "
                 "issues, hottest files, lessons, read from each project now.", c.dashboard, [timed, as_json])
    p.add_argument("-o", "--output", metavar="FILE", help="where to write the page (default KEN_HOME/dashboard.html)")
    p.add_argument("--open", action="store_true", help="open the page in the default browser")
    _command(sub, "redact", "Scrub secrets from stdin to stdout, exactly as writes do.", c.redact, [])
    p = _command(sub, "doctor", "Check the log (malformed lines, duplicate ids, what a merge left) and the hooks "
                 "and MCP clients; --fix repairs the log by appending.", c.doctor, [as_json])
    p.add_argument("--fix", action="store_true", help="repair what appending can: recover events glued to other "
                   "bytes, end a cut-off last line, mark the log merge=union in .gitattributes; never rewrites a byte")

    p = _command(sub, "precheck", "The gate: what already failed on these files (default: the staged files).",
                 c.precheck, [timed, as_json])
    p.add_argument("paths", nargs="*", metavar="PATH")
    p.add_argument("--strict", action="store_true", help="exit 1 when any file is blocked")
    p.add_argument("--snooze", metavar="DURATION",
                   help="snooze these files' warnings for 30m (minutes), 2h, 7d, 2w or 3mo (months)")
    p.add_argument("--reason", help="why the warnings can wait (required with --snooze)")
    p.add_argument("--unsnooze", action="store_true", help="end the running snoozes on these files (logged)")
    p.add_argument("--quiet", "-q", action="store_true", help="print nothing: the exit code alone (with --strict)")
    p.add_argument("--lines", type=int, default=12, help="at most this many lines per file (default 12)")

    p = _command(sub, "context", "What to know before working, in one block within a token budget: the gate "
                 "on the focus files first, then issues, decisions, fixes, lessons and the map.",
                 c.context, [timed, as_json])
    p.add_argument("paths", nargs="*", metavar="PATH", help="focus files (the same as --at)")
    p.add_argument("--at", action="append", default=[], metavar="PATH", help="a file you are about to change "
                   "(repeatable)")
    p.add_argument("--tokens", type=int, default=2000, help="the budget, 100 to 20,000 (about 4 characters each)")
    _command(sub, "brief", "One screen for the start of a session: warnings, stale memories, open issues, "
             "decisions, lessons.", c.brief, [timed, as_json])
    p = _command(sub, "score", "Counts you can check against the log, and labelled estimates.", c.score,
                 [timed, as_json])
    p.add_argument("--since", metavar="DATE|SPAN",
                   help="count only the gate's checks since then: 2026-01-01, 30d, 4w, 6mo")
    p = _command(sub, "lessons", "Lessons for the libraries this project declares, from every project on this "
                 "machine and the team store, and this project's own; add, forget, export, import, prune, and "
                 "share them through a git repository (remote, sync).", _lessons, [as_json, timed])
    p.add_argument("action", nargs="?", choices=LESSON_ACTIONS,
                   help="forget ID | add TEXT --library L | export FILE | import FILE | prune --older-than AGE | "
                        "remote [URL] | sync (default: list)")
    p.add_argument("ref", nargs="?", metavar="ID|TEXT|FILE|URL", help="what the action acts on")
    p.add_argument("--library", action="append", metavar="NAME",
                   help="list: only lessons about this library (declared or not); add: a library the lesson is "
                        "about (repeatable)")
    p.add_argument("--limit", type=int, default=50)
    p.add_argument("--older-than", metavar="AGE",
                   help="prune: lessons first recorded longer ago: 30d, 6mo (months; m is minutes), 1y")
    p.add_argument("--dry-run", action="store_true", help="prune: list what would go, change nothing")
    p.add_argument("--clear", action="store_true", help="remote: forget the team lessons remote")
    p = _command(sub, "export", "Compile standing decisions, failed approaches and lessons into a marked block "
                 "in CLAUDE.md / AGENTS.md; or take the log out: --jsonl (canonical) or --markdown (a report).",
                 c.export, [as_json])
    p.add_argument("--claude-md", action="store_true", help="write the block into CLAUDE.md")
    p.add_argument("--agents-md", action="store_true", help="write the block into AGENTS.md")
    p.add_argument("--cursor", action="store_true",
                   help="write the block into the Cursor rule .cursor/rules/kenning.mdc")
    p.add_argument("--stdout", action="store_true", help="print what would be written instead of writing it "
                   "(no target: the block alone)")
    p.add_argument("--tokens", type=int, default=1500, help="the block's budget, 100 to 20,000 (default 1,500)")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--jsonl", action="store_true", help="print the log itself instead: each event once, "
                      "canonical, in (timestamp, id) order")
    form.add_argument("--markdown", action="store_true", help="print a readable report instead: issues with their "
                      "attempts and fixes, decisions and what superseded them, notes")
    p.add_argument("--type", action="append", choices=TYPES, help="--jsonl/--markdown: only this type (repeatable)")
    p.add_argument("--since", metavar="DATE|SPAN",
                   help="--jsonl/--markdown: only events since 2026-01-01, 90d, 6mo, 1y")
    p.add_argument("--path", metavar="PATH", help="--jsonl/--markdown: only events about this file or folder")
    p.add_argument("-o", "--output", metavar="FILE", help="--jsonl/--markdown: write to FILE instead of stdout")
    p = _command(sub, "import", "Bring in another tool's memory (projectmem, beads, kenning JSONL): ids, times, "
                 "outcomes and supersession kept, redacted, each event once however often it runs.", c.import_log,
                 [as_json])
    p.add_argument("--from", dest="source_format", required=True, choices=("projectmem", "jsonl", "beads"),
                   help="the file's format: projectmem's events.jsonl, kenning's own JSONL, a beads issues.jsonl")
    p.add_argument("file", metavar="FILE", help="the file to import ('-' reads standard input)")
    p.add_argument("--dry-run", action="store_true", help="say what would be added and write nothing")
    p.add_argument("--no-lessons", action="store_true",
                   help="projectmem: leave its global lessons (~/.projectmem/global) out")
    p = _command(sub, "validate", "Check an event log against the event format (schema v1): every problem, with "
                 "its line number; exit 1 when there is one.", c.validate, [as_json])
    p.add_argument("file", nargs="?", metavar="FILE", help="the log to check (default: this project's; '-' reads "
                   "standard input)")
    p = _command(sub, "projects", "The machine-wide project registry that `ken mcp` serves.", c.projects, [as_json])
    p.add_argument("action", choices=("list", "add", "remove", "use"))
    p.add_argument("target", nargs="?", metavar="NAME|ALIAS|PATH", help="the project (a PATH for add)")
    p.add_argument("--name", help="add: the name to register (default: the repository folder's name)")
    p.add_argument("--alias", action="append", default=[], metavar="ALIAS", help="add: another name (repeatable)")
    p.add_argument("--clear", action="store_true", help="use: forget the active project (none is active then)")
    p = _command(sub, "hooks", "Install, remove or inspect kenning's git hooks (or a coding agent's).", c.hooks,
                 [as_json])
    p.add_argument("action", choices=("install", "uninstall", "status"))
    p.add_argument("--agent", choices=("claude", "codex"),
                   help="the coding agent's hooks instead: .claude/settings.json or .codex/hooks.json")
    p = _command(sub, "watch", "Watch the tree; note a file saved many times in a short span (Ctrl-C stops).",
                 c.watch, [])
    p.add_argument("--saves", type=int, help="saves of one file that make a churn note (config: watch.saves)")
    p.add_argument("--window", type=float, metavar="SECONDS", help="the span they must fall in (watch.window_seconds)")
    p = _command(sub, "mcp", "Serve the memory and the gate to MCP clients over stdio.", c.mcp, [])
    p.add_argument("--root", metavar="PATH", help="serve only this project (a boundary: calls naming another fail)")
    _command(sub, "status", "Every wire on one screen: git and agent hooks, MCP clients, the project registry, "
             "memory health and the git history read.", c.status, [as_json])
    p = _command(sub, "completion", "Print a completion script for bash, zsh or fish.", _completion, [])
    p.add_argument("shell", choices=("bash", "zsh", "fish"))
    p = _command(sub, "wrap", "Run an agent CLI with the memory at hand: refreshes .kenning/summary.md, sets "
                 "KEN_PROJECT and KEN_SUMMARY, exits with the command's exit code.", c.wrap, [])
    p.add_argument("argv", nargs=argparse.REMAINDER, metavar="-- COMMAND ...", help="the command to run, after --")
    p = _command(sub, "hook", "Entry point run by installed hooks (not for direct use).", c.hook, [])
    p.add_argument("name", choices=c.HOOK_NAMES)
    p.add_argument("hook_args", nargs="*", help=argparse.SUPPRESS)
    # free text, not choices: a hook refused by argparse exits 2, which Claude Code reads as "block"
    p.add_argument("--agent", help=argparse.SUPPRESS)
    return parser
