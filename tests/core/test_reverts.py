"""Reading commit messages for reverts (``kenning.core.capture.reverts``), the events a revert derives
(``kenning.core.capture.derive.derive``) and when a derived revert stops being news for a file
(``kenning.core.gate.rules.current_failures``).

Pure: every message below is shaped like one from a real public history (GitHub squash merges,
Flutter bots, Chromium/Dawn Gerrit, Go, Abseil's Copybara exports, git.git); no disk, no process.
"""

from __future__ import annotations

import pytest

from kenning.core.capture import derive as capture
from kenning.core.capture import reverts
from kenning.core.events import Event, format_timestamp, parse_timestamp
from kenning.core.gate import rules as gate

FULL = "6b336e70380fd16b1d220f3cad79b7af72e526d6"
ROLLBACK = "f040e96b93dba46e8ed3ca59c0444cbd6c0a0955"
CUT = "Update the AccessibilityPlugin::Announce method to account fo"

# (subject, body, kind, title, shas, prs, pr, explicit)
FORMS = [
    # -- reverts ---------------------------------------------------------------------------------
    ('Revert "Use fast parser"', f"This reverts commit {FULL}.",
     "revert", "Use fast parser", [FULL], [], None, True),
    ('Revert "Use fast parser (#12)" (#15)', "",
     "revert", "Use fast parser", [], [12], 15, True),
    ('Reverts "Fix cross imports for all Cupertino tests (#181634)" (#182404)', "Reverts: flutter/flutter#181634",
     "revert", "Fix cross imports for all Cupertino tests", [], [181634], 182404, True),
    # -- nesting composes by parity ----------------------------------------------------------------
    ('Revert "Revert "Use fast parser""', "", "reland", "Use fast parser", [], [], None, True),
    ('Reverted "Revert "Use fast parser" (#3)"', "", "reland", "Use fast parser", [], [3], None, True),
    ('Revert "Reland "Use fast parser""', "", "revert", "Use fast parser", [], [], None, True),
    ('Reland "Reland "Use fast parser""', "", "reland", "Use fast parser", [], [], None, True),
    ('Revert "Reland: [gn] Add support for generated sources"', "",
     "revert", "[gn] Add support for generated sources", [], [], None, True),
    # -- relands ---------------------------------------------------------------------------------
    ('Reland "Use fast parser"', "This is a reland of commit f76b196d24d5",
     "reland", "Use fast parser", ["f76b196d24d5"], [], None, True),
    ("Reland: [github] Enable TINT_ENABLE_INSTALL on CI", "",
     "reland", "[github] Enable TINT_ENABLE_INSTALL on CI", [], [], None, True),
    ("[Reland] Cupertino cross imports (#182416)", "",
     "reland", "Cupertino cross imports", [], [], 182416, True),
    ("Reland - Update date localization (#182189)", "",
     "reland", "Update date localization", [], [], 182189, True),
    ('Relands "Fixes keyboard selects disabled radio" (#176977)', "",
     "reland", "Fixes keyboard selects disabled radio", [], [], 176977, True),
    ("Re-land crc32 optimization on AMD Milan+", "",
     "reland", "crc32 optimization on AMD Milan+", [], [], None, True),
    ('Reapply "[tint][fuzz] Add fuzzer corpora minimization"', "",
     "reland", "[tint][fuzz] Add fuzzer corpora minimization", [], [], None, True),
    ('Bring back "Use fast parser"', "", "reland", "Use fast parser", [], [], None, True),
    ("Roll forward of Use fast parser", "", "reland", "Use fast parser", [], [], None, True),
    ('Rollforward: "Add ABSL_ATTRIBUTE_NOINLINE to PrepareInsertLargeSlow."', "",
     "reland", "Add ABSL_ATTRIBUTE_NOINLINE to PrepareInsertLargeSlow.", [], [], None, True),
    ("(Roll forward) Change Abseil's SpinLock adaptive_spin_count", "",
     "reland", "Change Abseil's SpinLock adaptive_spin_count", [], [], None, True),
    ("Cache VkFramebuffers (reland)", "", "reland", "Cache VkFramebuffers", [], [], None, True),
    ("gopls/internal/tool: rename Application to Command",
     "This relands 0fdde844a (CL 791980), which was reverted in 0602b3093",
     "reland", "gopls/internal/tool: rename Application to Command", ["0fdde844a"], [], None, True),
    # -- Copybara / Piper: named by sha ----------------------------------------------------------
    (f"Automated rollback of commit {FULL}.", "PiperOrigin-RevId: 1", "revert", "", [FULL], [], None, True),
    (f"Rollback {ROLLBACK}", "", "revert", "", [ROLLBACK], [], None, True),
    ("Reverts 1a2b3c4d5e", "", "revert", "", ["1a2b3c4d5e"], [], None, True),
    ("Rollback of the new allocator", "Reverts 1a2b3c4d5e",
     "revert", "the new allocator", ["1a2b3c4d5e"], [], None, True),
    ("ROLLBACK: Limit slot_size to 2^16-1", "", "revert", "Limit slot_size to 2^16-1", [], [], None, True),
    # -- PR numbers only --------------------------------------------------------------------------
    ("Revert #13851 #13853", "", "revert", "", [], [13851, 13853], None, True),
    ("Revert #7766 and #7783.", "", "revert", "", [], [7766, 7783], None, True),
    # -- a scope first (Go, git.git) -------------------------------------------------------------
    ('go/analysis/passes/buildtag: revert "suggest fix to remove +build lines"',
     "This CL reverts commit 517957c, CL 694415",
     "revert", "suggest fix to remove +build lines", ["517957c"], [], None, True),
    # a PR named first, then the title
    ("Revert PR #12 Add foo", "", "revert", "Add foo", [], [12], None, True),
    ('Revert PR #12 "Add foo"', "", "revert", "Add foo", [], [12], None, True),
    # hand-written, unquoted: the words after the verb are the change
    ("revert adding space between option help", "", "revert", "adding space between option help", [], [], None, True),
    ("Revert changes to the parser", "", "revert", "changes to the parser", [], [], None, True),
    ("Revert the cache change to fix the build", "", "revert", "the cache change to fix the build", [], [], None, True),
    # ... unless they are a value, a year or a setting put back: a candidate, the body or an
    # earlier commit's subject must confirm it
    ("revert copyright year to project start", "", "revert", "copyright year to project start", [], [], None, False),
    ('revert to lowercase name "click"', "", "revert", 'to lowercase name "click"', [], [], None, False),
    ("Revert back to the default timeout", "", "revert", "back to the default timeout", [], [], None, False),
    ("Revert 2019 copyright header", "", "revert", "2019 copyright header", [], [], None, False),
    ("revert copyright year to project start", f"This reverts commit {FULL}.",
     "revert", "copyright year to project start", [FULL], [], None, False),
    # candidates: the history must confirm them
    ("revert: initialize const value", "", "revert", "initialize const value", [], [], None, False),
    ("MIDX: revert the default version to v1", "", "revert", "the default version to v1", [], [], None, False),
    ("checkout: rollback lock on early returns", "", "revert", "lock on early returns", [], [], None, False),
    # not reverts at all
    ("fix: [upb] roll back extensions after failed file addition (#28900)", "",
     None, "fix: [upb] roll back extensions after failed file addition", [], [], 28900, False),
    ("Restore the old flag", "", None, "Restore the old flag", [], [], None, False),
    ("Update revert logic", "", None, "Update revert logic", [], [], None, False),
    # -- squash merges and dependency rolls ------------------------------------------------------
    ("Add feature foo (#55)", "* wip\n\nThis reverts commit abcdef1.\n\n* more",
     "revert", "Add feature foo", ["abcdef1"], [], 55, False),
    ("Add feature foo", "Some context.\n\n> This reverts commit abcdef1.\n",
     None, "Add feature foo", [], [], None, False),
    # a free-form subject over a body naming the reverted commit is a revert whatever it says,
    # "again" included: what the named commit is (a change, or a rollback) decides the parity
    ("Use fast parser (v2)", "This reverts commit abcdef1.",
     "revert", "Use fast parser (v2)", ["abcdef1"], [], None, False),
    ("Still breaking tests", "Reverts 1a2b3c4d5e\n\nPiperOrigin-RevId: 672001",
     "revert", "Still breaking tests", ["1a2b3c4d5e"], [], None, False),
    ("Use fast parser again", "Automated rollback of commit 1a2b3c4d5e.\n\nPiperOrigin-RevId: 672002",
     "revert", "Use fast parser again", ["1a2b3c4d5e"], [], None, False),
    # -- scoped and labelled free-form subjects ----------------------------------------------------
    ("fix: revert multi-icon support in compile (#28997)", "",
     "revert", "multi-icon support in compile", [], [], 28997, False),
    ("[gn] Revert: Experimental builder for Linux AArch64", "",
     "revert", "[gn] Experimental builder for Linux AArch64", [], [], None, True),
    ("[gn] Reland: Experimental builder for Linux AArch64", "",
     "reland", "[gn] Experimental builder for Linux AArch64", [], [], None, True),
    ("build: reland eszip changes", "", "reland", "eszip changes", [], [], None, False),
    ("fix(reland): allow disabling all `NSMenuItems` (#48795)", "",
     "reland", "allow disabling all `NSMenuItems`", [], [], 48795, True),
    ('revert: Revert "test: disable more tests on Mac Intel (#31541)" (#31580)', "",
     "revert", "test: disable more tests on Mac Intel", [], [31541], 31580, True),
    # Gerrit's powers: Revert^2 reverts a revert, Reland^2 relands once more
    ("Revert^2: Remove AndroidCameraFrameEvent (#6347)", "",
     "reland", "Remove AndroidCameraFrameEvent", [], [], 6347, True),
    ('Reland^2 "Enable VVL on vulkan instance"', "", "reland", "Enable VVL on vulkan instance", [], [], None, True),
    ("Roll ANGLE from c5d7b1561c88 to 204fa645c41b (14 revisions)", "Automated rollback of commit 37678c92aaaa",
     None, "Roll ANGLE from c5d7b1561c88 to 204fa645c41b (14 revisions)", [], [], None, False),
]


