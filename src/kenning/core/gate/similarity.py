"""How much a proposed change resembles a change that already failed (no model, no embeddings).

Both sides become token sequences: identifiers, numbers and symbols, with diff markup stripped.
Two views are compared with Jaccard similarity over 3-token shingles: the tokens as written, and
the tokens with every non-keyword identifier renamed by order of first appearance (so
``memo[k] = f(k)`` and ``cache[key] = f(key)`` read the same). The score is the better of the two,
the renamed view discounted a little because it also matches code that merely has the same shape.
Deterministic: the same texts always give the same score.
"""

from __future__ import annotations

import re

_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?|==|!=|<=|>=|->|=>|\*\*|//|&&|\|\||[^\sA-Za-z0-9_]")
_KEYWORDS = frozenset((
    "and", "as", "assert", "async", "await", "break", "case", "catch", "class", "const", "continue", "def",
    "default", "del", "do", "elif", "else", "enum", "except", "export", "extends", "false", "final", "finally",
    "for", "fn", "from", "func", "function", "go", "if", "impl", "import", "in", "interface", "is", "lambda",
    "let", "match", "mut", "new", "nil", "none", "nonlocal", "not", "null", "or", "package", "pass", "private",
    "protected", "pub", "public", "raise", "return", "self", "static", "struct", "super", "switch", "this",
    "throw", "true", "try", "type", "var", "void", "while", "with", "yield",
))
RENAMED_WEIGHT = 0.95
CONTAINED_WEIGHT = 0.9  # the failed change found whole inside a larger proposal
MIN_TOKENS = 6  # shorter texts say too little to be called alike


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def change_text(text: str, removed: bool = False) -> str:
    """The code a change consists of. For a unified diff: its added lines (``removed``: its
    deleted lines, which is what a revert's diff holds of the change it undid); other text is
    taken as it is."""
    lines = text.splitlines()
    if not any(line.startswith(("@@", "diff --git", "+++ ", "--- ")) for line in lines):
        return text
    marker = "-" if removed else "+"
    header = ("+++", "---")
    return "\n".join(line[1:] for line in lines if line.startswith(marker) and not line.startswith(header))


def _renamed(seq: list[str]) -> list[str]:
    names: dict[str, str] = {}
    out = []
    for tok in seq:
        if (tok[0].isalpha() or tok[0] == "_") and tok.lower() not in _KEYWORDS:
            tok = names.setdefault(tok, f"v{len(names)}")
        out.append(tok)
    return out


def _shingles(seq: list[str], size: int = 3) -> set[tuple[str, ...]]:
    if len(seq) < size:
        return {tuple(seq)} if seq else set()
    return {tuple(seq[i:i + size]) for i in range(len(seq) - size + 1)}


def _jaccard(a: set[tuple[str, ...]], b: set[tuple[str, ...]]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def _names(seq: list[str]) -> set[str]:
    """Identifiers and literals that carry meaning (not keywords, not one-letter names)."""
    return {t for t in seq if len(t) > 1 and t.lower() not in _KEYWORDS and (t[0].isalnum() or t[0] == "_")}


def similarity(proposed: str, failed: str) -> float:
    """0.0 (unrelated) to 1.0 (the same change), rounded to two decimals.

    The renamed view counts only when the two share at least one meaningful name or literal
    (``compute_value``, ``3600``): two snippets of merely the same shape are not a repeat. A
    larger proposal (a whole file written) that contains the failed change counts too.
    """
    left, right = tokens(proposed), tokens(failed)
    if len(left) < MIN_TOKENS or len(right) < MIN_TOKENS:
        return 0.0
    a, b = _shingles(left), _shingles(right)
    exact = _jaccard(a, b)
    # containment needs a change long enough that finding most of it elsewhere is no accident
    contained = len(a & b) / len(b) * CONTAINED_WEIGHT if len(right) >= 2 * MIN_TOKENS else 0.0
    renamed = 0.0
    if _names(left) & _names(right):
        renamed = _jaccard(_shingles(_renamed(left)), _shingles(_renamed(right))) * RENAMED_WEIGHT
    return round(max(exact, contained, renamed), 2)


def overlap(proposed: str, failed: str) -> float | None:
    """Whether two changes have anything to do with each other: the share of the smaller one's
    3-token shingles (as written) found in the other, 0.0 (nothing in common) to 1.0, rounded to
    two decimals; None when either has under three tokens (no shingle: nothing to compare). Unlike
    ``similarity``, a small change found inside a large one counts whole, from either side."""
    left, right = tokens(proposed), tokens(failed)
    if len(left) < 3 or len(right) < 3:
        return None
    a, b = _shingles(left), _shingles(right)
    return round(len(a & b) / min(len(a), len(b)), 2)


def drawn_from(proposed: str, failed: str) -> float:
    """The share of ``proposed``'s 3-token shingles (as written) found in ``failed``, rounded to two
    decimals: 1.0 when everything it adds comes from the failed change, low when the failed change
    is only a small part of it (or only its pattern: another entry of the same template)."""
    a = _shingles(tokens(proposed))
    return round(len(a & _shingles(tokens(failed))) / len(a), 2) if a else 0.0


def names_kept(proposed: str, failed: str) -> float:
    """The share of the failed change's meaningful names and literals (``_names``) that
    ``proposed`` holds too, rounded to two decimals: a change brought back brings its own names;
    another entry of the same table or template brings only the template's."""
    wanted = _names(tokens(failed))
    return round(len(wanted & _names(tokens(proposed))) / len(wanted), 2) if wanted else 0.0


def removed_lines(patch: str) -> dict[str, str]:
    """Per file of a unified diff, the lines it deletes (of a revert's diff: what the change added)."""
    removed: dict[str, list[str]] = {}
    current = None
    for line in patch.splitlines():
        if line.startswith("--- "):
            name = line[4:].strip()
            current = name[2:] if name.startswith("a/") else None
            if current:
                removed.setdefault(current, [])
        elif line.startswith("+++ "):
            continue
        elif current and line.startswith("-"):
            removed[current].append(line[1:])
    return {path: "\n".join(lines) for path, lines in removed.items() if lines}


def added_lines(patch: str) -> dict[str, str]:
    """Per file of a unified diff, the lines it adds."""
    added: dict[str, list[str]] = {}
    current = None
    for line in patch.splitlines():
        if line.startswith("+++ "):
            name = line[4:].strip()
            current = name[2:] if name.startswith("b/") else None
            if current:
                added.setdefault(current, [])
        elif current and line.startswith("+"):
            added[current].append(line[1:])
    return {path: "\n".join(lines) for path, lines in added.items()}
