import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {isTrackingEnabled, validateTrackerSettings, type TrackerSettings} from '../../lib/pageView';

export type AnalyticsOptions = TrackerSettings;

/**
 * Sends one page view per route change to a self-hosted, Matomo-compatible
 * tracker. Without a tracker URL and site id it adds nothing to the site.
 */
export default function pageViewAnalytics(_context: LoadContext, rawOptions: unknown): Plugin {
  const options = (rawOptions ?? {}) as Partial<AnalyticsOptions>;
  const problems = validateTrackerSettings(options);
  if (problems.length > 0) {
    throw new Error(`page-view-analytics: ${problems.join('; ')}`);
  }
  const enabled = isTrackingEnabled(options);
  return {
    name: 'page-view-analytics',
    async contentLoaded({actions}) {
      actions.setGlobalData(enabled ? {trackerUrl: options.trackerUrl, siteId: options.siteId} : {});
    },
    getClientModules() {
      return enabled && process.env.NODE_ENV === 'production' ? [path.join(__dirname, 'client.ts')] : [];
    },
  };
}
