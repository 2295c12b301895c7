// Registers the service worker (./sw.js) that keeps the site for offline play.
//
// A first visit in Chromium registers it as the page starts: its first install
// caches only the runtime's WebAssembly and then takes charge of this page, and
// ./runtime.mjs holds the page's own request for the runtime until it has (or has
// failed: window.napoleonRuntimeServed, below), so that the worker serves it from
// its cache and Chrome keeps the code the boot optimizes beside that copy: the
// next visit need not compile it again (web/README.md, "Offline play and installing").
// Every page, once Python has drawn the table (html.napoleon-ready), asks the
// active worker to cache the rest of the build ("complete"): nothing else
// competes with the page's boot, and a first visit downloads each file once for
// the page before the worker caches it (it revalidates, so the big files come
// from the browser's HTTP cache).
// Markers on <html> (the tests wait for them; a player never needs them):
//   data-offline="<build>"  this build is cached: the game now starts with no network
//   data-update="<build>"   a newer build is cached and takes over at the next load
(() => {
  if (!("serviceWorker" in navigator)) return;
  const html = document.documentElement;
  // Read before registering: a first visit is not served by a worker when it starts
  // (its first worker takes charge of it later, web/sw.js).
  const servedByWorker = navigator.serviceWorker.controller !== null;

  // A page of the old build whose worker was replaced under it (a new build took
  // over from another tab) reloads at once: the new build's files never serve it.
  // The match in progress is saved after every action, so nothing is lost.
  if (servedByWorker) {
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
  }

  // Ask a worker something; it answers on a port of its own.
  const ask = (worker, type) =>
    new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(String(event.data));
      worker.postMessage({ type }, [channel.port2]);
    });

  const watchInstalling = (registration) => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && registration.active) {
        ask(worker, "build").then((build) => html.setAttribute("data-update", build));
      }
    });
  };

  let registered = null;
  const register = () => {
    registered ??= navigator.serviceWorker.register("./sw.js").then((registration) => {
      if (!registration) throw new Error("registration refused");
      if (registration.waiting) {
        ask(registration.waiting, "build").then((build) => html.setAttribute("data-update", build));
      }
      watchInstalling(registration);
      registration.addEventListener("updatefound", () => watchInstalling(registration));
      return registration;
    });
    return registered;
  };

  const keepOffline = () => {
    register()
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => ask(registration.active, "complete"))
      .then((build) => {
        if (!/^[0-9a-f]+$/.test(build)) throw new Error(build);
        html.setAttribute("data-offline", build);
      })
      .catch((error) => console.warn("offline play unavailable:", error));
  };

  // Settles once this page is served by the worker (it claimed the page) or will
  // not be: the registration failed, or its new worker became active without
  // claiming it, or was discarded. RUNTIME_WAIT_MS is only a guard against a
  // worker that never settles: the page then fetches the runtime itself, as any
  // browser without this does (the worker's download, in the HTTP cache, is shared).
  const RUNTIME_WAIT_MS = 10_000;
  const runtimeServed = () =>
    new Promise((resolve) => {
      navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true });
      setTimeout(resolve, RUNTIME_WAIT_MS);
      register().then(
        (registration) => {
          const worker = registration.installing || registration.waiting || registration.active;
          const settled = () => !worker || ["activated", "redundant"].includes(worker.state);
          if (settled()) resolve();
          else worker.addEventListener("statechange", () => settled() && resolve());
        },
        () => resolve(),
      );
    });

  // Chromium only (navigator.userAgentData): Chrome keeps compiled WebAssembly
  // beside a response from Cache Storage; elsewhere waiting for the worker would
  // gain nothing.
  if (!servedByWorker && navigator.userAgentData) {
    window.napoleonRuntimeServed = runtimeServed();
    window.napoleonRuntimeServed.then(() => performance.mark("napoleon-runtime-served"));
  }

  if (html.classList.contains("napoleon-ready")) {
    keepOffline();
    return;
  }
  const observer = new MutationObserver(() => {
    if (html.classList.contains("napoleon-ready")) {
      observer.disconnect();
      keepOffline();
    }
  });
  observer.observe(html, { attributes: true, attributeFilter: ["class"] });
})();
