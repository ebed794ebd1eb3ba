"""The gate's answers in each agent's dialect. ``tool_calls`` answers as Claude Code and Codex
read a hook's output (``hookSpecificOutput`` with ``permissionDecision``); the other agents take
other shapes, read in their sources and documentation:

- Gemini CLI (packages/core/src/hooks/types.ts, core/coreToolHookTriggers.ts): a BeforeTool hook
  blocks with ``decision: "deny"`` and a ``reason`` (shown to the model as the tool's error),
  ``"ask"`` asks; BeforeTool ignores ``additionalContext``, so a warning is a ``systemMessage``
  (shown to the user). SessionStart takes ``hookSpecificOutput.additionalContext`` as Claude does.
- Cursor (cursor.com/docs/hooks): preToolUse answers ``permission`` (allow, deny, ask) with
  ``user_message`` for the user and ``agent_message`` for the model; sessionStart answers
  ``additional_context``. Its payloads carry ``workspace_roots`` instead of ``cwd``.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def folder(payload: dict[str, Any]) -> str | None:
    """The folder an agent's hook runs for: ``cwd``, else Cursor's first workspace root."""
    if payload.get("cwd"):
        return str(payload["cwd"])
    roots = payload.get("workspace_roots")
    return str(roots[0]) if isinstance(roots, list) and roots and isinstance(roots[0], str) else None


def spoken(agent: str | None, name: str, answer: dict[str, Any] | None) -> dict[str, Any] | None:
    """``answer`` (Claude Code's shape) in ``agent``'s dialect; None: nothing to print."""
    if agent == "gemini" and name == "pre-tool-use":
        return _gemini_before_tool(answer)
    if agent == "cursor":
        return _cursor(name, answer)
    return answer


def _parts(answer: dict[str, Any] | None) -> tuple[str | None, str, str, str]:
    """(decision, reason, context, message) of a Claude-shaped answer."""
    specific = (answer or {}).get("hookSpecificOutput") or {}
    return (specific.get("permissionDecision"), str(specific.get("permissionDecisionReason") or ""),
            str(specific.get("additionalContext") or ""), str((answer or {}).get("systemMessage") or ""))


def _gemini_before_tool(answer: dict[str, Any] | None) -> dict[str, Any] | None:
    if answer is None:
        return None
    decision, reason, context, message = _parts(answer)
    out: dict[str, Any] = {}
    if decision in ("deny", "ask"):
        out.update(decision=decision, reason=reason)
    told = "\n".join(t for t in (message, context) if t)
    if told:
        out["systemMessage"] = told
    return out or None


def _cursor(name: str, answer: dict[str, Any] | None) -> dict[str, Any]:
    decision, reason, context, message = _parts(answer)
    if name == "session-start":
        return {"additional_context": "\n".join(t for t in (message, context) if t)} if answer else {}
    out: dict[str, Any] = {"permission": decision if decision in ("deny", "ask") else "allow"}
    if reason or context:
        out["agent_message"] = reason or context
    if message or reason:
        out["user_message"] = message or reason.split("\n", 1)[0]
    return out
