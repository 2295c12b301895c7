// Opens the page's localStorage while the Python runtime is still downloading and
// compiling, so that the first screen's reads (the saved preferences and match,
// cardkit.ui_dom.storage) do not pay for it: a fresh renderer's first access to
// localStorage loads the origin's storage area from the browser process, 5-16 ms
// in diagnostics.main_profile's cold loads, every later access ~0.1 ms. It reads
// nothing the page uses and changes nothing; a browser that refuses storage
// throws here, and the page says so later (PageStorage.failed).
try {
  void window.localStorage.length;
} catch {
  // reported by the page itself when it reads its settings
}
