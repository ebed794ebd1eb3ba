"""Adapters to the operating system other than files (``store``) and git (``git``): processes.
"""
