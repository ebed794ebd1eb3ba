"""The gate at the tool-call boundary: coding-agent hooks (Claude Code, Codex).

``install``/``uninstall`` merge kenning's entries into ``.claude/settings.json`` or
``.codex/hooks.json`` (both use the same shape: event -> matcher groups -> command hooks),
keeping every other entry; a second install upgrades kenning's entries where they stand. The
command names the running ``ken`` by its absolute path and the agent it serves: an agent runs
hooks with its own PATH, and a ``ken`` it cannot find is exit 127, which Claude Code counts as a
non-blocking error: the gate would be off without a word. ``ken doctor`` runs the installed
commands to prove they start.

``pre_tool_use`` answers the PreToolUse contract for an edit of one file (Claude Code's edit
tools) or many (a Codex patch), judged together: nothing for quiet files; the compact warning as
``additionalContext`` for info and warn; for a blocked file (mode ``deny``, the default) a deny
naming the blocked files with their failed approaches as the reason, once per (session, file,
evidence), so the same call after the agent has seen the evidence goes through with the warning
attached and an agent is never trapped. ``session_start`` injects the summary.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
from pathlib import Path

from kenning.app.gate import checks, codex_protocol
from kenning.app.project import Project, now_micros
from kenning.core import foreign
from kenning.core.defaults import GATE_LINES
from kenning.core.errors import InvalidInput
from kenning.core.gate.rules import Verdicts, render_text
from kenning.store import files

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# SessionStart sources: Claude Code's hooks reference lists startup, resume, clear and compact;
# Codex's SessionStartSource has the same four (codex-rs/hooks/src/events/session_start.rs).
# Codex's apply_patch also answers to the matcher names Edit and Write (HookToolName::apply_patch),
# and its shell tools to Bash (HookToolName::bash). After a tool call, the capture hooks
# (``app.capture.sessions``) see edits and shell commands: Claude Code sends PostToolUse after a
# call that succeeded and PostToolUseFailure after one that failed (a command's non-zero exit);
# Codex sends PostToolUse either way. Stop ends a turn (Claude Code, Codex), SessionEnd a session
# (Claude Code): both fold the session's observations into events. None: no matcher (events
# that take none).
EDITS = "Edit|Write|MultiEdit|NotebookEdit"
AGENTS: dict[str, tuple[Path, dict[str, str | None]]] = {
    "claude": (Path(".claude") / "settings.json", {
        "PreToolUse": EDITS, "SessionStart": "startup|resume|clear|compact",
        "PostToolUse": f"Bash|{EDITS}", "PostToolUseFailure": "Bash", "Stop": None, "SessionEnd": None}),
    "codex": (Path(".codex") / "hooks.json", {
        "PreToolUse": "Edit|Write|MultiEdit|apply_patch", "SessionStart": "startup|resume|clear|compact",
        "PostToolUse": "Bash|Edit|Write|apply_patch", "Stop": None}),
    # Gemini CLI (google-gemini/gemini-cli, packages/core/src/hooks/types.ts): capture only, after a
    # tool call (AfterTool: tool_response {llmContent, returnDisplay, error}), at the end of a turn
    # (AfterAgent) and of the session (SessionEnd); its hook timeouts are in milliseconds
    "gemini": (Path(".gemini") / "settings.json", {
        "AfterTool": "run_shell_command|replace|write_file", "AfterAgent": None, "SessionEnd": None}),
}
HOOK_NAMES = {"PreToolUse": "pre-tool-use", "SessionStart": "session-start", "PostToolUse": "post-tool-use",
              "PostToolUseFailure": "post-tool-use", "Stop": "session-end", "SessionEnd": "session-end",
              "AfterTool": "post-tool-use", "AfterAgent": "session-end"}
MILLISECONDS = ("gemini",)  # agents whose hook timeout is in milliseconds
MODES = ("deny", "ask", "advise")
SEEN = "agent-seen.json"
TIMEOUT = 30  # seconds; the hook gives up (and allows) after hooks.AGENT_TIMEOUT, before the agent does


def _settings_path(project: Project, agent: str) -> Path:
    if agent not in AGENTS:
        raise InvalidInput(f"unknown agent {agent!r}; use one of {', '.join(AGENTS)}")
    return project.root / AGENTS[agent][0]


def _load(path: Path) -> dict[str, Any]:
    """The agent's settings file as an object ({} when absent or empty); ``InvalidInput`` naming
    it when it cannot be read (a FIFO, past ``SETTINGS_LIMIT``, nested too deeply, not JSON)."""
    try:
        data = files.read_capped(path, foreign.SETTINGS_LIMIT)
        if data is None or not data.strip():
            return {}
        return foreign.json_object(data, foreign.SETTINGS_LIMIT)
    except foreign.Unreadable as err:
        raise InvalidInput(f"{path} cannot be read ({err}); fix it, then run this again") from None


def _quote(word: str) -> str:
    if os.name == "nt":
        from kenning.system.processes import windows_quote

        return windows_quote(word)
    return shlex.quote(word)


def ken_words() -> str:
    """The running ``ken`` as shell words: its absolute path (symbolic links kept, so an upgrade
    that moves the real file behind a stable link keeps working), else this Python with
    ``-m kenning``."""
    argv0 = sys.argv[0] if _basename(sys.argv[0]) in ("ken", "ken.exe") else ""
    beside = str(Path(sys.executable).with_name("ken.exe" if os.name == "nt" else "ken"))
    import shutil

    for candidate in (argv0, beside, shutil.which("ken") or ""):
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return _quote(os.path.abspath(candidate))
    return f"{_quote(os.path.abspath(sys.executable))} -m kenning"


def hook_command(event: str, agent: str) -> str:
    """The command an agent runs: on POSIX the ``ken`` on the agent's PATH when there is one (a
    teammate's machine, where the committed settings file arrives), else the absolute path of
    the ``ken`` that installed it (an agent started with a shorter PATH)."""
    words = ken_words()
    if os.name != "nt":
        words = f'"$(command -v ken || echo {words})"'
    return f"{words} hook {HOOK_NAMES[event]} --agent {agent}"


def fallback_path(command: str) -> str | None:
    """In an installed command ``"$(command -v ken || echo PATH)" hook …``, the PATH used where ken
    is not on the agent's PATH; None for any other command. Read from the raw text: a shell
    quotes afresh inside ``$(…)``, which ``shlex`` does not know."""
    match = re.match(r'"\$\(command -v ken \|\| echo (.+)\)" hook ', command)
    if not match:
        return None
    words = _split(match.group(1))
    return words[0] if words else None


def _basename(word: str) -> str:
    return re.split(r"[\\/]", word)[-1]


def _split(command: str) -> list[str]:
    try:
        return shlex.split(command, posix=os.name != "nt")
    except ValueError:
        return command.split()


def _runs_kenning(command: str) -> bool:
    """``ken hook NAME``, ``/path/to/ken hook NAME`` or ``python -m kenning hook NAME`` for an agent
    hook NAME: the entries kenning wrote, in every form it ever wrote them."""
    words = [w.strip("\"'") for w in _split(command)]
    if words[:1] and (_basename(words[0]) in ("ken", "ken.exe") or words[0].startswith("$(command -v ken ")):
        rest = words[1:]
    elif words[1:3] == ["-m", "kenning"]:
        rest = words[3:]
    else:
        return False
    return len(rest) > 1 and rest[0] == "hook" and rest[1] in HOOK_NAMES.values()


def _ours(hook: Any) -> bool:
    return isinstance(hook, dict) and _runs_kenning(str(hook.get("command", "")))


def _groups(path: Path, hooks: dict[str, Any], event: str) -> list[Any]:
    groups = hooks.get(event, [])
    if not isinstance(groups, list):
        raise InvalidInput(f"{path}: \"hooks\".\"{event}\" is not a list; fix it, then run this again")
    return groups


def _strip(data: dict[str, Any]) -> None:
    """Remove kenning's hooks (and the groups and events they leave empty)."""
    hooks = data.get("hooks")
    if not isinstance(hooks, dict):
        return
    for event in list(hooks):
        groups = hooks[event]
        if not isinstance(groups, list):
            continue
        kept = []
        for group in groups:
            if isinstance(group, dict) and isinstance(group.get("hooks"), list):
                remaining = [h for h in group["hooks"] if not _ours(h)]
                if not remaining and any(_ours(h) for h in group["hooks"]):
                    continue
                group = {**group, "hooks": remaining}
            kept.append(group)
        if kept:
            hooks[event] = kept
        else:
            del hooks[event]
    if not hooks:
        del data["hooks"]  # leave no trace in a file that had no hooks


