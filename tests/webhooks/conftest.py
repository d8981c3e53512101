import json
import ssl
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import trustme

from tests.mail_fixtures import _mail_settings, alice, bob, carol, mallory, queued  # noqa: F401
from webhooks import addresses, outbox, tasks, transport

HOST = "hooks.example"


class Endpoint:
    """A local https server playing a webhook's receiver: records each request and
    answers with the next of ``statuses`` (200 when none is left)."""

    def __init__(self, port: int):
        self.port = port
        self.url = f"https://{HOST}:{port}/in"
        self.requests: list[dict] = []
        self.statuses: list[int] = []
        self.extra_headers: dict[str, str] = {}
        self.answer_body = b"ok"

    def bodies(self) -> list:
        return [json.loads(r["body"]) for r in self.requests]


@pytest.fixture
def endpoint(monkeypatch):
    ca = trustme.CA()
    server_context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert(HOST).configure_cert(server_context)
    state: dict = {}

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length)
            point = state["endpoint"]
            point.requests.append(
                {"path": self.path, "headers": dict(self.headers.items()), "body": body}
            )
            status = point.statuses.pop(0) if point.statuses else 200
            self.send_response(status)
            for name, value in point.extra_headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(point.answer_body)))
            self.end_headers()
            self.wfile.write(point.answer_body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.socket = server_context.wrap_socket(server.socket, server_side=True)
    point = Endpoint(server.server_address[1])
    state["endpoint"] = point
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    client_context = ssl.create_default_context()
    ca.configure_trust(client_context)
    monkeypatch.setattr(transport, "ssl_context", client_context)
    # The test's name resolves to the local server, whose one address the tests allow
    # (``addresses.allowed_for_tests``: never settable outside the test suite).
    real_resolve = addresses.resolve
    point.resolved = []

    def resolve(host, port):
        point.resolved.append(host)
        if host == HOST:
            return ["127.0.0.1"]
        return real_resolve(host, port)

    monkeypatch.setattr(addresses, "resolve", resolve)
    monkeypatch.setattr(addresses, "allowed_for_tests", {"127.0.0.1"})
    yield point
    server.shutdown()
    server.server_close()


@pytest.fixture(autouse=True)
def webhook_queue(monkeypatch):
    """Deliveries queued after commit are recorded (tests run the task themselves)."""
    queued_ids: list[int] = []
    monkeypatch.setattr(outbox, "enqueue", queued_ids.append)
    monkeypatch.setattr(tasks.deliver, "delay", queued_ids.append)
    return queued_ids
