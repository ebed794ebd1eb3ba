"""Revert and reland forms of Copybara, Gerrit and GitHub histories, read by ``ken audit`` and by
capture alike: real git histories shaped like the public ones they come from (XNNPACK's
changelist rollbacks, ANGLE's ``[gn] Revert:`` and ``crrev.com/c/N`` relands, Copybara's
rollbacks with a free-form subject), audited through a real ``ken`` process.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.test_gate_reverts import AFTER, BEFORE
from gate.conftest import Repo, World

CHANGE = 670862818


@pytest.fixture
def world(tmp_path: Path) -> World:
    return World(tmp_path)


def _items(report: dict) -> dict[str, dict]:
    return {item["reattempt"]["sha"]: item for item in report["items"]}


def test_a_rollback_of_a_changelist_undoes_the_commit_carrying_that_number(world: World):
    """``Automated g4 rollback of changelist N`` names the commit whose ``PiperOrigin-RevId`` is
    N: the audit replays its retry against that change, and memory names it."""
    repo = world.repo()
    repo.commit("src/kernels.c", BEFORE, "Add kernels file", 40)
    repo.commit("src/other.c", "int x;\n", f"Unrelated change\n\nPiperOrigin-RevId: {CHANGE - 1000}", 35)
    original = repo.commit("src/kernels.c", AFTER, f"Add AVX-VNNI kernels\n\nPiperOrigin-RevId: {CHANGE}", 30)
    repo.commit("src/kernels.c", BEFORE, f"Automated g4 rollback of changelist {CHANGE}.\n\nPiperOrigin-RevId: "
                f"{CHANGE + 10}", 29)
    retry = repo.commit("src/kernels.c", AFTER, "Add AVX-VNNI kernels", 20)
    report = repo.json("audit")
    item = _items(report)[retry]
    assert item["original"]["sha"] == original, item
    assert item["verdict"]["warned"] and item["verdict"]["named"], item
    repo.ok("init", "--no-hooks", days=21)
    failure = repo.precheck("src/kernels.c", days=21)
    assert original[:7] in str(failure) or "Add AVX-VNNI kernels" in str(failure), failure


def test_a_copybara_rollback_with_a_free_subject_is_a_revert_and_its_rollback_a_reland(world: World):
    """"Still breaking tests" over ``Reverts <sha>`` is the revert; the same change rolled
    forward ("Add the fast parser again" over ``Reverts <rollback sha>``) is its re-attempt."""
    repo = world.repo()
    repo.commit("parser.py", BEFORE, "add parser.py", 41)
    original = repo.commit("parser.py", AFTER, "Add the fast parser", 40)
    rollback = repo.commit("parser.py", BEFORE, f"Still breaking tests\n\nReverts {original}\n\nPiperOrigin-RevId: 5",
                           39)
    again = repo.commit("parser.py", AFTER, f"Add the fast parser again\n\nReverts {rollback}\n\nPiperOrigin-RevId: 6",
                        30)
    report = repo.json("audit")
    assert report["reverts"] == 1, report
    item = _items(report)[again]
    assert item["found_by"] == "message" and item["revert"]["sha"] == rollback, item
    assert item["verdict"]["named"], item


def test_labelled_and_scoped_relands_are_re_attempts(world: World):
    repo = world.repo()
    retries = {}
    for path, change, revert, reland in [
        ("ci.py", "[gn] Experimental builder for Linux AArch64", "[gn] Revert: Experimental builder for Linux AArch64",
         "[gn] Reland: Experimental builder for Linux AArch64"),
        ("menu.py", "fix: allow disabling all NSMenuItems (#46)", "fix: revert allow disabling all NSMenuItems (#47)",
         "fix(reland): allow disabling all NSMenuItems (#48)"),
        ("nacl.py", "Guard against find_bad_constructs on nacl", 'Revert "Guard against find_bad_constructs on nacl"',
         "Guard against find_bad_constructs on nacl (again)"),
    ]:
        repo.commit(path, BEFORE, f"add {path}", 45)
        repo.commit(path, AFTER, change, 40)
        repo.commit(path, BEFORE, revert, 39)
        retries[repo.commit(path, AFTER, reland, 35)] = reland
    report = repo.json("audit")
    found = _items(report)
    assert set(found) == set(retries), [i["reattempt"]["subject"] for i in report["items"]]
    assert all(item["found_by"] == "message" and item["verdict"]["warned"] for item in found.values()), found


def test_a_crrev_reland_names_the_gerrit_change_it_relands(world: World):
    repo = world.repo()
    repo.commit("blit.cpp", BEFORE, "add blit.cpp", 45)
    original = repo.commit("blit.cpp", AFTER, "Vulkan: Fix the blit\n\nReviewed-on: "
                           "https://chromium-review.googlesource.com/c/angle/angle/+/7953343", 40)
    repo.commit("blit.cpp", BEFORE, 'Revert "Vulkan: Fix the blit (partially)"\n\nThis reverts commit '
                f"{original}.", 39)
    reland = repo.commit("blit.cpp", AFTER, "Re-land of crrev.com/c/7953343 (reverted by crrev.com/c/7962277).", 30)
    item = _items(repo.json("audit"))[reland]
    assert item["found_by"] == "message" and item["original"]["sha"] == original, item


def test_a_retry_of_a_change_never_made_is_an_ordinary_commit(world: World):
    """``X (try 2)`` where no X was committed retries nothing here: it stays a control."""
    repo: Repo = world.repo()
    repo.commit("a.py", BEFORE, "add a.py", 10)
    repo.commit("a.py", AFTER, "Speed up the parser (try 2)", 5)
    report = repo.json("audit")
    assert report["reattempts"]["found"] == 0 and report["controls"]["replayed"] == 2, report


CODE = "".join(f"def handler_{n}(event):\n    return dispatch(event, 'handler_{n}', retries={n})\n" for n in range(6))


@pytest.mark.parametrize(("later", "found"), [
    ("Register the event handlers once more", True),     # says the same thing in other words
    ("Add a test for the config loader", False),         # other work on the same lines
])
def test_a_change_resembling_the_reverted_one_retries_it_only_if_its_subject_agrees(world: World, later: str,
                                                                                     found: bool):
    repo = world.repo()
    repo.commit("events.py", "# events\n", "add events.py", 50)
    repo.commit("events.py", "# events\n" + CODE, "Register the event handlers", 40)
    repo.git("revert", "--no-edit", "HEAD", days=39)
    retry = repo.commit("events.py", "# events\n" + CODE, later, 30)
    report = repo.json("audit")
    assert report["reattempts"]["by_diff"] == int(found), report["items"]
    assert (retry in _items(report)) == found


def test_a_rollback_titled_like_its_change_with_again_is_a_revert(world: World):
    """Copybara keeps the rolled-back change's title ("… again" when it had landed before): the
    body's ``Reverts <sha>`` of an ordinary commit makes it a revert, not a reland."""
    repo = world.repo()
    repo.commit("parser.py", BEFORE, "add parser.py", 41)
    original = repo.commit("parser.py", AFTER, "Add the fast parser", 40)
    rollback = repo.commit("parser.py", BEFORE, f"Add the fast parser again\n\nReverts {original}\n\n"
                           "PiperOrigin-RevId: 7", 39)
    retry = repo.commit("parser.py", AFTER, "Add the fast parser", 30)
    report = repo.json("audit")
    assert report["reverts"] == 1, report
    item = _items(report)[retry]
    assert item["revert"]["sha"] == rollback and item["verdict"]["warned"], item
