"""Tuning corpus for issue 27 item 7: each format as its own documentation shows it.

Every case follows the example a tool's manual or reference gives (MySQL, PostgreSQL, SQL Server,
Oracle and Snowflake statements; sshpass, lftp, smbclient, htpasswd, rabbitmqctl, psexec,
xfreerdp, plink, ipmitool, mc, poetry, composer, cargo, wandb, ngrok command lines; requests,
smtplib, ftplib, JDBC and Go's net/http credential calls; OpenVPN, WireGuard, age, minisign,
signify, GnuPG, PKCS#12/JKS bundles as GitHub Actions' signing guides encode them; Solana,
Ethereum and BIP32/39 wallets; GitHub, Google, GitLab and google-authenticator recovery codes;
hex keys as the Go, Rust, Python and Node crypto docs load them), with the documentation's
placeholder replaced by a fake value of the right shape. The benign lines are the look-alikes
the same documentation shows: public DSNs, sealed values (SOPS, ansible-vault, sealed-secrets,
age), public keys, addresses, digests and lock-file hashes.

The rules were tuned on this corpus; ``redaction_holdout_corpus`` was written before and is
only measured. Same shape as that one: ``SECRETS`` (class, text, secrets) and ``BENIGN``.
"""

from __future__ import annotations

import base64
import json

from .fake_secrets import DIGITS, LOWER, UPPER, FakeSecrets
from .redaction_hard_benign import HardBenign
from .redaction_hard_corpus import HardCase

_fake = FakeSecrets(27_7_1001)
_rng = _fake.rng

SECRETS: list[HardCase] = []
BENIGN: list[HardBenign] = []
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def _s(group: str, text: str, *secrets: str) -> None:
    for s in secrets:
        assert s and s in text, (group, s, text)
    SECRETS.append(HardCase(group, text, secrets))


def _b(group: str, *texts: str) -> None:
    BENIGN.extend(HardBenign(group, t) for t in texts)


def _pw() -> str:
    if _rng.random() < 0.5:
        return _rng.choice(("Tundra", "Saffron", "Meridian", "Anker", "Brioche", "Nordlicht")) + \
            _fake.pick(DIGITS, _rng.choice((2, 3, 4))) + _rng.choice("!#$%*?")
    return _fake.alnum_mixed(_rng.randint(9, 16))


# === prose in other languages (phrasebook forms) ================================================
for template in ("Das Passwort lautet {p}", "Passwort: {p}", "Ihr neues Kennwort ist {p}",
                 "Le mot de passe est {p}", "Votre mot de passe : {p}", "mot de passe = {p}",
                 "La contraseña es {p}", "Tu contraseña temporal: {p}", "A senha é {p}", "Sua senha temporária: {p}",
                 "La password è {p}", "La tua password temporanea: {p}", "La parola d'ordine è {p}",
                 "Het wachtwoord is {p}", "Je tijdelijke wachtwoord: {p}", "Hasło: {p}", "Twoje hasło to {p}",
                 "Пароль: {p}", "Ваш пароль {p}", "Временный пароль — {p}", "密码：{p}", "您的临时密码为{p}",
                 "初始密码是 {p}", "パスワード：{p}", "仮パスワードは{p}です", "비밀번호: {p}",
                 "임시 비밀번호는 {p}입니다",
                 "Şifre: {p}", "Geçici şifreniz {p}", "Şifreniz: {p}", "Lösenordet är {p}", "Ditt lösenord: {p}",
                 "Heslo je {p}", "Salasanasi on {p}", "Din adgangskode er {p}", "Passordet ditt er {p}",
                 "A jelszavad: {p}", "Mật khẩu là {p}", "Kata sandi Anda: {p}", "Ο κωδικός είναι {p}"):
    pw = _pw()
    _s("prose_i18n", template.format(p=pw), pw)

