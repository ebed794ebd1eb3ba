"""The team lessons store: lessons shared through a git repository of the team's choosing.

``ken lessons remote URL`` records the repository on this machine; ``ken lessons sync`` pulls
the team's lessons (fetch, then a union merge of ``lessons.jsonl``), adds this machine's,
commits, and pushes, all with plain git. The team's lessons are then read beside the machine's
own: in ``ken lessons``, the summary, context and brief, filtered by each project's stack.

Offline, or with the remote unreachable, a sync still commits this machine's lessons in the
clone, says so in one warning, and succeeds: local lessons keep working, and the next sync
that reaches the remote pushes them. A push refused because the remote moved meanwhile is
followed by another fetch and merge, and tried again (``PUSH_ATTEMPTS`` in all).
"""

from __future__ import annotations

import os

from kenning import git
from kenning.app.project import ken_home
from kenning.app.warnings import hand_over
from kenning.core.errors import InvalidInput, KenError, UnsafePath
from kenning.core.lessons.exchange import exported
from kenning.git import clone as git_clone
from kenning.store import team_lessons as team
from kenning.store.lessons import LessonStore

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

PUSH_ATTEMPTS = 3
_PATHS = [".gitattributes", team.FILE]


def remote(url: str | None = None, clear: bool = False) -> dict[str, Any]:
    """Record the team lessons remote (``url``), forget it (``clear``), or say which it is."""
    home = ken_home()
    if clear:
        team.set_remote(home, None)
    elif url is not None:
        team.set_remote(home, _checked_url(url))
    return {"remote": team.remote(home)}


def _checked_url(url: str) -> str:
    """A URL git can take as an argument; a local path made absolute, so the sync finds it
    from any folder."""
    url = url.strip()
    if not url or any(ch.isspace() for ch in url) or url.startswith("-"):
        raise InvalidInput(f"{url!r} is not a repository URL or path; give one such as "
                           "git@example.com:team/lessons.git or /srv/git/lessons.git")
    if "://" in url or (":" in url.split("/", 1)[0] and not os.path.isabs(url)):  # scheme or user@host:path
        return url
    return os.path.abspath(os.path.expanduser(url))


def records() -> list[dict[str, Any]]:
    """The team store's records as of the last sync; none without a remote, and none (with a
    warning) when its file cannot be trusted: a lesson list never fails for the team's sake."""
    home = ken_home()
    url = team.remote(home)
    if not url:
        return []
    store = team.TeamStore(home, url)
    try:
        found = store.records()
    except (UnsafePath, InvalidInput) as err:
        hand_over([f"the team's lessons were not read: {err}"])
        return []
    _report_skipped(store)
    return found


def _report_skipped(store: team.TeamStore) -> None:
    """One line about the team file's lines that are not lessons: they stay in the team's file
    (it is theirs), and every other lesson is read."""
    skipped = store.lessons.skipped
    if skipped:
        number, why = skipped[0]
        more = f" (and {len(skipped) - 1} more line(s))" if len(skipped) > 1 else ""
        hand_over([f"the team's lessons file {store.lessons.path}: line {number} is not a lesson record "
                          f"({why}){more}; skipped, fix it in the team repository"])


def sync() -> dict[str, Any]:
    """Pull the team's lessons, add this machine's, commit and push. The report says what was
    pulled and shared, whether the remote was reached and pushed, and why not in ``warning``."""
    home = ken_home()
    url = team.remote(home)
    if url is None:
        raise InvalidInput("no team lessons remote on this machine; record one with `ken lessons remote URL`")
    store = team.TeamStore(home, url)
    with store.sync_lock():
        try:
            return _sync(store)
        except git.GitError as err:
            raise KenError(f"the team lessons clone {store.dir} could not be updated ({err}); "
                           "resolve it there with git, or delete the folder and sync again") from err


def _sync(store: team.TeamStore) -> dict[str, Any]:
    store.prepare()
    git_clone.init_clone(store.dir, store.url)
    git_clone.commit_files(store.dir, _PATHS, "kenning: lessons left by an interrupted sync")
    before = {r["id"] for r in store.records()}
    report: dict[str, Any] = {"remote": store.url, "folder": str(store.dir), "reached": True, "pushed": False,
                              "warning": None}
    branch = git_clone.current_branch(store.dir)
    try:
        _fetch(store)
        branch = _merge_origin(store)
    except _Unreachable as err:
        report.update(reached=False, warning=str(err))
    report["pulled"] = len({r["id"] for r in store.records()} - before)
    store.declare_union()
    report["shared"] = _share(store)
    git_clone.commit_files(store.dir, _PATHS, f"kenning: {report['shared']} lesson(s) shared")
    if report["reached"] and git_clone.has_commits(store.dir):  # an empty store has nothing to push yet
        report["pushed"], report["warning"] = _push(store, branch)
    return report


class _Unreachable(git.GitError):
    """The remote could not be fetched from: offline, a wrong URL, or refused credentials."""


def _fetch(store: team.TeamStore) -> None:
    try:
        git_clone.fetch_origin(store.dir)
    except git.GitError as err:  # git's own last line rarely says why ("and the repository exists.")
        raise _Unreachable(f"could not reach the team lessons remote {store.url} (offline, no such repository, "
                           "or no access); lessons are kept in the local clone and pushed by the next sync") from err


def _merge_origin(store: team.TeamStore) -> str:
    """Merge the remote's branch (the one named like ours, else main, master or the only one)
    into the clone; the branch to push to."""
    ours = git_clone.current_branch(store.dir)
    theirs = git_clone.origin_branches(store.dir)
    branch = next((b for b in (ours, "main", "master") if b in theirs), theirs[0] if len(theirs) == 1 else ours)
    if branch in theirs:
        git_clone.merge(store.dir, f"origin/{branch}")
    return branch


def _share(store: team.TeamStore) -> int:
    """Append this machine's lessons and fixes the team file lacks; forgotten ones stay here."""
    machine = LessonStore(ken_home()).records()
    forgotten = {r["id"] for r in machine if r.get("op") == "forget"}
    have = {_key(r) for r in store.records()}
    new = []
    for record in machine:
        if record.get("op") not in ("lesson", "fix") or record["id"] in forgotten or _key(record) in have:
            continue
        have.add(_key(record))
        new.append(_shared(record))
    if new:
        store.append(new)
    return sum(r["op"] == "lesson" for r in new)


def _key(record: dict[str, Any]) -> tuple[str, str, str]:
    return (str(record.get("op")), str(record.get("id")), str(record.get("fix_id") or record.get("fix") or ""))


def _shared(record: dict[str, Any]) -> dict[str, Any]:
    """A record as the team sees it: without the folder it was promoted in on this machine."""
    if record["op"] != "lesson":
        return dict(record)
    line = {k: v for k, v in exported(record).items() if k not in ("v", "fix")}
    return {**line, "op": "lesson", "library": line["libraries"][0] if line["libraries"] else record.get("library"),
            "root": None}


def _push(store: team.TeamStore, branch: str) -> tuple[bool, str | None]:
    """Push, and when refused, fetch, merge and push again. (pushed, warning)."""
    for _ in range(PUSH_ATTEMPTS):
        try:
            git_clone.push_head(store.dir, branch)
            return True, None
        except git.GitError:
            pass  # refused (the remote moved) or gone: the fetch below tells which
        try:
            _fetch(store)
        except _Unreachable as err:
            return False, str(err)
        _merge_origin(store)
    return False, (f"the team lessons remote {store.url} kept moving or refused the push {PUSH_ATTEMPTS} times; "
                   "lessons are kept in the local clone, run `ken lessons sync` again")
