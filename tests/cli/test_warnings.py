"""Warnings of use cases that still answer: bookkeeping kenning could not keep (a gate check
record, the audit report for the page, a fresh summary before ``ken wrap``). The app hands each
one to the surface as a value (``app.warnings``); the CLI renders it as one ``ken: warning:``
line on stderr, and the command's own answer and exit code are as if nothing had happened."""

from __future__ import annotations

import json
import re

from .conftest import Repo, World


def test_a_check_record_that_cannot_be_kept_is_one_warning_and_the_gate_still_answers(repo: Repo):
    (repo.path / ".kenning" / "local" / "checks.jsonl").mkdir(parents=True)  # a folder in the file's place
    r = repo.ken("precheck", "src/app.py")
    assert r.returncode == 0, r.stderr
    assert "src/app.py" in r.stdout
    assert re.fullmatch(r"ken: warning: the check was not recorded \(.+\)\n", r.stderr), r.stderr


def test_an_audit_report_that_cannot_be_kept_is_one_warning_and_the_audit_still_answers(world: World):
    repo = world.repo()
    repo.init()
    (repo.path / ".kenning" / "local" / "audit.json").mkdir(parents=True)
    r = repo.ken("audit", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["repository"] == "repo"
    assert re.fullmatch(r"ken: warning: the audit report was not kept for `ken visualize` \(.+\)\n",
                        r.stderr), r.stderr


def test_a_summary_that_cannot_be_refreshed_is_one_warning_before_the_wrapped_command(repo: Repo):
    (repo.path / ".kenning" / "config.toml").write_text("[gate\n")  # the memory cannot be read: the agent still runs
    r = repo.ken("wrap", "--", "sh", "-c", "echo ran; echo to-stderr >&2; exit 5")
    assert r.returncode == 5 and r.stdout == "ran\n"
    assert re.fullmatch(r"ken: warning: \.kenning/summary\.md was not refreshed \(.+\)\nto-stderr\n", r.stderr), \
        r.stderr
