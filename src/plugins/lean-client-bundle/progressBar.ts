// Client module that replaces @docusaurus/theme-classic's nprogress client module (see ./index.ts):
// the same progress bar on navigations that take over 200 ms, with nprogress loaded on the reader's
// first pointer over or focus on a link (or when a navigation starts) instead of in every page's
// first load.
import type {ClientModule} from '@docusaurus/types';
import '@docusaurus/theme-classic/lib/nprogress.css';
import {onFirstNavigationIntent} from '@site/src/lib/idle';

/** How long a navigation may take before the bar shows (the theme's delay). */
export const PROGRESS_DELAY_MS = 200;

/** What this module uses of nprogress (which has no types of its own). */
type NProgress = {configure(options: {showSpinner: boolean}): unknown; start(): unknown; done(): unknown};
let loading: Promise<NProgress> | undefined;
const load = () =>
  (loading ??= (import(/* webpackChunkName: "progress-bar" */ 'nprogress') as Promise<{default: NProgress}>).then(
    (m) => {
      const nprogress = m.default;
      nprogress.configure({showSpinner: false});
      return nprogress;
    },
    (error: unknown) => {
      // Tried again on the next navigation.
      loading = undefined;
      throw error;
    },
  ));

if (typeof document !== 'undefined') onFirstNavigationIntent(() => void load().catch(() => undefined));

/** The navigation in progress (a number per navigation), or 0 when none is. */
let pending = 0;
let navigations = 0;

const clientModule: ClientModule = {
  onRouteUpdate({location, previousLocation}) {
    if (!previousLocation || location.pathname === previousLocation.pathname) return undefined;
    const navigation = (pending = ++navigations);
    // Fetched at once, so that it is there when the delay is over; a failed load leaves no bar.
    const bar = load();
    bar.catch(() => undefined);
    const timeout = window.setTimeout(() => {
      void bar.then(
        (nprogress) => {
          if (pending === navigation) nprogress.start();
        },
        () => undefined,
      );
    }, PROGRESS_DELAY_MS);
    return () => window.clearTimeout(timeout);
  },
  onRouteDidUpdate() {
    pending = 0;
    void loading?.then(
      (nprogress) => nprogress.done(),
      () => undefined,
    );
  },
};
export default clientModule;
