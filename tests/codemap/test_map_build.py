"""``ken map --build`` end to end: real git repositories, ``ken``'s command line. The edges a user
would draw by hand, incremental rebuilds that read only what changed, and the cache's failures
(gone, corrupt, from another version) ending in a rebuild, never a traceback."""

from __future__ import annotations

import json
import os

import pytest

from kenning.app.project import Project
from kenning.app.views.codemap import CodeMap, load

from .conftest import Repo, World

NOW = "2030-06-30T12:00:00Z"

SHOP = {
    "src/pay/__init__.py": "",
    "src/pay/webhook.py": '"""Webhooks.\n\nimport not_this\n"""\nfrom src.pay import ledger\nfrom . import retry\n'
                          "import stripe\n# from src.pay import commented_out\n",
    "src/pay/ledger.py": "from .models import Charge\n",
    "src/pay/models.py": "import dataclasses\n",
    "src/pay/retry.py": "",
    "web/app.ts": "import { x } from './util'\nimport React from 'react'\n// import { y } from './old'\n",
    "web/util.ts": "export const x = 1\n",
    "web/index.js": "const app = require('./app')\n",
    "go.mod": "module github.com/acme/shop\n\ngo 1.22\n",
    "cmd/shop/main.go": 'package main\n\nimport (\n\t"fmt"\n\t"github.com/acme/shop/internal/ledger"\n)\n',
    "internal/ledger/ledger.go": "package ledger\n",
    "internal/ledger/ledger_test.go": 'package ledger\n\nimport "testing"\n',
    "engine/src/main.rs": "mod config;\nuse crate::config::Settings;\n",
    "engine/src/config.rs": "pub struct Settings;\n",
    "native/pay.c": '#include "pay.h"\n#include <stdio.h>\n/* #include "old.h" */\n',
    "native/pay.h": "int pay(void);\n",
    "README.md": "import this\n",
}

EXPECTED_EDGES = [
    ["cmd/shop/main.go", "internal/ledger/ledger.go"],
    ["engine/src/main.rs", "engine/src/config.rs"],
    ["native/pay.c", "native/pay.h"],
    ["src/pay/ledger.py", "src/pay/models.py"],
    ["src/pay/webhook.py", "src/pay/ledger.py"],
    ["src/pay/webhook.py", "src/pay/retry.py"],
    ["web/app.ts", "web/util.ts"],
    ["web/index.js", "web/app.ts"],
]


def shop(world: World) -> Repo:
    repo = world.repo("shop", SHOP)
    repo.init()
    return repo


def build(repo: Repo) -> dict:
    return repo.json("map", "--build", "--now", NOW)


def cache(repo: Repo) -> dict:
    return json.loads((repo.path / ".kenning" / "cache" / "codemap.json").read_text())


def code_map(repo: Repo) -> CodeMap:
    """The map as ``ken visualize`` reads it."""
    built = load(Project(repo.path))
    assert built is not None
    return built


def edges(repo: Repo) -> list[list[str]]:
    return [list(edge) for edge in code_map(repo).edges]


def test_the_edges_are_the_ones_a_reader_would_draw(world: World) -> None:
    repo = shop(world)
    report = build(repo)
    assert report == {"files": 15, "parsed": 15, "reused": 0, "dropped": 0, "skipped": 0, "edges": 8,
                      "unresolved": 0, "languages": {"c": 2, "go": 3, "javascript": 1, "python": 5, "rust": 2,
                                                     "typescript": 2},
                      "built_at": "2030-06-30T12:00:00.000000Z", "cache": ".kenning/cache/codemap.json"}
    built = code_map(repo)
    assert [list(edge) for edge in built.edges] == EXPECTED_EDGES
    assert "README.md" not in built.files and built.files["web/index.js"] == "javascript"
    assert built.files["native/pay.h"] == "c" and built.built_at == "2030-06-30T12:00:00.000000Z"


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_the_text_report_and_the_code_structure_under_the_project_map(world: World) -> None:
    repo = shop(world)
    text = repo.ok("map", "--build", env={"KEN_NOW": NOW}).stdout
    assert text.startswith("Code map: 15 files (15 read, 0 unchanged), 8 import edges; python 5, go 3, ")
    assert "Saved in .kenning/cache/codemap.json" in text
    shown = repo.ok("map").stdout
    project_map = (repo.path / ".kenning" / "PROJECT_MAP.md").read_text()
    assert shown.startswith(project_map)
    assert "## Code structure" in shown and "From `ken map --build` at 2030-06-30T12:00:00.000000Z: 15 files" in shown
    assert "- `engine/src/config.rs`: imported by 1 file" in shown
    as_json = repo.json("map")
    assert as_json["map"] == project_map  # the file alone: an agent writing it back must not copy the section
    assert as_json["code_structure"]["edges"] == 8
    assert as_json["code_structure"]["most_imported"][0] == {"path": "engine/src/config.rs", "imported_by": 1}


