"""``ken hook pre-tool-use`` / ``session-start`` fed Codex payloads as Codex sends them (see the
builders in conftest.py for the openai/codex sources): every file of an apply_patch is judged,
together; the patch text is read from ``tool_input.command``; and ask mode, which Codex rejects,
falls back to a deny the user and the agent both see."""

from __future__ import annotations

import json

import pytest

from .conftest import Repo, answer, codex_patch, codex_session_start, context, decision, edit, patch, reason
from .samples import MEMOIZE, RENAMED

QUIET_THEN_BLOCKED = patch("*** Update File: src/quiet.py\n@@\n-q = 1\n+q = 2",
                           "*** Update File: src/a.py\n@@\n-a = 1\n+a = 2")


def records(repo: Repo) -> list[tuple[str, str, str]]:
    return [(r["file"], r["severity"], r["decision"]) for r in repo.checks() if "outcome" not in r]


@pytest.mark.parametrize("agent", ["codex", None])  # installed with --agent codex, or an older install
def test_a_blocked_second_file_of_a_patch_is_denied_naming_it(repo: Repo, agent: str | None):
    repo.block("src/a.py")
    r, result = repo.pre(codex_patch(repo, QUIET_THEN_BLOCKED), agent=agent)
    assert decision(result) == "deny"
    why = reason(result)
    assert "src/a.py: BLOCK" in why and "lock the writer" in why
    assert "These approaches already failed on src/a.py." in why and "ken show" in why
    assert "src/quiet.py" not in why  # a quiet file is judged, and says nothing
    assert "additionalContext" not in answer(result)  # older Codex drops a deny sent with context
    assert records(repo) == [("src/quiet.py", "none", "deny"), ("src/a.py", "block", "deny")]

    _, again = repo.pre(codex_patch(repo, QUIET_THEN_BLOCKED), agent=agent)  # the agent has seen it
    assert decision(again) is None and "lock the writer" in context(again)
    assert records(repo)[2:] == [("src/quiet.py", "none", "allow"), ("src/a.py", "block", "allow-after-deny")]


@pytest.mark.parametrize("section", [
    "*** Add File: src/a.py\n+a = 2",
    "*** Delete File: src/a.py",
    "*** Update File: src/quiet.py\n*** Move to: src/a.py\n@@\n-q = 1\n+q = 2",
    "*** Update File: src/a.py\n*** Move to: src/renamed.py\n@@\n-a = 1\n+a = 2",
])
def test_every_kind_of_section_is_gated(repo: Repo, section: str):
    repo.block("src/a.py")
    _, result = repo.pre(codex_patch(repo, patch("*** Add File: docs/notes.md\n+notes", section)), agent="codex")
    assert decision(result) == "deny" and "src/a.py: BLOCK" in reason(result)
    assert "src/a.py" in {r["file"] for r in repo.checks()}


@pytest.mark.slow
def test_two_blocked_files_are_judged_together_and_denied_once(world):
    repo = world.repo({"src/a.py": "a = 1\n", "src/b.py": "b = 1\n", "src/quiet.py": "q = 1\n"})
    repo.block("src/a.py")
    repo.block("src/b.py")
    both = patch("*** Update File: src/a.py\n@@\n-a = 1\n+a = 2", "*** Update File: src/b.py\n@@\n-b = 1\n+b = 2")
    _, first = repo.pre(codex_patch(repo, both), agent="codex")
    why = reason(first)
    assert decision(first) == "deny" and "src/a.py: BLOCK" in why and "src/b.py: BLOCK" in why
    assert "These approaches already failed on src/a.py, src/b.py." in why
    _, second = repo.pre(codex_patch(repo, both), agent="codex")
    assert decision(second) is None and "src/a.py: BLOCK" in context(second) and "src/b.py: BLOCK" in context(second)
    # one of them alone, in the same session: its evidence was seen, so no second deny
    _, alone = repo.pre(codex_patch(repo, patch("*** Update File: src/b.py\n@@\n-b = 1\n+b = 3")), agent="codex")
    assert decision(alone) is None
    # a new file's evidence in the same patch is denied again
    repo.block("src/quiet.py")
    _, third = repo.pre(codex_patch(repo, both.replace("src/b.py", "src/quiet.py")), agent="codex")
    assert decision(third) == "deny"


def test_a_patch_of_quiet_files_gets_no_answer(repo: Repo):
    repo.block("src/a.py")
    r, result = repo.pre(codex_patch(repo, patch("*** Update File: src/quiet.py\n@@\n-q = 1\n+q = 2",
                                                 "*** Add File: src/new.py\n+n = 1")), agent="codex")
    assert result == {} and r.stdout == "" and r.stderr == ""


