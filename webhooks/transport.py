"""One POST to a webhook, to the address that was checked.

The name is resolved and every answer checked (``webhooks.addresses``); urllib3 then
connects to that IP itself, with the name as the TLS server name (SNI) and the
certificate's expected host, and as the ``Host`` header. No redirect is followed, no
retry made here (the outbox retries with back-off), both timeouts are short, and at
most ``MAX_RESPONSE_BYTES`` of the answer are read.
"""

from __future__ import annotations

import ssl
from dataclasses import dataclass

import urllib3

from . import addresses

CONNECT_SECONDS = 3.0
READ_SECONDS = 5.0
MAX_RESPONSE_BYTES = 16 * 1024
USER_AGENT = "Tripost-Webhooks/1"

# The TLS context (certificates checked against the system's authorities); the tests
# put their own authority's in it.
ssl_context: ssl.SSLContext | None = None


def _context() -> ssl.SSLContext:
    global ssl_context
    if ssl_context is None:
        ssl_context = ssl.create_default_context()
    return ssl_context


@dataclass(frozen=True)
class Answer:
    status: int  # 0 when no answer came (refused, unreachable, timed out)
    error: str = ""  # why, when not a 2xx
    body: bytes = b""

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    @property
    def retry(self) -> bool:
        """Worth trying again later: no answer, a timeout, a rate limit or a server error."""
        return self.status == 0 or self.status in (408, 425, 429) or self.status >= 500


def post(url: str, body: bytes, headers: dict[str, str]) -> Answer:
    """POST ``body`` to ``url``; never raises for the endpoint's faults
    (``addresses.Refused`` comes back as an answer with status 0 and its reason)."""
    try:
        host, port, path = addresses.target(url)
        address = addresses.checked_address(host, port)
    except addresses.Refused as exc:
        return Answer(0, f"refused: {exc}")
    host_header = host if port == 443 else f"{host}:{port}"
    pool = urllib3.HTTPSConnectionPool(
        address,
        port,
        server_hostname=host,
        assert_hostname=host,
        ssl_context=_context(),
        timeout=urllib3.Timeout(connect=CONNECT_SECONDS, read=READ_SECONDS),
        retries=False,
        maxsize=1,
    )
    try:
        response = pool.urlopen(
            "POST",
            path,
            body=body,
            headers={
                **headers,
                "Host": host_header,
                "User-Agent": USER_AGENT,
                "Content-Type": "application/json",
            },
            redirect=False,
            assert_same_host=False,
            preload_content=False,
            retries=False,
        )
        try:
            data = response.read(MAX_RESPONSE_BYTES, decode_content=False)
        finally:
            response.release_conn()
            response.close()
    except urllib3.exceptions.HTTPError as exc:
        return Answer(0, f"{type(exc).__name__}"[:200])
    except OSError as exc:
        return Answer(0, f"{type(exc).__name__}"[:200])
    finally:
        pool.close()
    status = response.status
    error = "" if 200 <= status < 300 else f"HTTP {status}"
    return Answer(status, error, data)
