"""Seeded fake credentials for the redaction corpora: token-shaped, never real.

Each corpus module makes its own ``FakeSecrets(seed)`` and draws every value from it, so its
cases are deterministic and no real credential is ever written down. All methods share the
instance's one ``random.Random``; a corpus's values depend on its seed *and* on the order of
its calls, so new draws go after the existing ones (or on a new instance), never in between.

Two families of methods:

* plain draws (``pick``, ``alnum``, ``hex``, ``uuid``, ``b64``): any string of the alphabet,
  including ones that happen to be all digits or all letters;
* ``*_mixed`` / ``*_trimmed`` / ``lower_alnum`` / ``pick_letter_digit``: redrawn until the value
  looks like a real generated token (mixed character classes, no ``-``/``_`` at its edges), so a
  rule cannot be credited for, or blamed on, a degenerate value.

The two families are not interchangeable: swapping one for the other changes every later value
of that corpus.
"""

from __future__ import annotations

import base64
import random
import string

UPPER = string.ascii_uppercase
LOWER = string.ascii_lowercase
DIGITS = string.digits
ALNUM = UPPER + LOWER + DIGITS
HEX = "0123456789abcdef"
URLSAFE = ALNUM + "-_"
CRYPT_B64 = "./" + ALNUM
"""The characters of crypt(3)'s base64 (bcrypt, ``$6$``, ``$apr1$`` salts and hashes)."""


class FakeSecrets:
    """Token-shaped random values from one seeded ``random.Random`` (``self.rng``)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    # --- plain draws ----------------------------------------------------------------------------

    def pick(self, alphabet: str, n: int) -> str:
        """``n`` characters drawn from ``alphabet``, no constraint: digit runs, key-id bodies."""
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def alnum(self, n: int) -> str:
        """Any ``n`` ASCII letters and digits (may lack a digit or a case)."""
        return self.pick(ALNUM, n)

    def hex(self, n: int) -> str:
        """Any ``n`` lowercase hex digits: checksums, git shas, digests (may be all digits)."""
        return self.pick(HEX, n)

    def uuid(self) -> str:
        """A version-4, variant-``a`` UUID built from ``hex(32)``."""
        return self._uuid_from(self.hex(32))

    def b64(self, nbytes: int) -> str:
        """Standard, padded base64 of ``nbytes`` random bytes: storage keys, SAS signatures, SRI
        hashes."""
        return base64.b64encode(self.rng.randbytes(nbytes)).decode()

    def pem_body(self, nbytes: int, width: int = 64) -> str:
        """``b64(nbytes)`` wrapped at ``width`` columns, as inside a PEM/armoured key block."""
        flat = self.b64(nbytes)
        return "\n".join(flat[i:i + width] for i in range(0, len(flat), width))

    # --- redrawn until token-like ---------------------------------------------------------------

    def pick_letter_digit(self, alphabet: str, n: int) -> str:
        """``n`` characters from ``alphabet`` with at least one digit and one letter (redrawn
        until so)."""
        while True:
            s = self.pick(alphabet, n)
            if any(c.isdigit() for c in s) and any(c.isalpha() for c in s):
                return s

    def alnum_mixed(self, n: int, extra: str = "") -> str:
        """``n`` characters from the letters, digits and ``extra`` with at least one upper, one
        lower and one digit, like real generated API tokens (``ghp_...``, ``sk_live_...``)."""
        while True:
            s = self.pick(ALNUM + extra, n)
            if any(c.isupper() for c in s) and any(c.islower() for c in s) and any(c.isdigit() for c in s):
                return s

    def b64_chars(self, n: int) -> str:
        """``n`` base64 characters (``+``/``/`` included) of mixed case with a digit, unpadded:
        AWS secret keys, Grafana and 1Password token bodies."""
        return self.alnum_mixed(n, "+/")

    def lower_alnum(self, n: int) -> str:
        """``n`` lowercase letters and digits with at least one of each: Cerebras, Neon, README,
        Terraform Cloud, Zapier hook ids."""
        return self.pick_letter_digit(LOWER + DIGITS, n)

    def hex_mixed(self, n: int) -> str:
        """``n`` lowercase hex digits with at least one digit and one letter: hex API keys
        (Twilio, Mailgun, Postman, Pulumi)."""
        return self.pick_letter_digit(HEX, n)

    def uuid_mixed(self) -> str:
        """A version-4, variant-``a`` UUID built from ``hex_mixed(32)``: Heroku, Snyk, Codecov
        keys."""
        return self._uuid_from(self.hex_mixed(32))

    def urlsafe(self, n: int) -> str:
        """``n`` URL-safe base64 characters with a digit and an upper-case letter, not ending in
        ``-`` or ``_`` (it may start with one): OAuth tokens, ``glpat-``, ``GOCSPX-`` bodies."""
        while True:
            s = self.pick(URLSAFE, n)
            if any(c.isdigit() for c in s) and any(c.isupper() for c in s) and s[-1] not in "-_":
                return s

    def urlsafe_trimmed(self, n: int) -> str:
        """Like ``urlsafe`` but with no ``-`` or ``_`` at *either* end, so the token is bounded by
        word characters on both sides."""
        while True:
            s = self.pick(URLSAFE, n)
            if any(c.isdigit() for c in s) and any(c.isupper() for c in s) and s[0] not in "-_" \
                    and s[-1] not in "-_":
                return s

    @staticmethod
    def _uuid_from(h: str) -> str:
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"
