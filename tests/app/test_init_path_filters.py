"""``ken init`` and git's commit-graph with changed-path filters: started in the background, never
waited for, never started twice, skipped when the graph has them. Real git in a temporary
repository; the writer's start is held back by a stand-in ``git`` on ``PATH`` that waits for a
file before handing over to the real git, so "init returned before the graph was written" is
checked without timing anything."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from kenning.app.setup.init import PATH_FILTERS, init
from kenning.git import history as git_history
from machine import processes_of, run_git, wait_for_processes_to_end, write_file

NOW = "2030-06-30T12:00:00Z"
NOW_S = 1_909_051_200  # NOW in seconds


def repository(base: Path, env: dict[str, str]) -> Path:
    root = base / "repo"
    root.mkdir()
    run_git(("init", "-q"), root, env)
    for number in range(3):
        write_file(root, f"src/part{number}.py", f"value = {number}\n")
        run_git(("add", "-A"), root, env)
        run_git(("commit", "-q", "-m", f"add part {number}"), root, env)
    return root


def held_git(base: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A ``git`` first on ``PATH`` that runs the real one, except that ``git commit-graph`` waits
    until the returned file exists. Returns that file: create it to let the writer go on."""
    real = shutil.which("git")
    assert real
    folder = base / "bin"
    folder.mkdir()
    gate = base / "let-the-writer-go"
    shim = folder / "git"
    shim.write_text(f"#!{sys.executable}\n"  # one process, as the real git is: no shell, no sleep children
                    "import os, sys, time\n"
                    "if sys.argv[1:2] == ['commit-graph']:\n"
                    "    deadline = time.monotonic() + 60\n"
                    f"    while not os.path.exists({str(gate)!r}) and time.monotonic() < deadline:\n"
                    "        time.sleep(0.02)\n"
                    f"os.execv({real!r}, [{real!r}, *sys.argv[1:]])\n")
    shim.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    return gate


def graph_line(changes: list[tuple[str, str]]) -> tuple[str, str]:
    found = [change for change in changes if change[0].startswith(PATH_FILTERS)]
    assert len(found) == 1, changes
    return found[0]


@pytest.mark.skipif(os.name == "nt", reason="the stand-in git is a script run by its #! line")
def test_init_starts_the_commit_graph_writer_detached_and_never_a_second(
        tmp_path: Path, machine: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    root = repository(tmp_path, machine)
    gate = held_git(tmp_path, monkeypatch)

    _, changes = init(root, hooks=False, now=NOW, register=False)
    assert graph_line(changes) == (f"{PATH_FILTERS} (git writes it in the background)", "started")
    writers = processes_of(machine)
    assert len(writers) == 1, "init returned with git's writer still held back: it did not wait for it"
    assert not git_history.has_path_filters(root)

    _, changes = init(root, hooks=False, now=NOW, register=False)  # again, while the writer works
    assert graph_line(changes) == (f"{PATH_FILTERS} (git is writing it in the background)", "running")
    assert processes_of(machine) == writers

    gate.touch()
    assert wait_for_processes_to_end(machine, timeout=60), "git's commit-graph writer still runs after 60 s"
    assert git_history.has_path_filters(root)
    assert run_git(("commit-graph", "verify"), root, machine).returncode == 0
    assert run_git(("status", "--porcelain", "--", "src"), root, machine).stdout == ""  # nothing tracked changed

    _, changes = init(root, hooks=False, now=NOW, register=False)
    assert graph_line(changes) == (PATH_FILTERS, "unchanged")
    assert processes_of(machine) == []


def test_a_writer_that_left_no_graph_an_hour_later_is_started_again(tmp_path: Path, machine: dict[str, str]) -> None:
    """A writer that stopped (killed, or refused by git) leaves no graph: within the hour init
    takes it for at work, after the hour it starts another."""
    root = repository(tmp_path, machine)
    init(root, hooks=False, backfill=False, now=NOW, register=False)
    started = root / ".kenning" / "local" / "commit-graph-started"
    started.write_text(f"{NOW_S - 3500}\n")
    _, changes = init(root, hooks=False, now=NOW, register=False)
    assert graph_line(changes)[1] == "running"
    started.write_text(f"{NOW_S - 3700}\n")
    _, changes = init(root, hooks=False, now=NOW, register=False)
    assert graph_line(changes)[1] == "started"
    assert wait_for_processes_to_end(machine, timeout=60)
    assert git_history.has_path_filters(root)


def test_a_graph_git_wrote_itself_without_filters_is_rewritten_with_them(tmp_path: Path,
                                                                          machine: dict[str, str]) -> None:
    root = repository(tmp_path, machine)
    run_git(("commit-graph", "write", "--reachable"), root, machine)  # as `git gc` writes it by default
    assert not git_history.has_path_filters(root)
    _, changes = init(root, hooks=False, now=NOW, register=False)
    assert graph_line(changes)[1] == "started"
    assert wait_for_processes_to_end(machine, timeout=60)
    assert git_history.has_path_filters(root)


def test_init_that_reads_no_history_starts_no_writer(tmp_path: Path, machine: dict[str, str]) -> None:
    root = repository(tmp_path, machine)
    _, changes = init(root, hooks=False, backfill=False, now=NOW, register=False)
    assert not [change for change in changes if change[0].startswith(PATH_FILTERS)]
    assert processes_of(machine) == []
