"""Held-out redaction corpus for issue 27 item 7: written before the rules changed, measured once
at the end, never tuned on.

Its classes are the ones the issue names as missed (passwords in prose in other languages, SQL
statements, tools' short-flag and positional arguments, key material of signing tools, VPNs,
certificate bundles and wallets, recovery-code lists, hex keys in code, tokens glued to a
prefix) and as false positives (public DSNs, sealed values), beside the benign classes every
corpus keeps (shas, UUIDs, lock-file hashes, base64 in prose, identifiers). The texts are how
these turn up in chat, runbooks, shell history, CI logs and code; the tuning corpus
(``redaction_docs_corpus``) follows each format's own documentation instead. Both use other
seeds, so no value repeats between them.

``SECRETS``: each case names its class and the substrings that must not survive.
``BENIGN``: each line names its class and must come back unchanged.
"""

from __future__ import annotations

import base64
import json

from .fake_secrets import DIGITS, LOWER, UPPER, FakeSecrets
from .redaction_hard_benign import HardBenign
from .redaction_hard_corpus import HardCase

_fake = FakeSecrets(27_7_4242)
_rng = _fake.rng

SECRETS: list[HardCase] = []
BENIGN: list[HardBenign] = []


def _s(group: str, text: str, *secrets: str) -> None:
    for s in secrets:
        assert s and s in text, (group, s, text)
    SECRETS.append(HardCase(group, text, secrets))


def _b(group: str, *texts: str) -> None:
    BENIGN.extend(HardBenign(group, t) for t in texts)


_WORDS = ("Lighthouse", "Marmelade", "Gondola", "Kastanie", "Pelican", "Zeppelin", "Quartz", "Velvet")


def _pw() -> str:
    """What people choose: a word, digits and a symbol, or a generated mix."""
    if _rng.random() < 0.5:
        return _rng.choice(_WORDS) + _fake.pick(DIGITS, _rng.choice((2, 4))) + _rng.choice("!#$%*?")
    return _fake.alnum_mixed(_rng.randint(10, 16))


# === passwords in prose, other languages ========================================================
for template in ("Hallo Jan, das Passwort für den Jenkins lautet {p} – bitte nicht weitergeben",
                 "Kennwort für den Drucker-Admin: {p}",
                 "Salut, le mot de passe du serveur de test est {p}",
                 "mot de passe root : {p}",
                 "Hola, la contraseña de la base de datos es {p}",
                 "Oi! A senha do servidor de homologação é {p}",
                 "senha: {p} (trocar depois)",
                 "Ciao, la password del NAS è {p}",
                 "La parola d'ordine del router è {p}",
                 "Het wachtwoord van de testomgeving is {p}",
                 "Hasło do bazy danych: {p}",
                 "Nowe hasło to {p}",
                 "Пароль от сервера: {p}",
                 "Новый пароль — {p}",
                 "测试环境数据库密码是{p}",
                 "服务器的密码：{p}",
                 "本番DBのパスワードは{p}です",
                 "VPNのパスワード: {p}",
                 "관리자 비밀번호는 {p} 입니다",
                 "비밀번호: {p}",
                 "Sunucu şifresi: {p}",
                 "Wi-Fi şifresi {p}",
                 "Lösenordet till servern är {p}",
                 "Heslo k serveru je {p}",
                 "Salasana on {p}",
                 "Adgangskoden er {p}",
                 "Passordet til ruteren er {p}",
                 "A jelszó: {p}",
                 "Mật khẩu của máy chủ là {p}",
                 "Kata sandi server: {p}"):
    pw = _pw()
    _s("prose_i18n", template.format(p=pw), pw)

# === passwords in SQL ===========================================================================
for template in ("CREATE USER 'report'@'10.0.%' IDENTIFIED BY '{p}';",
                 "mysql> ALTER USER 'root'@'localhost' IDENTIFIED BY '{p}';",
                 "CREATE USER app IDENTIFIED BY {p} DEFAULT TABLESPACE users;",
                 "GRANT ALL PRIVILEGES ON shop.* TO 'shop'@'%' IDENTIFIED BY '{p}';",
                 "ALTER ROLE analytics WITH PASSWORD '{p}';",
                 "CREATE ROLE app_rw LOGIN PASSWORD '{p}' VALID UNTIL 'infinity';",
                 "postgres=# ALTER USER postgres PASSWORD '{p}';",
                 "CREATE LOGIN etl_user WITH PASSWORD = '{p}', CHECK_POLICY = OFF;",
                 "SET PASSWORD FOR 'bob'@'%' = '{p}';",
                 "CREATE USER IF NOT EXISTS grafana IDENTIFIED WITH sha256_password BY '{p}';",
                 "psql -c \"ALTER USER replicator WITH ENCRYPTED PASSWORD '{p}'\""):
    pw = _pw()
    _s("sql", template.format(p=pw), pw)

