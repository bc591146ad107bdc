import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type {ClientModule} from '@docusaurus/types';
import globalData from '@generated/globalData';
import {buildPageViewUrl, isTrackingEnabled, type TrackerSettings} from '../../lib/pageView';

const settings = (globalData['page-view-analytics'] as {default?: Partial<TrackerSettings>} | undefined)?.default;

const clientModule: ClientModule = {
  onRouteDidUpdate({location, previousLocation}) {
    if (!ExecutionEnvironment.canUseDOM || !isTrackingEnabled(settings)) return;
    // A hash change on the same page is not a new page view.
    if (previousLocation && previousLocation.pathname === location.pathname) return;
    // The page's <Head> sets the title in an animation frame after render (react-helmet-async);
    // a plain timeout can fire before that frame on a busy device and report the previous title.
    // Send after the next frame has run instead.
    window.requestAnimationFrame(() =>
      window.setTimeout(() => {
        const url = buildPageViewUrl(
          settings,
          {url: window.location.origin + location.pathname, title: document.title},
          Math.random(),
        );
        void fetch(url, {method: 'GET', mode: 'no-cors', credentials: 'omit', keepalive: true}).catch(() => {
          // A blocked or offline tracker must never disturb reading.
        });
      }, 0),
    );
  },
};

export default clientModule;
