// Loads the app's code once the first view the server wrote into the page has painted, its first
// picture too (internal/storefront/firstview.go). On a slow link the stylesheet and that picture
// then have the connection to themselves, and the screen shows seconds before the code has come.
// A classic script (it reads document.currentScript), not bundled: the server names it only on
// pages with a first view.
(function () {
  var me = document.currentScript;
  // The browser may offer installing before the app's code has come: kept for the app
  // (web/src/lib/pwa.ts), which shows its own offer.
  window.addEventListener(
    'beforeinstallprompt',
    function (e) {
      e.preventDefault();
      window.__shopInstallPrompt = e;
    },
    { once: true },
  );
  var started = false;
  function start() {
    if (started) return;
    started = true;
    (me.getAttribute('data-preload') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = me.getAttribute('data-app');
    document.head.appendChild(app);
  }
  function afterPaint() {
    requestAnimationFrame(function () {
      requestAnimationFrame(start);
    });
  }
  var picture = document.querySelector('[data-first-view] img:not([loading="lazy"])');
  if (!picture || picture.complete) {
    afterPaint();
    return;
  }
  picture.addEventListener('load', afterPaint);
  picture.addEventListener('error', afterPaint);
  // A picture that never comes must not keep the shop from working.
  setTimeout(start, 3000);
})();
