"""The lessons' translation catalogues (tools/i18n.py): extraction, fuzzy updates, builds and the pseudo-language."""

from __future__ import annotations

import gettext
import importlib.util
import json
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fivehundred_tools_i18n", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module


i18n = _load()


def _lesson(tmp: Path, name: str, *cells: str) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(c) if not c.startswith("print") else nbformat.v4.new_code_cell(c) for c in cells]
    path = tmp / name
    nbformat.write(nb, path)
    return path


@pytest.fixture
def course(tmp_path: Path) -> dict[str, Path]:
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    _lesson(lessons, "01-one.ipynb", "# One\n\nThe kitty has 3 cards.\n\n- 10♦ is a card\n- J♥ too", "print('code')")
    _lesson(lessons, "02-two.ipynb", "# Two\n\nA [link](01-one.ipynb) and `code`.")
    return {"lessons": lessons, "templates": tmp_path / "locale" / "templates", "locale": tmp_path / "locale", "out": tmp_path / "build"}


def _page(path: Path) -> list[nbformat.NotebookNode]:
    """A built page's own cells: without the notes about the translation and the navigation the build adds."""
    nb = nbformat.read(path, as_version=4)
    meta = [c.metadata.get("fivehundred", {}) for c in nb.cells]
    added = ("notice", "language", "english-check", "language-back")
    return [c for c, m in zip(nb.cells, meta) if m.get("i18n") not in added and m.get("nav") is None]


