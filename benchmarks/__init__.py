"""Benchmarks of the whole site (``python benchmarks/web.py``)."""
