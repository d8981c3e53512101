"""Tripost settings: one module, driven by environment variables.

Laptop defaults need nothing set (``DEBUG=1`` is set by ``bin/serve``); production
sets ``DEBUG=0`` and then must provide a real ``SECRET_KEY`` and ``ALLOWED_HOSTS``.
See README.md for every variable.
"""

from __future__ import annotations

import os
from pathlib import Path

from celery.schedules import crontab
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from .env import (
    broker_config,
    cache_config,
    client_address_config,
    database_config,
    ensure_var_dirs,
    env_bool,
    env_list,
    result_backend,
)

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("TRIPOST_VAR_DIR", BASE_DIR / "var"))
ensure_var_dirs(VAR_DIR)

DEBUG = env_bool("DEBUG", False)

# --- Secret key: refuse to start in production without a real one -------------------
_DEV_SECRET_KEY = "django-insecure-tripost-development-only-key-never-use-in-production"
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set a long random SECRET_KEY (50+ characters) in the "
            "environment, or DEBUG=1 for local development."
        )
    SECRET_KEY = _DEV_SECRET_KEY
elif not DEBUG and (
    len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 5 or SECRET_KEY.startswith("django-insecure-")
):
    raise ImproperlyConfigured(
        "SECRET_KEY is too weak for production: use 50+ random characters, "
        "not starting with 'django-insecure-'."
    )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
CSRF_FAILURE_VIEW = "config.csrf.csrf_failure"  # the site's page (templates/403_csrf.html)
SITE_NAME = os.environ.get("SITE_NAME", "Tripost")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

# The games, one folder each (titles/<name>/, its ``SPEC`` a games.registry.GameSpec),
# in the order the site shows them.
TRIPOST_GAMES = ["titles.triad", "titles.trias", "titles.tritarea"]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.sites",  # allauth names the site in its emails: SITE_NAME, SITE_URL
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "template_partials",
    "allauth",
    "allauth.account",
    "anymail",
    "csp",
    "django_ratelimit",
    "accounts",
    "games",
    "mail",
    "learn",
    "ratings",
    "moderation",
    "chat",
    "leaving",
    "calendars",
    "webhooks",
    "ninja",  # the API's docs page (its templates and static files)
    "api",
    "planning",
    "push",  # the installable app and web push notifications
    *TRIPOST_GAMES,  # each game is an app too: its templates
]
SITE_ID = 1  # its name and domain follow SITE_NAME/SITE_URL after every migrate

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.middleware.RefuseNulBytes",
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "accounts.middleware.UserTimezoneMiddleware",
    "accounts.middleware.UserLanguageMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "config.context_processors.site",
                "games.context_processors.awaiting",
                "mail.context_processors.mail_stopped",
                "chat.context_processors.game_page",
            ],
        },
    },
    # Plain text (email subjects and text bodies): nothing HTML-escaped, so O'Brien stays
    # O'Brien. Used by name (``using="text"``); pages never come from it.
    {
        "NAME": "text",
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {"autoescape": False},
    },
]