def _po(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _translate(po_path: Path, english: str, text: str) -> None:
    """Fill one entry's msgstr by hand, as a translator would (fuzzy flag removed)."""
    src = _po(po_path)
    pattern = re.compile(r'(#, fuzzy\n)?((?:#.*\n)*msgctxt "[^"]*"\nmsgid "' + re.escape(english) + r'"\n)msgstr ".*"')
    assert pattern.search(src), f"no entry for {english!r} in {po_path.name}"
    po_path.write_text(pattern.sub(lambda m: m.group(2) + f'msgstr "{text}"', src, count=1), encoding="utf-8")


def test_the_committed_templates_hold_every_lesson_block() -> None:
    assert i18n.lesson_paths(), "no lessons found"
    stale = i18n.stale_templates()
    assert stale == [], f"run `python tools/i18n.py extract` (and `update`): out of date for {stale}"


def test_every_language_has_a_catalogue_per_lesson_with_the_templates_messages() -> None:
    templates = sorted(i18n.TEMPLATES.glob("*.pot"))
    assert len(templates) == len(i18n.lesson_paths()) + 1, "a template per lesson, and the guided hands' (hands.pot)"
    for lang in i18n.LANGUAGES:
        for tpl in templates:
            po = i18n.LOCALE / lang / f"{tpl.stem}.po"
            assert po.exists(), f"{lang}: no catalogue for {tpl.stem} (run `python tools/i18n.py update {lang}`)"
            want = {(m.context, m.id) for m in i18n.read_catalogue(tpl) if m.id}
            have = {(m.context, m.id) for m in i18n.read_catalogue(po, locale=lang) if m.id}
            assert have == want, f"{lang}/{tpl.stem}: catalogue and template differ (run update)"


def test_slovak_catalogues_carry_slovak_plural_forms() -> None:
    cat = i18n.read_catalogue(i18n.LOCALE / "sk" / "01-the-pack.po", locale="sk")
    assert cat.num_plurals == 3
    form = gettext.c2py(cat.plural_expr)  # the header's rule, evaluated as gettext evaluates it
    # 1 štych, 2-4 štychy, 5+ štychov (and 0 štychov, 11 štychov)
    assert [form(n) for n in (1, 2, 3, 4, 5, 0, 11, 21)] == [0, 1, 1, 1, 2, 2, 2, 2]


def test_blocks_are_cut_at_blank_lines_and_keep_fences_and_tables_whole() -> None:
    md = "# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\nx\n\ny\n```\n\nend"
    assert i18n.blocks(md) == ["# T", "| a | b |\n|---|---|\n| 1 | 2 |", "```\nx\n\ny\n```", "end"]
    assert i18n.join_blocks(i18n.blocks("a\n\nb")) == "a\n\nb"


def test_a_changed_english_block_makes_its_translation_fuzzy_and_the_build_keeps_the_english(course: dict[str, Path]) -> None:
    i18n.extract(course["lessons"], course["templates"])
    i18n.update("sk", course["templates"], course["locale"])
    po = course["locale"] / "sk" / "01-one.po"
    _translate(po, "The kitty has 3 cards.", "Talón má 3 karty.")
    _translate(po, "# One", "# Jedna")

    rep = i18n.build("sk", course["out"], course["lessons"], course["locale"])
    built = _page(course["out"] / "sk" / "01-one.ipynb")
    assert built[0].source.startswith("# Jedna\n\nTalón má 3 karty.\n\n- 10♦ is a card")
    assert built[1].source == "print('code')", "code cells are copied as they are"
    whole = nbformat.read(course["out"] / "sk" / "01-one.ipynb", as_version=4)
    codes = [c for c in whole.cells if c.cell_type == "code"]
    assert codes[0].source == 'import fivehundred.i18n\nfivehundred.i18n.use(\'sk\')', "the kernel speaks Slovak before any code runs"
    assert "remove-cell" not in codes[0].metadata.get("tags", []), "Voila drops remove-cell cells before running them"
    assert {(b["english"], b["why"]) for b in rep["blocks_left"]} >= {("- 10♦ is a card\n- J♥ too", "missing")}
    assert rep["english_left"] == rep["blocks"] - 2

    # the English changes: the old translation becomes fuzzy, is not served, and is recorded as fuzzy
    _lesson(course["lessons"], "01-one.ipynb", "# One\n\nThe kitty has three cards.\n\n- 10♦ is a card\n- J♥ too", "print('code')")
    i18n.extract(course["lessons"], course["templates"])
    i18n.update("sk", course["templates"], course["locale"])
    text = _po(po)
    assert re.search(r'#, fuzzy\n(#.*\n)*msgctxt "01-one"\nmsgid "The kitty has three cards."\nmsgstr "Talón má 3 karty."', text), text
    old = [line for line in text.splitlines() if "The kitty has 3 cards." in line]
    assert old == ['#| msgid "The kitty has 3 cards."'], "the old English stays only as the previous msgid, for the translator"
    [st] = [s for s in i18n.status("sk", course["locale"], course["templates"]) if s.lesson == "01-one"]
    assert (st.translated, st.fuzzy, st.missing) == (1, 1, 1)

    rep = i18n.build("sk", course["out"], course["lessons"], course["locale"])
    built = _page(course["out"] / "sk" / "01-one.ipynb")
    assert "The kitty has three cards." in built[0].source and "Talón" not in built[0].source
    assert {"lesson": "01-one", "cell": 0, "english": "The kitty has three cards.", "why": "fuzzy"} in rep["blocks_left"]
    saved = json.loads((course["out"] / "sk" / "untranslated.json").read_text(encoding="utf-8"))
    assert saved == rep


def test_a_block_that_leaves_the_lesson_leaves_the_catalogue(course: dict[str, Path]) -> None:
    i18n.extract(course["lessons"], course["templates"])
    i18n.update("vi", course["templates"], course["locale"])
    _lesson(course["lessons"], "02-two.ipynb", "# Two")
    i18n.extract(course["lessons"], course["templates"])
    i18n.update("vi", course["templates"], course["locale"])
    assert "A [link]" not in _po(course["locale"] / "vi" / "02-two.po")


def test_the_pseudo_language_translates_every_block_and_keeps_the_markdown_working(course: dict[str, Path]) -> None:
    i18n.extract(course["lessons"], course["templates"])
    i18n.pseudo(course["templates"], course["locale"])
    rep = i18n.build(i18n.PSEUDO, course["out"], course["lessons"], course["locale"])
    assert rep["english_left"] == 0 and rep["blocks"] == 5
    one = _page(course["out"] / i18n.PSEUDO / "01-one.ipynb")[0].source
    two = _page(course["out"] / i18n.PSEUDO / "02-two.ipynb")[0].source
    assert one.startswith("# ⟦") and "\n- ⟦10♦ ííš áá çáárd⟧\n- ⟦J♥ tóóóó⟧" in one, one
    assert "](01-one.ipynb)" in two and "`code`" in two, "link targets and code stay as they are"
    longer = [len(p) / len(e) for e, p in ((i18n.blocks(e)[0], i18n.pseudo_block(i18n.blocks(e)[0])) for e in ["The kitty has 3 cards and no more."])]
    assert longer[0] >= 1.25, "the pseudo-language is at least a quarter longer, to find layouts that break"


def test_the_real_lessons_build_in_the_pseudo_language(tmp_path: Path) -> None:
    locale = tmp_path / "locale"
    shutil.copytree(i18n.TEMPLATES, locale / "templates")
    i18n.pseudo(locale / "templates", locale)
    rep = i18n.build(i18n.PSEUDO, tmp_path / "out", i18n.LESSONS, locale)
    assert rep["blocks"] > 400 and rep["english_left"] == 0
    for path in i18n.lesson_paths():
        nbformat.validate(nbformat.read(tmp_path / "out" / i18n.PSEUDO / path.name, as_version=4))
        built = nbformat.v4.new_notebook(cells=_page(tmp_path / "out" / i18n.PSEUDO / path.name))
        src = nbformat.v4.new_notebook(cells=[c for c in nbformat.read(path, as_version=4).cells if c.metadata.get("fivehundred", {}).get("nav") is None])
        assert [c.cell_type for c in built.cells] == [c.cell_type for c in src.cells]
        # the code is the English page's, but for its _("...") calls, each now the pseudo-language's literal
        built_code = [c.source for c in built.cells if c.cell_type == "code"]
        src_code = [c.source for c in src.cells if c.cell_type == "code"]
        assert [i18n.code_strings(c) for c in built_code] == [[] for _ in built_code], f"{path.name}: a _() call left"
        assert [c for c in built_code if "⟦" not in c] == [c for c in src_code if not i18n.code_strings(c)], path.name
        # every link of the English page is still a link, to the same place
        links = re.compile(r"\]\(([^)]*)\)")
        md = lambda nb: [links.findall(c.source) for c in nb.cells if c.cell_type == "markdown"]  # noqa: E731
        assert md(built) == md(src), path.name


def test_a_built_page_has_the_picker_for_its_language_and_says_what_is_not_translated(tmp_path: Path) -> None:
    out = tmp_path / "out"
    rep = i18n.build("sk", out)
    assert rep["blocks"] > 400
    nav = i18n._nav_tools()
    for path in i18n.lesson_paths():
        built = nbformat.read(out / "sk" / path.name, as_version=4)
        [picker] = [c for c in built.cells if c.metadata.get("fivehundred", {}).get("nav") == "languages"]
        assert picker.source == nav.languages_markdown(path.name, "sk")
        assert "**Slovenčina**" in picker.source and f"[English](../{path.name})" in picker.source
        assert f"[Tiếng Việt](../vi/{path.name})" in picker.source
        src = nbformat.read(path, as_version=4)
        [english_picker] = [c for c in src.cells if c.metadata.get("fivehundred", {}).get("nav") == "languages"]
        assert f"[Slovenčina](sk/{path.name})" in english_picker.source, "the English page links to the Slovak one"
        notes = [c.source for c in built.cells if c.metadata.get("fivehundred", {}).get("i18n") == "notice"]
        left = sum(1 for b in rep["blocks_left"] if b["lesson"] == path.stem)
        if left == 0:
            assert not any(i18n.NOTICES["sk"]["none"] in n or "nepreložené časti" in n for n in notes), path.name
        elif left == len([b for c in src.cells if c.cell_type == "markdown" and c.metadata.get("fivehundred", {}).get("nav") != "languages" for b in i18n.blocks(c.source)]) + len(list(i18n.lesson_code_strings(path))):
            assert any(i18n.NOTICES["sk"]["none"] in n for n in notes), f"{path.name}: an English page must say it is not translated"
        else:
            assert any(f"nepreložené časti: {left} z " in n for n in notes), f"{path.name}: a part-translated page must say how much is English"
    welcome = nbformat.read(out / "sk" / "00-welcome.ipynb", as_version=4)
    notes = [c.source for c in welcome.cells if c.metadata.get("fivehundred", {}).get("i18n") == "notice"]
    assert any(i18n.NOTICES["sk"]["new"] in n for n in notes), "the contents page says the translation is new and how to report a mistake"
    assert "](../extras/" in "".join(c.source for c in welcome.cells if c.cell_type == "markdown"), "the appendices are one folder up"


def test_the_translated_lessons_are_translated_where_the_catalogue_says_so(tmp_path: Path) -> None:
    out = tmp_path / "out"
    i18n.build("vi", out)
    built = nbformat.read(out / "vi" / "13-winning-the-game.ipynb", as_version=4)
    text = "\n".join(c.source for c in built.cells if c.cell_type == "markdown")
    assert "# Thắng cả trận" in text and "## Cuộc đua tới 500" in text
    assert "Race to 500" not in text and "Winning the game" not in text
    assert built.metadata["title"] == "Thắng cả trận · Five Hundred"
    # the navigation is made again from the translated titles and the language's own words
    assert built.cells[0].source.startswith("[« Bài trước: Tính điểm một ván](12-scoring-a-hand.ipynb) &nbsp;|&nbsp; [Mục lục](00-welcome.ipynb)")
    sk = tmp_path / "sk"
    i18n.build("sk", tmp_path)
    welcome = nbformat.read(sk / "00-welcome.ipynb", as_version=4)
    [contents] = [c.source for c in welcome.cells if c.metadata.get("fivehundred", {}).get("nav") == "contents"]
    assert contents.startswith("## Obsah\n\n- **Lekcia 1: [Balíček](01-the-pack.ipynb)**<br>V tejto lekcii spoznáte 43 kariet")
    assert "### Príloha" in contents and "](../extras/" in contents
    for lang in i18n.LANGUAGES:
        [st] = [s for s in i18n.status(lang) if s.lesson == "13-winning-the-game"]
        assert st.translated == st.total and st.fuzzy == 0, f"{lang}: lesson 13 is fully translated"


def test_build_refuses_english_and_junk_language_codes(tmp_path: Path) -> None:
    for bad in ("en", "../x", "", "SK"):
        with pytest.raises(i18n.CatalogueError):
            i18n.build(bad, tmp_path)


def test_every_lesson_catalogue_is_complete_and_none_is_fuzzy() -> None:
    """Every block of every lesson has a translation in every language, none fuzzy; a gap is named by
    language, lesson and the English sentence (issue #28: all six languages serve every lesson)."""
    gaps = []
    templates = sorted(i18n.TEMPLATES.glob("*.pot"))
    assert len(templates) >= 20, "the lessons' templates are missing"
    for lang in i18n.LANGUAGES:
        for pot in templates:
            cat = i18n.read_catalogue(i18n.LOCALE / lang / f"{pot.stem}.po", locale=lang)
            for m in i18n.read_catalogue(pot):
                if not m.id:
                    continue
                entry = cat.get(m.id, context=m.context)
                if entry is None or not entry.string:
                    gaps.append(f"{lang} {pot.stem}: missing: {m.id[:80]!r}")
                elif entry.fuzzy:
                    gaps.append(f"{lang} {pot.stem}: fuzzy: {m.id[:80]!r}")
    assert gaps == [], "\n".join(gaps)


def test_a_translated_lesson_names_the_widgets_by_their_translated_words() -> None:
    """A lesson's text names a button or a menu in bold (**Hint**, **New hand**); on a translated page the
    widget carries its translated word, so the block must too (the browser tour found lesson 18's Slovak
    text telling the learner to press **Replay this record** beside a button that reads "Prehrať tento záznam")."""
    stale = []
    for lang in i18n.LANGUAGES:
        words = {m.id: m.string for m in i18n.read_catalogue(i18n.code_catalogue(lang), locale=lang)
                 if isinstance(m.id, str) and m.id and isinstance(m.string, str) and m.string and m.string != m.id}
        assert len(words) > 300, f"{lang}: the code catalogue looks empty"
        for po in sorted((i18n.LOCALE / lang).glob("[0-9][0-9]-*.po")):
            for m in i18n.read_catalogue(po, locale=lang):
                if isinstance(m.string, str):
                    stale += [f"{lang} {po.stem}: **{name}** (the widget says {words[name]!r})"
                              for name in re.findall(r"\*\*([^*]+)\*\*", m.string) if name in words]
    assert stale == [], "\n".join(stale)


# --- the code's catalogue (the domain fivehundred: what the engine and the widgets write) -----------------


def test_the_committed_code_template_holds_every_message_of_the_code() -> None:
    assert not i18n.code_template_stale(), "run `python tools/i18n.py extract` (and `update`): locale/fivehundred.pot is out of date"
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in i18n.read_catalogue(i18n.CODE_TEMPLATE) if m.id}
    assert {"Check", "Show the answer", "✔ Right.", "✘ Not quite.", "Pick at least one card first, then press Check.", "Undo"} <= ids


