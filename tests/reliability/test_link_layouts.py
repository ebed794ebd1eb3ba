"""Generated layouts of symbolic links where kenning writes: no byte lands outside the repository.

Hypothesis places links at the names kenning's writers use (``.gitattributes``, the bridges,
agent settings folders, Cursor's rules, a hooks folder), each leading outside, to the parent
folder, nowhere, to itself, or to a file or folder inside the repository, then runs a writer
through ``kenning.cli.main.main``. Whatever the layout: nothing outside the repository changes, no
traceback, and the command either succeeds or refuses in one ``ken: error:`` line naming a
symbolic link, exit 2 — which it must when a link it writes through is one of the unsafe kinds.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import World, clean_refusal, crash, error_lines

FILES = (".gitattributes", "CLAUDE.md", "AGENTS.md", ".claude/settings.json", ".cursor/rules/kenning.mdc")
FOLDERS = (".claude", ".codex", ".cursor", ".cursor/rules", "tools")
UNSAFE = ("outside", "parent", "dangling", "loop")
SAFE = ("inside",)

# a command, the names it writes (a link at one of them, or at a folder above one, decides its fate)
WRITERS = {
    ("init", "--no-backfill"): (".gitattributes", "CLAUDE.md", "AGENTS.md", "tools/hooks/pre-commit"),
    ("export", "--claude-md", "--agents-md", "--cursor"): ("CLAUDE.md", "AGENTS.md", ".cursor/rules/kenning.mdc"),
    ("hooks", "install", "--agent", "claude"): (".claude/settings.json",),
    ("hooks", "install", "--agent", "codex"): (".codex/hooks.json",),
    ("hooks", "install"): ("tools/hooks/pre-commit",),
}


def snapshot(folder: Path) -> dict[str, bytes | str]:
    found: dict[str, bytes | str] = {}
    for here, dirs, names in os.walk(folder):
        for name in [*dirs, *names]:
            path = Path(here) / name
            found[path.relative_to(folder).as_posix()] = (
                f"-> {os.readlink(path)}" if path.is_symlink() else path.read_bytes() if path.is_file() else "dir")
    return found


def place(repo: Path, outside: Path, rel: str, kind: str, folder: bool) -> None:
    path = repo / rel
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    target = {"outside": str(outside if folder else outside / "credentials"),
              "parent": os.path.relpath(repo.parent, path.parent),
              "dangling": "missing-target",
              "loop": path.name,
              "inside": os.path.relpath(repo / ("docs/shared" if folder else "docs/shared.md"), path.parent)}[kind]
    os.symlink(target, path, target_is_directory=folder)


def covers(link: str, written: str) -> bool:
    return written == link or written.startswith(link + "/")


def _apart(layout: dict[str, str]) -> dict[str, str]:
    """No link under another: placing it would go through the folder's link (outside, even)."""
    return {rel: kind for rel, kind in layout.items()
            if not any(covers(other, rel) and other != rel for other in layout)}


layouts = st.dictionaries(st.sampled_from(FILES + FOLDERS), st.sampled_from(UNSAFE + SAFE), min_size=1,
                          max_size=4).map(_apart)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layout=layouts, argv=st.sampled_from(sorted(WRITERS)))
def test_no_layout_of_links_gets_a_write_outside_the_repository(layout: dict[str, str],
                                                                argv: tuple[str, ...]) -> None:
    base = Path(tempfile.mkdtemp(prefix="ken-links-"))
    try:
        world = World(base)
        outside = base / "outside"
        outside.mkdir()
        (outside / "credentials").write_bytes(b"secret\n")
        repo = world.repo("place/repo", init=argv[0] != "init")
        world.git(repo.path, "config", "core.hooksPath", "tools/hooks")  # inside the work tree, ignored:
        (repo.path / ".git" / "info").mkdir(exist_ok=True)                # a folder kenning may write to
        (repo.path / ".git" / "info" / "exclude").write_text("tools/\n")
        (repo.path / "docs" / "shared").mkdir(parents=True)
        (repo.path / "docs" / "shared.md").write_text("# shared\n")
        for rel, kind in layout.items():
            place(repo.path, outside, rel, kind, folder=rel in FOLDERS)
        before = snapshot(outside), snapshot(base / "place")
        r = repo.inproc(*argv)
        after_outside, after_place = snapshot(outside), snapshot(base / "place")
        assert after_outside == before[0], f"{argv} with {layout}: a file outside changed"
        assert {k: v for k, v in after_place.items() if not k.startswith("repo/")} == {
            k: v for k, v in before[1].items() if not k.startswith("repo/")}, f"{argv} with {layout}: wrote beside"
        assert crash(r) is None, f"{argv} with {layout}: {crash(r)}\n{r.stderr}"
        unsafe = any(covers(link, written) for link, kind in layout.items() if kind in UNSAFE
                     for written in WRITERS[argv])
        if unsafe:
            assert clean_refusal(r) is None and r.returncode == 2, f"{argv} with {layout}: {r.stderr}"
            assert "symbolic link" in error_lines(r)[0], r.stderr
        elif r.returncode != 0:  # a safe layout may still be refused for other reasons, in one line
            assert clean_refusal(r) is None, f"{argv} with {layout}: {r.stderr}"
    finally:
        shutil.rmtree(base, ignore_errors=True)