@pytest.mark.parametrize(("subject", "body", "kind", "title", "shas", "prs", "pr", "explicit"), FORMS,
                         ids=[f[0][:60] for f in FORMS])
def test_read(subject: str, body: str, kind: str | None, title: str, shas: list[str], prs: list[int],
              pr: int | None, explicit: bool):
    m = reverts.read(subject, body)
    assert (m.kind, m.title, m.shas, m.prs, m.pr, m.explicit) == (kind, title, shas, prs, pr, explicit)
    assert m.is_revert == (kind == "revert")
    assert not m.truncated


def test_a_title_github_cut_short_is_marked_truncated():
    m = reverts.read(f'Revert "{CUT}\u2026 (#174223)')
    assert (m.kind, m.title, m.pr, m.explicit, m.truncated) == ("revert", CUT, 174223, True, True)


def test_nested_titles_are_never_quoted_again():
    for subject in ('Revert "Revert "Revert "X"""', 'Reverted "Revert "X" (#3)"', 'Reland "Revert "Reland "X"""'):
        assert reverts.read(subject).title == "X", subject
    assert reverts.read('Revert "Revert "Revert "X"""').kind == "revert"
    assert reverts.read('Reland "Revert "Reland "X"""').kind == "revert"


@pytest.mark.parametrize(("a", "b", "same"), [
    ("Use fast parser", "use FAST parser", True),
    ("Use fast parser (#12)", "Use fast parser", True),
    ("Use fast parser.", "Use fast parser", True),
    (CUT, "Update the AccessibilityPlugin::Announce method to account for multiple views (#174000)", True),
    (CUT + "\u2026", "Update the AccessibilityPlugin::Announce method to account for multiple views", True),
    ("Use fast", "Use fast parser", False),  # a short prefix is not a cut title
    ("Use fast parser", "Use slow parser", False),
    ("", "", False),
])
def test_same_change(a: str, b: str, same: bool):
    assert reverts.same_change(a, b) is same
    assert reverts.same_change(b, a) is same