# === passwords and tokens as tools' arguments ===================================================
for template in ("mysql -h db.internal -u root -p'{p}' shop < dump.sql",
                 "mysqldump -uroot -p{p} --all-databases > all.sql",
                 "sshpass -p '{p}' ssh deploy@10.1.2.3",
                 "sshpass -p {p} scp build.tar.gz pi@raspberrypi:/tmp",
                 "curl -u admin:{p} http://jenkins:8080/api/json",
                 "lftp -u backup,{p} sftp://files.acme.dev",
                 "smbclient //fs01/share -U 'ACME\\jdoe%{p}'",
                 "echo '{p}' | docker login registry.acme.dev -u ci --password-stdin",
                 "docker login -u ci -p {p} registry.acme.dev",
                 "htpasswd -b /etc/nginx/.htpasswd admin {p}",
                 "rabbitmqctl add_user monitoring {p}",
                 "psexec \\\\winsrv01 -u ACME\\admin -p {p} cmd.exe",
                 "xfreerdp /v:10.0.0.5 /u:Administrator /p:{p}",
                 "plink -ssh root@10.0.0.9 -pw {p}",
                 "ipmitool -I lanplus -H 10.0.9.1 -U ADMIN -P {p} chassis status",
                 "echo '{p}' | sudo -S systemctl restart nginx",
                 "mc alias set prod https://minio.acme.dev minioadmin {p}",
                 "poetry config http-basic.acme ci-bot {p}"):
    pw = _pw()
    _s("cli_args", template.format(p=pw), pw)
for template, tok in (("cargo login {t}", "cio" + _fake.alnum_mixed(32)),
                      ("wandb login {t}", _fake.hex_mixed(40)),
                      ("ngrok config add-authtoken {t}", "2" + _fake.alnum_mixed(26) + "_" + _fake.alnum_mixed(21)),
                      ("$ vault login {t}", "hvs." + _fake.alnum_mixed(24)),
                      ("aws configure set aws_secret_access_key {t} --profile prod", _fake.b64_chars(40)),
                      ("gh secret set DEPLOY_TOKEN --body \"{t}\"", _fake.alnum_mixed(40))):
    _s("cli_args", template.format(t=tok), tok)

# === credentials in code calls ==================================================================
for template in ("r = requests.get(url, auth=('svc-report', '{p}'))",
                 "server.login('alerts@acme.dev', '{p}')",
                 "ftp = FTP('ftp.acme.dev'); ftp.login('upload', '{p}')",
                 "session.auth = HTTPBasicAuth(\"ops\", \"{p}\")",
                 "auth = aiohttp.BasicAuth('metrics', '{p}')"):
    pw = _pw()
    _s("code_credentials", template.format(p=pw), pw)

# === key material ===============================================================================
body = _fake.pem_body(900)
_s("key_block", "gpg --armor --export-secret-keys 0xA1B2C3D4 > key.asc; cat key.asc\n"
   "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n" + body + "\n=" + _fake.alnum_mixed(4)
   + "\n-----END PGP PRIVATE KEY BLOCK-----", body.split("\n")[2])
static = "\n".join(_fake.hex(32) for _ in range(16))
_s("key_block", "client.ovpn:\nremote vpn.acme.dev 1194\n<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n"
   + static + "\n-----END OpenVPN Static key V1-----\n</tls-auth>\nkey-direction 1", static.split("\n")[5])
key = _fake.pem_body(1190)
_s("key_block", "<key>\n-----BEGIN PRIVATE KEY-----\n" + key + "\n-----END PRIVATE KEY-----\n</key>",
   key.split("\n")[4])
wg = _fake.b64(32)
_s("key_block", f"[Interface]\nAddress = 10.8.0.2/24\nPrivateKey = {wg}\nDNS = 1.1.1.1", wg)
wg = _fake.b64(32)
_s("key_block", f"wg set wg0 private-key <(echo {wg})", wg)
age = "AGE-SECRET-KEY-1" + _fake.pick(UPPER + DIGITS, 58)
_s("key_block", f"# created: 2024-05-02T10:11:12Z\n# public key: age1{_fake.pick(LOWER + DIGITS, 58)}\n{age}", age)
mini = "RWRTY0Iy" + _fake.b64(150).rstrip("=")
_s("key_block", f"untrusted comment: minisign encrypted secret key\n{mini}", mini)
sig = "RWRCSwAAA" + _fake.b64(100).rstrip("=")
_s("key_block", f"$ cat release.sec\nuntrusted comment: signify secret key\n{sig}", sig)
ssh = _fake.pem_body(400, 70)
_s("key_block", "deploy key (DO NOT COMMIT):\n-----BEGIN OPENSSH PRIVATE KEY-----\n" + ssh
   + "\n-----END OPENSSH PRIVATE KEY-----", ssh.split("\n")[1])


