"""`ken completion bash|zsh|fish`: scripts generated from the real parser, checked by the real
shells (bash completes in a subprocess; zsh and fish parse the script, fish also completes, when
they are installed), and no cost for any other command."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from kenning.cli.completion import commands
from kenning.cli.parser import build_parser

from .conftest import Repo

COMMANDS = [c.name for c in commands(build_parser())]


def script(repo: Repo, shell: str) -> str:
    return repo.ok("completion", shell).stdout


def bash_complete(path, *words: str) -> list[str]:
    """What the bash script offers for ``words`` (the last one is being typed)."""
    quoted = " ".join(f"'{w}'" for w in words)
    probe = (f"source '{path}'; COMP_WORDS=({quoted}); COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); "
             "COMPREPLY=(); _ken; printf '%s\\n' \"${COMPREPLY[@]}\"")
    r = subprocess.run(["bash", "--norc", "--noprofile", "-c", probe], capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    return [line for line in r.stdout.splitlines() if line]


def test_the_parser_walk_finds_commands_flags_and_values():
    found = {c.name: c for c in commands(build_parser())}
    assert {"init", "precheck", "status", "completion", "wrap", "hooks"} <= set(found)
    hooks = found["hooks"]
    assert hooks.positional == ["install", "uninstall", "status"]
    agent = next(f for f in hooks.flags if "--agent" in f.names)
    assert agent.takes_value and agent.choices == ["claude", "codex", "gemini", "cursor"]
    assert found["precheck"].paths and not found["issue"].paths
    assert "--strict" in {n for f in found["precheck"].flags for n in f.names}
    assert not any("hook_args" in f.names for f in found["hook"].flags)  # hidden arguments stay hidden


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_every_command_is_in_every_script(repo: Repo, shell: str):
    text = script(repo, shell)
    for name in COMMANDS:
        assert name in text, f"`ken {name}` missing from the {shell} script"


def test_bash_completes_commands_flags_and_values(repo: Repo, tmp_path):
    path = tmp_path / "ken.bash"
    path.write_text(script(repo, "bash"))
    assert subprocess.run(["bash", "-n", str(path)]).returncode == 0
    assert bash_complete(path, "ken", "hoo") == ["hooks", "hook"]
    assert bash_complete(path, "ken", "stat") == ["stats", "status"]
    assert set(bash_complete(path, "ken", "hooks", "")) >= {"install", "uninstall", "status", "--agent"}
    assert bash_complete(path, "ken", "hooks", "--agent", "") == ["claude", "codex", "gemini", "cursor"]
    assert bash_complete(path, "ken", "search", "--type", "de") == ["decision"]
    assert bash_complete(path, "ken", "precheck", "--st") == ["--strict"]
    assert bash_complete(path, "ken", "issue", "--at", "") == []  # bash falls back to file names
    assert bash_complete(path, "ken", "completion", "")[:3] == ["bash", "zsh", "fish"]


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_zsh_parses_and_loads_the_script(repo: Repo, tmp_path):
    path = tmp_path / "_ken"
    path.write_text(script(repo, "zsh"))
    assert subprocess.run(["zsh", "-n", str(path)]).returncode == 0
    r = subprocess.run(["zsh", "-f", "-c", f"autoload -U compinit; compinit -u -d {tmp_path}/zcd; source {path}; "
                        "whence -w _ken"], capture_output=True, text=True, timeout=30)
    assert r.returncode == 0 and "_ken: function" in r.stdout, r.stderr


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed")
def test_fish_completes_commands_and_values(repo: Repo, tmp_path):
    path = tmp_path / "ken.fish"
    path.write_text(script(repo, "fish"))

    def offered(line: str) -> list[str]:
        r = subprocess.run(["fish", "--no-config", "-c", f"source {path}; complete -C '{line}'"],
                           capture_output=True, text=True, timeout=30)
        assert r.returncode == 0, r.stderr
        return [row.split("\t")[0] for row in r.stdout.splitlines()]

    assert offered("ken hoo") == ["hook", "hooks"]
    assert offered("ken hooks ") == ["install", "status", "uninstall"]
    assert offered("ken hooks --agent ") == ["claude", "codex", "gemini", "cursor"]
    assert "--strict" in offered("ken precheck --st")


def test_an_unknown_shell_is_a_usage_error(repo: Repo):
    r = repo.ken("completion", "powershell")
    assert r.returncode == 2 and "invalid choice" in r.stderr and "Traceback" not in r.stderr


def test_other_commands_do_not_load_the_generator():
    """The generator and the whole parser are built for `ken completion` only."""
    probe = ("import sys, kenning.cli.parser as c; c.build_parser('summary'); "
             "print('kenning.cli.completion' in sys.modules)")
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert r.stdout.strip() == "False"
