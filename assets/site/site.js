// site.js: the published campaign's pages remember the reader's language, and print
// whole (every report opened). No request leaves the folder; nothing else runs.
"use strict";
(function () {
  const KEY = "dikast-lang";
  function stored() {
    try { return localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function store(lang) {
    try { localStorage.setItem(KEY, lang); } catch (e) { /* a browser that keeps nothing */ }
  }
  // A page opened in the other language than the one chosen before: go to its twin.
  const here = document.documentElement.lang;
  const want = stored();
  window.addEventListener("DOMContentLoaded", () => {
    const sw = document.querySelector("a.dk-lang");
    if (!sw) return;
    if (want && want !== here && sw.dataset.lang === want) {
      location.replace(sw.href);
      return;
    }
    sw.addEventListener("click", () => store(sw.dataset.lang));
  });
  // Printing shows every report, not only those opened.
  window.addEventListener("beforeprint", () => {
    for (const d of document.querySelectorAll("details")) d.open = true;
  });
})();
