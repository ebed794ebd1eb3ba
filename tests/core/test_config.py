"""``core.config`` and ``core.secrets.backtracking``: every value of config.toml is checked, a bad one
is one line naming the key, and a pattern that can backtrack catastrophically is refused."""

from __future__ import annotations

import math
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kenning.core import config
from kenning.core.defaults import DEFAULT_CONFIG
from kenning.core.errors import BadConfig
from kenning.core.secrets.backtracking import refusal

KEYS = [(table, key) for table, values in DEFAULT_CONFIG.items() for key in values]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=30),
                    st.sampled_from([math.nan, math.inf, -math.inf, 10**400, -1, 0, 1e308]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=3)),
                      max_leaves=8)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(KEYS), VALUES)
def test_every_value_is_either_in_range_or_one_line_naming_its_key(where: tuple[str, str], value: object) -> None:
    table, key = where
    try:
        merged = config.checked({table: {key: value}})
    except BadConfig as err:
        message = str(err)
        assert "\n" not in message and len(message) < 400
        assert message.startswith(".kenning/config.toml: [")
        assert key in message or table == "redaction"
        return
    kept = merged[table][key]
    if table in config.NUMBERS:
        _, low, high, whole = config.NUMBERS[table][key]
        assert isinstance(kept, (int, float)) and math.isfinite(kept) and low <= kept <= high
        assert not whole or isinstance(kept, int)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(max_size=10), VALUES, max_size=4))
def test_a_whole_config_of_anything_never_raises_anything_else(data: dict[str, object]) -> None:
    try:
        config.checked(data)
    except BadConfig:
        pass


def test_unknown_keys_and_tables_are_left_out() -> None:
    merged = config.checked({"gate": {"churn": 3, "churn_commits": 5.0}, "deep": {"a": {"b": {}}}})
    assert merged["gate"]["churn_commits"] == 5 and "churn" not in merged["gate"] and "deep" not in merged


@pytest.mark.parametrize("text", ["[gate]\nchurn_commits = 4\n", 'x = "[[[[[[[[[[[[[[[[[[[[[["\n',
                                  "x = [[1], [2]] # [[[[[[[[[[[[[[[[[[[[\n"])
def test_ordinary_text_passes_the_nesting_bound(text: str) -> None:
    assert config.nesting_problem(text) is None


@pytest.mark.parametrize("pattern", [r"(a+)+$", r"(a*)*b", r"(\w+\s?)*$", r"(a{1,3})+", r"(a|aa)+$", r"(a|)+",
                                     r"\d+\d+", r".*.*=", r"\w*_?\w*", r"(\w+)(\w+)x", r"(x+x+)+y",
                                     r"((a+)?)+", r"(.*a){12}", r"(?:[a-z]+\.)+com",
                                     # found by random runs: short repeats that nest or meet themselves
                                     r"(?:(?:\d??[ab]{1,3}[ab]+?){0,3}(?:a|ab)){3}",
                                     r"(?:(?:(?:(?:a|b){2}\w*?(?:a|b)??)??){0,3}a?){3}",
                                     r"[^b]{2}(?:(?:(?:[^b][ab](?:a|b)*){0,3}){2}(?:a|b)??){1,3}a{2}",
                                     r"(?:a|ab){1,3}(?:(?:(?:a{1,3}\d{0,3}[ab]?){3}){3}\s*){1,3}",
                                     r"(a*){3}", r"a+a{1,3}a+", r"[\w.-]+\.[\w.-]+\.[a-z]+", r".*=.*=.*"])
def test_patterns_that_backtrack_catastrophically_are_refused(pattern: str) -> None:
    assert refusal(pattern) is not None


@pytest.mark.parametrize("pattern", [r"internal-[a-z0-9]{32}", r"token:\s*\S+", r"key\s*=\s*\w+", r"(foo|bar)+",
                                     r"(?:\d{3}-)+\d{4}", r"(?:[a-z]++\.)+com", r"(?>a+)+b",
                                     r"sk-[A-Za-z0-9]{20,}", r"(?P<secret>[A-F0-9]{64})", r"\bACME-\w{10,}\b",
                                     r"(?i)corp_[a-z]+_key", r"[а-я]+\s+\d+", r"(ab|cd)*",
                                     r"[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}", r"https?://[^\s/]+:[^\s@]+@\S+",
                                     r"(?:\d{1,3}\.){3}\d{1,3}", r"-----BEGIN [A-Z ]+-----", r"password\s*[:=]\s*\S+",
                                     r"xox[baprs]-[0-9A-Za-z-]{10,48}", r"[a-z]+-[a-z]+-[a-z]+"])
def test_ordinary_secret_patterns_are_accepted(pattern: str) -> None:
    assert refusal(pattern) is None


ATOMS = st.sampled_from(["a", "b", "ab", r"\w", r"\d", r"\s", ".", "[ab]", "[^b]", "(?:a|b)", "(?:a|ab)", "x?"])
QUANTIFIERS = st.sampled_from(["", "", "*", "+", "?", "{1,3}", "{2}", "*?", "++", "{3}", "{0,3}", "??", "+?"])


@st.composite
def patterns(draw: st.DrawFn, depth: int = 2) -> str:
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        atom = draw(ATOMS) if depth == 0 or draw(st.booleans()) else f"(?:{draw(patterns(depth - 1))})"
        parts.append(atom + draw(QUANTIFIERS))
    return "".join(parts)


def _compiles(source: str) -> bool:
    try:
        re.compile(source)
    except re.error:
        return False
    return True


PROBE = """
import re, sys
for source in sys.stdin.read().split("\\n"):
    for text in ("a" * 28 + "!", "ab" * 14 + "!", "a1 " * 10 + "!", "\\n" * 28 + "!"):
        re.search(source + "$", text)
"""


@pytest.mark.slow
# a fixed sample, so that CI is not decided by a seed: random runs found nested short repeats the
# rule let through (now refused, listed above); 19,500 random patterns of these shapes on
# 2026-12-07 found no other accepted pattern that took more than a few seconds
@settings(max_examples=10, deadline=None, derandomize=True, database=None)
@given(st.lists(patterns(), min_size=20, max_size=20))
def test_every_accepted_pattern_answers_on_adversarial_text(sources: list[str]) -> None:
    """The safety net is the subprocess's timeout: an accepted pattern that backtracks
    exponentially on 29 characters would take minutes, not the few milliseconds these take."""
    accepted = [s for s in sources if _compiles(s) and refusal(s + "$") is None]
    subprocess.run([sys.executable, "-c", PROBE], input="\n".join(accepted), text=True, check=True, timeout=60)
