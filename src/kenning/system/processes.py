"""Starting processes other than git: the one home of that effect besides the ``git`` package.

Three kinds, each one function: a command that replaces this process or runs attached to the
terminal (``ken wrap``), a shell command run to completion with its output captured (``ken
doctor`` running an installed hook the way the agent does), and a detached ``ken`` that
outlives this one (the background index build after a clone). Nothing here decides when to
start a process; ``app`` does.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from os import PathLike


class Finished:
    """A captured run: exit code and output; ``timed_out`` when it was stopped at its limit."""

    __slots__ = ("returncode", "stdout", "stderr", "timed_out")

    def __init__(self, returncode: int, stdout: str, stderr: str, timed_out: bool = False) -> None:
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr
        self.timed_out = timed_out


def run_shell(command: str, cwd: str | PathLike[str], env: dict[str, str], stdin: str, timeout: float) -> Finished:
    """``command`` through the system shell, ``stdin`` fed in, output captured. ``OSError`` when
    the shell cannot be started."""
    import subprocess  # here, not at the top: the gate and the hooks start no process

    try:
        done = subprocess.run(command, shell=True, cwd=cwd, env=env, input=stdin, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return Finished(-1, "", "", timed_out=True)
    return Finished(done.returncode, done.stdout, done.stderr)


def replace_with(program: str, argv: list[str], env: dict[str, str]) -> int:
    """Become ``program`` (POSIX ``exec``: the exit status and signals are the command's own);
    on Windows, where a process cannot be replaced, run it attached and return its exit code.
    ``OSError`` when it cannot be run."""
    sys.stdout.flush()  # exec drops what Python still buffers: what this process said goes out first
    sys.stderr.flush()
    if os.name == "nt":
        import subprocess

        return subprocess.run([program, *argv[1:]], env=env, check=False).returncode
    os.execve(program, argv, env)
    return 0  # not reached: execve returns only by raising


def spawn_ken(args: list[str], cwd: str | PathLike[str], env: dict[str, str] | None = None) -> bool:
    """Start ``ken ARGS`` (this interpreter, ``-m kenning``) on its own: detached, no terminal,
    outliving this process, with ``env`` added to this process's environment. False when it
    could not be started."""
    import subprocess

    detach: dict[str, object] = ({"creationflags": 0x00000008 | 0x00000200} if os.name == "nt"  # DETACHED, NEW GROUP
                                 else {"start_new_session": True})
    try:
        subprocess.Popen([sys.executable, "-m", "kenning", *args], cwd=cwd, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=True,
                         env={**os.environ, **env} if env else None, **detach)  # type: ignore[call-overload]
    except OSError:
        return False
    return True


def windows_quote(word: str) -> str:
    """One argument quoted as Windows' C runtime reads a command line."""
    import subprocess

    return subprocess.list2cmdline([word])
