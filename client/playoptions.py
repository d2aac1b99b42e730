"""Options of ``doublenine play`` that only make sense together (:func:`check_arguments`).

Kind: options dropped without a word, or worse: ``--table`` without a server dialled an empty address
("Cannot reach a doublenine table at :80"). ``doublenine`` (doublenine/cli.py) refuses them as argparse
refuses its own mistakes; with ``--start-screen`` the table's settings fill the form in (:func:`start_form`).
"""
from __future__ import annotations

import argparse
from typing import Any

from doublenine.shared.i18n import N_

TABLE_NEEDS_SERVER = N_("--table needs the table's server: add --server ws://HOST:PORT/, or give the "
                        "invite with --join instead.")
"""Said for ``--table`` without ``--server`` (or ``--join``): it dialled an empty address ("Cannot reach ... :80")."""
NEEDS_TABLE = N_("{option} needs a table to join: add --server and --table, or give the invite with --join.")
"""Said for ``--seat`` or ``--spectate`` with no table named: a new table was made and the option dropped."""
NEEDS_AUTOPLAY = N_("{option} needs --autoplay.")
"""Said for ``--autoplay-shots`` without ``--autoplay`` (nor DOUBLENINE_AUTOPLAY=1): no pictures were saved."""
NO_EFFECT = N_("{option} has no effect with {other}: leave one of them out.")
"""Said for two options of which one silently overrode the other."""
EMPTY_VALUE = N_("{option} was given an empty value: give one, or leave the option out.")
"""Said for ``--table ""`` and the like (attacker F8: ``--spectate --table ""`` was taken as no ``--table``)."""
VALUED = {"--server": "server", "--table": "table", "--join": "join", "--name": "name",
          "--autoplay-shots": "autoplay_shots"}
"""Options taking text, by name -> attribute: an empty value is refused, never read as the option left out
(kind: empty option values; ``--join`` alone, no value at all, stays the desktop entry's menu start)."""
REFUSED_KEY = "play.options"
"""``"failure"`` of the ``--autoplay`` JSON line for options refused here (exit 2, like every refusal)."""
NEW_TABLE_OPTIONS = ("--seed", "--level", "--tracker", "--phrases-only", "--public", "--table-name")
"""Options that describe a new table (:func:`.cli.asks_new_table`): a table joined keeps its own settings."""


def _given(args: argparse.Namespace) -> dict[str, bool]:
    """Which options of ``doublenine play`` the command line gave, by option name."""
    return {"--server": bool(args.server), "--table": bool(args.table), "--join": bool(args.join),
            "--seat": args.seat is not None, "--spectate": args.spectate, "--seed": args.seed is not None,
            "--level": args.level is not None, "--tracker": args.tracker, "--phrases-only": args.phrases_only,
            "--public": args.public, "--table-name": bool(getattr(args, "table_name", "")),
            "--start-screen": args.start_screen,
            "--autoplay-shots": args.autoplay_shots is not None}


def misused_options(args: argparse.Namespace, autoplay: bool) -> tuple[str, dict[str, str]] | None:
    """The first option of ``args`` that cannot work with the others, as (message id, its values); None if all can.

    Kind: options that only make sense together. Each was dropped without a word, or worse: ``--table``
    without a server dialled an empty address. An option given an empty value is refused first (kind:
    empty option values, :data:`VALUED`). ``autoplay``: ``--autoplay`` or DOUBLENINE_AUTOPLAY=1.
    """
    for option, attribute in VALUED.items():  # before anything reads "" as "not given"
        value = getattr(args, attribute)
        if value is not None and not value.strip():
            return EMPTY_VALUE, {"option": option}
    given = _given(args)
    for option in ("--server", "--table"):  # the invite names both
        if given["--join"] and given[option]:
            return NO_EFFECT, {"option": option, "other": "--join"}
    if given["--table"] and not given["--server"] and not given["--start-screen"]:  # there: fills the form in
        return TABLE_NEEDS_SERVER, {}
    joining = "--join" if given["--join"] else "--table"
    for option in ("--seat", "--spectate"):
        if given[option] and not given[joining] and not (option == "--seat" and given["--start-screen"]):
            return NEEDS_TABLE, {"option": option}
    for option in NEW_TABLE_OPTIONS:  # a table joined keeps its own settings
        if given[option] and given[joining] and not given["--start-screen"]:  # there: they fill the form in
            return NO_EFFECT, {"option": option, "other": joining}
    if given["--spectate"] and given["--start-screen"]:  # the form has Watch, not a setting for it
        return NO_EFFECT, {"option": "--spectate", "other": "--start-screen"}
    if given["--autoplay-shots"] and not autoplay:
        return NEEDS_AUTOPLAY, {"option": "--autoplay-shots"}
    return None


def start_form(form: Any, args: argparse.Namespace) -> Any:
    """The start screen's ``form`` with the table settings and seat ``args`` gave (``--start-screen``)."""
    from dataclasses import replace

    return replace(form, seed=form.seed if args.seed is None else str(args.seed), level=args.level or form.level,
                   tracker=form.tracker or args.tracker, phrases=form.phrases or args.phrases_only,
                   public=form.public or args.public, seat=form.seat if args.seat is None else str(args.seat),
                   tname=(getattr(args, "table_name", "") or "").strip() or form.tname)


def check_arguments(args: argparse.Namespace) -> str | None:
    """The sentence refusing ``args`` (:func:`misused_options`) in the window's language, or None.

    ``doublenine`` (doublenine/cli.py) says it as argparse says its own errors: usage, the sentence, exit 2,
    before any window opens or anything is dialled or saved. With ``--autoplay`` the JSON line of a refusal
    (``"failure": "play.options"``) is printed on stdout first (attacker F8: stdout held nothing).
    """
    from .cli import quiet_pygame, window_language

    quiet_pygame()  # before autoplay, which imports pygame: no banner on stdout (--autoplay prints JSON there)
    from . import autoplay

    robot = autoplay.wanted(args.autoplay)
    problem = misused_options(args, robot)
    if problem is None:
        return None
    from . import config
    from .text import tr

    lang = window_language(args.lang, "" if robot else config.load().lang)
    if robot:  # stdout holds --autoplay's one JSON line, a refusal included (docs/packaging.md)
        import json

        print(json.dumps({"autoplay": "failed", "table": "", "failure": REFUSED_KEY,
                          "error": tr("en", problem[0], **problem[1]), "frames": 0}), flush=True)
    from doublenine.cli import Said

    return Said(tr(lang, problem[0], **problem[1]), lang)  # doublenine/cli.refuse frames it in that language
