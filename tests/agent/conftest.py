"""Fixtures for the coding-agent hook tests: ``ken hook`` a real process, as the agent
starts it, in real temporary git repos.

Each test gets its own world: ``KEN_HOME``, ``HOME`` and ``XDG_CONFIG_HOME`` inside ``tmp_path``,
no ``KEN_*``/``GIT_*`` variable inherited from the machine, system git config ignored and the git
identity in the temporary ``HOME``. Time is fixed: every ``ken`` run gets ``KEN_NOW`` and every
commit the same author and committer date, one day before it, so verdicts are reproducible.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
from pathlib import Path
from typing import Any

import pytest

from kenning.app.gate import tool_calls
from machine import KEN, isolated_env, run_git, run_ken, wait_for_processes_to_end, write_file  # noqa: E402  (tests/ is on sys.path: its conftest.py)

NOW = "2030-06-30T12:00:00Z"
SETTINGS = {"claude": Path(".claude") / "settings.json", "codex": Path(".codex") / "hooks.json"}
BARE_PATH = "/usr/bin:/bin"  # what an agent started outside a shell profile may have
COMMIT_DATE = "@1908964800 +0000"  # 2030-06-29T12:00:00Z, one day before NOW
EDIT_TOOLS = "Edit|Write|MultiEdit|NotebookEdit"


class World:
    """A temporary machine: HOME, KEN_HOME and git repositories under one folder."""

    def __init__(self, base: Path, real_processes: bool = False) -> None:
        assert KEN, "the `ken` executable is not installed next to this Python nor on PATH"
        self.base = base
        self.real_processes = real_processes
        # the agent hooks run `ken` by name, as the shared settings file says
        self.env = isolated_env(base, strip=("CLAUDE_",), name="Agent Tester", email="agent@example.invalid",
                                GIT_AUTHOR_DATE=COMMIT_DATE, GIT_COMMITTER_DATE=COMMIT_DATE, NO_COLOR="1",
                                KEN_NOW=NOW, PATH=str(Path(KEN).parent) + os.pathsep + os.environ.get("PATH", ""))

    def repo(self, files: dict[str, str] | None = None, name: str = "repo", init: tuple[str, ...] | None = (
            "--no-hooks", "--no-backfill")) -> Repo:
        """A git repository with one commit of ``files``; ``ken init INIT…`` unless ``init`` is None."""
        path = self.base / name
        path.mkdir(parents=True)
        repo = Repo(self, path)
        repo.git("init", "-q")
        for rel, text in (files or {"src/a.py": "a = 1\n", "src/quiet.py": "q = 1\n"}).items():
            repo.write(rel, text)
        repo.git("add", "-A")
        repo.git("commit", "-q", "--no-verify", "-m", "initial")
        if init is not None:
            repo.ok("init", *init)
        return repo


class Repo:
    def __init__(self, world: World, path: Path) -> None:
        self.world = world
        self.path = path

    @property
    def checks_path(self) -> Path:
        return self.path / ".kenning" / "local" / "checks.jsonl"

    def git(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return run_git(args, self.path, self.world.env, check)

    def write(self, rel: str, text: str) -> Path:
        return write_file(self.path, rel, text)

    def commit(self, rel: str, text: str, message: str, verify: bool = False) -> None:
        self.write(rel, text)
        self.git("add", "--", rel)
        self.git("commit", "-q", *(() if verify else ("--no-verify",)), "-m", message)

    def status(self) -> str:
        return self.git("status", "--porcelain").stdout

    def ken(self, *args: str, input: str | None = None, cwd: Path | None = None,
            env: dict[str, str] | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
        """``ken ARGS``: ``ken hook`` a real process, as the agent starts it; the commands that
        set a repository up in this process (``machine.run_ken``) unless the world has real
        processes (a test marked ``real_processes``)."""
        return run_ken(args, cwd or self.path, {**self.world.env, **(env or {})}, input=input,
                       real_process=self.world.real_processes, timeout=timeout)

    def ok(self, *args: str, **kw: Any) -> subprocess.CompletedProcess:
        r = self.ken(*args, **kw)
        assert r.returncode == 0, f"ken {' '.join(args)} -> {r.returncode}\n{r.stdout}\n{r.stderr}"
        assert "Traceback" not in r.stderr
        return r

    def json(self, *args: str) -> Any:
        return json.loads(self.ok(*args, "--json").stdout)

    def issue(self, summary: str, at: str) -> str:
        return str(self.json("issue", summary, "--at", at)["issue_id"])

    def failed(self, summary: str, at: str, issue: str, *extra: str) -> str:
        return str(self.json("attempt", summary, "--failed", "--issue", issue, "--at", at, *extra)["id"])

    def block(self, at: str = "src/a.py") -> tuple[str, list[str]]:
        """An open issue and three failed attempts on ``at``: the gate blocks it. (issue, attempt ids)"""
        issue = self.issue(f"{at} loses writes", at)
        return issue, [self.failed(s, at, issue) for s in ("retry the flush", "lock the writer",
                                                            "double the buffer")]

    def set_gate(self, key: str, value: str) -> None:
        """Set ``[gate] KEY = VALUE`` (a TOML literal) in .kenning/config.toml."""
        cfg = self.path / ".kenning" / "config.toml"
        lines = cfg.read_text().splitlines()
        start = lines.index("[gate]")
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("[")), len(lines))
        found = [i for i in range(start + 1, end) if lines[i].split("=")[0].strip() == key]
        if found:
            lines[found[0]] = f"{key} = {value}"
        else:  # the template has the default commented out: a line of its own under [gate]
            lines.insert(start + 1, f"{key} = {value}")
        cfg.write_text("\n".join(lines) + "\n")

    # -- agent hooks ------------------------------------------------------------------------------

    def hook(self, name: str, payload: dict[str, Any] | str, cwd: Path | None = None,
             env: dict[str, str] | None = None, agent: str | None = None) -> subprocess.CompletedProcess:
        """``ken hook NAME [--agent AGENT]`` with the payload on stdin, as Claude Code runs it."""
        text = payload if isinstance(payload, str) else json.dumps(payload)
        extra = {"CLAUDE_PROJECT_DIR": str(self.path), **(env or {})}
        return self.ken("hook", name, *(("--agent", agent) if agent else ()), input=text, cwd=cwd, env=extra)

    def settings(self, agent: str) -> dict[str, Any]:
        return dict(json.loads((self.path / SETTINGS[agent]).read_text()))

    def pre(self, payload: dict[str, Any] | str, **kw: Any) -> tuple[subprocess.CompletedProcess, dict[str, Any]]:
        """Run the PreToolUse hook; (the process, its parsed answer or {} when it printed nothing)."""
        r = self.hook("pre-tool-use", payload, **kw)
        assert r.returncode == 0, f"pre-tool-use -> {r.returncode}\n{r.stdout}\n{r.stderr}"
        assert "Traceback" not in r.stderr, r.stderr
        return r, (json.loads(r.stdout) if r.stdout.strip() else {})

    def checks(self) -> list[dict[str, Any]]:
        if not self.checks_path.exists():
            return []
        return [json.loads(line) for line in self.checks_path.read_text().splitlines() if line.strip()]

    def settled_checks(self, timeout: float = 60.0) -> list[dict[str, Any]]:
        """checks.jsonl once every process the git hooks left running (the post-commit hook that
        completes the records) has exited: all they write is written, and nothing more will be."""
        assert wait_for_processes_to_end(self.world.env, timeout), f"hook processes still running after {timeout}s"
        return self.checks()


# -- Claude Code payloads -------------------------------------------------------------------------

def installed_command(name: str, agent: str, ken: str | None = None) -> str:
    """The command ``ken hooks install`` writes: the ken on the agent's PATH, else this one's
    absolute path (shell-quoted)."""
    return f'"$(command -v ken || echo {shlex.quote(ken or str(KEN))})" hook {name} --agent {agent}'


def fallback_of(command: str) -> str:
    """The absolute path an installed command falls back to when ken is not on the PATH (what
    ``ken status`` reads too)."""
    found = tool_calls.fallback_path(command)
    assert found, command
    return found


def _payload(repo: Repo, tool: str, tool_input: dict[str, Any], session: str) -> dict[str, Any]:
    return {"session_id": session, "transcript_path": str(repo.world.base / "transcript.jsonl"),
            "cwd": str(repo.path), "permission_mode": "default", "hook_event_name": "PreToolUse",
            "tool_name": tool, "tool_input": tool_input, "tool_use_id": "toolu_01ABCDEF"}


def edit(repo: Repo, rel: str, new: str = "a = 2\n", old: str = "a = 1\n", session: str = "s1") -> dict[str, Any]:
    return _payload(repo, "Edit", {"file_path": str(repo.path / rel), "old_string": old, "new_string": new},
                    session)


def write(repo: Repo, rel: str, content: str, session: str = "s1") -> dict[str, Any]:
    return _payload(repo, "Write", {"file_path": str(repo.path / rel), "content": content}, session)


def multi_edit(repo: Repo, rel: str, news: list[str], session: str = "s1") -> dict[str, Any]:
    edits = [{"old_string": f"old{i}", "new_string": new} for i, new in enumerate(news)]
    return _payload(repo, "MultiEdit", {"file_path": str(repo.path / rel), "edits": edits}, session)


def notebook_edit(repo: Repo, rel: str, source: str, session: str = "s1") -> dict[str, Any]:
    return _payload(repo, "NotebookEdit", {"notebook_path": str(repo.path / rel), "cell_id": "cell-1",
                                           "new_source": source, "cell_type": "code", "edit_mode": "replace"},
                    session)


def session_start(repo: Repo, source: str = "startup", session: str = "s1") -> dict[str, Any]:
    return {"session_id": session, "transcript_path": str(repo.world.base / "transcript.jsonl"),
            "cwd": str(repo.path), "hook_event_name": "SessionStart", "source": source}


# -- Codex payloads --------------------------------------------------------------------------------
# The fields of PreToolUseCommandInput as ``command_input_json`` fills them
# (openai/codex codex-rs/hooks/src/events/pre_tool_use.rs); an apply_patch call sends its whole
# patch as ``tool_input.command`` (``pre_tool_use_payload`` in codex-rs/core/src/tools/handlers/
# apply_patch.rs). SessionStart: SessionStartCommandInput (codex-rs/hooks/src/events/session_start.rs).

def codex_patch(repo: Repo, patch: str, session: str = "codex-s1") -> dict[str, Any]:
    return {"session_id": session, "turn_id": "turn-1", "transcript_path": None, "cwd": str(repo.path),
            "hook_event_name": "PreToolUse", "model": "gpt-5-codex", "permission_mode": "default",
            "tool_name": "apply_patch", "tool_input": {"command": patch}, "tool_use_id": "call_apply_patch_1"}


def codex_session_start(repo: Repo, source: str = "startup", session: str = "codex-s1") -> dict[str, Any]:
    return {"session_id": session, "transcript_path": None, "cwd": str(repo.path), "hook_event_name": "SessionStart",
            "model": "gpt-5-codex", "permission_mode": "default", "source": source}


def patch(*sections: str) -> str:
    """An apply_patch envelope around ``sections`` (each "*** Update File: …" with its hunks)."""
    return "*** Begin Patch\n" + "".join(s if s.endswith("\n") else s + "\n" for s in sections) + "*** End Patch\n"


def answer(result: dict[str, Any]) -> dict[str, Any]:
    return result.get("hookSpecificOutput") or {}


def decision(result: dict[str, Any]) -> str | None:
    return answer(result).get("permissionDecision")


def context(result: dict[str, Any]) -> str:
    return answer(result).get("additionalContext") or ""


def reason(result: dict[str, Any]) -> str:
    return answer(result).get("permissionDecisionReason") or ""


@pytest.fixture
def world(tmp_path: Path, request: pytest.FixtureRequest) -> World:
    """A machine under ``tmp_path``; its ``ken`` runs are real processes in a module or test
    marked ``real_processes``."""
    return World(tmp_path, real_processes=request.node.get_closest_marker("real_processes") is not None)


@pytest.fixture
def repo(world: World) -> Repo:
    """A repository with src/a.py and src/quiet.py committed and kenning initialized (no git hooks)."""
    return world.repo()
