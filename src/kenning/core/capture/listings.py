"""Which files a change touches for reasons of its own: build lists, manifests, lockfiles, CI
configs, changelogs, generated code. A revert's focus leaves them out (``capture.derive``), and
the gate compares no change on them with a reverted one (``gate.rules.repeats``): their entries
follow a template, so each change there looks like the last.
"""

from __future__ import annotations

import re

# files most commits touch for reasons of their own: build lists, manifests, lockfiles, CI
# configs, changelogs, generated code
_INCIDENTAL = re.compile(
    r"(^|/)(CMakeLists\.txt|BUILD(\.bazel|\.gn)?|DEPS|WORKSPACE(\.bazel)?|MODULE\.bazel(\.lock)?|Makefile(\.am|\.in)?"
    r"|[^/]*\.(bzl|cmake|gni|lock|sum)|package(-lock)?\.json|yarn\.lock|pnpm-lock\.yaml|Cargo\.toml|go\.mod"
    r"|requirements[^/]*\.txt|setup\.(py|cfg)|pyproject\.toml|pom\.xml|build\.gradle(\.kts)?|meson\.build"
    r"|CHANGELOG[^/]*|CHANGES[^/]*|NEWS[^/]*|RELEASE[_-]?NOTES[^/]*|ReleaseNotes[^/]*|\.gitignore|OWNERS|CODEOWNERS"
    r"|[^/]*\.pb\.(go|h|cc)|[^/]*_pb2(_grpc)?\.py|[^/]*\.(generated|gen)\.[^/]+)$"
    r"|(^|/)\.(github|circleci|buildkite|gitlab)/|(^|/)\.gitlab-ci\.yml$|(^|/)\.travis\.yml$|(^|/)azure-pipelines",
    re.IGNORECASE)

# the build lists a change edits beside the code they build: a retry of the change edits them again
# first (its new sources listed, its target declared), so a revert warns on them too, unless the
# revert touched many (a sweep over every target says nothing about any one of them)
_BUILD_LIST = re.compile(
    r"(^|/)(CMakeLists\.txt|BUILD(\.bazel|\.gn)?|Android\.(bp|mk)|Cargo\.toml|package\.json|go\.mod|pom\.xml"
    r"|build\.gradle(\.kts)?|meson\.build|Makefile(\.am|\.in)?|DEPS|[^/]*\.gni|[^/]*\.bzl)$")
BUILD_LISTS_MAX = 2  # build lists a revert may touch and still warn on them


def is_listing(path: str) -> bool:
    """A build list, manifest, lockfile or CI config: entries written to a template, so one
    change there looks like the next (``gate.repeats`` compares no change there)."""
    return is_incidental(path) or is_build_list(path)


def is_incidental(path: str) -> bool:
    """A file most changes touch for reasons of their own (build list, manifest, CI config...)."""
    return _INCIDENTAL.search(path) is not None


def is_build_list(path: str) -> bool:
    """A file that lists what to build and with what (BUILD.gn, CMakeLists.txt, Cargo.toml, DEPS...)."""
    return _BUILD_LIST.search(path) is not None
