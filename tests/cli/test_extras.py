"""What each surface needs installed: the gate, the hooks and the CLI need the standard library
alone; `ken mcp` needs the MCP SDK (a dependency: a broken installation may lack it) and
`ken watch` the `watch` extra. An installation without a package is reproduced by hiding it
from the import system of a real `ken` process."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from .conftest import Repo

# what a `ken` process can import is the point
pytestmark = pytest.mark.real_processes

WITHOUT = textwrap.dedent("""
    import sys
    hidden = set(sys.argv[1].split(","))

    class Hide:
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in hidden:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, Hide())
    from kenning.cli.main import main
    sys.exit(main(sys.argv[2:]))
""")


def ken_without(repo: Repo, hidden: str, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", WITHOUT, hidden, *args], cwd=repo.path, env=repo.world.env,
                          input=stdin, capture_output=True, text=True, timeout=60)


CHECKOUT = str(Path(__file__).resolve().parents[2])  # where this kenning is installed from (-e, or pipx install .)


@pytest.mark.parametrize(("command", "hidden", "said"), [
    (["mcp"], "mcp", f"reinstall kenning ({sys.executable} -m pip install --force-reinstall "),
    # kenning is not on a package index under its name: the command names the checkout it came from
    (["watch"], "watchdog", f"{CHECKOUT}[watch]'"),
])
def test_a_surface_without_its_package_says_what_to_install(repo: Repo, command: list[str], hidden: str, said: str):
    r = ken_without(repo, hidden, *command)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and said in r.stderr, r.stderr
    assert "Traceback" not in r.stderr and "'kenning[" not in r.stderr


@pytest.mark.parametrize(("source", "prefix", "command"), [
    (("/src/my kenning", False), "/home/u/.local/share/pipx/venvs/kenning",
     "pipx install --force '/src/my kenning[watch]'"),
    (("/src/kenning", True), "/src/kenning/.venv", "{python} -m pip install -e '/src/kenning[watch]'"),
    (("/src/kenning", False), "/opt/env", "{python} -m pip install '/src/kenning[watch]'"),
    (None, "/opt/env", "from your kenning checkout, pipx install --force '.[watch]'"),
])
def test_the_install_command_follows_how_kenning_was_installed(monkeypatch: pytest.MonkeyPatch, source, prefix,
                                                               command):
    from kenning.app.setup import installation

    monkeypatch.setattr(installation, "_source", lambda: source)
    monkeypatch.setattr(installation.sys, "prefix", prefix)
    monkeypatch.setattr(installation.sys, "executable", "/opt/env/bin/python")
    assert installation.extra_command("watch").startswith(command.format(python="/opt/env/bin/python"))


def test_the_gate_and_the_writes_need_no_extra(repo: Repo):
    assert ken_without(repo, "mcp,watchdog,pydantic,starlette", "note", "works without extras",
                       "--at", "src/app.py").returncode == 0
    r = ken_without(repo, "mcp,watchdog,pydantic,starlette", "precheck", "src/app.py", "--json")
    assert r.returncode == 0 and '"files"' in r.stdout, r.stderr
    hook = ken_without(repo, "mcp,watchdog,pydantic,starlette", "hook", "session-start", stdin="{}")
    assert hook.returncode == 0 and "works without extras" in hook.stdout, hook.stderr


def test_init_says_when_the_mcp_server_cannot_run(world):
    repo = world.repo()
    r = ken_without(repo, "mcp", "init", "--no-hooks", "--no-backfill")
    assert r.returncode == 0, r.stderr
    assert "the MCP SDK is missing from ken's environment" in r.stdout
    assert "MCP SDK is missing" not in repo.ok("init", "--no-hooks", "--no-backfill").stdout


def test_doctor_names_a_client_whose_server_lacks_the_extra(repo: Repo):
    import json

    from machine import KEN

    (repo.path / ".mcp.json").write_text(json.dumps({"mcpServers": {"kenning": {"command": KEN, "args": ["mcp"]}}}))
    r = ken_without(repo, "mcp", "doctor")
    assert r.returncode == 1
    assert "lacks the `mcp` package" in r.stdout and "pipx reinstall kenning" in r.stdout, r.stdout
    assert "lacks the `mcp` package" not in repo.ken("doctor").stdout
