"""Make ``src/kenning/data/english_words.txt``: the common English words attribution needs.

    pip install wordsegment==1.3.1
    python scripts/english_words.py            # rewrite the data file
    python scripts/english_words.py --check    # exit 1 if the committed file differs

The list is the 20,000 most frequent English dictionary words of three letters or more. The
``wordsegment`` package (Apache-2.0, on PyPI) carries both halves: ``unigrams.txt``, Peter
Norvig's word counts of the Google Web Trillion Word Corpus in descending order of count, and
``words.txt``, an English word list. A word is kept when it is lowercase ASCII letters only,
three letters or more, and on the word list; the first 20,000 such words by count (ties keep
the file's order) are written sorted, one a line, ASCII, ending in a newline. The same package
version gives the same bytes.

The frequency cut is the point: a name rarer than that (``jest``, ``pandas``) is seldom meant as
a word in a lesson, so a lesson that writes it in prose names the package. The hand-kept list of
package names that are words or jargon is code, not data: ``kenning/core/common_words.py``.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

COUNT = 20_000
WORD = re.compile(r"[a-z]{3,}")
DATA = Path(__file__).resolve().parents[1] / "src" / "kenning" / "data" / "english_words.txt"


def english_words(unigrams: str, dictionary: str, count: int = COUNT) -> list[str]:
    """The first ``count`` dictionary words of ``unigrams`` (``word<TAB>count`` lines, most
    frequent first) that are lowercase letters only and three letters or more, sorted."""
    known = set(dictionary.split())
    ranked = (line.split("\t")[0] for line in unigrams.splitlines())
    kept = [word for word in ranked if WORD.fullmatch(word) and word in known]
    return sorted(kept[:count])


def wordsegment_files() -> tuple[str, str]:
    try:
        import wordsegment  # type: ignore[import-not-found]
    except ImportError:
        sys.exit("scripts/english_words.py: needs the wordsegment package: pip install wordsegment==1.3.1")
    folder = Path(wordsegment.__file__).parent
    return ((folder / "unigrams.txt").read_text(encoding="utf-8"), (folder / "words.txt").read_text(encoding="utf-8"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed file; write nothing")
    args = parser.parse_args()
    text = "".join(f"{word}\n" for word in english_words(*wordsegment_files()))
    if args.check:
        same = DATA.read_text(encoding="ascii") == text
        print(f"{DATA.name}: {'up to date' if same else 'differs from what wordsegment gives'}")
        return 0 if same else 1
    DATA.write_text(text, encoding="ascii")
    print(f"wrote {DATA} ({len(text.splitlines())} words)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
