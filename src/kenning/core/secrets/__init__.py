"""Secrets: the detectors, the rules each shares, and redaction of every string of an event.
"""
