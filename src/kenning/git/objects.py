"""Files as git stored them at a commit, and what changed since: what following citations needs,
asked in one process per question however many citations ask it.

- ``object_ids``: ``git cat-file --batch-check`` for any number of ``COMMIT:PATH`` names;
- ``blobs``, ``contents``: ``git cat-file --batch`` for any number of blob ids or ``rev:path``;
- ``tree_files``: the files of a commit;
- ``changes``: ``git diff --name-status -M`` from one commit to the work tree;
- ``commit_order``, ``history``: the files every commit changed, for many commits at once;
- ``last_changes``: the newest commit that touched each of some paths.
"""

from __future__ import annotations

from kenning.git import PATHS_PER_CALL, run, run_bytes

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
    return {oid: data for oid, data in zip(wanted, _batch(root, wanted), strict=True) if data is not None}


def contents(root: Path, names: list[str]) -> dict[str, bytes | None]:
    """The content of each ``rev:path`` (None where there is none), in one process."""
    return dict(zip(names, _batch(root, names), strict=True))


def _batch(root: Path, names: list[str]) -> list[bytes | None]:
    """``git cat-file --batch`` over ``names``: each object's bytes, in order (None: missing)."""
    if not names:
        return []
    data = run_bytes(root, ["cat-file", "--batch"], timeout=120.0,
                     stdin="".join(name + "\n" for name in names).encode("utf-8", "surrogateescape"))
    found: list[bytes | None] = []
    at = 0
    while at < len(data) and len(found) < len(names):
        end = data.index(b"\n", at)
        header = data[at:end].rsplit(b" ", 2)
        at = end + 1
        if len(header) != 3 or not header[2].isdigit() or header[1] not in (b"blob", b"tree", b"commit", b"tag"):
            found.append(None)  # "<name> missing", "<name> ambiguous"
            continue
        size = int(header[2])
        found.append(data[at:at + size] if header[1] == b"blob" else None)
        at += size + 1
    return found + [None] * (len(names) - len(found))


def tree_files(root: Path, rev: str) -> list[str]:
    """Every file path in the tree of ``rev``."""
    return [p for p in run(root, ["ls-tree", "-r", "-z", "--name-only", rev], timeout=120.0).split("\0") if p]


def commit_order(root: Path, head: str) -> list[str]:
    """Every commit reachable from ``head``, children before their parents (``--topo-order``)."""
    return run(root, ["rev-list", "--topo-order", head], timeout=120.0).split()


def history(root: Path, head: str, count: int) -> list[tuple[str, str, list[tuple[str, str, str]]]]:
    """(sha, committer time ISO 8601, the files it changed as ``changes`` gives them; a merge:
    none of its own) for each of the ``count`` newest commits from ``head``, in
    ``commit_order``'s order, in one process."""
    if count <= 0:
        return []
    text = run(root, ["log", "--no-color", "--topo-order", "-z", "--name-status", "-M", "--format=%x01%H %cI",
                      f"-n{count}", head], timeout=300.0)
    found = []
    for record in text.split("\x01")[1:]:
        head_line, _, rest = record.partition("\0")
        sha, _, when = head_line.partition(" ")
        found.append((sha, when, _name_status(rest.lstrip("\n"))))
    return found


def changes(root: Path, commit: str, target: str | None = None) -> list[tuple[str, str, str]]:
    """(status letter, old path, new path) for each file that differs between ``commit`` and the
    work tree (or the commit ``target``), renames followed (``R``: old and new differ; ``A``: no
    old; ``D``: no new)."""
    return _name_status(run(root, ["diff", "--no-color", "--no-ext-diff", "--name-status", "-z", "-M", commit,
                                   *([target] if target else [])], timeout=120.0))


def _name_status(text: str) -> list[tuple[str, str, str]]:
    parts = text.split("\0")
    found: list[tuple[str, str, str]] = []
    at = 0
    while at + 1 < len(parts) and parts[at]:
        letter = parts[at][:1]
        if letter in "RC" and at + 2 < len(parts):
            found.append((letter, parts[at + 1], parts[at + 2]))
            at += 3
        else:
            found.append((letter, parts[at + 1], parts[at + 1]))
            at += 2
    return found


def last_changes(root: Path, head: str, paths: list[str]) -> dict[str, tuple[int, str, str]]:
    """``{path: (rank, sha, committer time ISO 8601)}`` of the newest commit up to ``head`` that
    touched each path, ``rank`` counting from the newest (0); one process for every path (in
    chunks the command line holds)."""
    found: dict[str, tuple[int, str, str]] = {}
    for at in range(0, len(paths), PATHS_PER_CALL):
        chunk = paths[at:at + PATHS_PER_CALL]
        _touching(root, head, chunk, ["-n500"], found)  # most were changed lately: the whole history seldom
        missing = [path for path in chunk if path not in found]
        if missing:
            _touching(root, head, missing, [], found)
    return found


def _touching(root: Path, head: str, paths: list[str], limit: list[str], found: dict[str, tuple[int, str, str]]
              ) -> None:
    """Add to ``found`` the newest commit touching each of ``paths``; ranks go on from those there."""
    text = run(root, ["log", "--no-color", "--format=%x01%H%x00%cI", "--name-only", "-z", *limit, head, "--", *paths],
               timeout=120.0)
    base = 1 + max((rank for rank, _, _ in found.values()), default=-1) if not limit else 0
    for rank, record in enumerate(text.split("\x01")[1:], base):
        head_line, _, names = record.partition("\n")
        sha, _, when = head_line.partition("\0")
        for name in names.split("\0"):
            name = name.strip("\n")
            if name and name not in found:
                found[name] = (rank, sha, when)
