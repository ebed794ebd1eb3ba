"""Code changes the agent-hook tests reuse: a failed change, the same with renamed names, and
unrelated edits."""

MEMOIZE = "cache = {}\nfor key in items:\n    cache[key] = compute_value(key)\nreturn cache\n"
RENAMED = "memo = {}\nfor k in entries:\n    memo[k] = compute_value(k)\nreturn memo\n"
UNRELATED = "import logging\nlog = logging.getLogger(__name__)\n"
STORE = "class Store:\n    def save(self, record):\n        self.rows.append(record)\n        return record\n"
LOCKED = ("class Store:\n    def save(self, record):\n        with self.lock:\n            self.rows.append(record)\n"
          "            self.flush_now(record, sync=True)\n        return record\n")
LOCK_LINES = "with self.lock:\n    self.rows.append(record)\n    self.flush_now(record, sync=True)\n"


# -- payloads after a tool call, exactly as each agent sends them -----------------------------------
# Claude Code (hooks reference, code.claude.com/docs/en/hooks): PostToolUse after a call that
# succeeded, with ``tool_response`` as the tool returned it (Edit/Write: filePath, originalFile,
# structuredPatch...; Bash: stdout, stderr, interrupted, isImage); PostToolUseFailure after a call
# that failed (a shell command's non-zero exit), with ``error`` ("Exit code N" then the output)
# and ``is_interrupt``. Stop: stop_hook_active; SessionEnd: reason.
# Codex (openai/codex, codex-rs/hooks/src/events/post_tool_use.rs, ``command_input_json``):
# session_id, turn_id, transcript_path, cwd, hook_event_name, model, permission_mode, tool_name,
# tool_input, tool_response, tool_use_id. A shell call arrives as tool_name "Bash" with
# tool_input {"command": TEXT} and tool_response the output text alone, with no exit code
# (``ExecCommandToolOutput::post_tool_use_response`` returns ``truncated_output()``, the raw
# output); an edit as "apply_patch" with the patch in tool_input.command. Stop
# (codex-rs/hooks/src/events/stop.rs): session_id, turn_id, cwd, stop_hook_active.

def _claude(cwd: str, session: str, event: str, **fields: object) -> dict[str, object]:
    return {"session_id": session, "transcript_path": f"/tmp/{session}.jsonl", "cwd": cwd,
            "permission_mode": "default", "hook_event_name": event, **fields}


def claude_edit(cwd: str, session: str, path: str, old: str, new: str, original: str, call: str) -> dict[str, object]:
    return _claude(cwd, session, "PostToolUse", tool_name="Edit", tool_use_id=call,
                   tool_input={"file_path": path, "old_string": old, "new_string": new, "replace_all": False},
                   tool_response={"filePath": path, "oldString": old, "newString": new, "originalFile": original,
                                  "structuredPatch": [], "userModified": False, "replaceAll": False})


def claude_write(cwd: str, session: str, path: str, content: str, original: str | None,
                 call: str) -> dict[str, object]:
    return _claude(cwd, session, "PostToolUse", tool_name="Write", tool_use_id=call,
                   tool_input={"file_path": path, "content": content},
                   tool_response={"type": "update" if original is not None else "create", "filePath": path,
                                  "content": content, "structuredPatch": [], "originalFile": original})


def claude_bash(cwd: str, session: str, command: str, output: str, code: int, call: str) -> dict[str, object]:
    """A Bash call: PostToolUse when it exits 0, PostToolUseFailure (its ``error``) otherwise."""
    tool_input = {"command": command, "description": "Run the tests"}
    if code == 0:
        return _claude(cwd, session, "PostToolUse", tool_name="Bash", tool_use_id=call, tool_input=tool_input,
                       tool_response={"stdout": output, "stderr": "", "interrupted": False, "isImage": False})
    return _claude(cwd, session, "PostToolUseFailure", tool_name="Bash", tool_use_id=call, tool_input=tool_input,
                   error=f"Exit code {code}\n{output}", is_interrupt=False)


