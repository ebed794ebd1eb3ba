"""The code map's pure rules: what a source file imports, and where an import points.
"""
