"""The tools of ``ken mcp``: what each takes, what it returns, and the one ``app`` call it makes.

Part of the MCP surface (``kenning.mcp.server`` builds the server from ``CATALOGUE``). Every
project tool resolves its project per call (``registry.choose``), makes the same ``app`` call
as its CLI command, and answers in two forms: text blocks, the first naming the project, for
clients that read ``content``; and, for tools that return data, ``structuredContent`` matching
the tool's ``outputSchema``, which names the project too (clients such as Claude Code show the
model only ``structuredContent`` when it is present, so it must stand on its own).
"""

from __future__ import annotations

import json
import re
import sys
import threading
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from kenning.app import citations as citations_app
from kenning.app.forget import REASON_MAX
from kenning.app.forget import forget as forget_app
from kenning.app.gate import precheck as gate_app
from kenning.app.gate import score as score_app
from kenning.app.lessons import cases as lessons_app
from kenning.app.record import record
from kenning.app.setup import registry, texts
from kenning.app.views import context as context_app
from kenning.app.views import plan as plan_app
from kenning.app.views import project_map as map_app
from kenning.app.views import read
from kenning.app.views import summary as summary_app
from kenning.app.warnings import warnings_to
from kenning.core.defaults import CONTEXT_TOKENS, MAX_TOKENS, MIN_TOKENS, SEARCH_LIMIT
from kenning.core.errors import InvalidInput, KenError
from kenning.core.events import MAX_DETAILS, MAX_SUMMARY, OUTCOMES, TYPES
from kenning.core.views.brief import render as render_brief

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from kenning.app.project import Project

# -- parameters: the schema is the contract, so bounds and enums live here -------------------

# far above any honest value (a repository path, an id of at most 24 characters), far below
# what would make an error line or a git command line unwieldy
PATH_MAX = 1024
REF_MAX = 100
NAME_MAX = 200
QUERY_MAX = 1000
PATHS_MAX = 500

FilePath = Annotated[str, Field(max_length=PATH_MAX)]
# what it takes (a registered name, alias or path) and how a call without it is resolved are said
# once, in the server's instructions: described on each of nineteen tools, it cost 900 characters
ProjectRef = Annotated[str | None, Field(max_length=PATH_MAX)]
Summary = Annotated[str, Field(max_length=MAX_SUMMARY, description="one line")]
Details = Annotated[str | None, Field(max_length=MAX_DETAILS,
                                      description="longer text: errors, evidence")]
Location = Annotated[str | None, Field(max_length=PATH_MAX,
                                       description="PATH[:LINE[-END]]")]
IssueRef = Annotated[str | None, Field(max_length=REF_MAX,
                                       description="issue id (optional when one is open)")]
RelatedIssue = Annotated[str | None, Field(max_length=REF_MAX, description="a related issue id")]
Supersedes = Annotated[str | None, Field(max_length=REF_MAX,
                                         description="id of the decision it replaces")]
EventRef = Annotated[str, Field(max_length=REF_MAX, description="event id or unique prefix")]
Reason = Annotated[str | None, Field(max_length=REASON_MAX, description="why")]
Library = Annotated[str | None, Field(max_length=NAME_MAX, description="only this library")]
Lesson = Annotated[bool, Field(description="a reusable lesson")]
Force = Annotated[bool, Field(description="keep a repeat")]
QUERY_WORDS = 'all these words; "quoted" for a phrase; empty: newest'
# the enums are core.events' vocabulary (Literal[tuple] is Literal[*tuple]); the type checker
# sees plain text, since it cannot read a Literal built from a variable
if TYPE_CHECKING:
    Outcome = str
    EventType = str
else:
    Outcome = Literal[OUTCOMES]
    EventType = Literal[TYPES]

# -- results ---------------------------------------------------------------------------------

FAILURE_MAX = 1000


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _lines(items: list[Any], empty: str) -> str:
    """One compact JSON value per line (one event per line), or ``empty``."""
    return "\n".join(_json(item) for item in items) or empty


