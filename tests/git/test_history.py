"""What ``kenning.git`` reads from a repository, checked in-process against real git in a
throw-away repository: the commits ``git log`` gives (files, lines changed, renames followed),
the renames of a file, the commits only on one side of a rewrite, short names resolved, and
which paths the index file tracks (read without a git process, for every index version)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kenning.git import history, index
from machine import isolated_env, run_git, write_file


class Git:
    """A repository under ``tmp_path`` with its own HOME and identity; commits at fixed times."""

    def __init__(self, base: Path) -> None:
        self.env = isolated_env(base, name="Git Reader", email="reader@example.invalid")
        self.root = base / "repo"
        self.root.mkdir()
        self.run("init", "-q")
        self.clock = 1_900_000_000

    def run(self, *args: str, env: dict[str, str] | None = None) -> str:
        return run_git(args, self.root, {**self.env, **(env or {})}).stdout

    def commit(self, message: str, files: dict[str, str] | None = None) -> str:
        for rel, text in (files or {}).items():
            write_file(self.root, rel, text)
        self.run("add", "-A")
        self.clock += 3600
        date = f"@{self.clock} +0000"
        self.run("commit", "-q", "--allow-empty", "-m", message,
                 env={"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date})
        return self.run("rev-parse", "HEAD").strip()


@pytest.fixture
def git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Git:
    repo = Git(tmp_path)
    # kenning.git runs git as this process: the same isolated HOME and no system config
    for name in ("HOME", "XDG_CONFIG_HOME", "GIT_CONFIG_NOSYSTEM", "GIT_CEILING_DIRECTORIES"):
        monkeypatch.setenv(name, repo.env[name])
    return repo


def test_log_gives_each_commit_newest_first_with_its_files_and_lines_changed(git: Git) -> None:
    first = git.commit("add the parser", {"src/parse.py": "a\nb\nc\n", "README": "hi\n"})
    second = git.commit("rework the parser\n\nbecause it was slow", {"src/parse.py": "a\nB\nc\nd\n"})
    records = history.log(git.root, [])
    assert [r.sha for r in records] == [second, first]
    newest = records[0]
    assert (newest.subject, newest.body, newest.email) == ("rework the parser", "because it was slow",
                                                           "reader@example.invalid")
    assert newest.parents == [first] and newest.time == git.clock
    assert newest.files == [("src/parse.py", None, 3)]  # one line changed (2) plus one added
    assert sorted(records[1].files) == [("README", None, 1), ("src/parse.py", None, 3)]


def test_log_limited_to_paths_and_a_message_pattern(git: Git) -> None:
    git.commit("add both", {"a.py": "1\n", "b.py": "1\n"})
    revert = git.commit("Revert the change to a", {"a.py": "2\n"})
    git.commit("tweak b", {"b.py": "2\n"})
    assert [r.sha for r in history.log(git.root, [], grep="revert")] == [revert]
    assert [r.subject for r in history.log(git.root, [], paths=["b.py"])] == ["tweak b", "add both"]


def test_a_file_name_that_looks_like_a_pattern_is_only_that_file(git: Git) -> None:
    git.commit("add odd names", {"x[1].py": "1\n", "x1.py": "1\n", ":odd.py": "1\n"})
    git.commit("touch x1 only", {"x1.py": "2\n"})
    assert [r.subject for r in history.log(git.root, [], paths=["x[1].py"])] == ["add odd names"]
    assert [r.subject for r in history.log(git.root, [], paths=[":odd.py"])] == ["add odd names"]


def test_a_rename_is_followed_in_log_and_listed_by_renames(git: Git) -> None:
    body = "".join(f"line {i}\n" for i in range(20))
    git.commit("add the old name", {"src/old.py": body})
    git.run("mv", "src/old.py", "src/new.py")
    moved = git.commit("move old to new")
    assert history.log(git.root, [moved], walk=False)[0].files == [("src/new.py", "src/old.py", 0)]
    assert history.renames(git.root, ["src/old.py"]) == [(git.clock, "src/old.py", "src/new.py")]
    assert history.renames(git.root, []) == []


@pytest.mark.parametrize(("numstat", "expected"), [
    ("a.py => b.py", ("b.py", "a.py")),
    ("src/{old => new}/f.py", ("src/new/f.py", "src/old/f.py")),
    ("src/{ => sub}/f.py", ("src/sub/f.py", "src/f.py")),
    ("plain.py", ("plain.py", None)),
])
def test_numstat_rename_notations_give_the_new_and_the_old_path(numstat: str, expected: tuple) -> None:
    assert history._rename(numstat) == expected


def test_between_two_heads_says_which_side_each_commit_is_on(git: Git) -> None:
    base = git.commit("base", {"f.py": "0\n"})
    dropped = git.commit("dropped by the rewrite", {"f.py": "1\n"})
    git.run("reset", "-q", "--hard", base)
    kept = git.commit("the rewrite", {"f.py": "2\n"})
    sides = {r.sha: r.side for r in history.between(git.root, dropped, kept)}
    assert sides == {dropped: "<", kept: ">"}
    assert history.is_ancestor(git.root, base, kept) and not history.is_ancestor(git.root, dropped, kept)


def test_short_names_resolve_to_their_commit_and_unknown_ones_are_left_out(git: Git) -> None:
    sha = git.commit("the one", {"f.py": "1\n"})
    found = history.lookup(git.root, [sha[:10].upper(), "0000000deadbeef"])
    assert found == {sha[:10].upper(): (sha, "the one", git.clock)}
    assert history.lookup(git.root, []) == {}
    assert history.subjects(git.root, "HEAD") == [(sha, "the one", git.clock)]


def test_patches_are_shown_per_commit_and_limited_to_paths(git: Git) -> None:
    git.commit("add", {"a.py": "1\n", "b.py": "1\n"})
    sha = git.commit("change both", {"a.py": "2\n", "b.py": "2\n"})
    patch = history.show_patches(git.root, [sha], ["a.py"])[sha]
    assert patch.startswith("diff --git a/a.py b/a.py") and "b.py" not in patch and "+2" in patch
    assert history.show_patches(git.root, []) == {}


@pytest.mark.parametrize("version", ["2", "3", "4"])
def test_the_index_file_tells_which_paths_are_tracked_in_every_version(git: Git, version: str) -> None:
    git.run("config", "index.version", version)
    git.commit("add", {"src/pay/ledger.py": "1\n", "src/pay/webhook.py": "1\n", "README": "1\n"})
    write_file(git.root, "src/untracked.py", "1\n")
    asked = ["src/pay/ledger.py", "src/pay", "src", "README", "src/untracked.py", "src/pa", "READ", "nothing"]
    assert index.tracked_paths(git.root, asked) == {"src/pay/ledger.py", "src/pay", "src", "README"}
    assert index.stamp(git.root / ".git") is not None


def test_an_index_never_written_tracks_nothing_and_outside_a_repository_there_is_no_answer(
        git: Git, tmp_path: Path) -> None:
    assert index.tracked_paths(git.root, ["a.py"]) == set()
    assert index.stamp(git.root / ".git") is None
    elsewhere = tmp_path / "not-a-repo"
    elsewhere.mkdir()
    assert index.tracked_paths(elsewhere, ["a.py"]) is None
