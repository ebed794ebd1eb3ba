"""``kenning.core.citations``: the status of a cited block from the file as it was, as it is, and
the files changed since; and ``core.codemap.symbols``: the function a range lies in."""

from __future__ import annotations

from kenning.core.citations import (
    Changed,
    bounded_text,
    fingerprint,
    follow,
    line_hash,
    new_lines,
    search,
    status_words,
    trivial,
)
from kenning.core.codemap.symbols import enclosing_symbol

OLD = [
    "import os",
    "",
    "def charge(order):",
    "    key = order.idempotency_key()",
    "    if store.seen(key):",
    "        return store.result(key)",
    "    return gateway.charge(order, key=key)",
    "",
    "def refund(order):",
    "    return gateway.refund(order)",
]
BLOCK = (4, 7)  # the four lines of charge's body


def body(indent: str = "    ") -> list[str]:
    return [indent + line.strip() if line.strip() else line for line in OLD[3:7]]


def test_the_hash_ignores_whitespace_and_nothing_else() -> None:
    assert line_hash("    if store.seen(key):") == line_hash("if store.seen( key ):\t")
    assert line_hash("if store.seen(key):") != line_hash("if store.seen(key2):")
    assert len(line_hash("x")) == 8


def test_an_unchanged_file_is_verified_in_place() -> None:
    found = follow("pay.py", *BLOCK, OLD, "pay.py", OLD, {})
    assert (found.status, found.path, found.start, found.end) == ("verified", "pay.py", 4, 7)


def test_lines_inserted_above_move_the_block_down_and_it_is_still_verified() -> None:
    now = ["import os", "import sys", "", *OLD[1:]]
    found = follow("pay.py", *BLOCK, OLD, "pay.py", now, {})
    assert (found.status, found.start, found.end) == ("verified", 6, 9)


def test_a_reindented_block_is_verified() -> None:
    now = [*OLD[:3], "    with lock:", *body("        "), *OLD[7:]]
    found = follow("pay.py", *BLOCK, OLD, "pay.py", now, {})
    assert (found.status, found.start, found.end) == ("verified", 5, 8)


def test_an_edited_line_makes_it_changed() -> None:
    now = list(OLD)
    now[4] = "    if store.seen(key) and not order.retry:"
    found = follow("pay.py", *BLOCK, OLD, "pay.py", now, {})
    assert found.status == "changed" and found.path == "pay.py"


def test_a_line_inserted_between_the_cited_lines_makes_it_changed() -> None:
    now = [*OLD[:5], "        log.info('seen')", *OLD[5:]]
    assert follow("pay.py", *BLOCK, OLD, "pay.py", now, {}).status == "changed"


def test_deleted_lines_are_gone() -> None:
    now = [*OLD[:3], "    return gateway.charge_once(order)", *OLD[7:]]
    assert follow("pay.py", *BLOCK, OLD, "pay.py", now, {}).status == "gone"


def test_a_block_moved_down_the_same_file_is_verified_where_it_went() -> None:
    now = [OLD[0], "", "def refund(order):", "    return gateway.refund(order)", "", "def charge(order):", *body()]
    found = follow("pay.py", *BLOCK, OLD, "pay.py", now, {})
    assert (found.status, found.start, found.end) == ("verified", 7, 10)


def test_a_block_moved_to_a_new_file_unchanged_is_moved_there() -> None:
    now = [*OLD[:3], "    return charging.charge(order)", *OLD[7:]]
    other = ["def charge(order):", *body()]
    found = follow("pay.py", *BLOCK, OLD, "pay.py", now, {"charging.py": Changed(other, new_lines(None, other))})
    assert (found.status, found.path, found.start, found.end) == ("moved", "charging.py", 2, 5)


def test_a_block_moved_to_another_file_and_edited_is_changed() -> None:
    now = [*OLD[:3], *OLD[7:]]
    other = ["def charge(order):", *body()]
    other[4] = "    return gateway.charge(order, key=key, retry=False)"
    found = follow("pay.py", *BLOCK, OLD, "pay.py", now, {"charging.py": Changed(other, new_lines(None, other))})
    assert (found.status, found.path) == ("changed", "charging.py")


def test_a_deleted_block_is_gone_though_an_identical_older_copy_stands_elsewhere() -> None:
    copy = ["def charge_v1(order):", *body()]
    now = [*OLD[:3], "    pass", *OLD[7:]]
    # the copy was there before the citation: the other file's diff carries it over, so it is
    # not new, and git's line tracking would never take it for the cited lines
    other = [*copy, "", "def extra():", "    pass"]
    found = follow("pay.py", *BLOCK, OLD, "pay.py", now, {"legacy.py": Changed(other, new_lines(copy, other))})
    assert found.status == "gone"


