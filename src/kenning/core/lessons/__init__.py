"""Cross-project lessons: which events become lessons, their exchange format, and which declared
libraries a lesson names.
"""
