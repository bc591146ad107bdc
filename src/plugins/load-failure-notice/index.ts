import type {Plugin} from '@docusaurus/types';
import {loadFailureScript} from '../../lib/loadFailure';

/**
 * When the page's code fails to load before hydration, Docusaurus leaves the server-rendered
 * HTML without a word. This inline script, in the head so it listens before any bundle
 * runs, shows the error text with a Retry button instead.
 */
export default function loadFailureNotice(): Plugin {
  return {
    name: 'load-failure-notice',
    injectHtmlTags() {
      return {headTags: [{tagName: 'script', innerHTML: loadFailureScript()}]};
    },
  };
}
