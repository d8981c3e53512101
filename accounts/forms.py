from django import forms
from django.conf import settings

from .models import User, time_zone_names


class PlayerSettingsForm(forms.ModelForm):
    time_zone = forms.ChoiceField(choices=())

    class Meta:
        model = User
        fields = ["display_name", "time_zone", "email_preference", "on_vacation"]
        widgets = {"email_preference": forms.RadioSelect}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [(name, name) for name in time_zone_names()]
        self.fields["time_zone"].help_text = User._meta.get_field("time_zone").help_text

    def vacation_summary(self) -> str:
        """ "N of M vacation days left this year" (games.clocks keeps the account)."""
        from games.clocks import vacation_left

        left = vacation_left(self.instance).total_seconds() / 86400
        total = settings.VACATION_DAYS_PER_YEAR
        shown = f"{left:.1f}".removesuffix(".0")
        return f"{shown} of {total} vacation days left this year"

    def clean_on_vacation(self) -> bool:
        from games.clocks import vacation_left

        on = self.cleaned_data["on_vacation"]
        starting = on and not User.objects.filter(pk=self.instance.pk, on_vacation=True).exists()
        if starting and vacation_left(self.instance).total_seconds() <= 0:
            raise forms.ValidationError("You have no vacation days left this year.")
        return on
