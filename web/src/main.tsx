import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { router } from './app/router';
import './index.css';
import { startLanguage } from './shared/i18n/i18n';
import { startApp } from './shared/hooks/pwa';

// index.html has it; React itself refuses a missing one.
const container = document.getElementById('root') as HTMLElement;

startApp();

// English renders at once; Kiswahili first loads its dictionary (shared/i18n/i18n.ts), the one
// chunk app/kiswahili.ts makes of every part's words.
// A first view the server wrote is replaced once its code comes, which /first-view.js starts
// after the view has painted (internal/storefront/firstview.go); the page's own code must have
// come too, or the view would give way to a loading screen first. The render is a transition,
// which React does in slices: on a slow phone the first screen is already painted, and a
// page's render in one piece blocks taps for hundreds of milliseconds (docs/benchmarks.md).
void startLanguage(async () => (await import('./app/kiswahili')).sw).then(async () => {
  while (container.firstChild && !router.state.initialized) await new Promise((done) => router.subscribe(done));
  // The server wrote the page's title (internal/storefront/head.go) and each page of the app
  // writes its own, which React adds to the head: the server's goes, so the page has one.
  document.querySelector('title')?.remove();
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
});