def test_a_rebuild_reads_only_the_changed_file_and_drops_deleted_ones(world: World) -> None:
    repo = shop(world)
    build(repo)
    assert build(repo)["parsed"] == 0
    (repo.path / "web" / "util.ts").write_text("import { y } from './helpers'\nexport const x = 1\n")
    (repo.path / "web" / "helpers.ts").write_text("export const y = 2\n")
    world.git(repo.path, "add", "web/helpers.ts")
    report = build(repo)
    assert (report["parsed"], report["reused"], report["files"]) == (2, 14, 16)  # the changed and the new file
    assert ["web/util.ts", "web/helpers.ts"] in edges(repo)

    world.git(repo.path, "rm", "-q", "src/pay/retry.py")
    report = build(repo)
    assert (report["parsed"], report["dropped"], report["files"]) == (0, 1, 15)
    built = code_map(repo)
    assert "src/pay/retry.py" not in built.files
    assert not any("src/pay/retry.py" in edge for edge in built.edges)
    assert ("src/pay/webhook.py", "src/pay/__init__.py") in built.edges  # `from . import retry`: the package now


def test_one_changed_file_in_a_built_map_is_one_file_read(world: World) -> None:
    repo = shop(world)
    build(repo)
    path = repo.path / "src" / "pay" / "models.py"
    path.write_text("import dataclasses\nfrom .retry import backoff\n")
    report = build(repo)
    assert report["parsed"] == 1 and report["reused"] == 14
    assert ["src/pay/models.py", "src/pay/retry.py"] in edges(repo)


def test_a_new_file_or_config_can_satisfy_an_old_import_of_an_unchanged_file(world: World) -> None:
    repo = shop(world)
    (repo.path / "web" / "app.ts").write_text("import { x } from './util'\nimport { y } from '@lib/later'\n")
    build(repo)
    assert build(repo)["unresolved"] == 0  # `@lib/later` looks like a library until a config says otherwise
    (repo.path / "web" / "lib").mkdir()
    (repo.path / "web" / "lib" / "later.ts").write_text("export const y = 1\n")
    (repo.path / "web" / "tsconfig.json").write_text('{"compilerOptions": {"paths": {"@lib/*": ["./lib/*"]}}}')
    world.git(repo.path, "add", "web")
    report = build(repo)
    assert report["parsed"] == 1  # the new file only: web/app.ts is not read again
    assert ["web/app.ts", "web/lib/later.ts"] in edges(repo)


def test_a_corrupt_or_foreign_cache_is_rebuilt_from_scratch(world: World) -> None:
    repo = shop(world)
    build(repo)
    path = repo.path / ".kenning" / "cache" / "codemap.json"
    first = path.read_bytes()
    for damage in (b"{not json", first[: len(first) // 2], json.dumps({**cache(repo), "version": 999}).encode(),
                   json.dumps({**cache(repo), "files": {"a.py": {"language": "python"}}}).encode(), b"[]",
                   json.dumps({**cache(repo), "layout": None}).encode()):
        path.write_bytes(damage)
        assert repo.ok("map").stdout.count("## Code structure") == 0  # unreadable: as if never built
        report = build(repo)
        assert report["parsed"] == 15 and report["edges"] == 8
        assert path.read_bytes() == first  # the same tree and clock, the same bytes
    path.unlink()
    assert build(repo)["parsed"] == 15


def test_huge_binary_and_linked_files_are_not_read(world: World) -> None:
    repo = world.repo("odd", {"src/app.py": "import big\nimport blob\n", "big.py": "import os\n" + "#" * 1_100_000,
                              "blob.py": "import x\0\n", "vendor/real.py": "import os\n"})
    os.symlink("vendor/real.py", repo.path / "link.py")
    (repo.path / "bad.py").write_bytes(b"import os\n\xff\xfe caf\xe9\n")
    world.git(repo.path, "add", "link.py", "bad.py")
    repo.init()
    report = build(repo)
    saved = cache(repo)["files"]
    assert report["skipped"] == 2 and saved["big.py"]["skipped"] == "too big" and saved["big.py"]["specs"] == []
    assert saved["blob.py"]["skipped"] == "binary or unreadable"
    assert "link.py" not in saved  # a tracked link is never followed
    assert saved["bad.py"]["specs"] == ["os"]  # undecodable bytes replaced, the rest read
    assert edges(repo) == [["src/app.py", "big.py"], ["src/app.py", "blob.py"]]


def test_outside_a_repository_or_before_init_one_line_errors(world: World) -> None:
    bare = world.repo("bare")
    r = bare.ken("map", "--build")
    assert r.returncode == 3 and r.stderr.startswith("ken: error: kenning is not set up") and "ken init" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and not r.stdout
    outside = world.base / "nowhere"
    outside.mkdir()
    r = bare.ken("map", "--build", cwd=outside)
    assert r.returncode == 3 and "not inside a git repository" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    r = bare.ken("map", "--build", "--now", "not a time")
    assert r.returncode in (2, 3) and "Traceback" not in r.stderr


def test_the_cache_is_a_cache_not_memory(world: World) -> None:
    repo = shop(world)
    before = repo.log_bytes()
    build(repo)
    assert repo.log_bytes() == before  # building never writes an event
    assert "codemap" not in world.git(repo.path, "status", "--porcelain")  # .kenning/cache is ignored
