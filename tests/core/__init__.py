"""Tests for the pure core."""
