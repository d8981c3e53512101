"""Trias."""
