"""Key material in the formats of signing tools, VPNs, certificate bundles and wallets, recovery
codes, and keys written into code as hex.

* Armour blocks whose label names a secret key but not "PRIVATE KEY" (OpenVPN's ``Static key
  V1`` and ``tls-crypt-v2 client key``), and minisign/signify secret key files (the
  ``untrusted comment: ... secret key`` line, then the key).
* Base64 of a DER key or key store (PKCS#12, PKCS#8, PKCS#1, SEC1, JKS, JCEKS): recognized by
  decoding its first bytes, so a certificate, a public key or a signed profile, which share the
  ``MII`` start, is left alone.
* Wallets: an extended private key (``xprv``/``tprv``), a Solana keypair (a JSON array of 64
  bytes), an Ethereum key (``0x`` + 64 hex) beside a word that says key, signer or wallet (a
  transaction hash or a topic has the same shape and is public).
* Recovery codes: a list after "recovery codes" / "backup codes", or a bare list of GitHub's
  ``xxxxx-xxxxx`` codes.
* Hex (or base58) keys assigned in code to a name that says key, secret, seed or token,
  directly or through a decoding call (``bytes.fromhex("...")``, ``hex!("...")``).

Decided benign: public keys, certificates, addresses, transaction hashes, and sealed values
(``secrets_rule._is_code_or_placeholder`` knows SOPS, ejson and sealed-secrets ciphertext).

Pure: standard library only. Every regex is linear: its repetitions are bounded, and each repeated group starts with a
character the one before it cannot hold, so a failed match never splits a run two ways.
"""

from __future__ import annotations

import binascii
import json
import re

from kenning.core.secrets.rule import Rule, _has_alpha, _has_digit, _line_before

_I = re.IGNORECASE

# --- armour and key files ----------------------------------------------------------------------


def _armour_ok(match: re.Match[str], _: str) -> bool:
    label = match.group("label").lower()
    return "public" not in label and "certificate" not in label


_BODY = r"(?:[A-Za-z0-9+/=\s:,.\\#]|-(?!----)){16,100000}?"

# --- DER in base64 -----------------------------------------------------------------------------

_PBE_OIDS = (bytes.fromhex("2a864886f70d01050d"), bytes.fromhex("2a864886f70d010c0103"),
             bytes.fromhex("2a864886f70d010c0106"), bytes.fromhex("2a864886f70d010503"))


def _der_key(head: bytes) -> bool:
    """A key or key store from its first bytes: JKS/JCEKS magic, or a DER SEQUENCE holding a
    PFX (version 3), a PrivateKeyInfo (version 0 or 1, then an algorithm), an RSA or EC private
    key (version, then an integer or an octet string), or an EncryptedPrivateKeyInfo (a
    password-based encryption algorithm first)."""
    if head.startswith((b"\xfe\xed\xfe\xed", b"\xce\xce\xce\xce")):
        return True
    if len(head) < 8 or head[0] != 0x30:
        return False
    size = head[1]
    at = 2 + (size & 0x7F if size & 0x80 else 0)
    inner = head[at:]
    if inner[:3] == b"\x02\x01\x03" and inner[3:4] == b"\x30":
        return True  # PKCS#12 PFX
    if inner[:3] in (b"\x02\x01\x00", b"\x02\x01\x01") and inner[3:4] in (b"\x30", b"\x02", b"\x04"):
        return True  # PKCS#8, PKCS#1 RSA, SEC1 EC
    return inner[:1] == b"\x30" and any(oid in inner[:24] for oid in _PBE_OIDS)


