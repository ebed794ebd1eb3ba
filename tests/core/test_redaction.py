"""Redaction: recall and false-positive rate on the labelled corpus, and the contract around
them (fail closed, idempotent, allowlist, extra patterns, config errors, purity).

``pytest -s`` prints the corpus figures, e.g. ``recall=1.000 fp=0.000``.
"""

from __future__ import annotations

import ast
import inspect
import random
import re
import string
import time

import pytest

from kenning.core import redaction, secrets
from kenning.core.redaction import KINDS, Redaction, Rule, Rules, compile_rules, redact

from .redaction_corpus import BENIGN, SECRETS, SecretCase

ISSUE_BENIGN_LINE = (
    "the sk-learn pipeline failed at 3f2a9c1e4b5d6f708192a3b4c5d6e7f8091a2b3c on branch "
    "sk-fix-the-webhook-signature-regression; uuid 123e4567-e89b-12d3-a456-426614174000; "
    "Bearer of bad news; token budget 2000; sha512-Zm9vYmFyYmF6cXV4cXV1eA=="
)
ALNUM = string.ascii_letters + string.digits


def _leaks(out: str, secret: str) -> bool:
    """The secret, or any 12-character piece of a long one, is still in the output: a partial
    redaction that leaves half a token behind counts as a miss."""
    if secret in out:
        return True
    return len(secret) >= 16 and any(secret[i:i + 12] in out for i in range(0, len(secret) - 11, 4))


def _caught(case: SecretCase) -> bool:
    out = redact(case.text).text
    return "[REDACTED:" in out and not any(_leaks(out, s) for s in case.secrets)


# --- the corpus ---------------------------------------------------------------------------------

def test_corpus_is_big_and_covers_every_kind() -> None:
    assert len(SECRETS) >= 170 and len(BENIGN) >= 170
    per_kind = {kind: sum(c.kind == kind for c in SECRETS) for kind in KINDS}
    assert min(per_kind.values()) >= 4, per_kind
    assert {c.kind for c in SECRETS} <= set(KINDS)


def test_recall_and_false_positive_rate() -> None:
    missed = [c for c in SECRETS if not _caught(c)]
    changed = [(b, redact(b).text) for b in BENIGN if redact(b).text != b]
    recall = 1 - len(missed) / len(SECRETS)
    fp = len(changed) / len(BENIGN)
    right_kind = sum(c.kind in redact(c.text).kinds for c in SECRETS) / len(SECRETS)
    print(f"\nrecall={recall:.3f} fp={fp:.3f} "
          f"({len(SECRETS)} secrets, {len(BENIGN)} benign lines, expected kind reported {right_kind:.3f})")
    assert recall >= 0.95, [(c.kind, c.text[:120]) for c in missed]
    assert fp <= 0.02, changed


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_reported_by_some_corpus_item(kind: str) -> None:
    cases = [c for c in SECRETS if c.kind == kind]
    assert any(kind in redact(c.text).kinds for c in cases), kind


def test_kinds_are_distinct_snake_case_names() -> None:
    assert len(KINDS) >= 30
    assert len(set(KINDS)) == len(KINDS)
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", k) for k in KINDS)
    assert "error" not in KINDS


# --- the issue's examples -----------------------------------------------------------------------

def test_the_issue_benign_line_comes_back_unchanged() -> None:
    assert redact(ISSUE_BENIGN_LINE) == Redaction(ISSUE_BENIGN_LINE, ())
    assert redact(ISSUE_BENIGN_LINE + "\n").text == ISSUE_BENIGN_LINE + "\n"


@pytest.mark.parametrize("seed", range(25))
def test_the_issue_secrets_lose_their_bodies(seed: int) -> None:
    rng = random.Random(seed)
    body = "".join(rng.choice(ALNUM) for _ in range(93))
    anthropic = f"sk-ant-api03-{body}AA"
    github = "ghp_" + "".join(rng.choice(ALNUM) for _ in range(36))
    password = "".join(rng.choice(string.ascii_letters) for _ in range(14))
    url = f"postgres://admin:{password}@db.internal:5432/app"
    result = redact(f"Tried {anthropic} with curl; then {github}; db at {url}")
    assert body[:40] not in result.text and body[40:] not in result.text
    assert github[4:] not in result.text
    assert password not in result.text
    assert "postgres://[REDACTED:url_credentials]@db.internal:5432/app" in result.text
    assert result.kinds == ("anthropic_api_key", "github_token", "url_credentials")


@pytest.mark.parametrize("text, expected", [
    ("DB_PASSWORD=hunter22", "DB_PASSWORD=[REDACTED:password_assignment]"),
    ('{"password": "s3cr3t!42"}', '{"password": "[REDACTED:password_assignment]"}'),
    ("Authorization: Bearer 4f9d2c7a1b8e6f0d3c5a9e7b", "Authorization: Bearer [REDACTED:bearer_token]"),
    ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n"
     "-----END OPENSSH PRIVATE KEY-----\nafter", "[REDACTED:private_key]\nafter"),
])
def test_only_the_secret_part_is_replaced(text: str, expected: str) -> None:
    assert redact(text).text == expected


@pytest.mark.parametrize("text", [
    "token_count = 42", "api_key: str", "password=None", 'password=os.environ["PW"]',
    "secret=get_secret()", "token: <your-token>", "API_KEY=${API_KEY}", "password: changeme",
    "evt_0123456789abcdef0123", "Bearer of bad news", "the password field is required",
])
def test_code_references_and_placeholders_are_not_secrets(text: str) -> None:
    assert redact(text).text == text


