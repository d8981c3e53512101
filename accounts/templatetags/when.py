"""``{% load when %}``: ``{{ deadline|when }}`` and friends (accounts/when.py)."""

from django import template

from accounts import when as formats

register = template.Library()

for _name in ("when", "when_long", "day", "weekday", "clock"):
    register.filter(_name, getattr(formats, _name), expects_localtime=False)
