"""The truth ``bench/citations_real.py`` scores citations against (``git blame -w -M -C``), on
small real histories of the shapes where blame read naively was wrong on public repositories:
a block deleted and restored, a file renamed past git's rename threshold, a closing brace of the
same commit taken for the cited one, and a block copied whole into two files. Each also says
what kenning's citation answers on the same history."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from machine import run_git, write_file

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("citations_real", ROOT / "bench" / "citations_real.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["citations_real"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def repo(tmp_path: Path, machine: dict[str, str]) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    run_git(("init", "-q"), root, machine)
    return root


def commit(root: Path, env: dict[str, str], files: dict[str, str | None], message: str = "change") -> str:
    for name, text in files.items():
        if text is None:
            (root / name).unlink()
        else:
            write_file(root, name, text)
    run_git(("add", "-A"), root, env)
    run_git(("commit", "-q", "-m", message), root, env)
    return run_git(("rev-parse", "HEAD"), root, env).stdout.strip()


def case(root: Path, sha: str, path: str, start: int, end: int, target: str) -> dict[str, Any]:
    """A sampled case as the bench makes one: lines ``start``-``end`` of ``path`` at ``sha``,
    followed to ``target``."""
    shown = (root / ".git").exists() and run_git(("show", f"{sha}:{path}"), root, dict(os.environ)).stdout.splitlines()
    return {"commit": sha, "path": path, "start": start, "end": end, "block": shown[start - 1:end], "days": 30,
            "target": target}


def function(name: str, body: str) -> str:
    return f"func {name}(request *Request) error {{\n{body}\treturn nil\n}}\n\n"


CHARGE = ("\tkey := request.IdempotencyKey()\n\tif store.Seen(key) {\n\t\treturn store.Result(key)\n\t}\n"
          "\tgateway.ChargeOrder(request.Order, key)\n")
REFUND = "\tgateway.RefundOrder(request.Order)\n\tlog.Printf(\"refunded %s\", request.Order.ID)\n"
HEAD = "package pay\n\nimport \"log\"\n\n"


def test_a_block_deleted_and_restored_is_verified_by_the_truth_and_by_kenning(
        bench: ModuleType, repo: Path, machine: dict[str, str]) -> None:
    text = HEAD + function("Charge", CHARGE) + function("Refund", REFUND)
    cited = commit(repo, machine, {"pay.go": text})
    commit(repo, machine, {"pay.go": HEAD + function("Refund", REFUND)}, "drop Charge by accident")
    restored = commit(repo, machine, {"pay.go": text}, "fix accidental deletion")
    it = case(repo, cited, "pay.go", 6, 10, restored)  # Charge's body
    assert bench._blamed(repo, it)[0][0] in ("changed", "gone")  # blame credits the lines to the fix
    assert bench.truth(repo, it)[0] == ("verified", "pay.go", 6, 10)
    assert bench.by_kenning(repo, it) == ("verified", "pay.go", 6, 10)


def test_a_copy_that_was_there_before_is_not_taken_for_a_restored_block(
        bench: ModuleType, repo: Path, machine: dict[str, str]) -> None:
    text = HEAD + function("Charge", CHARGE) + function("Again", CHARGE)
    cited = commit(repo, machine, {"pay.go": text})
    gone = commit(repo, machine, {"pay.go": HEAD + function("Again", CHARGE)}, "drop Charge")
    # the copy in Again was written with the cited block, not after it: not a restoration
    assert bench.truth(repo, case(repo, cited, "pay.go", 6, 10, gone))[0][0] != "verified"


def test_lines_blame_follows_into_a_file_renamed_past_the_threshold_are_found(
        bench: ModuleType, repo: Path, machine: dict[str, str]) -> None:
    short = [f"\tconfig.Add(\"opt_{n}\", defaults.Opt{n})\n" for n in range(2)]
    long = [f"\tconfig.RegisterWithFallback(\"long_option_{n}\", defaults.LongOption{n}Value)\n" for n in range(10)]
    cited = commit(repo, machine, {"setup_example.go": HEAD + "func Setup(config *Config) {\n" + "".join(short + long)
                                   + "}\n"})
    run_git(("mv", "setup_example.go", "example_setup.go"), repo, machine)
    commit(repo, machine, {}, "rename")
    fresh = [f"\tconfig.RegisterNamed(\"renamed_{n}\", fresh.Value{n}())\n" for n in range(30)]
    target = commit(repo, machine, {"example_setup.go": HEAD + "func Setup(config *Config) {\n" + "".join(short + fresh)
                                    + "}\n"})
    # the cited block, lines 6-9: two short registrations blame follows through the rename, and
    # the two longest (most telling) lines, rewritten; git's diff sees a deleted and an added file
    it = case(repo, cited, "setup_example.go", 6, 9, target)
    assert bench.truth(repo, it)[0][:2] == ("changed", "example_setup.go")
    assert bench.by_kenning(repo, it)[:2] == ("changed", "example_setup.go")


def test_a_closing_brace_of_the_same_commit_is_not_the_cited_one(
        bench: ModuleType, repo: Path, machine: dict[str, str]) -> None:
    cited = commit(repo, machine, {"pay.go": HEAD + function("Charge", CHARGE) + function("Refund", REFUND)})
    target = commit(repo, machine, {"pay.go": HEAD + function("Refund", REFUND)}, "drop Charge")
    it = case(repo, cited, "pay.go", 8, 10, target)  # in Charge: a return, the if's brace, the charge
    assert bench.truth(repo, it)[0][0] == "gone"
    assert bench.by_kenning(repo, it)[0] == "gone"


def test_a_block_copied_whole_into_two_files_is_exact_at_either(
        bench: ModuleType, repo: Path, machine: dict[str, str]) -> None:
    cited = commit(repo, machine, {"pay.go": HEAD + function("Charge", CHARGE), "other.go": HEAD})
    charge = function("Charge", CHARGE)
    target = commit(repo, machine, {"pay.go": None, "a_copy.go": HEAD + charge, "b_copy.go": HEAD + "\n" + charge})
    places = bench.truth(repo, case(repo, cited, "pay.go", 6, 10, target))
    assert ("moved", "a_copy.go", 6, 10) in places and ("moved", "b_copy.go", 7, 11) in places
    assert bench.by_kenning(repo, case(repo, cited, "pay.go", 6, 10, target)) in places


def test_a_line_of_the_same_commit_with_the_same_text_elsewhere_is_not_the_cited_one(
        bench: ModuleType, repo: Path, machine: dict[str, str]) -> None:
    # blame over the range names each surviving line by its place in the cited commit: Refund's
    # "return nil", written by the same commit with the same text, is not Charge's
    cited = commit(repo, machine, {"pay.go": HEAD + function("Charge", CHARGE) + function("Refund", REFUND)})
    target = commit(repo, machine, {"pay.go": HEAD + function("Refund", REFUND)}, "drop Charge")
    it = case(repo, cited, "pay.go", 10, 12, target)  # the charge, its return nil, its brace
    assert bench.truth(repo, it)[0][0] == "gone"
    assert bench.by_kenning(repo, it)[0] == "gone"


def test_a_block_rewritten_but_for_its_brace_and_blank_line_is_gone_by_the_truth_and_by_kenning(
        bench: ModuleType, repo: Path, machine: dict[str, str]) -> None:
    # what is left, a brace and a blank line, says nothing alone: the cited code is gone
    cited = commit(repo, machine, {"pay.go": HEAD + function("Charge", CHARGE) + function("Refund", REFUND)})
    fresh = "\tledger.Reimburse(request.Order, request.Total)\n"
    target = commit(repo, machine, {"pay.go": HEAD + function("Charge", CHARGE) + function("Reimburse", fresh)})
    it = case(repo, cited, "pay.go", 12, 15, target)  # Charge's brace, a blank, Refund's head and first line
    assert bench.truth(repo, it)[0][0] == "gone"
    assert bench.by_kenning(repo, it)[0] == "gone"
    kept = case(repo, cited, "pay.go", 11, 14, target)  # from Charge's "return nil": that is left
    assert bench.truth(repo, kept)[0][0] == "changed"
    assert bench.by_kenning(repo, kept)[0] == "changed"
