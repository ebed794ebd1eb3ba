"""Redaction: recall and false-positive rate on the labelled corpora, one regression case per
miss issue 11 item 12 named, and the contract around them (fail closed, idempotent, allowlist,
extra patterns, config errors, purity).

Corpora: ``redaction_corpus`` (grew with the rules), ``redaction_hard_corpus`` and
``redaction_hard_benign`` (written before the rules changed; every fourth case held out, never
tuned on), ``redaction_fresh_corpus`` (written last, measured once). ``pytest -s`` prints the
figures, e.g. ``recall=1.000 fp=0.000``.

Figures when the hard corpus was written (scrubber before issue 11 item 12) and now:

==========================  =====================  ==============================================
corpus                      before                 after
==========================  =====================  ==============================================
old, its first 215 / 258    recall 1.000 fp 0.000  recall 1.000 fp 0.000
old, with new-kind cases    recall 0.835 fp 0.000  recall 1.000 fp 0.000 (520 / 258)
hard, tuned part            recall 0.498 fp 0.004  recall 1.000 fp 0.000 (247 / 225)
hard, held-out part         recall 0.476 fp 0.013  recall 0.939 fp 0.000 at first contact, 0.963 now
fresh                       recall 0.654 fp 0.000  recall 0.975 fp 0.000 measured once, 1.000 now
==========================  =====================  ==============================================
"""

from __future__ import annotations

import ast
import inspect
import random
import re
import string

import pytest

from kenning.core.secrets import (
    commands as secrets_commands,
)
from kenning.core.secrets import (
    detectors as secrets,
)
from kenning.core.secrets import (
    material as secrets_material,
)
from kenning.core.secrets import (
    providers as secrets_providers,
)
from kenning.core.secrets import (
    redaction,
)
from kenning.core.secrets import (
    rule as secrets_rule,
)
from kenning.core.secrets import (
    shapes as secrets_shapes,
)
from kenning.core.secrets.redaction import KINDS, Redaction, Rule, Rules, compile_rules, redact

from .redaction_corpus import BENIGN, SECRETS, SecretCase
from .redaction_fresh_corpus import FRESH_BENIGN, FRESH_SECRETS
from .redaction_hard_benign import HARD_BENIGN
from .redaction_hard_corpus import HARD_SECRETS, held_out
from .redaction_regressions import LOOK_ALIKES, MISSED

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
    return _redacts(case.text, case.secrets)


def _redacts(text: str, secrets: tuple[str, ...]) -> bool:
    out = redact(text).text
    return "[REDACTED:" in out and not any(_leaks(out, s) for s in secrets)


def _figures(cases: list[tuple[str, tuple[str, ...]]], benign: list[str]) -> tuple[float, float, list[str], list[str]]:
    missed = [text for text, secrets in cases if not _redacts(text, secrets)]
    changed = [text for text in benign if redact(text).text != text]
    return 1 - len(missed) / len(cases), len(changed) / len(benign), missed, changed


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


def test_hard_corpus_is_big_and_split() -> None:
    assert len(HARD_SECRETS) + len(HARD_BENIGN) >= 600 and len(HARD_BENIGN) >= 250
    assert sum(held_out(i) for i in range(len(HARD_SECRETS))) >= 80
    assert len({c.group for c in HARD_SECRETS}) >= 10 and len({b.group for b in HARD_BENIGN}) >= 10


@pytest.mark.parametrize("part", ["whole", "tuned", "held-out"])
def test_hard_corpus_recall_and_false_positive_rate(part: str) -> None:
    def chosen(i: int) -> bool:
        return part == "whole" or held_out(i) == (part == "held-out")
    cases = [(c.text, c.secrets) for i, c in enumerate(HARD_SECRETS) if chosen(i)]
    benign = [b.text for i, b in enumerate(HARD_BENIGN) if chosen(i)]
    recall, fp, missed, changed = _figures(cases, benign)
    print(f"\nhard corpus, {part}: recall={recall:.3f} fp={fp:.3f} ({len(cases)} secrets, {len(benign)} benign)")
    floor = 0.95 if part != "held-out" else 0.9  # the held-out part is reported; the whole is the goal
    assert recall >= floor, [t[:120] for t in missed]
    assert fp <= 0.02, changed


