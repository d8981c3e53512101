"""Invitations by email address: a seat kept for an address (issue 36).

An address that belongs to a player invites that player, as an invitation by name
does (they answer on the site; their own email settings decide what mail they get).
Any other address gets one email (``mail.sending.guests``) whose link leads through sign-up
into the seat. Either way the seat shows the address until it is accepted, so the
inviter never learns whether the address has an account.

Against a spam cannon: at most ``INVITATION_EMAILS_PER_DAY`` addresses per inviter in
any 24 hours, ``INVITATIONS_PER_ADDRESS_PER_WEEK`` invitations to one address from
anyone, one per address and game, and none to an address that asked for no more
(``InvitationOptOut``; the same refusal whether or not it has an account).

The link's token is ``<row id>-<MAC>``: 128 bits of HMAC-SHA256 keyed by the site's
``SECRET_KEY`` over the row's game, seat, address and a random nonce kept in the
row. It cannot be guessed or made for another seat, and the database alone (without
the key) does not give it away.
"""

from __future__ import annotations

import base64
import hmac
import re
import secrets
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils import timezone
from django.utils.crypto import salted_hmac

from accounts.models import User
from games.engines import base as text
from games.errors import GameError
from games.models import EmailInvitation, Game, InvitationOptOut, Seat

TOKEN_SALT = "tripost.games.email-invitation"
_MAC_BYTES = 16
TOKEN_RE = re.compile(r"([0-9]{1,18})-([A-Za-z0-9_-]{22})", re.ASCII)


def normal(address: str) -> str:
    """How addresses are compared and kept: trimmed, lower case."""
    return address.strip().lower()


def is_address(word: str) -> bool:
    return "@" in word


def valid(address: str) -> bool:
    try:
        validate_email(address)
    except ValidationError:
        return False
    return True


def player_with(address: str) -> User | None:
    """The active player whose address this is (a verified one, or their account's)."""
    from allauth.account.models import EmailAddress

    found = (
        EmailAddress.objects.filter(email__iexact=address, verified=True, user__is_active=True)
        .select_related("user")
        .first()
    )
    if found is not None:
        return found.user
    return User.objects.filter(email__iexact=address, is_active=True).first()


def check(*, inviter: User, addresses: list[str], now=None) -> None:
    """Refuse (``GameError``) what the limits do not allow; changes nothing."""
    if not addresses:
        return
    now = now or timezone.now()
    stopped = sorted(
        InvitationOptOut.objects.filter(email__in=addresses).values_list("email", flat=True)
    )
    if stopped:
        raise GameError(
            text.gettext_lazy(
                "%(addresses)s asked for no invitations by email. If they play here, "
                "invite them by their username.",
                addresses=", ".join(stopped),
            )
        )
    limit = settings.INVITATION_EMAILS_PER_DAY
    recent = EmailInvitation.objects.filter(
        invited_by=inviter, created_at__gte=now - timedelta(days=1)
    ).count()
    if recent + len(addresses) > limit:
        raise GameError(
            text.ngettext_lazy(
                "You can invite %(n)s address by email a day; try the others tomorrow, "
                "or invite players by their username.",
                "You can invite %(n)s addresses by email a day; try the others tomorrow, "
                "or invite players by their username.",
                limit,
            )
        )
    week = now - timedelta(days=7)
    for address in addresses:
        if (
            EmailInvitation.objects.filter(email=address, created_at__gte=week).count()
            >= settings.INVITATIONS_PER_ADDRESS_PER_WEEK
        ):
            raise GameError(
                text.gettext_lazy(
                    "%(address)s has had several invitations this week already; please "
                    "try again later.",
                    address=address,
                )
            )


def keep_seat(*, game: Game, place: int, address: str, inviter: User) -> EmailInvitation:
    """The seat ``place`` of a new game kept for ``address`` (in the game's transaction)."""
    player = player_with(address)
    if player is not None and game.seats.filter(user=player).exists():
        # Already at the table (invited by name too, or the inviter's own address): the
        # address is treated as any other (its email, its link), never as a second
        # seat for one person, and the inviter learns nothing from the difference.
        player = None
    address_seat = Seat.objects.create(game=game, index=place, user=player, invited_as=address)
    invitation = EmailInvitation.objects.create(
        game=game,
        place=address_seat.index,
        email=address,
        invited_by=inviter,
        user=player,
        nonce=secrets.token_hex(16),
    )
    invitation.seat = address_seat
    return invitation


def _mac(invitation: EmailInvitation) -> bytes:
    value = (
        f"{invitation.pk}:{invitation.game_id}:{invitation.place}:"
        f"{invitation.email}:{invitation.nonce}"
    )
    return salted_hmac(TOKEN_SALT, value, algorithm="sha256").digest()[:_MAC_BYTES]


def _encoded_mac(invitation: EmailInvitation) -> str:
    return base64.urlsafe_b64encode(_mac(invitation)).decode("ascii").rstrip("=")


def token(invitation: EmailInvitation) -> str:
    return f"{invitation.pk}-{_encoded_mac(invitation)}"


def read(token_text: str) -> EmailInvitation | None:
    """The invitation a link's token names, or None (damaged, forged, withdrawn)."""
    match = TOKEN_RE.fullmatch(token_text or "")
    if match is None:
        return None
    pk, mac = match.groups()
    invitation = EmailInvitation.objects.select_related("game", "invited_by").filter(pk=pk).first()
    if invitation is None:
        return None
    # (compared as text: exactly the one spelling the site wrote)
    return invitation if hmac.compare_digest(mac, _encoded_mac(invitation)) else None


def opt_out(address: str) -> None:
    InvitationOptOut.objects.get_or_create(email=normal(address))