# === SQL, from each database's reference =========================================================
for template in ("CREATE USER 'jeffrey'@'localhost' IDENTIFIED BY '{p}';",
                 "ALTER USER 'jeffrey'@'localhost' IDENTIFIED BY '{p}' PASSWORD EXPIRE;",
                 "SET PASSWORD FOR 'jeffrey'@'localhost' = '{p}';",
                 "SET PASSWORD = '{p}';",
                 "CREATE USER 'jeffrey'@'localhost' IDENTIFIED WITH caching_sha2_password BY '{p}';",
                 "CREATE ROLE miriam WITH LOGIN PASSWORD '{p}' VALID UNTIL '2026-01-01';",
                 "ALTER ROLE davide WITH PASSWORD '{p}';",
                 "CREATE USER davide WITH PASSWORD '{p}';",
                 "ALTER USER chris ENCRYPTED PASSWORD '{p}';",
                 "CREATE LOGIN Mary7 WITH PASSWORD = '{p}';",
                 "ALTER LOGIN Mary5 WITH PASSWORD = '{p}' OLD_PASSWORD = 'x';",
                 "CREATE USER sidney IDENTIFIED BY {p} DEFAULT TABLESPACE example QUOTA 10M ON example;",
                 "ALTER USER sidney IDENTIFIED BY \"{p}\";",
                 "CREATE USER user1 PASSWORD='{p}' DEFAULT_ROLE = myrole;",
                 "CREATE USER u1 IDENTIFIED WITH sha256_password BY '{p}';",
                 "CONFIG SET requirepass \"{p}\"",
                 "requirepass {p}",
                 "masterauth {p}",
                 "ACL SETUSER alice on >{p} ~cached:* +get"):
    pw = _pw()
    _s("sql", template.format(p=pw), pw)

# === tools' arguments, from their manuals ==========================================================
for template in ("mysql -u root -p{p} mydb", "mysql --user=root -p'{p}' -e 'SHOW DATABASES'",
                 "sshpass -p '{p}' ssh user@example.com", "lftp -u user,{p} ftp.example.com",
                 "smbclient //server/share -U username%{p}", "smbclient -L //fs -U 'admin%{p}'",
                 "htpasswd -b /usr/local/etc/apache/.htpasswd1 SomeUser {p}", "htpasswd -nbB myName {p}",
                 "rabbitmqctl add_user \"username\" \"{p}\"", "rabbitmqctl change_password \"username\" \"{p}\"",
                 "psexec \\\\marklap -u marklap\\admin -p {p} ipconfig", "xfreerdp /u:user /p:{p} /v:rdp.example.com",
                 "plink -ssh -pw {p} user@host", "pscp -pw {p} file.txt user@host:/tmp/",
                 "ipmitool -I lanplus -H 192.168.1.10 -U root -P {p} power status",
                 "mosquitto_pub -h broker -u user -P {p} -t test -m hello",
                 "ssh-keygen -t ed25519 -N '{p}' -f ~/.ssh/id_deploy",
                 "security add-generic-password -a me -s svc -w {p}",
                 "cmdkey /add:server01 /user:mikedan /pass:{p}", "net use Z: \\\\server\\share {p} /user:DOMAIN\\jdoe",
                 "wpa_passphrase MyHomeWifi {p}", "nmcli device wifi connect MyHomeWifi password {p}",
                 "cf login -a https://api.example.com -u user@example.com -p {p}",
                 "oc login https://api.cluster:6443 -u developer -p {p}", "az login -u user@contoso.com -p {p}",
                 "helm repo add private https://charts.example.com --username ci --password {p}",
                 "argocd login cd.argoproj.io --username admin --password {p}",
                 "echo \"{p}\" | sudo -S apt-get update", "echo '{p}' | docker login -u user --password-stdin",
                 "docker login -u user -p {p} registry.example.com",
                 "mc alias set myminio https://minio.example.net myaccesskey {p}",
                 "poetry config http-basic.foo username {p}",
                 "composer config --global http-basic.repo.example.org username {p}",
                 "curl -u user:{p} https://api.example.com"):
    pw = _pw()
    _s("cli_args", template.format(p=pw), pw)
