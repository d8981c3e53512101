"""Reading replies: an emailed move or answer is checked (sender, automatic mail,
size), its new text told from the quote against the words the site sent, and played
through ``games.services`` or answered with why not; unreadable messages are
quarantined. Uses ``mail.sending`` for its tokens and answers."""
