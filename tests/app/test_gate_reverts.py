"""Reverts as real projects write them: real git histories shaped like public ones, set up and
judged in-process by the use cases that own them (``kenning.app.setup.init`` and ``kenning.app.gate.precheck``:
the report ``ken precheck --json`` prints), and read back through ``ken``'s command line where a
test asks ``ken doctor``, ``ken backfill``, ``ken search`` or ``ken audit``.

Every commit is backdated relative to the fixtures' NOW; every judgement is made at NOW minus
the test's ``days``, as ``KEN_NOW`` sets it for a ``ken`` run.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from gate.conftest import Repo, World, at, entry, kinds, warning
from kenning.app.gate import precheck as gate_app
from kenning.app.project import find_project
from kenning.app.setup.init import init
from machine import wait_for_processes_to_end


class InProcessRepo(Repo):
    """A gate test repository whose ``ken init`` and ``ken precheck --json`` run in this process."""

    def ok(self, *args: str, **kw: Any) -> Any:
        if args[:1] != ("init",):
            return super().ok(*args, **kw)
        unknown = set(args[1:]) - {"--no-hooks", "--no-backfill"}
        assert not unknown and set(kw) <= {"days"}, f"run in-process: ken init {unknown} {kw}"
        init(self.path, hooks="--no-hooks" not in args, backfill="--no-backfill" not in args,
             now=at(kw.get("days", 0)))
        return None

    def precheck(self, *paths: str, days: float = 0, **kw: object) -> dict:
        assert paths and not kw, "run in-process: ken precheck PATH... --json"
        result = gate_app.precheck(find_project(self.path), list(paths), cwd=self.path, now=at(days))
        return json.loads(json.dumps(result.report.to_json()))  # what --json prints


class InProcessWorld(World):
    def repo(self, name: str = "repo") -> Repo:
        repo = super().repo(name)
        return InProcessRepo(self, repo.path)


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> World:
    """The gate tests' machine, whose environment this process takes too."""
    made = InProcessWorld(tmp_path)
    for name in [n for n in os.environ if n.startswith(("KEN_", "GIT_"))]:
        monkeypatch.delenv(name)
    for name in ("KEN_HOME", "HOME", "XDG_CONFIG_HOME", "GIT_CONFIG_NOSYSTEM", "GIT_CEILING_DIRECTORIES", "NO_COLOR"):
        monkeypatch.setenv(name, made.env[name])
    return made

BEFORE = "def parse(raw):\n    return slow(raw)\n"
AFTER = "def parse(raw):\n    return fast(raw)\n"


def change_then_revert(repo: Repo, path: str, subject: str, days: float, revert: str | None = None,
                       body: str = "") -> tuple[str, str]:
    """``path`` (holding BEFORE) changed by ``subject`` ``days`` ago, then put back a day later by a
    commit written by hand (``revert``, ``{sha}`` replaced by the changed commit's sha) or by
    ``git revert``. Returns (the change's sha, the revert's sha)."""
    if not (repo.path / path).exists():
        repo.commit(path, BEFORE, f"add {path}", days + 1)
    original = repo.commit(path, AFTER, subject, days)
    if revert is None:
        repo.git("revert", "--no-edit", original, days=days - 1)
        return original, repo.head()
    message = revert.replace("{sha}", original)
    repo.write(path, BEFORE)
    repo.git("add", "--", path)
    repo.git("commit", "-q", "--no-verify", "-m", message, *(("-m", body.replace("{sha}", original)) if body else ()),
             days=days - 1)
    return original, repo.head()


def failed(report: dict, path: str) -> dict:
    return warning(entry(report, path), "failed_attempts")


def quiet_on_reverts(report: dict, path: str) -> None:
    found = kinds(entry(report, path))
    assert not found & {"failed_attempts", "recent_revert"}, json.dumps(entry(report, path))


# -- a. GitHub's revert of a squash-merged PR --------------------------------------------------------

def test_a_github_revert_is_a_failed_attempt_naming_the_change_and_its_pr(world: World):
    repo = world.repo()
    original, _ = change_then_revert(repo, "parser.py", "Use fast parser (#12)", 10,
                                     revert='Revert "Use fast parser (#12)" (#15)')
    repo.ok("init", "--no-hooks")
    w = failed(repo.precheck("parser.py"), "parser.py")
    assert w["severity"] == "warn"
    assert original[:10] in w["message"] and "#12" in w["message"] and "Use fast parser" in w["message"]