def test_check_fails_when_the_code_template_is_out_of_date(tmp_path: Path) -> None:
    for folder in i18n.CODE_DIRS:
        (tmp_path / folder).mkdir()
    code = tmp_path / "widgets" / "w.py"
    code.write_text('from fivehundred.i18n import _, ngettext, pgettext\nA = _("Check")\nB = pgettext("trick", "lead")\n', encoding="utf-8")
    template = tmp_path / "fivehundred.pot"
    assert i18n.code_template_stale(template, tmp_path), "no template yet: stale"
    i18n.extract_code(template, tmp_path)
    assert not i18n.code_template_stale(template, tmp_path)
    assert 'msgctxt "trick"\nmsgid "lead"' in _po(template)
    code.write_text(code.read_text(encoding="utf-8") + 'C = ngettext("{n} trick", "{n} tricks", 2)\n', encoding="utf-8")
    assert i18n.code_template_stale(template, tmp_path), "a new message in the code makes the template stale"


def test_every_language_has_the_whole_code_catalogue_with_the_englishs_placeholders() -> None:
    from fivehundred import i18n as runtime

    template = i18n.read_catalogue(i18n.CODE_TEMPLATE)
    assert len([m for m in template if m.id]) > 150
    for lang in i18n.LANGUAGES:
        st = i18n.code_status(lang)
        assert (st.translated, st.fuzzy) == (st.total, 0), f"{lang}: {st.missing} code messages missing, {st.fuzzy} fuzzy"
        cat = i18n.read_catalogue(i18n.code_catalogue(lang), locale=lang)
        assert "not yet reviewed by a native speaker" in (cat.last_translator or ""), f"{lang}: who drafted it is recorded"
        for m in cat:
            if not m.id:
                continue
            english = " ".join([m.id] if isinstance(m.id, str) else m.id)
            for text in [m.string] if isinstance(m.string, str) else m.string:
                extra = set(re.findall(r"\{\w*\}", text)) - set(re.findall(r"\{\w*\}", english))
                assert not extra, f"{lang}: {m.id!r} has placeholders the code does not fill: {extra}"
        assert runtime.catalogue_path(lang) == i18n.code_catalogue(lang), "the run time reads the catalogue the tool writes"