def _der_ok(match: re.Match[str], secret: str) -> bool:
    flat = re.sub(r"\\n|\s", "", secret)[:48]
    try:
        head = binascii.a2b_base64(flat[:len(flat) // 4 * 4])
    except binascii.Error:
        return False
    return _der_key(head)


# --- wallets -------------------------------------------------------------------------------------

def _byte_array_ok(match: re.Match[str], secret: str) -> bool:
    """A Solana keypair: 64 bytes, random-looking (a table of 64 numbers is ordered or repetitive)."""
    try:
        values = json.loads(secret)
    except ValueError:
        return False
    if len(values) != 64 or any(v > 255 for v in values):
        return False
    return len(set(values)) >= 40 and values != sorted(values)


_KEY_CONTEXT = r"priv|secret|wallet|signer|accounts|deployer|mnemonic|(?<!pub)key"
_PUBLIC_CONTEXT = r"public|pubkey|address|hash|topic|\btx\b|block|root|slot|storage|salt|nonce|commit|digest"


def _eth_key_ok(match: re.Match[str], secret: str) -> bool:
    """The nearest word before the value decides: ``--private-key 0x…`` after ``cast wallet
    address`` is a key, ``tx 0x…`` or ``topic0 = 0x…`` is not."""
    before = _line_before(match.string, match.start())[-80:]
    key = [m.end() for m in re.finditer(_KEY_CONTEXT, before, _I)]
    public = [m.end() for m in re.finditer(_PUBLIC_CONTEXT, before, _I)]
    if not key or (public and public[-1] > key[-1]):
        return False
    return _has_digit(secret) and _has_alpha(secret)


# --- recovery codes ------------------------------------------------------------------------------

def _codes_ok(match: re.Match[str], secret: str) -> bool | tuple[int, int]:
    codes = re.findall(r"[A-Za-z0-9]+(?:[- ][A-Za-z0-9]+)*", secret)
    if not codes or not all(_has_digit(c) for c in codes[:12]):
        return False
    return len(codes) > 1 or len(codes[0]) >= 16  # one short code is a PIN or a number in a sentence


# --- hex keys in code ----------------------------------------------------------------------------

_NOT_KEYS = r"public|pub_?key|pubkey|hash|digest|sha|checksum|fingerprint|key_?id|keyid|kid\b|cache|etag|commit|tree"


def _code_key_ok(match: re.Match[str], secret: str) -> bool:
    """The whole name (``aes_key``, ``PUBLIC_KEY``) says a secret, and the value is random."""
    text, i = match.string, match.start()
    while i > max(0, match.start() - 60) and (text[i - 1].isalnum() or text[i - 1] == "_"):
        i -= 1
    name = (text[i:match.start()] + (match.groupdict().get("name") or "")).lower()
    if re.search(_NOT_KEYS, name):
        return False
    value = secret[2:] if secret[:2].lower() == "0x" else secret
    return _has_digit(value) and _has_alpha(value) and len(set(value.lower())) >= 8


_HEX_OR_B58 = r"(?:0x)?[0-9a-fA-F]{32,512}|[1-9A-HJ-NP-Za-km-z]{64,100}"
# the value may be wrapped in one decoding call: bytes.fromhex(…), hex!(…), []byte(…), Buffer.from(…)
_DECODE = r"(?:[\w.:!]{1,40}[ \t]*\([ \t]*(?:[\w.:!]{1,40}\([ \t]*)?|\[\]byte\(|new[ \t]+[\w.]{1,40}\([ \t]*)?"

MATERIAL_RULES: tuple[Rule, ...] = (
    Rule("private_key",
         r"-----BEGIN (?P<label>[A-Za-z0-9 .-]{0,40}(?i:static key|client key|server key|secret key)"
         r"[A-Za-z0-9 .-]{0,20})"
         r"-----" + _BODY + r"-----END [A-Za-z0-9 .-]{1,80}?-----",
         ("-----begin",), validate=_armour_ok),
    Rule("private_key",
         r"untrusted comment:[^\n]{0,100}secret key[^\n]{0,100}\r?\n(?P<secret>[A-Za-z0-9+/]{40,400}={0,2})",
         ("untrusted comment:",), _I),
    Rule("private_key",
         r"(?:MI[G-M]|MHcCAQEE|MC4CAQAw|/u3\+7Q|zs7Ozg)[A-Za-z0-9+/]{40,100000}={0,2}"
         r"(?:(?:\r?\n|\\n)[ \t]{0,12}[A-Za-z0-9+/]{16,200}={0,2}){0,10000}",
         prefixes=("mig", "mih", "mii", "mij", "mik", "mil", "mim", "mhccaqee", "mc4caqaw", "/u3+7q", "zs7ozg"),
         validate=_der_ok),
    Rule("wallet_key", r"[xyzt]prv[1-9A-HJ-NP-Za-km-z]{100,112}(?![\w])", prefixes=("xprv", "yprv", "zprv", "tprv")),
    Rule("wallet_key", r"\[[ \t]{0,4}(?:\d{1,3}[ \t]{0,4},[ \t\r\n]{0,8}){63}\d{1,3}[ \t\r\n]{0,8}\]",
         ("[1", "[2", "[3", "[4", "[5", "[6", "[7", "[8", "[9", "[ ", "[0"), validate=_byte_array_ok),
    Rule("wallet_key", r"(?<![\w])0x(?P<secret>[0-9a-fA-F]{64})(?![0-9a-zA-Z])", ("0x",), validate=_eth_key_ok),
    Rule("recovery_codes",
         r"(?:recovery|backup|scratch|emergency|verification)[ _-]?(?:verification[ _-]?)?(?:codes?|keys?)"
         r"[^\n:]{0,60}?(?::[ \t]*(?:\r?\n)?|[ \t]+is[ \t]+|[ \t]*\r?\n)"
         r"(?P<secret>(?:[ \t]{0,8}(?:\d{1,2}[.)][ \t]{1,4}|[-*•][ \t]{1,4})?"
         r"[A-Za-z0-9]{4,16}(?:[- ][A-Za-z0-9]{4,8}){0,7}"
         r"(?:[ \t]*\r?\n|[ \t]{1,4}|$)){1,40})",
         ("recovery", "backup", "scratch", "emergency", "verification"), _I, validate=_codes_ok),
    # google-authenticator's ~/.google_authenticator: option lines, then the emergency scratch codes
    Rule("recovery_codes",
         r"\"[ \t](?:TOTP_AUTH|HOTP_COUNTER[ \t]\d{1,12}|DISALLOW_REUSE|WINDOW_SIZE[ \t]\d{1,4})[ \t]*\r?\n"
         r"(?P<secret>(?:[A-Z2-7]{16,64}[ \t]*\r?\n)?(?:\d{8}[ \t]*(?:\r?\n|\Z)){1,20})",
         ('" totp_auth', '" hotp_counter', '" disallow_reuse', '" window_size'), validate=_codes_ok),
    Rule("recovery_codes", r"(?m)(?:^[0-9a-f]{5}-[0-9a-f]{5}[ \t]*(?:\r?\n|\Z)){4,}", context=("\n",),
         validate=_codes_ok),
    Rule("secret_assignment",
         r"(?P<name>(?:key|secret|seed|token|priv)\w{0,40})[\"'\]]?[ \t]*(?::[^=\n]{1,40}?)?(?:,[ \t]*_[ \t]*)?"
         r"(?:=|:=|:|=>)[ \t]*" + _DECODE + r"[bh]?(?P<q>[\"'])(?P<secret>" + _HEX_OR_B58 + r")(?P=q)",
         ("key", "secret", "seed", "token", "priv"), _I, validate=_code_key_ok),
    Rule("secret_assignment",
         r"(?:SecretKeySpec|fromSecretKey|from_secret_key|SigningKey|PrivateKey)[ \t]*\([ \t]*" + _DECODE
         + r"[bh]?(?P<q>[\"'])(?P<secret>" + _HEX_OR_B58 + r")(?P=q)",
         ("secretkeyspec", "fromsecretkey", "from_secret_key", "signingkey", "privatekey"), validate=_code_key_ok),
)