for template, tok in (("cargo login {t}", "cio" + _fake.alnum_mixed(32)), ("wandb login {t}", _fake.hex_mixed(40)),
                      ("ngrok config add-authtoken {t}", "2" + _fake.alnum_mixed(26) + "_" + _fake.alnum_mixed(21)),
                      ("ngrok authtoken {t}", "1" + _fake.alnum_mixed(26) + "_" + _fake.alnum_mixed(21)),
                      ("vault login {t}", "hvs." + _fake.alnum_mixed(24)),
                      ("yarn config set npmAuthToken {t}", _fake.hex_mixed(8) + "-" + _fake.hex_mixed(4) + "-4"
                       + _fake.hex_mixed(3) + "-a" + _fake.hex_mixed(3) + "-" + _fake.hex_mixed(12)),
                      ("aws configure set aws_secret_access_key {t}", _fake.b64_chars(40)),
                      ("gh secret set MYSECRET --body \"{t}\"", _fake.alnum_mixed(36)),
                      ("composer config --global github-oauth.github.com {t}", _fake.hex_mixed(40)),
                      ("gh auth login --with-token <<< {t}", "gho_" + _fake.alnum_mixed(36))):
    _s("cli_args", template.format(t=tok), tok)

# === credentials in code calls, from the libraries' docs ===========================================
for template in ("requests.get('https://api.github.com/user', auth=('user', '{p}'))",
                 "requests.post(url, auth=HTTPBasicAuth('user', '{p}'))",
                 "auth = HTTPDigestAuth('user', '{p}')",
                 "server.login(\"me@gmail.com\", \"{p}\")",
                 "ftp.login('user', '{p}')", "M.login(getpass.getuser(), '{p}')",
                 "conn = DriverManager.getConnection(\"jdbc:mysql://localhost/test\", \"user\", \"{p}\");",
                 "req.SetBasicAuth(\"user\", \"{p}\")", "new NetworkCredential(\"user\", \"{p}\", \"DOMAIN\")",
                 "$pdo = new PDO($dsn, 'user', '{p}');",
                 "$link = mysqli_connect(\"127.0.0.1\", \"my_user\", \"{p}\", \"db\");",
                 "es = Elasticsearch(hosts, basic_auth=('elastic', '{p}'))",
                 "request(app).get('/user').auth('tobi', '{p}')"):
    pw = _pw()
    _s("code_credentials", template.format(p=pw), pw)

# === key material, from the tools' docs ============================================================
static = "\n".join(_fake.hex(32) for _ in range(16))
_s("key_block", "<tls-auth>\n#\n# 2048 bit OpenVPN static key\n#\n-----BEGIN OpenVPN Static key V1-----\n" + static
   + "\n-----END OpenVPN Static key V1-----\n</tls-auth>", static.split("\n")[3])
static = "\n".join(_fake.hex(32) for _ in range(16))
_s("key_block", "<tls-crypt>\n-----BEGIN OpenVPN Static key V1-----\n" + static
   + "\n-----END OpenVPN Static key V1-----\n</tls-crypt>", static.split("\n")[9])
v2 = _fake.pem_body(600)
_s("key_block", "<tls-crypt-v2>\n-----BEGIN OpenVPN tls-crypt-v2 client key-----\n" + v2
   + "\n-----END OpenVPN tls-crypt-v2 client key-----\n</tls-crypt-v2>", v2.split("\n")[2])
for template in ("[Interface]\nPrivateKey = {k}\nListenPort = 51820", "[Peer]\nPublicKey = {pub}\nPresharedKey = {k}",
                 "PrivateKey={k}"):
    k = _fake.b64(32)
    _s("key_block", template.format(k=k, pub=_fake.b64(32)), k)
for _ in range(3):
    age = "AGE-SECRET-KEY-1" + _fake.pick(UPPER + DIGITS, 58)
    _s("key_block", _rng.choice(("# created: 2021-01-02T15:30:45+01:00\n# public key: "
                                 "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p\n{a}",
                                 "export SOPS_AGE_KEY={a}",
                                 "age --decrypt -i <(echo {a}) secrets.age")).format(a=age), age)
