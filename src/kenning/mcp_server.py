"""``ken mcp``: the project memory and the gate for every MCP client, over stdio.

Guarantees: every tool is one ``app`` call plus rendering, the same call its CLI command makes;
a failing call comes back as ``isError`` with one readable line and the server keeps serving;
hostile arguments are refused before a tool sees them; every line a client sends is answered,
a line that is not a message with a JSON-RPC error; nothing but protocol messages reaches stdout
(the wire is a private duplicate of fd 1, and fd 1 points at stderr, so a library's ``print`` or
a child process cannot corrupt the stream).

This module and its wire (``kenning.mcp_wire``) alone import the ``mcp`` SDK (2.x), so the
CLI's hot paths never pay for it. Results are text content only: clients such as Claude Code
show the model only ``structuredContent`` when it is present, so data travels as compact JSON
text instead. The first block of every project tool's result names the project it came from.
"""

from __future__ import annotations

import json
import os
import re
import sys
import threading
from pathlib import Path
from typing import Annotated, Any, BinaryIO, Literal

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import FuncMetadata
from mcp.types import (
    CallToolResult,
    InputRequiredResult,
    TextContent,
    ToolAnnotations,
)
from pydantic import Field, ValidationError

from kenning import __version__
from kenning.app import context as context_app
from kenning.app import gate as gate_app
from kenning.app import lessons as lessons_app
from kenning.app import read, registry, views
from kenning.app import summary as summary_app
from kenning.app.project import Project, find_project
from kenning.app.record import record
from kenning.core.errors import InvalidInput, KenError
from kenning.core.events import MAX_DETAILS, MAX_SUMMARY
from kenning.mcp_wire import SURROGATE, serve_wire

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

INSTRUCTIONS = """\
kenning holds this project's development memory (issues, attempts with outcomes, fixes, \
decisions, notes) and a gate that says what already failed on a file. Protocol:
1. Start with get_summary and get_project_map. If the map reports setup mode (no Purpose yet), \
fill .kenning/PROJECT_MAP.md from the manifests and entry points before anything else.
2. Call precheck_file before modifying a file; do not repeat an approach it lists as failed \
unless you know why it will work this time.
3. log_issue before fixing a bug.
4. One record_attempt per approach, with its outcome (worked, failed or partial).
5. record_fix only with evidence (a passing test, a failure reproduced and then gone) in details.
6. add_decision for choices; when it replaces an earlier decision, pass supersedes=<its event \
id> (ids are shown in get_summary and search_events).
7. add_note for facts worth keeping (lesson=true for reusable ones; name the library, so \
projects using it see the lesson in get_lessons). Never paste secrets.
Every project tool takes an optional project (registered name, alias or path). Without it a \
call uses the server's --root, else the active project, else the repository the server was \
started in, else the only registered project; otherwise it refuses and lists the projects. \
Every result names its project."""

# -- parameters: the schema is the contract, so bounds and enums live here -------------------

# far above any honest value (a repository path, an id of at most 24 characters), far below
# what would make an error line or a git command line unwieldy
PATH_MAX = 1024
REF_MAX = 100
NAME_MAX = 200
QUERY_MAX = 1000
PATHS_MAX = 500

FilePath = Annotated[str, Field(max_length=PATH_MAX)]
ProjectRef = Annotated[str | None, Field(max_length=PATH_MAX,
                                         description="registered name, alias or path (default: see instructions)")]
Summary = Annotated[str, Field(max_length=MAX_SUMMARY, description="one line: what happened")]
Details = Annotated[str | None, Field(max_length=MAX_DETAILS,
                                      description="longer text: error output, the approach, evidence")]
Location = Annotated[str | None, Field(max_length=PATH_MAX,
                                       description="PATH[:LINE] it concerns, relative to the project root")]
IssueRef = Annotated[str | None, Field(max_length=REF_MAX,
                                       description="issue id or unique prefix (optional when one issue is open)")]
RelatedIssue = Annotated[str | None, Field(max_length=REF_MAX, description="a related issue id")]
Supersedes = Annotated[str | None, Field(max_length=REF_MAX,
                                         description="event id (or unique prefix) of the decision this replaces")]
Library = Annotated[str | None, Field(max_length=NAME_MAX, description="only this library")]
Lesson = Annotated[bool, Field(description="a reusable lesson")]
Outcome = Literal["worked", "failed", "partial"]
EventType = Literal["issue", "attempt", "fix", "decision", "note", "snooze"]

# writes only append (nothing is ever destroyed), and no tool reaches beyond this machine
_READ = ToolAnnotations(read_only_hint=True, open_world_hint=False)
_WRITE = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)