@pytest.mark.parametrize(("subject", "number"), [
    ("Fix the parser (#123)", 123),
    ('Revert "Use fast parser (#12)" (#15)', 15),
    ("Fix the parser (#123)  ", 123),
    ("Fix #123 in the parser", None),
    ("Fix the parser (v2)", None),
    ("Fix the parser", None),
])
def test_pr_number(subject: str, number: int | None):
    assert reverts.pr_number(subject) == number


# -- capture.derive: the event a revert becomes ---------------------------------------------------

SHA = "ab" * 20
ORIGINAL = "1234567890abcdef1234567890abcdef12345678"
TIME_S = 1_900_000_000


def derive(subject: str, body: str, files: list[tuple[str, int]], reverted: list[capture.Change] | None = None):
    return capture.derive(SHA, TIME_S, "dev@example.invalid", subject, body, files, None, reverted or [])


def revert_of(subject: str, files: list[tuple[str, int]], **change: bool):
    return derive(f'Revert "{reverts.strip_pr(subject)}"', f"This reverts commit {ORIGINAL}.", files,
                  [capture.Change(ORIGINAL, subject, **change)])


def test_a_reverts_location_is_its_busiest_file_not_the_first_by_name():
    event = revert_of("Use the fast converter", [("a/header.h", 2), ("conv/converter.cc", 80)])
    assert event is not None and (event["type"], event["outcome"]) == ("attempt", "failed")
    assert event["location"] == "conv/converter.cc"
    assert event["paths"][0] == "conv/converter.cc"
    assert set(event["touched"]) == {"a/header.h", "conv/converter.cc"}
    assert event["reverts"] == [ORIGINAL]