mini = "RWRTY0Iy" + _fake.b64(150).rstrip("=")
_s("key_block", f"untrusted comment: minisign encrypted secret key\n{mini}\n", mini)
mini = "RWQAAEIy" + _fake.b64(150).rstrip("=")
_s("key_block", f"untrusted comment: minisign secret key\n{mini}", mini)
sig = "RWRCSwAAA" + _fake.b64(100).rstrip("=")
_s("key_block", f"untrusted comment: signify secret key\n{sig}", sig)
body = _fake.pem_body(1500)
_s("key_block", "-----BEGIN PGP PRIVATE KEY BLOCK-----\nComment: alice@example.org\n\n" + body + "\n=" +
   _fake.alnum_mixed(4) + "\n-----END PGP PRIVATE KEY BLOCK-----", body.split("\n")[7])
ssh = _fake.pem_body(400, 70)
_s("key_block",
  "-----BEGIN OPENSSH PRIVATE KEY-----\n" + ssh + "\n-----END OPENSSH PRIVATE KEY-----", ssh.split("\n")[3])


def _der_b64(head: str, n: int) -> str:
    return base64.b64encode(bytes.fromhex(head) + _rng.randbytes(n)).decode()


for template, head in (("BUILD_CERTIFICATE_BASE64: {b}", "30820b7102010330820b3706092a864886f70d010701"),
                       ("echo -n \"{b}\" | base64 --decode -o $CERTIFICATE_PATH", "3082098102010330820947"),
                       ("SIGNING_KEY={b}", "feedfeed000000020000000100000001"),
                       ("KEYSTORE_BASE64: \"{b}\"", "cececece00000002"),
                       ("GOOGLE_PRIVATE_KEY_DER={b}", "308204a40201000282010100"),
                       ("EC_KEY={b}", "30770201010420"),
                       ("ED25519_KEY={b}", "302e020100300506032b657004220420"),
                       ("signing:\n  keystore: |\n    {b}", "30820a3902010330820a")):
    b = _der_b64(head, 600 if "30820" in head[:6] or "feed" in head or "cece" in head else 40)
    if "|" in template:
        b = "\n    ".join(b[i:i + 76] for i in range(0, len(b), 76))
    _s("bundle", template.format(b=b), *b.split("\n    ")[:3])

for template in ("solana-keygen new --outfile ~/my-keypair.json\n$ cat ~/my-keypair.json\n{a}",
                 "const keypair = Keypair.fromSecretKey(Uint8Array.from({a}));",
                 "let secret = {a};"):
    arr = [_rng.randrange(256) for _ in range(64)]
    a = json.dumps(arr) if "let" not in template else json.dumps(arr).replace(" ", "")
    _s("wallet", template.format(a=a), a[1:50], a[-50:-1])
b58 = _fake.pick(_B58, 88)
_s("wallet", f'const kp = Keypair.fromSecretKey(bs58.decode("{b58}"));', b58)
for template in ("PRIVATE_KEY=0x{h}", "accounts: [\"0x{h}\"]",
"forge create src/Counter.sol:Counter --private-key 0x{h}",
                 "cast wallet address --private-key 0x{h}", "web3.eth.accounts.privateKeyToAccount('0x{h}')",
                 "const signer = new Wallet(\"0x{h}\", provider)", "private key: {h}"):
    h = _fake.hex_mixed(64)
    _s("wallet", template.format(h=h), h)
_BIP = ("legal", "winner", "thank", "year", "wave", "sausage", "worth", "useful", "letter", "advice", "cage",
        "above", "jelly", "lizard", "panda", "robot", "shoulder", "spray", "timber", "uncle", "visit", "wrist")
for template, n in (("Wallet.fromPhrase(\"{w}\")", 12), ("MNEMONIC=\"{w}\"", 24),
                    ("ganache --wallet.mnemonic \"{w}\"", 12), ("Your recovery phrase: {w}", 24),
                    ("bip39.mnemonicToSeedSync('{w}')", 12), ("seed: {w}", 12)):
    w = " ".join(_rng.choice(_BIP) for _ in range(n))
    _s("wallet", template.format(w=w), w)
for prefix in ("xprv9s21ZrQH143K", "tprv8ZgxMBicQKsP"):
    x = prefix + _fake.pick(_B58, 95)
    _s("wallet", f"Chain m: ext prv: {x}", x)

