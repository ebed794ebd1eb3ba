"""Use cases of a log shared through git: its health after merges, validation, import and export.
"""
