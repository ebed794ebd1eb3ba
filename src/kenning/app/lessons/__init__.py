"""Use cases of lessons: declared, promoted to the machine-wide store, exchanged, shared with a team.
"""