# === recovery codes, as each service shows them ===================================================
codes = [f"{_fake.hex(5)}-{_fake.hex(5)}" for _ in range(16)]
_s("recovery_codes", "\n".join(codes), *codes)
codes = [f"{_fake.hex(5)}-{_fake.hex(5)}" for _ in range(16)]
_s("recovery_codes", "Recovery codes: " + "  ".join(codes), *codes)
codes = [f"{_fake.pick(DIGITS, 4)} {_fake.pick(DIGITS, 4)}" for _ in range(10)]
_s("recovery_codes", "BACKUP VERIFICATION CODES\n" + "\n".join(f"{i + 1}. {c}" for i, c in enumerate(codes)), *codes)
codes = [_fake.hex(16) for _ in range(10)]
_s("recovery_codes", "Please copy the recovery codes below:\n" + "\n".join(codes), *codes)
codes = [_fake.pick(DIGITS, 8) for _ in range(5)]
_s("recovery_codes", f"{_fake.pick(UPPER + '234567', 26)}\n\" RATE_LIMIT 3 30\n\" WINDOW_SIZE 17\n\" TOTP_AUTH\n"
   + "\n".join(codes), *codes)
codes = [f"{_fake.lower_alnum(4)}-{_fake.lower_alnum(4)}" for _ in range(10)]
_s("recovery_codes", "Backup codes:\n" + "\n".join(codes), *codes)
code = "-".join(_fake.pick(UPPER + DIGITS, 4) for _ in range(8))
_s("recovery_codes", f"Your recovery code is {code}", code)
secret = _fake.pick(UPPER + "234567", 32)
_s("recovery_codes", f"otpauth://totp/ACME:alice@example.com?secret={secret}&issuer=ACME", secret)

# === hex keys in code, as the crypto docs load them ================================================
for template, v in (('key, _ := hex.DecodeString("{v}")', _fake.hex_mixed(64)),
                    ('key = bytes.fromhex("{v}")', _fake.hex_mixed(32)),
                    ('let key = hex!("{v}");', _fake.hex_mixed(64)),
                    ("const key = Buffer.from('{v}', 'hex');", _fake.hex_mixed(64)),
                    ('SecretKeySpec spec = new SecretKeySpec(Hex.decodeHex("{v}"), "AES");', _fake.hex_mixed(32)),
                    ('const SECRET = "{v}"', _fake.hex_mixed(64)), ('nonce_key = "{v}"', _fake.hex_mixed(48)),
                    ("static SEED: &str = \"{v}\";", _fake.hex_mixed(64)), ('master_key = b"{v}"', _fake.hex_mixed(64)),
                    ('hmac.new(key=binascii.unhexlify("{v}"), msg=m, digestmod="sha256")', _fake.hex_mixed(64))):
    _s("hex_key_code", template.format(v=v), v)

# === tokens glued to a prefix ======================================================================
for glue, tok in (("x-", "ghp_" + _fake.alnum_mixed(36)), ("key.", "sk-proj-" + _fake.alnum_mixed(48, "-_")),
                  ("foo_", "AKIA" + _fake.pick(UPPER + "234567", 16)), ("abc", "ghp_" + _fake.alnum_mixed(36)),
                  ("env.",
                  "xoxb-" + _fake.pick(DIGITS, 11) + "-" + _fake.pick(DIGITS, 12) + "-" + _fake.alnum_mixed(24)),
                  ("auth-", "glpat-" + _fake.alnum_mixed(20)), ("my_", "sk_live_" + _fake.alnum_mixed(24)),
                  ("TOKEN", "npm_" + _fake.alnum_mixed(36))):
    _s("glued_token", f"{glue}{tok}", tok[5:])

# === benign =========================================================================================
_b("public_dsn",
  f"SENTRY_DSN=https://{_fake.hex(32)}@o{_rng.randint(10 ** 5, 10 ** 6)}.ingest.sentry.io/"
   f"{_rng.randint(10 ** 6, 10 ** 7)}",
   f"sentry_sdk.init(dsn=\"https://{_fake.hex(32)}@o0.ingest.us.sentry.io/0\", traces_sample_rate=1.0)",
   f"Sentry.init({{ dsn: 'https://{_fake.hex(32)}@sentry.example.com/2' }});",
   f"curl https://o0.ingest.sentry.io/api/0/envelope/?sentry_key={_fake.hex(32)}&sentry_version=7")
