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
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from kenning import git
from kenning.app.project import Project
from kenning.core.errors import InvalidInput
from kenning.store import files

HOOKS = ("pre-commit", "post-commit", "post-merge", "post-checkout")
BEGIN = "# >>> kenning >>> (managed by `ken hooks install`; `ken hooks uninstall` removes it)"
END = "# <<< kenning <<<"
CHAINED = ".kenning-chained"
ADDED_SHEBANG = "#!/bin/sh\n# (kenning added the line above; `ken hooks uninstall` removes it)\n"
BLOCKED_EXIT = 77  # `ken hook pre-commit` exits with this (and only this) to refuse a commit
TIMEOUT_SECONDS = 20
_SHELLS = ("sh", "bash", "dash", "zsh", "ksh", "ash")
_BEGIN_MARK = BEGIN[:BEGIN.index("(")].rstrip()  # what every version's first line starts with


def ken_executable() -> str:
    """The absolute path of the running `ken` (a hook must not depend on PATH)."""
    argv0 = Path(sys.argv[0])
    if argv0.name == "ken" and argv0.exists():
        return str(argv0.resolve())
    found = shutil.which("ken")
    if found:
        return str(Path(found).resolve())
    beside = Path(sys.executable).with_name("ken")
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


# -- reading a hook -------------------------------------------------------------------------------

def _span(text: str) -> tuple[int, int] | None:
    """Where kenning's block is in ``text`` (from its first line to the line after its last)."""
    start = text.find(_BEGIN_MARK)
    while start > 0 and text[start - 1] != "\n":
        start = text.find(_BEGIN_MARK, start + 1)
    end = text.find(END, start) if start >= 0 else -1
    if end < 0:
        return None
    stop = end + len(END)
    return start, stop + 1 if text[stop:stop + 1] == "\n" else stop


def _kenning_text(path: Path) -> str | None:
    """The text of the hook at ``path`` when it holds kenning's block, else None (no hook, a
    symlink, which kenning never writes, or a file of the user's)."""
    text = None if path.is_symlink() else _script(path)
    return text if text is not None and _span(text) else None


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
    which sets up memory all the same) each hook is "skipped" and the reason is one warning."""
    folder = _hooks_dir(project)
    reason = refusal(project, folder)
    if reason is not None:
        if required:
            raise InvalidInput(reason)
        sys.stderr.write(f"ken: warning: {reason}\n")
        return [(name, "skipped") for name in HOOKS]
    ken = ken_executable()
    return [(name, _install_one(folder, name, ken)) for name in HOOKS]


def _install_one(folder: Path, name: str, ken: str) -> str:
    path, saved = folder / name, folder / (name + CHAINED)
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
        changed = files.write_atomic(path, text)  # keeps the file's mode
        if current is None:
            return "installed (chained before your hook)"
        return "updated" if changed else "unchanged"
    if has_saved:  # never overwrite the hook kept there
        return f"skipped ({saved.name} already holds a hook; move it away, then run `ken hooks install`)"
    if current is not None and user is not None:
        files.write_atomic(path, user)  # take kenning's block out before the hook is kept aside
    files.move(path, saved)
    files.write_atomic(path, own_hook(name, ken, True), mode=0o755)
    if os.access(saved, os.X_OK):
        return f"installed (your hook runs after it, from {saved.name})"
    return f"installed (your hook is kept as {saved.name}; not executable, so it stays off)"


def _write_own(path: Path, text: str, new: bool, chained: bool) -> str:
    if not new and not os.access(path, os.X_OK):
        files.remove(path)  # rewritten below as a new, executable file
        new = True
    changed = files.write_atomic(path, text, mode=0o755 if new else None)
    if new:
        return f"installed (your hook runs after it, from {path.name}{CHAINED})" if chained else "installed"
    return "updated" if changed else "unchanged"


def uninstall(project: Project) -> list[tuple[str, str]]:
    folder = _hooks_dir(project)
    return [(name, _uninstall_one(folder, name)) for name in HOOKS]


def _uninstall_one(folder: Path, name: str) -> str:
    path, saved = folder / name, folder / (name + CHAINED)
    has_saved = os.path.lexists(saved)
    current = _kenning_text(path)
    if current is None:
        if has_saved and not os.path.lexists(path):
            files.move(saved, path)
            return "removed (your hook restored)"
        return f"not installed ({saved.name} holds an earlier hook of yours)" if has_saved else "not installed"
    user = _users_part(current)
    if user is not None:  # the block sits in the user's hook: cut it out, keeping the file's mode
        files.write_atomic(path, user)
        return "removed"
    if has_saved:
        files.move(saved, path, replace=True)
        return "removed (your hook restored)"
    files.remove(path)
    return "removed"


def status(project: Project) -> list[tuple[str, str]]:
    folder = _hooks_dir(project)
    out = []
    for name in HOOKS:
        path = folder / name
        if _kenning_text(path) is not None:
            executable = os.access(path, os.X_OK)
            out.append((name, "installed" + ("" if executable else " (but not executable: run `ken hooks install`)")))
        elif os.path.lexists(path):
            out.append((name, "not installed (a hook of your own is there)"))
        else:
            out.append((name, "not installed"))
    return out


def refusal(project: Project, folder: Path) -> str | None:
    """Why kenning must not write hooks into ``folder``, or None. A folder of the work tree that
    git does not ignore (``core.hooksPath = .githooks``, committed for a team): kenning's hooks
    there would modify tracked files or add untracked ones, and carry this machine's ``ken`` path."""
    root, where = project.root.resolve(), folder.resolve()
    gdir = git.git_dir(project.root)
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