def test_a_missing_or_fuzzy_code_message_shows_the_english_and_is_recorded(tmp_path: Path) -> None:
    from fivehundred import i18n as runtime

    po = tmp_path / "sk" / "LC_MESSAGES" / "fivehundred.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
        '"Plural-Forms: nplurals=3; plural=(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2);\\n"\n\n'
        'msgid "Check"\nmsgstr "Skontrolovať"\n\n'
        '#, fuzzy\nmsgid "Undo"\nmsgstr "Späť (staré)"\n\n'
        'msgctxt "trick"\nmsgid "led"\nmsgstr "vyniesol"\n\n'
        'msgid "{n} trick"\nmsgid_plural "{n} tricks"\nmsgstr[0] "{n} štych"\nmsgstr[1] "{n} štychy"\nmsgstr[2] "{n} štychov"\n',
        encoding="utf-8",
    )
    try:
        runtime.use("sk", locale=tmp_path)
        assert runtime.gettext("Check") == "Skontrolovať"
        assert runtime.gettext("Undo") == "Undo", "a fuzzy translation is never served"
        assert runtime.gettext("Hint") == "Hint", "a missing one shows the English"
        assert runtime.pgettext("trick", "led") == "vyniesol" and runtime.pgettext("seat", "led") == "led"
        assert [runtime.ngettext("{n} trick", "{n} tricks", n).format(n=n) for n in (1, 3, 7)] == ["1 štych", "3 štychy", "7 štychov"]
        assert {(None, "Undo"), (None, "Hint"), ("seat", "led")} <= runtime.untranslated("sk")
        assert (None, "Check") not in runtime.untranslated("sk")
    finally:
        runtime.use("en")
        runtime.reload()