legacy = _fake.hex_mixed(32)
_s("legacy_dsn", f"SENTRY_DSN=https://{_fake.hex(32)}:{legacy}@sentry.example.com/3", legacy)


def _enc(n: int) -> str:
    return f"ENC[AES256_GCM,data:{_fake.b64(n)},iv:{_fake.b64(32)},tag:{_fake.b64(16)},type:str]"


_b("sealed",
   f"hello: {_enc(40)}\nexample_key: {_enc(12)}\nsops:\n    mac: {_enc(32)}\n"
   "    lastmodified: \"2024-01-01T00:00:00Z\"",
   f'{{"password": "{_enc(14)}", "api_key": "{_enc(30)}"}}', f"SECRET_TOKEN={_enc(24)}",
   "$ANSIBLE_VAULT;1.1;AES256\n" + "\n".join(_fake.hex(80) for _ in range(6)),
   "db_password: !vault |\n      $ANSIBLE_VAULT;1.1;AES256\n" + "\n".join("      " + _fake.hex(80) for _ in range(5)),
   "encryptedData:\n    foo: Ag" + _rng.choice("ABCD") + _fake.b64(760).rstrip("="),
   "  encryptedData:\n    password: Ag" + _rng.choice("ABCD") + _fake.b64(620).rstrip("=") + "\n    user: Ag"
   + _rng.choice("ABCD") + _fake.b64(600).rstrip("="),
   "-----BEGIN AGE ENCRYPTED FILE-----\n" + _fake.pem_body(200) + "\n-----END AGE ENCRYPTED FILE-----",
   "-----BEGIN PGP MESSAGE-----\n\n" + _fake.pem_body(300) + "\n-----END PGP MESSAGE-----")
_b("public_key_material",
   f"# public key: age1{_fake.pick(LOWER + DIGITS, 58)}",
   f"[Peer]\nPublicKey = {_fake.b64(32)}\nEndpoint = 192.95.5.69:51820",
   f"untrusted comment: minisign public key {_fake.hex(16).upper()}\nRWQ{_fake.b64(30).rstrip('=')}",
   "signify -V -p key.pub -m msg",
   "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n" + _fake.pem_body(500) + "\n-----END PGP PUBLIC KEY BLOCK-----",
   "-----BEGIN CERTIFICATE-----\n" + base64.b64encode(bytes.fromhex("308203773082025fa00302010202")
                                                    + _rng.randbytes(400)).decode()[:64]
   + "\n-----END CERTIFICATE-----",
   "CERT=" + base64.b64encode(bytes.fromhex("308203773082025fa00302010202") + _rng.randbytes(300)).decode(),
   "PUBKEY=" + base64.b64encode(bytes.fromhex("30820122300d06092a864886f70d01010105000382010f00")
                                + _rng.randbytes(200)).decode(),
   "PROFILE_B64=" + base64.b64encode(bytes.fromhex("3080060" + "92a864886f70d010702a0803080020101")
                                     + _rng.randbytes(300)).decode(),
   f"address: 0x{_fake.hex(40)}", f"Transaction hash: 0x{_fake.hex(64)}", f"blockHash 0x{_fake.hex(64)}",
   f"event topic0 = 0x{_fake.hex(64)}", f"ipfs://Qm{_fake.pick(_B58, 44)}", f"pubkey: {_fake.pick(_B58, 44)}",
   "xpub6CUGRUonZSQ4TWtTMmzXdrXDtypWKiKrhko4egpiMZbpiaQL2jkwSB1icqYh2cfDfVxdx4df189oLKnC5fSwqPfgyP3hooxujYzAu3fDVmz",
   "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB" + _fake.alnum_mixed(90, "+/")
   + "= me@host")
