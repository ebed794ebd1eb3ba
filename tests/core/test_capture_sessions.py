"""The pure rules of session capture: which shell commands run tests or builds, which undo
changes, what a run's output says, and which sequences of observations are failed attempts."""

from __future__ import annotations

import pytest

from kenning.core.capture import sessions as rules


@pytest.mark.parametrize(("command", "kind"), [
    ("pytest -q tests/test_a.py", "pytest"), ("python3 -m pytest -x", "pytest"), ("cd app && go test ./...", "go test"),
    ("cargo test --lib", "cargo test"), ("npm test", "npm test"), ("pnpm run test:unit", "pnpm run test:unit"),
    ("yarn test", "yarn test"), ("make", "make"), ("./gradlew test", "gradlew"), ("mvn -q verify", "mvn"),
    ("ctest --output-on-failure", "ctest"), ("tox -e py311", "tox"), ("nox -s tests", "nox"),
    ("FOO=1 timeout 120 pytest", "pytest"), ("uv run pytest", "pytest"), ("go build ./cmd/x", "go build"),
    ("ls -la", None), ("git status", None), ("npm install", None), ("npm run dev", None), ("cat Makefile", None),
    ("go mod tidy", None), ("echo pytest", None),
])
def test_test_and_build_runs_are_recognised_from_the_command(command: str, kind: str | None) -> None:
    assert rules.run_kind(command) == kind


@pytest.mark.parametrize(("command", "undo"), [
    ("git checkout -- src/a.py src/b.py", ("git checkout --", ["src/a.py", "src/b.py"])),
    ("git checkout HEAD -- a.py", ("git checkout --", ["a.py"])), ("git checkout .", ("git checkout .", ["*"])),
    ("git restore src/a.py", ("git restore", ["src/a.py"])),
    ("git restore --source=HEAD --worktree a.py", ("git restore", ["a.py"])),
    ("git restore --staged a.py", None), ("git reset --hard", ("git reset --hard", ["*"])),
    ("git reset --soft HEAD~1", None), ("git stash", ("git stash", ["*"])),
    ("git stash push -m wip", ("git stash", ["*"])),
    ("git stash pop", ("stash-back", ["*"])), ("git stash drop", ("git stash drop", ["*"])),
    ("git clean -fd", ("git clean", ["*"])), ("git clean -n", None), ("git checkout main", None),
    ("git -C repo checkout -- x.py", ("git checkout --", ["x.py"])), ("rm -rf build", None),
])
def test_undos_are_recognised_from_the_command(command: str, undo: tuple[str, list[str]] | None) -> None:
    assert rules.undo_of(command) == undo


def test_failing_tests_and_the_first_error_line_are_read_bounded() -> None:
    pytest_out = "E   AssertionError: assert 2 == 1\nFAILED t/test_a.py::test_x - boom\nFAILED t/test_a.py::test_y\n"
    assert rules.failing_tests(pytest_out) == ["t/test_a.py::test_x", "t/test_a.py::test_y"]
    assert rules.first_error(pytest_out) == "AssertionError: assert 2 == 1"
    assert rules.failing_tests("--- FAIL: TestSave (0.00s)\n--- FAIL: TestLoad (0.01s)\n") == ["TestSave", "TestLoad"]
    assert rules.failing_tests("test store::saves ... FAILED\n") == ["store::saves"]
    many = "".join(f"FAILED t.py::test_{n}\n" for n in range(50))
    assert len(rules.failing_tests(many)) == rules.MAX_TESTS
    assert len(rules.first_error("ValueError: " + "x" * 5000)) == rules.MAX_ERROR
    assert rules.first_error("all good\n") == ""


def test_a_missing_tool_is_told_apart_from_a_failing_test() -> None:
    assert rules.missing_tool(127, "")
    assert rules.missing_tool(1, "bash: pytest: command not found")
    assert rules.missing_tool(1, "/usr/bin/python3: No module named pytest")
    assert not rules.missing_tool(1, "E   ModuleNotFoundError: No module named 'requests'")
    assert not rules.missing_tool(1, "1 failed")


