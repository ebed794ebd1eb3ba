"""Nothing kenning writes lands outside the repository through a symbolic link.

A cloned repository can commit a link where kenning writes (``.gitattributes``, ``CLAUDE.md``,
``.claude/``, a hooks folder...) pointing outside it, at a parent folder, at nothing, or at
itself. Every writer, driven through ``ken``'s command line, refuses with one line naming the link,
exits 2, writes nothing outside, and never creates a dangling link's target; a link that stays
inside the repository is followed (``files.inside``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import World

SECRET = b"[default]\naws_secret_access_key = not-really-a-key\n"


def snapshot(folder: Path, leave_out: str | None = None) -> dict[str, bytes | str]:
    """Every entry under ``folder`` (links not followed): a file's bytes, a link's text, a folder's name."""
    found: dict[str, bytes | str] = {}
    for here, dirs, names in os.walk(folder):
        if leave_out is not None and Path(here) == folder:
            dirs[:] = [d for d in dirs if d != leave_out]
            names = [n for n in names if n != leave_out]
        for name in [*dirs, *names]:
            path = Path(here) / name
            rel = path.relative_to(folder).as_posix()
            found[rel] = (f"-> {os.readlink(path)}" if path.is_symlink()
                          else path.read_bytes() if path.is_file() else "folder")
    return found


class Place:
    """A repository at ``base/place/repo`` beside ``base/outside`` (holding a private file): a
    link ``..`` from the repository's root leads to ``place``, which holds nothing else."""

    def __init__(self, world: World, initialized: bool) -> None:
        self.world = world
        self.outside = world.base / "outside"
        self.outside.mkdir()
        (self.outside / "credentials").write_bytes(SECRET)
        self.repo = world.repo("place/repo")
        if initialized:
            self.repo.init()
        self.place = self.repo.path.parent

    def link(self, rel: str, kind: str, folder: bool) -> None:
        """Put a link of ``kind`` at ``rel`` (replacing what is there) and commit it."""
        path = self.repo.path / rel
        if path.is_symlink() or path.is_file():
            path.unlink()
        path.parent.mkdir(parents=True, exist_ok=True)
        target = {"outside": str(self.outside if folder else self.outside / "credentials"),
                  "parent": os.path.relpath(self.place, path.parent),
                  "dangling": "missing-target",
                  "loop": path.name}[kind]
        os.symlink(target, path, target_is_directory=folder)
        if not rel.startswith(".kenning"):
            self.world.git(self.repo.path, "add", "-A", "--", rel)
            self.world.git(self.repo.path, "commit", "-q", "-m", f"link {rel}")

    def before(self) -> tuple[dict[str, bytes | str], dict[str, bytes | str]]:
        return snapshot(self.outside), snapshot(self.place, leave_out="repo")


def git_hooks_in_tools(place: Place) -> None:
    place.world.git(place.repo.path, "config", "core.hooksPath", "tools/hooks")


# (what is linked, whether it is a folder, the command, whether ken init runs first, a step before)
WRITERS: list[tuple[str, bool, tuple[str, ...], bool, Callable[[Place], None] | None]] = [
    (".gitattributes", False, ("init", "--no-backfill"), False, None),
    ("CLAUDE.md", False, ("init", "--no-backfill"), False, None),
    ("AGENTS.md", False, ("init", "--no-backfill"), False, None),
    ("CLAUDE.local.md", False, ("init", "--private", "--no-backfill"), False, None),
    (".kenning", True, ("init", "--no-backfill"), False, None),
    ("tools", True, ("init", "--no-backfill"), False, git_hooks_in_tools),
    ("tools", True, ("hooks", "install"), True, git_hooks_in_tools),
    (".claude", True, ("hooks", "install", "--agent", "claude"), True, None),
    (".claude/settings.json", False, ("hooks", "install", "--agent", "claude"), True, None),
    (".claude/settings.json", False, ("hooks", "uninstall", "--agent", "claude"), True, None),
    (".codex", True, ("hooks", "install", "--agent", "codex"), True, None),
    ("CLAUDE.md", False, ("export", "--claude-md"), True, None),
    ("AGENTS.md", False, ("export", "--agents-md"), True, None),
    (".cursor", True, ("export", "--cursor"), True, None),
    (".gitattributes", False, ("doctor", "--fix"), True, None),
    (".kenning/plan.md", False, ("plan", "an idea"), True, None),
    ("reports", True, ("export", "--jsonl", "-o", "reports/log.jsonl"), True, None),
    ("pages", True, ("visualize", "-o", "pages/memory.html"), True, None),
]
KINDS = ["outside", "parent", "dangling", "loop"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("linked", "folder", "argv", "initialized", "step"), WRITERS,
                         ids=[f"{' '.join(w[2][:2])}:{w[0]}" for w in WRITERS])
