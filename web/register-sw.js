// Registers the service worker (./sw.js) that keeps the site for offline play.
//
// It waits until Python has drawn the table (html.napoleon-ready), so the first
// visit downloads the runtime once for the page before the worker caches it
// (it revalidates, so the big files come from the browser's HTTP cache).
// Markers on <html> (the tests wait for them; a player never needs them):
//   data-offline="<build>"  this build is cached: the game now starts with no network
//   data-update="<build>"   a newer build is cached and takes over at the next load
(() => {
  if (!("serviceWorker" in navigator)) return;
  const html = document.documentElement;

  // A page of the old build whose worker was replaced under it (a new build took
  // over from another tab) reloads at once: the new build's files never serve it.
  // The match in progress is saved after every action, so nothing is lost.
  if (navigator.serviceWorker.controller) {
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
      .then((build) => html.setAttribute("data-offline", build))
      .catch((error) => console.warn("offline play unavailable:", error));
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
