"""Redaction by class (issue 27 items 6 and 7): the docs corpus the rules were tuned on, the
held-out corpus written before them, tokens glued to what precedes them, the decisions on
public DSNs and sealed values, and every new rule fed 100 KB of near-miss input.

Figures (``python bench/redaction_corpora.py --holdout``; ``pytest -s`` prints them too):

==============  =====================  ====================================
corpus          before (rules of e162832)  after
==============  =====================  ====================================
docs (tuned)    recall 0.386 fp 0.067  recall 1.000 fp 0.000
holdout         recall 0.351 fp 0.062  recall 0.973 fp 0.000, measured once
==============  =====================  ====================================

The held-out figure was measured when the rules were done; a later miss there is a lesson,
not a target.
"""

from __future__ import annotations

import pytest

from kenning.core.secrets.redaction import Redaction, redact

from . import redaction_docs_corpus as docs
from . import redaction_holdout_corpus as holdout
from .fake_secrets import FakeSecrets


def _leaks(out: str, secret: str) -> bool:
    if secret in out:
        return True
    return len(secret) >= 16 and any(secret[i:i + 12] in out for i in range(0, len(secret) - 11, 4))


def _figures(module: object) -> tuple[float, float, list[str], list[str]]:
    cases, benign = module.SECRETS, module.BENIGN  # type: ignore[attr-defined]
    missed = [c.text for c in cases
              if not ("[REDACTED:" in (out := redact(c.text).text) and not any(_leaks(out, s) for s in c.secrets))]
    changed = [b.text for b in benign if redact(b.text).text != b.text]
    return 1 - len(missed) / len(cases), len(changed) / len(benign), missed, changed


def test_docs_corpus_recall_and_false_positive_rate() -> None:
    recall, fp, missed, changed = _figures(docs)
    print(f"\ndocs corpus: recall={recall:.3f} fp={fp:.3f} ({len(docs.SECRETS)} secrets, {len(docs.BENIGN)} benign)")
    assert recall >= 0.95, [t[:120] for t in missed]
    assert fp <= 0.02, changed


def test_holdout_corpus_meets_the_issue_goal() -> None:
    """The goal the issue sets: recall 0.90 or more at 0.02 false positives or fewer."""
    recall, fp, missed, changed = _figures(holdout)
    print(f"\nholdout corpus: recall={recall:.3f} fp={fp:.3f} "
          f"({len(holdout.SECRETS)} secrets, {len(holdout.BENIGN)} benign)")
    assert recall >= 0.90, [t[:120] for t in missed]
    assert fp <= 0.02, changed


def test_corpora_cover_every_class_the_issue_names() -> None:
    for module in (docs, holdout):
        groups = {c.group for c in module.SECRETS}
        assert {"prose_i18n", "sql", "cli_args", "code_credentials", "key_block", "bundle", "wallet",
                "recovery_codes", "hex_key_code", "glued_token"} <= groups
        assert {"public_dsn", "sealed", "public_key_material", "ids", "prose"} <= {b.group for b in module.BENIGN}


# --- item 6: a token glued to what comes before it -----------------------------------------------

