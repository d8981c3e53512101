"""Which endpoints a webhook may post to: ``https`` on public addresses only (no
server-side request forgery into the site's own network).

Checked when a hook is saved and again before every post, after resolving the name:
the post then connects to the very address that was checked (``webhooks.transport``),
so a name that resolves elsewhere between the check and the connection (DNS
rebinding) cannot lead it inside.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from django.utils.translation import gettext_lazy as _


class Refused(ValueError):
    """The endpoint is not one the site posts to; the message says why."""


# Not global, whatever the ``ipaddress`` module says of them today: shared address
# space (CGNAT), cloud metadata services, NAT64 and 6to4 (their IPv4 is checked).
BLOCKED = tuple(
    ipaddress.ip_network(n)
    for n in (
        "0.0.0.0/8",
        "100.64.0.0/10",
        "169.254.0.0/16",
        "192.0.0.0/24",
        "198.18.0.0/15",
        "240.0.0.0/4",
        "255.255.255.255/32",
        "fd00:ec2::254/128",
        "fc00::/7",
        "fe80::/10",
        "ff00::/8",
        "::/128",
        "::1/128",
        "100::/64",
        "2001:db8::/32",
    )
)
NAT64 = ipaddress.ip_network("64:ff9b::/96")

# Exact addresses the tests' local endpoint listens on: filled by the test suite only
# (never from settings or the environment), so nothing configured can widen it.
allowed_for_tests: set[str] = set()


def _embedded_v4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip.teredo is not None:
        return ip.teredo[1]
    if ip in NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    # IPv4-compatible (deprecated, ::a.b.c.d)
    if int(ip) >> 32 == 0:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def is_public(address: str) -> bool:
    """Whether ``address`` (an IP literal) is a public unicast address."""
    if address in allowed_for_tests:
        return True
    if "%" in address:  # a scoped (link-local) IPv6 address
        return False
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if ip.version == 6:
        inner = _embedded_v4(ip)
        if inner is not None and not _public_v4_or_v6(inner):
            return False
    return _public_v4_or_v6(ip)


def _public_v4_or_v6(ip) -> bool:
    if any(ip in net for net in BLOCKED if net.version == ip.version):
        return False
    return bool(
        ip.is_global
        and not ip.is_private
        and not ip.is_loopback
        and not ip.is_link_local
        and not ip.is_multicast
        and not ip.is_reserved
        and not ip.is_unspecified
    )


def resolve(host: str, port: int) -> list[str]:
    """Every address ``host`` resolves to (TCP), in the resolver's order."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    seen: list[str] = []
    for _family, _type, _proto, _name, sockaddr in infos:
        if sockaddr[0] not in seen:
            seen.append(sockaddr[0])
    return seen


def target(url: str) -> tuple[str, int, str]:
    """The host, port and path (with query) of an ``https`` URL; ``Refused`` for any other."""
    try:
        parts = urlsplit(url)
        port = parts.port or 443
    except ValueError as exc:
        raise Refused(_("This is not a web address.")) from exc
    if parts.scheme != "https":
        raise Refused(_("Only https addresses are accepted."))
    if not parts.hostname:
        raise Refused(_("This address names no server."))
    if parts.username or parts.password:
        raise Refused(_("An address with a user name or password in it is not accepted."))
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return parts.hostname, port, path


def checked_address(host: str, port: int) -> str:
    """The address to connect to for ``host``: it and every other address the name
    resolves to must be public (one private answer among public ones refuses it, as a
    rebinding name would give). ``Refused`` otherwise."""
    try:
        literal = ipaddress.ip_address(host)
    except ValueError:
        literal = None
    if literal is not None:
        addresses = [str(literal)]
    else:
        try:
            addresses = resolve(host, port)
        except (OSError, UnicodeError) as exc:
            raise Refused(_("The server's name could not be found.")) from exc
    if not addresses:
        raise Refused(_("The server's name could not be found."))
    for address in addresses:
        if not is_public(address):
            raise Refused(
                _(
                    "This address leads to a private or reserved network; "
                    "only public servers are accepted."
                )
            )
    return addresses[0]
