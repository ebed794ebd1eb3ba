"""``ken import`` given what it cannot use: one clear error line, a non-zero exit, no traceback,
nothing written. A bad line among good ones is not that: it is skipped and named."""

from __future__ import annotations

import json

from .conftest import BEADS, Repo, World, jsonl, write_beads

GOOD = {"id": "evt_51ad79e762114458bfcf", "type": "note", "summary": "kept", "timestamp": "2026-09-26T04:25:35Z"}


def refused(repo: Repo, *args: str, says: str) -> None:
    """``ken import ARGS`` fails with exit 2 and one line naming the problem; nothing is written."""
    before = repo.log_bytes()
    home = sorted(str(p) for p in (repo.world.base / "kenhome").rglob("*"))
    r = repo.ken("import", *args)
    assert r.returncode == 2, (args, r)
    assert r.stdout == "" and r.stderr.count("\n") == 1 and r.stderr.startswith("ken: error:"), (args, r.stderr)
    assert says in r.stderr and "Traceback" not in r.stderr, (says, r.stderr)
    assert repo.log_bytes() == before
    assert sorted(str(p) for p in (repo.world.base / "kenhome").rglob("*")) == home


def test_a_file_that_is_not_there_or_not_a_file(repo: Repo, world: World) -> None:
    refused(repo, "--from", "projectmem", str(world.base / "nope.jsonl"), says="no such file")
    refused(repo, "--from", "beads", str(world.base), says="is a directory")


def test_a_file_that_is_not_utf8_text(repo: Repo, world: World) -> None:
    latin = world.base / "latin1.jsonl"
    latin.write_bytes(json.dumps({**GOOD, "summary": "café"}, ensure_ascii=False).encode("latin-1") + b"\n")
    refused(repo, "--from", "projectmem", str(latin), says="line 1: not UTF-8 text (byte 0xe9")
    binary = world.base / "random.bin"
    binary.write_bytes(bytes(range(256)) * 64)
    refused(repo, "--from", "jsonl", str(binary), says="could be imported as jsonl")


def test_a_huge_line_is_never_held_whole(repo: Repo, world: World) -> None:
    huge = world.base / "huge.jsonl"
    huge.write_bytes(b'{"summary": "' + b"x" * (3 << 20) + b'"}')  # 3 MB, one line, no newline
    refused(repo, "--from", "projectmem", str(huge), says="longer than 1 MB")
    mixed = world.base / "mixed.jsonl"
    mixed.write_bytes(b"x" * (2 << 20) + b"\n" + json.dumps(GOOD).encode() + b"\n")
    r = repo.ok("import", "--from", "projectmem", str(mixed))
    assert "line 1: longer than 1 MB" in r.stderr and "added 1 event" in r.stdout, r


def test_the_wrong_format_is_named_with_the_right_one(repo: Repo) -> None:
    beads = write_beads(repo.path, extra=())
    refused(repo, "--from", "projectmem", str(beads), says="try --from beads")
    projectmem = repo.path / "pm.jsonl"
    projectmem.write_text(jsonl([GOOD]))
    refused(repo, "--from", "beads", str(projectmem), says="try --from projectmem")
    refused(repo, "--from", "jsonl", str(projectmem), says="could be imported as jsonl (line 1: missing source")
    r = repo.ken("import", "--from", "trello", str(projectmem))
    assert r.returncode == 2 and "invalid choice" in r.stderr and "Traceback" not in r.stderr


def test_without_a_project_nothing_is_imported(world: World) -> None:
    bare = world.repo("bare")
    source = bare.path / "issues.jsonl"
    source.write_text(jsonl(BEADS))
    r = bare.ken("import", "--from", "beads", str(source))
    assert r.returncode == 3 and "ken init" in r.stderr and not (bare.path / ".kenning").exists(), r


def test_an_empty_file_imports_nothing_and_says_so(repo: Repo, world: World) -> None:
    empty = world.base / "empty.jsonl"
    empty.write_text("\n\n")
    before = repo.log_bytes()
    r = repo.ok("import", "--from", "jsonl", str(empty))
    assert "added nothing new" in r.stdout and repo.log_bytes() == before
