"""The gate at the tool-call boundary: coding-agent hooks (Claude Code, Codex).

``install``/``uninstall`` merge kenning's entries into ``.claude/settings.json`` or
``.codex/hooks.json`` (both use the same shape: event -> matcher groups -> command hooks),
keeping every other entry. The commands are plain ``ken hook …`` words: the settings file is
shared by a team, so no machine path and no shell syntax.

``pre_tool_use`` answers Claude Code's PreToolUse contract for an edit: nothing for a quiet
file; the compact warning as ``additionalContext`` for info and warn; for a blocked file
(mode ``deny``, the default) a deny with the failed approaches as the reason, once per
(session, file, evidence), so the same call after the agent has seen the evidence goes through
with the warning attached and an agent is never trapped. ``session_start`` injects the summary.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from kenning.app import checks
from kenning.app.project import Project, now_micros
from kenning.core.errors import InvalidInput
from kenning.core.gate import Report, render_text
from kenning.store import files

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

AGENTS = {
    "claude": (Path(".claude") / "settings.json", {
        "PreToolUse": "Edit|Write|MultiEdit|NotebookEdit", "SessionStart": "startup|resume|compact"}),
    "codex": (Path(".codex") / "hooks.json", {
        "PreToolUse": "Edit|Write|MultiEdit|apply_patch", "SessionStart": "startup|resume"}),
}
COMMANDS = {"PreToolUse": "ken hook pre-tool-use", "SessionStart": "ken hook session-start"}
MODES = ("deny", "ask", "advise")
SEEN = "agent-seen.json"


def _settings_path(project: Project, agent: str) -> Path:
    if agent not in AGENTS:
        raise InvalidInput(f"unknown agent {agent!r}; use one of {', '.join(AGENTS)}")
    return project.root / AGENTS[agent][0]


def _load(path: Path) -> dict[str, Any]:
    text = files.read_text(path)
    if text is None or not text.strip():
        return {}
    try:
        data = json.loads(text)
    except ValueError as err:
        raise InvalidInput(f"{path} is not valid JSON ({err}); fix it, then run this again") from err
    if not isinstance(data, dict):
        raise InvalidInput(f"{path} does not hold a JSON object; fix it, then run this again")
    return data


def _ours(hook: Any) -> bool:
    return isinstance(hook, dict) and str(hook.get("command", "")).startswith("ken hook ")


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


def install(project: Project, agent: str) -> tuple[Path, bool]:
    path = _settings_path(project, agent)
    data = _load(path)
    if "hooks" in data and not isinstance(data["hooks"], dict):
        raise InvalidInput(f"{path}: \"hooks\" is not an object; fix it, then run this again")
    _strip(data)
    hooks = data.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise InvalidInput(f"{path}: \"hooks\" is not an object; fix it, then run this again")
    for event, matcher in AGENTS[agent][1].items():
        hooks.setdefault(event, []).append(
            {"matcher": matcher, "hooks": [{"type": "command", "command": COMMANDS[event], "timeout": 30}]})
    return path, files.write_atomic(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def uninstall(project: Project, agent: str) -> tuple[Path, bool]:
    path = _settings_path(project, agent)
    if files.read_text(path) is None:
        return path, False
    data = _load(path)
    _strip(data)
    return path, files.write_atomic(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def status(project: Project) -> list[tuple[str, str]]:
    out = []
    for agent in AGENTS:
        path = _settings_path(project, agent)
        try:
            data = _load(path)
        except InvalidInput as err:
            out.append((agent, f"unreadable: {err}"))
            continue
        groups = data.get("hooks", {}) if isinstance(data.get("hooks"), dict) else {}
        found = sorted(event for event, gs in groups.items() if isinstance(gs, list) and any(
            _ours(h) for g in gs if isinstance(g, dict) and isinstance(g.get("hooks"), list) for h in g["hooks"]))
        out.append((agent, f"installed ({', '.join(found)}) in {path}" if found else "not installed"))
    return out


# -- the hook calls -------------------------------------------------------------------------------

def edited_path(payload: dict[str, Any]) -> str | None:
    tool_input = payload.get("tool_input") or {}
    if not isinstance(tool_input, dict):
        return None
    for key in ("file_path", "notebook_path", "path"):
        if isinstance(tool_input.get(key), str) and tool_input[key]:
            return str(tool_input[key])
    patch = tool_input.get("input") or tool_input.get("patch") or tool_input.get("command")
    if isinstance(patch, str):  # Codex apply_patch: "*** Update File: path"
        for line in patch.splitlines():
            for marker in ("*** Update File: ", "*** Add File: ", "*** Delete File: "):
                if line.startswith(marker):
                    return line[len(marker):].strip()
    return None


def proposed_text(payload: dict[str, Any]) -> str:
    tool_input = payload.get("tool_input") or {}
    if not isinstance(tool_input, dict):
        return ""
    parts = [tool_input.get(k) for k in ("new_string", "content", "new_source")]
    edits = tool_input.get("edits")
    if isinstance(edits, list):
        parts += [e.get("new_string") for e in edits if isinstance(e, dict)]
    patch = tool_input.get("input") or tool_input.get("patch")
    if isinstance(patch, str):
        parts.append("\n".join(ln[1:] for ln in patch.splitlines() if ln.startswith("+")))
    return "\n".join(p for p in parts if isinstance(p, str))


def pre_tool_use(project: Project, payload: dict[str, Any], now: str | None = None) -> dict[str, Any] | None:
    """The PreToolUse answer for an edit, or None when there is nothing to say."""
    from kenning.app.gate import precheck
    from kenning.app.paths import canonical_path

    raw = edited_path(payload)
    if raw is None:
        return None
    cwd = Path(str(payload.get("cwd") or project.root))
    try:
        path = canonical_path(project.root, raw, cwd)
    except InvalidInput:
        return None  # outside this repository: not ours to judge
    result = precheck(project, [path], cwd=project.root, now=now, surface=None,
                      proposed={path: proposed_text(payload)})
    verdict = result.report.files[0]
    similar = result.similar.get(path)
    session = str(payload.get("session_id") or "")
    now_us = now_micros(now)
    live = [w for w in verdict.warnings if w.snoozed_until is None]
    if not verdict.warnings and similar is None:
        _complete_open(project, path, now_us, similar)
        checks.record(project, verdict, "agent-hook", now_us, "allow", session)
        return None
    text = _context(verdict, result.now_us, similar)
    mode = str(project.setting("gate", "agent"))
    mode = mode if mode in MODES else "deny"
    output: dict[str, Any] = {"hookEventName": "PreToolUse"}
    decision = "advise"
    if verdict.severity == "block" and mode != "advise":
        key = _evidence_key(session, path, live)
        if mode == "ask":
            decision = "ask"
            output.update(permissionDecision="ask", permissionDecisionReason=text)
        else:
            seen = _sightings(project, key)
            if seen == 0:
                decision = "deny"
                output.update(permissionDecision="deny", permissionDecisionReason=text + _HOW_TO_PROCEED)
            else:  # the agent has seen this evidence: let it through, once counted as an override
                decision = "allow-after-deny" if seen == 1 else "advise"
                output["additionalContext"] = text
    else:
        output["additionalContext"] = text
    if decision not in ("deny", "ask"):  # only an edit that goes ahead changes the file
        _complete_open(project, path, now_us, similar)
    checks.record(project, verdict, "agent-hook", now_us, decision, session, similar)
    return {"hookSpecificOutput": output}


_HOW_TO_PROCEED = ("\nThese approaches already failed on this file. Read them (`ken show ID`), choose a different "
                   "approach, record it with `ken attempt`; repeating this edit now will be allowed.")


def _context(verdict: Any, now_us: int, similar: dict[str, Any] | None) -> str:
    text = render_text(Report([verdict]), now_us, 12) if verdict.warnings else ""
    if similar is not None:
        text = (f"this edit resembles failed attempt {similar['id']} (similarity {similar['score']:.2f}): "
                f"{similar['summary']}\n") + text
    return "kenning: " + text.rstrip("\n")


def _evidence_key(session: str, path: str, live: list[Any]) -> str:
    evidence = sorted({i for w in live for i in w.event_ids}) or sorted(w.kind for w in live)
    return hashlib.sha256(json.dumps([session, path, evidence]).encode()).hexdigest()[:32]


def _sightings(project: Project, key: str) -> int:
    """How many times this (session, file, evidence) was seen before; counts it once more.
    Remembered in ``local/`` (machine-local)."""
    path = project.local_dir / SEEN
    seen = files.read_json(path)
    seen = seen if isinstance(seen, dict) else {}
    before = seen.get(key, [0, 0])
    count = int(before[0]) if isinstance(before, list) and before else 0
    seen[key] = [count + 1, len(seen)]
    if len(seen) > 5000:  # forget the oldest: sessions end
        seen = dict(sorted(seen.items(), key=lambda kv: kv[1][1] if isinstance(kv[1], list) else 0)[-4000:])
    files.write_json_quietly(path, seen)
    return count


def _complete_open(project: Project, path: str, now_us: int, similar: dict[str, Any] | None) -> None:
    """An edit of a file the gate warned about closes its open records: repeated or not."""
    warned = False
    for line in checks.read(project):
        if line.get("file") == path:
            warned = "outcome" not in line and line.get("severity") in ("warn", "block")
    if warned:
        checks.complete(project, path, "edit", now_us, similar is not None, similar)


def session_start(project: Project) -> dict[str, Any]:
    from kenning.app.summary import summary

    return {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": summary(project)}}
