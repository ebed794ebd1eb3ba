"""Failed attempts captured from an agent's own tool calls (the rules: ``core.capture.sessions``).

``observe`` runs in the post-tool hook (Claude Code ``PostToolUse``/``PostToolUseFailure``, Codex
``PostToolUse``, Gemini CLI ``AfterTool``): it turns one tool call into at most one observation
(an edit, a test or build run, an undo) appended to the session's machine-local file
(``store.session_log``). It reads the payload and, for an edit, the edited files' bytes to hash
them; it stores paths, hashes, the command and, for a run, the failing test names and one error
line, redacted: never a file's content. It must cost no more than the gate's hook, so it imports
little and writes one line.

``fold`` runs at the end of a turn or session (``Stop``/``SessionEnd``): it reads the session's
observations, finds the failed attempts, groups them into at most ``MAX_EVENTS`` events and writes
each through the normal write path (``app.record``: redacted, typed, with the issue when exactly
one open issue is on those files), marked captured (``captured``: the agent and session). An
event's id is derived from what failed on which files, so folding again (a hook run twice, a
session resumed) and the same attempt met in another session write nothing new.

``previous`` is what SessionStart tells the agent: what the last folded session captured.
"""

from __future__ import annotations

import os
from pathlib import Path

from kenning.core.capture import sessions as rules
from kenning.store import session_log

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from kenning.app.project import Project

# tool names, per agent: edits (files from ``tool_input``) and shell commands
EDIT_TOOLS = frozenset({"Edit", "Write", "MultiEdit", "NotebookEdit", "apply_patch", "replace", "write_file"})
SHELL_TOOLS = frozenset({"Bash", "shell", "exec_command", "local_shell", "run_shell_command"})
MAX_OUTPUT = 200_000  # characters of a tool's output read for test names and the first error


def enabled(project: Project) -> bool:
    return project.setting("capture", "sessions") != "off"


def wanted(payload: dict[str, Any]) -> bool:
    """Whether a post-tool payload may be observed at all, from the payload alone: an edit, or a
    shell command that runs tests or a build or undoes changes. Asked before the project is even
    looked for, so the calls that do not matter (most shell commands) cost next to nothing."""
    tool = payload.get("tool_name")
    if tool in EDIT_TOOLS:
        return True
    if tool not in SHELL_TOOLS:
        return False
    tool_input = payload.get("tool_input")
    command = tool_input.get("command") if isinstance(tool_input, dict) else None
    command = " ".join(map(str, command)) if isinstance(command, list) else command
    return isinstance(command, str) and (rules.undo_of(command) is not None or rules.run_kind(command) is not None)


def observe(project: Project, payload: dict[str, Any], agent: str | None = None) -> dict[str, Any] | None:
    """Record what one tool call did, when it matters; the observation written, or None."""
    session = payload.get("session_id")
    tool = payload.get("tool_name")
    if not isinstance(session, str) or not session or not isinstance(tool, str) or not enabled(project):
        return None
    tool_input = payload.get("tool_input")
    tool_input = tool_input if isinstance(tool_input, dict) else {}
    failed_call = payload.get("hook_event_name") == "PostToolUseFailure" or _gemini_error(payload)
    if payload.get("hook_event_name") == "AfterTool" and tool == "run_shell_command":
        failed_call = False  # Gemini CLI: its llmContent states the exit code, read below
    record: dict[str, Any] | None = None
    if tool in EDIT_TOOLS and not failed_call:
        record = _edit(project, payload, tool_input)
    elif tool in SHELL_TOOLS:
        command = tool_input.get("command")
        command = " ".join(map(str, command)) if isinstance(command, list) else command
        if isinstance(command, str) and command.strip():
            record = _shell(project, payload, command, failed_call)
    if record is None:
        return None
    call = payload.get("tool_use_id")
    if isinstance(call, str) and call:
        record["call"] = call[:100]
    if agent:
        record["agent"] = agent
    session_log.append(project.local_dir, session, record)
    return record


def _gemini_error(payload: dict[str, Any]) -> bool:
    response = payload.get("tool_response")
    return isinstance(response, dict) and bool(response.get("error")) and "llmContent" in response


def _cwd(project: Project, payload: dict[str, Any]) -> Path:
    cwd = payload.get("cwd")
    return Path(cwd) if isinstance(cwd, str) and os.path.isabs(cwd) else project.root


def _repo_path(project: Project, raw: str, cwd: Path) -> str | None:
    from kenning.app.paths import canonical_path
    from kenning.core.errors import InvalidInput

    try:
        return canonical_path(project.root, raw, cwd)
    except InvalidInput:
        return None  # outside this repository: not ours to observe


