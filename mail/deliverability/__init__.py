"""Deliverability: the provider's webhooks (locked until their secrets are set, a
deploy check says so) and what they report back: hard bounces and spam complaints stop
all email to an address until its player lifts the stop."""
