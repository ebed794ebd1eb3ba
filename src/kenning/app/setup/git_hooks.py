"""Installing kenning into git's hooks: marker-delimited blocks that chain the user's own hooks.

- pre-commit: an advisory precheck of the staged files; refuses the commit only when the user
  set ``commit = "strict"`` in the ``[gate]`` table and a staged file is blocked;
- post-commit: refreshes the events derived from git, in the background;
- post-merge, post-checkout: refresh the derived files, in the background.

Every block is POSIX sh, finds ``ken`` by absolute path with a PATH fallback, is time-limited
and fails open: a missing or broken ``ken`` never stops a commit. Hooks never stage or modify
tracked files.

A hook of the user's keeps running as before, and ``ken hooks uninstall`` gives it back byte
for byte, with its mode, and a symlink as the same link:

- an executable sh script in UTF-8 gets the block right after its shebang (a user's trailing
  ``exit 0`` cannot skip it; the file, its ``$0`` and its mode stay the user's); uninstall cuts
  out exactly what was added. It is edited in place only when that cut gives back the same text;
- any other hook (another language, a symlink, CRLF, not UTF-8, or not executable) is renamed
  to ``NAME.kenning-chained``, untouched, and kenning's own sh hook runs the block and then
  that hook, only when it is executable: git would not run a hook that is not, so neither
  does kenning. Uninstall renames it back.

A hooks folder inside the work tree (``core.hooksPath = .githooks``, usually committed for a
team) is left alone: kenning's hooks there would show up in ``git status``.

Where hooks may be written, as far as links go (``checked_folder``): the git directory and a
``core.hooksPath`` outside the work tree are this machine's own configuration (git never clones a
repository's config or hooks), so kenning writes where git runs hooks. A hooks folder named
inside the work tree is reached through the repository's content, which a clone brings: it is
refused, before anything is written, when a committed link on the way leaves the repository
(``files.inside``). Inside the folder, a hook that is a link is never written through: it is
renamed aside and chained, as above.

A pre-commit hook written by the pre-commit framework (https://pre-commit.com) whose config
already runs kenning's ``kenning-precheck`` gets no block: the framework runs the gate, and a
second run would print every warning twice. A block kenning added before that is taken out,
also from ``pre-commit.legacy``, where the framework keeps (and runs) the hook it replaced.

kenning's block is found by the one rule for kenning's blocks in a user's file (``core.views.marked``,
as in CLAUDE.md): a hook whose markers are damaged (one without the other, or repeated) is
never guessed at. ``ken hooks install`` and ``uninstall`` refuse it in one line naming the file,
before writing anything; ``ken init`` skips that hook, saying why; ``status`` reports it.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

from kenning import git
from kenning.app.project import Project
from kenning.app.warnings import hand_over
from kenning.core.defaults import BLOCKED_EXIT, TIMEOUT_SECONDS
from kenning.core.errors import InvalidInput
from kenning.core.views import marked
from kenning.store import files

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

HOOKS = ("pre-commit", "post-commit", "post-merge", "post-checkout")
BEGIN = "# >>> kenning >>> (managed by `ken hooks install`; `ken hooks uninstall` removes it)"
END = "# <<< kenning <<<"
CHAINED = ".kenning-chained"
LEGACY = "pre-commit.legacy"  # where `pre-commit install` keeps (and runs first) the hook it replaced
ADDED_SHEBANG = "#!/bin/sh\n# (kenning added the line above; `ken hooks uninstall` removes it)\n"
_SHELLS = ("sh", "bash", "dash", "zsh", "ksh", "ash")
_BEGIN_MARK = BEGIN[:BEGIN.index("(")].rstrip()  # what every version's first line starts with


def ken_executable() -> str:
    """The absolute path of the running `ken` (a hook must not depend on PATH)."""
    argv0 = Path(sys.argv[0])
    if argv0.name in ("ken", "ken.exe") and argv0.exists():
        return str(argv0.resolve())
    found = shutil.which("ken")  # on Windows, PATHEXT finds ken.exe
    if found:
        return str(Path(found).resolve())
    beside = Path(sys.executable).with_name("ken.exe" if os.name == "nt" else "ken")
    return str(beside) if beside.exists() else "ken"


def block(name: str, ken: str) -> str:
    """Kenning's lines in hook ``name``. Safe under a user's ``set -e``: no command of the block
    ends with a failure (so a missing or failing ``ken`` cannot end the hook)."""
    run = f'$KEN_T "$KEN" hook {name}'
    if name == "pre-commit":
        body = (f'  rc=0; {run} || rc=$?\n'
                f'  if [ "$rc" -eq {BLOCKED_EXIT} ]; then exit 1; fi  # strict mode refused the commit\n')
    else:  # in the background: never delay the commit, merge or checkout
        body = f'  ({run} "$@" >/dev/null 2>&1 </dev/null &)\n'
    return (f"{BEGIN}\n"
            f'KEN="{ken}"\n'
            '[ -x "$KEN" ] || KEN="$(command -v ken 2>/dev/null || true)"\n'
            f'KEN_T=""; if command -v timeout >/dev/null 2>&1; then KEN_T="timeout {TIMEOUT_SECONDS}"; fi\n'
            'if [ -n "$KEN" ]; then\n'
            f"{body}"
            "fi\n"
            f"{END}\n")


def own_hook(name: str, ken: str, chained: bool) -> str:
    """The whole hook when the file is kenning's: the block, then the user's hook kept aside."""
    text = "#!/bin/sh\n" + block(name, ken)
    if chained:  # every line below names the kept hook: that is how a later run tells them apart
        saved = f'"$(dirname "$0")/{name}{CHAINED}"'
        text += (f"# your own hook, kept unchanged as {name}{CHAINED}, runs next (as git would: if executable)\n"
                 f'if [ -x {saved} ]; then exec {saved} "$@"; fi\n')
    return text


def _hooks_dir(project: Project) -> Path:
    found = git.hooks_dir(project.root)
    if found is None:
        raise InvalidInput(f"{project.root} has no git directory; run `git init` first")
    return found


def hooks_folder(project: Project) -> Path:
    return _hooks_dir(project)


def checked_folder(project: Project) -> Path:
    """The hooks folder, or ``UnsafePath`` when it is named inside the work tree and a symbolic
    link on the way there leaves the repository, dangles or loops (see the module's docstring)."""
    folder = _hooks_dir(project)
    gdir = git.git_dir(project.root)
    in_git = gdir is not None and any(files.contains(d, folder) for d in (gdir, git.common_dir(gdir)))
    if files.contains(project.root, folder) and not in_git:
        files.inside(project.root, folder)
    return folder


# -- reading a hook -------------------------------------------------------------------------------

def _span(text: str) -> tuple[int, int] | None:
    """Where kenning's block is in ``text`` (from its first line to the line after its last), by
    the one rule for kenning's blocks (``core.views.marked``); ``ValueError`` when its markers are damaged."""
    return marked.span(text, _BEGIN_MARK, END)


def _kenning_text(path: Path) -> str | None:
    """The text of the hook at ``path`` when it holds kenning's block, else None (no hook, a
    symlink, which kenning never writes, a file of the user's, or one whose markers are damaged:
    install and uninstall refuse that file before they write anything, see ``_damaged``)."""
    text = None if path.is_symlink() else _script(path)
    try:
        return text if text is not None and _span(text) else None
    except ValueError:
        return None


def _damaged(folder: Path, names: tuple[str, ...] = HOOKS) -> dict[str, str]:
    """The hooks among ``names`` in ``folder`` whose kenning markers are damaged (a marker
    missing, repeated or out of order), each with why. Such a hook is never edited,
    moved or chained: where kenning's lines end cannot be told, and a guess could cut the
    user's own lines out of it."""
    found = {}
    for name in names:
        path = folder / name
        text = None if path.is_symlink() else _script(path)
        try:
            if text is not None:
                _span(text)
        except ValueError as err:
            found[name] = str(err)
    return found


def _repair(project: Project, path: Path, why: str, command: str) -> str:
    """One line naming the damaged hook and what to do about it (``command``: what to run after)."""
    try:
        shown = path.relative_to(project.root).as_posix()
    except ValueError:
        shown = str(path)  # a hooks folder outside the work tree (core.hooksPath, a worktree's)
    return f"{shown}: {why}; put them right or delete kenning's lines from it, then run `ken hooks {command}`"


def _checked(project: Project, folder: Path, framework: dict[str, Any] | None, command: str,
             required: bool = True) -> dict[str, str]:
    """The hooks ``command`` would skip for damaged markers (hook -> why); with ``required``
    there are none: the first is an ``InvalidInput``, raised before anything is written."""
    names = (*HOOKS, LEGACY) if framework else HOOKS  # the framework runs pre-commit.legacy first
    found = {name: _repair(project, folder / name, why, command) for name, why in _damaged(folder, names).items()}
    if found and required:
        raise InvalidInput(next(iter(found.values())))
    if LEGACY in found:  # kenning's pre-commit lives there: that hook is the one left alone
        found.setdefault("pre-commit", found.pop(LEGACY))
    return found


def _users_part(text: str) -> str | None:
    """What is left of the user's hook in a file holding kenning's block, exactly as it was;
    None when the whole file is kenning's (its shebang, the block, the lines running a kept hook)."""
    span = _span(text)
    rest = text if span is None else text[:span[0]] + text[span[1]:]
    if rest.startswith(ADDED_SHEBANG):
        rest = rest[len(ADDED_SHEBANG):]
    lines = rest.split("\n")
    if all(not line.strip() or CHAINED in line or (i == 0 and line == "#!/bin/sh") for i, line in enumerate(lines)):
        return None
    return rest


def _is_shell(text: str) -> bool:
    first = text.partition("\n")[0]
    if not first.startswith("#!"):
        return True  # no shebang: git runs it with sh
    if first.endswith("\r"):
        return False  # a CRLF shebang names no interpreter this system has
    words = first[2:].replace("/usr/bin/env", " ").split()
    return bool(words) and os.path.basename(words[0]) in _SHELLS


def _in_place(path: Path, user: str | None, ours: str) -> str | None:
    """The user's hook with kenning's block after its shebang, when git runs it with a shell and
    taking the block out again gives back exactly ``user``; else None (it is kept aside)."""
    if user is None or path.is_symlink() or not path.is_file() or not os.access(path, os.X_OK):
        return None
    if not _is_shell(user):
        return None
    if user.startswith("#!"):
        shebang, _, body = user.partition("\n")
        text = f"{shebang}\n{ours}{body}"
    else:  # no shebang: git runs it under sh; say so, and remember that kenning added the line
        text = f"{ADDED_SHEBANG}{ours}{user}"
    return text if _users_part(text) == user else None


def _script(path: Path) -> str | None:
    """The user's hook as UTF-8 text (line endings kept), or None when it is not that."""
    try:
        return files.read_exact(path)
    except (OSError, UnicodeDecodeError):
        return None


# -- install, uninstall, status -------------------------------------------------------------------

def install(project: Project, *, required: bool = False) -> list[tuple[str, str]]:
    """Install or refresh kenning's block in each hook; return (hook, what happened).

    In a hooks folder kenning must not write to (see ``refusal``), nothing is written: with
    ``required`` (``ken hooks install``) that is an ``InvalidInput``; otherwise (``ken init``,
    which sets up memory all the same) each hook is "skipped" and the reason is one warning.
    A hook whose kenning markers are damaged (``_damaged``) is the same: with ``required`` an
    ``InvalidInput`` before any hook is written, else that hook alone is "skipped", saying why."""
    folder = checked_folder(project)
    reason = refusal(project, folder)
    if reason is not None:
        if required:
            raise InvalidInput(reason)
        hand_over([reason])
        return [(name, "skipped") for name in HOOKS]
    ken = ken_executable()
    framework = framework_hook(project, folder)
    broken = _checked(project, folder, framework, "install", required)
    return [(name, f"skipped ({broken[name]})" if name in broken
             else _framework_pre_commit(folder, framework, ken) if name == "pre-commit" and framework
             else _install_one(folder, name, ken)) for name in HOOKS]


def _install_one(folder: Path, name: str, ken: str, at: str | None = None) -> str:
    """Install kenning's block for hook ``name`` in the file ``at`` (default: the hook itself)."""
    path, saved = folder / (at or name), folder / (name + CHAINED)
    has_saved = os.path.lexists(saved)
    ours = block(name, ken)
    current = _kenning_text(path)
    user = _users_part(current) if current is not None else None
    if not os.path.lexists(path) or (current is not None and user is None):  # no hook, or kenning's own
        return _write_own(path, own_hook(name, ken, has_saved), new=current is None, chained=has_saved)
    if current is None:
        user = _script(path)
    text = _in_place(path, user, ours)
    if text is not None:
        changed = files.write_atomic(path, text, within=folder)  # keeps the file's mode
        if current is None:
            return "installed (chained before your hook)"
        return "updated" if changed else "unchanged"
    if has_saved:  # never overwrite the hook kept there
        return f"skipped ({saved.name} already holds a hook; move it away, then run `ken hooks install`)"
    if current is not None and user is not None:
        files.write_atomic(path, user, within=folder)  # take kenning's block out before the hook is kept aside
    files.move(path, saved, within=folder)
    files.write_atomic(path, own_hook(name, ken, True), mode=0o755, within=folder)
    if os.access(saved, os.X_OK):
        return f"installed (your hook runs after it, from {saved.name})"
    return f"installed (your hook is kept as {saved.name}; not executable, so it stays off)"


def _write_own(path: Path, text: str, new: bool, chained: bool) -> str:
    if not new and not os.access(path, os.X_OK):
        files.remove(path, within=path.parent)  # rewritten below as a new, executable file
        new = True
    changed = files.write_atomic(path, text, mode=0o755 if new else None, within=path.parent)
    if new:
        return f"installed (your hook runs after it, from {path.name}{CHAINED})" if chained else "installed"
    return "updated" if changed else "unchanged"


def uninstall(project: Project) -> list[tuple[str, str]]:
    """Take kenning's block out of each hook, giving back the user's; a hook whose kenning
    markers are damaged is an ``InvalidInput`` before any hook is touched."""
    folder = checked_folder(project)
    framework = framework_hook(project, folder)
    _checked(project, folder, framework, "uninstall")
    found = [(name, _uninstall_one(folder, name)) for name in HOOKS]
    if framework is not None and _leave_legacy(folder):
        said = "removed (from pre-commit.legacy, which the pre-commit framework runs)"
        found = [(name, said if name == "pre-commit" else what) for name, what in found]
    return found


def _uninstall_one(folder: Path, name: str) -> str:
    path, saved = folder / name, folder / (name + CHAINED)
    has_saved = os.path.lexists(saved)
    current = _kenning_text(path)
    if current is None:
        if has_saved and not os.path.lexists(path):
            files.move(saved, path, within=folder)
            return "removed (your hook restored)"
        return f"not installed ({saved.name} holds an earlier hook of yours)" if has_saved else "not installed"
    user = _users_part(current)
    if user is not None:  # the block sits in the user's hook: cut it out, keeping the file's mode
        files.write_atomic(path, user, within=folder)
        return "removed"
    if has_saved:
        files.move(saved, path, replace=True, within=folder)
        return "removed (your hook restored)"
    files.remove(path, within=folder)
    return "removed"


def status(project: Project) -> list[tuple[str, str]]:
    return [(hook["hook"], hook["status"]) for hook in inspect(project)]


def inspect(project: Project) -> list[dict[str, Any]]:
    """Per hook: whether kenning runs from it (``installed``), the hook its block hands on to
    (``chained``), how many times the gate runs per commit, and a one-line status. A hook whose
    kenning markers are damaged says so, and what to do, as its status (a report refuses nothing)."""
    folder = _hooks_dir(project)
    framework = framework_hook(project, folder)
    broken = _checked(project, folder, framework, "install", required=False)
    found = [_inspect_one(folder, name, framework if name == "pre-commit" else None) for name in HOOKS]
    for hook in found:
        if hook["hook"] in broken:
            hook.update(installed=False, status=broken[hook["hook"]])
    return found


def _inspect_one(folder: Path, name: str, framework: dict[str, Any] | None) -> dict[str, Any]:
    path, saved = folder / name, folder / (name + CHAINED)
    text = _kenning_text(path)
    found: dict[str, Any] = {"hook": name, "path": str(path), "installed": text is not None, "chained": None}
    if text is not None:
        in_place = _users_part(text) is not None
        found["chained"] = f"{name} (your hook, after kenning's block)" if in_place else (
            saved.name if os.path.lexists(saved) else None)
        executable = os.access(path, os.X_OK)
        found["status"] = "installed" + ("" if executable else " (but not executable: run `ken hooks install`)")
    elif os.path.lexists(path):
        found["status"] = "not installed (a hook of your own is there)"
    else:
        found["status"] = "not installed"
    if framework is None:
        return found
    runs = [where for where, yes in ((name, text is not None), (framework["legacy"], framework["legacy_runs_kenning"]),
                                     (framework["config"], framework["runs_kenning"])) if yes]
    found.update(framework=framework, installed=bool(runs), gate_runs=len(runs))
    if len(runs) > 1:
        found["status"] = (f"installed, but the gate runs {len(runs)} times per commit (from {', '.join(runs)}): "
                           "run `ken hooks install`")
    elif framework["runs_kenning"]:
        found["status"] = f"run by the pre-commit framework (kenning-precheck in {framework['config']})"
    elif framework["legacy_runs_kenning"]:
        found["status"] = f"installed in {framework['legacy']}, which the pre-commit framework runs first"
    elif text is not None:
        found["status"] += " (inside the pre-commit framework's hook)"
    else:
        found["status"] = "not installed (the pre-commit framework's hook is there, without kenning-precheck)"
    return found


# -- the pre-commit framework ---------------------------------------------------------------------

# what the framework writes into every hook it installs (pre_commit/resources/hook-tmpl) and the
# template ids its own `is_our_script` looks for (pre_commit/commands/install_uninstall.py)
_FRAMEWORK_MARKS = ("# File generated by pre-commit: https://pre-commit.com",
                    "138fd403232d2ddd5efb44317e38bf03", "4d9958c90bc262f47553e2c073f14cfe",
                    "d8ee923c46731b42cd95cc869add4062", "49fd668cb42069aa1b6048464be5d395",
                    "79f09a650522a87b0da915d0d983b2de", "e358c9dae00eac5d06b38dfdb1e33a8c")
_FRAMEWORK_CONFIG = re.compile(r"--config[= ]['\"]?([^'\"\s)]+)")
# a hook of .pre-commit-config.yaml that runs kenning's gate: the id kenning's .pre-commit-hooks.yaml
# ships, or a local hook whose entry is `ken hook pre-commit` (a commented-out line does not count)
_RUNS_KENNING = re.compile(r"""^[ \t-]*\{?[ \t]*(?:["']?id["']?:[ \t]*["']?kenning-precheck["']?(?=[ \t,}#]|$)"""
                           r"""|["']?entry["']?:[ \t]*["']?(?:\S*/)?ken(?:\.exe)?["']?[ \t]+hook[ \t]+pre-commit\b)""",
                           re.M)


def framework_hook(project: Project, folder: Path) -> dict[str, Any] | None:
    """The pre-commit framework's hook in ``folder``, or None when the pre-commit hook is not
    the framework's: its config file (relative to the root), whether that config runs kenning's
    gate, and whether ``pre-commit.legacy`` (which the framework runs first) holds kenning's block."""
    text = _script(folder / "pre-commit")
    if text is None or not any(mark in text for mark in _FRAMEWORK_MARKS):
        return None
    named = _FRAMEWORK_CONFIG.search(text)
    config = named.group(1) if named else ".pre-commit-config.yaml"
    written = files.read_text(project.root / config)  # an absolute path stays itself
    legacy = folder / LEGACY
    return {"config": config, "runs_kenning": bool(written and _RUNS_KENNING.search(written)),
            "legacy": legacy.name, "legacy_runs_kenning": _kenning_text(legacy) is not None}


def _framework_pre_commit(folder: Path, framework: dict[str, Any], ken: str) -> str:
    """kenning's gate beside the pre-commit framework's hook, so that it runs once per commit:
    from the framework's config when that runs kenning-precheck; else from ``pre-commit.legacy``
    when kenning's hook was moved there (``pre-commit install`` keeps that file); else in place."""
    config, legacy = framework["config"], framework["legacy"]
    if framework["runs_kenning"]:
        taken = _take_block_out(folder / "pre-commit")
        taken = _leave_legacy(folder) or taken
        said = f"skipped (the pre-commit framework runs kenning-precheck from {config}"
        return said + ("; took kenning's own block out: the gate ran twice per commit)" if taken else ")")
    if framework["legacy_runs_kenning"]:
        _take_block_out(folder / "pre-commit")
        what = _install_one(folder, "pre-commit", ken, at=legacy)
        return f"{what} (in {legacy}, which the pre-commit framework runs first)"
    what = _install_one(folder, "pre-commit", ken)
    if not what.startswith("installed"):
        return what
    return (f"installed (inside the pre-commit framework's hook, which `pre-commit install` rewrites: "
            f"add the kenning-precheck hook to {config} instead)")


def _take_block_out(path: Path) -> bool:
    """Cut kenning's block out of a hook of someone else's that holds it; whether it did."""
    current = _kenning_text(path)
    user = _users_part(current) if current is not None else None
    if user is None:
        return False
    files.write_atomic(path, user, within=path.parent)  # keeps the file's mode
    return True


def _leave_legacy(folder: Path) -> bool:
    """Take kenning out of ``pre-commit.legacy`` (where ``pre-commit install`` moved its hook),
    giving back the user's hook it held or chained to; whether there was anything to take out."""
    legacy = folder / LEGACY
    if _take_block_out(legacy):
        return True
    if _kenning_text(legacy) is None:
        return False
    saved = folder / ("pre-commit" + CHAINED)
    if os.path.lexists(saved):
        files.move(saved, legacy, replace=True, within=folder)  # the user's own hook, which kenning's chained to
    else:
        files.remove(legacy, within=folder)
    return True


def refusal(project: Project, folder: Path) -> str | None:
    """Why kenning must not write hooks into ``folder``, or None. A folder of the work tree that
    git does not ignore (``core.hooksPath = .githooks``, committed for a team): kenning's hooks
    there would modify tracked files or add untracked ones, and carry this machine's ``ken`` path."""
    root, where = project.root.resolve(), folder.resolve()
    found = git.git_dir(project.root)
    gdir = Path(found) if found is not None else None
    inside_git = gdir is not None and (where == gdir.resolve() or gdir.resolve() in where.parents)
    if inside_git or (where != root and root not in where.parents):
        return None
    rel = where.relative_to(root).as_posix()
    try:
        if not git.tracked(project.root, rel) and git.ignored(project.root, f"{rel}/pre-commit"):
            return None
    except git.GitError:
        pass  # cannot tell: leave the folder alone
    return (f"core.hooksPath is {rel}/, inside your work tree, so kenning writes no hooks there "
            "(they would show up in `git status`); call `ken hook pre-commit` from your pre-commit hook "
            "and `ken hook post-commit` from post-commit, or use the pre-commit framework's kenning-precheck hook")
