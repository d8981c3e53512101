"""The finder the German page and email tests rely on (tests/i18n/english.py)."""

from tests.i18n.english import english_left


def test_it_finds_an_english_sentence_in_text_attributes_and_svg_labels():
    assert english_left("<p>Your turn</p>")
    assert english_left('<img alt="The board">')
    assert english_left('<button aria-label="Show the rules">x</button>')
    assert english_left('<svg><text x="1">Draw pile</text></svg>')
    assert english_left('<input type="submit" value="Save">')
    assert english_left("Dein Zug\nYou have 2 days left")


def test_german_names_and_notation_pass():
    assert english_left("<p>Du bist am Zug: Triad #9, Zug <code>a1-b2 and more</code></p>") == []
    assert english_left("<script>if (the) {}</script><p>Einstellungen speichern</p>") == []
    assert english_left("<p>Will spielt</p>", allowed=frozenset({"will"})) == []