def test_the_pseudo_language_covers_the_code_catalogue(tmp_path: Path) -> None:
    from fivehundred import i18n as runtime

    target = i18n.pseudo_code_catalogue(i18n.CODE_TEMPLATE, tmp_path)
    assert target == tmp_path / i18n.PSEUDO / "LC_MESSAGES" / "fivehundred.po"
    try:
        runtime.use(i18n.PSEUDO, locale=tmp_path)
        assert runtime.gettext("Check").startswith("⟦") and runtime.gettext("Check").endswith("⟧")
        turn = runtime.gettext("{seat} to play…").format(seat="W")
        assert turn.startswith("⟦W ") and "{" not in turn, "placeholders survive the pseudo-language"
        assert "10♦" in runtime.gettext("Call the holder of {card}").format(card="10♦")
        assert runtime.untranslated(i18n.PSEUDO) == set()
    finally:
        runtime.use("en")
        runtime.reload()


def test_numbers_with_decimals_follow_the_language() -> None:
    from fivehundred import i18n as runtime

    try:
        assert runtime.decimal(2.5) == "2.5"
        runtime.use("sk")
        assert runtime.decimal(2.25, 2) == "2,25"
        runtime.use("tl")
        assert runtime.decimal(2.5) == "2.5"
    finally:
        runtime.use("en")


