"""Events derived from git history: backfill at ``ken init``, incremental capture, rewrites,
identical ids in every clone, nothing appended to the tracked log, secrets redacted.

Real git, ``ken``'s command line; commits are backdated relative to a fixed NOW and every read is made
at a controlled ``KEN_NOW``.
"""

from __future__ import annotations

import json
import os

import pytest

from .conftest import LOG, NOW, Repo, World

SECRET = "ghp_" + "aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"


class History:
    """A repository with one commit of each kind, dated before NOW (not yet initialized)."""

    def __init__(self, repo: Repo) -> None:
        self.repo = repo
        r = repo
        self.initial = r.commit("svc.py", "a = 1\n", "initial", 40)
        self.old_feat = r.commit("old.py", "o = 1\n", "feat: ancient flag", 30)
        self.feat = r.commit("svc.py", "def parse(raw):\n    return fast(raw)\n", "feat: faster parser", 20)
        r.git("revert", "--no-edit", "HEAD", days=19)
        self.revert = r.head()
        self.fix = r.commit("svc.py", "a = 3\n", "fix: handle empty payload", 10)
        self.refactor = r.commit("store.py", "s = 1\n", "refactor: split the store", 8)
        self.note = r.commit("cli.py", "c = 1\n", "feat: add a --quiet flag", 6)
        self.chore = r.commit("deps.txt", "x==1\n", "chore: bump deps", 5)

    @staticmethod
    def eid(sha: str) -> str:
        return "evt_" + sha[:20]


@pytest.fixture
def history(world: World) -> History:
    return History(world.repo())


def test_backfill_at_init_derives_each_kind(history: History):
    repo = history.repo
    repo.ok("init", "--no-hooks")
    derived = repo.derived()
    h = History
    assert set(derived) == {h.eid(history.old_feat), h.eid(history.feat), h.eid(history.revert),
                            h.eid(history.fix), h.eid(history.refactor), h.eid(history.note)}
    revert = derived[h.eid(history.revert)]
    assert (revert["type"], revert["outcome"], revert["source"]) == ("attempt", "failed", "git")
    assert "feat: faster parser" in revert["summary"] and history.feat[:10] in revert["summary"]
    assert history.feat in revert["details"], "details name the reverted commit"
    assert "return fast(raw)" in revert["details"], "details carry an excerpt of the reverted diff"
    assert revert["location"] == "svc.py" and revert["commit"] == history.revert
    fix = derived[h.eid(history.fix)]
    assert (fix["type"], fix["summary"], fix["location"]) == ("fix", "fix: handle empty payload", "svc.py")
    assert derived[h.eid(history.refactor)]["type"] == "decision"
    assert derived[h.eid(history.note)]["type"] == "note"
    assert derived[h.eid(history.note)]["summary"] == "feat: add a --quiet flag"
    assert all(e["actor"] == "git:tester@example.invalid" for e in derived.values())
    assert h.eid(history.chore) not in derived and h.eid(history.initial) not in derived
    assert repo.log_events() == [], "derived events are never appended to the tracked log"


def test_the_gate_and_search_see_derived_events(history: History):
    repo = history.repo
    repo.ok("init", "--no-hooks")
    found = repo.json("search", "faster parser", "--type", "attempt")
    assert [e["id"] for e in found] == [History.eid(history.revert)]
    report = repo.precheck("svc.py")
    fa = [w for w in report["files"][0]["warnings"] if w["kind"] == "failed_attempts"]
    assert fa and fa[0]["event_ids"] == [History.eid(history.revert)]
    summary = repo.ok("summary", "--full").stdout
    assert "split the store" in summary, "a derived decision reaches the summary"


def test_backfill_is_idempotent(history: History):
    repo = history.repo
    repo.ok("init", "--no-hooks")
    first = repo.derived()
    out = repo.ok("init", "--no-hooks").stdout
    assert "+0  events derived from git history" in out
    assert repo.derived() == first
    assert repo.derived(days=-1) == first, "a later read adds nothing either"
    repo.ok("regenerate")
    assert repo.derived() == first, "a rebuilt index derives the same events"
    assert repo.log_events() == []


def test_backfill_days_flag(history: History):
    repo = history.repo
    repo.ok("init", "--no-hooks", "--backfill-days", "15")
    # every kind from the last 15 days, and reverts (failed attempts) from the longer revert span
    assert set(repo.derived()) == {History.eid(s) for s in (history.fix, history.refactor, history.note,
                                                            history.revert)}