def test_a_fix_is_located_at_its_code_and_keeps_every_path():
    files = [("CHANGES.rst", 40), ("tests/test_parser.py", 30), ("docs/parser.rst", 20), ("README.md", 9),
             ("pyproject.toml", 3), ("src/parser.py", 2)]
    event = derive("fix: empty input crashes the parser", "", files)
    assert event is not None and event["location"] == "src/parser.py"
    assert event["paths"] == ["src/parser.py", "tests/test_parser.py", "pyproject.toml", "docs/parser.rst",
                              "README.md", "CHANGES.rst"]
    assert derive("fix: flaky test", "", [("CHANGES.rst", 9), ("tests/test_a.py", 3)])["location"] == "tests/test_a.py"
    assert derive("fix: typo", "", [("docs/a.rst", 9), ("CHANGES.rst", 12)])["location"] == "docs/a.rst"


def test_a_reverts_location_is_its_code_before_its_docs():
    event = revert_of("Use the fast parser", [("docs/parser.rst", 60), ("src/parser.py", 30)])
    assert event["location"] == "src/parser.py" and event["paths"] == ["src/parser.py", "docs/parser.rst"]


def test_every_touched_path_is_kept():
    files = [(f"pkg/mod{i:03}.py", 10 + i % 7) for i in range(120)]
    event = revert_of("Rewrite every module", files)
    assert sorted(event["touched"]) == sorted(p for p, _ in files)
    assert len(event["paths"]) <= capture.FOCUS_MAX


def test_lockfiles_are_touched_not_focus_and_the_build_list_beside_the_code_comes_after_it():
    """A retry of a change edits its build list again first (its sources listed, its target
    declared): the revert warns there too, after the code; a lockfile says nothing of the change."""
    files = [("CMakeLists.txt", 1), ("Cargo.lock", 30), ("src/core.cc", 40)]
    event = revert_of("Use the fast allocator", files)
    assert event["paths"] == ["src/core.cc", "CMakeLists.txt"] and event["location"] == "src/core.cc"
    assert {"CMakeLists.txt", "Cargo.lock", "src/core.cc"} == set(event["touched"])


