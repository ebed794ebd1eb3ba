"""The command line surface: ``ken``'s launcher (``main``), its commands' declarations (``spec``), the
parser built from them, the handlers, and the text they print.
"""