DATABASES = {"default": database_config(os.environ.get("DATABASE_URL"), BASE_DIR)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")
CACHES = {"default": cache_config(REDIS_URL, VAR_DIR, os.environ.get("CACHE_URL"))}

# --- Accounts (django-allauth) --------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
# Django's and allauth's, finding a session's player with one written query
# (accounts/backends.py).
AUTHENTICATION_BACKENDS = [
    "accounts.backends.ModelBackend",
    "accounts.backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"  # names: accounts.names
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.forms.SignupExtraForm"  # the time zone
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
# Links in emails never change anything on a GET (mail scanners open links): the
# confirmation link shows a page with a button that POSTs.
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = f"[{SITE_NAME}] "
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if SITE_URL.startswith("https") else "http"
ACCOUNT_LOGOUT_REDIRECT_URL = "/"
ACCOUNT_CHANGE_EMAIL = True
# Brute-force protection: allauth counts failed logins per client address ("ip") and
# per account at that address ("key": accounts.adapter) in the shared cache; the
# fifth wrong password for an account within five minutes locks it at that address
# (its owner elsewhere signs in as ever), the twentieth in a minute the address.
ACCOUNT_RATE_LIMITS = {
    "login_failed": "20/m/ip,5/5m/key",
    "signup": "20/m/ip",
    "reset_password": "20/m/ip,5/m/key",
    "change_password": "5/m/user",
}
# What players create, per player (config.throttle; fixed windows of django-ratelimit).
RATE_LIMITS = {
    # Every POST counts (also one the form refuses): counting first is what makes 25
    # requests at once get no more than the limit.
    "game_create": ["6/m", "40/d"],
    "game_join": ["10/m", "60/d"],
    "report": ["5/h", "20/d"],
}
# The API's requests, per token (per player for a session): api.auth.
API_RATE_LIMITS = ["60/m", "2000/h"]
# Requests of the whole site that may wait for events at once (api.events): each holds
# a sync worker while it waits; raise it with the web's workers.
API_EVENTS_WAITING = int(os.environ.get("API_EVENTS_WAITING", "2"))
# Error reports hide the Authorization header too (API tokens): api.reporting.
DEFAULT_EXCEPTION_REPORTER_FILTER = "api.reporting.TokenSafeFilter"
RATELIMIT_FAIL_OPEN = True  # an unreachable cache counts nothing (config.cache)
# django-ratelimit's check lists only memcached and django-redis as shared caches; ours
# are Django's own Redis cache (production) and the file cache of one machine (laptop).
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]
# Behind the TLS proxy, the client's address comes from the proxy's header (hop count
# TRUSTED_PROXY_COUNT, or TRUSTED_CLIENT_IP_HEADER): else every client would be one.
ALLAUTH_TRUSTED_PROXY_COUNT, ALLAUTH_TRUSTED_CLIENT_IP_HEADER = client_address_config(
    env_bool("BEHIND_TLS_PROXY", False),
    os.environ.get("TRUSTED_PROXY_COUNT"),
    os.environ.get("TRUSTED_CLIENT_IP_HEADER"),
)
LOGIN_REDIRECT_URL = "/"
LOGIN_URL = "account_login"

# --- Email ------------------------------------------------------------------------------
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", f"{SITE_NAME} <noreply@localhost>")
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", DEFAULT_FROM_EMAIL)
# DKIM signing of our own for plain SMTP (mail.sending.signing); providers sign for themselves.
MAIL_DKIM_PRIVATE_KEY = os.environ.get("MAIL_DKIM_PRIVATE_KEY", "")
MAIL_DKIM_PRIVATE_KEY_FILE = os.environ.get("MAIL_DKIM_PRIVATE_KEY_FILE", "")
MAIL_DKIM_SELECTOR = os.environ.get("MAIL_DKIM_SELECTOR", "tripost")
MAIL_DKIM_DOMAIN = os.environ.get("MAIL_DKIM_DOMAIN", "")  # default: DEFAULT_FROM_EMAIL's
ANYMAIL_ESP = os.environ.get("ANYMAIL_ESP", "")  # e.g. "mailgun", "postmark", "amazon_ses"
# Every ANYMAIL_* variable (e.g. ANYMAIL_MAILGUN_API_KEY, ANYMAIL_WEBHOOK_SECRET) becomes
# an ANYMAIL setting; the inbound webhook (/anymail/<esp>/inbound/) works with any sender.
ANYMAIL = {
    key.removeprefix("ANYMAIL_"): value
    for key, value in os.environ.items()
    if key.startswith("ANYMAIL_") and key != "ANYMAIL_ESP"
}
if ANYMAIL_ESP:
    EMAIL_BACKEND = f"anymail.backends.{ANYMAIL_ESP}.EmailBackend"
elif os.environ.get("EMAIL_HOST"):
    # With a DKIM key (README: "Sending email that arrives"), each email is signed here.
    signs = os.environ.get("MAIL_DKIM_PRIVATE_KEY") or os.environ.get("MAIL_DKIM_PRIVATE_KEY_FILE")
    EMAIL_BACKEND = (
        "mail.sending.backends.DkimSmtpBackend"
        if signs
        else "django.core.mail.backends.smtp.EmailBackend"
    )
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", EMAIL_PORT == 587)
    EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", EMAIL_PORT == 465)
    EMAIL_TIMEOUT = 30
else:
    EMAIL_BACKEND = os.environ.get(
        "EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
    )
    EMAIL_FILE_PATH = str(VAR_DIR / "mail")

# --- Internationalisation: store UTC, show each player's own time zone ------------------
# English is the source language; German is complete (issue 16). A player's choice
# (User.language) wins, then the visitor's cookie from the footer switch, then
# Accept-Language, then English (accounts.middleware.UserLanguageMiddleware).
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch")]
# Catalogues: each app's own locale/ (games, learn, mail) and this one for the rest.
# Only the .po files are committed; bin/test and bin/serve compile them (bin/messages).
LOCALE_PATHS = [BASE_DIR / "locale"]
# The footer's choice (accounts.views.language_switch) lasts a year, not one browser
# session; the settings page sets it too, or removes it for "the browser's language".
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Static files (WhiteNoise) ----------------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Served at the site's root (/favicon.ico), where browsers look without being told.
WHITENOISE_ROOT = BASE_DIR / "static" / "root"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            # Hashed, compressed names in production (needs `collectstatic`); either
            # storage keeps each name's path (config/static_storage.py).
            "config.static_storage.ManifestStorage"
            if env_bool("STATIC_MANIFEST", not DEBUG)
            else "config.static_storage.PlainStorage"
        )
    },
}

