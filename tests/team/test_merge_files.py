"""Every file kenning writes into a repository merges without a conflict between teammates: the
tracked files never depend on the folder a clone sits in, two teammates who each set kenning
up merge cleanly, and the files kenning appends to (the log, the plan's ideas) merge as a
union. A repository that lost ``merge=union`` conflicts, and ``ken doctor`` says so and puts it
back."""

from __future__ import annotations

import json
from pathlib import Path

from cli.conftest import World

from .teammates import FILES, NOW, Mate, join, log_work, project


def test_teammates_in_differently_named_folders_change_no_tracked_file(tmp_path: Path) -> None:
    remote, _ = project(tmp_path)
    alice, bob = join(tmp_path, remote, "alice", "shop"), join(tmp_path, remote, "bob", "shop-bob")
    # alice writes the map's Purpose, so her `ken init` turns the protocol to maintenance mode
    project_map = alice.path / ".kenning" / "PROJECT_MAP.md"
    project_map.write_text(project_map.read_text().replace("## Stack", "A shop front.\n\n## Stack", 1))
    alice.repo.init()
    for mate in (alice, bob):
        mate.ken("plan", f"{mate.who}: move the retry queue to Redis")
        log_work(mate, mate.who)
    alice.git("push", "-q", "origin", "HEAD:main")
    bob.git("pull", "-q", "--no-rebase", "--no-edit", "origin", "main")
    assert bob.conflicted() == []
    assert "maintenance mode" in (bob.path / ".kenning" / "AI_INSTRUCTIONS.md").read_text()
    plan = (bob.path / ".kenning" / "plan.md").read_text()
    assert "alice: move the retry queue" in plan and "bob: move the retry queue" in plan
    bob.git("push", "-q", "origin", "HEAD:main")
    alice.git("pull", "-q", "--no-rebase", "--no-edit", "origin", "main")
    for mate in (alice, bob):
        mate.repo.init()  # again, as after an upgrade: the block keeps the name the project already has
        assert mate.clean(), mate.git("diff").stdout
        assert "## Project memory (kenning): shop\n" in (mate.path / "CLAUDE.md").read_text()


def test_two_teammates_who_each_set_kenning_up_merge_without_a_conflict(tmp_path: Path) -> None:
    lead = World(tmp_path / "lead")
    plain = lead.repo("shop", files=FILES)
    remote = tmp_path / "shop.git"
    lead.git(tmp_path, "clone", "-q", "--bare", str(plain.path), str(remote))
    alice, bob = Mate(tmp_path, remote, "alice", "shop"), Mate(tmp_path, remote, "bob", "work")
    for mate in (alice, bob):
        mate.repo.init()
        log_work(mate, mate.who)
    alice.git("push", "-q", "origin", "HEAD:main")
    r = bob.git("pull", "--no-rebase", "--no-edit", "origin", "main", check=False)
    assert r.returncode == 0 and bob.conflicted() == [], r.stdout + r.stderr
    # both named the project after the remote (shop.git), not after their folders
    assert (bob.path / ".kenning" / "PROJECT_MAP.md").read_text().startswith("# Project map: shop\n")
    summary = bob.ken("summary", "--full").stdout
    assert "alice: raised the timeout" in summary and "bob: raised the timeout" in summary


def test_a_log_that_lost_merge_union_conflicts_and_doctor_puts_it_back(tmp_path: Path) -> None:
    remote, _ = project(tmp_path)
    alice, bob = join(tmp_path, remote, "alice"), join(tmp_path, remote, "bob")
    (alice.path / ".gitattributes").write_text("*.png binary\n")
    alice.commit("attributes: a hand edit that dropped kenning's lines")
    alice.git("push", "-q", "origin", "HEAD:main")
    bob.git("pull", "-q", "--no-rebase", "--no-edit", "origin", "main")
    ids = {**log_work(alice, "alice"), **{f"b_{k}": v for k, v in log_work(bob, "bob").items()}}
    alice.git("push", "-q", "origin", "HEAD:main")
    r = bob.git("pull", "--no-rebase", "--no-edit", "origin", "main", check=False)
    assert r.returncode != 0 and bob.conflicted() == [".kenning/events.jsonl"], r.stdout
    bob.commit("merge, committed with its conflict markers")  # what a hurried resolution does

    before = bob.repo.log_bytes()
    found = bob.repo.ken("doctor", "--json", env=NOW)
    report = json.loads(found.stdout)
    assert found.returncode == 1
    assert {(p["kind"], p.get("file")) for p in report["problems"]} == {
        ("merge_not_union", ".kenning/events.jsonl"), ("merge_not_union", ".kenning/plan.md")}
    markers = [h for h in report["harmless"] if h["kind"] == "conflict_marker"]
    lines = before.split(b"\n")
    assert [lines[h["line"] - 1][:7] for h in markers] == [b"<<<<<<<", b"=======", b">>>>>>>"]
    summary = bob.ken("summary", "--full").stdout  # every event around the markers is read
    assert "alice: raised the timeout" in summary and "bob: raised the timeout" in summary

    text = bob.repo.ok("doctor", "--fix", env=NOW).stdout
    assert "fixed: added `.kenning/events.jsonl merge=union`, `.kenning/plan.md merge=union`" in text
    assert "merge ok:" in text and "harmless: conflict_marker: line" in text
    assert bob.repo.log_bytes() == before, "--fix changed the log, which needed nothing"
    assert (bob.path / ".gitattributes").read_text() == (
        "*.png binary\n.kenning/events.jsonl merge=union\n.kenning/plan.md merge=union\n")
    assert bob.repo.ken("doctor", "--fix", env=NOW).stdout.count("fixed:") == 0
    assert {v for k, v in ids.items() if not k.endswith("issue_id")} <= set(bob.log_ids())
