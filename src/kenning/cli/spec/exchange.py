"""Declarations of the commands that move memory between places: ``lessons`` (this machine's
and the team's store), ``export``, ``import``, ``validate``."""

from __future__ import annotations

from kenning.cli.spec import Arg, Command, OneOf, table
from kenning.core.defaults import EXPORT_TOKENS, LESSONS_LIMIT, MAX_TOKENS, MIN_TOKENS
from kenning.core.events import TYPES

LESSON_ACTIONS = ("forget", "add", "export", "import", "prune", "remote", "sync")

DECLARED = table([
    Command(
        "lessons", "Lessons for the libraries this project declares, from every project on this machine and the team "
        "store, and this project's own; add, forget, export, import, prune, and share them through a git repository "
        "(remote, sync).", "kenning.cli.lesson_commands:lessons",
        Arg("action", nargs="?", choices=LESSON_ACTIONS,
            help="forget ID | add TEXT --library L | export FILE | import FILE | prune --older-than AGE | "
                 "remote [URL] | sync (default: list)"),
        Arg("ref", nargs="?", metavar="ID|TEXT|FILE|URL", help="what the action acts on"),
        Arg("--library", action="append", metavar="NAME",
            help="list: only lessons about this library (declared or not); add: a library the lesson is about "
                 "(repeatable)"),
        Arg("--limit", type=int, default=LESSONS_LIMIT),
        Arg("--older-than", metavar="AGE",
            help="prune: lessons first recorded longer ago: 30d, 6mo (months; m is minutes), 1y"),
        Arg("--dry-run", action="store_true", help="prune: list what would go, change nothing"),
        Arg("--clear", action="store_true", help="remote: forget the team lessons remote"),
        common=("json", "now"),
        examples=("ken lessons --library stripe",
                  "ken lessons forget evt_3f2a   # hide one lesson on this machine (logged)",
                  'ken lessons add "stripe retries webhooks for 3 days; dedupe on the event id" --library stripe',
                  "ken lessons export lessons.jsonl   # or import lessons.jsonl; `-` prints to stdout",
                  "ken lessons prune --older-than 1y --dry-run",
                  "ken lessons remote git@example.com:team/lessons.git && ken lessons sync"),
        readme=(
            ("`ken lessons [--library L] [--limit N]`",
             "lessons for the libraries this project declares, from every project on this machine and the team store "
             "(with where they came from), then this project's own; `--json` lists every library a lesson is filed "
             "under as `libraries`; see [docs/lessons.md](docs/lessons.md)"),
            ("`ken lessons forget ID`", "hide a lesson on this machine (the store keeps a record of it)"),
            ("`ken lessons add TEXT --library L [--library L2]`",
             "record a lesson by hand in this machine's store, filed under each library named, redacted"),
            ("`ken lessons export FILE` / `ken lessons import FILE`",
             "every lesson on this machine as JSON Lines (`-` prints), and back in: each id once, redacted, "
             "attributed when it names no library, malformed lines reported with their numbers and skipped"),
            ("`ken lessons prune --older-than AGE [--dry-run]`",
             "drop lessons first recorded longer ago (`30d`, `6mo`, `1y`) from this machine's store, never from a "
             "project's log"),
            ("`ken lessons remote [URL] [--clear]` / `ken lessons sync`",
             "the team store: a git repository of the team's choosing; `sync` fetches, union-merges "
             "`lessons.jsonl`, adds this machine's lessons, commits and pushes with plain git; offline it warns in "
             "one line and exits 0"),
        )),
    Command(
        "export", "Compile standing decisions, failed approaches and lessons into a marked block in CLAUDE.md / "
        "AGENTS.md; or take the log out: --jsonl (canonical) or --markdown (a report).", "kenning.cli.commands:export",
        Arg("--claude-md", action="store_true", help="write the block into CLAUDE.md"),
        Arg("--agents-md", action="store_true", help="write the block into AGENTS.md"),
        Arg("--cursor", action="store_true", help="write the block into the Cursor rule .cursor/rules/kenning.mdc"),
        Arg("--stdout", action="store_true",
            help="print what would be written instead of writing it (no target: the block alone)"),
        Arg("--tokens", type=int, default=EXPORT_TOKENS,
            help=f"the block's budget, {MIN_TOKENS} to {MAX_TOKENS:,} (default {EXPORT_TOKENS:,})"),
        OneOf(Arg("--jsonl", action="store_true",
                  help="print the log itself instead: each event once, canonical, in (timestamp, id) order"),
              Arg("--markdown", action="store_true", help="print a readable report instead: issues with their "
                  "attempts and fixes, decisions and what superseded them, notes")),
        Arg("--type", action="append", choices=TYPES, help="--jsonl/--markdown: only this type (repeatable)"),
        Arg("--since", metavar="DATE|SPAN", help="--jsonl/--markdown: only events since 2026-01-01, 90d, 6mo, 1y"),
        Arg("--path", metavar="PATH", help="--jsonl/--markdown: only events about this file or folder"),
        Arg("-o", "--output", metavar="FILE", help="--jsonl/--markdown: write to FILE instead of stdout"),
        common=("json",),
        examples=("ken export --claude-md --agents-md --cursor   # or --stdout to print the block",
                  "ken export --jsonl --type decision --since 90d -o decisions.jsonl   # the log itself, filtered",
                  "ken export --markdown --path src/payments   # a readable report"),
        readme=(
            ("`ken export --claude-md [--agents-md] [--cursor] [--stdout] [--tokens N]`",
             "compile standing decisions, failed approaches and lessons into a marked block in `CLAUDE.md` / "
             "`AGENTS.md` / the Cursor rule `.cursor/rules/kenning.mdc` (created with front matter: `description`, "
             "`alwaysApply: true`); idempotent, never touches text outside its markers (nor the bridge block of "
             "`ken init`); `--stdout` prints what it would write instead (with no target: the block alone)"),
            ("`ken export --jsonl|--markdown [--type T]… [--since DATE|SPAN] [--path P] [-o FILE]`",
             "take the log out: `--jsonl` prints the canonical log (each event once, canonical JSON, in (timestamp, "
             "id) order: every clone with the same events prints the same bytes), `--markdown` a readable report "
             "(issues with their attempts and fixes, decisions and what superseded them, notes); filtered by type "
             "(repeatable), date (`2026-01-01`, `90d`) and the file or folder events cite; to stdout or `-o FILE`"),
        )),
    Command(
        "import", "Bring in another tool's memory (projectmem, beads, kenning JSONL): ids, times, outcomes and "
        "supersession kept, redacted, each event once however often it runs.", "kenning.cli.commands:import_log",
        Arg("--from", dest="source_format", required=True, choices=("projectmem", "jsonl", "beads"),
            help="the file's format: projectmem's events.jsonl, kenning's own JSONL, a beads issues.jsonl"),
        Arg("file", metavar="FILE", help="the file to import ('-' reads standard input)"),
        Arg("--dry-run", action="store_true", help="say what would be added and write nothing"),
        Arg("--no-lessons", action="store_true",
            help="projectmem: leave its global lessons (~/.projectmem/global) out"),
        common=("json",),
        examples=("ken import --from projectmem .projectmem/events.jsonl --dry-run   # then again without --dry-run",
                  "ken import --from beads .beads/issues.jsonl",
                  "ken import --from jsonl teammate-export.jsonl"),
        readme=(("`ken import --from projectmem|beads|jsonl FILE [--dry-run] [--no-lessons]`",
                 "bring memory in from projectmem's `.projectmem/events.jsonl` (and its global lessons, into this "
                 "machine's lessons store), a beads `issues.jsonl` (issues, close reasons as fixes, comments as "
                 "notes) or kenning's own JSONL (`-` reads stdin): ids, times, issue ids, outcomes and supersession "
                 "kept; a type kenning lacks becomes a note naming it (`imported_type`); redacted like every write; "
                 "each event once, however often it runs; a line that cannot come in is named with its number and "
                 "skipped; `--dry-run` says what would be added and writes nothing; see "
                 "[docs/format.md](docs/format.md#importing)"),)),
    Command(
        "validate", "Check an event log against the event format (schema v1): every problem, with its line number; "
        "exit 1 when there is one.", "kenning.cli.commands:validate",
        Arg("file", nargs="?", metavar="FILE",
            help="the log to check (default: this project's; '-' reads standard input)"),
        common=("json",),
        examples=("ken validate               # this project's log; or: ken validate export.jsonl",),
        readme=(("`ken validate [FILE]`",
                 "check a log (default: this project's; `-` reads stdin) against the event format: every problem "
                 "printed as `LINE: problem` (bad JSON, missing or mistyped fields, unknown types, duplicate ids, a "
                 "cut-off last line); exits 1 when there is one"),)),
])
