"""The agents' packages: generated from the hook declarations (a committed file that differs
fails here: run `make plugins`), and accepted by the agents' real CLIs, offline, in a clean HOME."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from kenning import __version__
from kenning.app.gate.tool_calls import AGENTS, HOOK_NAMES
from kenning.app.setup import plugins
from machine import isolated_env  # noqa: E402  (tests/ is on sys.path: its conftest.py)
from release.conftest import ROOT, npm_cli

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]


def test_the_committed_packages_are_what_the_declarations_generate() -> None:
    generated = plugins.files(__version__)
    stale = [rel for rel, text in generated.items()
             if not (ROOT / rel).exists() or (ROOT / rel).read_text(encoding="utf-8") != text]
    assert not stale, f"run `make plugins`: these differ from what kenning.app.setup.plugins generates: {stale}"
    kept = {p.relative_to(ROOT).as_posix() for p in (ROOT / "plugins").rglob("*") if p.is_file()}
    assert kept <= set(generated), f"files under plugins/ that nothing generates: {kept - set(generated)}"


@pytest.mark.parametrize("agent, hooks_file", [("claude", "plugins/claude/hooks/hooks.json"),
                                               ("codex", "plugins/codex/hooks/hooks.json"),
                                               ("gemini", "plugins/gemini/hooks/hooks.json")])
def test_each_plugin_runs_the_hooks_the_agent_is_declared_with(agent: str, hooks_file: str) -> None:
    shipped = json.loads((ROOT / hooks_file).read_text())["hooks"]
    assert {event: [g.get("matcher") for g in groups] for event, groups in shipped.items()} == \
        {event: [matcher] for event, matcher in AGENTS[agent][1].items()}
    for event, groups in shipped.items():
        assert groups[0]["hooks"][0]["command"].endswith(f" ken hook {HOOK_NAMES[event]} --agent {agent}")


def test_the_package_urls_name_the_repository_the_plugins_name() -> None:
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]
    assert urls["Source"] == plugins.REPOSITORY


def _fake_ken(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    fake = folder / "ken"
    fake.write_text('#!/bin/sh\necho "ran ken $*"\n')
    fake.chmod(0o755)
    return folder


@pytest.mark.parametrize("present", ["ken", "uvx", "neither"])
def test_the_hook_command_runs_ken_else_uvx_else_says_what_to_install(present: str, tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    if present == "ken":
        _fake_ken(bin_dir)
    elif present == "uvx":
        _fake_ken(bin_dir).joinpath("ken").rename(bin_dir / "uvx")
    bin_dir.mkdir(exist_ok=True)
    env = {**isolated_env(tmp_path), "PATH": f"{bin_dir}{os.pathsep}/usr/bin:/bin"}
    r = subprocess.run(plugins.command(__version__, "hook", "session-start", "--agent", "claude"), shell=True,
                       capture_output=True, text=True, env=env, timeout=30)
    assert r.returncode == 0
    if present == "ken":
        assert r.stdout == "ran ken hook session-start --agent claude\n"
    elif present == "uvx":
        assert r.stdout == f"ran ken --from {plugins.spec(__version__)} ken hook session-start --agent claude\n"
    else:
        assert r.stdout == "" and r.stderr.count("\n") == 1 and "pipx install kenning-memory" in r.stderr


def _clean_home(tmp_path: Path) -> dict[str, str]:
    env = isolated_env(tmp_path)
    env.pop("CODEX_HOME", None)
    return env


def _cli(binary: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(binary), *args], capture_output=True, text=True, env=env, timeout=300, cwd=env["HOME"],
                          stdin=subprocess.DEVNULL)


@pytest.mark.slow
def test_claude_code_validates_the_plugin_and_the_marketplace_and_installs_it(tmp_path: Path) -> None:
    claude = npm_cli("claude")
    env = _clean_home(tmp_path)
    for folder in (ROOT / "plugins" / "claude", ROOT):
        r = _cli(claude, "plugin", "validate", str(folder), env=env)
        assert r.returncode == 0 and "Validation passed" in r.stdout and "warning" not in r.stdout, r.stdout + r.stderr
    assert _cli(claude, "plugin", "marketplace", "add", str(ROOT), env=env).returncode == 0
    r = _cli(claude, "plugin", "install", f"{plugins.NAME}@{plugins.NAME}", env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    cached = next(Path(env["HOME"], ".claude", "plugins", "cache").rglob("hooks/hooks.json"))
    assert cached.read_text() == (ROOT / "plugins" / "claude" / "hooks" / "hooks.json").read_text()


@pytest.mark.slow
def test_codex_adds_the_marketplace_and_installs_the_plugin(tmp_path: Path) -> None:
    codex = npm_cli("codex")
    env = _clean_home(tmp_path)
    r = _cli(codex, "plugin", "marketplace", "add", str(ROOT), env=env)
    assert r.returncode == 0 and f"Added marketplace `{plugins.NAME}`" in r.stdout, r.stdout + r.stderr
    r = _cli(codex, "plugin", "add", f"{plugins.NAME}@{plugins.NAME}", env=env)
    assert r.returncode == 0 and f"Added plugin `{plugins.NAME}`" in r.stdout, r.stdout + r.stderr
    cached = Path(r.stdout.split("Installed plugin root:")[1].strip())
    assert json.loads((cached / "hooks" / "hooks.json").read_text()) == plugins.hooks("codex", __version__)
    assert (cached / ".mcp.json").read_text() == (ROOT / "plugins" / "codex" / ".mcp.json").read_text()


@pytest.mark.slow
def test_gemini_cli_validates_and_installs_the_extension(tmp_path: Path) -> None:
    gemini = npm_cli("gemini")
    env = _clean_home(tmp_path)
    folder = ROOT / "plugins" / "gemini"
    r = _cli(gemini, "extensions", "validate", str(folder), env=env)
    assert r.returncode == 0 and "successfully validated" in r.stdout + r.stderr, r.stdout + r.stderr
    # the folder trusted beforehand, as answering Gemini CLI's trust prompt does
    trusted = Path(env["HOME"], ".gemini", "trustedFolders.json")
    trusted.parent.mkdir(parents=True, exist_ok=True)
    trusted.write_text(json.dumps({str(folder): "TRUST_FOLDER"}))
    r = _cli(gemini, "extensions", "install", str(folder), "--consent", "--skip-settings", env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    installed = Path(env["HOME"], ".gemini", "extensions", plugins.NAME)
    assert json.loads((installed / "hooks" / "hooks.json").read_text()) == plugins.hooks("gemini", __version__)


def test_server_json_is_valid_against_the_registrys_schema_and_the_readme_claims_its_name() -> None:
    import jsonschema

    schema = json.loads((Path(__file__).parent / "data" / "server.schema.json").read_text())
    server = json.loads((ROOT / "server.json").read_text())
    assert server["$schema"] == schema["$id"]
    jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker()).validate(server)
    # the registry reads this line in the PyPI package's description (the README) to grant the name
    assert f"<!-- mcp-name: {server['name']} -->" in (ROOT / "README.md").read_text()
    assert server["packages"][0]["identifier"] == tomllib.loads((ROOT / "pyproject.toml").read_text())[
        "project"]["name"]


def test_server_json_fails_the_schema_where_the_registry_would_refuse_it() -> None:
    import jsonschema

    schema = json.loads((Path(__file__).parent / "data" / "server.schema.json").read_text())
    server = json.loads((ROOT / "server.json").read_text())
    for broken in ({**server, "name": "kenning"}, {**server, "description": "x" * 101},
                   {**server, "packages": [{**server["packages"][0], "version": "latest"}]}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.Draft7Validator(schema).validate(broken)