def test_a_deleted_block_beside_an_older_copy_of_itself_in_the_same_file_is_gone() -> None:
    old = [*OLD, "", "def charge_again(order):", *body()]
    now = [*OLD[:3], "    pass", *OLD[7:], "", "def charge_again(order):", *body()]
    assert follow("pay.py", *BLOCK, old, "pay.py", now, {}).status == "gone"


def test_beside_a_copy_of_itself_the_block_is_followed_to_its_own_place() -> None:
    old = [*OLD, "", "def charge_again(order):", *body()]
    now = ["# header", *old]
    found = follow("pay.py", *BLOCK, old, "pay.py", now, {})
    assert (found.status, found.start, found.end) == ("verified", 5, 8)
    found = follow("pay.py", 13, 16, old, "pay.py", now, {})
    assert (found.status, found.start, found.end) == ("verified", 14, 17)


def test_a_renamed_file_is_moved() -> None:
    found = follow("pay.py", *BLOCK, OLD, "billing/pay.py", OLD, {})
    assert (found.status, found.path, found.start) == ("moved", "billing/pay.py", 4)


def test_a_deleted_file_is_gone() -> None:
    assert follow("pay.py", *BLOCK, OLD, None, None, {}).status == "gone"


def test_a_block_split_across_two_files_is_changed() -> None:
    now = [*OLD[:5], *OLD[7:]]  # the first two lines stay
    other = ["def finish(order, key):", "    return store.result(key)", "    return gateway.charge(order, key=key)"]
    found = follow("pay.py", *BLOCK, OLD, "pay.py", now, {"finish.py": Changed(other, new_lines(None, other))})
    assert found.status == "changed"


def test_the_fingerprint_alone_finds_the_block_nearest_its_old_place() -> None:
    hashes = fingerprint(OLD[3:7])
    twice = ["# a", *OLD, "", "def charge_again(order):", *body()]
    found = search(hashes, "pay.py", 4, {"pay.py": twice})
    assert (found.status, found.start, found.end) == ("verified", 5, 8)
    found = search(hashes, "pay.py", 4, {"pay.py": ["x"], "other.py": ["# top", *body()]})
    assert (found.status, found.path, found.start) == ("moved", "other.py", 2)
    edited = list(OLD)
    edited[4] = "    if seen(key):"
    assert search(hashes, "pay.py", 4, {"pay.py": edited}).status == "changed"
    assert search(hashes, "pay.py", 4, {"pay.py": ["", "}", "pass"]}).status == "gone"


def test_the_kept_text_is_bounded() -> None:
    text, cut = bounded_text([f"line {n}" for n in range(100)])
    assert text.count("\n") == 39 and cut
    text, cut = bounded_text(["x" * 1500, "y" * 1500])
    assert text == "x" * 1500 and cut
    assert bounded_text(["a", "b"]) == ("a\nb", False)


def test_status_words_say_what_to_do() -> None:
    cited = {"path": "pay.py", "start": 4, "end": 7}
    assert status_words({"status": "verified", "path": "pay.py", "start": 6, "end": 9, "cited": cited}) == \
        "verified at pay.py:6-9"
    when = {"commit": "1a2b3c4d5e", "at": "2026-01-02T03:04:05Z"}
    changed = {"status": "changed", "cited": cited, "changed_in": when}
    assert status_words(changed) == "changed in 1a2b3c4, 2026-01-02: check pay.py:4-7 before relying on it"
    assert "do not rely on it" in status_words({"status": "gone", "cited": cited, "changed_in": {"uncommitted": True}})


def test_the_enclosing_symbol_is_the_innermost_definition_holding_the_range() -> None:
    assert enclosing_symbol("pay.py", OLD, 4, 7) == "charge"
    assert enclosing_symbol("pay.py", OLD, 3, 7) == "charge"
    assert enclosing_symbol("pay.py", OLD, 6, 10) is None  # spans two functions
    assert enclosing_symbol("pay.py", OLD, 1, 1) is None
    go = ["package pay", "", "func (s *Server) Charge(o Order) error {", "\tkey := o.Key()", "\treturn nil", "}"]
    assert enclosing_symbol("pay.go", go, 4, 5) == "Charge"
    assert enclosing_symbol("notes.txt", OLD, 4, 7) is None


def test_lines_that_say_nothing_alone_are_trivial() -> None:
    assert all(trivial(line) for line in ("", "   ", "\t}", "});", "} else {", "    else:", "end", "  return", "*/"))
    assert not any(trivial(line) for line in ("return nil", "x = 1", "}) // done", "if ok {", "pass_through()"))


def test_a_fingerprint_whose_only_lines_left_say_nothing_is_gone() -> None:
    block = ["if (ready) {", "  charge(order, key);", "});"]
    assert search(fingerprint(block), "a.js", 1, {"a.js": ["refund(order);", "});"]}).status == "gone"
    assert search(fingerprint(block), "a.js", 1, {"a.js": ["if (ready) {", "});"]}).status == "changed"
