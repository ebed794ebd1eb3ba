"""``ken mcp``: the project memory and the gate for every MCP client, over stdio.

Guarantees: every tool is one ``app`` call plus rendering, the same call its CLI command makes;
a failing call comes back as ``isError`` with one readable line and the server keeps serving;
hostile arguments, and arguments a tool does not take, are refused before a tool sees them;
every line a client sends is answered, a line that is not a message with a JSON-RPC error;
nothing but protocol messages reaches stdout (the wire is a private duplicate of fd 1, and fd 1
points at stderr, so a library's ``print`` or a child process cannot corrupt the stream).

This module, its tools (``kenning.mcp.tools``) and its wire (``kenning.mcp.wire``) alone import
the ``mcp`` SDK (2.x), so the CLI's hot paths never pay for it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, BinaryIO

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import FuncMetadata
from mcp.types import CallToolResult, InputRequiredResult
from mcp.types import Tool as ListedTool
from pydantic import ValidationError

from kenning import __version__
from kenning.app.project import find_project
from kenning.core.errors import KenError
from kenning.mcp.arguments import argument_problem, lists_sent_as_text
from kenning.mcp.tools import CATALOGUE, HIDDEN, Tools, failure
from kenning.mcp.wire import serve_wire

INSTRUCTIONS = """\
kenning holds this project's development memory (issues, attempts with outcomes, fixes, \
decisions, notes) and a gate that says what already failed on a file. Protocol:
1. Start with get_summary (or get_brief) and get_project_map. If the map reports setup mode \
(no Purpose yet), fill .kenning/PROJECT_MAP.md from the manifests and entry points before \
anything else.
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
call uses the server's --root, else the repository the server was started in (when kenning is \
set up there), else the active project, else the only registered project; otherwise it refuses \
and lists the projects. Every result names its project; current_project says which one a call \
would use and why."""


class _TextArguments(FuncMetadata):
    """Arguments as they were sent. The SDK decodes a string that parses as JSON unless the
    parameter's type is exactly ``str`` (for clients that send a list as its JSON text), so
    ``details='{"error": 1}'`` was refused and ``details="null"`` vanished; ``lists_sent_as_text``
    keeps that courtesy for the parameters that take a list, before the arguments are checked."""

    def pre_parse_json(self, data: dict[str, Any]) -> dict[str, Any]:
        return data


class _Server(MCPServer[Any]):
    """MCPServer that refuses hostile arguments before a tool sees them, and whose argument
    errors read as one line (pydantic's report spans several)."""

    def __init__(self, tools: list[Tool], declared: dict[str, dict[str, Any]]) -> None:
        super().__init__("kenning", instructions=INSTRUCTIONS, version=__version__, tools=tools,
                         log_level="WARNING")
        self._schemas = declared  # each tool's input schema as pydantic derived it, nulls and all

    async def list_tools(self) -> list[ListedTool]:
        return [tool for tool in await super().list_tools() if tool.name not in HIDDEN]

    async def call_tool(self, name: str, arguments: dict[str, Any],
                        context: Context[Any, Any] | None = None) -> CallToolResult | InputRequiredResult:
        schema = self._schemas.get(name)
        if schema is not None:
            arguments = lists_sent_as_text(arguments, schema)
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
    built, declared = [], {}
    for name, entry in {**CATALOGUE, **HIDDEN}.items():
        tool = Tool.from_function(getattr(tools, entry.method or name), name=name, title=entry.title,
                                  annotations=entry.annotations(), structured_output=False)
        tool.description = " ".join(tool.description.split())
        declared[name] = tool.parameters  # what arguments are checked against (``mcp_arguments``)
        # an argument no tool takes is refused (``argument_problem``), and the schema says so
        tool.parameters = {**compact_schema(tool.parameters), "additionalProperties": False}
        # the SDK publishes this schema; results carry structuredContent the tool built to match
        tool.fn_metadata = _TextArguments(arg_model=tool.fn_metadata.arg_model, output_schema=entry.output)
        built.append(tool)
    return _Server(built, declared)


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
    anyio.run(serve_wire, build_server(boundary_of(root), Path.cwd()), wire_in, wire_out)
    return 0


def boundary_of(root: Path | None) -> Path | None:
    """The folder ``--root`` confines the server to: the project holding ``root``, else ``root``
    itself (not a repository: each call says so); None without ``--root``."""
    if root is None:
        return None
    try:
        return find_project(root.expanduser().absolute()).root
    except KenError:
        return root.expanduser().absolute()