# --- Production hardening (all on when DEBUG is off; `check --deploy` stays quiet) ------
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_X_FORWARDED_PROTO", "https") if env_bool("BEHIND_TLS_PROXY", False) else None
)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # load balancers probe over plain HTTP
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
# Django's database sessions, the row read by one written query (accounts/sessions.py).
SESSION_ENGINE = "accounts.sessions"
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_SECURE = not DEBUG
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# A strict Content-Security-Policy: scripts, styles and pictures only from the site
# itself, no inline code or style attributes anywhere (JS in static/js, CSS in
# static/css; htmx is told not to add its indicator style, site.css has it).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "object-src": [NONE],
        "base-uri": [NONE],
    }
}
# Powerful browser features the site never uses are off for it and anything it embeds.
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "publickey-credentials-get",
        "screen-wake-lock",
        "serial",
        "usb",
        "xr-spatial-tracking",
    )
}

# --- Celery -----------------------------------------------------------------------------
CELERY_BROKER_URL, CELERY_BROKER_TRANSPORT_OPTIONS = broker_config(REDIS_URL, VAR_DIR)
CELERY_RESULT_BACKEND = result_backend(REDIS_URL, VAR_DIR)
CELERY_RESULT_EXPIRES = 3600
# No flow reads a task's return value (the database holds every outcome), so storing
# each one in Redis was a write per task for nobody; a task that is asked for its
# answer says so (games.tasks.ping, ignore_result=False).
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = "UTC"
# A task is acknowledged only after it ran, so a killed worker's task runs again;
# tasks are idempotent, so running twice is harmless.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fixup would close every database connection before and after each
# task (a new PostgreSQL connection, with its CPU, for every task); config/celery.py
# closes them as Django does between requests instead (CONN_MAX_AGE, errors, health
# checks).
CELERY_DB_REUSE_MAX = 1000
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A web process queueing a task after commit tries twice, then gives up (logged): the
# outbox's sweep sends what could not be queued, and the player is not kept waiting.
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.2,
}
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_TASK_ALWAYS_EAGER = False  # tests switch it on where they want it, never here
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE: dict = {
    # Outage guard, vacations, reminders and timeouts (games.timeouts.clock_sweep).
    "clock-sweep": {"task": "games.tasks.clock_sweep", "schedule": crontab(minute="*")},
    # Send outbox rows left behind (worker killed, broker down).
    "mail-sweep": {"task": "mail.tasks.sweep_outbox", "schedule": crontab(minute="*")},
    # Unstarted games nobody joined in LOBBY_OPEN_DAYS expire (games.lobby).
    "lobby-expiry": {"task": "games.tasks.expire_open_games", "schedule": crontab(minute=7)},
    # Daily digests go out at each player's chosen hour (User.digest_hour), in their zone.
    "mail-digests": {"task": "mail.tasks.queue_digests", "schedule": crontab(minute="*/15")},
    # Webhook posts left behind or waiting for their next try (webhooks.tasks.sweep).
    "webhooks-sweep": {"task": "webhooks.tasks.sweep", "schedule": crontab(minute="*")},
    # Push notifications left behind or waiting for their next try (push.tasks).
    "push-sweep": {"task": "push.tasks.sweep_push", "schedule": crontab(minute="*")},
}
# Computer players think in tasks of their own queue, so a long search never holds up
# emails or sweeps: every worker setup must consume it (bin/serve: -Q celery,computer).
CELERY_TASK_ROUTES: dict = {"games.tasks.play_computer_turns": {"queue": "computer"}}
# Email tasks can be sent to their own queue (a worker with -Q <name> must consume it).
MAIL_QUEUE = os.environ.get("MAIL_QUEUE", "")
if MAIL_QUEUE:
    CELERY_TASK_ROUTES["mail.tasks.*"] = {"queue": MAIL_QUEUE}