class Answer:
    """What a tool body returns: text blocks, and the data of ``structuredContent`` (None for a
    tool whose result is text, such as the summary)."""

    def __init__(self, *blocks: str, data: dict[str, Any] | None = None) -> None:
        self.blocks = blocks
        self.data = data


def _result(blocks: tuple[str, ...] | list[str], data: dict[str, Any] | None = None) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=block) for block in blocks],
                          structured_content=data)


def failure(message: str) -> CallToolResult:
    """An ``isError`` result of exactly one line, short enough to read (an error may quote the
    argument it refuses)."""
    line = " ".join(message.split()) or "the call failed"
    if len(line) > FAILURE_MAX:
        line = line[:FAILURE_MAX - 1] + "…"
    return CallToolResult(content=[TextContent(type="text", text=line)], is_error=True)


# -- the app's words, as a tool caller knows them ----------------------------------------------
#
# An app error is written for the CLI ("name one with --issue ID"); the agent calling a tool
# knows argument and tool names. Only words are rewritten, after the error's class has decided
# what happened: nothing here reads a message to decide anything. A flag left unmapped stays as
# it is (``--root`` is the server's own flag; `ken init` is a command the user must run).
FLAG_ARGUMENTS = {"--issue": "issue_id", "--at": "location", "--supersedes": "supersedes", "--details": "details",
                  "--lesson": "lesson", "--type": "type", "--limit": "limit", "--library": "library",
                  "--tokens": "tokens", "--force": "force=true"}
_COMMANDS = {"ken issue": "log_issue", "ken issues": "search_events with type=issue",
             "ken issues --all": "search_events with type=issue", "ken search": "search_events",
             "ken show": "get_issue", "ken lessons": "get_lessons", "ken summary": "get_summary",
             "ken precheck": "precheck_file", "ken brief": "get_brief"}
_OUTCOME_FLAGS = re.compile(r"add --failed, --worked or --partial")
_FLAG = re.compile(r"(?<![\w-])(--[a-z][a-z-]*)(?: (?:ID|PATH(?::LINE)?|N|NAME)\b)?")
_COMMAND = re.compile(r"`(ken [^`]*)`")


def in_tool_words(message: str) -> str:
    """``message`` with the CLI's flags and commands named as this server's arguments and tools."""
    message = _OUTCOME_FLAGS.sub("give outcome: worked, failed or partial", message)
    message = _COMMAND.sub(lambda m: _COMMANDS.get(m.group(1), m.group(0)), message)
    return _FLAG.sub(lambda m: FLAG_ARGUMENTS.get(m.group(1), m.group(0)), message)


# -- the tools -------------------------------------------------------------------------------


