"""Sending: the outbox rows and their claims, the emails composed for each kind (with
the board's picture and the position in words), the tokens their links and reply
addresses carry, and the backends that hand them over (DKIM-signed over SMTP).
Imports nothing from ``mail.replies``."""
