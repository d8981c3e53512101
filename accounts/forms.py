from django import forms

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
