"""No option of any subcommand is taken and then changed without a word (s12 item 1: ``play --size 640x480``
opened an 800x600 window). Kind: an option's value changed silently. Each such value is now refused in one
line that gives the range, as ``serve``'s numbers are: ``play --size`` below the window's minimum, ``play
--name`` and ``bot --name`` longer than a seat name (cut to 32 characters) or with nothing visible (the seat's
default name instead), ``selfplay --seed`` below 0 (``random.Random`` takes the absolute value: the deals of
its positive twin) and ``selfplay --jobs`` below 1 (refused only after parsing, on stdout)."""
from __future__ import annotations

import pytest

from doublenine.cli import build_parser, main

pytestmark = pytest.mark.usefixtures("own_folders")  # a language saved by another test is not seen


@pytest.fixture(autouse=True)
def _english(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LANGUAGE", "en")


def _refusal(capsys, argv: list[str]) -> str:  # type: ignore[no-untyped-def]
    """The refusal of ``argv`` (exit 2, nothing on stdout, one line on stderr ending with where the
    command's options are told: doublenine/cli.ONE_LINE), without that ending."""
    with pytest.raises(SystemExit) as done:
        main(argv)
    out, err = capsys.readouterr()
    see = {f" ({word} doublenine {argv[0]} --help)\n" for word in ("see", "voir", "veja", "siehe", "vea")}
    ending = next((end for end in see if err.endswith(end)), "")
    assert (done.value.code, out, err.count("\n"), bool(ending)) == (2, "", 1, True), err
    return err.removesuffix(ending)


def test_the_reported_case_a_window_smaller_than_the_game_opens_is_refused(capsys) -> None:  # type: ignore[no-untyped-def]
    assert _refusal(capsys, ["play", "--size", "640x480"]) == (
        "doublenine play: error: argument --size: WIDTHxHEIGHT from 800x600 to 16384x16384, e.g. 1280x800, "
        "not '640x480'")


@pytest.mark.parametrize("size", ["799x600", "800x599", "16385x800", "1280x16385"])
def test_each_side_is_bounded_on_its_own(capsys, size: str) -> None:  # type: ignore[no-untyped-def]
    assert _refusal(capsys, ["play", "--size", size]).endswith(f"e.g. 1280x800, not '{size}'")


@pytest.mark.parametrize("size, taken", [("800x600", (800, 600)), ("16384X16384", (16384, 16384))])
def test_the_bounds_themselves_are_taken(size: str, taken: tuple[int, int]) -> None:
    assert build_parser().parse_args(["play", "--size", size]).size == taken


def test_the_size_refusal_in_french(capsys) -> None:  # type: ignore[no-untyped-def]
    assert _refusal(capsys, ["play", "--size", "640x480", "--lang", "fr"]) == (
        "doublenine play\u00a0: erreur\u00a0: argument --size\u00a0: LARGEURxHAUTEUR de 800x600 à 16384x16384, "
        "p. ex. 1280x800, pas '640x480'")


@pytest.mark.parametrize("command", [["play"], ["bot", "--server", "127.0.0.1:9", "--table", "KQ7PA"]])
@pytest.mark.parametrize("name, count", [("A" * 33, 33), ("\u200b\u200b", 0), ("Jose\u0301" + "x" * 29, 33)])
def test_a_name_that_would_be_cut_or_blanked_is_refused(capsys, command: list[str], name: str,  # type: ignore[no-untyped-def]
                                                        count: int) -> None:
    program = command[0]
    assert _refusal(capsys, [*command, "--name", name]) == (
        f"doublenine {program}: error: argument --name: a name of 1 to 32 visible characters, not {count}")


@pytest.mark.parametrize("name", ["A" * 32, "Jose\u0301" + "x" * 28, "  José  Luis "])
def test_a_name_kept_whole_is_taken_as_given(name: str) -> None:
    assert build_parser().parse_args(["play", "--name", name]).name == name
    assert build_parser().parse_args(["bot", "--server", "h:1", "--table", "KQ7PA", "--name", name]).name == name


def test_the_name_refusal_in_german(capsys) -> None:  # type: ignore[no-untyped-def]
    assert _refusal(capsys, ["play", "--lang", "de", "--name", "B" * 40]).endswith(
        "--name: ein Name mit 1 bis 32 sichtbaren Zeichen, nicht 40")


@pytest.mark.parametrize("argv, said", [
    (["--seed", "-1"], "argument --seed: -1 is out of range 0..9223372036854775807"),
    (["--jobs", "0"], "argument --jobs: 0 is out of range 1..256"),
    (["--jobs", "257"], "argument --jobs: 257 is out of range 1..256"),
])
def test_selfplay_refuses_a_seed_or_jobs_it_would_change(capsys, argv: list[str], said: str) -> None:  # type: ignore[no-untyped-def]
    assert _refusal(capsys, ["selfplay", "--matches", "2", *argv]) == f"doublenine selfplay: error: {said}"


def test_a_negative_seed_was_its_positive_twin() -> None:
    """Why ``--seed`` is refused below 0: Python seeds with the absolute value."""
    import random

    assert random.Random(-1_000_000).random() == random.Random(1_000_000).random()
