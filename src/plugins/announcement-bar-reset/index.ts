import type {LoadContext, Plugin} from '@docusaurus/types';
import {announcementResetScript} from '../../lib/announcementBar';

/**
 * The theme's inline script hides a dismissed announcement bar before React
 * loads, but it does not look at the announcement id, so a *new* announcement
 * stays hidden for one page load after an old one was dismissed. This script runs
 * right after it and shows the bar when the stored id differs from the configured one.
 */
export default function announcementBarReset(context: LoadContext): Plugin {
  const bar = (context.siteConfig.themeConfig as {announcementBar?: {id?: string}}).announcementBar;
  return {
    name: 'announcement-bar-reset',
    injectHtmlTags() {
      if (!bar?.id) return {};
      return {preBodyTags: [{tagName: 'script', innerHTML: announcementResetScript(bar.id)}]};
    },
  };
}
