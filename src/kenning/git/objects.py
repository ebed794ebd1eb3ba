"""Files as git stored them at a commit, and what changed since: what following citations needs,
asked in one process per question however many citations ask it.

- ``object_ids``: ``git cat-file --batch-check`` for any number of ``COMMIT:PATH`` names;
- ``blobs``: ``git cat-file --batch`` for any number of blob ids;
- ``changes``: ``git diff --name-status -M`` from one commit to the work tree;
- ``last_changes``: the newest commit after one commit that touched each of some paths.
"""

from __future__ import annotations

from kenning.git import PATHS_PER_CALL, GitError, run, run_bytes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path


def object_ids(root: Path, names: list[str]) -> dict[str, str | None]:
    """``{name: object id, or None when git has no such object}`` for names like ``sha:path``."""
    if not names:
        return {}
    text = run_bytes(root, ["cat-file", "--batch-check=%(objectname) %(objecttype)"],
                     stdin="".join(name + "\n" for name in names).encode("utf-8", "surrogateescape"))
    rows = text.decode("utf-8", "replace").split("\n")
    found: dict[str, str | None] = {}
    for name, row in zip(names, rows, strict=False):
        oid, _, kind = row.partition(" ")
        found[name] = oid if kind in ("blob", "commit") else None
    return found


def blobs(root: Path, oids: list[str]) -> dict[str, bytes]:
    """The content of each blob that git has, by id."""
    wanted = sorted(set(oids))
    if not wanted:
        return {}
    data = run_bytes(root, ["cat-file", "--batch"], timeout=120.0, stdin="".join(o + "\n" for o in wanted).encode())
    found: dict[str, bytes] = {}
    at = 0
    while at < len(data):
        end = data.index(b"\n", at)
        header = data[at:end].decode("ascii", "replace").split(" ")
        at = end + 1
        if len(header) != 3:  # "<id> missing"
            continue
        size = int(header[2])
        found[header[0]] = data[at:at + size]
        at += size + 1
    return found


def changes(root: Path, commit: str) -> list[tuple[str, str, str]]:
    """(status letter, old path, new path) for each file that differs between ``commit`` and the
    work tree, renames followed (``R``: old and new differ; ``A``: no old; ``D``: no new)."""
    text = run(root, ["diff", "--no-color", "--no-ext-diff", "--name-status", "-z", "-M", commit], timeout=120.0)
    parts = text.split("\0")
    found: list[tuple[str, str, str]] = []
    at = 0
    while at < len(parts) and parts[at]:
        letter = parts[at][:1]
        if letter in "RC":
            found.append((letter, parts[at + 1], parts[at + 2]))
            at += 3
        else:
            found.append((letter, parts[at + 1], parts[at + 1]))
            at += 2
    return found


def last_changes(root: Path, commit: str | None, paths: list[str]) -> dict[str, tuple[int, str, str]]:
    """``{path: (rank, sha, committer time ISO 8601)}`` of the newest commit after ``commit`` (any
    commit when None) up to HEAD that touched each path, ``rank`` counting from the newest (0); a
    path no such commit touched is left out (its change, if any, is not committed yet)."""
    found: dict[str, tuple[int, str, str]] = {}
    span = [f"{commit}..HEAD"] if commit else ["HEAD"]
    for at in range(0, len(paths), PATHS_PER_CALL):
        chunk = paths[at:at + PATHS_PER_CALL]
        try:
            text = run(root, ["log", "--no-color", "--format=%x01%H%x00%cI", "--name-only", "-z", *span, "--",
                              *chunk], timeout=120.0)
        except GitError:
            return found
        for rank, record in enumerate(text.split("\x01")[1:]):
            head, _, names = record.partition("\n")
            sha, _, when = head.partition("\0")
            for name in names.split("\0"):
                name = name.strip("\n")
                if name and name not in found:
                    found[name] = (rank, sha, when)
    return found