def test_a_writer_refuses_a_link_that_leaves_dangles_or_loops(
        world: World, kind: str, linked: str, folder: bool, argv: tuple[str, ...], initialized: bool,
        step: Callable[[Place], None] | None) -> None:
    place = Place(world, initialized)
    if step is not None:
        step(place)
    place.link(linked, kind, folder)
    if kind == "dangling" and (place.repo.path / linked).parent.is_dir():
        assert not (place.repo.path / linked).parent.joinpath("missing-target").exists()
    outside, beside = place.before()
    log = place.repo.log.read_bytes() if initialized else None
    r = place.repo.ken(*argv)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and len(r.stderr.splitlines()) == 1, r.stderr
    assert linked in r.stderr and "symbolic link" in r.stderr, r.stderr
    assert place.before() == (outside, beside), "something was written outside the repository"
    assert not (place.repo.path / linked).parent.joinpath("missing-target").exists(), "a link's target was created"
    if initialized:
        assert place.repo.log.read_bytes() == log
    else:  # init checks every file before it writes any
        assert not os.path.lexists(place.repo.path / ".kenning" / "events.jsonl")


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_init_names_the_link_and_leaves_the_private_file_out_of_the_repository(world: World) -> None:
    """The report's case: .gitattributes -> ~/.aws/credentials. Before, init copied the
    credentials into the tracked .gitattributes, one `git commit -a` from being pushed."""
    place = Place(world, initialized=False)
    place.link(".gitattributes", "outside", folder=False)
    r = place.repo.ken("init", "--no-backfill")
    assert r.returncode == 2
    assert r.stderr == (f"ken: error: .gitattributes is a symbolic link to {place.outside / 'credentials'} outside "
                        "the repository; kenning does not write through it: replace it with a regular file\n")
    assert (place.repo.path / ".gitattributes").is_symlink()
    assert b"aws_secret" not in world.git(place.repo.path, "diff").encode()
    assert (place.outside / "credentials").read_bytes() == SECRET
    assert not (place.repo.path / ".kenning").exists() and not (place.repo.path / "CLAUDE.md").exists()
    assert not (world.base / "kenhome" / "projects.json").exists()  # not registered either


def test_a_link_that_stays_inside_is_followed_by_every_writer(world: World) -> None:
    """AGENTS.md -> CLAUDE.md, .claude -> config/claude, .cursor -> docs/cursor: the committed
    link is the team's; the write lands on its target, and the link stays a link."""
    place = Place(world, initialized=False)
    repo = place.repo
    (repo.path / "CLAUDE.md").write_text("# Rules\n")
    (repo.path / "AGENTS.md").symlink_to("CLAUDE.md")
    (repo.path / "config" / "claude").mkdir(parents=True)
    (repo.path / ".claude").symlink_to("config/claude", target_is_directory=True)
    (repo.path / "docs" / "cursor").mkdir(parents=True)
    (repo.path / ".cursor").symlink_to("docs/cursor", target_is_directory=True)
    outside, beside = place.before()
    repo.init()
    repo.ok("hooks", "install", "--agent", "claude")
    repo.ok("export", "--cursor", "--claude-md", "--agents-md")
    assert all((repo.path / name).is_symlink() for name in ("AGENTS.md", ".claude", ".cursor"))
    assert (repo.path / "CLAUDE.md").read_text().count("kenning:begin") == 1
    assert "hook session-start" in (repo.path / "config" / "claude" / "settings.json").read_text()
    assert (repo.path / "docs" / "cursor" / "rules" / "kenning.mdc").is_file()
    assert place.before() == (outside, beside)


@pytest.mark.parametrize("into", [".git", ".kenning"])
def test_a_link_into_git_or_kennings_own_folder_is_refused(world: World, into: str) -> None:
    """CLAUDE.md -> .git/config or -> .kenning/events.jsonl stays inside the repository, but
    writing through it would edit git's configuration or rewrite the log outside its lock."""
    place = Place(world, initialized=True)
    repo = place.repo
    target = {".git": ".git/config", ".kenning": ".kenning/events.jsonl"}[into]
    before = (repo.path / target).read_bytes()
    (repo.path / "CLAUDE.md").unlink()
    (repo.path / "CLAUDE.md").symlink_to(target)
    r = repo.ken("export", "--claude-md")
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1
    assert f"CLAUDE.md is a symbolic link into {into}/" in r.stderr
    assert (repo.path / target).read_bytes() == before


def test_a_manifest_linked_out_of_the_repository_seeds_nothing_in_the_tracked_map(world: World) -> None:
    """The map is tracked: what init reads from a manifest to fill it must be the repository's,
    not a private file a committed link points at."""
    place = Place(world, initialized=False)
    (place.outside / "private.toml").write_text('[project]\nname = "TOPSECRET"\ndescription = "hunter2 token"\n')
    (place.repo.path / "pyproject.toml").symlink_to(place.outside / "private.toml")
    place.repo.init()
    written = (place.repo.path / ".kenning" / "PROJECT_MAP.md").read_text()
    assert "TOPSECRET" not in written and "hunter2" not in written
