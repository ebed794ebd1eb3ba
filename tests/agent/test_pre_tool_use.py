"""``ken hook pre-tool-use`` fed real Claude Code PreToolUse payloads: what it answers, when it
denies (once per session, file and evidence), the three modes, snoozes, and each edit tool."""

from __future__ import annotations

import json

import pytest

from .conftest import Repo, answer, context, decision, edit, multi_edit, notebook_edit, reason, write

FAILED = ("retry the flush", "lock the writer", "double the buffer")


def test_quiet_file_gets_no_answer(repo: Repo):
    repo.block("src/a.py")  # memory elsewhere must not leak onto the quiet file
    r, result = repo.pre(edit(repo, "src/quiet.py", "q = 2\n", "q = 1\n"))
    assert r.stdout == "" and result == {}
    assert r.stderr == ""


def test_warn_level_file_gets_context_and_no_decision(repo: Repo):
    issue = repo.issue("a.py loses writes under load", "src/a.py")
    attempt = repo.failed("retry the flush", "src/a.py", issue)
    r, result = repo.pre(edit(repo, "src/a.py"))
    out = answer(result)
    assert out["hookEventName"] == "PreToolUse"
    assert "permissionDecision" not in out and "permissionDecisionReason" not in out
    text = context(result)
    assert "src/a.py: WARN" in text
    assert "retry the flush" in text and attempt in text
    assert "a.py loses writes under load" in text
    # the same call again: still context, never a decision for a warn-level file
    _, again = repo.pre(edit(repo, "src/a.py"))
    assert decision(again) is None and "retry the flush" in context(again)


def test_block_is_denied_once_per_session_file_and_evidence(repo: Repo):
    _, ids = repo.block("src/a.py")
    _, first = repo.pre(edit(repo, "src/a.py"))
    assert decision(first) == "deny"
    why = reason(first)
    for summary, event_id in zip(FAILED, ids, strict=True):
        assert summary in why and event_id in why
    assert "ken show" in why and "different approach" in why  # how to proceed
    assert "additionalContext" not in answer(first)

    _, second = repo.pre(edit(repo, "src/a.py"))  # the agent has seen the evidence: let it through
    assert decision(second) is None
    assert all(s in context(second) for s in FAILED)

    _, third = repo.pre(edit(repo, "src/a.py", "a = 3\n"))  # a different edit, same evidence: still allowed
    assert decision(third) is None and "lock the writer" in context(third)

    _, other = repo.pre(edit(repo, "src/a.py", session="s2"))  # a new session is told again
    assert decision(other) == "deny" and "lock the writer" in reason(other)
    _, other_again = repo.pre(edit(repo, "src/a.py", session="s2"))
    assert decision(other_again) is None


def test_new_evidence_is_denied_again_in_the_same_session(repo: Repo):
    issue, _ = repo.block("src/a.py")
    assert decision(repo.pre(edit(repo, "src/a.py"))[1]) == "deny"
    assert decision(repo.pre(edit(repo, "src/a.py"))[1]) is None
    newest = repo.failed("shard the writer", "src/a.py", issue)
    _, result = repo.pre(edit(repo, "src/a.py"))
    assert decision(result) == "deny"
    assert "shard the writer" in reason(result) and newest in reason(result)
    assert decision(repo.pre(edit(repo, "src/a.py"))[1]) is None


def test_deny_is_per_file(world):
    repo = world.repo({"src/a.py": "a = 1\n", "src/b.py": "b = 1\n"})
    repo.block("src/a.py")
    repo.block("src/b.py")
    assert decision(repo.pre(edit(repo, "src/a.py"))[1]) == "deny"
    assert decision(repo.pre(edit(repo, "src/b.py", "b = 2\n", "b = 1\n"))[1]) == "deny"
    assert decision(repo.pre(edit(repo, "src/a.py"))[1]) is None


def test_mode_ask(repo: Repo):
    repo.set_gate("agent", '"ask"')
    repo.block("src/a.py")
    for _ in range(2):  # ask every time: the human answers, nothing to remember
        _, result = repo.pre(edit(repo, "src/a.py"))
        assert decision(result) == "ask"
        assert "lock the writer" in reason(result)


def test_mode_advise_never_denies(repo: Repo):
    repo.set_gate("agent", '"advise"')
    repo.block("src/a.py")
    for session in ("s1", "s1", "s2"):
        _, result = repo.pre(edit(repo, "src/a.py", session=session))
        assert "permissionDecision" not in answer(result)
        assert "src/a.py: BLOCK" in context(result)
        assert all(s in context(result) for s in FAILED)


def test_mode_deny_is_the_default_and_unknown_modes_fall_back_to_it(repo: Repo):
    repo.block("src/a.py")
    repo.set_gate("agent", '"sometimes"')
    assert decision(repo.pre(edit(repo, "src/a.py"))[1]) == "deny"


def test_a_snoozed_block_is_not_denied(repo: Repo):
    repo.block("src/a.py")
    repo.ok("precheck", "src/a.py", "--snooze", "2d", "--reason", "fixing the writer in the next sprint")
    for session in ("s1", "s2"):
        _, result = repo.pre(edit(repo, "src/a.py", session=session))
        assert decision(result) is None
        assert "snoozed until" in context(result)


def test_a_path_outside_the_repository_gets_no_answer(repo: Repo, tmp_path):
    repo.block("src/a.py")
    outside = tmp_path / "elsewhere.py"
    payload = edit(repo, "src/a.py")
    for path in (str(outside), str(repo.path / ".." / "repo-sibling" / "x.py"), "/etc/hosts",
                 str(repo.path / ".git" / "config")):
        payload["tool_input"]["file_path"] = path
        r, result = repo.pre(payload)
        assert r.stdout == "" and result == {}, path