def test_a_build_list_warns_only_beside_the_code_it_builds():
    files = [("src/gpu/BUILD.gn", 2), ("src/gpu/vk/pipeline.cc", 80), ("third_party/zlib/BUILD.gn", 1)]
    event = revert_of("Vulkan: prefer monolithic pipelines", files)
    assert event["paths"] == ["src/gpu/vk/pipeline.cc", "src/gpu/BUILD.gn"]


def test_a_revert_over_many_build_lists_warns_on_none_of_them():
    """A sweep over every target's build list says nothing about any one of them."""
    files = [("src/a/alloc.cc", 50), *((f"src/{d}/BUILD.gn", 1) for d in "abc")]
    assert revert_of("Use the fast allocator", files)["paths"] == ["src/a/alloc.cc"]


def test_a_folder_named_in_the_subject_comes_first():
    files = [("php/src/Google/Protobuf/Internal/Generated.php", 900), ("php/ext/gen.php", 500),
             ("hpb_generator/gen_repeated_fields.cc", 20), ("hpb/repeated_field.h", 10)]
    event = revert_of("hpb: Introduce add_alias for repeated", files)
    assert event["location"] == "hpb_generator/gen_repeated_fields.cc"
    assert event["paths"][:2] == ["hpb_generator/gen_repeated_fields.cc", "hpb/repeated_field.h"]


def test_the_summary_names_the_sha_the_pr_and_the_subject():
    event = revert_of("Use fast parser (#12)", [("parser.py", 10)])
    assert event["summary"].startswith(f"Reverted {ORIGINAL[:10]}")
    assert "(#12)" in event["summary"] and "Use fast parser" in event["summary"]
    assert event["summary"].count('"') == 0, "the change is named, never quoted in another quote"
    assert ORIGINAL in event["details"]


def test_a_revert_of_a_revert_derives_nothing():
    assert derive('Revert "Revert "Use fast parser""', f"This reverts commit {ORIGINAL}.", [("parser.py", 10)],
                  [capture.Change(ORIGINAL, 'Revert "Use fast parser"', is_revert=True)]) is None
    assert derive('Revert "Revert "Use fast parser""', "", [("parser.py", 10)]) is None


def test_a_reverted_fix_says_so():
    event = revert_of("fix: the allocator (#99)", [("alloc.c", 10)], is_fix=True)
    assert event["summary"].startswith("Reverted fix ")
    assert "(#99)" in event["summary"] and "(a fix, reverted)" in event["details"]


def test_a_rollback_of_a_rollback_is_a_roll_forward():
    event = derive(f"Automated rollback of commit {ORIGINAL}.", "PiperOrigin-RevId: 1", [("alloc.c", 10)],
                   [capture.Change(ORIGINAL, "Automated rollback of commit 9f8e7d6c5b4a", is_revert=True)])
    assert event is None


def test_a_candidate_is_a_failure_only_when_history_confirms_it():
    body = f"* wip\n\nThis reverts commit {ORIGINAL[:7]}.\n\n* more"
    assert derive("Add feature foo (#55)", body, [("foo.py", 10)]) is None
    event = derive("Add feature foo (#55)", body, [("foo.py", 10)], [capture.Change(ORIGINAL, "Try foo eagerly")])
    assert event is not None and event["outcome"] == "failed"
    assert event["summary"].startswith(f"Reverted {ORIGINAL[:10]}") and "Try foo eagerly" in event["summary"]


# -- gate.current_failures: a derived revert is news until the file moves on ----------------------

NOW = parse_timestamp("2030-06-30T12:00:00Z")
DAY = gate.DAY_US
REVERT_SHA = "cd" * 20


def us(days: float) -> int:
    return NOW - int(days * DAY)


