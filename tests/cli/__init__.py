"""Tests of the command line surface."""
