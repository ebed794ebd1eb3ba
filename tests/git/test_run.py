"""How ``kenning.git`` runs git: output and errors as git gives them, however much goes in and
comes out (both pipes read together, so neither fills while the other is waited on), a process
stopped at its time limit, and the gate's first check of a file running git without loading
Python's ``subprocess`` module (its imports cost about 18 ms of CPU, as much as the git call)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import kenning
from kenning import git
from machine import isolated_env, run_git, write_file


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, dict[str, str]]:
    env = isolated_env(tmp_path, name="Git Runner", email="runner@example.invalid")
    for name in ("HOME", "XDG_CONFIG_HOME", "GIT_CONFIG_NOSYSTEM", "GIT_CEILING_DIRECTORIES"):
        monkeypatch.setenv(name, env[name])  # kenning.git runs git as this process does
    root = tmp_path / "repo"
    root.mkdir()
    run_git(("init", "-q"), root, env)
    write_file(root, "src/app.py", "value = 1\n")
    run_git(("add", "-A"), root, env)
    run_git(("commit", "-q", "-m", "add the app"), root, env)
    return root, env


def test_much_in_and_much_out_at_once(repo: tuple[Path, dict[str, str]]) -> None:
    root, _ = repo
    asked = b"HEAD\n" * 20_000  # ~100 KB in, several MB out: more than any pipe holds
    out = git.run_bytes(root, ["cat-file", "--batch"], stdin=asked, timeout=120)
    assert out == subprocess.run(["git", "cat-file", "--batch"], cwd=root, input=asked, capture_output=True).stdout


def test_git_s_refusal_is_its_last_line_and_a_process_past_its_time_is_stopped(
        repo: tuple[Path, dict[str, str]]) -> None:
    root, _ = repo
    with pytest.raises(git.GitError, match=r"^git rev-parse: fatal: Needed a single revision$"):
        git.run(root, ["rev-parse", "--verify", "no-such-branch"])
    with pytest.raises(git.GitError, match="failed"):
        git.run(root, ["cat-file", "--batch"], stdin="HEAD\n" * 200_000, timeout=0.05)
    assert git.run(root, ["log", "--format=%s"]) == "add the app\n"
    assert git.ignored(root, "src/app.py") is False


def test_the_first_check_of_a_file_runs_git_without_the_subprocess_module(repo: tuple[Path, dict[str, str]]) -> None:
    root, env = repo
    env = {**env, "PYTHONPATH": str(Path(kenning.__file__).parent.parent)}
    subprocess.run([sys.executable, "-m", "kenning", "init", "--no-hooks", "--no-register", "--no-backfill"],
                   cwd=root, env=env, check=True, capture_output=True)
    probe = ("import sys; from kenning.cli.main import main\n"
             "code = main(['precheck', 'src/app.py', '--json'])\n"
             "print('subprocess' in sys.modules, file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=root, env=env, capture_output=True, text=True)
    assert json.loads(done.stdout)["files"][0]["path"] == "src/app.py"
    assert done.stderr.strip().splitlines()[-1] == "False"


@pytest.mark.parametrize("text", ["", ".", "./", "/", "//", "///", "////a", "//a/b/", "/a//b/./c/", "a/../b",
                                  "./a", "a/.", "..", "/..", ".a/./b", "a b/c ", "/srv/x/.git/worktrees/w/"])
def test_a_folder_git_names_is_spelled_as_pathlib_spells_it(text: str) -> None:
    """``gitdir:`` and ``commondir`` files are read as text: the folder they name reaches messages
    in the same spelling pathlib gave it (``..`` kept: it may cross a link)."""
    assert git.spelled(text) == str(Path(text))


def test_the_repository_and_its_git_dir_are_found_from_any_folder_in_it(tmp_path: Path,
                                                                       repo: tuple[Path, dict[str, str]]) -> None:
    root, env = repo
    (root / "src" / "deep").mkdir(parents=True)
    real = os.path.realpath(root)
    for start in (root, root / "src" / "deep", f"{root}/src/", str(root / "src" / "deep" / "missing")):
        assert git.find_root(start) == real
    assert git.find_root(tmp_path) is None
    assert git.git_dir(real) == os.path.join(real, ".git")
    worktree = tmp_path / "wt"
    run_git(("worktree", "add", "-q", str(worktree)), root, env)
    gdir = git.git_dir(str(worktree))
    assert gdir is not None and os.path.realpath(gdir) == os.path.join(real, ".git", "worktrees", "wt")
    assert git.common_dir(gdir) == os.path.join(real, ".git")
    assert git.head_commit(str(worktree)) == git.head_commit(real)