def derived_revert(days: float, source: str = "git") -> Event:
    return Event({"v": 1, "id": "evt_" + REVERT_SHA[:20], "type": "attempt", "outcome": "failed", "source": source,
                  "timestamp": format_timestamp(us(days)), "summary": "Reverted 1234567890: Use fast parser",
                  "location": "a.py", "paths": ["a.py", "b.py"], "commit": REVERT_SHA})


def facts(path: str, later_days: list[float], revert_days: float, covered_from: int = 0) -> gate.FileFacts:
    commits = [gate.Commit(f"{n:040x}", us(d), "tweak", None, 1) for n, d in enumerate(later_days, start=1)]
    commits.append(gate.Commit(REVERT_SHA, us(revert_days), 'Revert "Use fast parser"', "", 5))
    commits.sort(key=lambda c: c.time_us, reverse=True)
    return gate.FileFacts(path, commits, True, 10, covered_from=covered_from)


def kept(path: str, event: Event, later_days: list[float], revert_days: float, covered_from: int = 0) -> bool:
    found = gate.current_failures(path, [event], facts(path, later_days, revert_days, covered_from),
                                  gate.Thresholds(), NOW)
    return found == [event]


def test_on_its_main_file_a_recent_revert_stays_for_two_later_commits():
    revert = derived_revert(20)
    assert kept("a.py", revert, [], 20)
    assert kept("a.py", revert, [15], 20)
    assert kept("a.py", revert, [15, 10], 20)
    assert not kept("a.py", revert, [15, 10, 5], 20), "the third later commit: the file moved on"


def test_commits_after_now_do_not_count():
    revert = derived_revert(20)
    assert kept("a.py", revert, [15, 10, -5], 20)


def test_on_another_file_a_revert_stays_until_the_next_commit():
    revert = derived_revert(20)
    assert kept("b.py", revert, [], 20)
    assert not kept("b.py", revert, [15], 20)


def test_an_old_revert_stays_only_while_no_commit_touched_its_file():
    revert = derived_revert(100)
    assert kept("a.py", revert, [], 100)
    assert not kept("a.py", revert, [90], 100)
    assert not kept("b.py", revert, [], 100), "an old revert is news on its main file only"


def test_an_attempt_recorded_by_hand_is_never_dropped():
    attempt = derived_revert(20, source="cli")
    assert kept("a.py", attempt, [15, 10, 5, 4, 3], 20)
    assert kept("b.py", attempt, [15, 10, 5, 4, 3], 20)
    assert kept("a.py", derived_revert(100, source="cli"), [90, 80], 100)


def test_commits_git_was_not_asked_for_only_add_to_the_count():
    revert = derived_revert(20)
    # git was asked back to day 10 only: two later commits known, maybe more before them
    assert kept("a.py", revert, [9, 5], 20, covered_from=us(10)), "not enough known to call it moved on"
    assert not kept("a.py", revert, [9, 5, 3], 20, covered_from=us(10)), "three known later commits are proof"


# -- review numbers are not shas -----------------------------------------------------------------

@pytest.mark.parametrize(("subject", "body", "kind", "changes"), [
    ("Automated g4 rollback of changelist 670862818.", "PiperOrigin-RevId: 671498536", "revert", [670862818]),
    ("Automated rollback of changelist 670862818.", "", "revert", [670862818]),
    ("Reverts changelist 943945332", "", "revert", [943945332]),
    ("Still broken on arm64", "Reverts changelist 943945332\n\nPiperOrigin-RevId: 943950000", "revert", [943945332]),
    ("Re-land of crrev.com/c/7953343 (reverted by crrev.com/c/7962277).", "", "reland", [7953343, 7962277]),
    ("Vulkan: Fix the blit", "This is a reland of crrev.com/c/7953343\n", "reland", [7953343]),
])
def test_a_review_number_names_a_change_never_a_sha(subject: str, body: str, kind: str, changes: list[int]):
    """Digits after "changelist", "CL", "cl/", "crrev.com/c/" are a review's number: a 9-digit
    number is also a valid short sha, which used to name whatever commit began with it."""
    m = reverts.read(subject, body)
    assert (m.kind, m.changes, m.shas) == (kind, changes, [])