def test_backfill_days_from_config(history: History):
    repo = history.repo
    repo.config("[capture]\nbackfill_days = 25\n")
    repo.ok("init", "--no-hooks")
    assert set(repo.derived()) == {History.eid(s) for s in (history.feat, history.revert, history.fix,
                                                            history.refactor, history.note)}


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_default_backfill_is_90_days(world: World):
    repo = world.repo()
    old = repo.commit("a.py", "a = 1\n", "feat: from long ago", 91)
    recent = repo.commit("a.py", "a = 2\n", "feat: from this quarter", 89)
    repo.ok("init", "--no-hooks")
    assert set(repo.derived()) == {History.eid(recent)}
    assert History.eid(old) not in repo.derived()


def test_no_backfill_skips_the_past_but_captures_what_comes_next(history: History):
    repo = history.repo
    repo.ok("init", "--no-hooks", "--no-backfill", days=4)
    assert repo.derived(days=4) == {}
    fix = repo.commit("svc.py", "a = 4\n", "fix: stop dropping events", 3)
    assert set(repo.derived(days=3)) == {History.eid(fix)}
    assert repo.log_events() == []


def test_a_new_commit_is_derived_by_the_next_read(history: History):
    repo = history.repo
    repo.ok("init", "--no-hooks", days=4)
    before = repo.derived(days=4)
    fix = repo.commit("svc.py", "a = 5\n", "fix(parser): reject empty input", 3)
    found = repo.json("search", "reject empty input", days=3)
    assert [e["id"] for e in found] == [History.eid(fix)]
    after = repo.derived(days=3)
    assert set(after) == set(before) | {History.eid(fix)}
    assert all(after[k] == v for k, v in before.items()), "earlier derived events are untouched"


def test_amend_rewrites_the_derived_event(history: History):
    repo = history.repo
    repo.ok("init", "--no-hooks", days=4)
    fix = repo.commit("svc.py", "a = 6\n", "fix: first wording", 3)
    assert History.eid(fix) in repo.derived(days=3)
    repo.git("commit", "-q", "--amend", "--no-verify", "-m", "fix: second wording", days=2.5)
    amended = repo.head()
    derived = repo.derived(days=2)
    assert History.eid(fix) not in derived
    assert derived[History.eid(amended)]["summary"] == "fix: second wording"
    assert History.eid(history.refactor) in derived, "the rest of the window is still derived"


def test_reset_drops_the_derived_event_of_the_dropped_commit(history: History):
    repo = history.repo
    repo.ok("init", "--no-hooks", days=4)
    before = repo.derived(days=4)
    fix = repo.commit("svc.py", "a = 7\n", "fix: doomed", 3)
    assert History.eid(fix) in repo.derived(days=3)
    repo.git("reset", "-q", "--hard", "HEAD~1")
    assert repo.derived(days=2) == before
    assert repo.json("search", "doomed", days=2) == []
    assert repo.precheck("svc.py", days=2)["files"][0]["path"] == "svc.py"


def test_rewrite_after_no_backfill_keeps_the_window_from_init(history: History):
    repo = history.repo
    repo.ok("init", "--no-hooks", "--no-backfill", days=4)
    keep = repo.commit("svc.py", "a = 8\n", "fix: kept", 3)
    drop = repo.commit("svc.py", "a = 9\n", "fix: dropped", 2)
    assert set(repo.derived(days=2)) == {History.eid(keep), History.eid(drop)}
    repo.git("reset", "-q", "--hard", "HEAD~1")
    assert set(repo.derived(days=1)) == {History.eid(keep)}, "nothing from before init comes back"


def tracked_origin(world: World) -> Repo:
    """A repository with the sample history and kenning committed, ready to be cloned."""
    origin = world.repo("origin")
    History(origin)
    origin.ok("init", "--no-hooks")
    origin.git("add", "-A")
    origin.commit(None, None, "add kenning", 1)
    return origin


def test_two_clones_derive_identical_events(world: World):
    origin = tracked_origin(world)
    first = world.clone(origin, "clone-a")
    second = world.clone(origin, "clone-b")
    a, b, o = first.derived(), second.derived(), origin.derived()
    assert len(a) == 6
    assert a == b == o
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    assert first.log_events() == second.log_events() == []


