"""The static files' storages, each answering ``{% static %}`` from what it answered
before: the path of a name never changes while the process runs (the manifest of
hashed names is read once), and building it again is work repeated several times on
every game page. A changed setting (tests) makes Django build a new storage, and
with it a new memory."""

from __future__ import annotations

from django.contrib.staticfiles.storage import StaticFilesStorage
from whitenoise.storage import CompressedManifestStaticFilesStorage

KEPT = 4096  # names (a site has a few dozen; a bound all the same)


def _kept(storage, key, make):
    urls = storage.__dict__.setdefault("_kept_urls", {})
    found = urls.get(key)
    if found is None:
        found = make()
        if len(urls) < KEPT:
            urls[key] = found
    return found


class ManifestStorage(CompressedManifestStaticFilesStorage):
    """Hashed, compressed names (production)."""

    def url(self, name, force=False):
        return _kept(self, (name, force), lambda: super(ManifestStorage, self).url(name, force))


class PlainStorage(StaticFilesStorage):
    """Names as they are (development, tests)."""

    def url(self, name):
        return _kept(self, name, lambda: super(PlainStorage, self).url(name))