def test_files_outside_the_repository_are_left_out(repo: Repo, tmp_path):
    repo.block("src/a.py")
    outside = patch(f"*** Update File: {tmp_path / 'elsewhere.py'}\n@@\n-x\n+y", "*** Update File: ../sibling/x.py")
    r, result = repo.pre(codex_patch(repo, outside), agent="codex")
    assert result == {} and r.stdout == ""
    _, mixed = repo.pre(codex_patch(repo, outside.replace("*** End Patch", "*** Delete File: src/a.py\n*** End Patch")),
                        agent="codex")
    assert decision(mixed) == "deny" and [r["file"] for r in repo.checks()] == ["src/a.py"]


@pytest.mark.parametrize("key", ["command", "input", "patch"])
def test_the_patch_is_read_from_command_and_the_older_keys(repo: Repo, key: str):
    repo.block("src/a.py")
    payload = codex_patch(repo, QUIET_THEN_BLOCKED)
    payload["tool_input"] = {key: QUIET_THEN_BLOCKED}
    _, result = repo.pre(payload, agent="codex")
    assert decision(result) == "deny" and "src/a.py: BLOCK" in reason(result)


def test_a_patch_like_a_failed_change_is_recognized(repo: Repo):
    """The change-aware comparison reads the lines the patch adds to each file."""
    issue = repo.issue("b is slow", "src/a.py")
    failed = repo.failed("memoize compute_value in a dict", "src/a.py", issue, "--details", MEMOIZE)
    added = "\n".join("+" + line for line in RENAMED.splitlines())
    one = patch(f"*** Update File: src/a.py\n@@\n-a = 1\n{added}")
    _, result = repo.pre(codex_patch(repo, one), agent="codex")
    assert context(result).startswith(f"kenning: this edit resembles failed attempt {failed} (similarity ")
    many = patch("*** Update File: src/quiet.py\n@@\n-q = 1\n+q = 2", f"*** Update File: src/a.py\n@@\n-a = 1\n{added}")
    _, result = repo.pre(codex_patch(repo, many, session="codex-s2"), agent="codex")
    assert f"src/a.py: this edit resembles failed attempt {failed}" in context(result)
    unrelated = patch("*** Update File: src/a.py\n@@\n-a = 1\n+import logging")
    _, result = repo.pre(codex_patch(repo, unrelated, session="codex-s3"), agent="codex")
    assert "resembl" not in context(result) and "memoize compute_value" in context(result)


@pytest.mark.parametrize("agent", ["codex", None])
def test_ask_mode_under_codex_denies_once_and_tells_the_user(repo: Repo, agent: str | None):
    """Codex's output parser rejects permissionDecision "ask" (the edit would go ahead unannounced):
    the first call is denied with the reason, and a systemMessage tells the user why."""
    repo.set_gate("agent", '"ask"')
    repo.block("src/a.py")
    r, first = repo.pre(codex_patch(repo, QUIET_THEN_BLOCKED), agent=agent)
    assert '"ask"' not in r.stdout
    assert decision(first) == "deny" and "lock the writer" in reason(first)
    note = first["systemMessage"]
    assert note.startswith("kenning: src/a.py blocked by failed attempts.") and "Codex hooks cannot ask" in note
    r, second = repo.pre(codex_patch(repo, QUIET_THEN_BLOCKED), agent=agent)
    assert '"ask"' not in r.stdout and decision(second) is None and "lock the writer" in context(second)
    assert "systemMessage" not in second
    assert [d for _, _, d in records(repo)] == ["deny", "deny", "allow", "allow-after-deny"]


def test_the_installed_agent_decides_over_the_payload(repo: Repo):
    """The --agent flag the install wrote wins over guessing from the payload."""
    repo.set_gate("agent", '"ask"')
    repo.block("src/a.py")
    _, claude_edit_under_codex = repo.pre(edit(repo, "src/a.py", session="x1"), agent="codex")
    assert decision(claude_edit_under_codex) == "deny"
    _, codex_patch_under_claude = repo.pre(codex_patch(repo, QUIET_THEN_BLOCKED, session="x2"), agent="claude")
    assert decision(codex_patch_under_claude) == "ask"
    _, guessed = repo.pre(edit(repo, "src/a.py", session="x3"))  # no flag, a Claude Code payload: ask
    assert decision(guessed) == "ask"


def test_an_unknown_agent_flag_fails_open_to_the_payload(repo: Repo):
    """A flag this ken does not know (a newer install) must not make argparse exit 2, which Claude
    Code reads as "block"."""
    repo.block("src/a.py")
    r, result = repo.pre(codex_patch(repo, QUIET_THEN_BLOCKED), agent="some-future-agent")
    assert r.returncode == 0 and decision(result) == "deny"


@pytest.mark.parametrize("source", ["startup", "resume", "clear", "compact"])
def test_codex_session_start_injects_the_summary(repo: Repo, source: str):
    repo.block("src/a.py")
    r = repo.hook("session-start", codex_session_start(repo, source), agent="codex")
    assert r.returncode == 0 and "Traceback" not in r.stderr
    out = json.loads(r.stdout)["hookSpecificOutput"]
    assert out["hookEventName"] == "SessionStart"
    assert out["additionalContext"].encode() == (repo.path / ".kenning" / "summary.md").read_bytes()