def test_clones_that_pulled_the_same_new_commit_agree(world: World):
    origin = tracked_origin(world)
    first = world.clone(origin, "clone-a")
    first.derived()  # index the history as it was
    new = origin.commit("svc.py", "a = 10\n", "fix: late fix", 0.5)
    first.git("pull", "-q", "--ff-only")
    second = world.clone(origin, "clone-b")
    a, b = first.derived(), second.derived()
    assert History.eid(new) in a and a == b


def test_derived_events_never_touch_the_tracked_log(history: History):
    repo = history.repo
    repo.ok("init", "--no-hooks", days=4)
    repo.ok("note", "a hand-written note", "--at", "svc.py", days=3.5)
    before = (repo.path / LOG).read_bytes()
    repo.commit("svc.py", "a = 11\n", "fix: something", 3)
    repo.git("revert", "--no-edit", "HEAD", days=2.5)
    assert len(repo.derived(days=2)) == 8
    assert (repo.path / LOG).read_bytes() == before
    assert all(e.get("source") != "git" for e in repo.log_events())


def test_secrets_in_commit_messages_are_redacted(history: History):
    repo = history.repo
    repo.ok("init", "--no-hooks", days=4)
    sha = repo.commit("svc.py", "a = 12\n", f"fix: rotate the leaked token {SECRET}", 3)
    repo.git("commit", "-q", "--allow-empty", "--no-verify", "-m",
             "feat: connect to the db\n\nconnection uses password=hunter2hunter2 for now", days=2.5)
    feat = repo.head()
    derived = repo.derived(days=2)
    event = derived[History.eid(sha)]
    text = json.dumps(derived)
    assert SECRET not in text and "hunter2hunter2" not in text
    assert "[REDACTED:" in event["summary"] and "rotate the leaked token" in event["summary"]
    assert "[REDACTED:" in derived[History.eid(feat)]["details"]
    repo.ok("summary", days=2)
    for path in (repo.path / ".kenning").rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), f"{path} stores the secret"


def test_merged_branch_commits_are_derived_and_the_merge_is_skipped(history: History):
    repo = history.repo
    repo.ok("init", "--no-hooks", days=4)
    before = repo.derived(days=4)
    repo.git("checkout", "-q", "-b", "topic")
    topic_fix = repo.commit("topic.py", "t = 1\n", "fix: topic edge case", 3.5)
    repo.git("checkout", "-q", "main")
    main_feat = repo.commit("main.py", "m = 1\n", "feat: main feature", 3)
    assert History.eid(main_feat) in repo.derived(days=3)
    repo.git("merge", "-q", "--no-ff", "--no-edit", "topic", days=2.5)
    merge = repo.head()
    after = repo.derived(days=2)
    assert set(after) == set(before) | {History.eid(main_feat), History.eid(topic_fix)}
    assert History.eid(merge) not in after


def _merge_titled_as_a_fix(repo: Repo, name: str, days: float) -> tuple[str, str]:
    """A branch with a fix to ``name``.py merged the way GitHub merges a pull request titled
    "Fix …": a merge commit whose subject is the PR's title. Returns (the branch's fix, the merge)."""
    repo.git("checkout", "-q", "-b", name)
    fix = repo.commit(f"{name}.py", "p = 1\n", f"fix: empty input crashes the {name}", days + 0.5)
    repo.git("checkout", "-q", "main")
    repo.commit(f"{name}.md", "m = 1\n", f"docs: explain the {name}", days + 0.25)
    repo.git("merge", "-q", "--no-ff", "-m", f"Fix the {name} on empty input (#12)", name, days=days)
    return fix, repo.head()


def test_a_merge_titled_as_a_fix_is_no_second_fix_event_at_init_nor_in_a_backfill(world: World):
    repo = world.repo()
    repo.commit("README", "r\n", "initial", 90)
    fix, merge = _merge_titled_as_a_fix(repo, "parser", 60)
    late_fix, late_merge = _merge_titled_as_a_fix(repo, "lexer", 4)
    repo.ok("init", "--no-hooks", "--backfill-days", "30")
    derived = repo.derived()
    assert History.eid(late_fix) in derived and History.eid(late_merge) not in derived
    repo.ok("backfill", "--days", "100")
    derived = repo.derived()
    assert derived[History.eid(fix)]["location"] == "parser.py"
    assert History.eid(merge) not in derived, "the merge adds nothing: its branch's fix is the event"
    assert [e["summary"] for e in derived.values() if e["type"] == "fix"] == [
        "fix: empty input crashes the lexer", "fix: empty input crashes the parser"]