# --- the lessons' own code strings (the questions, captions and options their code cells write) -------------------

QUESTION = 'from fivehundred.i18n import _\nq = NumberAnswer(_("How many tricks must {seat} win?").format(seat=who), 7,\n    hint=_("Read the " "number."), explanation=_(f"not {this}"))'
CAPTION = 'CardRow(kitty, caption=_("The kitty: 3 cards nobody has seen"))\nprint(x._("not a message"), _(name))'


def _code_course(tmp: Path) -> dict[str, Path]:
    lessons = tmp / "lessons"
    lessons.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# One\n\nThe kitty has 3 cards."), nbformat.v4.new_code_cell(QUESTION),
                nbformat.v4.new_markdown_cell("Look:"), nbformat.v4.new_code_cell(CAPTION)]
    nbformat.write(nb, lessons / "01-one.ipynb")
    return {"lessons": lessons, "templates": tmp / "locale" / "templates", "locale": tmp / "locale", "out": tmp / "build"}


def _code_entry(po_path: Path, english: str, text: str, fuzzy: bool = False) -> None:
    cat = i18n.read_catalogue(po_path, locale="sk")
    entry = cat.get(english, context="01-one")
    assert entry is not None, english
    entry.string = text
    if fuzzy:
        entry.flags.add("fuzzy")
    else:
        entry.flags.discard("fuzzy")
    i18n._write(cat, po_path)


def test_extract_collects_the_code_cells_underscore_strings_with_the_lesson_as_context(tmp_path: Path) -> None:
    course = _code_course(tmp_path)
    i18n.extract(course["lessons"], course["templates"])
    tpl = [m for m in i18n.read_catalogue(course["templates"] / "01-one.pot") if m.id]
    assert [m.id for m in tpl] == ["# One", "The kitty has 3 cards.", "Look:", "How many tricks must {seat} win?",
                                   "Read the number.", "The kitty: 3 cards nobody has seen"]
    assert {m.context for m in tpl} == {"01-one"}
    code = [m for m in tpl if i18n.is_code_message(m)]
    assert [m.id for m in code] == [m.id for m in tpl][3:], "the markdown blocks are not code strings, the _() literals are"
    assert all(m.locations == [("01-one.ipynb#code", None)] for m in code)
    text = (course["templates"] / "01-one.pot").read_text(encoding="utf-8")
    assert "#. A string of the lesson's code cells: keep its {placeholders}.\n" in text and "#: 01-one.ipynb#code" in text
    assert "not {this}" not in text and "not a message" not in text, "f-strings, names and obj._() are not messages"