FAILURE_MAX = 1000


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _lines(items: list[Any], empty: str) -> str:
    """One compact JSON value per line (one event per line), or ``empty``."""
    return "\n".join(_json(item) for item in items) or empty


def _result(*blocks: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=block) for block in blocks])


def failure(message: str) -> CallToolResult:
    """An ``isError`` result of exactly one line, short enough to read (an error may quote the
    argument it refuses)."""
    line = " ".join(message.split()) or "the call failed"
    if len(line) > FAILURE_MAX:
        line = line[:FAILURE_MAX - 1] + "…"
    return CallToolResult(content=[TextContent(type="text", text=line)], is_error=True)


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
            return failure(str(err))
        except OSError as err:
            return failure(f"{err.strerror or err} ({getattr(err, 'filename', '') or 'I/O'})")
        except Exception as err:  # noqa: BLE001 - the last line of defence: the server never crashes
            import traceback

            traceback.print_exc(file=sys.stderr)  # the client's server log; the agent reads one line
            return failure(f"unexpected {type(err).__name__}: {err} (a bug: please report it; "
                           "the traceback is in the server's log)")

    def _project(self, ref: str | None) -> Project:
        return registry.resolve(ref or None, boundary=self.boundary, cwd=self.cwd)

    def _on(self, ref: str | None, body: Callable[[Project], list[str]], setup_hint: bool = False) -> CallToolResult:
        """Resolve the project, run ``body``; the first block names the project."""

        def work() -> CallToolResult:
            project = self._project(ref)
            blocks = body(project)
            head = f"project: {registry.name_of(project)} ({project.root})"
            if setup_hint and views.setup_mode(project):
                head += (f"\nsetup mode: {project.map_path} has no Purpose yet; fill the map from the "
                         "manifests and entry points before other work")
            return _result(head, *blocks)

        return self._guarded(work)

    def _write(self, ref: str | None, ctx: Context[Any, Any] | None, fields: dict[str, Any]) -> CallToolResult:
        def body(project: Project) -> list[str]:
            written = record(project, {**fields, "source": "mcp", "actor": _client_name(ctx)}, cwd=project.root)
            event = written.event
            said = f"recorded {event.type} #{event.issue_id} {event.id}" if event.type == "issue" else \
                f"recorded {event.type} {event.id}" + (f" on #{event.issue_id}" if event.issue_id else "")
            if written.redacted:
                said += f"\nredacted before writing: {', '.join(written.redacted)}"
            said += "".join(f"\n{notice}" for notice in written.notices)
            return [said, _json(event.as_dict())]

        return self._on(ref, body)

    # -- read tools --------------------------------------------------------------------------

    def get_summary(self, project: ProjectRef = None) -> CallToolResult:
        """Session-start summary of the memory: open issues, failed attempts, standing decisions
        and lessons, with event ids. Call it first."""
        return self._on(project, lambda p: [summary_app.summary(p, full=False)], setup_hint=True)

    def get_instructions(self, project: ProjectRef = None) -> CallToolResult:
        """The project's agent protocol (.kenning/AI_INSTRUCTIONS.md)."""
        return self._on(project, lambda p: [views.instructions(p)])

    def get_project_map(self, project: ProjectRef = None) -> CallToolResult:
        """PROJECT_MAP.md: purpose, stack, structure, entry points. Read it at session start; in
        setup mode fill its Purpose first (edit the file)."""
        return self._on(project, lambda p: [views.project_map(p)], setup_hint=True)

    def get_plan(self, project: ProjectRef = None) -> CallToolResult:
        """plan.md: what the team means to do next (intent, not history; edit the file)."""
        return self._on(project, lambda p: [views.plan(p)])

    def get_issue(self, issue_id: Annotated[str, Field(max_length=REF_MAX, description="issue id (k7q2) or event "
                                                                                      "id; a unique prefix works")],
                  project: ProjectRef = None) -> CallToolResult:
        """One issue with its attempts, fixes and related events (JSON), or one event by id."""
        return self._on(project, lambda p: [_json(read.show(p, issue_id))])

    def search_events(self, query: Annotated[str, Field(max_length=QUERY_MAX, description="words that must all appear; "
                                                                                     "empty: the newest events")] = "",
                      type: EventType | None = None,
                      limit: Annotated[int, Field(ge=1, le=100)] = 20,
                      project: ProjectRef = None) -> CallToolResult:
        """Events matching every word, newest first, one JSON object per line; decisions carry
        status standing or superseded. Use it to find event ids."""
        return self._on(project, lambda p: [_lines(read.search(p, query, type, None, limit), "no matching events")])

    def get_context(self, tokens: Annotated[int, Field(ge=100, le=20000)] = 2000,
                    paths: Annotated[list[FilePath] | None, Field(max_length=PATHS_MAX,
                                                               description="files you are about to change")] = None,
                    project: ProjectRef = None) -> CallToolResult:
        """Everything to know before working, in one Markdown block within a token budget: the
        gate on paths first, then open issues, decisions, fixes, lessons, the map."""
        return self._on(project, lambda p: [context_app.context(p, tokens, paths, cwd=p.root).text])

    def get_score(self, project: ProjectRef = None) -> CallToolResult:
        """Counts from the log (issues, attempts by outcome, fixes, decisions, superseded), gate
        results, and labelled estimates with formulas (JSON)."""
        return self._on(project, lambda p: [_json(views.score(p))])

    def get_lessons(self, library: Library = None,
                    project: ProjectRef = None) -> CallToolResult:
        """Lessons for the libraries this project declares, learned in any project on this
        machine (with where they came from), then this project's own; one JSON object per line."""
        return self._on(project, lambda p: [_lines(lessons_app.lessons(p, library), "no lessons for this stack yet")])

    def list_projects(self) -> CallToolResult:
        """Registered projects, one JSON object per line: name, path, aliases, active."""
        return self._guarded(lambda: _result(_lines(registry.entries(), "no projects registered: run "
                                                                        "`ken init` in a repository")))

    def precheck_file(self, file_path: Annotated[FilePath | Annotated[list[FilePath], Field(max_length=PATHS_MAX)],
                                                 Field(description="a path or a list of paths, relative to the "
                                                                   "project root")],
                      project: ProjectRef = None) -> CallToolResult:
        """The gate: call it BEFORE modifying a file. It lists what already failed there, open
        issues, the standing decision, churn and reverts (text, then the JSON report)."""
        paths = [file_path] if isinstance(file_path, str) else list(file_path)

        def body(p: Project) -> list[str]:
            if not any(path.strip() for path in paths):
                raise InvalidInput("file_path is empty: give a path, or a list of paths, inside the project")
            checked = gate_app.precheck(p, paths, cwd=p.root, surface="mcp")
            notes = "".join(f"\n{notice}" for notice in checked.notices)
            return [checked.text() + notes, _json(checked.report.to_json())]

        return self._on(project, body)

    # -- write tools -------------------------------------------------------------------------

    def log_issue(self, summary: Summary, details: Details = None, location: Location = None,
                  project: ProjectRef = None, ctx: Context[Any, Any] | None = None) -> CallToolResult:
        """Record a problem BEFORE fixing it; returns its issue id."""
        return self._write(project, ctx, {"type": "issue", "summary": summary, "details": details,
                                          "location": location})

    def record_attempt(self, summary: Summary, outcome: Outcome, issue_id: IssueRef = None,
                       details: Details = None, location: Location = None, project: ProjectRef = None,
                       ctx: Context[Any, Any] | None = None) -> CallToolResult:
        """Record ONE approach you tried and its outcome; one call per attempt, failed ones too."""
        return self._write(project, ctx, {"type": "attempt", "summary": summary, "outcome": outcome,
                                          "issue_id": issue_id, "details": details, "location": location})

    def record_fix(self, summary: Summary, issue_id: IssueRef = None, details: Details = None,
                   location: Location = None, project: ProjectRef = None,
                   ctx: Context[Any, Any] | None = None) -> CallToolResult:
        """Record that an issue is fixed, ONLY with evidence in details (a passing test, a failure
        reproduced and then gone). The issue is then done."""
        return self._write(project, ctx, {"type": "fix", "summary": summary, "issue_id": issue_id,
                                          "details": details, "location": location})

    def add_decision(self, summary: Summary,
                     supersedes: Supersedes = None,
                     lesson: Lesson = False, details: Details = None, location: Location = None,
                     issue_id: RelatedIssue = None, project: ProjectRef = None,
                     ctx: Context[Any, Any] | None = None) -> CallToolResult:
        """Record a decision and why. When it replaces an earlier one, pass supersedes with that
        decision's event id: the old one then leaves the summary."""
        return self._write(project, ctx, {"type": "decision", "summary": summary, "supersedes": supersedes,
                                          "lesson": lesson or None, "details": details, "location": location,
                                          "issue_id": issue_id})

    def add_note(self, summary: Summary, lesson: Lesson = False, details: Details = None,
                 location: Location = None, issue_id: RelatedIssue = None, project: ProjectRef = None,
                 ctx: Context[Any, Any] | None = None) -> CallToolResult:
        """Record a fact worth keeping; lesson=true marks a reusable lesson."""
        return self._write(project, ctx, {"type": "note", "summary": summary, "lesson": lesson or None,
                                          "details": details, "location": location, "issue_id": issue_id})