def test_a_github_revert_committed_after_init_names_the_reverted_commit(world: World):
    """The same revert read by incremental capture (HEAD moved after ``ken init``): the PR it
    names was merged before the last read, so only git can say which commit that is."""
    repo = world.repo()
    repo.commit("parser.py", BEFORE, "add parser.py", 20)
    original = repo.commit("parser.py", AFTER, "Use fast parser (#12)", 15)
    repo.ok("init", "--no-hooks", days=12)
    repo.write("parser.py", BEFORE)
    repo.git("add", "--", "parser.py")
    repo.commit(None, None, 'Revert "Use fast parser (#12)" (#15)', 10)
    message = failed(repo.precheck("parser.py"), "parser.py")["message"]
    assert f"Reverted {original[:10]} (#12): Use fast parser" in message, message


def test_a_revert_naming_its_change_by_title_only_names_the_reverted_commit(world: World):
    """``Revert "X"`` typed by hand (no ``This reverts commit`` line, no PR number) undoes the
    latest commit titled X: capture should find it, as ``ken audit`` does when it replays the
    same history. It does not, so the warning lacks the sha, a reverted fix is not called one
    and ``ken doctor`` misses it, while the audit reports the gate saying all of that."""
    repo = world.repo()
    original, _ = change_then_revert(repo, "svc.py", "fix: handle empty payload", 10,
                                     revert='Revert "fix: handle empty payload"')
    repo.ok("init", "--no-hooks")
    message = failed(repo.precheck("svc.py"), "svc.py")["message"]
    assert "failed attempt" in message  # the revert does count: only its naming is wrong
    assert f"Reverted fix {original[:10]}" in message, message


# -- b. Copybara and sha-only reverts ---------------------------------------------------------------

def test_a_copybara_rollback_names_the_reverted_change(world: World):
    repo = world.repo()
    original, _ = change_then_revert(repo, "alloc.cc", "Use the arena allocator", 10,
                                     revert="Automated rollback of commit {sha}.", body="PiperOrigin-RevId: 1")
    repo.ok("init", "--no-hooks")
    w = failed(repo.precheck("alloc.cc"), "alloc.cc")
    assert original[:10] in w["message"] and "Use the arena allocator" in w["message"]


def test_a_reverts_sha_subject_names_the_reverted_change(world: World):
    repo = world.repo()
    original, _ = change_then_revert(repo, "alloc.cc", "Inline the slot lookup", 10, revert="Reverts {sha}")
    # the subject names the sha in full here; a short one resolves the same way
    repo.ok("init", "--no-hooks")
    w = failed(repo.precheck("alloc.cc"), "alloc.cc")
    assert original[:10] in w["message"] and "Inline the slot lookup" in w["message"]


def test_a_reverts_short_sha_subject_names_the_reverted_change(world: World):
    repo = world.repo()
    repo.commit("alloc.cc", BEFORE, "add alloc.cc", 11)
    original = repo.commit("alloc.cc", AFTER, "Inline the slot lookup", 10)
    repo.commit("alloc.cc", BEFORE, f"Reverts {original[:10]}", 9)
    repo.ok("init", "--no-hooks")
    w = failed(repo.precheck("alloc.cc"), "alloc.cc")
    assert original[:10] in w["message"] and "Inline the slot lookup" in w["message"]


# -- c. PR numbers only ------------------------------------------------------------------------------

def test_revert_of_pr_numbers_names_the_changes(world: World):
    repo = world.repo()
    repo.write("retry.py", BEFORE)
    repo.write("cache.py", BEFORE)
    repo.git("add", "-A")
    repo.commit(None, None, "add the files", 12)
    retry = repo.commit("retry.py", AFTER, "Retry webhooks with backoff (#13851)", 11)
    cache = repo.commit("cache.py", AFTER, "Cache parsed payloads (#13853)", 10)
    repo.write("retry.py", BEFORE)
    repo.write("cache.py", BEFORE)
    repo.git("add", "-A")
    repo.commit(None, None, "Revert #13851 #13853", 9)
    repo.ok("init", "--no-hooks")
    report = repo.precheck("retry.py", "cache.py")
    for path in ("retry.py", "cache.py"):
        message = failed(report, path)["message"]
        assert retry[:10] in message and cache[:10] in message, message
        assert "#13851" in message and "#13853" in message, message


# -- d. relands are re-attempts, never failures ---------------------------------------------------