def test_a_built_page_has_the_translated_literals_in_its_code_and_keeps_the_english_where_missing(tmp_path: Path) -> None:
    course = _code_course(tmp_path)
    i18n.extract(course["lessons"], course["templates"])
    i18n.update("sk", course["templates"], course["locale"])
    po = course["locale"] / "sk" / "01-one.po"
    for english, slovak in [("# One", "# Jedna"), ("The kitty has 3 cards.", "Talón má 3 karty."), ("Look:", "Pozrite:"),
                            ("How many tricks must {seat} win?", "Koľko štychov musí {seat} získať?"),
                            ("Read the number.", "Prečítajte si „číslo“ – it's 'quoted'.")]:
        _code_entry(po, english, slovak)
    rep = i18n.build("sk", course["out"], course["lessons"], course["locale"])
    cells = _page(course["out"] / "sk" / "01-one.ipynb")
    question, caption = cells[1].source, cells[3].source
    assert question == ('from fivehundred.i18n import _\nq = NumberAnswer(\'Koľko štychov musí {seat} získať?\'.format(seat=who), 7,\n'
                        '    hint="Prečítajte si „číslo“ – it\'s \'quoted\'.", explanation=_(f"not {this}"))')
    compile(question, "cell", "exec")  # the literal is quoted correctly
    assert 'how many' not in question.lower() and '_("' not in question, "no _() left for a translated string"
    assert "{seat}" in question, "the placeholder stays for .format()"
    # the caption has no translation: the call stays (it shows the English) and is counted like a block
    assert caption == CAPTION
    assert {"lesson": "01-one", "cell": 3, "english": "The kitty: 3 cards nobody has seen", "why": "missing", "code": True} in rep["blocks_left"]
    assert (rep["blocks"], rep["english_left"]) == (6, 1)
    notes = [c.source for c in nbformat.read(course["out"] / "sk" / "01-one.ipynb", as_version=4).cells
             if c.metadata.get("fivehundred", {}).get("i18n") == "notice"]
    assert any("nepreložené časti: 1 z 6" in n for n in notes), notes
    assert not any(i18n.NOTICES["sk"]["widgets-page"] in n for n in notes), "the page's own questions are not all translated"
    # a fuzzy translation is not served either
    _code_entry(po, "The kitty: 3 cards nobody has seen", "Talón: 3 karty", fuzzy=True)
    rep = i18n.build("sk", course["out"], course["lessons"], course["locale"])
    assert _page(course["out"] / "sk" / "01-one.ipynb")[3].source == CAPTION
    assert [b["why"] for b in rep["blocks_left"]] == ["fuzzy"]
    # all translated: the page says its questions are in Slovak
    _code_entry(po, "The kitty: 3 cards nobody has seen", "Talón: 3 karty, ktoré nikto nevidel")
    rep = i18n.build("sk", course["out"], course["lessons"], course["locale"])
    built = nbformat.read(course["out"] / "sk" / "01-one.ipynb", as_version=4)
    assert rep["english_left"] == 0 and _page(course["out"] / "sk" / "01-one.ipynb")[3].source.startswith("CardRow(kitty, caption='Talón: 3 karty, ktoré")
    assert any(i18n.NOTICES["sk"]["widgets-page"] in c.source for c in built.cells if c.metadata.get("fivehundred", {}).get("i18n") == "notice")
    # the English page itself is untouched by the build
    src = nbformat.read(course["lessons"] / "01-one.ipynb", as_version=4)
    assert [c.source for c in src.cells] == ["# One\n\nThe kitty has 3 cards.", QUESTION, "Look:", CAPTION]


