// Registers the service worker (./sw.js) that keeps the site for offline play.
//
// It waits until Python has drawn the table (html.napoleon-ready), so the first
// visit downloads the runtime once for the page before the worker caches it
// (it revalidates, so the big files come from the browser's HTTP cache).
// On a page the service worker did not serve (a first visit), once the build is
// cached it starts ./code-cache.js, which ties the runtime's compiled code to the
// cached copy, so the next visit need not compile it again (that file says how).
// Markers on <html> (the tests wait for them; a player never needs them):
//   data-offline="<build>"  this build is cached: the game now starts with no network
//   data-update="<build>"   a newer build is cached and takes over at the next load
//   data-code-cache="attached|not-cached|failed"  what ./code-cache.js reported
//     (and a User Timing mark of that name: bench.wasm_code_cache places it in time)
(() => {
  if (!("serviceWorker" in navigator)) return;
  const html = document.documentElement;
  // Read before registering: a first visit stays uncontrolled (no clients.claim()).
  const servedByWorker = navigator.serviceWorker.controller !== null;

  // A page of the old build whose worker was replaced under it (a new build took
  // over from another tab) reloads at once: the new build's files never serve it.
  // The match in progress is saved after every action, so nothing is lost.
  if (servedByWorker) {
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
  }

  const askBuild = (worker) =>
    new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(String(event.data));
      worker.postMessage({ type: "build" }, [channel.port2]);
    });

  const watchInstalling = (registration) => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && registration.active) {
        askBuild(worker).then((build) => html.setAttribute("data-update", build));
      }
    });
  };

  const register = () => {
    navigator.serviceWorker
      .register("./sw.js")
      .then((registration) => {
        if (!registration) throw new Error("registration refused");
        if (registration.waiting) {
          askBuild(registration.waiting).then((build) => html.setAttribute("data-update", build));
        }
        watchInstalling(registration);
        registration.addEventListener("updatefound", () => watchInstalling(registration));
        return navigator.serviceWorker.ready;
      })
      .then((registration) => askBuild(registration.active))
      .then((build) => {
        html.setAttribute("data-offline", build);
        // Chromium only (navigator.userAgentData): what the worker relies on is
        // V8's; elsewhere it would only compile the runtime once more for nothing.
        if (!servedByWorker && navigator.userAgentData) attachCodeCache();
      })
      .catch((error) => console.warn("offline play unavailable:", error));
  };

  // The worker must live as long as the page (Chrome writes the code from its
  // thread, whenever the runtime has newly optimized code): a global keeps it from
  // being collected once idle. Nothing here can break the page.
  const attachCodeCache = () => {
    const report = (word) => {
      html.setAttribute("data-code-cache", word);
      performance.mark("napoleon-code-cache", { detail: word });
    };
    try {
      const worker = new Worker("./code-cache.js");
      worker.addEventListener("message", (event) => report(String(event.data)));
      worker.addEventListener("error", () => report("failed"));
      window.napoleonCodeCache = worker;
    } catch {
      report("failed");
    }
  };

  if (html.classList.contains("napoleon-ready")) {
    register();
    return;
  }
  const observer = new MutationObserver(() => {
    if (html.classList.contains("napoleon-ready")) {
      observer.disconnect();
      register();
    }
  });
  observer.observe(html, { attributes: true, attributeFilter: ["class"] });
})();