def test_relands_on_an_ordinary_file_warn_about_nothing(world: World):
    repo = world.repo()
    repo.commit("misc.py", "m = 0\n", "add misc", 20)
    change_then_revert(repo, "feature.py", "Use fast parser", 15)
    repo.commit("misc.py", "m = 1\n", 'Reland "Use fast parser"', 10)
    repo.commit("misc.py", "m = 2\n", 'Revert "Revert "Use fast parser""', 8)
    repo.commit("misc.py", "m = 3\n", 'Reapply "Use fast parser"', 6)
    repo.ok("init", "--no-hooks")
    report = repo.precheck("misc.py", "feature.py")
    quiet_on_reverts(report, "misc.py")
    assert entry(report, "misc.py")["severity"] in ("none", "info")
    assert "failed_attempts" in kinds(entry(report, "feature.py")), "the revert itself still counts"
    subjects = {e["summary"] for e in repo.derived().values()}
    assert not any("Reland" in s or "Reapply" in s or "Revert \"Revert" in s for s in subjects), subjects


# -- d2. "revert" before a value, a year or a setting is a revert only with evidence ---------------

def test_a_value_put_back_is_no_revert_without_evidence(world: World):
    """``revert copyright year to project start`` sets a value back; it undoes no change anyone
    could try again, so it warns nowhere. The same words with git's ``This reverts commit`` body,
    or naming an earlier commit's subject word for word, are a revert (read at ``ken init`` and
    by the capture that follows it)."""
    repo = world.repo()
    repo.commit("LICENSE", "Copyright 2014\n", "add the licence", 30)
    repo.commit("LICENSE", "Copyright 2014-2030\n", "update the licence", 20)
    repo.commit("LICENSE", "Copyright 2014\n", "revert copyright year to project start", 15)
    repo.commit("NOTICE", "2014\n", "add the notice", 14)
    bump = repo.commit("NOTICE", "2030\n", "bump notice year to 2030", 13)
    repo.ok("init", "--no-hooks", days=12)
    quiet_on_reverts(repo.precheck("LICENSE", days=12), "LICENSE")
    assert [e["summary"] for e in repo.derived(days=12).values() if e["type"] == "attempt"] == []
    repo.commit("NOTICE", "2014\n", "revert bump notice year to 2030", 10)
    assert bump[:10] in failed(repo.precheck("NOTICE", days=10), "NOTICE")["message"]
    update = repo.commit("LICENSE", "Copyright 2014-2031\n", "set the year", 9)
    repo.write("LICENSE", "Copyright 2014\n")
    repo.git("add", "LICENSE")
    repo.git("commit", "-q", "-m", "revert copyright year to project start", "-m", f"This reverts commit {update}.",
             days=8)
    assert update[:10] in failed(repo.precheck("LICENSE", days=8), "LICENSE")["message"]


# -- e. a squash merge's body is a revert only when it names a commit of this history --------------

def test_a_squash_merge_naming_a_commit_of_its_branch_is_not_a_failure(world: World):
    repo = world.repo()
    repo.commit("script.py", BEFORE, "add script", 12)
    repo.git("checkout", "-q", "-b", "wip")
    gone = repo.commit("script.py", AFTER, "try the fast path", 11)
    repo.git("checkout", "-q", "main")
    repo.git("branch", "-q", "-D", "wip")
    repo.commit("script.py", "x = 1\n", "Add config loading (#55)", 10)
    repo.write("script.py", "x = 2\n")
    repo.git("add", "-A")
    repo.git("commit", "-q", "-m", "Load config eagerly (#56)", "-m", f"* wip\n\nThis reverts commit {gone}.\n\n* more",
             days=9)
    repo.ok("init", "--no-hooks")
    quiet_on_reverts(repo.precheck("script.py"), "script.py")


def test_a_squash_merge_naming_a_commit_of_this_history_is_a_failure(world: World):
    repo = world.repo()
    original, _ = change_then_revert(repo, "script.py", "load config from the working directory", 10,
                                     revert="fix(script): load config relative to the script",
                                     body="* wip\n\nThis reverts commit {sha}.\n\n* more")
    repo.ok("init", "--no-hooks")
    w = failed(repo.precheck("script.py"), "script.py")
    assert original[:10] in w["message"]


# -- f. a revert is news until the file moves on ---------------------------------------------------

def test_a_revert_older_than_the_window_still_warns_until_the_file_moves_on(world: World):
    repo = world.repo()
    change_then_revert(repo, "parser.py", "Use fast parser", 45)  # reverted 44 days before NOW
    repo.ok("init", "--no-hooks")
    w = failed(repo.precheck("parser.py"), "parser.py")
    assert w["severity"] == "warn" and "365 days" in w["message"], w
    for n, days in enumerate((20, 10, 5)):
        repo.commit("parser.py", BEFORE + f"# tweak {n}\n", f"tweak the parser {n}", days)
    quiet_on_reverts(repo.precheck("parser.py"), "parser.py")