def test_the_pseudo_language_keeps_a_code_strings_placeholders(tmp_path: Path) -> None:
    course = _code_course(tmp_path)
    i18n.extract(course["lessons"], course["templates"])
    i18n.pseudo(course["templates"], course["locale"])
    rep = i18n.build(i18n.PSEUDO, course["out"], course["lessons"], course["locale"])
    assert rep["english_left"] == 0
    question = _page(course["out"] / i18n.PSEUDO / "01-one.ipynb")[1].source
    [literal] = re.findall(r"NumberAnswer\((.*)\.format", question)
    assert "{seat}" in literal and literal.startswith("'⟦"), literal


def test_on_the_english_page_a_code_string_is_its_english() -> None:
    from fivehundred import i18n as runtime

    runtime.use("en")
    assert runtime._("How many tricks must {seat} win?").format(seat="South") == "How many tricks must South win?"


def test_a_page_whose_code_writes_no_words_of_its_own_does_not_claim_its_questions_either_way(course: dict[str, Path]) -> None:
    i18n.extract(course["lessons"], course["templates"])
    i18n.update("sk", course["templates"], course["locale"])
    _translate(course["locale"] / "sk" / "01-one.po", "# One", "# Jedna")
    i18n.build("sk", course["out"], course["lessons"], course["locale"])
    built = nbformat.read(course["out"] / "sk" / "01-one.ipynb", as_version=4)
    [note] = [c.source for c in built.cells if c.metadata.get("fivehundred", {}).get("i18n") == "notice"]
    assert i18n.NOTICES["sk"]["widgets-none"] in note and "otázky" not in note, note


def test_a_translated_contents_page_lists_the_english_only_appendix_in_its_language_and_says_it_is_english(tmp_path: Path) -> None:
    """The appendix is English only; its entry on a translated contents page is in that language and says so
    (the browser tour found the English entry on every translated contents page)."""
    nav = i18n._nav_tools()
    extras = nav.appendices()
    assert extras, "the appendix is missing"
    for lang in i18n.LANGUAGES:
        for a in extras:
            shown = nav.appendix_in(a, lang)
            assert shown.href == a.href
            assert shown.title != a.title and shown.about != a.about, f"{lang}: {a.href} has no entry in this language"
    changed = nav.Appendix(href="extras/x.ipynb", title="X", about="A sentence nobody translated.")
    assert nav.appendix_in(changed, "sk") == changed  # a changed English sentence falls back to the English entry
    i18n.build("sk", out=tmp_path)
    welcome = (tmp_path / "sk" / "00-welcome.ipynb").read_text(encoding="utf-8")
    assert "Pod kapotou (po anglicky)](../extras/under-the-hood.ipynb)" in welcome
    assert "For the curious" not in welcome


def test_no_literal_message_hides_inside_an_f_string() -> None:
    """Babel's extractor does not look inside an f-string's expressions, so ``f"{_('Your decision.')}"`` never
    reaches the catalogue and stays English on every page (a screenshot of Vietnamese lesson 19 showed it):
    every literal passed to ``_``/``gettext``/``pgettext``/``ngettext`` inside an f-string must also be a message
    of the template (extracted from another place), or be moved out of the f-string."""
    import ast

    template = {m.id if isinstance(m.id, str) else m.id[0] for m in i18n.read_catalogue(i18n.CODE_TEMPLATE) if m.id}
    hidden = []
    files = [p for d in ("fivehundred", "widgets") for p in sorted((i18n.ROOT / d).rglob("*.py"))]
    assert len(files) > 60
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for f in (n for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)):
            for call in (n for v in f.values if isinstance(v, ast.FormattedValue) for n in ast.walk(v.value)):
                if isinstance(call, ast.Call) and getattr(call.func, "id", getattr(call.func, "attr", "")) in (
                        "_", "gettext", "pgettext", "ngettext"):
                    literals = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                    msgid = literals[1] if getattr(call.func, "id", getattr(call.func, "attr", "")) == "pgettext" and len(literals) > 1 else (literals[0] if literals else None)
                    if msgid is not None and msgid not in template:
                        hidden.append(f"{path.relative_to(i18n.ROOT)}:{call.lineno}: {msgid!r}")
    assert hidden == [], "\n".join(hidden)
