import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { router } from './app/router';
import './index.css';
import { startLanguage } from './lib/i18n';
import { startApp } from './lib/pwa';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

startApp();

/**
 * The screen the server wrote for a slow phone to paint first (internal/storefront/firstview.go)
 * is left on screen until it has painted, its first picture too: the app's render replaces it.
 */
async function firstViewPainted(): Promise<void> {
  const view = document.querySelector('[data-first-view]');
  if (!view) return;
  const picture = view.querySelector<HTMLImageElement>('img:not([loading="lazy"])');
  await picture?.decode().catch(() => undefined);
  await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
}

// English renders at once; Kiswahili first loads its dictionary (lib/i18n.ts).
void Promise.all([startLanguage(), firstViewPainted()]).then(() => {
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
