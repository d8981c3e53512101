"""A push service on 127.0.0.1 for tests and the benchmark: it takes pushes as FCM or
Mozilla's autopush would (a POST to the subscription's endpoint), keeps what came,
and answers what it is told to; ``Browser`` plays a subscribed browser that decrypts
what it was sent (RFC 8291) with its own keys."""

from __future__ import annotations

import base64
import json
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


@dataclass
class Browser:
    """A subscription's keys, as a browser keeps them."""

    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def p256dh(self) -> str:
        return b64url(
            self.key.public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
        )

    @property
    def auth_b64(self) -> str:
        return b64url(self.auth)

    def decrypt(self, body: bytes) -> dict:
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


@dataclass
class Received:
    path: str
    headers: dict
    body: bytes


class FakePushService:
    """``answers``: per endpoint path, the statuses to answer in turn (then 201);
    ``on_request``: called with each request before it is answered."""

    def __init__(self):
        self.received: list[Received] = []
        self.answers: dict[str, list[int]] = {}
        self.on_request = None
        self.lock = threading.Lock()
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                with service.lock:
                    headers = {k.lower(): v for k, v in self.headers.items()}
                    service.received.append(Received(self.path, headers, body))
                    queue = service.answers.get(self.path) or []
                    status = queue.pop(0) if queue else 201
                if service.on_request is not None:
                    service.on_request(self.path)
                self.send_response(status)
                if status == 429:
                    self.send_header("Retry-After", "600")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def origin(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def endpoint(self, name: str) -> str:
        return f"{self.origin}/push/{name}"

    def to(self, name: str) -> list[Received]:
        return [r for r in self.received if r.path == f"/push/{name}"]

    def __enter__(self) -> FakePushService:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()


if __name__ == "__main__":  # a push service of its own process (benchmarks/push.py)
    import sys

    with FakePushService() as service:
        print(service.origin, flush=True)
        sys.stdin.read()  # until the parent closes our stdin
