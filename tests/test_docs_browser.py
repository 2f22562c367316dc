"""The rules reference in a real browser (DESIGN section 7).

The site is built as ``./dev docs`` builds it (``sphinx-build -W`` into
``docs/_build/html``, incrementally, so the build step of ``./dev test`` that follows has
nothing left to do), served on the loopback interface and opened in Debian's Chromium,
driven by Playwright (never a browser of Playwright's own). Checked:

- every page loads with no console error, no failed request, and every image loaded
  with alt text; every link and anchor between pages resolves;
- the search finds a rule by its id and by a word of it, and opens the rule at its anchor;
- each game's front page shows its diagrams, its plots and its provisional components;
- at 390 px no page scrolls sideways (wide tables and diagrams scroll in their own box);
- each quick reference card prints on one page;
- screenshots at 1280 and 390 px are written to ``docs/_build/screenshots`` for review.

Nothing waits for a fixed time: every wait is for a condition (the search's "finished"
message, the page scrolled to the anchor), with a generous limit for a loaded machine.
"""

from __future__ import annotations

import functools
import html.parser
import http.server
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, Request, sync_playwright

from dieproof.reference import game, game_ids
from dieproof.spec import load, spec_ids

ROOT = Path(__file__).resolve().parent.parent
HTML = ROOT / "docs" / "_build" / "html"
SHOTS = ROOT / "docs" / "_build" / "screenshots"

# Every test here uses the one site the module's fixture builds into docs/_build/html:
# under pytest-xdist (`./dev test`) they all run on one worker, so that the site is built
# once and never by two workers into the same folder at the same time.
# The first test also builds the site (the fixture): some four minutes of CPU, which on a
# loaded 2-core machine ran past the suite's 900 s limit, so this module allows more.
pytestmark = [pytest.mark.xdist_group("docs-site"), pytest.mark.timeout(2700)]

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Chromium's flags: headless, and nothing that reaches beyond this machine."""

WAIT_MS = 180_000
"""The limit on any one wait for a condition: generous, for a loaded 2-core machine."""

PHONE, DESKTOP = 390, 1280


# -- the site, a server and a browser ------------------------------------------------------------


SPHINX_CRASHED = 2
"""sphinx-build's exit status for an exception inside Sphinx (1 is a warning under -W)."""


def _build_site() -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html"]
    return subprocess.run(
        [*command, "docs", str(HTML)], cwd=ROOT, capture_output=True, text=True, check=False
    )


@pytest.fixture(scope="module")
def site() -> Path:
    """The site, built as ``./dev docs`` builds it.

    A build that Sphinx itself crashed in (an exception, not a warning) runs once more,
    incrementally: one CI run (2026-12-02) lost the search index's temporary file between
    Sphinx writing it and renaming it (``FileNotFoundError`` on
    ``searchindex.js.tmp``), with nothing of ours writing there; the same commit built
    clean everywhere else. A warning fails at once, and so does a second crash, with
    both outputs."""
    done = _build_site()
    first = ""
    if done.returncode == SPHINX_CRASHED:
        first = f"first build crashed:\n{done.stdout}\n{done.stderr}\nthen:\n"
        done = _build_site()
    assert done.returncode == 0, f"sphinx-build -W failed:\n{first}{done.stdout}\n{done.stderr}"
    return HTML


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        del format, args


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    """The site over HTTP on 127.0.0.1 (the search fetches pages, which file:// refuses)."""
    handler = functools.partial(_Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    """Debian's Chromium with a fresh profile (``./dev`` and ``.ci/run`` install it)."""
    chromium = shutil.which("chromium")
    assert chromium is not None, "Debian's chromium is not installed (./dev installs it)"
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=chromium,
            headless=True,
            args=CHROMIUM_ARGS,
            timeout=WAIT_MS,
            viewport={"width": DESKTOP, "height": 900},
        )
        context.set_default_timeout(WAIT_MS)
        context.set_default_navigation_timeout(WAIT_MS)
        try:
            yield context
        finally:
            context.close()


def pages(site: Path, *, modules: bool = True) -> list[str]:
    """Every HTML page of the site, relative to its root (``_modules`` are the highlighted
    sources behind the API's [source] links)."""
    found = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    return [p for p in found if modules or not p.startswith("_modules/")]