_fake = FakeSecrets(27_6)
_GHP = "ghp_" + _fake.alnum_mixed(36)
_SK = "sk-proj-" + _fake.alnum_mixed(48, "-_")
_AKIA = "AKIA" + _fake.pick("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 15) + "7"


@pytest.mark.parametrize("glue, token, kind", [
    ("x-", _GHP, "github_token"), ("key.", _SK, "openai_api_key"), ("foo_", _AKIA, "aws_access_key_id"),
    ("abc", _GHP, "github_token"), ("X-Api-", _GHP, "github_token"),
])
def test_a_token_after_a_dash_dot_underscore_or_letter_is_redacted(glue: str, token: str, kind: str) -> None:
    assert redact(f"header {glue}{token} end") == Redaction(f"header {glue}[REDACTED:{kind}] end", (kind,))


@pytest.mark.parametrize("identifier", [
    "risk_test_ComputeAllValuesForTheCase", "desk_live_ComputeAllValuesForTheCase9",
    "task-sk-fix-the-webhook-signature",
    "my_akiaGroupNameIsLongEnoughHere", "sub-ghp-migration-plan-for-next-quarter", "csk_test_runner_for_all_modules",
])
def test_an_identifier_holding_a_prefix_is_left_alone(identifier: str) -> None:
    assert redact(identifier).text == identifier


def test_the_whole_tokens_rule_names_the_marker_when_a_prefix_sits_inside_it() -> None:
    token = "csk-" + _fake.lower_alnum(48)
    assert redact(f"key {token}").kinds == ("cerebras_api_key",)  # not the "sk-" inside it


# --- decisions ----------------------------------------------------------------------------------------

def test_a_public_sentry_dsn_is_kept_and_a_legacy_dsns_secret_is_not() -> None:
    """The DSN's key is public by design (browsers send it with every event); the legacy
    ``key:secret@`` form carries a secret."""
    public = f"https://{_fake.hex(32)}@o123456.ingest.sentry.io/4504"
    assert redact(f"SENTRY_DSN={public}").kinds == ()
    secret = _fake.hex_mixed(32)
    assert redact(f"SENTRY_DSN=https://{_fake.hex(32)}:{secret}@sentry.acme.dev/3").kinds == ("url_credentials",)
    assert redact(f"https://{_fake.hex(32)}@git.acme.dev/org/repo.git").kinds == ("url_credentials",)  # not a DSN


def test_sealed_values_are_kept() -> None:
    sealed = "Ag" + "B" + FakeSecrets(1).b64(600).rstrip("=")
    text = f"spec:\n  encryptedData:\n    password: {sealed}"
    assert redact(text).text == text


# --- every new rule against 100 KB of near-miss input -----------------------------------------------

NEAR_MISSES = {
    "sql identified": "IDENTIFIED BY " * 7_200, "sql identified with": "identified with x by " * 5_000,
    "sql set password": "SET PASSWORD FOR " * 6_000 + "x", "redis acl": "ACL SETUSER " + "a" * 100_000,
    "positional": "rabbitmqctl add_user " * 5_000, "mc alias": "mc alias set a b c " * 5_000,
    "tool flags": " -pw" * 25_000, "rdp flag": " /p:" * 25_000, "login": "login " * 17_000,
    "config set": "config set " + "token " * 16_000, "user pair": " -u " + "a" * 100_000,
    "user pair commas": " -u a," * 17_000, "echo": "echo " * 20_000, "echo no pipe": "echo x " * 15_000,
    "code login": ".login(" * 15_000, "code auth": "auth=(" * 17_000, "jdbc": "getConnection(" * 8_000,
    "armour": "-----BEGIN OpenVPN Static key V1-----" + "a" * 100_000,
    "armour repeated": "-----BEGIN x static key-----\n" * 3_500, "minisign": "untrusted comment: secret key\n" * 3_500,
    "der": "MIIK" + "A" * 100_000, "der lines": "MIIKXQIBAzCC" + "A" * 60 + "\nAAAA" * 20_000,
    "xprv": "xprv" + "1" * 100_000, "byte array": "[1," * 33_000, "byte array long": "[" + "1, " * 33_000,
    "eth": "0x" + "a" * 100_000, "eth context": "private key 0x" * 7_000,
    "recovery": "recovery codes:\n" + "abcd " * 20_000, "recovery words": "backup codes\n" + "abcd\n" * 20_000,
    "github codes": "\n" + "abcde-abcde\n" * 9_000, "scratch codes": '" TOTP_AUTH\n' + "1234567\n" * 12_000,
    "code key": "key = " * 17_000, "code key hex": 'key = bytes.fromhex("' + "g" * 100_000,
    "key constructor": "SecretKeySpec(" * 7_000, "glued": "a_" * 50_000, "glued prefix": "x-ghp_" * 17_000,
    "mnemonic": "seed " * 20_000, "mnemonic words": "mnemonic: " + "abc " * 25_000,
    "inflected word": "şifresi " * 12_000, "nordic prose": "lösenordet är " * 7_000,
}


@pytest.mark.parametrize("text", list(NEAR_MISSES.values()), ids=list(NEAR_MISSES))
def test_near_miss_input_comes_back_whole_and_a_secret_after_it_is_found(text: str) -> None:
    """Each rule's anchor repeated, or its shape run on without an end: nothing to redact, the
    scrub ends within the test run (linear regexes), and a token after it is still found."""
    assert redact(text) == Redaction(text, ())
    assert redact(f"{text}\n{_GHP} end") == Redaction(f"{text}\n[REDACTED:github_token] end", ("github_token",))