def _edited(tool_input: dict[str, Any]) -> list[str]:
    """The files an edit call names: one for Claude Code's and Gemini CLI's edit tools, every file
    of a Codex patch."""
    from kenning.app.gate import codex_protocol

    for key in ("file_path", "notebook_path", "path"):
        if isinstance(tool_input.get(key), str) and tool_input[key]:
            return [tool_input[key]]
    return list(codex_protocol.patch_edits(tool_input))


def _edit(project: Project, payload: dict[str, Any], tool_input: dict[str, Any]) -> dict[str, Any] | None:
    cwd = _cwd(project, payload)
    changed = {p: raw for raw in _edited(tool_input) if (p := _repo_path(project, raw, cwd))}
    if not changed:
        return None
    response = payload.get("tool_response")
    original = response.get("originalFile") if isinstance(response, dict) else None
    single = len(changed) == 1
    before: dict[str, str] = {}
    if single and isinstance(original, str):
        before[next(iter(changed))] = _blob(original.encode("utf-8", "surrogatepass"))
    missing = [p for p in changed if p not in before]
    if missing:
        before.update(_head_blobs(project, missing))
    out = {}
    for path in changed:
        out[path] = {"after": _file_blob(project.root / path),
                     "before": before.get(path, rules.ABSENT),
                     "format": _format_only(tool_input, original if single else None)}
    return {"kind": "edit", "files": out}


def _head_blobs(project: Project, paths: list[str]) -> dict[str, str]:
    from kenning import git

    try:
        return git.head_blobs(project.root, paths)
    except git.GitError:
        return {}


def _format_only(tool_input: dict[str, Any], original: str | None) -> bool:
    """Whether the edit changed only whitespace (old and new text as the edit tool gives them)."""
    pairs = []
    if isinstance(tool_input.get("old_string"), str) and isinstance(tool_input.get("new_string"), str):
        pairs.append((tool_input["old_string"], tool_input["new_string"]))
    for item in tool_input.get("edits") or []:
        if isinstance(item, dict) and isinstance(item.get("old_string"), str):
            pairs.append((item["old_string"], str(item.get("new_string") or "")))
    if isinstance(tool_input.get("content"), str) and isinstance(original, str):
        pairs.append((original, tool_input["content"]))
    patch = next((tool_input[k] for k in ("command", "input", "patch") if isinstance(tool_input.get(k), str)), None)
    if not pairs and patch and "*** Begin Patch" in patch:
        lines = patch.splitlines()
        pairs.append(("\n".join(x[1:] for x in lines if x.startswith("-")),
                      "\n".join(x[1:] for x in lines if x.startswith("+"))))
    return bool(pairs) and all(rules.format_only(old, new) or old == new for old, new in pairs)


def _blob(data: bytes) -> str:
    """The hash git gives these bytes as a blob, so a file can be compared with HEAD's."""
    import hashlib  # here: loading OpenSSL costs every ignored shell command ~3 ms

    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()  # noqa: S324 - git's id, not security


def _file_blob(path: Path) -> str:
    try:
        with open(path, "rb") as f:
            return _blob(f.read())
    except FileNotFoundError:
        return rules.ABSENT
    except OSError:
        return ""


def _shell(project: Project, payload: dict[str, Any], command: str, failed_call: bool) -> dict[str, Any] | None:
    undo = rules.undo_of(command)
    if undo is not None:
        how, raw = undo
        if failed_call:
            return None  # an undo that failed undid nothing
        cwd = _cwd(project, payload)
        paths = [rules.ALL] if rules.ALL in raw else sorted({p for r in raw if (p := _repo_path(project, r, cwd))})
        return {"kind": "undo", "how": how, "paths": paths} if paths else None
    tool = rules.run_kind(command)
    if tool is None:
        return None
    output, exit = _output(payload, failed_call)
    failed = exit != 0 if exit is not None else failed_call or _reads_failed(output)
    run: dict[str, Any] = {"kind": "run", "tool": tool, "command": _redacted(project, rules.short_command(command)),
                           "exit": exit if exit is not None else (1 if failed else 0), "failed": failed}
    if failed:
        run["missing"] = rules.missing_tool(exit, output)
        tests = [_redacted(project, t) for t in rules.failing_tests(output)]
        error = rules.first_error(output)
        if tests:
            run["tests"] = tests
        if error:
            run["error"] = _redacted(project, error)
    return run


