"""``ken init``: give a repository its ``.kenning/`` folder, idempotently.

Creates what is missing and never overwrites a user's file; the only content it rewrites is
its own: ``AI_INSTRUCTIONS.md`` (for the project's mode: setup until the map has a Purpose,
maintenance after) and the marker-delimited bridge block in ``CLAUDE.md``/``AGENTS.md``, so
running it again upgrades both. ``--private`` keeps
everything out of git: the folder is listed in ``.git/info/exclude`` and the bridge goes to
``CLAUDE.local.md`` instead of the tracked files.

Every file it is about to write is checked first (``files.inside``): when one of them, or a
folder above it, is a symbolic link that leaves the repository (a cloned repository can commit
``.gitattributes -> ~/.aws/credentials``), dangles or loops, init refuses in one line naming that
link before it writes anything, and the user replaces the link and runs it again.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from kenning import git
from kenning.app.capture import derive as capture
from kenning.app.project import Project, find_project, now_micros
from kenning.app.recall import open_memory
from kenning.app.setup import git_hooks, registry, texts
from kenning.app.views import summary as summary_app
from kenning.app.views.project_map import project_map
from kenning.core.errors import InvalidInput
from kenning.core.text import one_line
from kenning.core.views import marked
from kenning.git import history as git_history
from kenning.store import files


def init(cwd: Path, private: bool = False, hooks: bool = True, backfill: bool = True,
         backfill_days: int | None = None, now: str | None = None,
         register: bool = True) -> tuple[Project, list[tuple[str, str]]]:
    """Set up kenning; return the project and (path, what happened) for every file touched.
    ``register`` adds the project to the machine-wide registry (never making it active)."""
    project = find_project(cwd)
    root = project.root
    changes: list[tuple[str, str]] = []

    def note(path: Path, changed: bool, existed: bool = False) -> None:
        changes.append((os.path.relpath(path, root), told(changed, existed)))

    if backfill_days is not None and backfill_days < 0:
        raise InvalidInput("--backfill-days must be 0 or more")
    bridges = ["CLAUDE.local.md"] if private else ["CLAUDE.md", "AGENTS.md"]
    check_targets(project, bridges, private, hooks)
    files.ensure_dir(project.dir, within=root)
    if not os.path.lexists(project.log_path):
        files.write_atomic(project.log_path, "", within=root)
        note(project.log_path, True)
    note(project.config_path, files.create_if_missing(project.config_path, texts.CONFIG, within=root))
    note(project.plan_path, files.create_if_missing(project.plan_path, texts.PLAN, within=root))
    title = _remote_name(project) or registry.name_of(project)  # never a mirror's "repo"
    note(project.map_path, files.create_if_missing(project.map_path, project_map(root, title), within=root))
    protocol = texts.instructions(maintenance=bool(summary_app.purpose(project)))
    instructions = project.dir / "AI_INSTRUCTIONS.md"
    existed = os.path.lexists(instructions)
    note(instructions, files.write_atomic(instructions, protocol, within=root), existed)
    ignore = project.dir / ".gitignore"
    if files.create_if_missing(ignore, texts.GITIGNORE, within=root):
        note(ignore, True)
    else:  # set up by an older version: a write cut off before its rename leaves a .*.tmp file
        note(ignore, _ensure_line(ignore, ".*.tmp", root), existed=True)
    if private:
        _exclude(project, changes)
    else:
        path = root / ".gitattributes"
        existed = os.path.lexists(path)
        changed = [_ensure_line(path, line, root) for line in texts.GITATTRIBUTES_LINES]
        note(path, any(changed), existed)
    _write_bridges(project, bridges, changes, project.title)
    with open_memory(project, now, capture=False) as memory:
        now_s = now_micros(now) // 1_000_000
        if backfill:
            added = capture.refresh(memory, now_s, backfill_days, progress=True)
            if backfill_days is not None:  # already set up: a wider span is read on request
                added += capture.widen(memory, now_s - backfill_days * capture.DAY, now_s)
            changes.append(("events derived from git history", f"+{added}"))
            if git.head_commit(project.root) is not None:
                changes.append(_path_filters(project, now_s))
        else:
            capture.skip_history(memory, now_s)
        summary_app.refresh(memory)
    if hooks and git.git_dir(project.root) is not None:
        changes += [(f"git hook {name}", what) for name, what in git_hooks.install(project)]
    if register:
        changes.append(_register(project))
    return project, changes


# what ``ken init`` says of git's commit-graph: the start of the line names it, for ``--json``
PATH_FILTERS = "git commit-graph with changed-path filters"
# a writer started this long ago that left no graph is taken for gone (stopped, or refused by git:
# a shallow clone, ``core.commitGraph`` off): the next init starts another
WRITER_HOURS = 1


def _path_filters(project: Project, now_s: int) -> tuple[str, str]:
    """Start git writing its commit-graph with changed-path filters, unless it has them or a writer
    started within the hour is still at work: the first ``ken precheck`` of a file walks the
    file's history back to the reverts on it, and with the filters that walk skips the commits
    that did not touch it. On a long history the write takes long (25 s on 17,000 commits), so it
    runs detached, at the lowest priority: init returns at once, and the checks made before it
    ends walk without them (slower, never wrong). Two writers started at once are safe: git
    writes the graph under a lock and renames it into place. Nothing tracked changes."""
    if git_history.has_path_filters(project.root):
        return (PATH_FILTERS, "unchanged")
    started = project.local_dir / "commit-graph-started"
    since = (files.read_text(started) or "").strip()
    if since.isdigit() and 0 <= now_s - int(since) < WRITER_HOURS * 3600:
        return (f"{PATH_FILTERS} (git is writing it in the background)", "running")
    files.ensure_dir(project.local_dir, within=project.root)
    files.write_atomic(started, f"{now_s}\n", within=project.root, durable=False)
    if git_history.start_writing_path_filters(project.root):
        return (f"{PATH_FILTERS} (git writes it in the background)", "started")
    files.remove(started, within=project.root)
    return (f"{PATH_FILTERS} (git could not be started; the first checks of a file are slower)", "skipped")


def told(changed: bool, existed: bool) -> str:
    """What init did to a file, as the user reads it: created, updated or unchanged."""
    if not changed:
        return "unchanged"
    return "updated" if existed else "created"


def check_targets(project: Project, bridges: list[str], private: bool, hooks: bool) -> None:
    """``UnsafePath`` for the first file ``init`` would write that ``files.inside`` refuses,
    before any is written: the repository's own files, the bridges, ``.gitattributes`` or
    ``.git/info/exclude``, and the git hooks folder."""
    root = project.root
    own = [project.dir, project.log_path, project.config_path, project.plan_path, project.map_path,
           project.dir / "AI_INSTRUCTIONS.md", project.dir / ".gitignore", project.summary_path,
           project.local_dir, project.cache_dir]
    for path in [*own, *(root / name for name in bridges), *([] if private else [root / ".gitattributes"])]:
        files.inside(root, path)
    gdir = git.git_dir(root)
    if private and gdir is not None:
        common = Path(git.common_dir(gdir))
        files.inside(common, common / "info" / "exclude")
    if hooks and gdir is not None:
        git_hooks.checked_folder(project)


def _register(project: Project) -> tuple[str, str]:
    known = {entry["path"] for entry in registry.entries()}
    entry = registry.register(project.root)
    return (f"project registry: {entry['name']}", "unchanged" if entry["path"] in known else "added")


def _remote_name(project: Project) -> str | None:
    """The name of the repository at the ``origin`` remote (``git@host:team/shop.git`` -> shop):
    what two teammates' clones agree on, whatever folders they cloned into. None when the remote's
    last folder names no project (a mirror kept as ``…/team+shop/repo``, a ``…/shop/.git``): the
    project is then titled by the name it is registered under, never "repo"."""
    url = git.config_get(project.root, "remote.origin.url") if git.git_dir(project.root) else None
    name = re.split(r"[/:\\]", url.rstrip("/\\"))[-1] if url else ""
    name = name.removesuffix(".git")
    return name if name and name.lower() not in _NO_PROJECT_NAMES else None


# the names a folder holding some repository is given, whatever the project: never a title
_NO_PROJECT_NAMES = frozenset({"repo", "repos", "repository", "git", "src", "source", "code", "mirror", "clone",
                               "checkout", "origin", "upstream"})




def _write_bridges(project: Project, names: list[str], changes: list[tuple[str, str]], name: str) -> None:
    """Add or refresh the bridge block in each file, naming the project ``name``. A linked
    AGENTS.md is written through to its target (once) when that is inside the repository
    (``files.inside``); a file that is not UTF-8 text is left alone and reported."""
    done: set[str] = set()
    for file in names:
        path = files.inside(project.root, project.root / file)
        if str(path) in done:
            changes.append((file, "unchanged"))
            continue
        done.add(str(path))
        try:
            current = files.read_exact(path)  # None: no such file yet
        except (UnicodeDecodeError, IsADirectoryError):
            changes.append((file, "skipped (not a UTF-8 text file; add the kenning block by hand)"))
            continue
        try:
            text = with_bridge(current, name)
        except ValueError as err:  # the one rule for kenning's blocks (core.views.marked): never guess
            changes.append((file, f"skipped ({err}; put them right or delete the block, then run this again)"))
            continue
        changes.append((file, told(files.write_atomic(path, text, within=project.root), current is not None)))


def with_bridge(text: str | None, project: str) -> str:
    """The file's text with kenning's block for ``project`` added, or replaced in place when
    present (a block an older version wrote is upgraded), in the file's own line endings. A
    block that names a project keeps that name: the file is tracked, and a teammate whose clone
    sits in another folder must not rewrite it (a change on every clone, a conflict on merge)."""
    newline = "\r\n" if text and "\r\n" in text else "\n"
    found = marked.span(text, _BRIDGE_BEGIN, texts.BRIDGE_END) if text else None
    named = _BRIDGE_NAME.search(text, found[0], found[1]) if text and found else None
    block = texts.bridge_block(named.group(1) if named else one_line(project, 80)).replace("\n", newline)
    return marked.replace(text, block, _BRIDGE_BEGIN, texts.BRIDGE_END)


_BRIDGE_BEGIN = texts.BRIDGE_BEGIN[:20]  # "<!-- kenning:begin ": what every version's first line starts with
_BRIDGE_NAME = re.compile(r"^## Project memory \(kenning\): (.+?)\r?$", re.M)


def _ensure_line(path: Path, line: str, within: Path) -> bool:
    """Append ``line`` to the file unless it holds it. Where the file is a link, ``within``'s rule
    (``files.inside``) is asked before its target is read: the text read is the text rewritten."""
    path = Path(files.inside(within, path))
    text = files.read_text(path) or ""
    if line in text.splitlines():
        return False
    sep = "" if not text or text.endswith("\n") else "\n"
    return files.write_atomic(path, text + sep + line + "\n", within=within)


def _exclude(project: Project, changes: list[tuple[str, str]]) -> None:
    gdir = git.git_dir(project.root)
    if gdir is None:
        raise InvalidInput("--private needs a git repository to keep kenning out of; run `git init`")
    common = Path(git.common_dir(gdir))
    existed = os.path.lexists(common / "info" / "exclude")
    changed = False
    for line in ("/.kenning/", "/CLAUDE.local.md"):
        changed = _ensure_line(common / "info" / "exclude", line, common) or changed
    changes.append((".git/info/exclude", told(changed, existed)))
