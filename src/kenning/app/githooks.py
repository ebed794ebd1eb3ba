"""Installing kenning into git's hooks: marker-delimited blocks that chain the user's own hooks.

- pre-commit: an advisory precheck of the staged files; refuses the commit only when the user
  set ``commit = "strict"`` in the ``[gate]`` table and a staged file is blocked;
- post-commit: refreshes the events derived from git, in the background;
- post-merge, post-checkout: refresh the derived files, in the background.

Every block is POSIX sh, finds ``ken`` by absolute path with a PATH fallback, is time-limited
and fails open: a missing or broken ``ken`` never stops a commit. The block goes right after
the shebang of a shell hook (a user's trailing ``exit 0`` cannot skip it); a hook in another
language is moved aside to ``NAME.kenning-chained`` and run from a small sh wrapper. Hooks
never stage or modify tracked files.
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
    run = f'$KEN_T "$KEN" hook {name}'
    if name == "pre-commit":
        body = (f'  {run}\n  rc=$?\n'
                f'  if [ "$rc" -eq {BLOCKED_EXIT} ]; then exit 1; fi  # strict mode refused the commit\n')
    else:  # in the background: never delay the commit, merge or checkout
        body = f'  ({run} "$@" >/dev/null 2>&1 </dev/null &)\n'
    return (f"{BEGIN}\n"
            f'KEN="{ken}"\n'
            '[ -x "$KEN" ] || KEN="$(command -v ken 2>/dev/null)"\n'
            f'KEN_T=""; command -v timeout >/dev/null 2>&1 && KEN_T="timeout {TIMEOUT_SECONDS}"\n'
            'if [ -n "$KEN" ]; then\n'
            f"{body}"
            "fi\n"
            f"{END}\n")


def _hooks_dir(project: Project) -> Path:
    found = git.hooks_dir(project.root)
    if found is None:
        raise InvalidInput(f"{project.root} has no git directory; run `git init` first")
    return found


def _without_block(text: str) -> str:
    start = text.find(BEGIN)
    end = text.find(END)
    if start < 0 or end < start:
        return text
    stop = end + len(END)
    if text[stop:stop + 1] == "\n":
        stop += 1
    return text[:start] + text[stop:]


def _is_shell(text: str) -> bool:
    first = text.splitlines()[0] if text else ""
    if not first.startswith("#!"):
        return True  # no shebang: git runs it with sh
    words = first[2:].replace("/usr/bin/env", " ").split()
    return bool(words) and os.path.basename(words[0]) in _SHELLS


def install(project: Project) -> list[tuple[str, str]]:
    """Install or refresh kenning's block in each hook; return (hook, what happened)."""
    folder = _hooks_dir(project)
    ken = ken_executable()
    done = []
    for name in HOOKS:
        path = folder / name
        current = files.read_text(path)
        ours = block(name, ken)
        if current is None or not current.strip():
            text, what = ADDED_SHEBANG + ours, "installed"
        elif not _is_shell(current) and BEGIN not in current:
            files.write_atomic(folder / (name + CHAINED), current, mode=0o755)
            text = f'#!/bin/sh\n{ours}exec "$(dirname "$0")/{name}{CHAINED}" "$@"\n'
            what = f"installed (your hook runs from {name}{CHAINED})"
        else:
            rest = _without_block(current)
            if rest.startswith(ADDED_SHEBANG):  # our own shebang from an earlier install
                rest = rest[len(ADDED_SHEBANG):]
            if rest.startswith("#!"):
                shebang, _, body = rest.partition("\n")
                text = f"{shebang}\n{ours}{body}"
            else:  # a hook without a shebang runs under sh; say so, and remember we added it
                text = f"{ADDED_SHEBANG}{ours}{rest}"
            what = "updated" if BEGIN in current else "installed (chained before your hook)"
        mode = (os.stat(path).st_mode & 0o777) | 0o111 if path.exists() else 0o755
        changed = files.write_atomic(path, text, mode=mode)
        done.append((name, what if changed else "unchanged"))
    return done


def uninstall(project: Project) -> list[tuple[str, str]]:
    folder = _hooks_dir(project)
    done = []
    for name in HOOKS:
        path = folder / name
        current = files.read_text(path)
        if current is None or BEGIN not in current:
            done.append((name, "not installed"))
            continue
        chained = folder / (name + CHAINED)
        if chained.exists():
            files.write_atomic(path, files.read_text(chained) or "", mode=0o755)
            files.remove(chained)
            done.append((name, "removed (your hook restored)"))
            continue
        rest = _without_block(current)
        if rest.startswith(ADDED_SHEBANG):
            rest = rest[len(ADDED_SHEBANG):]
        if rest.strip() in ("", "#!/bin/sh"):
            files.remove(path)
        else:
            files.write_atomic(path, rest)
        done.append((name, "removed"))
    return done


def status(project: Project) -> list[tuple[str, str]]:
    folder = _hooks_dir(project)
    out = []
    for name in HOOKS:
        text = files.read_text(folder / name)
        if text is None:
            out.append((name, "not installed"))
        elif BEGIN in text:
            executable = os.access(folder / name, os.X_OK)
            out.append((name, "installed" + ("" if executable else " (but not executable: run `ken hooks install`)")))
        else:
            out.append((name, "not installed (a hook of your own is there)"))
    return out


def hooks_folder(project: Project) -> Path:
    return _hooks_dir(project)
