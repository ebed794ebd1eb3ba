"""What differs by platform: where machine-wide data lives, case-insensitive file systems, and
the log's bytes. A Windows or macOS job is not possible here, so each platform's branch is the
same function run with that platform's inputs, and the POSIX branch runs for real."""

from __future__ import annotations

import ast
import json
import subprocess
from pathlib import Path

from kenning.app.paths import on_disk_case
from kenning.app.project import data_home
from machine import KEN

from .conftest import World

STORE = Path(__file__).resolve().parents[2] / "src" / "kenning" / "store"


def test_machine_data_goes_to_the_xdg_data_folder_without_ken_home(tmp_path: Path):
    world = World(tmp_path)
    env = {k: v for k, v in world.env.items() if k != "KEN_HOME"}
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    repo = world.repo()
    r = subprocess.run([KEN, "init", "--no-hooks", "--no-backfill"], cwd=repo.path, env=env, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    registry = tmp_path / "data" / "kenning" / "projects.json"
    assert registry.exists()
    assert str(repo.path.resolve()) in json.dumps(json.loads(registry.read_text()))


def test_each_system_has_its_own_data_folder(tmp_path: Path):
    home = tmp_path / "home"
    assert data_home("linux", {}, home) == home / ".local" / "share" / "kenning"
    assert data_home("linux", {"XDG_DATA_HOME": "/x/data"}, home) == Path("/x/data/kenning")
    assert data_home("darwin", {}, home) == home / "Library" / "Application Support" / "kenning"
    assert data_home("win32", {"LOCALAPPDATA": "C:/Users/ana/AppData/Local"}, home) == Path(
        "C:/Users/ana/AppData/Local/kenning")
    assert data_home("win32", {}, home) == home / "AppData" / "Local" / "kenning"


def test_a_macos_store_made_under_local_share_stays_in_use(tmp_path: Path):
    home = tmp_path / "home"
    old = home / ".local" / "share" / "kenning"
    old.mkdir(parents=True)
    assert data_home("darwin", {}, home) == old
    (home / "Library" / "Application Support" / "kenning").mkdir(parents=True)
    assert data_home("darwin", {}, home) == home / "Library" / "Application Support" / "kenning"


def test_a_path_typed_in_another_case_is_filed_under_the_one_on_disk(tmp_path: Path):
    (tmp_path / "src" / "Pay").mkdir(parents=True)
    (tmp_path / "src" / "Pay" / "webhook.py").write_text("x = 1\n")
    assert on_disk_case(str(tmp_path), "SRC/pay/WebHook.py") == "src/Pay/webhook.py"
    assert on_disk_case(str(tmp_path), "src/Pay/webhook.py") == "src/Pay/webhook.py"
    assert on_disk_case(str(tmp_path), "SRC/gone/old.py") == "src/gone/old.py"  # kept as typed past the disk


def test_two_entries_differing_only_in_case_are_left_as_typed(tmp_path: Path):
    (tmp_path / "a.py").write_text("")
    (tmp_path / "A.py").write_text("")
    assert on_disk_case(str(tmp_path), "a.PY") == "a.PY"


def test_every_file_the_store_opens_for_writing_is_opened_in_binary_mode():
    """Windows opens descriptors in text mode unless ``O_BINARY`` is given: the log would get
    CRLF. Every ``os.open`` in the store that writes passes ``BINARY`` (or goes through
    ``open_nofollow``, which adds it)."""
    missing = []
    for path in sorted(STORE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and ast.unparse(node.func) == "os.open" and len(node.args) > 1):
                flags = ast.unparse(node.args[1])
                if ("O_WRONLY" in flags or "O_RDWR" in flags) and "BINARY" not in flags:
                    missing.append(f"{path.name}:{node.lineno}: {flags}")
    assert not missing, missing