READ_TOOLS = ("get_summary", "get_instructions", "get_project_map", "get_plan", "get_issue", "search_events",
              "get_context", "get_score", "get_lessons", "list_projects", "precheck_file")
WRITE_TOOLS = ("log_issue", "record_attempt", "record_fix", "add_decision", "add_note")


def _client_name(ctx: Context[Any, Any] | None) -> str:
    """The connected client's name from its ``initialize`` (``clientInfo.name``), else ``mcp``."""
    try:
        params = ctx.session.client_params if ctx is not None else None
        name = params.client_info.name if params is not None else ""
    except (AttributeError, LookupError, ValueError):  # no request context: called outside a session
        return "mcp"
    return " ".join(_CONTROL.sub("", str(name)).split())[:80] or "mcp"


# -- arguments: what reaches a tool is text the log may keep --------------------------------

_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")  # C0 but tab and line breaks, DEL, C1
_LINE_BREAK = re.compile("[\n\r\u2028\u2029]")
_MULTILINE = frozenset({"details"})  # error output and evidence span lines; everything else is one line
_MAY_BE_EMPTY = frozenset({"query"})  # an empty query lists the newest events


def argument_problem(tool: str, arguments: dict[str, Any], schema: dict[str, Any]) -> str | None:
    """Why these arguments must be refused before any is used, or None.

    An unknown name (a misspelt optional argument would otherwise vanish), and text the log must
    not keep: a lone surrogate (not Unicode, it cannot be written as UTF-8), a control character
    (it can steer a terminal or hide part of a line), a line break outside ``details`` (a summary
    is one line, and ``"\\n# heading"`` would forge structure in Markdown), an empty value (is
    ``issue_id=""`` the open issue or a typo?). Types and bounds are pydantic's, from the schema.
    """
    known: dict[str, Any] = schema.get("properties", {})
    for name, value in arguments.items():
        if name not in known:
            takes = ", ".join(known) or "no arguments"
            return f"unknown argument {name!r} ({tool} takes {takes})"
        items = [(f"{name}[{i}]", v) for i, v in enumerate(value)] if isinstance(value, list) else [(name, value)]
        for label, item in items:
            problem = _text_problem(name, item, name in schema.get("required", ())) if isinstance(item, str) else None
            if problem:
                return f"{label} {problem}"
    return None


