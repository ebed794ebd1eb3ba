"""Reliability suite (issue 11): concurrency, crashes, lock and disk faults, fuzzing, hostile input,
redaction on every write path. Fast by default; ``KEN_RELIABILITY_LONG=1`` runs the long version."""
