"""One case per miss that issue 11 item 12 names, each of which the scrubber before that issue let
through, and one per named look-alike that must stay unchanged.

Values come from a seeded ``random.Random`` (no literal provider token is written down), so
``MISSED`` is a list of ``(name, text, secrets)``: ``secrets`` must not survive redaction.
"""

from __future__ import annotations

import base64
import random
import string

_rng = random.Random(11_12)
_UP, _LO, _DIG = string.ascii_uppercase, string.ascii_lowercase, string.digits
_ALNUM = _UP + _LO + _DIG


def _pick(alphabet: str, n: int) -> str:
    return "".join(_rng.choice(alphabet) for _ in range(n))


def _mix(n: int, extra: str = "") -> str:
    while True:
        s = _pick(_ALNUM + extra, n)
        if any(c.isupper() for c in s) and any(c.islower() for c in s) and any(c.isdigit() for c in s):
            return s


def _hex(n: int) -> str:
    while True:
        s = _pick("0123456789abcdef", n)
        if any(c.isdigit() for c in s) and any(c.isalpha() for c in s):
            return s


def _b64(nbytes: int) -> str:
    return base64.b64encode(_rng.randbytes(nbytes)).decode()


def _uuid() -> str:
    h = _hex(32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


MISSED: list[tuple[str, str, tuple[str, ...]]] = []


def _case(name: str, template: str, **values: str) -> None:
    """Every keyword value is a secret, except ``public_*`` ones (ids and public key lines)."""
    secrets = tuple(v for k, v in values.items() if not k.startswith("public_"))
    MISSED.append((name, template.format(**values), secrets))


# --- the named misses --------------------------------------------------------------------
_case("postman", "Postman monitor broke after I regenerated it: {t}", t=f"PMAK-{_hex(24)}-{_hex(34)}")
_case("xai", "grok call failed with 401 using {t}", t=f"xai-{_mix(80)}")
_case("pulumi", "Pulumi says {t} belongs to the old org", t=f"pul-{_hex(40)}")
_case("perplexity", "the sonar model works, key {t} has 50 req/min", t=f"pplx-{_mix(48)}")
_case("cloudflare_api_token", "wrangler failed: Authentication error. CF token was {t}", t=_mix(40, "-_"))
_case("cloudflare_global_key", "CLOUDFLARE_GLOBAL_KEY={t}", t=_hex(37))
_case("cloudflare_origin_ca", "origin CA key: {t}", t=f"v1.0-{_hex(24)}-{_hex(146)}")
_case("databricks", "spark job auth failed for {t} (expired PAT)", t=f"dapi{_hex(32)}-2")
_case("mailgun_private_key", "Mailgun webhook signing key {t} rotated", t=f"{_hex(32)}-{_hex(8)}-{_hex(8)}")
_case("twilio_api_key", "created API key {t} for the SMS worker", t=f"SK{_hex(32)}")
_case("twilio_auth_token", "Twilio auth token {t} was in the crash report", t=_hex(32))
_case("azure_sas_url", "the export link https://acme.blob.core.windows.net/x/a.csv?sv=2022-11-02&sp=rl"
      "&se=2025-01-01T00:00:00Z&sig={s} expires next year", s=_b64(32).replace("+", "%2B").replace("/", "%2F"))
_case("azure_shared_access_signature", "SharedAccessSignature sr=https%3a%2f%2facme.servicebus.windows.net"
      "&sig={s}&se=1719000000&skn=RootManageSharedAccessKey", s=_b64(32).replace("/", "%2F"))
_case("azure_account_key", "AZURE_STORAGE_KEY={k}", k=_b64(64))
_case("hex_after_token_word", "the auth token is {t}", t=_hex(32))
_case("hex_after_key_word", "API key: {t}", t=_hex(32))
_case("hex_after_auth_word", "auth={t}", t=_hex(32))
_case("aws_secret_beside_key_id", "new IAM user keys: {i} / {s}", i="AKIA" + _pick(_UP + "234567", 16),
      s=_mix(38, "+/") + "/" + _pick(_ALNUM, 1))
_case("aws_configure_output", "AWS Access Key ID [None]: {i}\nAWS Secret Access Key [None]: {s}",
      i="AKIA" + _pick(_UP + "234567", 16), s=_mix(40, "+/"))
_case("password_slash_pair", "login for the staging box is admin / {p}", p="s3cret-Pass%")
_case("password_in_prose", "ssh ubuntu@10.0.4.12 with password {p}", p=_mix(14) + "@")
_case("pgpass_line", "cat ~/.pgpass\ndb.internal:5432:app:app_user:{p}", p=_mix(11) + "+")
_case("basic_auth_lowercase", "authorization: basic {b}", b=base64.b64encode(f"ci:{_mix(12)}".encode()).decode())
_case("value_with_angle_bracket", 'password = "{p}"', p="kX9<mZ2!qR7w")
_case("value_with_ampersand_and_paren", "DB_PASSWORD={p}", p="p&ssW0rd(2024)")
_case("value_with_dollar_brace", '"password": "{p}"', p="Rt5${kLq9!w")
_case("value_with_dummy", "SMTP_PASSWORD='{p}'", p="dummyPass!93Kx")
_case("bare_value_with_ampersand", "spring.datasource.password={p}", p="Gq7&hT2p!x")

# --- kinds the issue did not name ------------------------------------------------------------------
for name, token in (("groq", f"gsk_{_mix(52)}"), ("openrouter", f"sk-or-v1-{_hex(64)}"),
                    ("grafana_cloud", f"glc_{_mix(80)}=="), ("tailscale", f"tskey-auth-{_mix(17)}-{_mix(33)}"),
                    ("sentry_user", f"sntryu_{_hex(64)}"), ("onepassword", f"ops_eyJ{_mix(260)}"),
                    ("heroku_v2", f"HRKU-AA{_mix(58, '-_')}"), ("buildkite", f"bkua_{_hex(40)}"),
                    ("brevo", f"xkeysib-{_hex(64)}-{_mix(16)}"), ("figma", f"figd_{_mix(40, '-_')}")):
    _case(name, "heads up, I pasted {t} in #eng by mistake", t=token)
_case("zapier_hook", "zapier hook: https://hooks.zapier.com/hooks/catch/9940400/{p}/", p=_hex(7))
_case("s3_presigned", "https://b.s3.amazonaws.com/a.pdf?X-Amz-Expires=900&X-Amz-Signature={s}", s=_hex(64))
_case("reset_link", "reset your password: https://id.acme.dev/reset-password/{t}", t=_mix(40, "-_"))
_case("teams_webhook", "https://acme.webhook.office.com/webhookb2/{public_a}@{public_b}/IncomingWebhook/{s}",
      public_a=_uuid(), public_b=_uuid(), s=f"{_hex(32)}/{_uuid()}")
_case("putty_ppk", "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nPublic-Lines: 2\n{public_lines}\n"
      "Private-Lines: 1\n{p}\nPrivate-MAC: 0a1b", public_lines=_b64(51), p=_b64(48))
_case("bcrypt", "UPDATE users SET password_hash = '{h}' WHERE id = 1;", h=f"$2b$12${_pick('./' + _ALNUM, 53)}")
_case("sha512_crypt_shadow", "deploy:{h}:19512:0:99999:7:::",
      h=f"$6${_pick('./' + _ALNUM, 16)}${_pick('./' + _ALNUM, 86)}")
_case("argon2", "stored hash $argon2id$v=19$m=65536,t=3,p=4${salt}${h} for user 42",
      salt=_b64(16).rstrip("="), h=_b64(32).rstrip("="))
_case("htpasswd_apr1", ".htpasswd\nadmin:{h}", h=f"$apr1${_pick('./' + _ALNUM, 8)}${_pick('./' + _ALNUM, 22)}")
_case("oracle_connect", "sqlplus system/{p}@//db01:1521/ORCLPDB1", p=_mix(12) + "!")
_case("ldapsearch_w", "ldapsearch -x -D cn=admin,dc=acme,dc=dev -w {p} -b dc=acme,dc=dev", p=_mix(12) + "!")
_case("env_many_lines", "SESSION_SECRET={a}\nHMAC_KEY={b}\nLICENSE_KEY={c}\nCREDENTIALS={d}",
      a=_mix(48, "-_"), b=_hex(64), c="-".join(_pick(_UP + _DIG, 5) for _ in range(4)), d=_b64(24))
_case("german", "Das Passwort lautet {p} und gilt bis Freitag.", p="Sommer76#")
_case("french", "mot de passe : {p}", p="Maple78?Xz")
_case("spanish", "contraseña: {p}", p=_mix(12) + "%")
_case("portuguese", "a senha é {p}", p="Harbor19%")
_case("dutch", "het wachtwoord is {p}", p=_mix(13) + "!")
_case("russian", "пароль: {p}", p=_mix(12) + "%")
_case("chinese", "密码：{p}", p=_mix(12) + "&")
_case("japanese", "パスワードは {p} です", p=_mix(16) + "*")
_case("italian", "la password è {p}", p=_mix(15) + "-")

# --- look-alikes that must come back unchanged ------------------------------------------------------
LOOK_ALIKES: list[tuple[str, str]] = [
    ("sha256_beside_file", f"{_hex(64)}  dist/app-1.4.2.tar.gz"),
    ("git_sha", f"commit {_hex(40)}\nAuthor: Dev <dev@acme.dev>"),
    ("oci_digest", f"FROM python:3.12-slim@sha256:{_hex(64)}"),
    ("lockfile_integrity", f'"integrity": "sha512-{_b64(64)}",'),
    ("ssh_public_key", f"ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ{_b64(380)} alice@laptop"),
    ("pem_public_key", "-----BEGIN PUBLIC KEY-----\n" + _b64(200) + "\n-----END PUBLIC KEY-----"),
    ("stripe_publishable", f"const stripe = Stripe('pk_live_{_mix(99)}');"),
    ("sops", f"password: ENC[AES256_GCM,data:{_b64(18)},iv:{_b64(32)},tag:{_b64(16)},type:str]"),
    ("ansible_vault", "$ANSIBLE_VAULT;1.1;AES256\n" + "\n".join(_hex(80) for _ in range(4))),
    ("placeholder_upper", "OPENAI_API_KEY=YOUR_API_KEY"), ("placeholder_angle", "token: <token>"),
    ("placeholder_x", "password: xxxx"), ("placeholder_env", "API_TOKEN=${SECRET}"),
    ("placeholder_changeme", "password: changeme"), ("placeholder_example", 'api_key="example-key"'),
    ("uuid", f"request {_uuid()} timed out after 30s"), ("env_lookup", 'password = os.environ["PW"]'),
    ("annotation", "token: str"), ("none_default", "api_key=None"),
    ("i18n_label", '"password": "Contraseña",'), ("kpasswd_service", "kpasswd\t\t464/udp"),
    ("type_annotation", "def sign(self, msg: bytes, key: Ed25519PrivateKey | None = None) -> bytes:"),
    ("public_key_pin", f"Public key pin-sha256: {_b64(32)}"),
    ("pass_in_prose", "In most cases it is OK to simply pass `v8::Isolate::GetCurrent()`, e.g. to New()"),
    ("slash_alternatives", "# To account for verbatim / LaTeX-like / and R-like areas"),
    ("cache_key", f"Cache restored from key: Linux-node-{_hex(64)}"),
    ("gpg_key_id", f"gpg: key {_hex(16).upper()}: public key imported"),
    ("artifact_version", 'notes = "Maven - io.jsonwebtoken:jjwt-jackson-0.11.2"'),
    ("pam_options", "password\t[success=1 default=ignore]\tpam_unix.so obscure yescrypt"),
]
