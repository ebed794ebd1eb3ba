"""Declarations of the gate and the views built around it: ``precheck``, ``context``, ``brief``,
``score``. ``ken precheck`` runs on every commit and agent edit: this module stays small, and
imports nothing but the shared defaults."""

from __future__ import annotations

from kenning.cli.spec import Arg, Command, table
from kenning.core.defaults import CONTEXT_TOKENS, GATE_LINES, MAX_TOKENS, MIN_TOKENS

DECLARED = table([
    Command(
        "precheck", "The gate: what already failed on these files (default: the staged files).",
        "kenning.cli.commands:precheck",
        Arg("paths", nargs="*", metavar="PATH"),
        Arg("--strict", action="store_true", help="exit 1 when any file is blocked"),
        Arg("--snooze", metavar="DURATION",
            help="snooze these files' warnings for 30m (minutes), 2h, 7d, 2w or 3mo (months)"),
        Arg("--reason", help="why the warnings can wait (required with --snooze)"),
        Arg("--unsnooze", action="store_true", help="end the running snoozes on these files (logged)"),
        Arg("--quiet", "-q", action="store_true", help="print nothing: the exit code alone (with --strict)"),
        Arg("--lines", type=int, default=GATE_LINES, help=f"at most this many lines per file (default {GATE_LINES})"),
        common=("now", "json"), quick=True,
        examples=("ken precheck src/payments/webhook.py            # before editing it",
                  'ken precheck src/a.py --snooze 2d --reason "known, fixing it in #k7q2"',
                  "ken precheck src/a.py --unsnooze   # end its snoozes now"),
        readme=(("`ken precheck [PATH…] [--strict] [--snooze DURATION --reason TEXT] [--unsnooze] [--quiet]`",
                 "the gate: what already failed on these files (default: the staged files); `--unsnooze` ends their "
                 "running snoozes (logged, as a snooze event marked `unsnooze`); `--quiet` prints nothing, the exit "
                 "code alone (with `--strict`); see [docs/precheck.md](docs/precheck.md)"),)),
    Command(
        "context", "What to know before working, in one block within a token budget: the gate on the focus files "
        "first, then issues, decisions, fixes, lessons and the map.", "kenning.cli.commands:context",
        Arg("paths", nargs="*", metavar="PATH", help="focus files (the same as --at)"),
        Arg("--at", action="append", default=[], metavar="PATH", help="a file you are about to change (repeatable)"),
        Arg("--tokens", type=int, default=CONTEXT_TOKENS,
            help=f"the budget, {MIN_TOKENS} to {MAX_TOKENS:,} (about 4 characters each)"),
        common=("now", "json"),
        examples=("ken context --tokens 1500 --at src/payments/webhook.py",),
        readme=(("`ken context [--tokens N] [--at PATH]…`",
                 f"one Markdown block never over N tokens (characters / 4; {MIN_TOKENS} to {MAX_TOKENS:,}, default "
                 f"{CONTEXT_TOKENS:,}): the gate on the focus files, open issues with their failed attempts, "
                 "decisions (focus first), relevant fixes, lessons for this stack, the relevant part of the map; "
                 "every cut says what it left out"),)),
    Command(
        "brief", "One screen for the start of a session: warnings, stale memories, open issues, decisions, "
        "lessons.", "kenning.cli.commands:brief",
        common=("now", "json"),
        examples=("ken brief                  # one screen at the start of a session",),
        readme=(("`ken brief`",
                 "one screen (at most 40 lines) for the start of a session: active warnings, possibly stale "
                 "memories, open issues, recent decisions, lessons for this stack; at most 3 git processes"),)),
    Command(
        "score", "Counts you can check against the log, and labelled estimates.", "kenning.cli.commands:score",
        Arg("--since", metavar="DATE|SPAN", help="count only the gate's checks since then: 2026-01-01, 30d, 4w, 6mo"),
        common=("now", "json"),
        examples=("ken score --since 30d --json   # or a date: --since 2026-01-01",),
        readme=(("`ken score [--since DATE|SPAN]`",
                 "counts you can check against the log (issues, attempts by outcome, fixes, issues fixed after "
                 "failed attempts, decisions and supersessions, what the gate did), then estimates, labelled, with "
                 "their formulas; `--since 2026-01-01` (or `30d`, `4w`, `1y`) counts only the gate's checks since "
                 "then"),)),
])