# --- Computer players (games.computer.turns) ---------------------------------------------
# The level of the computer player that takes over a seat a person left (timeout,
# resignation): one of games.computer.levels.LEVELS.
COMPUTER_TAKEOVER_LEVEL = os.environ.get("COMPUTER_TAKEOVER_LEVEL", "casual")
# Only one task thinks about one position; a claim lapses after this (a killed worker).
COMPUTER_CLAIM_SECONDS = int(os.environ.get("COMPUTER_CLAIM_SECONDS", "60"))

# --- Play by email and clocks -----------------------------------------------------------
# Turn emails are held back this long so games turning to a player at once share one email.
MAIL_TURN_HOLD_SECONDS = int(os.environ.get("MAIL_TURN_HOLD_SECONDS", "300"))
# A worker that claimed an email and died releases it after this long (then the sweep resends).
MAIL_CLAIM_SECONDS = int(os.environ.get("MAIL_CLAIM_SECONDS", "120"))
# A delivery task sends up to this many more due emails over its SMTP connection (a
# small batch already saves most of the per-email connection cost; a large one would
# leave a short burst to one worker process while the others have nothing to do).
MAIL_BATCH_SIZE = int(os.environ.get("MAIL_BATCH_SIZE", "10"))
# Legal actions are listed in a turn email when there are at most this many.
MAIL_MAX_LISTED_ACTIONS = 30
# A daily digest shows the games awaiting the player that are due soonest, at most
# this many; it says how many more there are and links to them all.
MAIL_DIGEST_GAMES = int(os.environ.get("MAIL_DIGEST_GAMES", "10"))
# Replies to turn emails go to <local>+<signed token>@<domain> of this address.
MAIL_REPLY_ADDRESS = os.environ.get("MAIL_REPLY_ADDRESS", "play@localhost")
MAIL_REPLY_TOKEN_DAYS = int(os.environ.get("MAIL_REPLY_TOKEN_DAYS", "30"))
# The provider whose inbound and tracking webhooks are mounted at /anymail/<esp>/...
# (none when empty); they refuse requests until ANYMAIL_WEBHOOK_SECRET and the
# provider's signing key are set (mail.deliverability.webhooks; `check --deploy` fails otherwise).
MAIL_INBOUND_ESP = os.environ.get("MAIL_INBOUND_ESP", ANYMAIL_ESP).strip().lower()
# Sender checks of emailed moves (mail.replies.inbound_auth): Authentication-Results headers
# are trusted only from these authserv-ids (your MTA's host name); the mailbox reader
# checks DKIM itself otherwise. A reply nobody verified is played only if allowed.
MAIL_AUTHSERV_IDS = env_list("MAIL_AUTHSERV_IDS")
MAIL_DKIM_CHECK = env_bool("MAIL_DKIM_CHECK", True)
MAIL_ACCEPT_UNVERIFIED = env_bool("MAIL_ACCEPT_UNVERIFIED", DEBUG)
# Answers to emailed moves that were not played: at most this many per player an hour
# (and one per game turn).
MAIL_ANSWERS_PER_HOUR = int(os.environ.get("MAIL_ANSWERS_PER_HOUR", "5"))
# Only the start of a reply's text is read (the move is in its first line).
MAIL_MAX_REPLY_CHARS = int(os.environ.get("MAIL_MAX_REPLY_CHARS", "20000"))
# The mailbox reader sets aside bigger messages unread (quarantine).
MAIL_MAX_MESSAGE_BYTES = int(os.environ.get("MAIL_MAX_MESSAGE_BYTES", str(10 * 1024 * 1024)))
# Webhook messages that cannot be read are kept here (a Maildir) for the operator.
MAIL_QUARANTINE_DIR = os.environ.get("MAIL_QUARANTINE_DIR", str(VAR_DIR / "quarantine"))
# The board PNG in HTML emails (mail.sending.pictures); off only to save time in tests.
MAIL_BOARD_PNG = env_bool("MAIL_BOARD_PNG", True)
VACATION_DAYS_PER_YEAR = int(os.environ.get("VACATION_DAYS_PER_YEAR", "30"))
# The clock sweep runs every minute; a longer gap is an outage and pauses every clock.
CLOCK_OUTAGE_SECONDS = int(os.environ.get("CLOCK_OUTAGE_SECONDS", "300"))
# An overdue seat handed to a settling task is handed out again after this long.
TIMEOUT_CLAIM_SECONDS = int(os.environ.get("TIMEOUT_CLAIM_SECONDS", "300"))
MAX_GAMES_AWAITING = 10
# /healthz fails when a due email has waited this long unsent (no worker or beat).
HEALTH_OUTBOX_MINUTES = int(os.environ.get("HEALTH_OUTBOX_MINUTES", "10"))
# /healthz fails when no worker has written its heartbeat for this long (a worker writes
# one every 30 seconds, config/celery.py).
HEALTH_WORKER_SECONDS = int(os.environ.get("HEALTH_WORKER_SECONDS", "120"))
# A fair lobby: unstarted public games one creator may have at once, and how many days
# an unstarted game waits for its players before it expires (games.lobby).
LOBBY_MAX_OPEN_GAMES = int(os.environ.get("LOBBY_MAX_OPEN_GAMES", "3"))
LOBBY_OPEN_DAYS = int(os.environ.get("LOBBY_OPEN_DAYS", "14"))
# Invitations by email address (games.invitations), so that they cannot become a way
# to send mail to strangers in bulk: per inviter in any 24 hours, and per address
# (from anyone) in any 7 days. One per address and game; none to an address that
# asked for no more.
INVITATION_EMAILS_PER_DAY = int(os.environ.get("INVITATION_EMAILS_PER_DAY", "10"))
INVITATIONS_PER_ADDRESS_PER_WEEK = int(os.environ.get("INVITATIONS_PER_ADDRESS_PER_WEEK", "3"))

