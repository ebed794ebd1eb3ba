"""``store.codemap`` on real files: the cache round-trips, and anything else reads as no cache;
source files are read without following links, binary ones refused."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from kenning.store import codemap as disk

ENTRY = {"language": "python", "size": 3, "mtime_ns": 7, "skipped": None, "specs": [".b"], "unresolved": 0}
MAP = {"built_at": "2030-06-30T12:00:00.000000Z", "layout": "abc",
       "files": {"pkg/a.py": {**ENTRY, "imports": ["pkg/b.py"]}, "pkg/b.py": {**ENTRY, "specs": [], "imports": []}}}


def test_a_saved_map_reads_back_the_same_and_its_bytes_are_deterministic(tmp_path: Path) -> None:
    path = tmp_path / ".kenning" / "cache" / "codemap.json"
    disk.save(path, json.loads(json.dumps(MAP)))
    first = path.read_bytes()
    assert json.loads(first)["files"]["pkg/a.py"]["imports"] == [1]  # an index among the sorted paths
    assert disk.load(path) == {**MAP, "version": disk.FORMAT}
    disk.save(path, disk.load(path) or {})
    assert path.read_bytes() == first


@pytest.mark.parametrize("damage", [
    {"version": 0}, {"built_at": None}, {"layout": 5}, {"files": []},
    {"files": {"a.py": {**ENTRY, "imports": [3]}}},  # an index past the files
    {"files": {"a.py": {**ENTRY, "imports": [True]}}},
    {"files": {"a.py": {**ENTRY, "imports": ["a.py"]}}},
    {"files": {"a.py": {**ENTRY, "specs": [1], "imports": []}}},
    {"files": {"a.py": {**ENTRY, "size": "3", "imports": []}}},
    {"files": {"a.py": {**ENTRY, "imports": [], "extra": 1}}},
    {"files": {"a.py": {**ENTRY, "imports": None}}},
    {"files": {"a.py": None}},
])
def test_anything_but_this_format_is_no_cache(tmp_path: Path, damage: dict) -> None:
    path = tmp_path / "codemap.json"
    disk.save(path, json.loads(json.dumps(MAP)))
    path.write_text(json.dumps({**json.loads(path.read_text()), **damage}))
    assert disk.load(path) is None


def test_missing_torn_and_linked_caches_are_no_cache(tmp_path: Path) -> None:
    cache = tmp_path / ".kenning" / "cache"
    assert disk.load(cache / "codemap.json") is None
    disk.save(cache / "real.json", json.loads(json.dumps(MAP)))
    (cache / "torn.json").write_bytes((cache / "real.json").read_bytes()[:40])
    assert disk.load(cache / "torn.json") is None
    os.symlink(cache / "real.json", cache / "codemap.json")
    assert disk.load(cache / "codemap.json") is None  # a link inside .kenning/ is never followed


def test_sources_are_read_as_text_never_through_a_link_nor_when_binary(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_bytes(b"import os\n\xff caf\xe9\n")
    (tmp_path / "bin.py").write_bytes(b"x\0y")
    (tmp_path / "dir.py").mkdir()
    os.symlink(tmp_path / "a.py", tmp_path / "link.py")
    assert disk.read_source(tmp_path, "a.py") == "import os\n\ufffd caf\ufffd\n"
    assert disk.source_stat(tmp_path, "a.py") == (17, os.stat(tmp_path / "a.py").st_mtime_ns)
    assert disk.read_source(tmp_path, "bin.py") is None
    assert disk.read_source(tmp_path, "link.py") is None and disk.source_stat(tmp_path, "link.py") is None
    assert disk.source_stat(tmp_path, "dir.py") is None and disk.source_stat(tmp_path, "gone.py") is None