def _place(groups: list[Any], matcher: str | None, hook: dict[str, Any]) -> list[Any]:
    """``groups`` with kenning's hook set to ``hook``: the first entry of kenning's is replaced where
    it stands (a group of kenning's alone also takes ``matcher``), further ones are dropped; with
    none, a new group goes last."""
    placed = False
    out = []
    for group in groups:
        if not (isinstance(group, dict) and isinstance(group.get("hooks"), list)
                and any(_ours(h) for h in group["hooks"])):
            out.append(group)
            continue
        alone = all(_ours(h) for h in group["hooks"])
        kept = []
        for entry in group["hooks"]:
            if not _ours(entry):
                kept.append(entry)
            elif not placed:
                kept.append(hook)
                placed = True
        if kept:
            group = {**group, "hooks": kept}
            if alone:
                group.pop("matcher", None)
                group = {**({"matcher": matcher} if matcher is not None else {}), **group}
            out.append(group)
    if not placed:
        out.append({**({"matcher": matcher} if matcher is not None else {}), "hooks": [hook]})
    return out


def install(project: Project, agent: str) -> tuple[Path, bool]:
    path = _settings_path(project, agent)
    files.inside(project.root, path)  # before it is read: a link out of the repository is refused
    data = _load(path)
    hooks = data.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise InvalidInput(f"{path}: \"hooks\" is not an object; fix it, then run this again")
    for event, matcher in AGENTS[agent][1].items():
        hook = {"type": "command", "command": hook_command(event, agent),
                "timeout": TIMEOUT * 1000 if agent in MILLISECONDS else TIMEOUT}
        hooks[event] = _place(_groups(path, hooks, event), matcher, hook)
    return path, files.write_atomic(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n", within=project.root)


def uninstall(project: Project, agent: str) -> tuple[Path, bool]:
    path = _settings_path(project, agent)
    files.inside(project.root, path)  # before it is read: a link out of the repository is refused
    if files.read_text(path) is None:
        return path, False
    data = _load(path)
    _strip(data)
    return path, files.write_atomic(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n", within=project.root)


def states(project: Project, agent: str | None = None) -> list[dict[str, Any]]:
    """Per agent: its settings file, kenning's installed entries (event -> [{matcher, command}]),
    what makes them out of date, or why the file cannot be read."""
    out = []
    for name in [agent] if agent else list(AGENTS):
        path = _settings_path(project, name)
        state: dict[str, Any] = {"agent": name, "file": str(path), "installed": False, "hooks": {},
                                 "outdated": [], "by_name": False, "problem": None}
        out.append(state)
        try:
            data = _load(path)
        except InvalidInput as err:
            state["problem"] = str(err)
            continue
        state["hooks"] = _installed(data)
        state["installed"] = bool(state["hooks"])
        if state["installed"]:
            state["outdated"] = _outdated(name, state["hooks"])
            state["by_name"] = any(_split(f["command"])[:1] == ["ken"] for fs in state["hooks"].values() for f in fs)
    return out


def _installed(data: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Event -> kenning's entries under it, as {matcher, command}."""
    found: dict[str, list[dict[str, Any]]] = {}
    events = data.get("hooks")
    for event, groups in sorted(events.items() if isinstance(events, dict) else []):
        for group in groups if isinstance(groups, list) else []:
            entries = group.get("hooks") if isinstance(group, dict) else None
            for hook in entries if isinstance(entries, list) else []:
                if _ours(hook):
                    found.setdefault(event, []).append({"matcher": group.get("matcher"), "command": hook["command"]})
    return found


def _outdated(agent: str, installed: dict[str, list[dict[str, Any]]]) -> list[str]:
    """What differs from what ``install`` writes, apart from the command itself."""
    reasons = []
    for event, matcher in AGENTS[agent][1].items():
        found = installed.get(event, [])
        if not found:
            reasons.append(f"no {event} hook")
        elif any(f["matcher"] != matcher for f in found):
            reasons.append(f"{event} matches {found[0]['matcher']!r}, not {matcher!r}")
    return reasons


def describe(state: dict[str, Any]) -> str:
    """One line about one agent's hooks, for people."""
    if state["problem"]:
        return f"unreadable: {state['problem']}"
    if not state["installed"]:
        return "not installed"
    what = f"installed ({', '.join(state['hooks'])}) in {state['file']}"
    reasons = state["outdated"] + (["it runs `ken` by name, which fails where ken is not on the agent's PATH"]
                                   if state["by_name"] else [])
    if reasons:
        what += f"; out of date: {'; '.join(reasons)}. Run `ken hooks install --agent {state['agent']}` to upgrade it"
    return what


def status(project: Project, agent: str | None = None) -> list[tuple[str, str]]:
    return [(state["agent"], describe(state)) for state in states(project, agent)]


# what to do after writing an agent's hooks, when the agent wants something done
AFTER_INSTALL = {"codex": "Codex runs new or changed hooks only once you trust them: open Codex and review "
                          "kenning's hooks in /hooks.",
                 "gemini": "Gemini CLI gets the capture hooks only (no gate before an edit); check that /hooks in "
                           "Gemini CLI lists them as enabled."}


# -- the hook calls -------------------------------------------------------------------------------

# the payload fields kenning reads, with the JSON types an agent sends them as (null: absent)
_PAYLOAD_FIELDS: dict[str, type] = {"cwd": str, "session_id": str, "tool_name": str, "turn_id": str, "tool_input": dict}
_INPUT_FIELDS: dict[str, type] = {**{key: str for key in ("file_path", "notebook_path", "path", "new_string", "content",
                                         "new_source", *codex_protocol.PATCH_KEYS)}, "edits": list}
_TYPE_NAMES: dict[type, str] = {str: "text", dict: "an object", list: "a list"}


def read_payload(data: bytes) -> dict[str, Any]:
    """A hook's JSON payload, checked: ``foreign.Unreadable`` saying what is wrong when it is too
    large, nested too deeply, not JSON, not an object, or when a field kenning reads has another
    type than the agents send (``"cwd": 123`` would otherwise be judged as the folder "123").
    An empty payload is an empty object."""
    payload = foreign.json_object(data, foreign.PAYLOAD_LIMIT) if data.strip() else {}
    _check_types(payload, _PAYLOAD_FIELDS, "")
    tool_input = payload.get("tool_input") or {}
    _check_types(tool_input, _INPUT_FIELDS, "tool_input.")
    for n, item in enumerate(tool_input.get("edits") or []):
        if not isinstance(item, dict):
            raise foreign.Unreadable(f"tool_input.edits[{n}] is not an object")
        _check_types(item, {"new_string": str, "old_string": str}, f"tool_input.edits[{n}].")
    cwd = payload.get("cwd")
    if cwd is not None and not os.path.isabs(cwd):
        raise foreign.Unreadable(f"cwd {cwd[:80]!r} is not an absolute path")
    return payload


def _check_types(values: dict[str, Any], wanted: dict[str, type], where: str) -> None:
    for key, kind in wanted.items():
        value = values.get(key)
        if value is not None and not isinstance(value, kind):
            raise foreign.Unreadable(f"the payload's {where}{key} is not {_TYPE_NAMES[kind]}")


def edits(payload: dict[str, Any]) -> dict[str, str]:
    """The files an edit call touches (as the agent names them), each with the text it proposes:
    one file for Claude Code's edit tools, every file of a Codex patch."""
    tool_input = payload.get("tool_input") or {}
    if not isinstance(tool_input, dict):
        return {}
    for key in ("file_path", "notebook_path", "path"):
        if isinstance(tool_input.get(key), str) and tool_input[key]:
            parts = [tool_input.get(k) for k in ("new_string", "content", "new_source")]
            edits = tool_input.get("edits")
            if isinstance(edits, list):
                parts += [e.get("new_string") for e in edits if isinstance(e, dict)]
            return {str(tool_input[key]): "\n".join(p for p in parts if isinstance(p, str))}
    return codex_protocol.patch_edits(tool_input)


def _judged(project: Project, payload: dict[str, Any]) -> dict[str, str]:
    """Repository path -> proposed text, for the edited files inside this repository."""
    from kenning.app.paths import canonical_path

    cwd = Path(str(payload.get("cwd") or project.root))
    judged: dict[str, str] = {}
    for raw, text in edits(payload).items():
        try:
            path = canonical_path(project.root, raw, cwd)
        except InvalidInput:
            continue  # outside this repository: not ours to judge
        judged[path] = "\n".join(t for t in (judged.get(path), text) if t)
    return judged


def pre_tool_use(project: Project, payload: dict[str, Any], now: str | None = None,
                 agent: str | None = None) -> dict[str, Any] | None:
    """The PreToolUse answer for an edit, or None when there is nothing to say. ``agent`` is the
    one the hook was installed for (``--agent``); without it, the payload tells."""
    from kenning.app.gate.precheck import precheck

    proposed = _judged(project, payload)
    if not proposed:
        return None
    agent = agent if agent in AGENTS else "codex" if codex_protocol.sent_by_codex(payload) else "claude"
    result = precheck(project, list(proposed), cwd=project.root, now=now, surface=None, proposed=proposed)
    verdicts = result.report.files
    told = [v for v in verdicts if v.warnings or v.path in result.similar]
    blocked = [v for v in verdicts if v.severity == "block"]
    session = str(payload.get("session_id") or "")
    mode = str(project.setting("gate", "agent"))
    mode = mode if mode in MODES else "deny"
    decision = _decide(project, mode, agent, session, blocked) if blocked else "advise" if told else "allow"
    now_us = now_micros(now)
    held = decision in ("deny", "ask")  # only an edit that goes ahead changes the files
    for verdict in verdicts:
        similar = result.similar.get(verdict.path)
        if not held:
            _complete_open(project, verdict.path, now_us, similar)
        own = decision if held or verdict in blocked else "advise" if verdict in told else "allow"
        checks.record(project, verdict, "agent-hook", now_us, own, session, similar)
    if not told:
        return None
    fallback = codex_protocol.ask_fallback([v.path for v in blocked]) if mode == "ask" and decision == "deny" else None
    return _answer(decision, _context(told, result.now_us, result.similar, len(verdicts) > 1),
                   [v.path for v in blocked] if len(verdicts) > 1 else [], fallback)


def unreadable_edit(project: Project, reason: str) -> dict[str, Any] | None:
    """The PreToolUse answer for an edit whose payload kenning cannot read (wrong types, not JSON,
    too large or deep): denied, since nothing was judged and "no warnings" would be a guess, or
    only said when the project chose ``gate.agent = "advise"``. An agent whose payload changed
    shape gets this line on every edit until kenning is updated, never a silent pass."""
    text = (f"kenning could not read this edit's hook payload, so the gate judged nothing: {reason}. "
            "Run `ken precheck PATH` on the files first; if every edit is refused this way, update kenning "
            "or set gate.agent = \"advise\" in .kenning/config.toml.")
    if project.setting("gate", "agent") == "advise":
        return _answer("advise", text, [], None)
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                   "permissionDecisionReason": text}}


def _decide(project: Project, mode: str, agent: str, session: str, blocked: list[Any]) -> str:
    """What to do with an edit of blocked files: deny it the first time the session meets this
    evidence on a file (then let it through, counted once as an override), ask, or advise."""
    if mode == "advise":
        return "advise"
    if mode == "ask" and agent != "codex":  # Codex cannot ask (kenning.app.gate.codex_protocol): it gets deny-once
        return "ask"
    seen = min(_sightings(project, [_evidence_key(session, v) for v in blocked]))
    return "deny" if seen == 0 else "allow-after-deny" if seen == 1 else "advise"


def _answer(decision: str, text: str, named: list[str], note: str | None) -> dict[str, Any]:
    output: dict[str, Any] = {"hookEventName": "PreToolUse"}
    if decision == "deny":  # never with additionalContext: older Codex rejects the pair, and the deny with it
        where = ", ".join(named) if named else "this file"
        output.update(permissionDecision="deny", permissionDecisionReason=text + _HOW_TO_PROCEED.format(where=where))
    elif decision == "ask":
        output.update(permissionDecision="ask", permissionDecisionReason=text)
    else:
        output["additionalContext"] = text
    return {"hookSpecificOutput": output, **({"systemMessage": note} if note else {})}


_HOW_TO_PROCEED = ("\nThese approaches already failed on {where}. Read them (`ken show ID`), choose a different "
                   "approach, record it with `ken attempt`; repeating this edit now will be allowed.")


def _context(told: list[Any], now_us: int, similar: dict[str, dict[str, Any]], many: bool) -> str:
    lines = []
    for verdict in told:
        alike = similar.get(verdict.path)
        if alike is not None:
            lines.append(f"{verdict.path + ': ' if many else ''}this edit resembles failed attempt {alike['id']} "
                         f"(similarity {alike['score']:.2f}): {alike['summary']}\n")
    warned = [v for v in told if v.warnings]
    text = "".join(lines) + (render_text(Verdicts(warned), now_us, GATE_LINES) if warned else "")
    return "kenning: " + text.rstrip("\n")


def _evidence_key(session: str, verdict: Any) -> str:
    live = [w for w in verdict.warnings if w.snoozed_until is None]
    evidence = sorted({i for w in live for i in w.event_ids}) or sorted(w.kind for w in live)
    import hashlib  # only when a file has warnings: loading OpenSSL costs every quiet edit ~3 ms

    return hashlib.sha256(json.dumps([session, verdict.path, evidence]).encode()).hexdigest()[:32]


def _sightings(project: Project, keys: list[str]) -> list[int]:
    """How many times each (session, file, evidence) was seen before; counts each once more.
    Remembered in ``local/`` (machine-local)."""
    path = project.local_dir / SEEN
    seen = files.read_json(path)
    seen = seen if isinstance(seen, dict) else {}
    counts = []
    for key in keys:
        before = seen.get(key, [0, 0])
        counts.append(int(before[0]) if isinstance(before, list) and before else 0)
        seen[key] = [counts[-1] + 1, len(seen)]
    if len(seen) > 5000:  # forget the oldest: sessions end
        seen = dict(sorted(seen.items(), key=lambda kv: kv[1][1] if isinstance(kv[1], list) else 0)[-4000:])
    files.write_json_quietly(path, seen)
    return counts


def _complete_open(project: Project, path: str, now_us: int, similar: dict[str, Any] | None) -> None:
    """An edit of a file the gate warned about closes its open records: repeated or not."""
    last = checks.last_about(project, path)
    if last is not None and "outcome" not in last and last.get("severity") in ("warn", "block"):
        checks.complete(project, path, "edit", now_us, similar is not None, similar)


def session_start(project: Project, payload: dict[str, Any] | None = None) -> dict[str, Any]:
    """The summary, and what was captured from the previous session's tool calls."""
    from kenning.app.capture.sessions import previous
    from kenning.app.views.summary import summary

    context = summary(project)  # after a clone: from one pass over the log (``recall.open_whole``)
    session = (payload or {}).get("session_id")
    captured = previous(project, session if isinstance(session, str) else None)
    if captured:
        context = context.rstrip("\n") + "\n\n" + captured + "\n"
    return {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": context}}