def test_fresh_corpus_recall_and_false_positive_rate() -> None:
    recall, fp, missed, changed = _figures([(c.text, c.secrets) for c in FRESH_SECRETS],
                                           [b.text for b in FRESH_BENIGN])
    print(f"\nfresh corpus: recall={recall:.3f} fp={fp:.3f} ({len(FRESH_SECRETS)} secrets, {len(FRESH_BENIGN)} benign)")
    assert recall >= 0.95, [t[:120] for t in missed]
    assert fp <= 0.02, changed


@pytest.mark.parametrize("name, text, secrets", MISSED, ids=[m[0] for m in MISSED])
def test_the_issue_misses_are_redacted(name: str, text: str, secrets: tuple[str, ...]) -> None:
    """Each of these went through the scrubber before issue 11 item 12."""
    out = redact(text).text
    assert "[REDACTED:" in out and not any(_leaks(out, s) for s in secrets), out


@pytest.mark.parametrize("name, text", LOOK_ALIKES, ids=[b[0] for b in LOOK_ALIKES])
def test_the_issue_look_alikes_are_left_alone(name: str, text: str) -> None:
    assert redact(text).text == text


@pytest.mark.parametrize("text, expected", [
    # a quoted value with mixed classes is a secret whatever characters it holds ...
    ('password = "kX9<mZ2!qR7w"', 'password = "[REDACTED:password_assignment]"'),
    ("DB_PASSWORD=p&ssW0rd(2024)", "DB_PASSWORD=[REDACTED:password_assignment]"),
    # ... but "&name=" ends a query parameter, and a closing bracket with no opener ends the value
    ("jdbc:mysql://db/shop?user=app&password=Gq7hT2p9x&useSSL=true",
     "jdbc:mysql://db/shop?user=app&password=[REDACTED:password_assignment]&useSSL=true"),
    ("connect(password=Sx9Lq2Wm4)", "connect(password=[REDACTED:password_assignment])"),
    # only whole-value placeholders are fake
    ('password = "<your-password>"', 'password = "<your-password>"'),
    ('token = "dummy-token-for-tests"', 'token = "dummy-token-for-tests"'),
    ("postgres://app:p@ss@w0rd!@db:5432/app", "postgres://[REDACTED:url_credentials]@db:5432/app"),
])
def test_values_with_awkward_characters(text: str, expected: str) -> None:
    assert redact(text).text == expected


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
    for text in ([c.text for c in SECRETS] + BENIGN + [c.text for c in HARD_SECRETS] + [b.text for b in HARD_BENIGN]
                 + [c.text for c in FRESH_SECRETS]):
        once = redact(text)
        twice = redact(once.text)
        assert twice.text == once.text, text[:120]
        assert twice.kinds == ()


def test_kinds_are_sorted_and_unique() -> None:
    tokens = [c.text for c in SECRETS if c.kind in ("github_token", "npm_token")]
    result = redact("\n".join(tokens + tokens))
    assert result.kinds == ("github_token", "npm_token")


def test_never_raises_and_stays_idempotent_on_random_strings() -> None:
    """A few thousand seeded strings: random characters, and corpus pieces glued together (a key
    word right after a token, a marker inside a value) where one rule's marker changes what the
    next sees. Hypothesis-free on purpose; tests/reliability fuzzes with hypothesis."""
    rng = random.Random(20250611)
    pieces = ([c.text for c in HARD_SECRETS] + [b.text for b in HARD_BENIGN]
              + ["password", "=", ": ", " ", "\n", "[REDACTED:x]", "$", "@", "://", "-----BEGIN RSA PRIVATE KEY-----",
                 "ghp_", "AKIA", "密码", "\x00", "\u0130", "Bearer ", "&", "(", "<", "%", "\\"])
    alphabet = string.printable + "ßİıé密码パスワードпароль\u200b\U0001f600"
    for i in range(3000):
        if i % 3 == 0:
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 300)))
        elif i % 3 == 1:
            text = "".join(rng.choice(pieces)[:rng.randint(0, 80)] for _ in range(rng.randint(1, 12)))
        else:
            base = rng.choice(pieces)
            at = rng.randint(0, len(base))
            text = base[:at] + rng.choice(pieces) + base[at:]
        result = redact(text)
        assert isinstance(result, Redaction) and result.kinds != ("error",), text
        assert redact(result.text).text == result.text, text


