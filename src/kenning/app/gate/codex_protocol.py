"""What Codex sends to its hooks and what it takes back, as read in openai/codex (codex-rs).

- An edit arrives as ``tool_name: "apply_patch"`` with the whole patch text in
  ``tool_input.command``, whether the model called the freeform tool or the JSON one with
  ``input`` (``pre_tool_use_payload`` in codex-rs/core/src/tools/handlers/apply_patch.rs). One
  patch may touch many files: ``*** Add File:``, ``*** Update File:`` (optionally followed by
  ``*** Move to:``) and ``*** Delete File:`` sections (the apply_patch grammar, same crate).
- Its PreToolUse output parser treats ``permissionDecision: "ask"`` as unsupported: the hook is
  marked failed and the edit goes ahead with no warning
  (``unsupported_pre_tool_use_hook_specific_output`` in codex-rs/hooks/src/engine/output_parser.rs).
  A deny with a non-empty reason blocks the call and is shown to the model; ``systemMessage`` is
  shown to the user as a warning (``parse_completed`` in codex-rs/hooks/src/events/pre_tool_use.rs).
- A PreToolUse payload from Codex carries ``turn_id`` (``command_input_json`` in
  codex-rs/hooks/src/events/pre_tool_use.rs); Claude Code's does not.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

SECTION_HEADERS = ("*** Add File: ", "*** Update File: ", "*** Delete File: ")
MOVE_TO = "*** Move to: "
PATCH_KEYS = ("command", "input", "patch")  # Codex sends "command"; older builds and other clients "input"/"patch"


def sent_by_codex(payload: dict[str, Any]) -> bool:
    """A guess from the payload alone, for hooks installed without ``--agent``."""
    return payload.get("tool_name") == "apply_patch" or "turn_id" in payload


def patch_edits(tool_input: dict[str, Any]) -> dict[str, str]:
    """Every file an apply_patch input touches, in patch order, with the lines it adds to it
    (a moved file's lines count for both names). Empty when the input holds no patch."""
    patch = next((tool_input[k] for k in PATCH_KEYS if isinstance(tool_input.get(k), str)), None)
    if patch is None:
        return {}
    added: dict[str, list[str]] = {}
    targets: list[str] = []  # the file names the section being read writes to
    for raw in patch.splitlines():
        line = raw.rstrip("\r")
        header = next((h for h in SECTION_HEADERS if line.startswith(h)), None)
        if header is not None:
            targets = [line[len(header):].strip()]
        elif line.startswith(MOVE_TO) and targets:
            targets = [*targets, line[len(MOVE_TO):].strip()]
        elif line.startswith("*** End Patch"):
            targets = []
        elif line.startswith("+"):
            for name in targets:
                added[name].append(line[1:])
            continue
        else:
            continue
        for name in targets:
            added.setdefault(name, [])
    return {name: "\n".join(lines) for name, lines in added.items() if name}


def ask_fallback(blocked: list[str]) -> str:
    """What the user reads when ask mode meets Codex, which cannot ask: the edit is denied once."""
    return (f"kenning: {', '.join(blocked)} blocked by failed attempts. Codex hooks cannot ask you "
            "([gate] agent is set to ask), so kenning denied this edit once and told the agent why; "
            "its next attempt goes through.")
