"""Events derived from git history, as pure projections of commits, and what a message says of reverts.
"""
