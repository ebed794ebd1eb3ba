"""``ken precheck`` end to end: real git history, backdated commits, ``ken``'s command line.

One scenario repository carries every signal at its threshold and just below it, each on its
own file, so a single ``ken precheck --json`` call judges them all. Tests that change config,
write snoozes or break the memory get repositories of their own.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import LOG, Repo, World, at, counting_git, entry, git_calls, kinds, warning

HUNDRED = "".join(f"line {i} of the original\n" for i in range(100))


def rewrite(text: str, count: int) -> str:
    """``text`` with its first ``count`` lines changed (numstat: 2 x count lines changed)."""
    lines = text.splitlines(keepends=True)
    return "".join(f"rewritten {i}\n" if i < count else ln for i, ln in enumerate(lines))


FILES = {
    "src/fail3.py": "f3 = 0\n", "src/fail2.py": "f2 = 0\n", "src/fail_window.py": "fw = 0\n",
    "src/churn4.py": "c4 = 0\n", "src/churn3.py": "c3 = 0\n", "src/churn_old.py": "co = 0\n",
    "src/rev.py": "r = 0\n", "src/rev_old.py": "ro = 0\n",
    "src/issue_open.py": "io = 0\n", "src/issue_fixed.py": "ix = 0\n",
    "src/decided.py": "d = 0\n", "src/superseded.py": "s = 0\n", "src/decision_old.py": "do = 0\n",
    "src/stale_at.py": HUNDRED, "src/stale_below.py": HUNDRED,
    "src/gone.py": "g = 1\n", "src/old_name.py": "".join(f"legacy {i}\n" for i in range(20)),
    "src/quiet.py": "q = 0\n",
}
CHECKED = [*FILES, "src/new_name.py"]


class Scenario:
    def __init__(self, repo: Repo, ids: dict[str, object], report: dict) -> None:
        self.repo = repo
        self.ids = ids
        self.report = report


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Scenario:
    world = World(tmp_path_factory.mktemp("precheck"))
    repo = world.repo()
    ids: dict[str, object] = {}
    for rel, text in FILES.items():
        repo.write(rel, text)
    repo.git("add", "-A")
    repo.commit(None, None, "add the files", 60)
    repo.ok("init", "--no-hooks", "--no-backfill", days=59)
    umbrella = repo.issue("the service is flaky", None, 58)
    for rel in ("src/stale_at.py", "src/stale_below.py", "src/gone.py", "src/old_name.py"):
        ids[rel] = repo.record("note", f"memory about {rel}", 50, "--at", rel)
    ids["open"] = repo.issue("hot path drops events", "src/issue_open.py", 50)
    fixed = repo.issue("cold path is slow", "src/issue_fixed.py", 50)
    repo.commit("src/churn_old.py", "co = 1\n", "tweak churn_old", 45)
    ids["decision_old"] = repo.record("decide", "old call about decision_old", 41, "--at", "src/decision_old.py")
    repo.commit("src/rev_old.py", "ro = 1\n", "feat: add old retry", 40)
    repo.git("revert", "--no-edit", "HEAD", days=39)
    repo.commit("src/churn_old.py", "co = 2\n", "tweak churn_old", 38)
    ids["fail_window_old"] = repo.failed("approach from long ago", "src/fail_window.py", umbrella, 35)
    repo.commit("src/churn_old.py", "co = 3\n", "tweak churn_old", 33)
    repo.commit("src/churn4.py", "c4 = 20\n", "tweak churn4", 20)
    repo.commit("src/churn3.py", "c3 = 20\n", "tweak churn3", 19.9)
    repo.commit("src/churn_old.py", "co = 4\n", "tweak churn_old", 19.8)
    repo.record("fix", "cold path uses the cache", 19.7, "--issue", fixed, "--details", "bench shows 3x")
    repo.commit("src/churn4.py", "c4 = 15\n", "tweak churn4", 15)
    ids["decided"] = repo.record("decide", "decided uses approach A", 12, "--at", "src/decided.py")
    ids["retired"] = repo.record("decide", "superseded uses approach A", 12, "--at", "src/superseded.py")
    ids["replacing"] = repo.record("decide", "use approach B everywhere", 11, "--supersedes", str(ids["retired"]))
    repo.commit("src/churn4.py", "c4 = 10\n", "tweak churn4", 10)
    repo.commit("src/churn3.py", "c3 = 10\n", "tweak churn3", 9.99)
    repo.commit("src/stale_at.py", rewrite(HUNDRED, 25), "rework stale_at", 9.98)
    repo.commit("src/stale_below.py", rewrite(HUNDRED, 24), "rework stale_below", 9.97)
    ids["fail3"] = [repo.failed("retry with a bigger buffer", "src/fail3.py", umbrella, 9)]
    ids["fail2"] = [repo.failed("cache the parser", "src/fail2.py", umbrella, 8.99)]
    ids["fail_window"] = [repo.failed("approach two", "src/fail_window.py", umbrella, 8.98)]
    ids["feat"] = repo.commit("src/rev.py", "def retry():\n    pass\n", "feat: add retry", 8)
    repo.git("revert", "--no-edit", "HEAD", days=7)
    ids["revert"] = repo.head()
    ids["fail3"].append(repo.failed("lock around flush", "src/fail3.py", umbrella, 6))  # type: ignore[union-attr]
    ids["fail_window"].append(repo.failed("approach three", "src/fail_window.py", umbrella, 5.99))  # type: ignore
    repo.git("mv", "src/old_name.py", "src/new_name.py")
    repo.commit(None, None, "move old_name to new_name", 5.98)
    repo.commit("src/churn4.py", "c4 = 5\n", "tweak churn4", 5)
    repo.git("rm", "-q", "src/gone.py")
    repo.commit(None, None, "drop gone", 4.99)
    ids["fail3"].append(repo.failed("batch writes by 10", "src/fail3.py", umbrella, 4))  # type: ignore[union-attr]
    ids["fail2"].append(repo.failed("precompile the regex", "src/fail2.py", umbrella, 3.99))  # type: ignore
    repo.commit("src/new_name.py", FILES["src/old_name.py"] + "one more line\n", "extend new_name", 3.98)
    repo.commit("src/churn3.py", "c3 = 3\n", "tweak churn3", 3)
    report = repo.precheck(*CHECKED)
    return Scenario(repo, ids, report)


# -- each signal at its threshold and just below it -----------------------------------------------

def test_json_shape(scenario: Scenario):
    report = scenario.report
    assert set(report) == {"severity", "files"}
    assert [f["path"] for f in report["files"]] == CHECKED
    for f in report["files"]:
        assert set(f) == {"path", "severity", "warnings"}
        for w in f["warnings"]:
            assert set(w) == {"kind", "severity", "message", "event_ids", "snoozed_until"}
            assert w["snoozed_until"] is None
    assert report["severity"] == "block"


def test_three_failed_attempts_block(scenario: Scenario):
    f = entry(scenario.report, "src/fail3.py")
    assert f["severity"] == "block" and kinds(f) == {"failed_attempts"}
    w = warning(f, "failed_attempts")
    assert w["severity"] == "block"
    assert w["event_ids"] == list(reversed(scenario.ids["fail3"]))  # newest first


def test_two_failed_attempts_warn(scenario: Scenario):
    f = entry(scenario.report, "src/fail2.py")
    assert f["severity"] == "warn" and kinds(f) == {"failed_attempts"}
    assert warning(f, "failed_attempts")["event_ids"] == list(reversed(scenario.ids["fail2"]))


def test_a_failed_attempt_older_than_the_window_warns_but_does_not_block(scenario: Scenario):
    f = entry(scenario.report, "src/fail_window.py")
    w = warning(f, "failed_attempts")
    assert w["message"].startswith("3 failed attempts in the last 365 days (2 in the last 30 days)")
    assert f["severity"] == "warn", "three failures, but only two recent enough to block"
    assert scenario.ids["fail_window_old"] in w["event_ids"]


def test_four_commits_in_the_window_are_churn(scenario: Scenario):
    f = entry(scenario.report, "src/churn4.py")
    assert kinds(f) == {"churn"} and f["severity"] == "info"
    assert warning(f, "churn")["message"].startswith("4 commits")


@pytest.mark.parametrize("path", ["src/churn3.py", "src/churn_old.py"])
def test_three_commits_or_old_commits_are_not_churn(scenario: Scenario, path: str):
    f = entry(scenario.report, path)
    assert f == {"path": path, "severity": "none", "warnings": []}


def test_revert_in_the_window_is_a_failed_attempt_naming_the_change(scenario: Scenario):
    f = entry(scenario.report, "src/rev.py")
    assert kinds(f) == {"recent_revert", "failed_attempts"} and f["severity"] == "warn"
    revert, feat = str(scenario.ids["revert"]), str(scenario.ids["feat"])
    r = warning(f, "recent_revert")
    assert r["severity"] == "warn" and revert[:10] in r["message"] and "feat: add retry" in r["message"]
    w = warning(f, "failed_attempts")
    assert w["message"].startswith("1 failed attempt in the last 30 days: Reverted " + feat[:10])
    assert "feat: add retry" in w["message"] and w["event_ids"] == ["evt_" + revert[:20]]


def test_revert_older_than_the_window_still_warns(scenario: Scenario):
    f = entry(scenario.report, "src/rev_old.py")
    assert kinds(f) == {"failed_attempts"} and f["severity"] == "warn"
    assert warning(f, "failed_attempts")["message"].startswith("1 failed attempt in the last 365 days (0 in the last")


def test_open_issue_warns_and_fixed_issue_does_not(scenario: Scenario):
    f = entry(scenario.report, "src/issue_open.py")
    assert kinds(f) == {"open_issues"} and f["severity"] == "warn"
    assert warning(f, "open_issues")["event_ids"] and "hot path drops events" in warning(f, "open_issues")["message"]
    assert entry(scenario.report, "src/issue_fixed.py")["warnings"] == []


def test_standing_decision_in_the_window_is_info(scenario: Scenario):
    f = entry(scenario.report, "src/decided.py")
    assert kinds(f) == {"recent_decision"} and f["severity"] == "info"
    assert warning(f, "recent_decision")["event_ids"] == [scenario.ids["decided"]]


def test_superseded_decision_and_old_decision_are_silent(scenario: Scenario):
    assert entry(scenario.report, "src/superseded.py")["warnings"] == []
    assert entry(scenario.report, "src/decision_old.py")["warnings"] == []
    retired = scenario.ids["retired"]
    assert all(retired not in w["event_ids"] for f in scenario.report["files"] for w in f["warnings"])


def test_memory_is_stale_when_half_the_file_changed(scenario: Scenario):
    f = entry(scenario.report, "src/stale_at.py")
    assert kinds(f) == {"stale_memory"} and f["severity"] == "info"
    assert warning(f, "stale_memory")["event_ids"] == [scenario.ids["src/stale_at.py"]]


def test_memory_is_fresh_just_below_half(scenario: Scenario):
    assert entry(scenario.report, "src/stale_below.py")["warnings"] == []


def test_memory_about_a_deleted_file_is_stale(scenario: Scenario):
    f = entry(scenario.report, "src/gone.py")
    w = warning(f, "stale_memory")
    assert w["event_ids"] == [scenario.ids["src/gone.py"]] and "deleted" in w["message"]


def test_memory_about_a_renamed_file_is_stale_and_names_the_new_path(scenario: Scenario):
    f = entry(scenario.report, "src/old_name.py")
    w = warning(f, "stale_memory")
    assert w["event_ids"] == [scenario.ids["src/old_name.py"]]
    assert "renamed to src/new_name.py" in w["message"]
    assert entry(scenario.report, "src/new_name.py")["warnings"] == []


def test_quiet_file(scenario: Scenario):
    assert entry(scenario.report, "src/quiet.py") == {"path": "src/quiet.py", "severity": "none", "warnings": []}


def test_one_file_at_a_time_gives_the_same_verdicts(scenario: Scenario):
    for path in ("src/fail3.py", "src/rev.py", "src/stale_at.py", "src/old_name.py", "src/churn4.py"):
        alone = scenario.repo.precheck(path)
        assert alone == {"severity": entry(scenario.report, path)["severity"],
                         "files": [entry(scenario.report, path)]}


def test_text_output_names_what_failed_with_ages_and_ids(scenario: Scenario):
    r = scenario.repo.ok("precheck", "src/fail3.py")
    lines = r.stdout.splitlines()
    assert lines[0].startswith("src/fail3.py: BLOCK")
    newest, middle, oldest = reversed(scenario.ids["fail3"])  # type: ignore[call-overload]
    i_new = next(i for i, ln in enumerate(lines) if "batch writes by 10" in ln)
    i_mid = next(i for i, ln in enumerate(lines) if "lock around flush" in ln)
    i_old = next(i for i, ln in enumerate(lines) if "retry with a bigger buffer" in ln)
    assert i_new < i_mid < i_old, r.stdout
    assert "4d ago" in lines[i_new] and newest in lines[i_new]
    assert "6d ago" in lines[i_mid] and middle in lines[i_mid]
    assert "9d ago" in lines[i_old] and oldest in lines[i_old]
    assert len(lines) <= 12


def test_text_output_for_a_quiet_file(scenario: Scenario):
    r = scenario.repo.ok("precheck", "src/quiet.py")
    assert r.stdout.strip() == "src/quiet.py: ok (no warnings)"


# -- strict ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("paths", "strict", "code"), [
    (["src/fail3.py"], True, 1),
    (["src/fail3.py"], False, 0),
    (["src/fail2.py"], True, 0),
    (["src/issue_open.py", "src/rev.py", "src/quiet.py"], True, 0),
    (["src/quiet.py", "src/fail3.py"], True, 1),
])
def test_strict_exits_1_only_on_block(scenario: Scenario, paths: list[str], strict: bool, code: int):
    r = scenario.repo.ken("precheck", *paths, *(["--strict"] if strict else []), "--json")
    assert r.returncode == code, r.stdout + r.stderr
    assert json.loads(r.stdout)["files"], "the report is printed either way"


# -- paths ----------------------------------------------------------------------------------------

def test_path_spellings_give_the_same_verdict(scenario: Scenario):
    repo = scenario.repo
    expected = {"severity": "block", "files": [entry(scenario.report, "src/fail3.py")]}
    (repo.path / "docs").mkdir(exist_ok=True)
    spellings = [("./src/fail3.py", repo.path), (str(repo.path / "src" / "fail3.py"), repo.path),
                 ("fail3.py", repo.path / "src"), ("./fail3.py", repo.path / "src"),
                 ("../src/fail3.py", repo.path / "docs"), ("src//fail3.py", repo.path)]
    for spelled, cwd in spellings:
        assert repo.precheck(spelled, cwd=cwd) == expected, f"{spelled} from {cwd}"


def test_a_deleted_path_is_accepted_from_anywhere(scenario: Scenario):
    repo = scenario.repo
    for spelled, cwd in (("src/gone.py", repo.path), ("gone.py", repo.path / "src"),
                         (str(repo.path / "src" / "gone.py"), repo.path)):
        got = repo.precheck(spelled, cwd=cwd)
        assert got["files"] == [entry(scenario.report, "src/gone.py")]


def test_same_file_twice_is_judged_once(scenario: Scenario):
    got = scenario.repo.precheck("src/fail3.py", "./src/fail3.py")
    assert [f["path"] for f in got["files"]] == ["src/fail3.py"]


def test_a_path_outside_the_repository_is_refused(scenario: Scenario, tmp_path: Path):
    r = scenario.repo.ken("precheck", str(tmp_path / "elsewhere.py"))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and r.stdout == ""


# -- cost: git processes --------------------------------------------------------------------------

def test_at_most_two_git_processes_per_precheck(scenario: Scenario, tmp_path: Path):
    repo = scenario.repo
    shim, count = counting_git(tmp_path)
    env = {"PATH": f"{shim}:{repo.world.env['PATH']}"}
    repo.ok("precheck", "src/fail3.py", env=env)  # warm whatever is cached
    twenty = CHECKED + [f"src/missing_{i}.py" for i in range(20 - len(CHECKED))]
    assert len(twenty) == 20
    for paths in (["src/fail3.py"], twenty):
        count.write_text("")
        r = repo.ok("precheck", *paths, "--json", env=env)
        calls = git_calls(count)
        assert len(calls) <= 2, f"{len(paths)} file(s): {len(calls)} git processes: {calls}"
        assert len(json.loads(r.stdout)["files"]) == len(paths)


@pytest.mark.parametrize("move", ["commit", "revert", "reset"])
def test_at_most_two_git_processes_right_after_head_moved(world: World, move: str):
    """The first precheck after HEAD moved also brings the derived events up to date; the issue's
    budget ("at most two git processes per precheck call") still holds."""
    repo = world.repo()
    repo.commit("src/a.py", "a = 0\n", "add a", 20)
    repo.commit("src/b.py", "b = 0\n", "feat: add b", 10)
    repo.ok("init", "--no-hooks", "--no-backfill", days=9)
    repo.failed("tried once", "src/a.py", repo.issue("a is slow", None, 9), 8)
    repo.ok("precheck", "src/a.py")
    if move == "commit":
        repo.commit("src/a.py", "a = 1\n", "fix: a", 1)
    elif move == "revert":
        repo.git("revert", "--no-edit", "HEAD", days=1)
    else:
        repo.git("reset", "-q", "--hard", "HEAD~1")
    shim, count = counting_git(world.base)
    r = repo.ok("precheck", "src/a.py", "src/b.py", env={"PATH": f"{shim}:{world.env['PATH']}"})
    calls = git_calls(count)
    assert len(calls) <= 2, f"after a {move}: {len(calls)} git processes: {calls}\n{r.stdout}"


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_at_most_two_git_processes_for_the_staged_files(world: World):
    repo = world.repo()
    repo.commit("src/a.py", "a = 0\n", "add a", 20)
    repo.ok("init", "--no-hooks", "--no-backfill", days=9)
    repo.ok("precheck", "src/a.py")
    for i in range(20):
        repo.write(f"src/n{i}.py", "n = 1\n")
    repo.git("add", "src")
    shim, count = counting_git(world.base)
    report = repo.precheck(env={"PATH": f"{shim}:{world.env['PATH']}"})
    assert len(report["files"]) == 20
    calls = git_calls(count)
    assert len(calls) <= 2, f"{len(calls)} git processes: {calls}"


# -- snooze ---------------------------------------------------------------------------------------

@pytest.fixture
def blocked(world: World) -> tuple[Repo, str, list[str]]:
    """A repository where src/hot.py is blocked by three failed attempts (9, 6 and 4 days ago)."""
    repo = world.repo()
    repo.commit("src/hot.py", "h = 0\n", "add hot", 60)
    repo.commit("src/cold.py", "c = 0\n", "add cold", 60)
    repo.ok("init", "--no-hooks", "--no-backfill", days=59)
    issue = repo.issue("hot path drops events", "src/hot.py", 50)
    fails = [repo.failed(text, "src/hot.py", issue, d)
             for d, text in ((9, "retry with a bigger buffer"), (6, "lock around flush"), (4, "batch writes"))]
    return repo, issue, fails


def test_snooze_records_an_event_and_quiets_strict_until_it_expires(blocked):
    repo, _, _ = blocked
    assert repo.ken("precheck", "src/hot.py", "--strict").returncode == 1
    before = repo.log_events()
    r = repo.ken("precheck", "./src/hot.py", "--snooze", "2d", "--reason", "investigating the flush", "--strict")
    assert r.returncode == 0, r.stdout + r.stderr
    new = repo.log_events()[len(before):]
    assert len(new) == 1
    snooze = new[0]
    assert snooze["type"] == "snooze" and snooze["paths"] == ["src/hot.py"]
    assert snooze["reason"] == "investigating the flush"
    assert snooze["until"].startswith("2030-07-02T12:00:00")
    report = repo.precheck("src/hot.py")
    f = entry(report, "src/hot.py")
    assert report["severity"] == "none" and f["severity"] == "none"
    assert kinds(f) == {"failed_attempts", "open_issues"}, "snoozed warnings stay in --json"
    assert all(w["snoozed_until"] == snooze["until"] for w in f["warnings"])
    assert warning(f, "failed_attempts")["severity"] == "block"
    assert repo.ken("precheck", "src/hot.py", "--strict").returncode == 0
    assert repo.ken("precheck", "src/hot.py", "--strict", days=-1.9).returncode == 0
    # after the snooze runs out (two days later plus a bit) the block is back
    late = repo.ken("precheck", "src/hot.py", "--strict", "--json", days=-2.1)
    assert late.returncode == 1, late.stdout
    assert all(w["snoozed_until"] is None for w in entry(json.loads(late.stdout), "src/hot.py")["warnings"])
    assert repo.ken("precheck", "src/cold.py", "--strict").returncode == 0


def test_a_new_failed_attempt_after_the_snooze_rearms_the_warning(blocked):
    repo, issue, _ = blocked
    repo.ok("precheck", "src/hot.py", "--snooze", "1w", "--reason", "known")
    assert repo.ken("precheck", "src/hot.py", "--strict", days=-0.5).returncode == 0
    newer = repo.failed("yet another approach", "src/hot.py", issue, -1)
    r = repo.ken("precheck", "src/hot.py", "--strict", "--json", days=-1.5)
    assert r.returncode == 1, r.stdout
    f = entry(json.loads(r.stdout), "src/hot.py")
    fa = warning(f, "failed_attempts")
    assert fa["snoozed_until"] is None and newer in fa["event_ids"] and f["severity"] == "block"
    assert warning(f, "open_issues")["snoozed_until"] is not None, "evidence older than the snooze stays snoozed"


def test_bad_snooze_is_refused_and_writes_nothing(blocked):
    repo, _, _ = blocked
    before = (repo.path / LOG).read_bytes()
    for args in (("--snooze", "2d"), ("--snooze", "2d", "--reason", "  "), ("--snooze", "0d", "--reason", "x"),
                 ("--snooze", "5x", "--reason", "x"), ("--snooze", "1.5h", "--reason", "x")):
        r = repo.ken("precheck", "src/hot.py", *args)
        assert r.returncode == 2, f"{args}: {r.returncode}\n{r.stdout}\n{r.stderr}"
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
        assert (repo.path / LOG).read_bytes() == before, args


# -- unreadable memory ----------------------------------------------------------------------------

@pytest.mark.real_processes  # end to end: a real `ken` process
def test_unreadable_memory_exits_4_with_one_line(world: World):
    repo = world.repo()
    repo.commit("a.py", "a = 1\n", "init", 10)
    repo.ok("init", "--no-hooks", "--no-backfill")
    repo.failed("x", "a.py", repo.issue("broken", "a.py", 0), 0)
    log = repo.path / LOG
    log.unlink()
    log.mkdir()
    for extra in ([], ["--json"], ["--strict"], ["--json", "--strict"]):
        r = repo.ken("precheck", "a.py", *extra)
        assert r.returncode == 4, f"{extra}: {r.returncode}\n{r.stdout}\n{r.stderr}"
        assert len(r.stderr.strip().splitlines()) == 1, r.stderr
        assert "Traceback" not in r.stderr and r.stdout.strip() == ""


# -- config ---------------------------------------------------------------------------------------

def test_stale_ratio_and_thresholds_from_config(world: World):
    repo = world.repo()
    repo.commit("src/a.py", HUNDRED, "add a", 60)
    repo.ok("init", "--no-hooks", "--no-backfill", days=59)
    repo.record("note", "a parses v1 records", 50, "--at", "src/a.py")
    issue = repo.issue("a breaks", None, 49)
    repo.commit("src/a.py", rewrite(HUNDRED, 30), "rework a", 10)
    for d in (9, 8):
        repo.failed(f"try {d}", "src/a.py", issue, d)

    def verdict() -> dict:
        return entry(repo.precheck("src/a.py"), "src/a.py")

    assert kinds(verdict()) == {"stale_memory", "failed_attempts"}
    repo.config("[gate]\nstale_ratio = 0.7\n")
    assert kinds(verdict()) == {"failed_attempts"}
    repo.config("[gate]\nstale_ratio = 0.6\nblock_failed_attempts = 2\n")
    f = verdict()
    assert kinds(f) == {"stale_memory", "failed_attempts"} and f["severity"] == "block"
    repo.config("[gate]\nwindow_days = 7\nfailure_days = 7\nchurn_commits = 1\n")
    assert kinds(verdict()) == {"stale_memory"}, "attempts 8-9 days old are outside a 7-day window"


# -- default: the staged files --------------------------------------------------------------------

def test_without_paths_the_staged_files_are_checked(blocked):
    repo, _, _ = blocked
    assert repo.precheck() == {"severity": "none", "files": []}
    repo.write("src/hot.py", "h = 1\n")
    repo.write("src/new.py", "n = 1\n")
    repo.write("src/cold.py", "c = 1\n")  # changed but not staged
    repo.git("add", "src/hot.py", "src/new.py")
    report = repo.precheck()
    assert sorted(f["path"] for f in report["files"]) == ["src/hot.py", "src/new.py"]
    assert report["severity"] == "block"
    assert repo.ken("precheck", "--strict").returncode == 1
    repo.git("reset", "-q", "--hard")
    repo.git("rm", "-q", "src/hot.py")
    report = repo.precheck()
    assert [f["path"] for f in report["files"]] == ["src/hot.py"], "a staged deletion is checked too"
    assert "stale_memory" in kinds(entry(report, "src/hot.py"))


@pytest.mark.slow
def test_thousands_of_long_paths_are_judged_with_git_history(world: World):
    """More paths than one git command line holds (MCP and the app API take lists): the history
    is read in batches, never given up on with "git history unavailable"."""
    import subprocess
    import sys

    repo = world.repo()
    far = "src/" + "d" * 180 + "/f11999.py"  # the last path of the list, in the last batch
    for days in (5, 4, 3, 2):
        repo.commit(far, f"v = {days}\n", f"touch the far file {days}", days)
    repo.ok("init", "--no-hooks", "--no-backfill")
    paths = ["src/" + "d" * 180 + f"/f{i:05d}.py" for i in range(12000)]  # 2.3 MB: past ARG_MAX
    script = ("import json, sys\n"
              "from pathlib import Path\n"
              "from kenning.app.gate.precheck import precheck\n"
              "from kenning.app.project import find_project\n"
              "result = precheck(find_project(Path.cwd()), json.load(sys.stdin), surface=None)\n"
              "print(json.dumps({'notices': result.notices, 'report': result.report.to_json()}))\n")
    r = subprocess.run([sys.executable, "-c", script], cwd=repo.path, env={**world.env, "KEN_NOW": at(0)},
                       input=json.dumps(paths),
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    found = json.loads(r.stdout)
    assert found["notices"] == [] and len(found["report"]["files"]) == 12000
    far_file = next(f for f in found["report"]["files"] if f["path"] == far)
    assert "churn" in kinds(far_file), far_file


def test_head_behind_a_symbolic_ref_still_gives_the_git_signals(world: World):
    """HEAD's ref read by hand finds no sha when refs live elsewhere (a reftable repository, or a
    symbolic ref pointing on to the branch): git is asked, so the revert signal is not dropped."""
    repo = world.repo()
    repo.commit("src/a.py", "a = 0\n", "add a", 20)
    repo.ok("init", "--no-hooks", "--no-backfill", days=19)
    feat = repo.commit("src/a.py", "def retry():\n    pass\n", "feat: add retry", 8)
    repo.git("revert", "--no-edit", "HEAD", days=7)
    branch = repo.git("symbolic-ref", "--short", "HEAD").stdout.strip()
    repo.git("symbolic-ref", "refs/heads/alias", f"refs/heads/{branch}")
    repo.git("symbolic-ref", "HEAD", "refs/heads/alias")
    f = entry(repo.precheck("src/a.py"), "src/a.py")
    assert "recent_revert" in kinds(f)
    assert str(feat)[:10] in warning(f, "recent_revert")["message"] or "feat: add retry" in warning(
        f, "recent_revert")["message"]
