"""The central player-words module: ids become words, doubled words collapse, leaks are found."""

from nimitz.model.journal import Decision
from nimitz.views.words import decision_words, find_leaks, player_text, step_words


def test_player_text_turns_ids_into_words() -> None:
    line = "3 hit(s) on the US (bomb_runs, IS): US airfield airfield removed; 3 in JA_AF"
    out = player_text(line)
    assert "bomb runs" in out and "airfield airfield" not in out
    assert "the Japanese airfield" in out
    assert find_leaks(out) == []
    assert find_leaks(line)  # the raw line is caught


def test_counted_nouns_lose_their_brackets() -> None:
    """The engine's '3 point(s)' reads as a wargamer writes it (issue 14: player words)."""
    assert player_text("Buy 6 scouting point(s)") == "Buy 6 scouting points"
    assert player_text("Japan scores 1 hit(s)") == "Japan scores 1 hit"
    assert player_text("0 hit(s)") == "0 hits"


def test_doubled_side_collapses() -> None:
    assert player_text("US US decides") == "US decides"


def test_decisions_read_as_sentences() -> None:
    d = Decision("battle_place_ships", targets={"US:Chester/Louisville": "CO", "US:DESRON 1": "UO"})
    assert decision_words(d) == "places Chester/Louisville to Coastal; DESRON 1 to US Ocean"
    plans = Decision("battle_plans", forces=("damage_control", "anti_aircraft"), count=1)
    assert decision_words(plans) == "plays Damage Control, Anti-Aircraft"
    assert decision_words(Decision("move", forces=("US:25th",), area="GI")) == "moves 25th to GI"
    for decision in (
        d,
        plans,
        Decision("battle_allocate_hits", choice="auto"),
        Decision("battle_reactive", area="JO", choice="diving_attack"),
    ):
        assert find_leaks(decision_words(decision)) == [], decision


def test_steps_in_words() -> None:
    assert step_words("return_to_port") == "US Return to Port"
    assert step_words("battle:turn 2:bomb runs") == "battle, turn 2: bomb runs"