def test_a_marker_changes_nothing_around_it() -> None:
    """A rule must not start inside a marker ("[REDACTED:url_credentials]" holds "cred"), and a
    context word inside a marker ("[REDACTED:twilio_key]") is no context."""
    text = f"[REDACTED:url_credentials]@nats.internal:4222KEY: pass word {'a1b2c3d4' * 4}"
    assert redact(text).text == text
    hexes = "83fabb1da3ef70625a80d893036c544f"
    assert redact(f"[REDACTED:twilio_key] sentry event {hexes}").kinds == ()


def test_a_validator_may_narrow_the_secret() -> None:
    rules = Rules((Rule("pin", r"PIN \S+", validate=lambda m, s: (m.start() + 4, m.end())),))
    assert redact("door PIN 424242 ok", rules).text == "door PIN [REDACTED:pin] ok"


def test_prefix_rules_match_at_token_starts_and_glued_to_a_token_when_generated() -> None:
    """Issue 27 item 6: a prefix glued to what comes before it (x-ghp_…, abcghp_…) is still a
    token; inside a longer token it must look generated, so an identifier that merely contains
    the prefix (``risk_test_ComputeAll…`` holds ``sk_test_``) is left alone."""
    rules = Rules((Rule("acme", r"acme_[a-z0-9]{16}", prefixes=("acme_",)),))
    assert redact("use acme_0123456789abcdef now", rules).kinds == ("acme",)
    assert redact("https://acme_0123456789abcdef@host", rules).kinds == ("acme",)  # a URL's host
    assert redact("notacme_0123456789abcdef", rules).text == "not[REDACTED:acme]"
    assert redact("notacme_useforeverything", rules).kinds == ()


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
    allowed = {"__future__", "binascii", "bisect", "collections", "json", "re", "types",
               "kenning.core.secrets.detectors", "kenning.core.secrets.backtracking",
               "kenning.core.secrets.rule", "kenning.core.secrets.providers", "kenning.core.secrets.shapes",
               "kenning.core.secrets.commands", "kenning.core.secrets.material"}
    for module in (redaction, secrets, secrets_rule, secrets_providers, secrets_shapes, secrets_commands,
                   secrets_material):
        tree = ast.parse(inspect.getsource(module))
        imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                    for alias in node.names}
        imported |= {node.module if node.module.startswith("kenning") else node.module.split(".")[0]
                     for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
        assert imported <= allowed, imported - allowed


# --- hostile inputs (how long they take is bench/redaction.py's figure: timing asserts flake) -------

HOSTILE = {"100 KB of one letter": "x" * 100_000, "100 KB of dashes": "-" * 100_000,
           "a key word 10,000 times": "password=" * 10_000, "digits and colons": "1234567890:" * 10_000,
           "a key header, no key": "-----BEGIN RSA PRIVATE KEY-----" + " a" * 50_000,
           "control characters": "a\x00b control \x1b[31m chars"}


@pytest.mark.parametrize("text", list(HOSTILE.values()), ids=list(HOSTILE))
def test_hostile_inputs_come_back_whole_and_a_secret_after_them_is_found(text: str) -> None:
    """Long runs and repeated key words, where a rule could backtrack or give up: the text comes
    back unchanged with nothing reported, and a token after it is still redacted."""
    assert redact(text) == Redaction(text, ())
    github = "ghp_" + "aB3" * 12
    assert redact(f"{text}\n{github} end") == Redaction(f"{text}\n[REDACTED:github_token] end", ("github_token",))
