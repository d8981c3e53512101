#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        settings.INSTALLED_APPS  # noqa: B018 (loads the settings)
    except ImproperlyConfigured as error:
        # Django's runner would keep this to itself and fail later with "Models aren't
        # loaded yet" (e.g. makemigrations without SECRET_KEY or DEBUG=1): say why.
        sys.exit(f"manage.py: {error}")
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
