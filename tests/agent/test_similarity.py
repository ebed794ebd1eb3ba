"""``kenning.core.gate.similarity``: a deterministic resemblance of two changes, no model."""

from __future__ import annotations

import subprocess
import sys

import pytest

from kenning.core.gate.similarity import MIN_TOKENS, change_text, similarity, tokens

MEMOIZE = """\
cache = {}
for key in items:
    cache[key] = compute_value(key)
return cache
"""

RETRY = """\
def retry_flush(writer, attempts=3):
    for i in range(attempts):
        try:
            writer.flush()
            return True
        except IOError:
            time.sleep(0.1 * i)
    return False
"""

CONFIG = """\
class Config:
    def __init__(self, path):
        self.path = path
        self.values = parse_toml(open(path).read())

    def get(self, key, default=None):
        return self.values.get(key, default)
"""

LOGGING = """\
import logging
log = logging.getLogger(__name__)
"""

SQL = """\
SELECT o.id, o.total FROM orders o JOIN customers c ON c.id = o.customer_id
WHERE c.region = 'EU' ORDER BY o.created_at DESC LIMIT 50
"""

DIFF = """\
diff --git a/src/store.py b/src/store.py
index 3b18e51..a9d2f4c 100644
--- a/src/store.py
+++ b/src/store.py
@@ -10,7 +10,9 @@ class Store:
     def save(self, record):
-        self.rows.append(record)
-        self.dirty = True
+        with self.lock:
+            self.rows.append(record)
+            self.flush_now()
         return record
"""


# -- near-duplicates --------------------------------------------------------------------------------

def test_identical_changes_score_one():
    for text in (MEMOIZE, RETRY, CONFIG, SQL):
        assert similarity(text, text) == 1.0


def test_whitespace_and_layout_do_not_matter():
    squashed = "cache={}\nfor key in items: cache[key]=compute_value(key)\nreturn cache"
    assert similarity(MEMOIZE, squashed) == 1.0
    assert similarity(RETRY, RETRY.replace("    ", "\t")) == 1.0


def test_near_duplicates_score_high():
    tweaked = RETRY.replace("attempts=3", "attempts=5").replace("0.1 * i", "0.2 * i")
    assert similarity(RETRY, tweaked) >= 0.7
    extended = MEMOIZE.replace("return cache", "log.debug(len(cache))\nreturn cache")
    assert similarity(MEMOIZE, extended) >= 0.6


def test_renamed_identifiers_still_score_high():
    renamed = """\
memo = {}
for k in entries:
    memo[k] = compute_value(k)
return memo
"""
    assert similarity(renamed, MEMOIZE) >= 0.6
    retry_renamed = """\
def flush_with_retries(w, tries=3):
    for n in range(tries):
        try:
            w.flush()
            return True
        except IOError:
            time.sleep(0.1 * n)
    return False
"""
    assert similarity(retry_renamed, RETRY) >= 0.6


def test_renaming_scores_below_an_exact_copy():
    renamed = MEMOIZE.replace("cache", "memo").replace("key", "k").replace("items", "entries")
    assert similarity(renamed, MEMOIZE) < similarity(MEMOIZE, MEMOIZE)


# -- unrelated ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("left", "right"), [
    (MEMOIZE, LOGGING), (RETRY, CONFIG), (RETRY, MEMOIZE), (CONFIG, SQL), (LOGGING, SQL), (MEMOIZE, CONFIG),
])
def test_unrelated_changes_score_low(left: str, right: str):
    assert similarity(left, right) < 0.3
    assert similarity(right, left) < 0.3