# --- contract -----------------------------------------------------------------------------------

def test_redacting_twice_changes_nothing_more() -> None:
    for text in [c.text for c in SECRETS] + BENIGN:
        once = redact(text)
        twice = redact(once.text)
        assert twice.text == once.text, text[:120]
        assert twice.kinds == ()


def test_kinds_are_sorted_and_unique() -> None:
    tokens = [c.text for c in SECRETS if c.kind in ("github_token", "npm_token")]
    result = redact("\n".join(tokens + tokens))
    assert result.kinds == ("github_token", "npm_token")


def test_empty_text() -> None:
    assert redact("") == Redaction("", ())


def test_a_rule_that_raises_fails_closed() -> None:
    def explode(match: re.Match[str], secret: str) -> bool:
        raise RuntimeError("validator bug")

    rules = Rules((Rule("boom", r"\w+", validate=explode),))
    assert redact("nothing secret here", rules) == Redaction("[REDACTED:error]", ("error",))


def test_wrong_input_type_fails_closed_instead_of_raising() -> None:
    assert redact(None) == Redaction("[REDACTED:error]", ("error",))  # type: ignore[arg-type]
    assert redact(b"ghp_bytes", None).kinds == ("error",)  # type: ignore[arg-type]


def test_rules_compile_lazily() -> None:
    rule = Rule("broken", "(")  # constructing a rule compiles nothing ...
    with pytest.raises(re.error):
        rule.compiled()  # ... the first use does
    for built_in in compile_rules().rules:
        built_in.compiled()  # every built-in regex is valid


def test_allowlist_keeps_full_matches() -> None:
    kept, other = (next(c for c in SECRETS if c.kind == "github_token"),
                   next(c for c in SECRETS if c.kind == "npm_token"))
    token = kept.secrets[0]
    rules = compile_rules(allowlist=[re.escape(token)])
    assert redact(kept.text, rules).text == kept.text
    assert redact(other.text, rules).kinds == ("npm_token",)
    assert redact(kept.text, compile_rules(allowlist=[r"ghp_"])).kinds == ("github_token",)  # partial: no


def test_allowlist_given_as_one_string_means_one_regex() -> None:
    text = "aws key AKIA" + "Q" * 4 + "2J7Z4ZKXWV5P6N3M"
    assert redact(text, compile_rules(allowlist=r"AKIA\w{16}")).text == text


def test_extra_patterns_add_kinds() -> None:
    rules = compile_rules({"acme_internal": r"acme_[a-z0-9]{24}", "door_pin": r"PIN (?P<secret>\d{6})"})
    text = "use acme_0123456789abcdefghijklmn at the door, PIN 424242, and ghp_" + "aB3" * 12
    result = redact(text, rules)
    assert result.text == ("use [REDACTED:acme_internal] at the door, PIN [REDACTED:door_pin], "
                           "and [REDACTED:github_token]")
    assert result.kinds == ("acme_internal", "door_pin", "github_token")


def test_compile_rules_rejects_a_bad_regex_naming_it() -> None:
    with pytest.raises(ValueError, match=re.escape("'acme_[a-z+'")):
        compile_rules({"acme": "acme_[a-z+"})
    with pytest.raises(ValueError, match=re.escape("'(unclosed'")):
        compile_rules(allowlist=["ok", "(unclosed"])
    with pytest.raises(ValueError, match="Bad Kind"):
        compile_rules({"Bad Kind": "x"})
    with pytest.raises(ValueError):
        compile_rules({"empty": ""})
    with pytest.raises(ValueError, match="'error'"):
        compile_rules({"error": "x"})  # reserved for failed scrubs


def test_public_surface() -> None:
    assert set(redaction.__all__) == {"KINDS", "Redaction", "Rule", "Rules", "compile_rules", "redact"}


def test_core_purity_standard_library_only() -> None:
    allowed = {"__future__", "binascii", "bisect", "collections", "re", "types", "kenning.core.secrets"}
    for module in (redaction, secrets):
        tree = ast.parse(inspect.getsource(module))
        imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                    for alias in node.names}
        imported |= {node.module if node.module.startswith("kenning") else node.module.split(".")[0]
                     for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
        assert imported <= allowed, imported - allowed


# --- performance sanity (printed, never asserted: timing asserts flake on busy machines) ---------

def test_performance_sanity() -> None:
    rng = random.Random(7)
    pieces = rng.sample(BENIGN, 40) + [c.text for c in rng.sample(SECRETS, 3)]
    text = " ".join(pieces)[:2000]
    redact(text)  # compile what this text needs
    runs = 300
    start = time.perf_counter()
    for _ in range(runs):
        redact(text)
    per_call = (time.perf_counter() - start) / runs * 1e6
    hostile = ["x" * 100_000, "-" * 100_000, "password=" * 10_000, "1234567890:" * 10_000,
               "-----BEGIN RSA PRIVATE KEY-----" + " a" * 50_000, "a\x00b control \x1b[31m chars"]
    start = time.perf_counter()
    for h in hostile:
        assert isinstance(redact(h), Redaction)
    hostile_ms = (time.perf_counter() - start) * 1e3
    print(f"\nredact(2,000 chars) = {per_call:.0f} us/call; hostile inputs (~700 KB) = {hostile_ms:.0f} ms")