_b("ids",
   f"go.sum: golang.org/x/crypto v0.21.0 h1:{_fake.b64(32)}",
   f"  resolved \"https://registry.npmjs.org/x/-/x-1.0.0.tgz\"\n"
   f"  integrity sha512-{_fake.b64(64)}", f"--hash=sha256:{_fake.hex(64)}", f"checksum = \"{_fake.hex(64)}\"",
   f"hash = \"sha256-{_fake.b64(32)}\"", f"sha256 = \"{_fake.pick('0123456789abcdfghijklmnpqrsvwxyz', 52)}\";",
   f"commit {_fake.hex(40)}", f"Change-Id: I{_fake.hex(40)}", f"{_fake.uuid()}",
   f"data:image/png;base64,iVBORw0KGgo{_fake.b64(60)}",
   f"\"nonce\": \"{_fake.hex(32)}\"", f"X-Request-Id: {_fake.hex(32)}")
_b("sql",
   "CREATE USER 'jeffrey'@'localhost' IDENTIFIED BY 'password';", "ALTER ROLE davide WITH PASSWORD NULL;",
   "CREATE USER jeffrey IDENTIFIED BY RANDOM PASSWORD;", "ALTER USER app IDENTIFIED BY VALUES 'S:...';",
   "CREATE ROLE admin WITH CREATEDB CREATEROLE;", "SELECT * FROM pg_authid WHERE rolpassword IS NULL;",
   "CREATE USER ${DB_USER} WITH PASSWORD '${DB_PASSWORD}';", "ALTER USER :user PASSWORD :'pw';",
   "CREATE LOGIN [DOMAIN\\user] FROM WINDOWS;", "requirepass ''")
_b("cli",
   "mysql -u root -p", "sshpass -e ssh user@host", "lftp -u user ftp.example.com", "smbclient -L //server -N",
   "htpasswd -c /etc/apache2/.htpasswd user", "rabbitmqctl list_users", "cargo login --registry my-registry",
   "wandb login", "ngrok http 8080", "docker login -u user --password-stdin < pw.txt", "ssh-keygen -t ed25519 -N ''",
   "mc alias set myminio https://minio.example.net $ACCESS $SECRET", "poetry config http-basic.foo username",
   "cp -pr src dst", "gcc -O2 -pipe -o out main.c", "echo done | tee -a log.txt", "git diff --stat -p",
   "xfreerdp /u:user /v:host", "kill -9 1234 && sleep 1")
_b("code",
   "requests.get(url, auth=(user, password))", "server.login(user, password)", "ftp.login()",
   "auth = HTTPBasicAuth(os.environ['U'], os.environ['P'])", "DriverManager.getConnection(url, user, pass);",
   "key = bytes.fromhex(os.environ['KEY'])", "const key = Buffer.from(process.env.KEY, 'hex');",
   "keys = list(range(64))", "public_key = bytes.fromhex(pub_hex)", "KEY_LENGTH = 32",
   "let idx: [u8; 4] = [1, 2, 3, 4];", "table = [0, 1, 3, 7, 15, 31, 63, 127, 255]",
   "CRC = [" + ",".join(str(i * 3 % 256) for i in range(64)) + "]")
_b("code_lists",
   "\n".join(f"2024-0{m}-1{m}" for m in range(1, 7)), "\n".join(f"1.{i}.0" for i in range(8)),
   "Phone: 555-1234, 555-9876, 555-4321", "\n".join(f"ISBN 978-{_fake.pick(DIGITS, 10)}" for _ in range(4)),
   "ports 8000-8010 9000-9010 3000-3010 4000-4010")
_b("prose",
   "Das Passwort muss mindestens 8 Zeichen haben", "Mot de passe oublié ?", "¿Olvidaste tu contraseña?",
   "Esqueceu a senha?", "Password dimenticata?", "Wachtwoord vergeten?", "Nie pamiętasz hasła?", "Забыли пароль?",
   "忘记密码？", "パスワードをお忘れですか？", "비밀번호를 잊으셨나요?", "Şifremi unuttum", "Glömt lösenordet?",
   "Save your recovery codes in a safe place.", "Generate new backup codes", "Your seed phrase is never shown again")