def test_a_merge_titled_as_a_fix_captured_after_init_adds_nothing_but_a_squash_merge_is_one_fix(world: World):
    repo = world.repo()
    repo.commit("README", "r\n", "initial", 90)
    repo.ok("init", "--no-hooks", days=70)
    fix, _ = _merge_titled_as_a_fix(repo, "parser", 60)
    assert set(repo.derived(days=59)) == {History.eid(fix)}, "the branch's fix alone, not the merge"
    repo.git("checkout", "-q", "-b", "squashed")
    repo.commit("lexer.py", "x = 1\n", "wip", 50)
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "--squash", "squashed")
    squash = repo.commit(None, None, "Fix the lexer's last token (#13)", 49)
    latest = repo.derived(days=48)
    assert set(latest) == {History.eid(fix), History.eid(squash)}
    assert latest[History.eid(squash)]["location"] == "lexer.py"


def _commit_files(repo: Repo, files: dict[str, int], message: str, days: float) -> str:
    """One commit writing each file with that many lines."""
    for path, lines in files.items():
        repo.write(path, "".join(f"{path} line {n} at {days}\n" for n in range(lines)))
    repo.git("add", "-A")
    return repo.commit(None, None, message, days)


def test_a_fix_is_located_at_the_code_it_changed_not_its_changelog_or_test(world: World):
    """A fix that wrote most of its lines in the changelog, a test and the docs is about the code
    it changed: that is where it is located (the summary shows it there); the other files stay
    among its paths, so a question about the test still finds it. Edited alone, a test is where
    its fix is."""
    repo = world.repo()
    _commit_files(repo, {"CHANGES.rst": 5, "tests/test_parser.py": 5, "docs/parser.rst": 5, "src/parser.py": 5},
                  "initial", 40)
    fix = _commit_files(repo, {"CHANGES.rst": 40, "tests/test_parser.py": 30, "docs/parser.rst": 20,
                               "src/parser.py": 2}, "fix: empty input crashes the parser", 20)
    alone = _commit_files(repo, {"tests/test_parser.py": 7}, "fix: flaky parser test", 15)
    refactor = _commit_files(repo, {"CHANGES.rst": 9, "tests/test_parser.py": 8, "src/parser.py": 1},
                             "refactor: split the parser", 10)
    repo.ok("init", "--no-hooks")
    derived = repo.derived()
    event = derived[History.eid(fix)]
    assert event["location"] == "src/parser.py"
    assert event["paths"] == ["src/parser.py", "tests/test_parser.py", "docs/parser.rst", "CHANGES.rst"]
    assert derived[History.eid(alone)]["location"] == "tests/test_parser.py"
    assert derived[History.eid(refactor)]["location"] == "src/parser.py"
    summary = repo.ok("summary", "--full").stdout
    assert "empty input crashes the parser" in summary and "CHANGES.rst" not in summary, summary
    decision = [w for w in repo.precheck("tests/test_parser.py")["files"][0]["warnings"]
                if w["kind"] == "recent_decision"]
    assert decision and decision[0]["event_ids"] == [History.eid(refactor)], "the gate still sees it on the test"


def test_packed_refs_do_not_look_like_a_rewrite(history: History):
    repo = history.repo
    repo.ok("init", "--no-hooks", days=4)
    first = repo.derived(days=4)
    repo.git("pack-refs", "--all")
    assert not (repo.path / ".git" / "refs" / "heads" / "main").exists()
    assert repo.derived(days=3) == first
    fix = repo.commit("svc.py", "a = 13\n", "fix: after packing", 2)
    assert set(repo.derived(days=1)) == set(first) | {History.eid(fix)}


def test_shallow_clone_still_derives_what_it_has(world: World):
    """CI checks out shallow clones: a revert whose reverted commit is not in the clone must still
    be derived (without the excerpt), and must not stop every other commit from being derived."""
    origin = world.repo("origin")
    origin.commit("a.py", "a = 1\n", "initial", 20)
    feat = origin.commit("a.py", "a = 2\n", "feat: risky change", 10)
    origin.commit("b.py", "b = 1\n", "fix: unrelated fix", 9)
    origin.git("revert", "--no-edit", feat, days=8)
    revert = origin.head()
    origin.ok("init", "--no-hooks")
    origin.git("add", "-A")
    origin.commit(None, None, "add kenning", 1)
    shallow = world.base / "shallow"
    origin.git("clone", "-q", "--depth", "2", f"file://{origin.path}", str(shallow))
    clone = Repo(world, shallow)
    r = clone.ok("search", "", "--json")
    derived = {e["id"]: e for e in json.loads(r.stdout) if e.get("source") == "git"}
    assert History.eid(revert) in derived, f"{r.stderr}"
    got, want = derived[History.eid(revert)], origin.derived()[History.eid(revert)]
    assert (got["type"], got["outcome"], got["summary"]) == (want["type"], want["outcome"], want["summary"])
    assert "could not read git history" not in r.stderr