def _output(payload: dict[str, Any], failed_call: bool) -> tuple[str, int | None]:
    """A shell call's output text and its exit code where the agent states one. Claude Code:
    ``tool_response`` {stdout, stderr, interrupted} after a success, ``error`` ("Exit code N\\n…")
    after a failure; Codex: ``tool_response`` is the output text; Gemini CLI: ``tool_response``
    {llmContent, returnDisplay, error}."""
    response = payload.get("tool_response")
    parts: list[str] = []
    if isinstance(payload.get("error"), str):
        parts.append(payload["error"])
    if isinstance(response, str):
        parts.append(response)
    elif isinstance(response, dict):
        for key in ("stdout", "stderr", "output", "llmContent", "returnDisplay", "error"):
            value = response.get(key)
            if isinstance(value, str):
                parts.append(value)
            elif isinstance(value, dict) and isinstance(value.get("message"), str):
                parts.append(value["message"])
        for key in ("exit_code", "exitCode"):
            if isinstance(response.get(key), int) and not isinstance(response.get(key), bool):
                return "\n".join(parts)[:MAX_OUTPUT], int(response[key])
    text = "\n".join(parts)[:MAX_OUTPUT]
    exit = rules.exit_code(text)
    claude_success = isinstance(response, dict) and "stdout" in response \
        and payload.get("hook_event_name") == "PostToolUse"
    if exit is None and not failed_call and claude_success:
        exit = 0  # Claude Code sends PostToolUse for a shell command that succeeded
    return text, exit


def _reads_failed(output: str) -> bool:
    return bool(rules.failing_tests(output)) or bool(rules.FAILED_SUMMARY.search(output))


def _redacted(project: Project, text: str) -> str:
    from kenning.app.redact import redact_with

    return redact_with(project, text).text


# -- the end of a turn or session -------------------------------------------------------------

def fold(project: Project, payload: dict[str, Any], agent: str | None = None, now: str | None = None) -> list[str]:
    """Write the session's failed attempts not written yet; the ids of the events written."""
    session = payload.get("session_id")
    if not isinstance(session, str) or not session or not enabled(project):
        return []
    found = rules.attempts(session_log.read(project.local_dir, session))
    written: list[dict[str, str]] = []
    if found:
        from kenning.app.recall import open_memory

        with open_memory(project) as memory:
            for group in rules.fold(found):
                entry = _write(project, memory, group, agent or "agent", session, now)
                if entry is not None:
                    written.append(entry)
    import time  # the machine's clock, not --now: it is compared with the files' own times

    session_log.sweep(project.local_dir, time.time())
    if written:
        session_log.write_last(project.local_dir, {"session": session, "events": written})
    return [e["id"] for e in written]


def captured_id(group: list[rules.Attempt]) -> str:
    import hashlib

    return "evt_" + hashlib.sha256(rules.signature(group).encode("utf-8", "surrogatepass")).hexdigest()[:20]


def _write(project: Project, memory: Any, group: list[rules.Attempt], agent: str, session: str,
           now: str | None) -> dict[str, str] | None:
    from kenning.app.record import AlreadyRecorded, record
    from kenning.core.errors import Repeats

    files = sorted({f for a in group for f in a.files})
    event_id = captured_id(group)
    if memory.cache.ids_with_prefix(event_id):
        return None  # written before: by this session, or the same attempt by another one
    fields: dict[str, Any] = {
        "type": "attempt", "outcome": "failed", "summary": rules.summary(group), "details": rules.details(group),
        "location": files[0], "paths": files[1:] or None, "source": "agent-hook",
        "captured": f"{agent}:{session}"[:200], "issue_id": _issue_on(memory, files)}
    try:
        recorded = record(project, fields, cwd=project.root, now=now, event_id=event_id)
    except (AlreadyRecorded, Repeats):
        return None  # the same attempt stands already (captured, or written by hand): merged, not appended
    return {"id": recorded.event.id, "summary": recorded.event.summary}


def _issue_on(memory: Any, files: list[str]) -> str | None:
    """The open issue on these files, when there is exactly one."""
    from kenning.core.events import parse_indexed

    wanted = set(files)
    found = []
    for issue in sorted(memory.cache.open_issue_ids())[:500]:
        row = memory.cache.issue_event(issue)
        event = parse_indexed(row) if row else None
        if event is not None and wanted & {p.split(":")[0] for p in _cited(event)}:
            found.append(issue)
    return found[0] if len(found) == 1 else None


def _cited(event: Any) -> list[str]:
    location = event.get("location")
    return [str(location)] * bool(location) + [str(p) for p in event.get("paths") or []]


def previous(project: Project, session: str | None) -> str:
    """What SessionStart says about the last session's captures ('' when there were none, or the
    session starting is the one that captured them)."""
    last = session_log.read_last(project.local_dir)
    if not isinstance(last, dict) or not last.get("events") or (session and last.get("session") == session):
        return ""
    events = [e for e in last["events"] if isinstance(e, dict)][:rules.MAX_EVENTS]
    lines = [f"kenning captured {len(events)} failed attempt{'s' * (len(events) != 1)} from your previous "
             "session's tool calls (an edit, a failing run, then the edit undone); do not repeat them:"]
    lines += [f"- {e.get('id')}: {e.get('summary')}" for e in events]
    lines.append("If one is wrong, record what really happened with `ken note`; change the capture with "
                 "[capture] sessions = \"off\" in .kenning/config.toml.")
    return "\n".join(lines)