class Tools:
    """The tools of one server: each resolves its project and makes one ``app`` call.

    ``boundary`` is ``--root``; ``cwd`` is where the server was started. Calls are serialized:
    the SDK runs tools on worker threads, and one agent gains nothing from two at once.
    """

    def __init__(self, boundary: Path | None, cwd: Path) -> None:
        self.boundary = boundary
        self.cwd = cwd
        self._lock = threading.Lock()

    # -- plumbing ----------------------------------------------------------------------------

    def _guarded(self, work: Callable[[], CallToolResult]) -> CallToolResult:
        try:
            with self._lock:
                return work()
        except KenError as err:
            return failure(in_tool_words(str(err)))
        except OSError as err:
            return failure(f"{err.strerror or err} ({getattr(err, 'filename', '') or 'I/O'})")
        except Exception as err:  # noqa: BLE001 - the last line of defence: the server never crashes
            import traceback

            traceback.print_exc(file=sys.stderr)  # the client's server log; the agent reads one line
            return failure(f"unexpected {type(err).__name__}: {err} (a bug: please report it; "
                           "the traceback is in the server's log)")

    def _choose(self, ref: str | None) -> tuple[Project, str]:
        return registry.choose(ref or None, boundary=self.boundary, cwd=self.cwd)

    def _on(self, ref: str | None, body: Callable[[Project], Answer], setup_hint: bool = False) -> CallToolResult:
        """Resolve the project, run ``body``; the first block and the data name the project."""

        def work() -> CallToolResult:
            project, _ = self._choose(ref)
            warnings: list[str] = []  # the reader's warnings (damaged log lines, …): the caller sees them

            def warned(message: str) -> None:
                warnings.append(message)
                print(f"ken: warning: {message}", file=sys.stderr)  # and the server's log, as ever

            with warnings_to(warned):
                answer = body(project)
            name = registry.name_of(project)
            head = f"project: {name} ({project.root})"
            if setup_hint and map_app.setup_mode(project):
                head += (f"\nsetup mode: {project.map_path} has no Purpose yet; fill the map from the "
                         "manifests and entry points before other work")
            data = None if answer.data is None else {"project": name, "root": str(project.root), **answer.data}
            blocks = [head, *answer.blocks]
            if warnings:
                blocks.append("\n".join(f"warning: {message}" for message in warnings))
                if data is not None:
                    data["warnings"] = warnings
            return _result(blocks, data)

        return self._guarded(work)

    def _write(self, ref: str | None, ctx: Context[Any, Any] | None, fields: dict[str, Any],
               force: bool = False) -> CallToolResult:
        def body(project: Project) -> Answer:
            written = record(project, {**fields, "source": "mcp", "actor": _client_name(ctx)}, cwd=project.root,
                             force=force)
            event = written.event
            said = f"recorded {event.type} #{event.issue_id} {event.id}" if event.type == "issue" else \
                f"recorded {event.type} {event.id}" + (f" on #{event.issue_id}" if event.issue_id else "")
            notices = [*([f"redacted before writing: {', '.join(written.redacted)}"] if written.redacted else []),
                       *written.notices]
            said += "".join(f"\n{notice}" for notice in notices)
            return Answer(said, _json(event.as_dict()), data={"event": event.as_dict(), "notices": notices})

        return self._on(ref, body)

    # -- read tools --------------------------------------------------------------------------

    def get_summary(self, project: ProjectRef = None) -> CallToolResult:
        """Session-start summary: failed attempts, open issues, decisions, lessons, with ids. Call it
        first."""
        return self._on(project, lambda p: Answer(summary_app.summary(p, full=False)), setup_hint=True)

    def get_instructions(self, project: ProjectRef = None) -> CallToolResult:
        """The project's agent protocol (.kenning/AI_INSTRUCTIONS.md)."""
        return self._on(project, lambda p: Answer(texts.installed_instructions(p)))

    def get_project_map(self, project: ProjectRef = None) -> CallToolResult:
        """PROJECT_MAP.md: purpose, stack, structure, entry points. In setup mode, fill its
        Purpose first (edit the file)."""
        return self._on(project, lambda p: Answer(map_app.read(p)), setup_hint=True)

    def get_plan(self, project: ProjectRef = None) -> CallToolResult:
        """plan.md: what the team means to do next (edit the file)."""
        return self._on(project, lambda p: Answer(plan_app.read(p)))

    def get_brief(self, project: ProjectRef = None) -> CallToolResult:
        """One screen at session start: files the gate warns on, stale memories, issues, decisions."""

        def body(p: Project) -> Answer:
            brief = context_app.brief(p)
            notes = "".join(f"\n{notice}" for notice in brief.notices)
            return Answer(render_brief(brief) + notes, data={"brief": brief.to_json()})

        return self._on(project, body)

    def get_issue(self, issue_id: Annotated[str, Field(max_length=REF_MAX, description="issue or event id, or a "
                                                                                      "unique prefix")],
                  project: ProjectRef = None) -> CallToolResult:
        """One issue with its attempts, fixes and related events (JSON), or one event."""

        def body(p: Project) -> Answer:
            found = read.show(p, issue_id)
            return Answer(_json(found), data={"found": found})

        return self._on(project, body)

    def search_events(self, query: Annotated[str, Field(max_length=QUERY_MAX, description=QUERY_WORDS)] = "",
                      type: EventType | None = None,
                      limit: Annotated[int, Field(ge=1, le=100)] = SEARCH_LIMIT,
                      project: ProjectRef = None) -> CallToolResult:
        """Events matching every word in any form, best first, one JSON object per line (a
        decision's status: standing or superseded). Use it to find event ids."""

        def body(p: Project) -> Answer:
            found = read.search(p, query, type, None, limit)
            return Answer(_lines(found, "no matching events"), data={"events": found})

        return self._on(project, body)

    def get_context(self, tokens: Annotated[int, Field(ge=MIN_TOKENS, le=MAX_TOKENS)] = CONTEXT_TOKENS,
                    paths: Annotated[list[FilePath] | None, Field(max_length=PATHS_MAX,
                                                               description="files you are about to change")] = None,
                    project: ProjectRef = None) -> CallToolResult:
        """What to know before working, one Markdown block in a token budget: the gate on paths
        first, then issues, decisions, fixes, lessons, the map."""
        return self._on(project, lambda p: Answer(context_app.context(p, tokens, paths, cwd=p.root).text))

    def get_score(self, project: ProjectRef = None) -> CallToolResult:
        """Counts from the log, gate results, and labelled estimates with formulas (JSON)."""

        def body(p: Project) -> Answer:
            score = score_app.score(p)
            return Answer(_json(score), data={"score": score})

        return self._on(project, body)

    def verify_citations(self, ids: Annotated[list[Annotated[str, Field(max_length=REF_MAX)]] | None,
                                              Field(max_length=1000, description="event ids; default all")] = None,
                         project: ProjectRef = None) -> CallToolResult:
        """Where the code each memory cites stands: verified, moved, changed or gone."""

        def body(p: Project) -> Answer:
            report = citations_app.verify(p, ids or [])
            return Answer(_json(report), data=report)

        return self._on(project, body)

    def get_lessons(self, library: Library = None,
                    project: ProjectRef = None) -> CallToolResult:
        """Lessons for this project's libraries, from every project here and the team store
        (JSON lines; projectmem's get_global_gotchas)."""

        def body(p: Project) -> Answer:
            found = lessons_app.lessons(p, library)
            return Answer(_lines(found, "no lessons for this stack yet"), data={"lessons": found})

        return self._on(project, body)

    def list_projects(self) -> CallToolResult:
        """Registered projects (JSON lines): name, path, aliases, active."""

        def work() -> CallToolResult:
            found = registry.entries()
            text = _lines(found, "no projects registered: run `ken init` in a repository")
            return _result([text], {"projects": found})

        return self._guarded(work)

    def current_project(self, project: ProjectRef = None) -> CallToolResult:
        """Which project a call (with this project argument) acts on, and why."""

        def work() -> CallToolResult:
            chosen, reason = self._choose(project)
            name, active = registry.name_of(chosen), registry.active_name()
            why = f"why: {registry.CHOSEN_BY[reason]}"
            if active and active != name and reason != "root":
                why += f"\nthe active project is {active}; it serves calls made outside any kenning repository"
            return _result([f"project: {name} ({chosen.root})", why],
                           {"project": name, "root": str(chosen.root), "reason": reason, "active": active})

        return self._guarded(work)

    def precheck_file(self, file_path: Annotated[FilePath | Annotated[list[FilePath], Field(max_length=PATHS_MAX)],
                                                 Field(description="path(s) from the project root")],
                      project: ProjectRef = None) -> CallToolResult:
        """The gate: call it BEFORE modifying a file. What already failed there, open issues, the
        standing decision, churn, reverts (text, then JSON)."""
        paths = [file_path] if isinstance(file_path, str) else list(file_path)

        def body(p: Project) -> Answer:
            if not any(path.strip() for path in paths):
                raise InvalidInput("file_path is empty: give a path, or a list of paths, inside the project")
            # surface=None: this tool is read-only, so it leaves no check record (the CLI and the
            # hooks do; an agent's edit is recorded by its PreToolUse hook)
            checked = gate_app.precheck(p, paths, cwd=p.root, surface=None)
            report = checked.report.to_json()
            notes = "".join(f"\n{notice}" for notice in checked.notices)
            return Answer(checked.text() + notes, _json(report), data={"report": report, "notices": checked.notices})

        return self._on(project, body)

    # -- write tools -------------------------------------------------------------------------

    def log_issue(self, summary: Summary, details: Details = None, location: Location = None,
                  project: ProjectRef = None, force: Force = False,
                  ctx: Context[Any, Any] | None = None) -> CallToolResult:
        """Record a problem BEFORE fixing it; returns its issue id."""
        return self._write(project, ctx, {"type": "issue", "summary": summary, "details": details,
                                          "location": location}, force)

    def record_attempt(self, summary: Summary, outcome: Outcome, issue_id: IssueRef = None,
                       details: Details = None, location: Location = None, project: ProjectRef = None,
                       force: Force = False, ctx: Context[Any, Any] | None = None) -> CallToolResult:
        """Record ONE approach you tried and its outcome; one call per attempt, failed ones too."""
        return self._write(project, ctx, {"type": "attempt", "summary": summary, "outcome": outcome,
                                          "issue_id": issue_id, "details": details, "location": location}, force)

    def record_fix(self, summary: Summary, issue_id: IssueRef = None, details: Details = None,
                   location: Location = None, project: ProjectRef = None, force: Force = False,
                   ctx: Context[Any, Any] | None = None) -> CallToolResult:
        """Record that an issue is fixed, ONLY with evidence in details (a passing test, a
        failure gone). The issue is then done."""
        return self._write(project, ctx, {"type": "fix", "summary": summary, "issue_id": issue_id,
                                          "details": details, "location": location}, force)

    def add_decision(self, summary: Summary,
                     supersedes: Supersedes = None,
                     lesson: Lesson = False, details: Details = None, location: Location = None,
                     issue_id: RelatedIssue = None, project: ProjectRef = None, force: Force = False,
                     ctx: Context[Any, Any] | None = None) -> CallToolResult:
        """Record a decision and why; supersedes=<event id> retires the decision it replaces."""
        return self._write(project, ctx, {"type": "decision", "summary": summary, "supersedes": supersedes,
                                          "lesson": lesson or None, "details": details, "location": location,
                                          "issue_id": issue_id}, force)

    def add_note(self, summary: Summary, lesson: Lesson = False, details: Details = None,
                 location: Location = None, issue_id: RelatedIssue = None, project: ProjectRef = None,
                 force: Force = False, ctx: Context[Any, Any] | None = None) -> CallToolResult:
        """Record a fact worth keeping; lesson=true marks a reusable lesson."""
        return self._write(project, ctx, {"type": "note", "summary": summary, "lesson": lesson or None,
                                          "details": details, "location": location, "issue_id": issue_id}, force)

    def forget_event(self, event_id: EventRef, reason: Reason = None, project: ProjectRef = None,
                     ctx: Context[Any, Any] | None = None) -> CallToolResult:
        """Forget a wrong event: views and the gate leave it out; the log keeps its line."""
        def body(p: Project) -> Answer:
            done = forget_app(p, event_id, reason, source="mcp", actor=_client_name(ctx))
            gone = done["forgotten"]
            notices = [*([f"redacted before writing: {', '.join(done['redacted'])}"] if done["redacted"] else []),
                       *done["notices"]]
            said = f"forgot {gone['type']} {gone['id']} with {done['event']['id']}"
            said += "".join(f"\n{notice}" for notice in notices)
            return Answer(said, _json(done["event"]), data={"event": done["event"], "notices": notices})

        return self._on(project, body)


CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")  # C0 but tab and line breaks, DEL, C1


def _client_name(ctx: Context[Any, Any] | None) -> str:
    """The connected client's name from its ``initialize`` (``clientInfo.name``), else ``mcp``."""
    try:
        params = ctx.session.client_params if ctx is not None else None
        name = params.client_info.name if params is not None else ""
    except (AttributeError, LookupError, ValueError):  # no request context: called outside a session
        return "mcp"
    return " ".join(CONTROL.sub("", str(name)).split())[:80] or "mcp"


# -- the catalogue: how each tool is listed ----------------------------------------------------
#
# Reads change nothing but derived files (the index, summary.md: rebuilt from the log at will),
# so they are read-only and idempotent. Writes only append, so nothing is destroyed, and none is
# idempotent: the same call twice records two events. No tool reaches beyond this machine.

_STRING = {"type": "string"}
_OBJECT = {"type": "object"}
_LIST = {"type": "array"}


# what reading memory warned of (damaged log lines, …), one line of text each: present only when
# there were some. Declared as the other lists are, without an item type: every listed byte
# costs each session's context, and ``items`` on eleven tools would pass the tool list's budget
_WARNINGS = {"warnings": _LIST}


def _data(warned: bool = True, **fields: dict[str, Any]) -> dict[str, Any]:
    """The output schema of a project tool: the project it came from (name and root), ``fields``,
    and the optional ``warnings`` of a tool whose call reads memory (``warned``)."""
    return {"type": "object", "properties": {"project": _STRING, "root": _STRING, **fields,
                                             **(_WARNINGS if warned else {})},
            "required": ["project", "root", *fields]}