def test_a_relative_path_is_taken_from_the_payloads_cwd(repo: Repo):
    repo.block("src/a.py")
    payload = edit(repo, "src/a.py")
    payload["cwd"] = str(repo.path / "src")
    payload["tool_input"]["file_path"] = "a.py"
    _, result = repo.pre(payload)
    assert decision(result) == "deny" and "src/a.py" in reason(result)


def test_hook_run_from_a_subdirectory_judges_the_edited_file(repo: Repo):
    """Claude Code runs the hook in the session's current directory, which the agent may have
    changed (`cd src`); the payload's absolute file_path must still be judged as src/a.py."""
    repo.block("src/a.py")
    payload = edit(repo, "src/a.py")
    payload["cwd"] = str(repo.path / "src")
    _, result = repo.pre(payload, cwd=repo.path / "src")
    assert decision(result) == "deny" and "src/a.py: BLOCK" in reason(result)
    assert [c["file"] for c in repo.checks()] == ["src/a.py"]


@pytest.mark.parametrize("tool", ["Write", "MultiEdit", "NotebookEdit"])
def test_every_edit_tool_is_judged(world, tool: str):
    repo = world.repo({"src/a.py": "a = 1\n", "nb/analysis.ipynb": json.dumps({"cells": []}) + "\n"})
    rel = "nb/analysis.ipynb" if tool == "NotebookEdit" else "src/a.py"
    repo.block(rel)
    payload = {"Write": lambda s: write(repo, rel, "a = 42\n", s),
               "MultiEdit": lambda s: multi_edit(repo, rel, ["a = 2\n", "b = 3\n"], s),
               "NotebookEdit": lambda s: notebook_edit(repo, rel, "print(1)", s)}[tool]
    _, first = repo.pre(payload("s1"))
    assert decision(first) == "deny" and f"{rel}: BLOCK" in reason(first)
    _, second = repo.pre(payload("s1"))
    assert decision(second) is None and "lock the writer" in context(second)


def test_tools_that_do_not_edit_a_file_get_no_answer(repo: Repo):
    repo.block("src/a.py")
    payload = edit(repo, "src/a.py")
    payload["tool_name"] = "Bash"
    payload["tool_input"] = {"command": "ls -la", "description": "list"}
    r, result = repo.pre(payload)
    assert r.stdout == "" and result == {}


def test_a_codex_apply_patch_payload_is_judged(repo: Repo):
    repo.block("src/a.py")
    patch = "*** Begin Patch\n*** Update File: src/a.py\n@@\n-a = 1\n+a = 2\n*** End Patch\n"
    payload = edit(repo, "src/a.py")
    payload.update(tool_name="apply_patch", tool_input={"input": patch})
    _, result = repo.pre(payload)
    assert decision(result) == "deny" and "src/a.py: BLOCK" in reason(result)


def test_a_fixed_issues_failed_attempts_inform_the_edit_and_name_the_fix(repo: Repo):
    """Three failed attempts, then the fix: the next edit is not denied (the issue was solved);
    it is told that the issue was fixed and by what, as `ken precheck` says. A failure after the
    fix reopens it: the edit is denied again."""
    issue, ids = repo.block("src/a.py")
    fix = repo.json("fix", "flush before close", "--issue", issue, "--details", "test_flush passes")
    _, result = repo.pre(edit(repo, "src/a.py"))
    assert decision(result) is None
    text = context(result)
    assert "src/a.py: INFO (failed before fix)" in text
    assert f"#{issue} fixed by: flush before close" in text and fix["id"] in text
    assert all(s in text for s in FAILED) and "different approach" not in text
    precheck = repo.json("precheck", "src/a.py")
    assert precheck["severity"] == "info"
    assert [w["kind"] for w in precheck["files"][0]["warnings"]] == ["failed_before_fix"]
    assert "fixed since (#" + issue + " by flush before close" in precheck["files"][0]["warnings"][0]["message"]

    repo.failed("the fix did not hold", "src/a.py", issue)
    _, reopened = repo.pre(edit(repo, "src/a.py"))
    assert decision(reopened) == "deny"
    assert "the fix did not hold" in reason(reopened) and "different approach" in reason(reopened)


def test_a_reverted_fix_blocks_again(repo: Repo):
    """The fix is recorded at the commit that made it; a `git revert` of that commit undoes it:
    the issue's failed attempts block again."""
    issue, _ = repo.block("src/a.py")
    repo.commit("src/a.py", "a = 1\nflush = True\n", "fix: flush before close")
    repo.json("fix", "flush before close", "--issue", issue, "--details", "test_flush passes")
    assert repo.json("precheck", "src/a.py")["severity"] == "info"
    repo.git("revert", "--no-edit", "HEAD")
    found = repo.json("precheck", "src/a.py")
    assert found["severity"] == "block", found
    assert "failed_before_fix" not in [w["kind"] for w in found["files"][0]["warnings"]]


def test_writing_a_file_a_revert_deleted_is_told_the_reverted_change(repo: Repo):
    """An agent's ``Write`` of a file that is on no disk but that a reverted change added (and
    its revert deleted) goes through the gate like any edit: the answer names the change."""
    repo.write("src/a.py", "".join(f"step_{n} = run({n})\n" for n in range(60)))
    repo.write("src/helpers/quick.py", "x = 1\n")
    repo.git("add", "src")
    repo.git("commit", "-q", "--no-verify", "-m", "Use the fast engine")
    original = repo.git("rev-parse", "HEAD").stdout.strip()
    repo.git("revert", "--no-edit", original)
    _, result = repo.pre(write(repo, "src/helpers/quick.py", "x = 1\n"))
    assert original[:10] in context(result), result
