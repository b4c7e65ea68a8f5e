// Starts the app's code once the server's first view has painted: internal/storefront/firstview.go.
(function () {
  var me = document.currentScript, done = false;
  addEventListener('beforeinstallprompt', function (e) { e.preventDefault(); window.__shopInstallPrompt = e; }, { once: true });
  function start() {
    if (done) return;
    done = true;
    (me.getAttribute('data-preload') || '').split(' ').forEach(function (h) {
      if (!h) return;
      var l = document.createElement('link');
      l.rel = 'modulepreload'; l.crossOrigin = ''; l.href = h;
      document.head.appendChild(l);
    });
    var s = document.createElement('script');
    s.type = 'module'; s.crossOrigin = ''; s.src = me.getAttribute('data-app');
    document.head.appendChild(s);
  }
  function painted() { requestAnimationFrame(function () { requestAnimationFrame(start); }); }
  var p = document.querySelector('[data-first-view] img:not([loading="lazy"])');
  if (!p || p.complete) return painted();
  p.addEventListener('load', painted);
  p.addEventListener('error', painted);
  setTimeout(start, 3000);
})();
