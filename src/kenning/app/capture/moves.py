"""Where the files a memory cites are now: still in the tree, renamed (and then under which
name), or deleted. The page's heat map asks, so that a long history's heat follows a file to
its present name and a file that is gone neither leads the map nor passes for a live one.

Git is asked as little as it can be: one ``git ls-files`` for the tree, then one ``git log``
(per 500 paths) for the renames of the paths that are gone, and again for a renamed file's
new name when that one is gone too, at most ``ROUNDS`` times. A path is present when git tracks
it or it is in the working tree (a file not committed yet is not deleted). When git cannot say,
every path counts as present and the answer says why.
"""

from __future__ import annotations

import os

from kenning import git
from kenning.core.paths import repo_path
from kenning.git import history as git_history

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path

ROUNDS = 8  # renames followed from one name to the next; a longer chain stops at its eighth name


class Whereabouts:
    """``present``: the paths asked about that are in the tree, and the present names of the
    renamed ones; ``renamed``: old path -> the present name its renames lead to; ``note``: why
    git could not tell, or None."""

    __slots__ = ("present", "renamed", "note")

    def __init__(self, present: set[str], renamed: dict[str, str], note: str | None = None) -> None:
        self.present = present
        self.renamed = renamed
        self.note = note

    def deleted(self, path: str) -> bool:
        return path not in self.present and path not in self.renamed


def whereabouts(root: Path, paths: Iterable[str]) -> Whereabouts:
    """Where each of ``paths`` is in the current tree (see the module's docstring)."""
    asked = set(paths)
    if not asked or git.head_commit(root) is None:
        return Whereabouts(asked, {})
    try:
        tracked = set(git.tracked_files(root))
        present = {p for p in asked if _present(root, p, tracked)}
        moves = _moves(root, sorted(asked - present), tracked)
    except git.GitError as err:
        return Whereabouts(asked, {}, f"git could not list the tree ({err}): no file is marked deleted")
    renamed = {}
    for old in sorted(asked - present):
        name, seen = old, {old}
        while name in moves and moves[name] not in seen:
            name = moves[name]
            seen.add(name)
        if name != old and _present(root, name, tracked):
            renamed[old] = name
    return Whereabouts(present | set(renamed.values()), renamed)


def _present(root: Path, path: str, tracked: set[str]) -> bool:
    if path in tracked:
        return True
    try:
        return os.path.lexists(root / path)
    except (OSError, ValueError):  # a name no file system takes: not in the tree
        return False


def _askable(path: str) -> bool:
    """Whether git can be asked about the path: a name that climbs out of the repository
    (``src/../../x``, which an event may hold) would make the whole ``git log`` fail."""
    return repo_path(path) == path  # and in the form git names it: no ./, no .., no backslash


def _moves(root: Path, gone: list[str], tracked: set[str]) -> dict[str, str]:
    """old path -> the name its newest rename gave it, for ``gone`` and, round after round, for
    the new names that are gone as well."""
    moves: dict[str, str] = {}
    asking = [path for path in gone if _askable(path)]
    asked = set(asking)
    for _ in range(ROUNDS):
        wanted = set(asking)
        for start in range(0, len(asking), git.PATHS_PER_CALL):
            for _, old, new in git_history.renames(root, asking[start:start + git.PATHS_PER_CALL]):
                if old in wanted and old not in moves:  # newest first: the last rename of the name wins
                    moves[old] = new
        asking = sorted({new for old, new in moves.items() if old in wanted and _askable(new)} - asked - tracked)
        asked.update(asking)
        if not asking:
            break
    return moves
