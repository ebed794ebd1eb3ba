"""Entry points run by hooks: ``ken hook NAME``: git's pre-commit, post-commit, post-merge and
post-checkout, and the coding agents' pre-tool-use and session-start (Claude Code, Codex, Gemini
CLI, Cursor: each answered in its own dialect, ``app.gate.agent_dialects``), and post-tool-use and
session-end, which capture failed attempts from the agent's own tool calls
(``app.capture.sessions``; they print nothing and never block).

A hook must never break the user's git or agent: every failure here is swallowed (fail open)
and the exit status is 0, except one deliberate case: the pre-commit hook in strict mode exits
with ``BLOCKED_EXIT`` when a staged file is blocked, and the installed sh block turns that into
a refused commit. A hook that runs past its time limit (``AGENT_TIMEOUT``, or the git hooks'
``TIMEOUT_SECONDS``) gives up, says so on stderr and exits 0: the limit is kept by ken itself,
so it holds where the installed block finds no ``timeout`` command (macOS, Git for Windows).
"""

from __future__ import annotations

import os
import sys

from kenning.core.defaults import BLOCKED_EXIT, TIMEOUT_SECONDS
from kenning.core.errors import BadConfig, KenError, MemoryUnreadable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from kenning.app.project import Project

GIT_HOOKS = ("pre-commit", "post-commit", "post-merge", "post-checkout")
AGENT_HOOKS = ("pre-tool-use", "session-start")
CAPTURE_HOOKS = ("post-tool-use", "session-end")
AGENT_TIMEOUT = 20.0  # below the agents' own hook timeouts: we give up first, and fail open


def run(name: str, agent: str | None = None) -> int:
    """``agent``: the coding agent an agent hook was installed for (``--agent``), which decides
    the answer's dialect; None for git hooks and for hooks installed before the flag existed."""
    if name in AGENT_HOOKS:
        return _agent(name, agent)
    if name in CAPTURE_HOOKS:
        return _capture(name, agent)
    from kenning.app.project import find_project

    timer = _time_limit(name, TIMEOUT_SECONDS)
    try:
        project = find_project(os.getcwd())
        if not project.initialized:
            return 0
        if name == "pre-commit":
            project.config_problems = []  # a bad value: the gate checks with its default, and says so
            try:
                return _pre_commit(project)
            finally:
                for problem in project.config_problems:
                    sys.stderr.write(f"kenning: {problem}\n")
        _refresh(project, name)
    except (KenError, OSError) as err:
        sys.stderr.write(f"kenning: {name} hook skipped: {err}\n")
    except Exception as err:  # noqa: BLE001 - a hook fails open, whatever happened
        sys.stderr.write(f"kenning: {name} hook skipped after an unexpected {type(err).__name__}\n")
    finally:
        timer.cancel()
    return 0


def _time_limit(name: str, seconds: float) -> Any:
    """A timer that ends the process with exit 0 after ``seconds``: a hook that hangs (a lock
    held by a crashed process, a slow disk) must not hold up the commit or the agent."""

    import threading

    def give_up() -> None:
        sys.stderr.write(f"kenning: {name} hook timed out after {seconds:g}s; allowing\n")
        sys.stderr.flush()
        os._exit(0)

    timer = threading.Timer(seconds, give_up)
    timer.daemon = True
    timer.start()
    return timer


def _agent(name: str, agent: str | None) -> int:
    """Read the agent's JSON payload on stdin; print the JSON answer (or nothing)."""
    import json

    from kenning.app.gate import agent_dialects, tool_calls
    from kenning.app.project import environment, find_project
    from kenning.core import foreign

    def say(answer: dict[str, Any] | None) -> None:
        answer = agent_dialects.spoken(agent, name, answer)
        if answer is not None:
            sys.stdout.write(json.dumps(answer, ensure_ascii=False) + "\n")

    timer = _time_limit(name, AGENT_TIMEOUT)
    try:
        # read to one byte past the limit: a payload without end is refused, not waited for
        payload = tool_calls.read_payload(sys.stdin.buffer.read(foreign.PAYLOAD_LIMIT + 1))
        start = agent_dialects.folder(payload) or environment("CLAUDE_PROJECT_DIR") or os.getcwd()
        project = find_project(str(start))
        if not project.initialized:
            return 0
        project.config_problems = []  # a bad value: the gate checks with its default, and says so
        answer = (tool_calls.session_start(project, payload) if name == "session-start"
                  else tool_calls.pre_tool_use(project, payload, agent=agent))
        say(_with_problems(name, answer, project.config_problems))
    except MemoryUnreadable as err:  # allowed, but never silently: "no warnings" would be a lie
        say(_unread(name, str(err)))
    except foreign.Unreadable as err:
        # the hook's matcher only sends edits: one whose payload cannot be read is not waved through
        refused = name == "pre-tool-use" and _refuse_unread(str(err), say)
        sys.stderr.write(f"kenning: {name} hook {'refused the edit' if refused else 'skipped'}: "
                         f"its payload is unreadable: {err}\n")
    except BadConfig as err:  # the same: a bad value must not switch the gate off without a word
        say(_unread(name, str(err), "its configuration"))
    except (KenError, OSError, ValueError) as err:
        sys.stderr.write(f"kenning: {name} hook skipped: {err}\n")
    except Exception as err:  # noqa: BLE001 - an agent hook fails open, whatever happened
        sys.stderr.write(f"kenning: {name} hook skipped after an unexpected {type(err).__name__}\n")
    finally:
        timer.cancel()
    return 0