def claude_stop(cwd: str, session: str) -> dict[str, object]:
    return _claude(cwd, session, "Stop", stop_hook_active=False)


def claude_session_end(cwd: str, session: str) -> dict[str, object]:
    return _claude(cwd, session, "SessionEnd", reason="prompt_input_exit")


def claude_session_start(cwd: str, session: str, source: str = "startup") -> dict[str, object]:
    return _claude(cwd, session, "SessionStart", source=source)


def _codex(cwd: str, session: str, event: str, **fields: object) -> dict[str, object]:
    return {"session_id": session, "turn_id": "turn-1", "transcript_path": None, "cwd": cwd,
            "hook_event_name": event, "model": "gpt-5-codex", "permission_mode": "default", **fields}


def codex_patch(cwd: str, session: str, patch: str, call: str) -> dict[str, object]:
    return _codex(cwd, session, "PostToolUse", tool_name="apply_patch", tool_use_id=call,
                  tool_input={"command": patch}, tool_response="Success. Updated the following files:\n")


def codex_bash(cwd: str, session: str, command: str, output: str, call: str) -> dict[str, object]:
    return _codex(cwd, session, "PostToolUse", tool_name="Bash", tool_use_id=call,
                  tool_input={"command": command}, tool_response=output)


def codex_stop(cwd: str, session: str) -> dict[str, object]:
    return _codex(cwd, session, "Stop", stop_hook_active=False, last_assistant_message="done")


PYTEST_FAILED = ("============================= test session starts ==============================\n"
                 "collected 2 items\n\ntests/test_app.py F.                                          [100%]\n\n"
                 "=================================== FAILURES ===================================\n"
                 "___________________________________ test_main ___________________________________\n"
                 "    def test_main():\n>       assert main() == 1\nE       AssertionError: assert 2 == 1\n\n"
                 "=========================== short test summary info ============================\n"
                 "FAILED tests/test_app.py::test_main - AssertionError: assert 2 == 1\n"
                 "========================= 1 failed, 1 passed in 0.03s ==========================\n")
PYTEST_PASSED = ("collected 2 items\n\ntests/test_app.py ..                                          [100%]\n\n"
                 "============================== 2 passed in 0.02s ===============================\n")


# Gemini CLI (google-gemini/gemini-cli, packages/core/src/hooks/types.ts, AfterToolInput):
# session_id, transcript_path, cwd, hook_event_name, timestamp, tool_name, tool_input,
# tool_response {llmContent, returnDisplay, error}. Its shell tool is run_shell_command
# ({"command": TEXT}), whose llmContent states "Exit Code: N"; its edit tools replace
# (file_path, old_string, new_string) and write_file (file_path, content).

def _gemini(cwd: str, session: str, event: str, **fields: object) -> dict[str, object]:
    return {"session_id": session, "transcript_path": f"/tmp/{session}.json", "cwd": cwd, "hook_event_name": event,
            "timestamp": "2030-06-30T12:00:00.000Z", **fields}


def gemini_replace(cwd: str, session: str, path: str, old: str, new: str) -> dict[str, object]:
    return _gemini(cwd, session, "AfterTool", tool_name="replace",
                   tool_input={"file_path": path, "old_string": old, "new_string": new},
                   tool_response={"llmContent": f"Successfully modified file: {path} (1 replacements).",
                                  "returnDisplay": {"fileName": path}})


def gemini_shell(cwd: str, session: str, command: str, output: str, code: int) -> dict[str, object]:
    content = f"Command: {command}\nDirectory: (root)\nOutput: {output}\nError: (none)\nExit Code: {code}\n"
    return _gemini(cwd, session, "AfterTool", tool_name="run_shell_command", tool_input={"command": command},
                   tool_response={"llmContent": content, "returnDisplay": output})


def gemini_session_end(cwd: str, session: str) -> dict[str, object]:
    return _gemini(cwd, session, "SessionEnd", reason="exit")
