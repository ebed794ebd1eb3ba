"""Tests of the store adapters."""