def test_a_rollback_of_a_changelist_finds_the_commit_carrying_its_number():
    ledger = reverts.Ledger()
    decoy = "670862818" + "a" * 31  # a sha that begins with the number's digits
    ledger.add(decoy, "Unrelated change", 10)
    ledger.add(FULL, "Add the AVX-VNNI kernels", 20, "Adds them.\n\nPiperOrigin-RevId: 670862818\n")
    ledger.add("c" * 40, "Reland: Vulkan blit", 25, "Reviewed-on: https://chromium-review.googlesource.com/c/angle/angle/+/7953343\n")
    for subject in ("Automated g4 rollback of changelist 670862818.", "Reverts 670862818"):
        assert ledger.undone(reverts.read(subject), "d" * 40, 30) == [FULL], subject
    assert ledger.undone(reverts.read("Re-land of crrev.com/c/7953343"), "e" * 40, 30) == ["c" * 40]
    assert ledger.changes[FULL] == [670862818]


@pytest.mark.parametrize(("subject", "title"), [
    ("Guard against find_bad_constructs on nacl (again)", "Guard against find_bad_constructs on nacl"),
    ("Android aosp: remove sdk_version from most rules (try 2)", "Android aosp: remove sdk_version from most rules"),
    ("ci: make uploading canary less racy, take 2 (#25751)", "ci: make uploading canary less racy"),
    ("Use fast parser (2nd attempt)", "Use fast parser"),
])
def test_a_retry_suffix_is_a_reland_the_history_must_confirm(subject: str, title: str):
    m = reverts.read(subject)
    assert (m.kind, m.title, m.retry, m.explicit) == ("reland", title, True, False)
    assert capture.classify("fix: parse again (try 2)", "") == "fix"  # still what it is for capture


@pytest.mark.parametrize("subject", ["Do it again", "Try 2 things at once", "Support (again) in the parser"])
def test_words_of_retry_inside_a_subject_are_no_reland(subject: str):
    assert reverts.read(subject).kind is None


def test_a_reland_since_the_revert_settles_it():
    """The change came back and stayed: its revert no longer warns, even where a tweak alone
    would have left it standing (reverted again, it is a newer revert, which warns)."""
    revert = derived_revert(20)
    file_facts = facts("a.py", [], 20)
    file_facts.commits.insert(0, gate.Commit("ab" * 20, us(10), 'Reland "Use fast parser"', None, 5, relands=True))
    assert gate.current_failures("a.py", [revert], file_facts, gate.Thresholds(), NOW) == []
    assert gate.current_failures("a.py", [revert], file_facts, gate.Thresholds(), us(12)) == [revert], \
        "before the reland, the revert was news"


@pytest.mark.parametrize("subject", [
    "Roll Chromium from dd275389e023 to 83180b816b9e (1 revision)",
    "Roll third_party/glmark2/src/ ca8de51fe..2054465f6 (5 commits)",
    "build(deps-dev): bump eslint from 8.1.0 to 9.0.0 (#47159)",
    "chore: bump chromium to 120.0.6099.5 (main) (#40200)",
    "Update DEPS",
])
def test_a_reverted_dependency_roll_warns_on_no_file(subject: str):
    event = revert_of(subject, [("DEPS", 4), ("src/gpu/vk/pipeline.cc", 20), ("package.json", 2)])
    assert event["outcome"] == "failed" and "paths" not in event and "location" not in event
    assert set(event["touched"]) == {"DEPS", "src/gpu/vk/pipeline.cc", "package.json"}


@pytest.mark.parametrize("subject", ["Roll forward of the fast parser", "Rolling back the cache", "Bump version"])
def test_a_subject_that_merely_starts_like_a_roll_is_no_roll(subject: str):
    assert not capture.is_roll(subject)
