// The loading bar: from the first paint until the table is ready, what
// is loading and how many bytes are left, in the page's language; then it goes and
// the table takes its place.
//
// The build writes SIZES: each file the first screen needs (the runtime, the
// standard library, the snapshot, the wheel, PyScript's entry) and its size in
// bytes. A file counts as loaded once the browser lists it in its Resource Timing
// entries (whether it came over the network, from the HTTP cache or from the
// service worker); the snapshot and the compressed runtime also while they arrive
// (./runtime.mjs counts their bytes in globalThis.napoleonLoading; the runtime only
// when the page downloads it itself, not through its service worker), and the
// snapshot leaves the total if runtime.mjs lets it go on a slow link. A native <progress> with a name and a text value
// (aria-valuetext) is what a screen reader hears; it is updated twice a second,
// with no endless CSS animation (docs/benchmarks.md: one made the compositor draw
// every frame while the runtime compiles).
//
// A download the first screen needs that fails (the network gone, a server's error)
// would leave the bar where it stopped and the page looking as if it loads on:
// the status says it failed instead, and the box offers to load the page again
// (the bar gone, the static page's buttons disabled: nothing of them would act).
// Watched until the table is ready: the page's fetches of this site's files (so
// this script runs before ./runtime.mjs, which fetches the first of them), except
// the snapshot's (without it Python starts as it always did) and a request the
// page let go itself (an AbortError); and its scripts' and style sheets' loads.
(() => {
  const SIZES = {/* @SIZES@ */};
  const TICK_MS = 500;
  const MB = 1e6;
  const html = document.documentElement;
  const box = document.getElementById("loading");
  const bar = document.getElementById("loading-bar");
  const text = document.getElementById("loading-text");
  if (!box || !bar || !text) return;
  const base = new URL("./", document.currentScript?.src || location.href).href;

  // The page's language as the games pick it (cardkit.saved_prefs.starting_language):
  // ?lang= in the address, else the language in this game's saved settings, else
  // the browser's (Japanese for ja*, English for anything else).
  const language = () => {
    const params = new URLSearchParams(location.search);
    const asked = params.get("lang");
    if (asked === "ja" || asked === "en") return asked;
    const game = params.get("game") === "durak" ? "durak" : "napoleon";
    try {
      const scope = location.pathname.slice(0, location.pathname.lastIndexOf("/") + 1) || "/";
      const saved = localStorage.getItem(`${scope}${game}.prefs`);
      if (saved && saved.length <= 10_000) {
        const prefs = JSON.parse(saved);
        if (prefs && (prefs.language === "ja" || prefs.language === "en")) return prefs.language;
      }
    } catch {
      // storage refused or the settings unreadable: the games set them aside; so do we
    }
    return (navigator.language || "").toLowerCase().startsWith("ja") ? "ja" : "en";
  };

  const WORDS = {
    ja: {
      label: "読み込み",
      parts: { runtime: "Python 本体", stdlib: "標準ライブラリ", snapshot: "起動済みの Python",
               game: "ゲーム", page: "ページ" },
      loading: (names, left, total) => `${names}を読み込み中… 残り ${left} MB（全 ${total} MB）`,
      starting: "Python を起動中…",
      join: "、",
      failed: "読み込みに失敗しました",
      advice: "接続を確かめて、もう一度読み込んでください。",
      again: "もう一度読み込む",
    },
    en: {
      label: "Loading",
      parts: { runtime: "the Python runtime", stdlib: "the standard library",
               snapshot: "the started Python", game: "the game", page: "the page" },
      loading: (names, left, total) => `Loading ${names}… ${left} MB left of ${total} MB`,
      starting: "Starting Python…",
      join: ", ",
      failed: "The page could not load",
      advice: "Check the connection, then load the page again.",
      again: "Load again",
    },
  };
  const lang = language();
  const words = WORDS[lang];

  // An absolute URL's path in the site ("./pyodide/…"), or null for another place.
  const inSite = (href) => (href.startsWith(base)
    ? "./" + href.slice(base.length).split(/[?#]/)[0] : null);

  const part = (path) => {
    if (path.startsWith("./snapshot-")) return "snapshot";
    if (path.endsWith(".whl")) return "game";
    if (/python_stdlib(_first)?\.zip$/.test(path)) return "stdlib";
    if (path.startsWith("./pyodide/")) return "runtime";
    return "page";
  };

  const loaded = () => {
    const done = new Set();
    for (const entry of performance.getEntriesByType("resource")) {
      const path = inSite(entry.name);
      if (path === null) continue;
      // The runtime's compressed copy stands for it (its service worker, or the
      // page, downloads that one).
      // So does the standard library's first part for the whole archive (a page its
      // service worker serves fetches the whole one: runtime.mjs).
      const first = path.replace(/python_stdlib\.zip$/, "python_stdlib_first.zip");
      const sent = path + ".gz" in SIZES ? path + ".gz" : first in SIZES ? first : path;
      if (sent in SIZES) done.add(sent);
    }
    return done;
  };

  let failed = false;
  const fail = () => {
    if (failed || html.classList.contains("napoleon-ready")) return;
    failed = true;
    html.dataset.loading = "failed";
    const status = document.getElementById("status");
    if (status) status.textContent = words.failed;
    text.textContent = words.advice;
    text.setAttribute("role", "alert");
    // No bar stopped part way, and no button of the static page that could never act.
    bar.hidden = true;
    for (const button of document.querySelectorAll("button")) button.disabled = true;
    const again = document.createElement("button");
    again.type = "button";
    again.id = "loading-again";
    again.className = "btn small";
    again.textContent = words.again;
    again.addEventListener("click", () => location.reload());
    box.append(again);
  };
  // Whether a download of `url` is one whose failure stops the page (see the top).
  const watched = (url) => {
    let path = null;
    try {
      path = inSite(new URL(url, location.href).href);
    } catch {
      return false;
    }
    return path !== null && part(path) !== "snapshot";
  };
  const plainFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const asked = plainFetch(input, init);
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input?.url;
    if (failed || html.classList.contains("napoleon-ready") || !watched(url)) return asked;
    return asked.then((response) => {
      if (!response.ok) fail();
      return response;
    }, (error) => {
      if (error?.name !== "AbortError") fail();
      throw error;
    });
  };
  window.addEventListener("error", (event) => {
    const node = event.target;
    if (node instanceof HTMLScriptElement ? watched(node.src)
      : node instanceof HTMLLinkElement && node.rel === "stylesheet" && watched(node.href)) fail();
  }, true);

  let timer = null;
  const update = () => {
    if (html.classList.contains("napoleon-ready")) {
      // (A file that failed was not needed after all: the table is there.)
      clearInterval(timer);
      box.remove();
      delete html.dataset.loading;
      return;
    }
    if (failed) return;
    const done = loaded();
    const live = globalThis.napoleonLoading || {};
    let total = 0;
    let have = 0;
    const waiting = new Set();
    for (const [path, size] of Object.entries(SIZES)) {
      const kind = part(path);
      if (kind === "snapshot" && live.snapshotSkipped) continue;
      total += size;
      if (done.has(path)) have += size;
      else {
        // The two big downloads that runtime.mjs reads itself count as they arrive.
        const arriving = kind === "snapshot" ? live.snapshotBytes
          : path.endsWith(".wasm.gz") ? live.runtimeBytes : 0;
        have += Math.min(size, arriving || 0);
        waiting.add(words.parts[kind]);
      }
    }
    const mb = (n) => (n / MB).toFixed(1);
    bar.max = Math.max(total, 1);
    bar.value = Math.min(have, total);
    const message = waiting.size
      ? words.loading([...waiting].join(words.join), mb(total - have), mb(total))
      : words.starting;
    if (text.textContent !== message) text.textContent = message;
    bar.setAttribute("aria-valuetext", message);
  };

  bar.setAttribute("aria-label", words.label);
  box.lang = lang;
  update();
  timer = setInterval(update, TICK_MS);
})();
