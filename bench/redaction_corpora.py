"""Recall and false-positive rate of the redaction scrubber on every labelled corpus in tests/core.

    python bench/redaction_corpora.py [--src DIR] [--misses] [--by-class] [--holdout]

A secret counts as caught when the output holds a marker and neither the secret nor any
12-character piece of a long one survives (the rule ``tests/core/test_redaction.py`` uses); a
benign line counts as a false positive when it comes back changed. The hard corpora are also
split into their tuned and held-out parts, and the docs and holdout corpora are broken down by
class. ``--src`` imports ``kenning`` from another source tree, so the code before a change can be
measured on the same corpora, e.g.:

    mkdir -p /tmp/before && git archive <rev> src | tar -x -C /tmp/before
    python bench/redaction_corpora.py --src /tmp/before/src && python bench/redaction_corpora.py

``--misses`` also prints every missed secret and changed benign line. ``--holdout`` adds the
held-out corpus: leave it out while tuning, so its figure stays an honest one.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

Case = tuple[str, str, tuple[str, ...]]  # class, text, secrets


def _leaks(out: str, secret: str) -> bool:
    if secret in out:
        return True
    return len(secret) >= 16 and any(secret[i:i + 12] in out for i in range(0, len(secret) - 11, 4))


def _corpora() -> list[tuple[str, list[Case], list[tuple[str, str]]]]:
    """(name, secrets, benign lines) for each corpus and split; each item keeps its class."""
    def load(name: str) -> object:
        return importlib.import_module(f"tests.core.{name}")

    old = load("redaction_corpus")
    hard = load("redaction_hard_corpus")
    hard_benign = load("redaction_hard_benign")
    fresh = load("redaction_fresh_corpus")
    regressions = load("redaction_regressions")
    out: list[tuple[str, list[Case], list[tuple[str, str]]]] = [
        ("corpus", [(c.kind, c.text, c.secrets) for c in old.SECRETS], [("benign", b) for b in old.BENIGN]),
    ]
    for part, keep in (("hard, tuned", lambda i: not hard.held_out(i)), ("hard, held-out", hard.held_out)):
        out.append((part, [(c.group, c.text, c.secrets) for i, c in enumerate(hard.HARD_SECRETS) if keep(i)],
                    [(b.group, b.text) for i, b in enumerate(hard_benign.HARD_BENIGN) if keep(i)]))
    out.append(("fresh", [(c.group, c.text, c.secrets) for c in fresh.FRESH_SECRETS],
                [(b.group, b.text) for b in fresh.FRESH_BENIGN]))
    out.append(("regressions", [(n, t, s) for n, t, s in regressions.MISSED],
                [(n, t) for n, t in regressions.LOOK_ALIKES]))
    for name in ("redaction_docs_corpus", "redaction_holdout_corpus"):
        try:
            mod = load(name)
        except ModuleNotFoundError:
            continue
        out.append((name.removeprefix("redaction_").removesuffix("_corpus"),
                    [(c.group, c.text, c.secrets) for c in mod.SECRETS], [(b.group, b.text) for b in mod.BENIGN]))
    return out


def _measure(redact: Callable[[str], object], cases: Iterable[Case], benign: Iterable[tuple[str, str]],
             ) -> tuple[dict[str, list[int]], dict[str, list[int]], list[str], list[str]]:
    recall: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    fp: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    missed, changed = [], []
    for group, text, secrets in cases:
        out = redact(text).text  # type: ignore[attr-defined]
        ok = "[REDACTED:" in out and not any(_leaks(out, s) for s in secrets)
        recall[group][0] += ok
        recall[group][1] += 1
        if not ok:
            missed.append(f"  [{group}] {text[:160]!r}")
    for group, text in benign:
        out = redact(text).text  # type: ignore[attr-defined]
        fp[group][0] += out != text
        fp[group][1] += 1
        if out != text:
            changed.append(f"  [{group}] {text[:120]!r} -> {out[:120]!r}")
    return recall, fp, missed, changed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--src", type=Path, default=ROOT / "src")
    parser.add_argument("--misses", action="store_true")
    parser.add_argument("--by-class", action="store_true", help="break every corpus down by class")
    parser.add_argument("--holdout", action="store_true",
                        help="also measure the held-out corpus (only once the rules are final)")
    args = parser.parse_args()
    sys.path.insert(0, str(args.src.resolve()))
    sys.path.insert(1, str(ROOT))
    from kenning.core.secrets.redaction import redact

    print(f"kenning from {args.src}")
    print(f"{'corpus':<16}{'secrets':>8}{'recall':>8}{'benign':>8}{'fp':>7}")
    for name, cases, benign in _corpora():
        if name == "holdout" and not args.holdout:
            continue
        recall, fp, missed, changed = _measure(redact, cases, benign)
        caught, n = sum(v[0] for v in recall.values()), sum(v[1] for v in recall.values())
        hit, m = sum(v[0] for v in fp.values()), sum(v[1] for v in fp.values())
        print(f"{name:<16}{n:>8}{caught / max(n, 1):>8.3f}{m:>8}{hit / max(m, 1):>7.3f}")
        if args.by_class or name in ("docs", "holdout"):
            for group, (c, k) in sorted(recall.items()):
                print(f"  + {group:<26}{k:>4}  recall {c / k:.3f}")
            for group, (c, k) in sorted(fp.items()):
                print(f"  - {group:<26}{k:>4}  fp     {c / k:.3f}")
        if args.misses:
            print("\n".join(missed + changed))


if __name__ == "__main__":
    main()
