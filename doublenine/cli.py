"""The ``doublenine`` command: one console script, one subcommand per job.

Each subcommand lives in its own light module that exposes
``add_arguments(parser)`` and ``run(args) -> int``; heavy imports (pygame,
websockets) happen inside ``run`` so ``doublenine --help`` stays fast. A module
may also expose ``check_arguments(args) -> str | None``: the sentence refusing
options that cannot work together, said like argparse's own errors (exit 2).
"""
from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys
from collections.abc import Iterator
from typing import Any, NoReturn


def N_(message: str) -> str:  # noqa: N802 - the catalogs' extraction keyword (docs/translating.md)
    """Mark ``message`` for the catalogs, as shared/i18n.N_ (not imported here: Babel would slow ``--help``)."""
    return message

#: subcommand -> (module path, one-line help, marked for the catalogs: said in the command's language)
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "play": ("doublenine.client.cli", N_("open the game window (embedded server by default)")),
    "serve": ("doublenine.server.cli", N_("run the websocket server")),
    "bot": ("doublenine.server.botcli", N_("play one seat over the network with the computer player")),
    "replay": ("doublenine.shared.handscript_cli", N_("check a hand script or match record and print the result")),
    "copy-store": ("doublenine.server.storecopy",
                   N_("copy a SQLite store into an empty PostgreSQL database (stop its server first)")),
    "results": ("doublenine.server.resultscli",
                N_("print or export the finished matches a store keeps (read-only, while its server runs too)")),
    "restored": ("doublenine.server.restorecli",
                 N_("after restoring a backup, deal anew every hand under way (before any server starts on it)")),
    "tables": ("doublenine.server.tablescli",
               N_("close a table, or take it off the server's page (the server's operator, with its key)")),
    "selfplay": ("doublenine.server.bots.selfplay", N_("play computer levels against each other, no network")),
    "desktop-install": ("doublenine.desktop", N_("open doublenine:// invites with a click (Linux desktops, no root)")),
    "desktop-uninstall": ("doublenine.desktop", N_("remove what desktop-install wrote")),
}


OPERATOR_COMMANDS = frozenset({"serve", "copy-store", "results", "restored", "tables", "selfplay", "replay", "desktop-install", "desktop-uninstall"})
"""The operators' and developers' tools: they speak English throughout (their help, argparse's words, their
refusals and lines), whatever ``--lang`` or the window's language say (s12: their help was English while
argparse's refusals followed the window's language). ``play`` and ``bot``, which sit at a table, speak the
player's language (:func:`command_language`); README "Other commands" says so."""


def installed_version() -> str:
    """The installed package's version (``importlib.metadata``, from pyproject.toml's ``version``),
    or ``"unknown"`` when run from a source tree that was never installed, followed by its build
    (:func:`build_id`) as a PEP 440 local label when one is known: ``0.1.0+g4766786abcde``.

    Operator s17 F1: two releases 67 commits apart both said ``0.1.0`` (``doublenine --version``, the
    ``serving on ... version=`` line, ``doublenine_build_info``): nothing told which process ran the
    new code. Kind: a version that names the package, not the code."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        base = version("doublenine")
    except PackageNotFoundError:
        return "unknown"
    build = build_id()
    return base if build is None else f"{base}+{build}"


_BUILD: list[str | None] = []


def build_id() -> str | None:
    """Which code this installation runs, from what pip recorded of where it came from (PEP 610
    ``direct_url.json``), read once: ``g`` and the 12-digit commit for an install from a git URL
    (``pip install 'doublenine @ git+https://...@COMMIT'``) or an editable one of a git checkout
    (``pip install -e``, run.py: its commit now, ``.dirty`` with uncommitted changes); ``sha256.`` and
    the first 12 digits of the wheel's hash for an install of a wheel file. None when pip recorded
    none of these (an index install) or git cannot say (2 s at most)."""
    if not _BUILD:
        _BUILD.append(_build_id())
    return _BUILD[0]


def _build_id() -> str | None:
    import json
    import re
    import subprocess
    from importlib.metadata import PackageNotFoundError, distribution
    from urllib.parse import unquote, urlsplit

    try:
        raw = distribution("doublenine").read_text("direct_url.json")
        where = json.loads(raw) if raw else None
    except (PackageNotFoundError, OSError, ValueError):
        return None
    if not isinstance(where, dict):
        return None
    vcs, archive, folder = where.get("vcs_info"), where.get("archive_info"), where.get("dir_info")
    if isinstance(vcs, dict) and isinstance(vcs.get("commit_id"), str) and re.fullmatch(r"[0-9a-f]{7,64}", vcs["commit_id"]):
        return f"g{vcs['commit_id'][:12]}"
    if isinstance(archive, dict):
        hashes = archive.get("hashes") if isinstance(archive.get("hashes"), dict) else {}
        digest = hashes.get("sha256") or str(archive.get("hash", "")).partition("sha256=")[2]
        return f"sha256.{digest[:12]}" if isinstance(digest, str) and re.fullmatch(r"[0-9a-f]{12,}", digest) else None
    url = where.get("url")
    if isinstance(folder, dict) and folder.get("editable") is True and isinstance(url, str) and url.startswith("file://"):
        try:
            done = subprocess.run(["git", "-C", unquote(urlsplit(url).path), "describe", "--always", "--abbrev=12",
                                   "--dirty=.dirty", "--exclude=*"], capture_output=True, text=True, timeout=2)
        except (OSError, subprocess.SubprocessError):
            return None
        described = done.stdout.strip()
        if done.returncode == 0 and re.fullmatch(r"[0-9a-f]{12,40}(\.dirty)?", described):
            return f"g{described}"
    return None


ONE_LINE = N_("{prog}: error: {message} (see {prog} --help)")
"""Every refusal of the command line, one line on stderr (README "Exit codes"): the command's name, the
sentence, and where its options are told (:class:`OneLine`, :func:`refuse`)."""


class OneLine(argparse.ArgumentParser):
    """An ArgumentParser whose refusals are one line (:data:`ONE_LINE`, exit 2), without the usage block.

    New user s12 round 2 F6: ``play --table ABCDE`` printed 8 lines of usage before its sentence, ``serve
    --port 99999`` 18, while README promises one line. Kind: a refusal buried under the usage. The
    subcommands' parsers are made by :meth:`add_subparsers` of this class, so they are one too."""

    def error(self, message: str) -> NoReturn:
        """Say ``message`` in one line (argparse's words in the language :func:`said_in` chose) and exit 2."""
        self.exit(2, argparse._(ONE_LINE).format(prog=self.prog, message=message) + "\n")  # type: ignore[attr-defined]