@pytest.mark.parametrize(("left", "right"), [
    ("import threading\nimport queue\nimport time\n", "import logging\nimport json\nimport os\n"),
    ("self.host = host\nself.port = port\nself.timeout = timeout\n",
     "self.name = name\nself.age = age\nself.email = email\n"),
])
def test_unrelated_changes_of_the_same_short_shape_are_not_called_alike(left: str, right: str):
    """Two short edits that share no identifier, only a shape, are different changes: adding
    three other imports does not repeat a failed attempt that added threading, queue and time."""
    assert not (set(tokens(left)) & set(tokens(right))) - {"import", "self", ".", "="}  # no name in common
    assert similarity(left, right) < 0.6


# -- small texts, symmetry, determinism ------------------------------------------------------------

def test_tiny_texts_score_zero():
    assert similarity("x = 1", "x = 1") == 0.0
    assert similarity("", MEMOIZE) == 0.0
    assert similarity(MEMOIZE, "") == 0.0
    assert similarity("   \n\t", "   \n\t") == 0.0
    short = "a = b"
    assert len(tokens(short)) < MIN_TOKENS
    assert similarity(short, MEMOIZE) == 0.0


def test_symmetric_and_bounded():
    texts = (MEMOIZE, RETRY, CONFIG, LOGGING, SQL)
    for a in texts:
        for b in texts:
            assert similarity(a, b) == similarity(b, a)
            assert 0.0 <= similarity(a, b) <= 1.0


def test_scores_are_rounded_to_two_decimals():
    value = similarity(RETRY, RETRY.replace("attempts=3", "attempts=5"))
    assert value == round(value, 2)


def test_deterministic_across_processes():
    """No hash seed, no randomness: another interpreter computes the same scores."""
    here = [similarity(MEMOIZE, RETRY), similarity(RETRY, RETRY.replace("3", "4")), similarity(CONFIG, SQL)]
    code = ("import sys, json\nfrom kenning.core.gate.similarity import similarity\n"
            "a, b, c, d = json.load(sys.stdin)\n"
            "print(json.dumps([similarity(a, b), similarity(b, b.replace('3', '4')), similarity(c, d)]))")
    import json

    for seed in ("1", "2", "random"):
        r = subprocess.run([sys.executable, "-c", code], input=json.dumps([MEMOIZE, RETRY, CONFIG, SQL]),
                           capture_output=True, text=True, env={"PYTHONHASHSEED": seed, "PATH": ""}, check=True)
        assert json.loads(r.stdout) == here
    assert [similarity(MEMOIZE, RETRY) for _ in range(5)] == [here[0]] * 5


# -- diff markup ---------------------------------------------------------------------------------------

def test_change_text_of_a_diff_is_its_added_lines():
    added = change_text(DIFF)
    assert added.splitlines() == ["        with self.lock:", "            self.rows.append(record)",
                                  "            self.flush_now()"]
    assert "a/src/store.py" not in added and "@@" not in added and "index" not in added


def test_change_text_removed_gives_the_deleted_lines():
    removed = change_text(DIFF, removed=True)
    assert removed.splitlines() == ["        self.rows.append(record)", "        self.dirty = True"]
    assert "src/store.py" not in removed


def test_change_text_leaves_plain_text_alone():
    assert change_text(MEMOIZE) == MEMOIZE
    assert change_text(MEMOIZE, removed=True) == MEMOIZE
    bullet = "- tried a lock\n+ tried a queue\n"  # prose with dashes is not a diff
    assert change_text(bullet) == bullet


def test_change_text_with_prose_around_the_diff():
    """A revert's details: a line of prose, then the diff."""
    details = "git revert of abc123: add a lock\n\nThe revert's diff, which undoes the change (excerpt):\n" + DIFF
    assert change_text(details) == change_text(DIFF)
    assert change_text(details, removed=True) == change_text(DIFF, removed=True)


def test_a_diff_and_its_added_code_are_alike():
    code = "with self.lock:\n    self.rows.append(record)\n    self.flush_now()\n"
    assert similarity(code, change_text(DIFF)) == 1.0
    assert similarity(code, DIFF) < similarity(code, change_text(DIFF))  # markup would dilute it