def test_a_revert_settled_by_a_reland_that_stayed_warns_no_more(world: World):
    """The change came back (a reland) and stayed: the revert is settled, even though one later
    commit alone would leave it standing on its main file; before the reland it warned."""
    repo = world.repo()
    original, _ = change_then_revert(repo, "parser.py", "Use fast parser", 30)
    repo.commit("parser.py", AFTER, 'Reland "Use fast parser"', 20)
    repo.ok("init", "--no-hooks")
    assert original[:10] in failed(repo.precheck("parser.py", days=25), "parser.py")["message"]
    quiet_on_reverts(repo.precheck("parser.py"), "parser.py")


def test_a_reverted_dependency_roll_warns_on_no_file(world: World):
    repo = world.repo()
    repo.commit("DEPS", "vars = {'dawn': 'aaaa'}\n", "add DEPS", 12)
    original = repo.commit("DEPS", "vars = {'dawn': 'bbbb'}\n", "Roll Dawn from aaaa to bbbb (3 revisions)", 11)
    repo.git("revert", "--no-edit", original, days=10)
    repo.ok("init", "--no-hooks")
    quiet_on_reverts(repo.precheck("DEPS"), "DEPS")


FAST = "".join(f"def parse_{n}(raw):\n    return fast_decode(raw, strict={n % 2 == 0}, width={n})\n" for n in range(6))


def reverted_then_moved_on(repo: Repo, path: str, base: str, change: str, subject: str, tweak: str) -> str:
    """``change`` added to ``path`` 91 days ago and reverted the next day; three commits rework the
    file since (60, 40 and 20 days ago), so it moved on; then ``ken init``. The change's commit."""
    repo.commit(path, base, f"add {path}", 100)
    original = repo.commit(path, base + change, subject, 91)
    repo.git("revert", "--no-edit", original, days=90)
    for n, days in enumerate((60, 40, 20)):
        repo.commit(path, base + f"{tweak} {n}\n", f"tweak {path} {n}", days)
    repo.ok("init", "--no-hooks")
    return str(original)


def test_a_reland_long_after_on_a_file_that_moved_on_is_warned_when_it_resembles_the_change(world: World):
    """Late relands: three commits reworked the file since a revert 90 days old, so the file
    moved on; but the change about to be made (what an agent writes, what a commit stages) is
    the reverted one again: that is the evidence, whatever the age."""
    repo = world.repo()
    original = reverted_then_moved_on(repo, "parser.py", BEFORE, FAST, "Use the fast decoder", "# tweak")
    quiet_on_reverts(repo.precheck("parser.py"), "parser.py")
    project = find_project(repo.path)
    again = gate_app.precheck(project, ["parser.py"], cwd=repo.path, now=at(0), proposed={"parser.py": FAST})
    w = failed(json.loads(json.dumps(again.report.to_json())), "parser.py")
    assert original[:10] in w["message"] and w["severity"] == "warn", w
    other = gate_app.precheck(project, ["parser.py"], cwd=repo.path, now=at(0),
                              proposed={"parser.py": "def render(page):\n    return template.fill(page, title=None)\n"})
    quiet_on_reverts(json.loads(json.dumps(other.report.to_json())), "parser.py")


def judged(repo: Repo, proposed: dict[str, str] | None = None, staged: bool = False) -> dict:
    """``ken precheck --json`` at NOW on ``proposed``'s files (the agent hook's view), or on the
    staged files with the staged diff as the proposed change (the pre-commit hook's view)."""
    project = find_project(repo.path)
    result = gate_app.precheck(project, list(proposed or {}), cwd=repo.path, now=at(0), staged=staged,
                               proposed=proposed, compare_staged=staged)
    return json.loads(json.dumps(result.report.to_json()))


def test_the_first_ordinary_change_after_a_revert_is_quiet_when_it_shares_nothing_with_the_change(world: World):
    """A revert four days old, on a file nobody touched since: the next change there is warned
    when it is the reverted change again, even a fragment of it; when it has nothing in common
    with what the revert took out (another fix in the same file), it is other work, and the
    revert does not warn. Without a proposed change, the revert warns as before."""
    repo = world.repo()
    repo.commit("parser.py", BEFORE, "add parser.py", 10)
    original = repo.commit("parser.py", BEFORE + FAST, "Use the fast decoder", 5)
    repo.git("revert", "--no-edit", original, days=4)
    repo.ok("init", "--no-hooks")
    assert original[:10] in failed(repo.precheck("parser.py"), "parser.py")["message"]
    other = 'import logging\nlog = logging.getLogger(__name__)\nLIMITS = {"max_bytes": 1 << 20, "timeout_s": 30}\n'
    quiet_on_reverts(judged(repo, {"parser.py": other}), "parser.py")
    fragment = "".join(FAST.splitlines(keepends=True)[2:4])
    assert original[:10] in failed(judged(repo, {"parser.py": fragment}), "parser.py")["message"]
    repo.write("parser.py", BEFORE + other)  # the pre-commit hook: the staged diff is the change
    repo.git("add", "parser.py")
    quiet_on_reverts(judged(repo, staged=True), "parser.py")
    repo.write("parser.py", BEFORE + fragment)
    repo.git("add", "parser.py")
    assert original[:10] in failed(judged(repo, staged=True), "parser.py")["message"]


