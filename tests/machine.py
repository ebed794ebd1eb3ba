"""The one way tests build a throw-away machine: an environment whose ``KEN_HOME``, ``HOME`` and
git configuration live under a temporary folder, so nothing on the real machine is read or
written, and the ``ken`` executable of this venv."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

_BIN = Path(sys.executable).parent / "ken"
KEN = str(_BIN) if _BIN.exists() else shutil.which("ken")

GITCONFIG = ("[user]\n\tname = {name}\n\temail = {email}\n"
             "[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n[advice]\n\tdetachedHead = false\n")


def isolated_env(base: Path, strip: tuple[str, ...] = (), name: str = "Test Runner",
                 email: str = "runner@example.invalid", **extra: str) -> dict[str, str]:
    """The environment of a machine under ``base``: KEN_*, GIT_* (and ``strip``) variables of the
    real one removed, its own HOME with a git identity, ``extra`` on top."""
    assert KEN, "the `ken` executable is not installed next to this Python nor on PATH"
    home = base / "home"
    home.mkdir(parents=True, exist_ok=True)
    (home / ".gitconfig").write_text(GITCONFIG.format(name=name, email=email))
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("KEN_", "GIT_", *strip)) and k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update({
        "KEN_HOME": str(base / "kenhome"),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(base / "xdg"),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CEILING_DIRECTORIES": str(base),
        "PYTHONDONTWRITEBYTECODE": "1",
    })
    env.update(extra)
    return env


def run_git(args: tuple[str, ...] | list[str], cwd: Path, env: dict[str, str],
            check: bool = True) -> subprocess.CompletedProcess:
    """Real git in a throw-away repository; ``check`` fails the test with git's own output."""
    r = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=60)
    if check:
        assert r.returncode == 0, f"git {' '.join(args)} -> {r.returncode}\n{r.stdout}\n{r.stderr}"
    return r


def write_file(root: Path, rel: str, text: str) -> Path:
    """Write ``text`` at ``root/rel``, creating folders."""
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path