# -- the cold gate's capture: only the commits about the judged files ------------------------------

def _derived_about(repo: Repo, monkeypatch: pytest.MonkeyPatch, paths: list[str] | None) -> dict[str, set[str]]:
    """The events derived from git into a fresh memory in this process (all commits, or those
    about ``paths``), as canonical lines per file they cite, for each file of ``JUDGED``."""
    from kenning.app.capture import derive as capture
    from kenning.app.memory import Memory
    from kenning.app.project import Project
    from kenning.core.events import canonical_json, parse_line
    from kenning.store.cache import Cache

    for name in [n for n in os.environ if n.startswith(("KEN_", "GIT_"))]:
        monkeypatch.delenv(name)
    for name in ("KEN_HOME", "HOME", "XDG_CONFIG_HOME", "GIT_CONFIG_NOSYSTEM", "GIT_CEILING_DIRECTORIES"):
        monkeypatch.setenv(name, repo.world.env[name])
    memory = Memory(Project(repo.path), Cache.in_memory())
    try:
        capture.refresh(memory, int(NOW.timestamp()), paths=paths)
        events = [parse_line(row) for row in memory.cache.derived_events()]
    finally:
        memory.close()
    return {path: {canonical_json(e.as_dict()) for e in events if e.cites(path)} for path in JUDGED}


JUDGED = ["src/pay.py", "src/util.py", "src/api.py", ":colon.py"]


def test_a_capture_about_some_files_derives_what_a_whole_capture_derives_about_them(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cold gate (a fresh clone) derives events only from the commits that touched the files
    it judges. Each file must get exactly the events a whole capture gives it: a change and its
    revert on a side branch that left the file as it was (git's default history would hide both),
    a revert of a commit spanning several files, a rename, and commits elsewhere."""
    repo = world.repo()
    repo.write("src/api.py", "a = 1\n")
    repo.write("lib/util.py", "u = 1\n")
    repo.git("add", "-A")
    repo.commit("src/pay.py", "p = 1\n", "initial", 60)
    repo.git("checkout", "-q", "-b", "side")
    repo.commit("src/pay.py", "p = 2\n", "feat: pay in two steps", 40)
    repo.git("revert", "--no-edit", "HEAD", days=39)
    repo.git("checkout", "-q", "-")
    repo.commit("lib/util.py", "u = 2\n", "fix: util rounding", 38)
    repo.git("merge", "-q", "--no-ff", "--no-edit", "side", days=37)
    repo.write("src/api.py", "a = 2\n")
    repo.git("add", "-A")
    repo.commit("src/pay.py", "p = 3\n", "feat: api and pay share the retry", 20)
    repo.git("revert", "--no-edit", "HEAD", days=19)
    repo.git("mv", "lib/util.py", "src/util.py")
    repo.commit(None, None, "refactor: util moves next to pay", 10)
    repo.commit("src/util.py", "u = 3\n", "fix: util rounding again", 5)
    repo.write(":colon.py", "c = 1\n")  # added as every file, `git add -A`: its name is git's pathspec magic
    repo.git("add", "-A")
    repo.commit(None, None, "feat: a file named like pathspec magic", 4)
    repo.commit("docs/readme.md", "r\n", "docs: readme", 3)
    repo.ok("init", "--no-hooks", "--no-register", "--no-backfill")

    whole = _derived_about(repo, monkeypatch, None)
    assert len(whole["src/pay.py"]) >= 4  # both features and both reverts, the side branch's included
    assert whole[":colon.py"]  # read as a file name, never as git's pathspec magic
    for path in JUDGED:
        assert _derived_about(repo, monkeypatch, [path])[path] == whole[path], path
    assert _derived_about(repo, monkeypatch, JUDGED) == whole
    many = [*JUDGED, *(f"vendor/lib_{n}.py" for n in range(600))]  # more than one git command line holds
    assert _derived_about(repo, monkeypatch, many) == whole