def test_the_agent_hook_is_quiet_on_an_edit_unrelated_to_a_revert_and_names_the_change_on_a_retry(world: World):
    from kenning.app.gate.tool_calls import pre_tool_use

    repo = world.repo()
    repo.commit("parser.py", BEFORE, "add parser.py", 10)
    original = repo.commit("parser.py", BEFORE + FAST, "Use the fast decoder", 5)
    repo.git("revert", "--no-edit", original, days=4)
    repo.ok("init", "--no-hooks")

    def edit(new_string: str) -> dict | None:
        payload = {"session_id": "s1", "cwd": str(repo.path), "hook_event_name": "PreToolUse", "tool_name": "Edit",
                   "tool_input": {"file_path": str(repo.path / "parser.py"), "old_string": "    return slow(raw)\n",
                                  "new_string": new_string}}
        return pre_tool_use(find_project(repo.path), payload, now=at(0))

    assert edit("    return slow(raw.strip())  # tolerate padding around the input\n") is None
    answer = edit("".join(FAST.splitlines(keepends=True)[:2]))
    assert answer is not None and original[:10] in json.dumps(answer), answer


TABLE = "".join(f'  {{"event_{n}", kEvent{n}, {n}, {{"pid", "type"}}, Category::kBase}},\n' for n in range(4))
PANEL = ('  {"panel_write_generic", kPanelWriteGeneric, 12, {"pid", "type", "name", "value"}, Category::kPanel},\n'
         '  {"panel_read_generic", kPanelReadGeneric, 13, {"pid", "type", "name", "value"}, Category::kPanel},\n')
EXEC = ('  {"open_exec", kOpenExec, 14, {"pid", "type", "name", "value"}, Category::kPanel},\n'
        '  {"close_exec", kCloseExec, 15, {"pid", "type", "name", "value"}, Category::kPanel},\n')


def test_a_new_entry_of_a_table_that_moved_on_is_not_the_reverted_entry_again(world: World):
    """Months after a reverted table entry, with the table changed three times since, a new
    entry of the same shape (another event) resembles the reverted lines by their template but
    brings none of their names: not the change again, so the moved-on rule stands. The reverted
    entry itself, written again, is warned whatever its age."""
    repo = world.repo()
    original = reverted_then_moved_on(repo, "events.cc", TABLE, PANEL, "Add panel_write_generic events", "  // tweak")
    quiet_on_reverts(judged(repo, {"events.cc": EXEC}), "events.cc")
    assert original[:10] in failed(judged(repo, {"events.cc": PANEL}), "events.cc")["message"]


def test_re_creating_a_file_the_revert_deleted_is_judged_by_the_revert(world: World):
    """The change added a small helper beside a large rewrite; its revert deleted the helper.
    The helper is outside the revert's focus (a sliver of its lines) and on no disk now: writing
    it again re-creates what the revert deleted, so the gate names the change, never "no such
    file"."""
    repo = world.repo()
    repo.commit("engine.py", BEFORE, "add the engine", 20)
    repo.write("engine.py", BEFORE + "".join(f"step_{n} = run({n})\n" for n in range(60)))
    repo.write("helpers/quick.py", "x = 1\n")
    repo.git("add", "-A")
    original = repo.commit(None, None, "Use the fast engine", 15)
    repo.git("revert", "--no-edit", original, days=14)
    repo.ok("init", "--no-hooks")
    report = repo.precheck("helpers/quick.py")
    assert "no_such_file" not in entry(report, "helpers/quick.py")
    assert original[:10] in failed(report, "helpers/quick.py")["message"]
    assert "no_such_file" in entry(repo.precheck("helpers/typo.py"), "helpers/typo.py")


# -- g. a revert's build list beside its code warns; its lockfile does not --------------------------