def _text_problem(name: str, text: str, required: bool) -> str | None:
    if SURROGATE.search(text):
        return "is not valid Unicode (it holds a lone surrogate such as \\ud800); send UTF-8 text"
    control = _CONTROL.search(text)
    if control:
        return f"holds the control character {ascii(control.group())[1:-1]}; send plain text"
    if name not in _MULTILINE and _LINE_BREAK.search(text):
        return "holds a line break; it is one line" + (" (put the rest in details)" if name == "summary" else "")
    if not text.strip() and name not in _MAY_BE_EMPTY:
        return "is empty; give a value" + ("" if required else " or leave it out")
    return None


class _TextArguments(FuncMetadata):
    """Arguments as they were sent. The SDK decodes a string that parses as JSON unless the
    parameter's type is exactly ``str`` (for clients that send a list as its JSON text), so
    ``details='{"error": 1}'`` was refused and ``details="null"`` vanished; ``lists_sent_as_text``
    keeps that courtesy for the parameters that take a list, before the arguments are checked."""

    def pre_parse_json(self, data: dict[str, Any]) -> dict[str, Any]:
        return data


_LIST_PARAMETERS = frozenset({"file_path", "paths"})


def lists_sent_as_text(arguments: dict[str, Any]) -> dict[str, Any]:
    """``paths='["a.py", "b.py"]'`` as the list it spells (Claude Desktop sends lists so)."""
    decoded = dict(arguments)
    for name in _LIST_PARAMETERS & arguments.keys():
        if isinstance(arguments[name], str) and arguments[name].lstrip().startswith("["):
            try:
                value = json.loads(arguments[name])
            except (ValueError, RecursionError):  # not a list after all: the text is the value
                continue
            if isinstance(value, list):
                decoded[name] = value
    return decoded