class Watch:
    """What went wrong while a page loaded: console errors, uncaught exceptions, failed
    requests and error responses."""

    def __init__(self, page: Page) -> None:
        self.problems: list[str] = []
        page.on(
            "console",
            lambda m: (
                self.problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None
            ),
        )
        page.on("pageerror", lambda e: self.problems.append(f"exception: {e}"))
        page.on("requestfailed", self._failed)
        page.on(
            "response",
            lambda r: self.problems.append(f"{r.status}: {r.url}") if r.status >= 400 else None,
        )

    def _failed(self, request: Request) -> None:
        # A request the browser gives up because the test moved on to the next page
        # (the favicon, fetched after the load event, on a loaded machine) is not a
        # fault of the page: a missing file answers 404 (see "response" above), and
        # everything the load event waits for has arrived before the next goto.
        if request.failure != "net::ERR_ABORTED":
            self.problems.append(f"failed: {request.url} ({request.failure})")

    def take(self) -> list[str]:
        found, self.problems = self.problems, []
        return found


# -- every page loads, every link resolves -------------------------------------------------------


def test_every_page_loads_without_errors_and_every_image_has_alt_text(
    site: Path, server: str, browser: BrowserContext
) -> None:
    page = browser.new_page()
    watch = Watch(page)
    problems: list[str] = []
    images = 0
    for name in pages(site):
        page.goto(server + name, wait_until="load")
        problems += [f"{name}: {p}" for p in watch.take()]
        for alt, loaded, source in page.eval_on_selector_all(
            "article img",
            "els => els.map(e => [e.getAttribute('alt'), e.complete && e.naturalWidth > 0,"
            " e.getAttribute('src')])",
        ):
            images += 1
            if not (alt or "").strip():
                problems.append(f"{name}: image {source} has no alt text")
            if not loaded:
                problems.append(f"{name}: image {source} did not load")
    page.close()
    assert not problems, "\n".join(problems)
    assert images >= 5 * len(game_ids())  # diagrams and plots are there, as images


class _Links(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(str(values["id"]))
        if tag == "a" and values.get("name"):
            self.ids.add(str(values["name"]))
        if tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))


def test_no_broken_link_or_anchor(site: Path) -> None:
    parsed: dict[str, _Links] = {}
    for name in pages(site):
        parser = _Links()
        parser.feed((site / name).read_text(encoding="utf-8"))
        parsed[name] = parser
    broken: list[str] = []
    checked = 0
    for name, parser in parsed.items():
        for link in parser.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:")):
                continue
            target = urlsplit(urljoin(name, parts.path)).path if parts.path else name
            target = unquote(target)
            if target.endswith("/"):
                target += "index.html"
            checked += 1
            if not (site / target).is_file():
                broken.append(f"{name}: {link} (no file {target})")
                continue
            fragment = unquote(parts.fragment)
            if fragment and target.endswith(".html"):
                ids = parsed[target].ids if target in parsed else set()
                if fragment not in ids:
                    broken.append(f"{name}: {link} (no #{fragment} in {target})")
    assert not broken, "\n".join(broken[:50])
    assert checked > 1000


# -- search lands on the rule ----------------------------------------------------------------------


def search(page: Page, server: str, query: str) -> list[str]:
    """The result links of a search, best first, once the search has finished."""
    page.goto(f"{server}search.html?q={query}", wait_until="load")
    page.wait_for_function(
        "() => { const s = document.querySelector('#search-results .search-summary');"
        " return s !== null && s.textContent.trim().length > 0; }"
    )
    links: list[str] = page.eval_on_selector_all(
        "#search-results ul.search li > a", "els => els.map(e => e.getAttribute('href'))"
    )
    return links


def open_first(page: Page, anchor: str) -> None:
    """Follow the first search result; wait until the page shows the anchored element."""
    page.click("#search-results ul.search li > a >> nth=0")
    page.wait_for_function(
        "(id) => { const e = document.getElementById(id); if (e === null) return false;"
        " const top = e.getBoundingClientRect().top;"
        " return location.hash === '#' + id && top >= 0 && top < window.innerHeight; }",
        arg=anchor,
    )


def _queries() -> list[tuple[str, str]]:
    """(query, the anchor it must open): each game's first and last rule by id, and the
    rules a player looks for by a word."""
    found = []
    for game_id in spec_ids():
        rules = load(game_id).rules
        found += [(rules[0].id, rules[0].id.lower()), (rules[-1].id, rules[-1].id.lower())]
    found += [
        ("bomb", "sod-special-1"),
        ("six dice", "ud-combat-6"),
        ("trap", "ud-enemy-2"),
        ("confused cat", "sod-special-5"),
    ]
    return found


@pytest.mark.parametrize(("query", "anchor"), _queries())
def test_search_opens_the_rule_at_its_anchor(
    server: str, browser: BrowserContext, query: str, anchor: str
) -> None:
    page = browser.new_page()
    watch = Watch(page)
    links = search(page, server, query)
    assert links, f"no result for {query!r}"
    assert links[0].endswith(f"#{anchor}"), f"{query!r}: first results {links[:3]}"
    open_first(page, anchor)
    assert watch.take() == []
    page.close()