def test_a_build_list_edited_with_the_reverted_code_warns_naming_the_change(world: World):
    """A retry edits the build list first (its target declared again): the revert warns there,
    naming the change, until the next commit changes the build list; a lockfile stays quiet."""
    repo = world.repo()
    core = "".join(f"line {i}\n" for i in range(40))
    repo.write("app/core.py", core)
    repo.write("CMakeLists.txt", "project(app)\n")
    repo.write("yarn.lock", "a@1\n")
    repo.git("add", "-A")
    repo.commit(None, None, "add the app", 12)
    repo.write("app/core.py", "".join(f"fast {i}\n" for i in range(40)))
    repo.write("CMakeLists.txt", "project(app)\nadd_library(fast)\n")
    repo.write("yarn.lock", "a@2\n")
    repo.git("add", "-A")
    original = repo.commit(None, None, "Use the fast core", 11)
    repo.git("revert", "--no-edit", original, days=10)
    revert = repo.head()
    repo.ok("init", "--no-hooks")
    report = repo.precheck("CMakeLists.txt", "app/core.py", "yarn.lock")
    assert original[:10] in failed(report, "CMakeLists.txt")["message"]
    assert original[:10] in failed(report, "app/core.py")["message"]
    quiet_on_reverts(report, "yarn.lock")
    event = repo.derived()["evt_" + revert[:20]]
    assert event["location"] == "app/core.py" and event["paths"] == ["app/core.py", "CMakeLists.txt"]
    assert set(event["touched"]) == {"app/core.py", "CMakeLists.txt", "yarn.lock"}
    repo.commit("CMakeLists.txt", "project(app)\nadd_library(other)\n", "build the other library", 5)
    quiet_on_reverts(repo.precheck("CMakeLists.txt"), "CMakeLists.txt")


# -- h. one clock --------------------------------------------------------------------------------

def test_a_revert_after_now_is_not_seen_by_any_signal(world: World):
    repo = world.repo()
    repo.commit("parser.py", BEFORE, "add the parser", 10)
    repo.ok("init", "--no-hooks")
    change_then_revert(repo, "parser.py", "Use fast parser", -2)  # committed 2 and 3 days after NOW
    f = entry(repo.precheck("parser.py"), "parser.py")
    assert f["warnings"] == [] and f["severity"] == "none", f
    assert "failed_attempts" in kinds(entry(repo.precheck("parser.py", days=-4), "parser.py"))


# -- i. attempts inherit their issue's location --------------------------------------------------

def test_failed_attempts_without_at_are_located_at_their_issue(world: World):
    repo = world.repo()
    repo.commit("src/payments/webhook.py", BEFORE, "add the webhook", 10)
    repo.ok("init", "--no-hooks")
    repo.ok("issue", "Webhook retries", "--at", "src/payments/webhook.py:42", days=3)
    for n, summary in enumerate(("retry forever", "retry with jitter", "drop the retries")):
        repo.ok("attempt", summary, "--failed", days=2 - n * 0.5)
    f = entry(repo.precheck("src/payments/webhook.py"), "src/payments/webhook.py")
    assert f["severity"] == "block" and warning(f, "failed_attempts")["severity"] == "block", f


# -- j. a fix that did not hold --------------------------------------------------------------------

def test_a_reverted_fix_is_said_so_by_precheck_and_doctor(world: World):
    repo = world.repo()
    original, _ = change_then_revert(repo, "svc.py", "fix: handle empty payload", 10)
    repo.ok("init", "--no-hooks")
    w = failed(repo.precheck("svc.py"), "svc.py")
    assert "Reverted fix" in w["message"] and original[:10] in w["message"]
    # upstream history nobody can change: shown as information, and doctor still exits 0
    doctor = repo.ken("doctor", "--json")
    report = json.loads(doctor.stdout)
    assert [p["kind"] for p in report["information"]] == ["reverted_fix"], report
    assert doctor.returncode == 0 and report["problems"] == [], report
    text = repo.ken("doctor")
    assert text.returncode == 0 and "information: reverted_fix: fix evt_" in text.stdout, text.stdout
    assert "0 problems, 1 for information" in text.stdout, text.stdout


@pytest.mark.parametrize("summary", ["flush before close", 'flush "before" close\\ then sync'])
def test_a_fix_recorded_at_a_commit_a_revert_undid_settles_nothing(world: World, summary: str):
    """A fix written by hand at a commit (its ``git_commit``, HEAD then) that a later revert undid:
    its issue's failed attempts block again; the gate reads the fix's commit only for a fix whose
    JSON may name a reverted one, escapes in it (a quote, a backslash) included."""
    repo = world.repo()
    repo.commit("svc.py", BEFORE, "add svc.py", 12)
    repo.ok("init", "--no-hooks")
    issue = repo.issue("empty payload crashes", "svc.py", 11)
    for n in range(3):
        repo.failed(f"try {n}", "svc.py", issue, 10.5 - n * 0.1)
    original = repo.commit("svc.py", AFTER, "handle the empty payload", 10)
    repo.record("fix", summary, 9.5, "--issue", issue, "--at", "svc.py")
    settled = kinds(entry(repo.precheck("svc.py", days=9), "svc.py"))
    assert "failed_before_fix" in settled and "failed_attempts" not in settled, settled
    repo.git("revert", "--no-edit", original, days=5)
    report = repo.precheck("svc.py", days=4)
    assert "failed_before_fix" not in kinds(entry(report, "svc.py")), report
    assert failed(report, "svc.py")["severity"] == "block", report