def _capture(name: str, agent: str | None) -> int:
    """After a tool call (``post-tool-use``) or at the end of a turn or session (``session-end``):
    observe the call, or write the session's failed attempts. Nothing is printed on stdout (an
    empty answer is every agent's "go on"); a problem is one line on stderr, and the exit is 0."""


    from kenning.app.capture import sessions
    from kenning.app.project import environment, find_project
    from kenning.core import foreign

    timer = _time_limit(name, AGENT_TIMEOUT)
    try:
        payload = foreign.json_object(sys.stdin.buffer.read(foreign.PAYLOAD_LIMIT + 1), foreign.PAYLOAD_LIMIT)
        if name == "post-tool-use" and not sessions.wanted(payload):
            return 0  # most calls: told apart from the payload alone, before any file is read
        cwd = payload.get("cwd")
        start = cwd if isinstance(cwd, str) and os.path.isabs(cwd) else environment("CLAUDE_PROJECT_DIR") or os.getcwd()
        project = find_project(start)
        if project.initialized:
            if name == "post-tool-use":
                sessions.observe(project, payload, agent)
            else:
                sessions.fold(project, payload, agent)
    except (KenError, OSError, ValueError) as err:
        sys.stderr.write(f"kenning: {name} hook skipped: {err}\n")
    except Exception as err:  # noqa: BLE001 - a capture hook fails open, whatever happened
        sys.stderr.write(f"kenning: {name} hook skipped after an unexpected {type(err).__name__}\n")
    finally:
        timer.cancel()
    return 0


def _refuse_unread(reason: str, say: Any) -> bool:
    """Fail closed for an edit whose payload could not be read: the agent is told why, unless the
    project chose to be advised only (``gate.agent = "advise"``) or has no memory here."""


    from kenning.app.gate import tool_calls
    from kenning.app.project import environment, find_project

    try:
        project = find_project(environment("CLAUDE_PROJECT_DIR") or os.getcwd())
        answer = tool_calls.unreadable_edit(project, reason) if project.initialized else None
    except (KenError, OSError, ValueError):
        return False
    if answer is None:
        return False
    say(answer)
    return "permissionDecision" in answer["hookSpecificOutput"]


def _unread(name: str, reason: str, what: str = "its memory") -> dict[str, object]:
    """The answer when memory (or the config) cannot be read: the tool call goes ahead (a hook
    fails open), and both the user (``systemMessage``) and the agent (``additionalContext``) are
    told."""
    event = "PreToolUse" if name == "pre-tool-use" else "SessionStart"
    told = f"kenning could not read {what}, so nothing was checked: {reason}"
    return {"systemMessage": told, "hookSpecificOutput": {"hookEventName": event, "additionalContext": told}}


def _with_problems(name: str, answer: dict[str, Any] | None, problems: list[str]) -> dict[str, Any] | None:
    """The answer with the config's bad values told to the user and the agent (an answer of its
    own when there was nothing else to say)."""
    if not problems:
        return answer
    told = "kenning: " + " ".join(problems)
    answer = dict(answer or {})
    answer["systemMessage"] = "\n".join(m for m in (told, answer.get("systemMessage")) if m)
    specific = dict(answer.get("hookSpecificOutput") or
                    {"hookEventName": "PreToolUse" if name == "pre-tool-use" else "SessionStart"})
    specific["additionalContext"] = "\n".join(m for m in (told, specific.get("additionalContext")) if m)
    answer["hookSpecificOutput"] = specific
    return answer


def _pre_commit(project: Project) -> int:
    from kenning.app.gate import checks
    from kenning.app.gate.precheck import precheck

    # the staged change is compared in the same read: a reland resembling its reverted change is
    # warned on however long ago the revert was and however much the file changed since
    result = precheck(project, [], staged=True, surface=None, compare_staged=True)
    flagged = [f for f in result.report.files if f.warnings]
    alike = {f.path: result.similar[f.path] for f in flagged if f.path in result.similar}
    if flagged:
        from kenning.core.gate.rules import Verdicts, render_text

        sys.stderr.write("kenning: what memory says about the staged files:\n")
        for path, similar in alike.items():
            sys.stderr.write(f"{path}: the staged change resembles failed attempt {similar['id']} "
                             f"(similarity {similar['score']:.2f}): {similar['summary']}\n")
        sys.stderr.write(render_text(Verdicts(flagged), result.now_us, 8))
    strict = project.setting("gate", "commit") == "strict"
    blocked = [f.path for f in result.report.files if f.severity == "block"]
    checks.record_all(project, [(v, "refused" if strict and v.path in blocked else "advise", alike.get(v.path))
                                for v in result.report.files], "git-hook", result.now_us)
    if strict and blocked:
        sys.stderr.write(
            f"kenning: commit refused (gate.commit = \"strict\"): {', '.join(blocked)} blocked. "
            "Read the failed attempts above; snooze with `ken precheck PATH --snooze 1d --reason ...` "
            "or bypass once with `git commit --no-verify`.\n")
        return BLOCKED_EXIT
    return 0


def _refresh(project: Project, name: str = "") -> None:
    """Bring the index, the derived git events and summary.md up to date; after a commit, close
    the gate's open check records for the files it changed."""
    from kenning.app.recall import open_memory
    from kenning.app.views import summary as summary_app

    with open_memory(project) as memory:
        summary_app.refresh(memory)
        memory.warnings.clear()  # a hook refreshes quietly, as ever
    if name == "post-commit":
        from kenning.app.gate.commit_outcomes import complete_checks

        complete_checks(project)
