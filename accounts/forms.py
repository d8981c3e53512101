import json

from django import forms
from django.conf import settings
from django.template.defaultfilters import floatformat
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import clocks

from . import languages, names, time_zones
from .models import User
from .when import when


def time_zone_field(**kwargs) -> forms.ChoiceField:
    """A select of real zones grouped by region; static/js/time-zone.js preselects the
    browser's zone (``data-browser-zone``) where the form asks for it."""
    return forms.ChoiceField(
        choices=time_zones.grouped(),
        initial=time_zones.DEFAULT,
        label=_("Time zone"),
        help_text=User._meta.get_field("time_zone").help_text,
        **kwargs,
    )


def ask_the_browser(field: forms.Field, note: str = "") -> None:
    field.widget.attrs.update(
        {
            "data-browser-zone": "",
            "data-aliases": json.dumps(time_zones.aliases()),
            "data-browser-note": note,
        }
    )


class SignupExtraForm(forms.Form):
    """What allauth's sign-up form asks besides its own fields (ACCOUNT_SIGNUP_FORM_CLASS)."""

    time_zone = time_zone_field(required=False)  # UTC when not sent

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = time_zones.grouped()  # in the reader's language
        if not self.is_bound:
            ask_the_browser(self.fields["time_zone"])

    def signup(self, request, user) -> None:
        user.time_zone = self.cleaned_data.get("time_zone") or time_zones.DEFAULT
        user.language = languages.at_signup(request)
        user.save(update_fields=["time_zone", "language"])


HOURS = [(h, f"{h:02d}:00") for h in range(24)]


class PlayerSettingsForm(forms.ModelForm):
    language = forms.ChoiceField(
        choices=languages.choices,
        required=False,  # absent: kept as it is; blank: the browser's
        label=_("Language"),
        help_text=_(
            "Pages and emails in this language. With your browser's language, pages "
            "follow your browser and emails come in English."
        ),
    )
    time_zone = time_zone_field()
    digest_hour = forms.TypedChoiceField(
        choices=HOURS,
        coerce=int,
        empty_value=None,
        required=False,  # absent: kept as it is
        label=_("Daily digest at"),
        help_text=_("In your time zone; on a day when no game waits for you, no digest comes."),
    )
    night_start_hour = forms.TypedChoiceField(
        choices=[("", _("no night hours")), *HOURS],
        coerce=int,
        empty_value=None,
        required=False,
        label=_("Night hours from"),
    )
    night_end_hour = forms.TypedChoiceField(
        choices=[("", _("no night hours")), *HOURS],
        coerce=int,
        empty_value=None,
        required=False,
        label=_("to"),
        help_text=_(
            "In your time zone, at most 10 hours: a deadline that would fall in your "
            "night moves to its end."
        ),
    )

    class Meta:
        model = User
        fields = [
            "display_name",
            "language",
            "time_zone",
            "email_preference",
            "digest_hour",
            "night_start_hour",
            "night_end_hour",
            "on_vacation",
            "auto_vacation",
        ]
        widgets = {"email_preference": forms.RadioSelect}
        labels = {
            "display_name": _("Display name"),
            "email_preference": _("Turn emails"),
            "on_vacation": _("I am on vacation"),
            "auto_vacation": _("Automatic vacation"),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["time_zone"]
        field.choices = time_zones.grouped(current=self.instance.time_zone)
        # Never chosen (still the default): offer the browser's zone, to be saved.
        if not self.is_bound and self.instance.time_zone == time_zones.DEFAULT:
            ask_the_browser(field, gettext("Your browser's time zone is chosen: save to keep it."))

    def clean_display_name(self) -> str:
        """Normalised, in one script, and unlike any other player's name."""
        return names.clean(self.cleaned_data["display_name"], user_pk=self.instance.pk)

    def vacation_summary(self) -> str:
        """ "N of M vacation days left this year" (games.clocks keeps the account)."""
        left = clocks.vacation_left(self.instance).total_seconds() / 86400
        total = settings.VACATION_DAYS_PER_YEAR
        # "2.5" / "2,5", and "3" for whole days
        shown = floatformat(round(left, 1), -1)
        return gettext("%(left)s of %(total)s vacation days left this year") % {
            "left": shown,
            "total": total,
        }

    def clean_language(self) -> str:
        if "language" not in self.data:
            return self.instance.language
        return self.cleaned_data["language"]

    def clean_digest_hour(self) -> int:
        hour = self.cleaned_data.get("digest_hour")
        return self.instance.digest_hour if hour is None else hour

    def clean(self):
        cleaned = super().clean()
        try:
            clocks.validate_night(cleaned.get("night_start_hour"), cleaned.get("night_end_hour"))
        except ValueError as exc:
            self.add_error("night_end_hour", str(exc))
        return cleaned

    def automatic_vacation_summary(self) -> str:
        """What an automatic vacation going on has spent, in a sentence (or "")."""
        user = User.objects.get(pk=self.instance.pk)
        if not (user.on_vacation and user.vacation_automatic):
            return ""
        day = clocks.vacation_days_spent(user, timezone.now())
        return gettext(
            "Your time ran out, so your automatic vacation has been on since %(since)s; "
            "today is its day %(day)s. Move in the games whose time ran out to end it."
        ) % {"since": when(user.vacation_started_at), "day": day}

    def clean_on_vacation(self) -> bool:
        on = self.cleaned_data["on_vacation"]
        starting = on and not User.objects.filter(pk=self.instance.pk, on_vacation=True).exists()
        if starting and clocks.vacation_left(self.instance).total_seconds() <= 0:
            raise forms.ValidationError(_("You have no vacation days left this year."))
        return on
