"""Triad."""