def _der_b64(head: bytes, n: int) -> str:
    return base64.b64encode(head + _rng.randbytes(n)).decode()


p12 = _der_b64(bytes.fromhex("30820a5d02010330820a2306092a864886f70d010701a0820a14"), 900)
_s("bundle", f"ANDROID_KEYSTORE_BASE64: {p12}", p12)
p12 = _der_b64(bytes.fromhex("308209c1020103308209870609"), 700)
_s("bundle", f"echo \"{p12}\" | base64 -d > signing.p12", p12)
jks = _der_b64(bytes.fromhex("feedfeed0000000200000001"), 600)
_s("bundle", f"- name: Decode keystore\n  run: echo {jks} | base64 --decode > release.jks", jks)
pk8 = _der_b64(bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7"), 400)
_s("bundle", f"SERVICE_KEY_DER={pk8}", pk8)

_sol = json.dumps([_rng.randrange(256) for _ in range(64)]).replace(" ", "")
_s("wallet", f"$ cat ~/.config/solana/id.json\n{_sol}", _sol[1:60])
_sol = json.dumps([_rng.randrange(256) for _ in range(64)])
_s("wallet", f"const secretKey = Uint8Array.from({_sol});", _sol[1:60])
eth = "0x" + _fake.hex_mixed(64)
_s("wallet", f"DEPLOYER_PRIVATE_KEY={eth}", eth[2:])
eth = "0x" + _fake.hex_mixed(64)
_s("wallet", f"cast send 0x{_fake.hex(40)} 'mint()' --private-key {eth} --rpc-url $RPC", eth[2:])
eth = _fake.hex_mixed(64)
_s("wallet", f"const wallet = new ethers.Wallet('0x{eth}', provider);", eth)
_BIP = ("abandon", "ability", "absorb", "acoustic", "bridge", "canyon", "debris", "eagle", "fabric", "galaxy",
        "harvest", "island", "jungle", "kitten", "ladder", "marble", "nephew", "orbit", "pepper", "quantum",
        "rocket", "saddle", "tornado", "umbrella", "velvet", "wagon", "yellow", "zebra")
words = " ".join(_rng.choice(_BIP) for _ in range(12))
_s("wallet", f"my metamask seed phrase is {words}", words)
words = " ".join(_rng.choice(_BIP) for _ in range(24))
_s("wallet", f'HDWalletProvider({{ mnemonic: {{ phrase: "{words}" }}, providerOrUrl: RPC }})', words)
xprv = "xprv9s21ZrQH143K" + _fake.pick("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 95)
_s("wallet", f"account xprv: {xprv}", xprv)

# === recovery codes =============================================================================
codes = [f"{_fake.hex(5)}-{_fake.hex(5)}" for _ in range(16)]
_s("recovery_codes", "$ cat github-recovery-codes.txt\n" + "\n".join(codes), *codes)
codes = [f"{_fake.pick(DIGITS, 4)} {_fake.pick(DIGITS, 4)}" for _ in range(10)]
_s("recovery_codes",
   "Google backup codes for ops@acme.dev:\n" + "\n".join(f"{i + 1}. {c}" for i, c in enumerate(codes)), *codes)
codes = [_fake.hex(16) for _ in range(10)]
_s("recovery_codes", "GitLab recovery codes: " + " ".join(codes), *codes)
codes = [f"{_fake.lower_alnum(4)}-{_fake.lower_alnum(4)}" for _ in range(8)]
_s("recovery_codes", "discord backup codes\n" + "\n".join(f"- {c}" for c in codes), *codes)
codes = [_fake.pick(DIGITS, 8) for _ in range(5)]
_s("recovery_codes", '" TOTP_AUTH\n' + _fake.pick(UPPER + "234567", 26) + "\n" + "\n".join(codes), *codes)

# === hex keys in code ===========================================================================
for template, val in (('key = bytes.fromhex("{v}")', _fake.hex_mixed(64)),
                      ("const SECRET_KEY = '{v}';", _fake.hex_mixed(64)),
                      ('var hmacSecret = []byte("{v}")', _fake.hex_mixed(64)),
                      ('const KEY: [u8; 32] = hex!("{v}");', _fake.hex_mixed(64)),
                      ('aes_key = unhexlify(b"{v}")', _fake.hex_mixed(32)),
                      ('key, _ := hex.DecodeString("{v}")', _fake.hex_mixed(64)),
                      ("ENCRYPTION_KEY: '{v}'", _fake.hex_mixed(64)),
                      ('private static final String SIGNING_SEED = "{v}";', _fake.hex_mixed(64)),
                      ('self.token = "{v}"', _fake.hex_mixed(40))):
    _s("hex_key_code", template.format(v=val), val)

# === tokens glued to what comes before (item 6) =================================================
for glue, tok in (("X-", "ghp_" + _fake.alnum_mixed(36)), ("config.", "sk-proj-" + _fake.alnum_mixed(64, "-_")),
                  ("MY_", "AKIA" + _fake.pick(UPPER + "234567", 16)), ("abc", "ghp_" + _fake.alnum_mixed(36)),
                  ("token-", "glpat-" + _fake.alnum_mixed(20)), ("key_", "npm_" + _fake.alnum_mixed(36))):
    _s("glued_token", f"leaked in the log: {glue}{tok} status=401", tok[4:])

# === benign =====================================================================================
dsn = f"https://{_fake.hex(32)}@o{_rng.randint(100000, 999999)}.ingest.sentry.io/{_rng.randint(1000000, 9999999)}"
_b("public_dsn", f"SENTRY_DSN={dsn}", f'Sentry.init({{ dsn: "{dsn}", tracesSampleRate: 0.2 }})',
   f"sentry_sdk.init(dsn=\"https://{_fake.hex(32)}@sentry.acme.dev/4\")",
   f"report-uri https://o{_rng.randint(1000, 9999)}.ingest.sentry.io/api/{_rng.randint(10, 99)}/security/"
   f"?sentry_key={_fake.hex(32)}")
_b("sealed",
   f"password: ENC[AES256_GCM,data:{_fake.b64(18)},iv:{_fake.b64(32)},tag:{_fake.b64(16)},type:str]",
   f"DB_PASSWORD=ENC[AES256_GCM,data:{_fake.b64(12)},iv:{_fake.b64(32)},tag:{_fake.b64(16)},type:str]",
   "vault_db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n" + "\n".join(
       "  " + _fake.hex(80) for _ in range(5)),
   "$ANSIBLE_VAULT;1.2;AES256;prod\n" + "\n".join(_fake.hex(80) for _ in range(4)),
   "spec:\n  encryptedData:\n    password: Ag" + _rng.choice("ABC") + _fake.b64(700).rstrip("="),
   "-----BEGIN AGE ENCRYPTED FILE-----\n" + _fake.pem_body(300) + "\n-----END AGE ENCRYPTED FILE-----",
   '"api_token": "ENC[AES256_GCM,data:' + _fake.b64(30) + ",iv:" + _fake.b64(32) + ",tag:" + _fake.b64(16)
   + ',type:str]"')
_b("public_key_material",
   "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n" + _fake.pem_body(600) + "\n=" + _fake.alnum_mixed(4)
   + "\n-----END PGP PUBLIC KEY BLOCK-----",
   "<ca>\n-----BEGIN CERTIFICATE-----\n" + base64.b64encode(bytes.fromhex("308203773082025fa003020102")
                                                            + _rng.randbytes(600)).decode()[:64]
   + "\n-----END CERTIFICATE-----\n</ca>",
   f"[Peer]\nPublicKey = {_fake.b64(32)}\nAllowedIPs = 0.0.0.0/0\nEndpoint = vpn.acme.dev:51820",
   f"untrusted comment: minisign public key {_fake.hex(16).upper()}\nRWQ{_fake.b64(30).rstrip('=')}",
   f"minisign -Vm release.tar.gz -P RWQ{_fake.b64(30).rstrip('=')}",
   f"recipients: age1{_fake.pick(LOWER + DIGITS, 58)}",
   f"wallet address 0x{_fake.hex(40)}", f"tx 0x{_fake.hex(64)} confirmed in block 19234567",
   f"keccak256(\"Transfer(address,address,uint256)\") = 0x{_fake.hex(64)}",
   f"Solana pubkey {_fake.pick('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 44)}",
   "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ" + _fake.alnum_mixed(300, "+/") + " jdoe@laptop",
   "CERT_B64=" + base64.b64encode(bytes.fromhex("308203773082025fa003020102020900") + _rng.randbytes(200)).decode())
_b("ids",
   f"commit {_fake.hex(40)}\nAuthor: Dana <dana@acme.dev>", f"Merge {_fake.hex(7)} into {_fake.hex(7)}",
   f"request {_fake.uuid()} failed after 3 retries", f"resolved \"https://registry.yarnpkg.com/left-pad/-/left-pad-1.3.0.tgz#"
   f"{_fake.hex(40)}\"", f"  integrity sha512-{_fake.b64(64)}", f"sha256 = \"{_fake.hex(64)}\"",
   f"  \"checksum\": \"{_fake.hex(64)}\"", f"name = \"serde\"\nversion = \"1.0.203\"\nchecksum = \"{_fake.hex(64)}\"",
   f"cache key: Linux-node-{_fake.hex(64)}", f"docker pull ghcr.io/acme/api@sha256:{_fake.hex(64)}",
   f"object_id = '{_fake.hex(24)}'", f"etag = \"{_fake.hex(32)}\"")
_b("prose",
   "Das Passwort muss mindestens 12 Zeichen lang sein", "Le mot de passe a été changé hier",
   "La contraseña es incorrecta", "A senha expirou, peça uma nova", "Hasło jest za krótkie",
   "Пароль должен содержать цифры", "密码已过期，请联系管理员", "パスワードを忘れた場合はこちら",
   "비밀번호를 잊으셨나요?", "Şifre en az 8 karakter olmalı", "Het wachtwoord is gewijzigd",
   "the base64 of 'hello world' is aGVsbG8gd29ybGQ=, as the docs show",
   "use the recovery codes from the settings page if you lose your phone",
   "Backup codes are shown once; store them in the password manager")
_b("sql",
   "ALTER USER app PASSWORD NULL;", "CREATE USER readonly IDENTIFIED BY :pw;",
   "ALTER ROLE app WITH PASSWORD %s", "SELECT password FROM users WHERE id = $1",
   "ALTER USER 'app'@'%' IDENTIFIED BY RANDOM PASSWORD;", "CREATE ROLE dev NOLOGIN;",
   "UPDATE users SET password_hash = ? WHERE id = ?", "GRANT SELECT ON ALL TABLES IN SCHEMA public TO report;")
_b("cli",
   "mysql -u root -p shop", "mkdir -p build/dist", "ssh -p 2222 git@host",
   "docker login ghcr.io -u octo --password-stdin",
   "sshpass -f ~/.pw ssh deploy@host", "curl -u \"$USER:$TOKEN\" https://api.acme.dev", "tar -xzf a.tgz -C /opt",
   "cargo login", "wandb login --relogin", "htpasswd -c /etc/nginx/.htpasswd admin", "git log -p -- src/",
   "pip install -r requirements.txt -c constraints.txt", "rabbitmqctl list_users", "vault login -method=github")
_b("byte_arrays",
   json.dumps(list(range(64))), "const widths = [" + ",".join(str(8 * i) for i in range(64)) + "];",
   "pixels = [" + ",".join(str(_rng.randrange(256)) for _ in range(12)) + "]",
   "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", "shape = [64, 64, 3]")
_b("code_lists",
   "\n".join(f"2024-{m:02d}-{d:02d}" for m, d in ((1, 5), (2, 11), (3, 7), (4, 2), (5, 9))),
   "\n".join(f"v1.{i}.{_rng.randint(0, 9)}" for i in range(6)),
   "\n".join(f"{_fake.uuid()}" for _ in range(4)),
   "\n".join(f"{_fake.hex(7)} fix flaky test {i}" for i in range(5)),
   "ports: 8080-8089, 9000-9009, 3000-3005")
_b("identifiers",
   "task_test_runner_for_all_modules_in_the_repo", "desk-sk-fix-the-webhook-signature-regression",
   "mask_live_preview_enabled_for_all_users_now", "risk_test_ComputeAllValuesForTheCase",
   "config.sk_learn_pipeline_parameters_default", "MY_AKIAS_GROUP_NAME_IS_LONG_ENOUGH",
   "sub-ghp-migration-plan-for-next-quarter", "keygen_hex_encoder_for_tests")
_b("hex_code",
   f'COMMIT_SHA = "{_fake.hex(40)}"', f'EMPTY_TREE = "{_fake.hex(40)}"', 'digest = hashlib.sha256(b"x").hexdigest()',
   f'PUBLIC_KEY = "{_fake.hex(64)}"', f'expected_hash = "{_fake.hex(64)}"', f'cache_key = "{_fake.hex(32)}"',
   f'key_id = "{_fake.hex(16)}"', f"fingerprint: {_fake.hex(40)}")