# -- k. ken backfill ------------------------------------------------------------------------------

def test_backfill_widens_the_history_events_are_derived_from(world: World):
    repo = world.repo()
    old = repo.commit("svc.py", "a = 1\n", "fix: handle empty payload", 200)
    repo.commit("svc.py", "a = 2\n", "feat: stream the payload", 10)
    repo.ok("init", "--no-hooks")
    assert "evt_" + old[:20] not in repo.derived()
    out = repo.json("backfill", "--days", "400")
    assert out["added"] == 1
    assert repo.derived()["evt_" + old[:20]]["type"] == "fix"
    found = repo.json("search", "empty payload")
    assert [e["id"] for e in found] == ["evt_" + old[:20]]


def test_backfill_since_a_date(world: World):
    repo = world.repo()
    old = repo.commit("svc.py", "a = 1\n", "fix: handle empty payload", 200)
    repo.ok("init", "--no-hooks")
    said = repo.ok("backfill", "--since", "2020-01-01")
    assert "evt_" + old[:20] in repo.derived()
    assert said.stdout.startswith("derived 1 more event; history read from 2020-01-01"), said.stdout


def test_backfill_needs_a_span_it_can_read(world: World):
    repo = world.repo()
    repo.commit("svc.py", "a = 1\n", "initial", 5)
    repo.ok("init", "--no-hooks")
    for args in ([], ["--since", "last tuesday"], ["--since", "2025-13-45"]):
        r = repo.ken("backfill", *args)
        assert r.returncode == 2, (args, r.returncode, r.stderr)
        assert "Traceback" not in r.stderr
        assert len(r.stderr.strip().splitlines()) == 1, (args, r.stderr)


# -- l. a partial clone missing a blob ----------------------------------------------------------------

def test_a_partial_clone_missing_a_blob_still_derives_and_says_so_once(world: World):
    origin = world.repo("origin")
    origin.commit("small.py", "s = 0\n", "add small", 30)
    table = "".join(f"row {i} of a large table\n" for i in range(200))  # over 2 KB
    origin.commit("big.txt", table, "add the big table", 21)
    big = origin.commit("big.txt", table.replace("row 7 ", "row seven "), "feat: rename row seven", 20)
    feat = origin.commit("small.py", AFTER, "feat: faster small path", 10)
    origin.git("revert", "--no-edit", feat, days=9)
    revert = origin.head()
    fix = origin.commit("other.py", "o = 1\n", "fix: other path", 8)
    origin.git("config", "uploadpack.allowFilter", "true")  # else git ignores the filter and clones it all
    clone_path = world.base / "clone"
    origin.git("clone", "-q", "--no-local", "--filter=blob:limit=1k", f"file://{origin.path}", str(clone_path))
    shutil.move(str(origin.path), str(world.base / "gone"))  # the missing blob can never be fetched
    clone = Repo(world, clone_path)
    r = clone.ken("init", "--no-hooks")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.count("could not read every file") == 1, r.stderr
    derived = clone.derived()
    assert {"evt_" + s[:20] for s in (feat, revert, fix, big)} <= set(derived)
    again = clone.ken("precheck", "small.py")
    assert again.returncode == 0, again.stderr
    assert "could not read" not in again.stderr, again.stderr
    assert "failed_attempts" in kinds(entry(clone.precheck("small.py"), "small.py"))


# -- m. ken audit ----------------------------------------------------------------------------------

def test_audit_finds_a_reland_announced_by_its_message(world: World):
    repo = world.repo()
    change_then_revert(repo, "parser.py", "Use fast parser", 30)
    reland = repo.commit("parser.py", AFTER, 'Reland "Use fast parser"', 10)
    report = repo.json("audit")
    assert report["reattempts"]["found"] == 1 and report["reattempts"]["by_message"] == 1, report["reattempts"]
    assert report["reattempts"]["warned"] == 1 and report["reattempts"]["named"] == 1, report["items"]
    item = report["items"][0]
    assert item["found_by"] == "message" and item["reattempt"]["sha"] == reland
    assert (item["verdict"]["files_warned"], item["verdict"]["files_checked"]) == (1, 1)
    assert report["reattempts"]["files"] == {"checked": 1, "warned": 1}
    text = repo.ok("audit").stdout
    assert "files of re-attempts warned       1 / 1     100.0 %" in text and "gate (1 of 1 files):" in text, text


