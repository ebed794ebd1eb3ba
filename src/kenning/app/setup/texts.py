"""The fixed texts ``ken init`` writes: agent protocol, bridge block, config, plan, ignore rules;
and the agent protocol as the project holds it (``installed_instructions``).

They are interface, read by agents at every session start: short, exact, and consistent with
the MCP server's instructions.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from kenning.app.project import Project

BRIDGE_BEGIN = "<!-- kenning:begin (managed by `ken init`; edits inside this block are replaced) -->"
BRIDGE_END = "<!-- kenning:end -->"

# step 1 of the protocol, by mode: setup while the map's Purpose is empty, maintenance after
SETUP_START = """\
1. Start every session by reading `.kenning/summary.md` (or `ken summary`) and
   `.kenning/PROJECT_MAP.md`. If the map's Purpose section is empty, you are in setup mode:
   fill the map from the manifests and entry points before anything else. Once it is filled
   in, memory can fall behind the code: check what it says against the source first.
"""

MAINTENANCE_START = """\
1. Start every session by reading `.kenning/summary.md` (or `ken summary`) and
   `.kenning/PROJECT_MAP.md`. This project is in maintenance mode (the map has a Purpose):
   memory can be stale, as the code moves on after it was written. Verify what it says
   against the source before relying on it; `ken precheck PATH` flags stale memories.
"""

STEPS = """\
2. Before modifying a file, run `ken precheck PATH` and read what already failed there.
3. Before fixing a bug, log it: `ken issue "what is wrong" --at PATH[:LINE]`.
4. After each approach, record it with its outcome:
   `ken attempt "what you tried and why it did or did not work" --failed|--worked|--partial`.
5. Record a fix only with evidence (a passing test, a reproduced-then-gone failure):
   `ken fix "what fixed it" --issue ID --details "the evidence"`.
6. Record decisions: `ken decide "what we chose and why"`; when it replaces an earlier
   decision, name it: `--supersedes EVENT_ID` (ids are shown in the summary).
7. Record reusable insights with `ken note "..." --lesson` (or start the text with
   `lesson:`, `gotcha:` or `avoid:`); name the library it concerns, so projects using it
   see it too (`ken lessons`). Never paste secrets: they are redacted, but keep them out anyway.
"""

_INSTRUCTIONS_HEAD = """\
# kenning: how to use this project's memory

This repository keeps its development history in `.kenning/events.jsonl`: issues, attempts
with their outcome, fixes, decisions and notes. `ken` (CLI) and `ken mcp` (MCP server) read
and write it. The gate (`ken precheck`) tells you what already failed on a file before you
touch it: do not repeat an approach it lists unless you know why it will work this time.

"""


def instructions(maintenance: bool) -> str:
    """``AI_INSTRUCTIONS.md`` for a project in setup mode (its map has no Purpose yet) or in
    maintenance mode (it has one)."""
    return _INSTRUCTIONS_HEAD + (MAINTENANCE_START if maintenance else SETUP_START) + STEPS


AI_INSTRUCTIONS = instructions(maintenance=False)


def bridge_block(project: str) -> str:
    """The block ``ken init`` keeps in ``CLAUDE.md``/``AGENTS.md``, naming the project."""
    return f"""\
{BRIDGE_BEGIN}
## Project memory (kenning): {project}

This project ({project}) records its history with kenning. Read `.kenning/summary.md` and
`.kenning/PROJECT_MAP.md` first, run `ken precheck PATH` before editing a file, and record
issues, attempts (with outcome), fixes, decisions and notes with `ken`. A decision that
replaces an earlier one names it: `ken decide "what we chose and why" --supersedes ID` (the
old decision's id, shown in the summary); the old one is then shown as superseded in
`ken show` and `ken search`, and left out of the summary and the gate. The full protocol is in
`.kenning/AI_INSTRUCTIONS.md`.
{BRIDGE_END}
"""

PLAN = """\
# Plan

What we mean to do next, in our own words: edit this file directly (it is intent, not history).
"""

GITIGNORE = """\
# derived or machine-local: rebuilt from events.jsonl and git, never merged
summary.md
cache/
local/
.*.tmp
"""

GITATTRIBUTES_LINE = ".kenning/events.jsonl merge=union"
# the files kenning appends to on every clone: a union merge keeps both sides' lines (the log's
# fold reads a set; two `ken plan` ideas added at one spot are two bullets, not a conflict)
UNION_MERGED = (".kenning/events.jsonl", ".kenning/plan.md")
GITATTRIBUTES_LINES = tuple(f"{path} merge=union" for path in UNION_MERGED)

CONFIG = """\
# kenning configuration. Every value below is the default; change what you need.

[summary]
budget = 6000            # characters in .kenning/summary.md (about 1,500 tokens)

[gate]
window_days = 30         # how far back churn, reverts and decisions count, and failed attempts block
failure_days = 365       # how far back failed attempts warn (older than window_days: a warning, never a block)
revert_commits = 2       # a revert warns on its main file until this many later commits changed it,
revert_recent_days = 60  # ...and after this many days only until one does (its other files: until one does)
churn_commits = 4        # commits touching a file in the window that count as churn
block_failed_attempts = 3  # failed attempts on a file that make the gate block
stale_ratio = 0.5        # changed lines / current lines that make a memory stale
commit = "advisory"      # "strict": the pre-commit hook refuses a commit of a blocked file
# agent = "deny"         # coding-agent hook on a blocked file: "deny" (once per evidence), "ask" or "advise"
similarity = 0.6         # how alike an edit and a failed attempt's change must be to be called a repeat

[capture]
backfill_days = 90       # history `ken init` derives events from
revert_days = 365        # history `ken init` reads reverts from (failed attempts the gate shows)
# sessions = "on"        # failed attempts captured from coding agents' tool calls (docs/capture.md); "off" stops it

[lock]
timeout_seconds = 10.0

[watch]
saves = 8                # saves of one file within window_seconds that make a churn note
window_seconds = 120

[redaction]
allowlist = []           # regexes whose matches are never redacted
[redaction.patterns]     # extra secret patterns: kind = "regex"
"""


def installed_instructions(project: Project) -> str:
    """The agent protocol as this project holds it (``.kenning/AI_INSTRUCTIONS.md``, which
    ``ken init`` wrote and the team may have edited; the shipped text if it was removed)."""
    from kenning.store import files

    project.require_initialized()
    return files.read_text(project.dir / "AI_INSTRUCTIONS.md") or AI_INSTRUCTIONS
