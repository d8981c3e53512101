"""The engines' common parsing core (``base.match_legal``, ``base.among``) and its typed
errors: unknown text, an action not legal now, and text naming several actions."""

from __future__ import annotations

import pickle

import pytest

from games.engines.base import (
    AmbiguousAction,
    IllegalAction,
    IllegalNow,
    Text,
    UnknownAction,
    among,
    match_legal,
)

# A toy notation with an abbreviation: "go" names every "go <n>" of the position.
LEGAL = ["go 1", "go 2", "stay"]


def spell(text: str) -> list[str]:
    words = text.lower().split()
    if words == ["stay"]:
        return ["stay"]
    if words == ["go"]:
        return [f"go {n}" for n in range(1, 4)]
    if len(words) == 2 and words[0] == "go" and words[1].isdigit():
        return [f"go {words[1]}"]
    raise UnknownAction(Text("%(text)s is not an action", {"text": repr(text)}))


def parse(text: str, legal=LEGAL) -> str:
    return match_legal(text, legal, spell, lambda spelled: f"{spelled} cannot be played now")


def test_the_canonical_spelling_and_its_variants_name_the_action():
    assert parse("go 1") == "go 1"
    assert parse("  GO   2 ") == "go 2"
    assert parse("Stay") == "stay"


def test_an_abbreviation_naming_one_legal_action_names_it():
    assert parse("go", legal=["go 3", "stay"]) == "go 3"


def test_an_abbreviation_naming_several_legal_actions_is_ambiguous_with_its_candidates():
    with pytest.raises(AmbiguousAction) as refused:
        parse(" go ")
    assert refused.value.candidates == ("go 1", "go 2")
    assert "'go' could be more than one action (go 1, go 2)" in str(refused.value)
    assert isinstance(refused.value.text, Text)  # translatable
    again = pickle.loads(pickle.dumps(refused.value))  # as a task's error travels
    assert again.candidates == ("go 1", "go 2") and str(again) == str(refused.value)


def test_text_that_is_not_notation_is_unknown_and_a_legal_spelling_not_now_is_illegal_now():
    with pytest.raises(UnknownAction, match="'fly' is not an action"):
        parse("fly")
    with pytest.raises(UnknownAction):
        parse(None)
    with pytest.raises(IllegalNow, match="go 7 cannot be played now"):
        parse("go 7")
    with pytest.raises(IllegalNow):
        parse("go", legal=["stay"])


def test_every_typed_error_is_an_illegal_action_and_a_value_error():
    for error in (UnknownAction, IllegalNow, AmbiguousAction):
        assert issubclass(error, IllegalAction) and issubclass(error, ValueError)


def test_a_plain_list_is_parsed_in_any_case_unless_two_actions_differ_only_in_case():
    parse_listed = among(["p I8", "p i8", "p M1"])
    assert parse_listed("P m1") == "p M1"
    assert parse_listed("p  i8") == "p i8"  # the exact spelling names one
    with pytest.raises(AmbiguousAction) as refused:
        parse_listed("P I8")
    assert set(refused.value.candidates) == {"p I8", "p i8"}
    with pytest.raises(UnknownAction):
        parse_listed("p X1")