RENDER = "".join(f"def render_{n}(page):\n    return layout.place(page, column={n}, gutter={n * 2})\n"
                 for n in range(6))


def test_audit_counts_no_noise_on_an_unrelated_commit_after_a_revert_and_names_the_files_of_noise(world: World):
    """The first ordinary commit after a revert, on the same file, adding lines of its own: no
    noise (the reland is still warned). An ordinary commit bringing back part of a reverted
    change under another name is warned, and the report says on which file."""
    repo = world.repo()
    repo.commit("parser.py", BEFORE, "add parser.py", 40)
    original = repo.commit("parser.py", BEFORE + FAST, "Use the fast decoder", 30)
    repo.git("revert", "--no-edit", original, days=29)
    limits = 'import logging\nlog = logging.getLogger(__name__)\nLIMITS = {"max_bytes": 1 << 20, "timeout_s": 30}\n'
    repo.commit("parser.py", BEFORE + limits, "log the parser's limits", 25)
    reland = repo.commit("parser.py", BEFORE + limits + FAST, 'Reland "Use the fast decoder"', 20)
    report = repo.json("audit")
    assert report["reattempts"]["warned"] == 1 and report["items"][0]["reattempt"]["sha"] == reland, report["items"]
    assert report["controls"]["revert_warning"] == 0, report["noisy_controls"]

    repo.commit("view.py", BEFORE, "add view.py", 15)
    columns = repo.commit("view.py", BEFORE + RENDER, "Lay pages out in columns", 12)
    repo.git("revert", "--no-edit", columns, days=11)
    repo.commit("view.py", BEFORE + "".join(RENDER.splitlines(keepends=True)[:4]), "tidy the module", 10)
    report = repo.json("audit")
    assert report["controls"]["revert_warning"] == 1, report["noisy_controls"]
    (noisy,) = report["noisy_controls"]
    assert noisy["commit"]["subject"] == "tidy the module" and noisy["files"] == ["view.py"], noisy
    assert columns[:10] in noisy["first_line"]
    assert "gate on view.py: " in repo.ok("audit").stdout


def test_audit_outside_a_git_repository_says_so_in_one_line(world: World):
    outside = world.base / "plain"
    outside.mkdir()
    r = Repo(world, outside).ken("audit")
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr



def test_a_rebuilt_index_derives_the_backfilled_history_again(world: World):
    """A new kenning or a damaged index rebuilds from the log: the history a backfill reached
    comes back with it, and a span file someone committed cannot narrow what is derived."""
    repo = world.repo()
    old = repo.commit("svc.py", "a = 1\n", "fix: handle empty payload", 200)
    recent = repo.commit("svc.py", "a = 2\n", "fix: stream the payload in order", 10)
    repo.ok("init", "--no-hooks")
    repo.ok("backfill", "--days", "400")
    shutil.rmtree(repo.path / ".kenning" / "cache")
    assert set(repo.derived()) >= {"evt_" + old[:20], "evt_" + recent[:20]}

    span = repo.path / ".kenning" / "local" / "capture-span.json"
    span.write_text(json.dumps({"start": 4_000_000_000, "revert_start": 4_000_000_000}))
    shutil.rmtree(repo.path / ".kenning" / "cache")
    derived = repo.derived()
    assert "evt_" + recent[:20] in derived  # the default span still: a span file never narrows it
    assert "evt_" + old[:20] not in derived


# -- n. the first precheck walks git's history with changed-path filters ------------------------------

def test_init_writes_git_commit_graph_with_changed_path_filters(world: World):
    """The first ``ken precheck`` of a file walks its history back to the reverts on it; git's
    changed-path Bloom filters let that walk skip the commits that did not touch the file.
    ``ken init`` has git write them into ``.git`` (as ``git gc`` would) in the background,
    touching nothing tracked."""
    repo = world.repo()
    change_then_revert(repo, "parser.py", "Use fast parser", 10)
    graph = repo.path / repo.git("rev-parse", "--git-path", "objects/info/commit-graph").stdout.strip()
    assert not graph.exists()
    repo.ok("init", "--no-hooks")
    assert wait_for_processes_to_end(world.env, timeout=60), "git's commit-graph writer still runs after 60 s"
    assert graph.exists()
    assert repo.git("commit-graph", "verify").returncode == 0
    assert "parser.py" not in repo.status()
