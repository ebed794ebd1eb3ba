"""Declarations of the five writes: ``issue``, ``attempt``, ``fix``, ``decide``, ``note``; and
``forget``, which writes a note that leaves an event out of memory.

They share their arguments (a summary, ``--at``, ``--details`` or ``--details-file``, and for all
but ``issue`` an ``--issue``); each adds its own after them, then ``--force`` (keep a write that
repeats a standing memory).
"""

from __future__ import annotations

from kenning.cli.spec import Arg, Command, OneOf, table
from kenning.core.events import OUTCOMES

_MEANINGS = {"failed": "it failed", "worked": "it worked", "partial": "it partly worked"}


def _write(name: str, help_text: str, summary: str, issue: str | None, *own: Arg | OneOf, examples: tuple[str, ...],
           readme: tuple[tuple[str, str], ...]) -> Command:
    return Command(
        name, help_text, "kenning.cli.commands:write",
        Arg("summary", help=f"one line: {summary}"),
        Arg("--at", metavar="PATH[:LINE]",
            help="the file it concerns, optionally with a line from 1: src/a.py or src/a.py:42"),
        OneOf(Arg("--details", metavar="TEXT",
                  help="longer text: error output, the approach, evidence ('-' reads standard input)"),
              Arg("--details-file", metavar="PATH", help="read the details from this UTF-8 text file")),
        *((Arg("--issue", metavar="ID", help=issue),) if issue else ()),
        *own,
        Arg("--force", action="store_true",
            help="keep it even when it repeats a standing memory (same type, place and nearly the same words)"),
        common=("now", "json"), examples=examples, readme=readme)


_LESSON = Arg("--lesson", action="store_true", help="mark as a reusable lesson")

DECLARED = table([
    _write("issue", "Record a problem to solve.", "the problem, as it shows", None,
           examples=('ken issue "Webhook retries create duplicate charges" --at src/payments/webhook.py:42',),
           readme=(("`ken issue SUMMARY [--at PATH[:LINE]] [--details TEXT] [--force]`",
                    "record a problem; prints `#id evt_…`; one that repeats an open issue is refused "
                    "unless `--force`"),)),
    _write("attempt", "Record an approach and its outcome.", "the approach tried",
           "the issue it tries to solve (optional when exactly one is open)",
           OneOf(*(Arg(f"--{flag}", dest="outcome", action="store_const", const=flag,
                       help=f"the outcome: {_MEANINGS.get(flag, flag)}") for flag in OUTCOMES)),
           Arg("--diff", action="store_true",
               help="attach the working tree's diff of the --at file (so the gate can recognize the change)"),
           examples=('ken attempt "Deduplicated on the event id" --failed --issue k7q2',),
           readme=(("`ken attempt SUMMARY --failed|--worked|--partial [--issue ID] [--at …] [--details …] [--force]`",
                    "record an approach and its outcome; the same one with the same outcome twice is "
                    "refused unless `--force`"),)),
    _write("fix", "Record the fix of an issue (with evidence in --details).", "what fixed it",
           "the issue it fixes (optional when exactly one is open)",
           examples=('ken fix "Write the idempotency key before charging" --issue k7q2 --details "test_retry passes"',),
           readme=(("`ken fix SUMMARY [--issue ID] [--at …] [--details EVIDENCE] [--force]`",
                    "record the fix of an issue; the issue is then done"),)),
    _write("decide", "Record a decision; --supersedes retires an earlier one.",
           "what was decided, and why if it fits", "a related issue",
           Arg("--supersedes", metavar="EVENT_ID", help="id (or unique prefix) of the decision it replaces"),
           _LESSON,
           examples=('ken decide "Idempotency keys live in Postgres" --supersedes evt_3f2a',),
           readme=(("`ken decide SUMMARY [--supersedes EVENT_ID] [--lesson] [--at …] [--force]`",
                    "record a decision; `--supersedes` retires an earlier one"),)),
    _write("note", "Record a note.", "what to remember", "a related issue", _LESSON,
           examples=('ken note "The staging webhook secret rotates weekly" --lesson',),
           readme=(("`ken note SUMMARY [--lesson] [--at …] [--details …] [--force]`",
                    "record a note or a reusable lesson; every write that repeats a standing memory (same "
                    "type, place, nearly the same words) is refused unless `--force`: see "
                    "[docs/views.md](docs/views.md#duplicates-and-contradictions)"),)),
    Command(
        "forget", "Leave an event out of memory (a wrong captured attempt, a wrong note). The log keeps its "
                  "line: forgetting is not erasing; a leaked secret must be rotated.",
        "kenning.cli.commands:forget",
        Arg("event_id", metavar="EVENT_ID", help="id (or unique prefix) of the event to forget"),
        Arg("--reason", metavar="TEXT", help="why it is wrong (shown by `ken show EVENT_ID`)"),
        common=("now", "json"),
        examples=('ken forget evt_3f2a --reason "the test failed for an unrelated reason"',),
        readme=(("`ken forget EVENT_ID [--reason TEXT]`",
                 "leave an event out of every view and the gate (appends a note; the log keeps the line)"),)),
])
