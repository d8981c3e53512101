"""Tri*T*Area."""