_WRITTEN = _data(event=_OBJECT, notices=_LIST)


class Entry:
    """How one tool is listed: its title, whether it only reads, its output schema (None: text)."""

    def __init__(self, title: str, reads: bool, output: dict[str, Any] | None = None, method: str = "") -> None:
        self.title = title
        self.reads = reads
        self.output = output
        self.method = method  # the Tools method behind an alias; "" for the tool's own name

    def annotations(self) -> ToolAnnotations:
        if self.reads:
            return ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)
        return ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False,
                               open_world_hint=False)


CATALOGUE = {
    "get_summary": Entry("Session summary", True),
    "get_instructions": Entry("Agent protocol", True),
    "get_project_map": Entry("Project map", True),
    "get_plan": Entry("Plan", True),
    "get_brief": Entry("Session brief", True, _data(brief=_OBJECT)),
    "get_issue": Entry("Show an issue or event", True, _data(found=_OBJECT)),
    "search_events": Entry("Search events", True, _data(events=_LIST)),
    "get_context": Entry("Context for a task", True),
    "get_score": Entry("Score", True, _data(score=_OBJECT)),
    "get_lessons": Entry("Lessons for this stack", True, _data(lessons=_LIST)),
    "verify_citations": Entry("Check cited code", True, _data(citations=_LIST, counts=_OBJECT)),
    "list_projects": Entry("Registered projects", True,
                           {"type": "object", "properties": {"projects": _LIST}, "required": ["projects"]}),
    "current_project": Entry("Which project calls act on", True,
                             _data(False, reason=_STRING, active={"type": ["string", "null"]})),
    "precheck_file": Entry("Gate: check files before editing", True, _data(report=_OBJECT, notices=_LIST)),
    "log_issue": Entry("Log an issue", False, _WRITTEN),
    "record_attempt": Entry("Record an attempt", False, _WRITTEN),
    "record_fix": Entry("Record a fix", False, _WRITTEN),
    "add_decision": Entry("Add a decision", False, _WRITTEN),
    "add_note": Entry("Add a note", False, _WRITTEN),
    "forget_event": Entry("Forget an event", False, _WRITTEN),
}

# Callable, never listed: prompts and scripts written for projectmem call get_global_gotchas, and
# a client that replays such a call by name still gets the lessons; a model that reads such a
# prompt finds the name in get_lessons' description. Listing it would cost every session the
# context of a second copy of get_lessons' schema.
HIDDEN = {"get_global_gotchas": Entry("Lessons (projectmem's name)", True, _data(lessons=_LIST), "get_lessons")}
