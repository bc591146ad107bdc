/**
 * Decides on each page load whether to register the service worker, so that a reader who never chose
 * offline reading downloads nothing for it: only when they kept a collection (remembered in
 * localStorage), when the site runs as an installed app, or when a service worker already controls the
 * page. The registration code is its own chunk (src/lib/offline/registration.ts), loaded only then.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {shouldRegister} from '../../lib/offline/optIn';

if (ExecutionEnvironment.canUseDOM && 'serviceWorker' in navigator) {
  const start = () =>
    import('../../lib/offline/registration')
      .then((r) => r.startOfflineReading())
      .catch((e: unknown) => {
        console.warn('Offline reading could not start', e);
      });
  if (
    shouldRegister({
      controlled: !!navigator.serviceWorker.controller,
      standalone: window.matchMedia('(display-mode: standalone)').matches,
      // Read through a function: with storage blocked, reading window.localStorage itself throws, which
      // shouldRegister catches (an error here would stop the whole app from starting).
      storage: {getItem: (key) => window.localStorage.getItem(key)},
    })
  )
    void start();
  // Installed from this page: the app keeps the page's collection too.
  window.addEventListener('appinstalled', () => {
    import('../../lib/offline/registration')
      .then((r) => r.keepCollectionOfThisPage(true))
      .catch((e: unknown) => console.warn('Offline reading could not start', e));
  });
}
