"""Use cases that derive memory from git history: capture after each commit, backfill, renames.
"""