def test_exit_codes_as_the_agents_state_them() -> None:
    assert rules.exit_code("Exit code 2\nboom") == 2
    assert rules.exit_code("Chunk ID: 1\nWall time: 0.1 seconds\nProcess exited with code 1\nOutput:\n") == 1
    assert rules.exit_code("no code here") is None


def edit(path: str, after: str, before: str = "base", fmt: bool = False) -> dict:
    return {"kind": "edit", "files": {path: {"before": before, "after": after, "format": fmt}}}


def run(failed: bool, missing: bool = False, tests: list[str] | None = None) -> dict:
    return {"kind": "run", "tool": "pytest", "command": "pytest", "exit": 1 if failed else 0, "failed": failed,
            "missing": missing, "tests": tests or (["t.py::test_x"] if failed else [])}


def undo(*paths: str, how: str = "git checkout --") -> dict:
    return {"kind": "undo", "how": how, "paths": list(paths)}


def test_edit_fail_undo_is_an_attempt_and_fail_then_pass_is_none() -> None:
    [found] = rules.attempts([edit("a.py", "h1"), run(True), undo("a.py"), edit("a.py", "h2"), run(False)])
    assert found.files == ["a.py"] and found.undo == "git checkout --"
    assert rules.attempts([edit("a.py", "h1"), run(True), edit("a.py", "h2"), run(False), undo("a.py")]) == []


def test_an_undo_without_a_failing_run_after_the_edit_is_no_attempt() -> None:
    assert rules.attempts([edit("a.py", "h1"), undo("a.py")]) == []
    assert rules.attempts([run(True), edit("a.py", "h1"), undo("a.py")]) == []
    assert rules.attempts([edit("a.py", "h1"), run(True, missing=True), undo("a.py")]) == []
    assert rules.attempts([edit("a.py", "h1", fmt=True), run(True), undo("a.py")]) == []


def test_an_edit_back_to_the_content_before_the_session_is_an_undo() -> None:
    [found] = rules.attempts([edit("a.py", "h1", "base"), run(True), edit("a.py", "base", "base")])
    assert found.files == ["a.py"] and found.undo.startswith("an edit back")


def test_only_the_files_undone_are_the_attempt_and_reset_undoes_all() -> None:
    [one] = rules.attempts([edit("a.py", "h1"), edit("b.py", "h2"), run(True), undo("a.py")])
    assert one.files == ["a.py"]
    [both] = rules.attempts([edit("a.py", "h1"), edit("b.py", "h2"), run(True), undo("*", how="git reset --hard")])
    assert both.files == ["a.py", "b.py"]


def test_a_stash_counts_once_dropped_and_never_when_taken_back() -> None:
    stash, drop, pop = undo("*", how="git stash"), undo("*", how="git stash drop"), undo("*", how="stash-back")
    assert len(rules.attempts([edit("a.py", "h1"), run(True), stash, drop])) == 1
    assert rules.attempts([edit("a.py", "h1"), run(True), stash, pop, run(False), undo("a.py")]) == []
    assert rules.attempts([edit("a.py", "h1"), run(True), stash]) == []


def test_a_call_observed_twice_counts_once() -> None:
    first = {**edit("a.py", "h1"), "call": "t1"}
    found = rules.attempts([first, first, {**run(True), "call": "t2"}, {**undo("a.py"), "call": "t3"},
                            {**undo("a.py"), "call": "t3"}])
    assert len(found) == 1


def test_a_session_folds_into_at_most_a_few_events_repeats_merged() -> None:
    tries = []
    for n in range(6):
        tries += [edit(f"f{n % 5}.py", f"h{n}"), run(True), undo(f"f{n % 5}.py")]
    groups = rules.fold(rules.attempts(tries))
    assert len(groups) == rules.MAX_EVENTS
    assert sum(len(g) for g in groups) == 6
    assert rules.signature(groups[0]) != rules.signature(groups[1])
    summary = rules.summary(groups[0])
    assert summary.startswith("captured from an agent session: a change to f0.py made `pytest` fail")
    assert "(2 tries)" in summary