# --- Webhooks (webhooks/) ------------------------------------------------------------------
# A worker that claimed a post and died releases it after this long (longer than a
# post's connect and read timeouts together).
WEBHOOK_CLAIM_SECONDS = int(os.environ.get("WEBHOOK_CLAIM_SECONDS", "60"))
# A failed post is tried again after 1, 2, 4 ... minutes, at most an hour apart, and
# given up after this many tries.
WEBHOOK_RETRY_BASE_SECONDS = int(os.environ.get("WEBHOOK_RETRY_BASE_SECONDS", "60"))
WEBHOOK_RETRY_MAX_SECONDS = int(os.environ.get("WEBHOOK_RETRY_MAX_SECONDS", "3600"))
WEBHOOK_MAX_ATTEMPTS = int(os.environ.get("WEBHOOK_MAX_ATTEMPTS", "8"))
# This many failed posts in a row turn a hook off (its owner gets an email).
WEBHOOK_MAX_FAILURES = int(os.environ.get("WEBHOOK_MAX_FAILURES", "6"))
WEBHOOKS_PER_PLAYER = int(os.environ.get("WEBHOOKS_PER_PLAYER", "10"))

# --- Web push (push/): off until the VAPID key pair is set (`manage.py vapid_keys`) ---------
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
# Who push services may contact about our pushes: a mailto: or https: URL.
_OPERATOR_ADDRESS = SERVER_EMAIL.split("<")[-1].strip("> ")
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "") or f"mailto:{_OPERATOR_ADDRESS}"
# Subscriptions are accepted only for push services on these hosts (and their
# subdomains): the server posts to whatever endpoint a browser hands it.
PUSH_SERVICE_HOSTS = env_list(
    "PUSH_SERVICE_HOSTS",
    "fcm.googleapis.com,android.googleapis.com,push.services.mozilla.com,"
    "notify.windows.com,push.apple.com",
)
# How long a push service keeps a push for a device that is offline.
PUSH_TTL_SECONDS = int(os.environ.get("PUSH_TTL_SECONDS", str(24 * 3600)))
# A worker that claimed a push and died releases it after this long (then the sweep resends).
PUSH_CLAIM_SECONDS = int(os.environ.get("PUSH_CLAIM_SECONDS", "60"))
# Tries of one push before it is given up (waits double from a minute, up to an hour).
PUSH_MAX_ATTEMPTS = int(os.environ.get("PUSH_MAX_ATTEMPTS", "8"))
PUSH_BATCH_SIZE = int(os.environ.get("PUSH_BATCH_SIZE", "50"))
# Push tasks can be sent to their own queue (a worker with -Q <name> must consume it).
PUSH_QUEUE = os.environ.get("PUSH_QUEUE", "")
if PUSH_QUEUE:
    CELERY_TASK_ROUTES["push.tasks.*"] = {"queue": PUSH_QUEUE}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"django": {"handlers": ["console"], "level": "INFO", "propagate": False}},
}
