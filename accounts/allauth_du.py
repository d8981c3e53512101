"""allauth's German addresses the reader as "Sie" in some of its texts; the site says
"du" everywhere. These are allauth's own message ids (django-allauth 65), marked here
only so that ``bin/messages update`` keeps them in ``locale/de``, whose translations
win over allauth's own (LOCALE_PATHS come first). Nothing imports this module.

The texts: the sign-up confirmation and password emails, the email and password
pages a player of this site meets (no third-party accounts, codes or passkeys here).
"""

from django.utils.translation import gettext_noop

TEXTS = (
    gettext_noop("Use your password"),
    gettext_noop("Please reauthenticate to safeguard your account."),
    gettext_noop(
        "You are receiving this mail because the following change was made to your account:"
    ),
    gettext_noop(
        "If you do not recognize this change then please take proper security precautions "
        "immediately. The change to your account originates from:\n\n- IP address: %(ip)s\n"
        "- Browser: %(user_agent)s\n- Date: %(timestamp)s"
    ),
    gettext_noop("Your email has been changed from %(from_email)s to %(to_email)s."),
    gettext_noop("Your email has been confirmed."),
    gettext_noop(
        "You're receiving this email because user %(user_display)s has given your email "
        "address to register an account on %(site_domain)s."
    ),
    gettext_noop("To confirm this is correct, go to %(activate_url)s"),
    gettext_noop("Email address %(deleted_email)s has been removed from your account."),
    gettext_noop("Your password has been reset."),
    gettext_noop("Your password has been set."),
    gettext_noop(
        "You are receiving this email because you, or someone else, tried to access an "
        "account with email %(email)s. However, we do not have any record of such an "
        "account in our database."
    ),
    gettext_noop("If it was you, you can sign up for an account using the link below."),
    gettext_noop("This mail can be safely ignored if you did not initiate this action."),
    gettext_noop("Enter your password:"),
    gettext_noop("The following email address is associated with your account:"),
    gettext_noop("To safeguard the security of your account, please enter your password:"),
)