def build_parser() -> argparse.ArgumentParser:
    """Build the top-level parser; subcommand modules add their own options.

    ``doublenine --version`` prints ``doublenine VERSION`` (:func:`installed_version`) and exits 0.
    """
    parser = OneLine(
        prog="doublenine", description=N_("Four-player double-nine partnership dominoes over the network."),
        formatter_class=Translated)
    parser.add_argument("--version", action="version", version=f"%(prog)s {installed_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_path, help_text) in SUBCOMMANDS.items():
        try:
            module = importlib.import_module(module_path)
        except ModuleNotFoundError as exc:
            if exc.name != module_path:
                raise
            continue  # subcommand not built yet
        sp = sub.add_parser(name, help=help_text, description=help_text, formatter_class=Translated)
        module.add_arguments(sp)
        sp.set_defaults(_run=module.run, _check=getattr(module, "check_arguments", None), _parser=sp)
    return parser


ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"), N_("unrecognized arguments: %s"), N_("the following arguments are required: %s"),
    N_("not allowed with argument %s"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"), N_("one of the arguments %s is required"),
)
"""argparse's own words that ``doublenine`` and ``doublenine play`` can say (Python 3.11 argparse, which
looks them up through ``gettext`` at run time): given the catalogs' translations by :func:`said_in`."""


class Translated(argparse.HelpFormatter):
    """A help formatter that says each option's help and each description through argparse's ``_``, which
    :func:`said_in` points at the command's language (messages marked ``N_`` in the subcommand modules)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return argparse._(action.help) if action.help else action.help  # type: ignore[attr-defined]

    def _format_text(self, text: str) -> str:
        return super()._format_text(argparse._(text) if text else text)  # type: ignore[attr-defined]


def command_language(argv: list[str]) -> str:
    """The one language everything the command line says is in: English for :data:`OPERATOR_COMMANDS`;
    else ``--lang X`` among ``argv`` when X is one of ours, else for ``bot`` the system's (its lines' language,
    server/botcli.bot_language), else the language the window remembers (client.json), else the system's
    (s11 new user: after choosing French in the window, ``play --help`` and argparse's refusals were English,
    ours French)."""
    from doublenine.shared.i18n import LANGUAGES, default_language, normalize_language

    command = next((word for word in argv if not word.startswith("-")), "")
    if command in OPERATOR_COMMANDS:
        return "en"
    for i, word in enumerate(argv):
        chosen = argv[i + 1] if word == "--lang" and i + 1 < len(argv) else word.partition("=")[2] \
            if word.startswith("--lang=") else None
        if chosen in LANGUAGES:
            return chosen
    if command == "bot":
        return default_language()
    try:
        from doublenine.client import config
        remembered = config.load().lang
    except ImportError:  # a build without the client: the system's language
        remembered = ""
    return normalize_language(remembered) or default_language()


@contextlib.contextmanager
def said_in(lang: str) -> Iterator[None]:
    """argparse's words (:data:`ARGPARSE_WORDS`, usage, help, errors) in ``lang`` while inside: argparse
    calls its module's ``_`` and ``ngettext`` when it formats, so they are pointed at the catalogs and put
    back on the way out (a test or another program in this process keeps argparse's English)."""
    import argparse as module

    from doublenine.shared.i18n import translator

    t = translator(lang)
    before = module._, module.ngettext  # type: ignore[attr-defined]
    module._ = t.gettext  # type: ignore[attr-defined]
    module.ngettext = t.plain_ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        module._, module.ngettext = before  # type: ignore[attr-defined]


class Said(str):
    """A refusal sentence that knows its language (``lang``), as a command's ``check_arguments`` returns it."""

    lang: str

    def __new__(cls, text: str, lang: str) -> Said:
        """``text`` already in ``lang`` (a language code of shared/i18n)."""
        said = super().__new__(cls, text)
        said.lang = lang
        return said


def refuse(parser: argparse.ArgumentParser, message: str, lang: str) -> NoReturn:
    """Refuse the command line as :class:`OneLine` does (one line on stderr, :data:`ONE_LINE`, exit 2), its
    words ("error", "see ... --help") in ``lang``, the language ``message`` is in.

    New user s10: "doublenine play: error: --table a besoin du serveur ..." put argparse's English around a
    French sentence. Kind: one error said in two languages. argparse's own refusals (an unknown option, a
    bad value) stay English throughout: their sentences are argparse's (and our converters') English.
    """
    from doublenine.shared.i18n import translator

    parser.exit(2, translator(lang).gettext(ONE_LINE, prog=parser.prog, message=message) + "\n")


INTERRUPTED = 130
"""Exit code after Ctrl-C (128 + SIGINT), as shells report a command that SIGINT ended."""


def said_again(unraisable: Any) -> None:
    """``sys.unraisablehook``: a Ctrl-C raised where Python cannot raise it is not lost.

    A ``KeyboardInterrupt`` that lands in a callback (importlib's module-lock weakref callback,
    during an import) is only printed as "Exception ignored in ..." and the program goes on: CI
    caught a Ctrl-C 0.4 s into ``run.py play --autoplay`` whose hand then played out and ended 0
    with that traceback. Here SIGINT is raised again, so the main thread's next step raises it
    where :func:`main` says it (one line, :data:`INTERRUPTED`). Anything else goes to Python's hook.
    Raised from a short-lived thread 50 ms later: raised here, Python would run its handler at once,
    inside this hook, where the exception is swallowed again.
    """
    if issubclass(unraisable.exc_type, KeyboardInterrupt):
        import threading

        again = threading.Timer(0.05, signal.raise_signal, (signal.SIGINT,))
        again.daemon = True
        again.start()
        return
    sys.__unraisablehook__(unraisable)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; returns the process exit code.

    Ctrl-C (``KeyboardInterrupt``) at any moment, the start included, ends with one line on
    stderr and :data:`INTERRUPTED`, never a traceback: each command lets go of what it holds
    on the way out (``try``/``finally``; the server's start releases its store, lock file included).
    """
    argv = sys.argv[1:] if argv is None else argv
    args: argparse.Namespace | None = None
    sys.unraisablehook = said_again
    try:
        lang = command_language(argv)
        with said_in(lang):  # argparse's words, the options' help and our refusals in one language
            parser = build_parser()
            args, extra = parser.parse_known_args(argv)
            if extra:  # refused by the command's own parser: "doublenine play: ..." (F6: the top level's usage)
                chosen = getattr(args, "_parser", None) or parser
                chosen.error(argparse._("unrecognized arguments: %s") % " ".join(extra))  # type: ignore[attr-defined]
            if not getattr(args, "_run", None):  # no command: a refusal, its help on stderr like every error
                parser.print_help(sys.stderr)
                return 2
            problem = args._check(args) if args._check else None
        if problem:  # options that cannot work together: refused as argparse refuses its own (usage, exit 2)
            refuse(args._parser, problem, getattr(problem, "lang", lang))
        return int(args._run(args) or 0)
    except KeyboardInterrupt:
        return interrupted(argv[0] if argv and argv[0] in SUBCOMMANDS else "", getattr(args, "lang", None))
    except BrokenPipeError:
        return stdout_closed()


STDOUT_CLOSED = 141
"""The exit code of a command whose reader closed its standard output (128 + SIGPIPE, as a shell reports
``cat``'s or ``grep``'s in ``... | head``)."""


def stdout_closed() -> int:
    """The reader of standard output went away (``doublenine results | head``): end quietly, as other
    command-line tools do, with :data:`STDOUT_CLOSED`, never a traceback (attacker s14 F4: BrokenPipeError in
    resultscli.run). Kind: every command-line printer of ours goes through :func:`main`, so this is the one
    place. Standard output is pointed at the null device first, so the interpreter's last flush at exit
    does not fail again (https://docs.python.org/3/library/signal.html#note-on-sigpipe)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return STDOUT_CLOSED


def interrupted(command: str = "", lang: str | None = None) -> int:
    """Say that Ctrl-C ended ``command`` (one line on stderr, in ``lang``: the command's ``--lang``,
    else the system's language, shared/i18n.default_language; English for :data:`OPERATOR_COMMANDS`) and
    return :data:`INTERRUPTED`."""
    word = "interrupted"
    if command in OPERATOR_COMMANDS:
        lang = "en"
    try:
        from doublenine.shared.i18n import default_language, translator

        word = translator(lang or default_language()).gettext("interrupted")
    except (ImportError, OSError, ValueError):  # a catalog that cannot be read: said in English all the same
        pass
    print(f"doublenine{' ' + command if command else ''}: {word}", file=sys.stderr, flush=True)
    return INTERRUPTED