class _Server(MCPServer[Any]):
    """MCPServer that refuses hostile arguments before a tool sees them, and whose argument
    errors read as one line (pydantic's report spans several)."""

    def __init__(self, tools: list[Tool]) -> None:
        super().__init__("kenning", instructions=INSTRUCTIONS, version=__version__, tools=tools,
                         log_level="WARNING")
        self._schemas = {tool.name: tool.parameters for tool in tools}

    async def call_tool(self, name: str, arguments: dict[str, Any],
                        context: Context[Any, Any] | None = None) -> CallToolResult | InputRequiredResult:
        arguments = lists_sent_as_text(arguments)
        schema = self._schemas.get(name)
        problem = argument_problem(name, arguments, schema) if schema is not None else None
        if problem:
            return failure(f"invalid arguments for {name}: {problem}; nothing was done")
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as err:
            cause = err.__cause__
            if isinstance(cause, ValidationError):
                return failure(f"invalid arguments for {name}: {validation_problems(cause)}; nothing was done")
            return failure(str(err))


def validation_problems(err: ValidationError) -> str:
    """pydantic's report as ``name[index]: message; …``. A union's branches are folded: when a
    value of ``file_path`` (a path, or a list of paths) came close to one branch (a list with one
    bad item, a path too long), the other branch's "not a string" is noise."""
    errors = err.errors()

    def vague(e: Any) -> bool:  # "not a <type>" about the whole value
        return bool(e["type"].endswith("_type") and not any(isinstance(part, int) for part in e["loc"]))

    closer = {e["loc"][0] for e in errors if e["loc"] and not vague(e)}
    said: dict[str, list[str]] = {}
    for e in errors:
        loc = e["loc"]
        if loc and loc[0] in closer and vague(e):
            continue
        # arguments are flat: after the name, a string is a union branch and a number an index
        label = f"{loc[0]}" + "".join(f"[{part}]" for part in loc[1:] if isinstance(part, int)) if loc else "arguments"
        said.setdefault(label, []).append(e["msg"])
    return "; ".join(f"{label}: {' or '.join(dict.fromkeys(msgs))}" for label, msgs in said.items())


def compact_schema(schema: Any) -> Any:
    """The input schema without what costs context and says nothing: pydantic's titles, and
    ``anyOf [X, null]`` for an optional parameter (omitting it is how a client says null)."""
    if isinstance(schema, list):
        return [compact_schema(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: compact_schema(v) for k, v in schema.items() if not (k == "title" and isinstance(v, str))}
    options = out.get("anyOf")
    if isinstance(options, list) and {"type": "null"} in options and out.get("default", 0) is None:
        rest = [o for o in options if o != {"type": "null"}]
        del out["anyOf"], out["default"]
        out = {**(rest[0] if len(rest) == 1 else {"anyOf": rest}), **out}
    return out


def build_server(boundary: Path | None = None, cwd: Path | None = None) -> MCPServer[Any]:
    tools = Tools(boundary, cwd or Path.cwd())
    built = []
    for name in READ_TOOLS + WRITE_TOOLS:
        tool = Tool.from_function(getattr(tools, name), annotations=_READ if name in READ_TOOLS else _WRITE,
                                  structured_output=False)
        tool.description = " ".join(tool.description.split())
        tool.parameters = compact_schema(tool.parameters)
        tool.fn_metadata = _TextArguments(arg_model=tool.fn_metadata.arg_model)
        built.append(tool)
    return _Server(built)


def _claim_stdio() -> tuple[BinaryIO, BinaryIO]:
    """Private duplicates of fds 0 and 1 carry the protocol; fd 0 then reads /dev/null and
    fd 1 (and ``sys.stdout``) write to stderr, for this process and every child it starts."""
    sys.stdout.flush()
    wire_in, wire_out = os.dup(0), os.dup(1)  # os.dup makes them non-inheritable: children never see the wire
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return os.fdopen(wire_in, "rb"), os.fdopen(wire_out, "wb")


def serve(root: Path | None = None) -> int:
    """Serve MCP on stdin/stdout until the client closes stdin."""
    if sys.stdin.isatty():
        sys.stderr.write("ken mcp: an MCP server on stdin/stdout, for an MCP client to start (`ken init` "
                         "prints the configuration); Ctrl-D ends it\n")
    wire_in, wire_out = _claim_stdio()
    boundary = None
    if root is not None:
        try:
            boundary = find_project(root.expanduser().absolute()).root
        except KenError:
            boundary = root.expanduser().absolute()  # not a repository: each call says so
    anyio.run(serve_wire, build_server(boundary, Path.cwd()), wire_in, wire_out)
    return 0
