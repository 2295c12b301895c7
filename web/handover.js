// The handover page's script (web/sw.js, HANDOVER_PAGE). The old build's worker
// answered this navigation with an empty page and asked the new build's worker to
// take over. Load the game again once the new worker is *active*: a navigation made
// while the new worker was still activating (the page reloading itself at once,
// "Refresh: 0", as before) now and then never got an answer in Chromium under load
// (the old worker stopped under it) and the player was left on a blank page.
// A <meta> refresh in the page reloads it after a few seconds whatever happens here.
(() => {
  const workers = navigator.serviceWorker;
  let reloading = false;
  const reload = () => {
    if (!reloading) {
      reloading = true;
      location.reload();
    }
  };
  // The page's controller once the new worker took charge of it: reload when it is active.
  const whenActive = () => {
    const worker = workers.controller;
    if (!worker || worker.state === "activated") {
      reload();
      return;
    }
    worker.addEventListener("statechange", () => worker.state === "activated" && reload());
  };
  workers.addEventListener("controllerchange", whenActive);
  // The new worker may have taken over before this script ran: nothing is waiting then.
  workers.getRegistration().then((registration) => {
    if (!registration || !registration.waiting) whenActive();
  }, reload);
})();
