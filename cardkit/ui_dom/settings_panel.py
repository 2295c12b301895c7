"""The settings panel of every game's page, drawn from the game's option schema.

A game plugs in a :class:`PanelGame`: its options model
(:class:`cardkit.ui_dom.options_model.OptionsModel`: its options as rows built
from their metadata, its presets, how the form's values become rules or the
engine's reason they cannot), its display preferences
(language, level, animation, …) and its saved-preferences resolver.  The
panel (``<dialog id="settings">``) then works the same for every game, in two
groups (:func:`panel_sections`):

* the display group comes first and applies each choice at once (saved, and the
  table follows): a player who opens the settings to turn the animation down or
  switch the language finds it at the top, and Close never loses it;
* the rules group follows, with its own apply step, since new rules deal a new
  game;
* 【呼出】 loads a preset into the form (記憶 = the saved rules); it lists the
  presets of the game the form shows, each once, and an option changed by hand
  makes it name the preset the form now equals;
* 【変更】 checks the whole set with the engine — an unplayable combination is
  refused with a notice naming the options, nothing is half applied — saves
  the preferences and acts at once: rules that differ from the game on the
  table replace it, after asking when the game says one is in progress
  (Esc keeps it; the saved rules then wait for the next new game);
* the share button offers a link that reproduces what the form shows;
* when the game has a rules page (``PanelGame.explain``), a "?" beside each
  option opens it at that option's paragraph;
* Close (either button, or Esc) with rule changes not applied asks first
  (:func:`close_question`): keep editing (the safe answer: primary, focused,
  Esc), apply them now, or discard them.  Asking, not applying: a rule change
  deals a new game, which a Close must never do unasked.

The form (dozens of selects) is drawn only when the dialog opens, never on the
way to the human's first decision.  Everything reaches the page through
``textContent``/``setAttribute``.  The panel's own words are in
:mod:`cardkit.ui_dom.strings_shell`; the options' words are the game's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Generic, Protocol, TypeVar

from cardkit.i18n import LANGUAGES, Translator
from cardkit.query import without_key
from cardkit.ui_dom import browser
from cardkit.ui_dom.ask import Answer, ask, confirm_new_game
from cardkit.ui_dom.dialogs import close_dialog, is_open, toggle_dialog
from cardkit.ui_dom.landmarks import label_landmarks
from cardkit.ui_dom.nodes import by_id, el, on
from cardkit.ui_dom.notices import show_notices as _show_notices
from cardkit.ui_dom.options_model import CUSTOM as CUSTOM  # the selector's values, named
from cardkit.ui_dom.options_model import REMEMBERED as REMEMBERED  # here for the games
from cardkit.ui_dom.options_model import Choice, OptionsModel
from cardkit.ui_dom.page_prefs import read_page_prefs
from cardkit.ui_dom.page_reset import on_reset
from cardkit.ui_dom.prefs_store import ANIMS, LEVELS, PrefsStore
from cardkit.ui_dom.share import offer_link
from cardkit.ui_dom.storage import Storage, page_storage
from cardkit.ui_dom.tasks import spawn


@dataclass(frozen=True)
class DisplayRow:
    """A preference outside the rules: the prefs field ``name`` (select
    ``#set-<name>``, label ``pref.<name>``), its values labelled ``<prefix>.<value>``."""

    name: str
    prefix: str
    values: tuple[str, ...]


#: The language's select: the shell's, first among every game's display selects.
LANGUAGE_ROW = DisplayRow("language", "lang", LANGUAGES)
#: The shell's animation pace and computers' level (its words, ``anim.*`` and
#: ``level.*``), for a game that offers them (``PanelGame.display``).
ANIM_ROW = DisplayRow("anim", "anim", ANIMS)
LEVEL_ROW = DisplayRow("level", "level", LEVELS)


class RulesLike(Protocol):
    def to_text(self) -> str: ...
    def options(self) -> dict[str, str]: ...
    def option_text(self, key: str) -> str: ...
    def preset_name(self) -> str | None: ...


class PrefsLike(Protocol):
    @property
    def rules(self) -> Any: ...
    @property
    def language(self) -> str: ...


R = TypeVar("R", bound=RulesLike)
P = TypeVar("P", bound=PrefsLike)
Translate = Callable[..., str]


@dataclass(frozen=True)
class PanelGame(Generic[P, R]):
    """What a game gives the panel (all of it pure but its words' language)."""

    #: The game's translator (its ``t`` and current language).
    words: Translator
    #: The rule options' rows, the presets and the form's rules (the game's model).
    options: OptionsModel[R, Any]
    #: The game's display selects, after the language's (:data:`LANGUAGE_ROW`, the
    #: shell's, first in every game): each a field of the preferences and its choices.
    display: tuple[DisplayRow, ...]
    #: The game's preferences: its saved entry and resolver, its record (made from
    #: the rules and the display selects' values by name), its share link.
    prefs: PrefsStore[R, P]
    #: Called after every language switch (e.g. a menu drawn outside the table).
    #: (``None``, not a default function: a function's repr names its address, and
    #: the build's table of dataclass code must be the same in every interpreter.)
    on_language: Callable[[str], None] | None = None
    #: Opens the game's rules at an option's paragraph: each option's row then has a
    #: "?" button (``#set-<key>-help``) calling it with the option's key.
    explain: Callable[[str], None] | None = None
    #: ``row_shown(form, key)``: whether the rule option ``key``'s row is shown while
    #: the form's values are ``form`` (a game whose options depend on another, e.g.
    #: Durak's modes); ``None``: every row always.
    row_shown: Callable[[dict[str, str], str], bool] | None = None
    #: The rule options drawn first among the rules, before the preset selector (the
    #: game's choice among a family of games).
    lead: tuple[str, ...] = ()

    @property
    def display_rows(self) -> tuple[DisplayRow, ...]:
        """Every display select, top to bottom: the language's, then the game's."""
        return (LANGUAGE_ROW, *self.display)

    @property
    def t(self) -> Translate:
        return self.words.t

    @property
    def languages(self) -> tuple[str, ...]:
        return LANGUAGES

    def set_language(self, lang: str) -> None:
        self.words.set_language(lang)


#: ``on_apply(prefs, new_game)``: the table takes the preferences (and deals anew).
OnApply = Callable[[Any, bool], None]

#: The two groups of the dialog, in their order, by their legends' string keys.
DISPLAY_GROUP = "settings.group.display"
RULES_GROUP = "settings.group.rules"
#: The preset selector's row among the rule rows of :func:`panel_sections`.
PRESET_ROW = "preset"

#: Close's question's answers: the safe one first (it is the question's default).
KEEP_EDITING, APPLY_NOW, DISCARD = "edit", "apply", "discard"


def panel_sections(game: PanelGame[Any, Any]) -> list[tuple[str, list[str]]]:
    """The dialog's groups and their rows' names (``#set-<name>``), top to bottom:
    the display preferences first (they apply at once, and are what a player most
    often opens the settings for), then the rules: the game's choice among a family
    (:attr:`PanelGame.lead`), the preset selector, every other option in order."""
    keys = game.options.option_keys()
    lead = [k for k in keys if k in game.lead]
    return [
        (DISPLAY_GROUP, [d.name for d in game.display_rows]),
        (RULES_GROUP, [*lead, PRESET_ROW, *(k for k in keys if k not in game.lead)]),
    ]


def close_question(t: Translate) -> tuple[str, str, list[Answer], str]:
    """What Close asks when rule changes are not applied: title, text, answers and
    the safe answer (keep editing: nothing is lost, and Esc gives it)."""
    return (t("settings.pending.title"), t("settings.pending.text"),
            [Answer(KEEP_EDITING, t("settings.pending.edit")),
             Answer(APPLY_NOW, t("settings.pending.apply")),
             Answer(DISCARD, t("settings.pending.discard"))],
            KEEP_EDITING)


class SettingsPanel(Generic[P, R]):
    """The page's current preferences and the panel that changes them."""

    def __init__(self, game: PanelGame[P, R], prefs: P) -> None:
        self.game = game
        self.current = prefs
        self.on_apply: OnApply | None = None
        self.in_progress: Callable[[], bool] = lambda: False
        self.playing_rules: Callable[[], R] = game.prefs.rules.default
        self.redraws: list[Callable[[], None]] = []

    def forget(self, prefs: P) -> None:
        """As made with ``prefs``: no page's callbacks (the page starts afresh in place)."""
        self.__init__(self.game, prefs)  # type: ignore[misc]

    # ---- preferences --------------------------------------------------------------

    def load_page_prefs(self, storage: Storage | None = None) -> tuple[P, list[str]]:
        """The page's preferences from ``location.search`` and the saved settings.

        A corrupt saved entry is moved aside (``<key>.corrupt``) and reported; the
        language is switched and ``<html lang>`` set
        (:func:`cardkit.ui_dom.page_prefs.read_page_prefs`).
        """
        store = storage if storage is not None else page_storage()
        game = self.game.prefs
        prefs, notices = read_page_prefs(store, game.saved, self.game.languages,
                                         game.load_prefs, game.tr)
        self.current = prefs
        self.use_language(prefs.language)
        return prefs, notices

    def current_prefs(self) -> P:
        return self.current

    def use_language(self, lang: str) -> None:
        self.game.set_language(lang)
        browser.window().document.documentElement.setAttribute("lang", lang)
        label_landmarks(lang)
        if self.game.on_language is not None:
            self.game.on_language(lang)

    def save_prefs(self, prefs: P, storage: Storage | None = None) -> None:
        """Remember ``prefs`` (the 記憶 preset) and make them the current ones."""
        store = storage if storage is not None else page_storage()
        store.set(self.game.prefs.saved.key, self.game.prefs.to_json(prefs))
        self.current = prefs

    def save_language(self, lang: str, storage: Storage | None = None) -> P:
        """Switch the language (the menu's button or the panel), save it, redraw the
        panel and the screens registered with it; returns the current preferences.

        A ``lang=`` in the address is taken out (no reload, no history entry): it
        would otherwise win over this choice at the next reload.  The table
        redraws itself.
        """
        store = storage if storage is not None else page_storage()
        key = self.game.prefs.saved.key
        store.set(key, self.game.prefs.saved.with_language(store.get(key), lang))
        self.current = replace(self.current, language=lang)  # type: ignore[type-var]
        self.use_language(lang)
        search = browser.query()
        if without_key(search, "lang") != search:
            browser.replace_query(without_key(search, "lang"))
        self.redraw()
        return self.current

    def show_notices(self, notices: list[str]) -> None:
        """Notices at the top of the page, in the game's strings."""
        _show_notices(notices, self.game.t)

    def share_link(self) -> str:
        """The URL that reproduces the rules in force, the language and the level."""
        return self.game.prefs.share_url(str(browser.window().location.href), self.current)

    # ---- the panel ------------------------------------------------------------------

    def redraw_with_settings(self, redraw: Callable[[], None]) -> None:
        """Call ``redraw`` whenever the panel is redrawn after a language change (a
        screen above the settings registers itself: the settings import no screen)."""
        self.redraws.append(redraw)

    def redraw(self) -> None:
        if is_open("settings"):
            self.render()
        for redraw in self.redraws:
            redraw()

    def _form_options(self) -> dict[str, str]:
        return {key: str(by_id(f"set-{key}").value) for key in self.game.options.option_keys()}

    def pending(self) -> bool:
        """Whether the rules the form shows are not the rules in force (a change not
        applied yet, a form the engine refuses included); ``False`` when no form is drawn."""
        if by_id("settings-form") is None:
            return False
        return self.game.options.differs(self._form_options(), self.playing_rules())

    def _fill_form(self, form: dict[str, str]) -> None:
        """Put the form's values back after a redraw (a language switched while rule
        changes wait): they are the player's, not yet applied, never dropped unasked."""
        for key, value in form.items():
            node = by_id(f"set-{key}")
            if node is not None:
                node.value = value
        self._on_option(None)

    def _fill_rules(self, rules: R) -> None:
        """Put ``rules`` into the option selects (nothing is applied yet)."""
        for key, value in rules.options().items():
            node = by_id(f"set-{key}")
            if node is not None:
                node.value = value
        self._show_rows(self._form_options())
        self._show_presets(rules)

    def _show_presets(self, rules: R) -> None:
        """The selector lists the presets of the game ``rules`` are of (the form may
        have switched games) and names the one they equal."""
        model = self.game.options
        select = by_id("set-preset")
        select.replaceChildren(*_options(model.preset_choices(rules)))
        select.value = model.preset_of(rules)

    def _show_rows(self, form: dict[str, str]) -> None:
        """Hide the rows of the options that do not apply to what ``form`` says
        (:attr:`PanelGame.row_shown`); a hidden row's value does not count."""
        if self.game.row_shown is None:
            return
        shown = self.game.row_shown
        for key in self.game.options.option_keys():
            node = by_id(f"set-{key}")
            if node is not None:
                node.closest(".setting-row").hidden = not shown(form, key)

    def _on_option(self, _event: Any) -> None:
        """An individual option changed: the selector names the preset it now equals."""
        form = self._form_options()
        self._show_rows(form)
        model = self.game.options
        rules = model.rules_from_form(form)
        if not isinstance(rules, str):  # "podkidnoy (changed)", not a bare "(custom)"
            self._show_presets(rules)
            return
        select = by_id("set-preset")
        custom = select.querySelector(f'option[value="{CUSTOM}"]')
        if custom:
            custom.textContent = model.custom_label(None)
        select.value = CUSTOM

    def _on_preset(self, _event: Any) -> None:
        name = str(by_id("set-preset").value)
        if name == REMEMBERED:
            rules = self.game.prefs.stored_rules(page_storage().get)
            if rules is None:
                self.show_notices([self.game.t("settings.no_remembered")])
                rules = self.game.prefs.rules.default()
            self._fill_rules(rules)
            by_id("set-preset").value = REMEMBERED
            return
        preset = self.game.options.preset_rules(name)
        if preset is not None:
            self._fill_rules(preset)

    def _form_prefs(self) -> P | None:
        """The preferences the whole form shows, or ``None`` after a notice saying
        why the engine refuses its rules."""
        g = self.game
        rules = g.options.rules_from_form(self._form_options())
        if isinstance(rules, str):
            self.show_notices([g.t("notice.rules_refused", error=rules)])
            return None
        return g.prefs.make(rules=rules, **{d.name: str(by_id(f"set-{d.name}").value)
                                     for d in g.display_rows})

    def _on_apply_click(self, _event: Any) -> None:
        g = self.game
        prefs = self._form_prefs()
        if prefs is None:
            return
        before = self.current
        self.save_prefs(prefs)
        self.close()
        if prefs.language != before.language:
            self.save_language(prefs.language)
        # Compared with the game on the table, not the saved rules: after "keep
        # playing" the saved rules are already the new ones, and 【変更】 must still
        # offer them.
        new_game = g.prefs.rules_of(prefs) != self.playing_rules()
        if new_game and self.in_progress():
            spawn(self._ask_then_apply(prefs))
        elif self.on_apply is not None:
            self.on_apply(prefs, new_game)

    async def _ask_then_apply(self, prefs: P) -> None:
        """A game is in progress: a new one only if the player says so (Esc keeps it)."""
        new = await confirm_new_game(self.game.t)
        if self.on_apply is not None:
            # Keep: the game on the table keeps its rules; the level and animation
            # apply now (what the game does with the rules chosen is its own).
            self.on_apply(prefs, new)

    def _on_share(self, _event: Any) -> None:
        """Share what the form shows, 【変更】 pressed or not (a link made
        before 【変更】 must not carry the old rules); a form the engine refuses shares nothing."""
        shown = self._form_prefs()
        if shown is not None:
            href = str(browser.window().location.href)
            offer_link(self.game.prefs.share_url(href, shown), self.game.t)

    def _on_display(self, name: str) -> Callable[[Any], None]:
        """A display select's change: applied at once, the rules in the form untouched.

        Saved like 【変更】 saves (the rules saved stay as they were) and handed to the
        table as 【変更】 without a rule change would (``on_apply(prefs, False)``); a
        language redraws the dialog in it, the focus kept on its select."""

        def changed(_event: Any) -> None:
            value = str(by_id(f"set-{name}").value)
            prefs = replace(self.current, **{name: value})  # type: ignore[type-var]
            self.save_prefs(prefs)
            if name == "language":
                self.save_language(value)
            if self.on_apply is not None:
                self.on_apply(self.current, False)
            node = by_id(f"set-{name}")
            if node is not None:
                node.focus()

        return changed

    def close(self) -> None:
        """Close the dialog; the focus goes back to what opened it."""
        close_dialog("settings")

    def _on_close_request(self, event: Any = None) -> None:
        """Close, Esc: with rule changes not applied, ask first (:func:`close_question`);
        else close (the display choices are applied already)."""
        if event is not None and not event.cancelable:
            return  # the browser closes it whatever is done (a second Esc in a row)
        if not self.pending():
            if event is None:
                self.close()
            return  # Esc closes it by itself
        if event is not None:
            event.preventDefault()
        spawn(self._ask_close())

    async def _ask_close(self) -> None:
        title, text, answers, safe = close_question(self.game.t)
        choice = await ask(title, text, answers, cancel=safe)
        if choice == APPLY_NOW:
            self._on_apply_click(None)
        elif choice == DISCARD:
            self.close()

    def _toggle(self, _event: Any) -> None:
        if not is_open("settings"):
            self.render()
            # The focus starts on the dialog's first choice (the language, at the top
            # of the display group), where a keyboard reads the dialog from; the dialog
            # opens at its top (a closed dialog keeps its last scroll).
            toggle_dialog("settings", f"set-{panel_sections(self.game)[0][1][0]}")
            by_id("settings").scrollTop = 0
        else:
            self._on_close_request()

    def render(self) -> None:
        """Draw the panel from the current preferences, in the current language.

        The rule options show the rules in force (``playing_rules``), not the saved
        ones nor an address's: 【変更】 pressed at once then changes nothing, and
        the selector never names rules the table does not play."""
        panel = by_id("settings")
        if panel is None:
            return
        t, prefs = self.game.t, self.current
        # Redrawn while open (a language switched): the rule changes not applied stay.
        kept = (self._form_options() if is_open("settings") and by_id("settings-form")
                else None)
        rules = self.playing_rules()
        form = el("div", "settings-form", None, id="settings-form")
        model = self.game.options
        rows = {r.key: r for r in model.option_rows()}
        displays = {d.name: d for d in self.game.display_rows}
        values = rules.options()
        shown = self.game.row_shown
        for group, names in panel_sections(self.game):
            box = el("fieldset", "settings-group")
            box.append(el("legend", "", t(group)))
            # Each group first says when its choices apply.
            note = "settings.display_note" if group == DISPLAY_GROUP else "settings.apply_note"
            box.append(el("p", "settings-note", t(note)))
            for name in names:
                if name in displays:
                    d = displays[name]
                    choices = [Choice(v, t(f"{d.prefix}.{v}")) for v in d.values]
                    select = _select(name, choices, str(getattr(prefs, name)))
                    on(select, "change", self._on_display(name))
                    box.append(_row(t(f"pref.{name}"), select))
                elif name == PRESET_ROW:
                    preset = _select(PRESET_ROW, model.preset_choices(rules),
                                     model.preset_of(rules))
                    on(preset, "change", self._on_preset)
                    box.append(_row(t("settings.call"), preset))
                else:
                    row = rows[name]
                    # An option the rules do not hold (another mode's) shows its default.
                    select = _select(name, list(row.choices),
                                     values.get(name, row.choices[0].value))
                    on(select, "change", self._on_option)
                    node = _row(row.label, select, row.help,
                                self._explain_button(name, row.label))
                    node.hidden = shown is not None and not shown(values, name)
                    box.append(node)
            form.append(box)

        buttons = el("div", "settings-buttons")
        for node_id, key, handler, cls in (
            ("settings-apply", "settings.apply", self._on_apply_click, "btn btn-apply"),
            ("settings-share", "settings.share", self._on_share, "btn"),
            ("settings-close", "settings.close", lambda _e: self._on_close_request(), "btn"),
        ):
            button = el("button", cls, t(key), type="button", id=node_id)
            on(button, "click", handler)
            buttons.append(button)
        form.append(buttons)
        url = el("input", "settings-share-url", None, id="settings-share-url", type="text",
                 readonly=True, hidden=True)
        url.setAttribute("aria-label", t("settings.share_label"))
        form.append(url)
        form.append(el("p", "settings-share-status", "", id="settings-share-status",
                       role="status"))

        # The dialog's head stays in view while the form scrolls, with a close button.
        head = el("div", "dialog-head")
        head.append(el("h2", "settings-title", t("settings.title"), id="settings-title"))
        top = el("button", "btn", t("settings.close"), type="button", id="settings-close-top")
        on(top, "click", lambda _e: self._on_close_request())
        head.append(top)
        panel.replaceChildren(head, form)
        if kept is not None and model.differs(kept, rules):
            self._fill_form(kept)

    def _explain_button(self, key: str, label: str) -> Any:
        """The row's "?" (``None`` when the game has no rules page to open)."""
        explain = self.game.explain
        if explain is None:
            return None
        button = el("button", "btn setting-help", "?", type="button", id=f"set-{key}-help",
                    data_option=key)
        button.setAttribute("aria-label", self.game.t("settings.explain", option=label))
        on(button, "click", lambda _e: explain(key))
        return button

    def mount(
        self,
        on_apply: OnApply,
        prefs: P | None = None,
        in_progress: Callable[[], bool] = lambda: False,
        playing_rules: Callable[[], R] | None = None,
    ) -> None:
        """Wire ``#btn-settings`` to the panel (``<dialog id="settings">``).

        Cheap, so a page may do it before its readiness mark (no click on the menu
        is lost).  ``on_apply(prefs, new_game)`` is called once 【変更】 saved valid
        preferences (after asking, when ``in_progress()`` says a game would be
        thrown away); ``playing_rules()`` gives the rules of the game on the table.
        """
        self.on_apply = on_apply
        self.in_progress = in_progress
        if playing_rules is not None:
            self.playing_rules = playing_rules
        if prefs is not None:
            self.current = prefs
        button = by_id("btn-settings")
        if button is not None:
            on(button, "click", self._toggle)
        panel = by_id("settings")
        if panel is not None:
            on(panel, "cancel", self._on_close_request)  # Esc


def page_panel(game: PanelGame[P, R], fresh: Callable[[], P]) -> SettingsPanel[P, R]:
    """The page's panel for ``game``, with ``fresh()`` preferences until the page
    loads its own, and so again (no page's callbacks) when the page starts afresh
    in place (:func:`cardkit.ui_dom.page_reset.on_reset`)."""
    panel = SettingsPanel(game, fresh())
    on_reset(lambda: panel.forget(fresh()))
    return panel


def _select(name: str, choices: list[Choice], current: str) -> Any:
    node = el("select", "setting-select", None, id=f"set-{name}", name=name)
    node.append(*_options(choices))
    node.value = current
    return node


def _options(choices: list[Choice]) -> list[Any]:
    return [el("option", "", choice.label, value=choice.value, disabled=not choice.enabled)
            for choice in choices]


def _row(label: str, control: Any, help_text: str = "", extra: Any = None) -> Any:
    row = el("div", "setting-row")
    row.append(el("label", "setting-label", label, for_=control.id))
    row.append(control)
    if extra is not None:
        row.append(extra)
    if help_text:
        row.setAttribute("title", help_text)
    return row