def test_the_api_does_not_drown_the_rules(server: str, browser: BrowserContext) -> None:
    """A word that names code too ("draw", a function and a rule) finds the rules first."""
    page = browser.new_page()
    links = search(page, server, "draw")
    page.close()
    first = links[:3]
    assert all("/generated/" in link or link.startswith("generated/") for link in first), first


# -- what a game's page shows ----------------------------------------------------------------


@pytest.mark.parametrize("game_id", game_ids())
def test_each_game_page_shows_its_diagrams_plots_and_provisional_components(
    server: str, browser: BrowserContext, game_id: str
) -> None:
    page = browser.new_page()
    page.goto(f"{server}generated/{game_id}/index.html", wait_until="load")
    sources = page.eval_on_selector_all(
        "article figure img", "els => els.map(e => e.getAttribute('src'))"
    )
    for name in ("machine-phases", "sim-length", "sim-wins", "sim-endings"):
        assert any(s.endswith(f"{game_id}-{name}.svg") for s in sources), (name, sources)
    assert any(f"{game_id}-machine-phase-" in s for s in sources), sources
    text = page.inner_text("article")
    g = game(game_id)
    for component in g.provisional(g.default_config()):
        assert component.name in text
    if g.provisional(g.default_config()):
        assert page.locator(".admonition.provisional").count() == 1
    page.close()


@pytest.mark.parametrize(
    ("game_id", "game_title", "rule_title", "anchor"),
    [
        ("squirrel-or-die", "Squirrel or Die", "The Bomb", "sod-special-1"),
        ("until-daylight", "Until Daylight", "The six-dice rule", "ud-combat-6"),
    ],
)
def test_a_player_reaches_a_rule_from_the_front_page_in_two_clicks(
    server: str,
    browser: BrowserContext,
    game_id: str,
    game_title: str,
    rule_title: str,
    anchor: str,
) -> None:
    page = browser.new_page()
    page.goto(server + "index.html", wait_until="load")
    page.locator("article").get_by_role("link", name=game_title, exact=True).first.click()
    page.wait_for_url(re.compile(rf"generated/{game_id}/index\.html$"))
    page.locator("article").get_by_role("link", name=rule_title, exact=True).first.click()
    page.wait_for_function(
        "(id) => { const e = document.getElementById(id); if (e === null) return false;"
        " const top = e.getBoundingClientRect().top;"
        " return location.hash === '#' + id && top >= 0 && top < window.innerHeight; }",
        arg=anchor,
    )
    shown = page.evaluate(
        "(id) => document.getElementById(id).closest('section').innerText", anchor
    )
    assert rule_title in shown
    page.close()


# -- phone, print, screenshots ----------------------------------------------------------------


def test_no_page_scrolls_sideways_on_a_phone(
    site: Path, server: str, browser: BrowserContext
) -> None:
    page = browser.new_page()
    page.set_viewport_size({"width": PHONE, "height": 844})
    wide: list[str] = []
    for name in pages(site, modules=False):
        page.goto(server + name, wait_until="load")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE:
            wide.append(f"{name}: {width} px")
    page.close()
    assert not wide, "\n".join(wide)


@pytest.mark.parametrize("game_id", spec_ids())
def test_the_quick_reference_prints_on_one_page(
    server: str, browser: BrowserContext, game_id: str
) -> None:
    page = browser.new_page()
    page.goto(f"{server}generated/{game_id}/card.html", wait_until="load")
    pdf = page.pdf(format="A4")
    page.close()
    sheets = len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))
    assert sheets == 1, f"{game_id}'s quick reference prints on {sheets} pages"


def test_screenshots_for_review(site: Path, server: str, browser: BrowserContext) -> None:
    """Screenshots of the front page and each game's pages at both widths, for a person to
    look at (docs/_build/screenshots)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    chosen = ["index.html"]
    for game_id in spec_ids():
        folder = f"generated/{game_id}"
        first_topic = sorted((site / folder).glob("rules-*.html"))[0].name
        chosen += [f"{folder}/{p}" for p in ("index.html", first_topic, "card.html")]
        chosen.append(f"{folder}/engineering.html")
    written = []
    for width in (DESKTOP, PHONE):
        page = browser.new_page()
        page.set_viewport_size({"width": width, "height": 900})
        for name in chosen:
            page.goto(server + name, wait_until="load")
            out = SHOTS / f"{name.replace('/', '_').removesuffix('.html')}-{width}.png"
            page.screenshot(path=str(out), full_page=name.endswith("card.html"))
            written.append(out)
        page.close()
    assert all(p.stat().st_size > 5_000 for p in written)
