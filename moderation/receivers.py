"""What moderation records of what happened elsewhere (``games.signals``)."""

from django.dispatch import receiver

from games.signals import deadlines_extended
from moderation.models import AuditLog


@receiver(deadlines_extended, dispatch_uid="moderation.outage_extend")
def record_outage_extend(*, gap, seats: int, reason: str, **kwargs) -> None:
    """The clock sweep's own action (no actor): every running deadline moved by an
    outage's gap, in the audit log beside the moderators' actions."""
    AuditLog.objects.create(
        action="outage_extend",
        reason=reason,
        details={"gap_seconds": int(gap.total_seconds()), "seats": seats},
    )
